// Command costcheck compares `skewlab cost -format json` with modes'
// benchmarks (`go test -bench BenchmarkFloorSizes ./modes/`, the floor
// table `make bench` prints) at one size of the 4-ary tree: every rule on
// one thread and on all cores, and the floor, in ns per node. It prints
// one line per pair and exits 1 when any pair is further apart than the
// tolerance (the larger over the smaller, minus 1), 2 for bad input.
// With -json given more than once (one file per run of skewlab cost),
// each cost is the least over the files, as a name seen more than once
// in the bench output (-count) keeps the least of its values: load on
// the machine only ever slows an update down, so each side's fastest run
// is its least disturbed one, and a burst of load in one run does not
// decide the check. It is timing: run it
// on a quiet machine (make costcheck), never in CI.
//
//	costcheck -json cost.json [-json cost2.json ...] -bench bench.txt [-nodes 100000] [-tolerance 0.3]
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"skewlab/cost"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("costcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var jsonPaths []string
	fs.Func("json", "`FILE` written by skewlab cost -format json (more than once: the least of each cost over the files)", func(v string) error {
		jsonPaths = append(jsonPaths, v)
		return nil
	})
	benchPath := fs.String("bench", "", "`FILE` of go test -bench BenchmarkFloorSizes output")
	nodes := fs.Int("nodes", 100_000, "the size compared (the benchmark's n=)")
	tol := fs.Float64("tolerance", 0.3, "largest relative difference allowed: the larger over the smaller, minus 1")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if len(jsonPaths) == 0 || *benchPath == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "costcheck: want -json FILE (one or more) -bench FILE and nothing else")
		return 2
	}
	reps := make([]cost.Report, len(jsonPaths))
	for i, p := range jsonPaths {
		var err error
		if reps[i], err = readReport(p); err != nil {
			fmt.Fprintln(stderr, "costcheck:", err)
			return 2
		}
	}
	bf, err := os.Open(*benchPath)
	if err != nil {
		fmt.Fprintln(stderr, "costcheck:", err)
		return 2
	}
	defer bf.Close()
	bench, err := readBench(bf)
	if err != nil {
		fmt.Fprintln(stderr, "costcheck:", err)
		return 2
	}
	pairs, err := compareAll(reps, bench, *nodes)
	if err != nil {
		fmt.Fprintln(stderr, "costcheck:", err)
		return 2
	}
	bad := 0
	fmt.Fprintf(stdout, "%-32s %12s %12s %8s\n", fmt.Sprintf("4-ary tree, n=%d", *nodes), "cost ns/node", "bench", "apart")
	for _, p := range pairs {
		d := apart(p.cost, p.bench)
		verdict := "ok"
		if !(d <= *tol) {
			verdict, bad = "OFF", bad+1
		}
		fmt.Fprintf(stdout, "%-32s %12.1f %12.1f %7.0f%% %s\n", p.name, p.cost, p.bench, 100*d, verdict)
	}
	if bad > 0 {
		fmt.Fprintf(stdout, "costcheck: %d of %d costs more than %.0f%% apart\n", bad, len(pairs), 100**tol)
		return 1
	}
	fmt.Fprintf(stdout, "costcheck: all %d costs within %.0f%%\n", len(pairs), 100**tol)
	return 0
}

// pair is one cost measured both ways, in ns per node.
type pair struct {
	name        string
	cost, bench float64
}

// apart returns max(a, b)/min(a, b) - 1 (+Inf when either is not a
// positive number).
func apart(a, b float64) float64 {
	if !(a > 0) || !(b > 0) {
		return math.Inf(1)
	}
	return math.Max(a, b)/math.Min(a, b) - 1
}

// readReport reads skewlab cost's JSON.
func readReport(path string) (cost.Report, error) {
	var rep cost.Report
	b, err := os.ReadFile(path)
	if err != nil {
		return rep, err
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		return rep, fmt.Errorf("%s: %v", path, err)
	}
	return rep, nil
}

// readBench reads go test -bench output into ns per node by benchmark
// name (without the -GOMAXPROCS suffix): the ns/node metric of each
// line. A name seen twice (-count) keeps the least of its values.
func readBench(r io.Reader) (map[string]float64, error) {
	all := map[string][]float64{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		name := f[0]
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				name = name[:i]
			}
		}
		for i := 2; i+1 < len(f); i += 2 {
			if f[i+1] != "ns/node" {
				continue
			}
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				return nil, fmt.Errorf("benchmark line %q: %v", sc.Text(), err)
			}
			all[name] = append(all[name], v)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	out := map[string]float64{}
	for k, vs := range all {
		out[k] = slices.Min(vs)
	}
	return out, nil
}

// compareAll pairs every report with the benchmarks (compare) and keeps,
// for each pair, the least of the reports' costs. The reports must pair
// the same costs (the same rules, measured on the same threads).
func compareAll(reps []cost.Report, bench map[string]float64, nodes int) ([]pair, error) {
	var out []pair
	var costs [][]float64
	for i, rep := range reps {
		ps, err := compare(rep, bench, nodes)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			out, costs = ps, make([][]float64, len(ps))
		} else if len(ps) != len(out) {
			return nil, fmt.Errorf("the cost reports measure different costs (%d and %d)", len(out), len(ps))
		}
		for k, p := range ps {
			if p.name != out[k].name {
				return nil, fmt.Errorf("the cost reports measure different costs (%s and %s)", out[k].name, p.name)
			}
			costs[k] = append(costs[k], p.cost)
		}
	}
	for k := range out {
		out[k].cost = slices.Min(costs[k])
	}
	return out, nil
}

// compare pairs the report's 4-ary row of nodes with the benchmarks
// BenchmarkFloorSizes/n=NODES/MODE/serial and .../parallel, and the floor
// with .../floor/serial. Every rule of the report must have both
// benchmarks (its all-cores cost too, when the report has one); a missing
// row or benchmark is an error.
func compare(rep cost.Report, bench map[string]float64, nodes int) ([]pair, error) {
	var row *cost.RowReport
	for i := range rep.Rows {
		if rep.Rows[i].Shape == "4ary" && rep.Rows[i].Nodes == nodes {
			row = &rep.Rows[i]
		}
	}
	if row == nil {
		return nil, fmt.Errorf("the cost report has no 4ary row of %d nodes (skewlab cost -shapes 4ary -sizes %d)", nodes, nodes)
	}
	prefix := fmt.Sprintf("BenchmarkFloorSizes/n=%d/", nodes)
	get := func(name string) (float64, error) {
		v, ok := bench[prefix+name]
		if !ok {
			return 0, fmt.Errorf("no benchmark %s%s in the bench output", prefix, name)
		}
		return v, nil
	}
	var out []pair
	if row.Floor == nil {
		return nil, errors.New("the cost report's floor is not measured")
	}
	v, err := get("floor/serial")
	if err != nil {
		return nil, err
	}
	out = append(out, pair{"floor, 1 thread", row.Floor.NsPerNode, v})
	for _, r := range row.Rules {
		if r.Serial == nil {
			return nil, fmt.Errorf("the cost report's %s is not measured", r.Rule)
		}
		v, err := get(r.Rule + "/serial")
		if err != nil {
			return nil, err
		}
		out = append(out, pair{r.Rule + ", 1 thread", r.Serial.NsPerNode, v})
		if r.Parallel == nil {
			continue
		}
		if v, err = get(r.Rule + "/parallel"); err != nil {
			return nil, err
		}
		out = append(out, pair{r.Rule + ", all cores", r.Parallel.NsPerNode, v})
	}
	return out, nil
}

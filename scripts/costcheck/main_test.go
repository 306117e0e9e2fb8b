package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"skewlab/cost"
	"skewlab/modes"
)

// report returns a cost report of the 4-ary tree at 100,000 nodes whose
// floor costs floor ns per node and every rule serial (one thread) and
// parallel (all cores; 0 leaves it unmeasured).
func report(floor, serial, parallel float64) cost.Report {
	row := cost.RowReport{Shape: "4ary", Nodes: 100_000, Floor: &cost.MeasureReport{NsPerNode: floor}}
	for _, m := range modes.All {
		r := cost.RuleReport{Rule: m.Name, Serial: &cost.MeasureReport{NsPerNode: serial}}
		if parallel > 0 {
			r.Parallel = &cost.MeasureReport{NsPerNode: parallel}
		}
		row.Rules = append(row.Rules, r)
	}
	return cost.Report{Rules: modes.Names(), Rows: []cost.RowReport{row}}
}

// benchText returns go test -bench lines for BenchmarkFloorSizes at
// 100,000 nodes: the floor at floor ns per node, every rule at serial
// and parallel, as benchFloor prints them (ns/op, ns/node, floor-ns/node,
// x-floor, B/op, allocs/op), with the -2 GOMAXPROCS suffix.
func benchText(floor, serial, parallel float64) string {
	var b strings.Builder
	b.WriteString("goos: linux\ngoarch: amd64\npkg: skewlab/modes\ncpu: AMD EPYC\n")
	line := func(name string, v float64) {
		b.WriteString("BenchmarkFloorSizes/n=100000/" + name + "-2   \t     100\t   2500000 ns/op\t")
		b.WriteString(jsonNum(v) + " ns/node\t" + jsonNum(floor) + " floor-ns/node\t 1.000 x-floor\t       0 B/op\t       0 allocs/op\n")
	}
	line("floor/serial", floor)
	line("floor/parallel", floor/2)
	for _, m := range modes.All {
		line(m.Name+"/serial", serial)
		line(m.Name+"/parallel", parallel)
	}
	b.WriteString("PASS\nok  \tskewlab/modes\t40.1s\n")
	return b.String()
}

func jsonNum(v float64) string { b, _ := json.Marshal(v); return string(b) }

// files writes the report and the bench text into a temporary folder and
// returns their paths.
func files(t *testing.T, rep cost.Report, bench string) (string, string) {
	dir := t.TempDir()
	js, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	jp, bp := filepath.Join(dir, "cost.json"), filepath.Join(dir, "bench.txt")
	if err := os.WriteFile(jp, js, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bp, []byte(bench), 0o644); err != nil {
		t.Fatal(err)
	}
	return jp, bp
}

// Within the tolerance the check passes, one line per cost (the floor,
// every rule on one thread and on all cores); a cost 1.35 times the
// benchmark's (35% apart) fails it at 30% and passes at 40%; a rule the
// report has on one thread only is compared on one thread only.
func TestCostcheck(t *testing.T) {
	for _, c := range []struct {
		name          string
		rep           cost.Report
		bench         string
		tol           string
		code, pairs   int
		want, notWant string
	}{
		{"agree", report(20, 40, 25), benchText(22, 36, 30), "0.3", 0, 1 + 2*len(modes.All), "all 21 costs within 30%", "OFF"},
		{"one 35% apart", report(20, 40*1.35, 25), benchText(20, 40, 25), "0.3", 1, 1 + 2*len(modes.All), "10 of 21 costs more than 30% apart", ""},
		{"35% apart, 40% allowed", report(20, 40*1.35, 25), benchText(20, 40, 25), "0.4", 0, 1 + 2*len(modes.All), "within 40%", "OFF"},
		{"bench lower", report(20, 40, 25), benchText(20, 40/1.35, 25), "0.3", 1, 1 + 2*len(modes.All), "accumulate-trs, 1 thread", ""},
		{"one thread only", report(20, 40, 0), benchText(20, 40, 25), "0.3", 0, 1 + len(modes.All), "all 11 costs", "all cores"},
	} {
		jp, bp := files(t, c.rep, c.bench)
		var out, errb bytes.Buffer
		code := run([]string{"-json", jp, "-bench", bp, "-tolerance", c.tol}, &out, &errb)
		lines := strings.Count(out.String(), "\n") - 2 // the header and the verdict
		if code != c.code || lines != c.pairs || !strings.Contains(out.String(), c.want) || (c.notWant != "" && strings.Contains(out.String(), c.notWant)) {
			t.Errorf("%s: exit %d (want %d), %d lines (want %d), output:\n%s%s", c.name, code, c.code, lines, c.pairs, out.String(), errb.String())
		}
	}
}

// Given several reports, each cost is the least of them: two runs 3
// times slower among three do not fail the check, three do; a run faster
// than the benchmark by more than the tolerance fails it whatever the
// others say.
func TestCostcheckLeastOfRuns(t *testing.T) {
	for _, c := range []struct {
		name string
		runs []float64 // every rule's one-thread cost in each report
		code int
		want string
	}{
		{"two slow runs of three", []float64{120, 41, 125}, 0, "all 21 costs within 30%"},
		{"three slow runs", []float64{120, 130, 125}, 1, "10 of 21 costs more than 30% apart"},
		{"one run too fast", []float64{40, 25, 41}, 1, "10 of 21 costs more than 30% apart"},
	} {
		args := []string{}
		var bp string
		for _, v := range c.runs {
			var jp string
			jp, bp = files(t, report(20, v, 25), benchText(20, 40, 25))
			args = append(args, "-json", jp)
		}
		var out, errb bytes.Buffer
		code := run(append(args, "-bench", bp), &out, &errb)
		if code != c.code || !strings.Contains(out.String(), c.want) {
			t.Errorf("%s: exit %d (want %d), output:\n%s%s", c.name, code, c.code, out.String(), errb.String())
		}
	}
}

// A report without the row, or bench output without a rule's
// benchmark, is bad input (exit 2) naming what is missing.
func TestCostcheckMissing(t *testing.T) {
	rep := report(20, 40, 25)
	rep.Rows[0].Nodes = 10_000
	jp, bp := files(t, rep, benchText(20, 40, 25))
	var out, errb bytes.Buffer
	if code := run([]string{"-json", jp, "-bench", bp}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "no 4ary row of 100000 nodes") {
		t.Errorf("no row: exit %d, %q", code, errb.String())
	}
	bench := strings.ReplaceAll(benchText(20, 40, 25), "maya-ssc/parallel", "maya-ssc/elsewhere")
	jp, bp = files(t, report(20, 40, 25), bench)
	errb.Reset()
	if code := run([]string{"-json", jp, "-bench", bp}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "BenchmarkFloorSizes/n=100000/maya-ssc/parallel") {
		t.Errorf("no benchmark: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"-json", jp}, &out, &errb); code != 2 {
		t.Errorf("no -bench: exit %d", code)
	}
}

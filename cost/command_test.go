package cost

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"skewlab/internal/testkit"
	"skewlab/modes"
)

// runCost runs `skewlab cost` with args and returns its exit status,
// stdout and stderr.
func runCost(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := runCommand(args, &out, &errb)
	return code, out.String(), errb.String()
}

// `skewlab cost -format json` parses; its rule list is modes.All's names
// in order, and so is every row's; keys are camelCase; every cost is a
// positive number with its frame time, rate and floor ratio consistent:
// frameMs = nsPerNode * nodes / 1e6, fps = 1000 / frameMs, xFloor =
// nsPerNode / the floor's. The "Done when" check.
func TestCostJSON(t *testing.T) {
	code, out, errs := runCost("-sizes", "10,1e2", "-shapes", "chain", "-workers", "1", "-format", "json")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	testkit.CheckCamelKeys(t, []byte(out))
	var rep Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rep.Rules, modes.Names()) || len(rep.Rules) != len(modes.All) {
		t.Fatalf("rules %v, want modes.All %v", rep.Rules, modes.Names())
	}
	if len(rep.Rows) != 2 || rep.Rows[0].Nodes != 10 || rep.Rows[1].Nodes != 100 || rep.Rows[0].Shape != "chain" {
		t.Fatalf("rows %+v, want chain at 10 and 100", rep.Rows)
	}
	if rep.ParallelThreads != 0 || rep.FrameMs != 1000.0/60 {
		t.Errorf("parallelThreads %d, frameMs %v", rep.ParallelThreads, rep.FrameMs)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Abs(b) }
	check := func(what string, m *MeasureReport, r RowReport) {
		t.Helper()
		if m == nil {
			t.Fatalf("%s at %d: null", what, r.Nodes)
		}
		if !(m.NsPerNode > 0) || math.IsInf(m.NsPerNode, 0) || m.Samples < 3 || m.Calls < m.Samples ||
			!near(m.FrameMs, m.NsPerNode*float64(r.Nodes)/1e6) || !near(m.FPS, 1000/m.FrameMs) || !near(m.XFloor, m.NsPerNode/r.Floor.NsPerNode) {
			t.Errorf("%s at %d: %+v", what, r.Nodes, *m)
		}
	}
	for _, r := range rep.Rows {
		check("floor", r.Floor, r)
		check("stored floor", r.StoredFloor, r)
		names := make([]string, len(r.Rules))
		for i, rr := range r.Rules {
			names[i] = rr.Rule
			check(rr.Rule, rr.Serial, r)
			if rr.Parallel != nil {
				t.Errorf("%s: an all-cores cost with -workers 1", rr.Rule)
			}
		}
		if !slices.Equal(names, modes.Names()) {
			t.Errorf("row %d's rules %v", r.Nodes, names)
		}
	}
	if len(rep.Claims) != len(Claims) {
		t.Fatalf("%d claims", len(rep.Claims))
	}
	for i, c := range rep.Claims {
		if c.Quote != Claims[i].Quote || c.File != Claims[i].File || c.Ratio == nil || !(*c.Ratio > 0) || c.Nodes != 100 {
			t.Errorf("claim %+v", c)
		}
	}
}

// The text, Markdown and CSV writers put out every rule and the floors,
// at every size, and the claims with their sources; the CSV has one line
// per cost measured.
func TestCostFormats(t *testing.T) {
	b, err := NewBench(Config{Sizes: []int{10, 20}, Shapes: []string{"4ary"}, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	b.clock = fakeClock(time.Millisecond) // 50,000 and 25,000 ns per node
	for b.Step(time.Second) {
	}
	var text, md, csv bytes.Buffer
	if err := WriteTable(&text, b); err != nil {
		t.Fatal(err)
	}
	if err := WriteMarkdown(&md, b); err != nil {
		t.Fatal(err)
	}
	if err := WriteCSV(&csv, b); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{text.String(), md.String()} {
		for _, want := range append(modes.Names(), "floor", "stored floor", "4-ary tree, 10 nodes", "4-ary tree, 20 nodes",
			"50000.0", "25000.0", "1.00", "seed 004", "004_eb16e8151dc4e1d1.txt", Claims[0].Quote, "+0 %", "1.00x", "measured on the 4-ary tree of 20 nodes") {
			if !strings.Contains(s, want) {
				t.Errorf("output lacks %q:\n%s", want, s)
			}
		}
	}
	if !strings.Contains(md.String(), "| rule | 1 thread, ns/node |") {
		t.Error("markdown lacks its table header")
	}
	lines := strings.Split(strings.TrimSpace(csv.String()), "\n")
	if want := 1 + 2*(2+len(modes.All)); len(lines) != want {
		t.Fatalf("%d CSV lines, want %d", len(lines), want)
	}
	// 20 nodes at 25,000 ns per node: 0.5 ms a frame, 2,000 a second.
	if want := fmt.Sprintf("4ary,20,accumulate-trs,1,25000,0.5,2000,1,%d,%d", maxSamples, 2*maxSamples); !slices.Contains(lines, want) {
		t.Errorf("CSV lacks %q: %q", want, lines)
	}
}

// A bad command line is one line on stderr, exit 2, nothing on stdout;
// -h prints the usage on stdout, exit 0.
func TestCostBadCommandLines(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-sizes", "abc"}, `"abc"`},
		{[]string{"-sizes", "5"}, "from 10 to 1000000"},
		{[]string{"-sizes", "2e6"}, "from 10 to 1000000"},
		{[]string{"-sizes", "100.5"}, "whole number"},
		{[]string{"-sizes", ""}, `""`},
		{[]string{"-sizes", "100,,1000"}, `""`},
		{[]string{"-shapes", "tree"}, `unknown shape "tree"`},
		{[]string{"-shapes", "chain,chain"}, "twice"},
		{[]string{"-workers", "-1"}, "workers"},
		{[]string{"-workers", "x"}, "workers"},
		{[]string{"-format", "yaml"}, `unknown -format "yaml"`},
		{[]string{"-time", "5ms"}, "from 10ms to 1m0s"},
		{[]string{"-time", "2m"}, "from 10ms to 1m0s"},
		{[]string{"-time", "soon"}, `"soon"`},
		{[]string{"stray"}, `unexpected argument "stray"`},
		{[]string{"-nope"}, "nope"},
	} {
		code, out, errs := runCost(c.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errs, "skewlab: cost: ") || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q (want %q)", c.args, code, out, errs, c.want)
		}
	}
	code, out, errs := runCost("-h")
	if code != 0 || errs != "" || !strings.HasPrefix(out, "usage: skewlab cost") || !strings.Contains(out, "-sizes") {
		t.Errorf("-h: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// The claims quote the seeds word for word: each quote is in its seed
// file (where the seeds are on this machine; the repository does not
// carry them).
func TestClaimsQuoteTheSeeds(t *testing.T) {
	dir := "/work/shared/seeds"
	if _, err := os.Stat(dir); err != nil {
		t.Skip("the seed documents are not on this machine")
	}
	for _, c := range Claims {
		b, err := os.ReadFile(filepath.Join(dir, c.File))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), c.Quote) {
			t.Errorf("claim %s: %q is not in %s", c.Tag, c.Quote, c.File)
		}
		if !strings.HasPrefix(c.File, strings.TrimPrefix(c.Seed, "seed ")+"_") {
			t.Errorf("claim %s: %s is not %s's file", c.Tag, c.File, c.Seed)
		}
	}
}

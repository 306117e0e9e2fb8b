package cost

import (
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/scene"
)

// fakeClock returns a clock that moves on by step every time it is read,
// so a Bench's sampling is exact and independent of the machine.
func fakeClock(step time.Duration) func() time.Duration {
	var t time.Duration
	return func() time.Duration { t += step; return t }
}

// fakePool is an all-cores pool that runs the rule on one thread and
// counts what it is asked.
type fakePool struct {
	workers, calls, closed int
}

func (p *fakePool) Workers() int { return p.workers }
func (p *fakePool) Affine(m modes.Mode, nodes []scene.Node, ws *modes.Workspace, out []mgl64.Mat3x4) {
	p.calls++
	m.Affine(nodes, ws, out)
}
func (p *fakePool) Close() { p.closed++ }

// withPool installs a newPool that makes fake pools, recorded in *made,
// for the test's duration.
func withPool(t *testing.T, made *[]*fakePool) {
	old := newPool
	newPool = func(w int) pool {
		p := &fakePool{workers: w}
		*made = append(*made, p)
		return p
	}
	t.Cleanup(func() { newPool = old })
}

// With a clock that moves 1 ms per reading, every cell's warm-up update
// reads 1 ms, so its batches are batchTarget/1 ms = 2 updates, each
// batch reads 1 ms, the cell never reaches cellTarget and takes
// maxSamples batches: every cost is 1 ms / 2 / nodes exactly.
func TestBenchSamplesByTheRules(t *testing.T) {
	var made []*fakePool
	withPool(t, &made)
	b, err := NewBench(Config{Sizes: []int{10, 100}, Shapes: []string{"4ary", "chain"}, Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	b.clock = fakeClock(time.Millisecond)
	if b.AllCores() != 3 {
		t.Fatalf("AllCores %d, want 3", b.AllCores())
	}
	nr := len(modes.All)
	if want := 2 * 2 * (2 + 2*nr); len(b.plan) != want {
		t.Fatalf("%d cells planned, want %d", len(b.plan), want)
	}
	last := -1.0
	for steps := 0; b.Step(5 * time.Millisecond); steps++ {
		if p := b.Progress(); p < last || p > 1 {
			t.Fatalf("progress went from %v to %v", last, p)
		} else {
			last = p
		}
		if steps > 10000 {
			t.Fatal("the plan does not end")
		}
	}
	if b.Progress() != 1 {
		t.Errorf("progress %v when done", b.Progress())
	}
	check := func(what string, m Measure, n int) {
		t.Helper()
		want := 1e6 / 2 / float64(n)
		if m.Samples != maxSamples || m.Calls != 2*maxSamples || m.NsPerNode != want {
			t.Errorf("%s at %d nodes: %+v, want %d samples of 2 calls at %v ns/node", what, n, m, maxSamples, want)
		}
	}
	for _, r := range b.Rows() {
		check(r.Shape+" floor", r.Floor, r.Nodes)
		check(r.Shape+" stored floor", r.Stored, r.Nodes)
		for k := range modes.All {
			check(r.Shape+" "+modes.All[k].Name, r.Serial[k], r.Nodes)
			check(r.Shape+" "+modes.All[k].Name+" all cores", r.Parallel[k], r.Nodes)
		}
	}
	// One pool, started at the first all-cores cell, asked 2 * 16 updates
	// per cell (the warm-up and 15 batches of 2), closed when done.
	if len(made) != 1 || made[0].workers != 3 || made[0].closed != 1 {
		t.Fatalf("pools %+v, want one of 3 workers closed once", made)
	}
	if want := 2 * 2 * nr * (1 + 2*maxSamples); made[0].calls != want {
		t.Errorf("the pool ran %d updates, want %d", made[0].calls, want)
	}
}

// One thread only (Workers 1): no all-cores cells, no pool, and the
// all-cores costs stay NaN.
func TestBenchOneThread(t *testing.T) {
	var made []*fakePool
	withPool(t, &made)
	b, err := NewBench(Config{Sizes: []int{10}, Shapes: []string{"chain"}, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	b.clock = fakeClock(time.Millisecond)
	for b.Step(time.Second) {
	}
	r := b.Rows()[0]
	if b.AllCores() != 0 || len(b.plan) != 2+len(modes.All) || !math.IsNaN(r.Parallel[0].NsPerNode) || r.Parallel[0].Done() || !r.Serial[0].Done() {
		t.Errorf("all cores %d, %d cells, parallel %+v", b.AllCores(), len(b.plan), r.Parallel[0])
	}
	if len(made) != 0 {
		t.Errorf("%d pools made for one thread", len(made))
	}
}

// Bad configurations are refused with a message naming the problem.
func TestConfigValidate(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{Shapes: []string{"4ary"}}, "no sizes"},
		{Config{Sizes: []int{9}, Shapes: []string{"4ary"}}, "size 9 is outside 10 to 1000000"},
		{Config{Sizes: []int{1_000_001}, Shapes: []string{"4ary"}}, "outside"},
		{Config{Sizes: []int{100, 100}, Shapes: []string{"4ary"}}, "ascend"},
		{Config{Sizes: []int{100, 10}, Shapes: []string{"4ary"}}, "ascend"},
		{Config{Sizes: []int{100}}, "no shapes"},
		{Config{Sizes: []int{100}, Shapes: []string{"tree"}}, `unknown shape "tree"`},
		{Config{Sizes: []int{100}, Shapes: []string{"chain", "chain"}}, "twice"},
		{Config{Sizes: []int{100}, Shapes: []string{"chain"}, Workers: -1}, "workers"},
	} {
		err := c.cfg.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error containing %q", c.cfg, err, c.want)
		}
		if _, err := NewBench(c.cfg); err == nil {
			t.Errorf("NewBench(%+v) accepted it", c.cfg)
		}
	}
	if err := DefaultConfig().Validate(); err != nil {
		t.Error(err)
	}
}

// On the real clock a small bench ends with every cost measured,
// positive and finite (how large is the machine's business).
func TestBenchRealClock(t *testing.T) {
	b, err := NewBench(Config{Sizes: []int{10, 200}, Shapes: Shapes, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for b.Step(10 * time.Millisecond) {
	}
	for _, r := range b.Rows() {
		for _, m := range append([]Measure{r.Floor, r.Stored}, r.Serial...) {
			if !(m.NsPerNode > 0) || math.IsInf(m.NsPerNode, 0) || m.Samples < minSamples {
				t.Errorf("%s %d: %+v", r.Shape, r.Nodes, m)
			}
		}
	}
}

// Once a cell's buffers have grown, a Step of timed batches allocates
// nothing.
func TestBenchStepAllocatesNothing(t *testing.T) {
	b, err := NewBench(Config{Sizes: []int{1000}, Shapes: []string{"4ary"}, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	b.clock = fakeClock(time.Millisecond) // batches of 2 updates
	for b.next < 3 {                      // into the first rule: nodes, both floors' buffers, out grown
		b.Step(time.Millisecond)
	}
	b.Step(time.Millisecond)
	if a := testing.AllocsPerRun(20, func() { b.Step(0) }); a != 0 {
		t.Errorf("%v allocations per Step, want 0", a)
	}
}

// The claims are read at the size nearest 10^5 whose one-thread costs
// are all measured, and each Ratio is its two costs' quotient.
func TestClaimRow(t *testing.T) {
	b, err := NewBench(Config{Sizes: []int{1000, 10_000, 1_000_000}, Shapes: []string{"4ary"}, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if b.ClaimRow("4ary") != nil {
		t.Fatal("a claim row before anything was measured")
	}
	fill := func(r *Row) {
		r.Floor, r.Stored = Measure{NsPerNode: 20, Samples: 3}, Measure{NsPerNode: 16, Samples: 3}
		for k := range r.Serial {
			r.Serial[k] = Measure{NsPerNode: float64(10 * (k + 1)), Samples: 3}
		}
	}
	fill(&b.rows[0])
	if r := b.ClaimRow("4ary"); r == nil || r.Nodes != 1000 {
		t.Fatalf("claim row %+v, want the only one measured, 1000", r)
	}
	fill(&b.rows[2])
	if r := b.ClaimRow("4ary"); r == nil || r.Nodes != 1_000_000 {
		t.Fatalf("claim row %v, want 10^6 (a decade from 10^5; 10^3 is two)", r.Nodes)
	}
	fill(&b.rows[1])
	if r := b.ClaimRow("4ary"); r == nil || r.Nodes != 1_000_000 {
		t.Fatalf("claim row %v, want 10^6 (a tie with 10^4 goes to the larger)", r.Nodes)
	}
	r := b.ClaimRow("4ary")
	ss, am, uis := modes.Index("skew-stripping"), modes.Index("accumulate-matrices"), modes.Index("uniform-inner-scale")
	for i, want := range []float64{20.0 / 16, float64(ss+1) / float64(am+1), float64(uis+1) / float64(am+1)} {
		if got := Claims[i].Ratio(r); got != want {
			t.Errorf("claim %s: ratio %v, want %v", Claims[i].Tag, got, want)
		}
	}
	if b.ClaimRow("chain") != nil {
		t.Error("a claim row of a shape not measured")
	}
}

// Settle runs untimed updates at the start of each Step: the costs stay
// what the timed batches say (1 ms / 2 / nodes on the fake clock), and
// the kernel runs more often than it is timed.
func TestBenchSettle(t *testing.T) {
	var made []*fakePool
	withPool(t, &made)
	var calls [2]int
	for i, settle := range []time.Duration{0, 3 * time.Millisecond} {
		b, err := NewBench(Config{Sizes: []int{10}, Shapes: []string{"4ary"}, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		b.clock, b.Settle = fakeClock(time.Millisecond), settle
		for b.Step(4 * time.Millisecond) {
		}
		r := b.Rows()[0]
		for k := range r.Parallel {
			if m := r.Parallel[k]; m.NsPerNode != 1e6/2/10 || m.Calls != 2*maxSamples {
				t.Errorf("settle %v, rule %d all cores: %+v", settle, k, m)
			}
		}
		calls[i] = made[len(made)-1].calls
	}
	if calls[1] <= calls[0] {
		t.Errorf("the pool ran %d updates with Settle, %d without: want more with", calls[1], calls[0])
	}
}

// On modes' real worker pool, a size it splits (at least
// modes.DefaultParallelMin nodes), a Step of all-cores batches allocates
// nothing once the plan is made, and the pool is closed when done.
func TestBenchPoolStepAllocatesNothing(t *testing.T) {
	b, err := NewBench(Config{Sizes: []int{modes.DefaultParallelMin + 2000}, Shapes: []string{"4ary"}, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	b.clock = fakeClock(time.Millisecond)
	for !b.plan[b.next].parallel || !b.cur.warmed {
		b.Step(0)
	}
	b.Step(0)
	if a := testing.AllocsPerRun(20, func() { b.Step(0) }); a != 0 {
		t.Errorf("%v allocations per all-cores Step, want 0", a)
	}
	for b.Step(time.Second) {
	}
	if b.pool != nil {
		t.Error("the pool is still open when done")
	}
}

// A coarse clock (a browser's moves in steps of 0.1 ms, longer than an
// update of 1,000 nodes) still gives batches of about batchTarget: here
// it moves 1 ms every 100 readings, so the warm-up runs about 99
// updates before it sees 1 ms pass, each about 10 us, and a batch is
// about 2 ms / 10 us = 200 updates (one reading once made it 2 ms / 1 ns,
// two million updates: a page frozen for minutes).
func TestBenchCoarseClock(t *testing.T) {
	b, err := NewBench(Config{Sizes: []int{10}, Shapes: []string{"4ary"}, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	readings := 0
	b.clock = func() time.Duration { readings++; return time.Duration(readings/100) * time.Millisecond }
	for !b.cur.warmed {
		b.Step(0)
	}
	if b.cur.per < 100 || b.cur.per > 400 {
		t.Errorf("a batch of %d updates, want about 200", b.cur.per)
	}
}

// A long CellTime lengthens the batches instead of their number: with a
// clock that moves 1 ms per reading (so the warm-up reads 1 ms an
// update) and CellTime 2 s, a batch is 2 s / (maxSamples-5) = 100 ms =
// 100 updates; the batches stay at most maxSamples.
func TestBenchLongCellTime(t *testing.T) {
	b, err := NewBench(Config{Sizes: []int{10}, Shapes: []string{"4ary"}, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	readings := 0
	b.clock = func() time.Duration { readings++; return time.Duration(readings) * time.Millisecond }
	b.CellTime = 2 * time.Second
	for !b.cur.warmed {
		b.Step(0)
	}
	if b.cur.per != 100 {
		t.Fatalf("a batch of %d updates, want 2 s / 20 / 1 ms = 100", b.cur.per)
	}
	for b.next == 0 {
		b.Step(0)
	}
	if m := b.rows[0].Floor; m.Samples > maxSamples || m.Calls != 100*m.Samples {
		t.Errorf("the floor took %d batches of %d updates in all, want at most %d of 100", m.Samples, m.Calls, maxSamples)
	}
}

// A rehearsal measures the floors and every rule on the first shape's
// smallest size first and forgets it: the plan is that much longer, it
// says "warm-up" meanwhile, and the costs are those of the plan alone.
func TestBenchRehearse(t *testing.T) {
	c := Config{Sizes: []int{10, 20}, Shapes: []string{"chain"}, Workers: 1}
	plain, err := NewBench(c)
	if err != nil {
		t.Fatal(err)
	}
	c.Rehearse = true
	b, err := NewBench(c)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.plan) != len(plain.plan)+2+len(modes.All) {
		t.Fatalf("%d cells with a rehearsal, %d without", len(b.plan), len(plain.plan))
	}
	b.clock = fakeClock(time.Millisecond)
	if shape, nodes, what, par := b.Current(); shape != "chain" || nodes != 10 || what != "warm-up" || par {
		t.Errorf("first %s %d %s %v, want the chain's warm-up at 10", shape, nodes, what, par)
	}
	for b.next < 2+len(modes.All) { // through the rehearsal
		b.Step(0)
	}
	if r := b.Rows()[0]; r.Floor.Done() || r.Serial[0].Done() {
		t.Errorf("the rehearsal was kept: %+v", r.Floor)
	}
	for b.Step(time.Second) {
	}
	for _, r := range b.Rows() {
		if m := r.Serial[len(modes.All)-1]; m.Samples != maxSamples {
			t.Errorf("%d nodes: %+v after the rehearsal", r.Nodes, m)
		}
	}
}

// The next shape starts with a fresh workspace: modes.Pool keeps its
// plan there, and a chain's plan (one thread) kept for a tree of the same
// size would time the tree's all-cores cells on one thread.
func TestBenchNewShapeNewWorkspace(t *testing.T) {
	b, err := NewBench(Config{Sizes: []int{100}, Shapes: []string{"chain", "4ary"}, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	b.clock = fakeClock(time.Millisecond)
	for {
		if shape, _, _, _ := b.Current(); shape == "4ary" {
			break
		}
		b.Step(0)
	}
	if reflect.DeepEqual(b.ws, modes.Workspace{}) {
		t.Fatal("the chain's rules left the workspace empty: the test shows nothing")
	}
	b.Step(0) // the tree's first unit
	if !reflect.DeepEqual(b.ws, modes.Workspace{}) {
		t.Error("the tree starts with the chain's workspace")
	}
}

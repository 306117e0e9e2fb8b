package modes

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/internal/bigscene"
	"skewlab/scene"
)

func bigNodes(t testing.TB, n int, shape string) []scene.Node {
	nodes, err := bigscene.Nodes(n, shape)
	if err != nil {
		t.Fatal(err)
	}
	return nodes
}

// checkPlan fails t unless pl is a valid split of nodes: every node
// owned by the top or one worker; a top node's parent in the top; any
// other node's parent in the top or with the same worker; the runs cover
// every node once, in order, each run within one owner.
func checkPlan(t *testing.T, pl *plan, nodes []scene.Node) (loads []int) {
	t.Helper()
	loads = make([]int, pl.workers+1)
	for i := range nodes {
		o := pl.owner[i]
		if int(o) > pl.workers {
			t.Fatalf("node %d owned by %d of %d workers", i, o, pl.workers)
		}
		loads[o]++
		if q := nodes[i].Parent; q >= 0 && pl.owner[q] != 0 && pl.owner[q] != o {
			t.Fatalf("node %d (worker %d) has parent %d of worker %d", i, o, q, pl.owner[q])
		}
	}
	seen := make([]bool, len(nodes))
	for w, runs := range pl.runs {
		last := int32(-1)
		for _, s := range runs {
			if s.lo < last || s.lo >= s.hi {
				t.Fatalf("worker %d: run %v out of order", w, s)
			}
			last = s.hi
			for i := s.lo; i < s.hi; i++ {
				if seen[i] || int(pl.owner[i]) != w {
					t.Fatalf("node %d in a run of worker %d (owner %d, seen %v)", i, w, pl.owner[i], seen[i])
				}
				seen[i] = true
			}
		}
	}
	for i, s := range seen {
		if !s {
			t.Fatalf("node %d in no run", i)
		}
	}
	return loads
}

// The plan splits a 4-ary tree, a wide star and a forest of two trees
// into valid, balanced parts (no worker above 55% of the nodes with 2
// workers, 40% with 3; the top under 1/64), and leaves a chain serial,
// and the benchmark hierarchy of BenchmarkWorldUpdate too (each node's
// parent one of the 16 before it: about n/8 deep, one lineage holds
// nearly every node).
func TestPlanSplitsBalanced(t *testing.T) {
	star := make([]scene.Node, 20000)
	for i := range star {
		star[i] = scene.Node{Parent: min(i-1, 0)}
	}
	scenes := map[string][]scene.Node{
		"4ary": bigNodes(t, 100_000, "4ary"),
		"star": star,
		"forest": append(bigNodes(t, 5000, "4ary"), func() []scene.Node {
			more := bigNodes(t, 5000, "4ary")
			for i := range more {
				if more[i].Parent >= 0 {
					more[i].Parent += 5000
				}
			}
			return more
		}()...),
	}
	for name, nodes := range scenes {
		for _, w := range []int{2, 3} {
			var pl plan
			pl.make(nodes, w)
			if pl.serial {
				t.Errorf("%s, %d workers: not split", name, w)
				continue
			}
			loads := checkPlan(t, &pl, nodes)
			n := float64(len(nodes))
			if top := float64(loads[0]); top > n/64+1 {
				t.Errorf("%s, %d workers: top holds %v nodes", name, w, loads[0])
			}
			limit := map[int]float64{2: 0.55, 3: 0.40}[w]
			for k := 1; k <= w; k++ {
				if f := float64(loads[k]) / n; f > limit {
					t.Errorf("%s, %d workers: worker %d has %.3f of the nodes", name, w, k, f)
				}
			}
		}
	}
	for name, nodes := range map[string][]scene.Node{
		"chain": bigNodes(t, 20000, "chain"),
		"bench": randomSceneLocal(rand.New(rand.NewPCG(7, 7)), 50_000),
	} {
		var pl plan
		pl.make(nodes, 2)
		if !pl.serial {
			t.Errorf("the %s hierarchy was split", name)
		}
	}
}

// A pooled update equals the single-threaded one bit for bit (same
// kernel, same parent), for every mode, in both layouts.
func TestPoolEqualsSerialBitwise(t *testing.T) {
	for _, workers := range []int{2, 3} {
		p := splitPool(t, workers)
		for _, shape := range []string{"4ary", "chain"} {
			nodes := bigNodes(t, 20000, shape)
			for _, m := range All {
				want := make([]mgl64.Mat4, len(nodes))
				var ws Workspace
				m.World(nodes, &ws, want)
				got := make([]mgl64.Mat4, len(nodes))
				var pws Workspace
				p.World(m, nodes, &pws, got)
				got3 := make([]mgl64.Mat3x4, len(nodes))
				p.Affine(m, nodes, &pws, got3)
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("%s %s, %d workers, node %d: pooled %v, serial %v", m.Name, shape, workers, i, got[i], want[i])
					}
					w3, _ := to3x4(want[i : i+1])
					if got3[i] != w3[0] {
						t.Fatalf("%s %s, %d workers, node %d: pooled 3x4 %v, serial %v", m.Name, shape, workers, i, got3[i], w3[0])
					}
				}
			}
		}
	}
}

// A hierarchy changed under a kept plan (node moved under a parent of
// another worker) gives the right matrices, and the plan is made again
// to fit it.
func TestPoolFollowsReparenting(t *testing.T) {
	p := splitPool(t, 2)
	nodes := bigNodes(t, 20000, "4ary")
	var ws Workspace
	out := make([]mgl64.Mat4, len(nodes))
	p.World(AccumulateMatrices, nodes, &ws, out)
	if ws.plan.serial {
		t.Fatal("the tree was not split")
	}
	// Move a node of worker 2 under the last node of worker 1.
	own := ws.plan.owner
	var from, to int
	for i := len(nodes) - 1; i > 0 && (from == 0 || to == 0); i-- {
		if own[i] == 2 && from == 0 {
			from = i
		}
		if own[i] == 1 && to == 0 {
			to = i
		}
	}
	if from == 0 || to == 0 {
		t.Fatal("no nodes of both workers")
	}
	if to > from {
		from, to = to, from
		// keep parents first: the moved node must come after its new
		// parent; swap which worker gives the parent.
	}
	nodes[from].Parent = to
	for _, m := range All {
		want := make([]mgl64.Mat4, len(nodes))
		var sws Workspace
		m.World(nodes, &sws, want)
		p.World(m, nodes, &ws, out)
		for i := range want {
			if out[i] != want[i] {
				t.Fatalf("%s after reparenting node %d under %d: node %d pooled %v, serial %v", m.Name, from, to, i, out[i], want[i])
			}
		}
	}
	checkPlan(t, &ws.plan, nodes)
	if ws.plan.owner[from] != ws.plan.owner[to] && ws.plan.owner[to] != 0 {
		t.Error("the plan was not made again")
	}
}

func TestPoolWorkersAndClose(t *testing.T) {
	if w := NewPool(0); w.Workers() != runtime.GOMAXPROCS(0) {
		t.Errorf("NewPool(0) has %d workers, want GOMAXPROCS %d", w.Workers(), runtime.GOMAXPROCS(0))
	} else {
		w.Close()
	}
	if w := NewPool(1000); w.Workers() != MaxWorkers {
		t.Errorf("NewPool(1000) has %d workers, want %d", w.Workers(), MaxWorkers)
	} else {
		w.Close()
	}
	nodes := bigNodes(t, 5000, "4ary")
	want := make([]mgl64.Mat4, len(nodes))
	var ws Workspace
	MayaSSC.World(nodes, &ws, want)
	for _, w := range []int{1, 2} {
		p := NewPool(w)
		p.min = 0
		got := make([]mgl64.Mat4, len(nodes))
		var pws Workspace
		p.World(MayaSSC, nodes, &pws, got)
		p.Close()
		p.Close() // twice is fine
		after := make([]mgl64.Mat4, len(nodes))
		p.World(MayaSSC, nodes, &pws, after) // after Close: serial
		for i := range want {
			if got[i] != want[i] || after[i] != want[i] {
				t.Fatalf("pool of %d, node %d: %v and after Close %v, want %v", w, i, got[i], after[i], want[i])
			}
		}
	}
}

// Zero allocations per update once the workspace has grown, at every
// size, single-threaded and pooled, in both layouts (allocation counts,
// not timings).
func TestUpdatesAllocateNothing(t *testing.T) {
	p := splitPool(t, 2)
	for _, n := range []int{7, 1000, 10_000, 100_000} {
		nodes := bigNodes(t, n, "4ary")
		out := make([]mgl64.Mat4, n)
		out3 := make([]mgl64.Mat3x4, n)
		runs := 20
		if n >= 100_000 {
			runs = 3
		}
		for _, m := range All {
			var ws Workspace
			for _, u := range []struct {
				what string
				f    func()
			}{
				{"World", func() { m.World(nodes, &ws, out) }},
				{"Affine", func() { m.Affine(nodes, &ws, out3) }},
				{"Pool.World", func() { p.World(m, nodes, &ws, out) }},
				{"Pool.Affine", func() { p.Affine(m, nodes, &ws, out3) }},
			} {
				u.f() // grow and plan
				if a := testing.AllocsPerRun(runs, u.f); a != 0 {
					t.Errorf("%s %s at %d nodes: %v allocations per update", m.Name, u.what, n, a)
				}
			}
		}
	}
}

// A workspace reused after a leaf gains a child (the marks of the nodes
// with children are then out of date) gives the matrices a fresh
// workspace gives, single-threaded and pooled, for every mode, and the
// marks are made again.
func TestWorkspaceFollowsNewParent(t *testing.T) {
	p := splitPool(t, 2)
	for _, pooled := range []bool{false, true} {
		for _, m := range All {
			nodes := bigNodes(t, 20000, "4ary")
			var ws Workspace
			out := make([]mgl64.Mat3x4, len(nodes))
			run := func(ws *Workspace, out []mgl64.Mat3x4) {
				if pooled {
					p.Affine(m, nodes, ws, out)
				} else {
					m.Affine(nodes, ws, out)
				}
			}
			run(&ws, out)
			// Node 19999's parent is 4999; hang it under 19998, a
			// leaf, and 19997 under 5000, which had children.
			leaf := 19998
			if m.need != 0 && hasKids(ws.kids, leaf) {
				t.Fatalf("%s: node %d marked as a parent", m.Name, leaf)
			}
			nodes[19999].Parent = leaf
			nodes[19997].Parent = 5000
			run(&ws, out)
			want := make([]mgl64.Mat3x4, len(nodes))
			var fresh Workspace
			m.Affine(nodes, &fresh, want)
			for i := range want {
				if out[i] != want[i] {
					t.Fatalf("%s (pooled %v) node %d: %v, fresh workspace %v", m.Name, pooled, i, out[i], want[i])
				}
			}
			if m.need != 0 && !hasKids(ws.kids, leaf) {
				t.Errorf("%s (pooled %v): the marks were not made again", m.Name, pooled)
			}
		}
	}
}

// A helper the system does not schedule never holds an update up: with
// no helper goroutines at all, the caller claims every share, repeatedly
// (stale start messages pile up unread), and the result is the
// single-threaded one.
func TestPoolCallerTakesUnstartedShares(t *testing.T) {
	p := newPool(3, false)
	p.min = 0
	defer p.Close()
	nodes := bigNodes(t, 5000, "4ary")
	for _, m := range []Mode{AccumulateMatrices, AccumulateTRS, BlenderAverage} {
		want := make([]mgl64.Mat4, len(nodes))
		var ws Workspace
		m.World(nodes, &ws, want)
		var pws Workspace
		got := make([]mgl64.Mat4, len(nodes))
		for round := 0; round < 3; round++ {
			p.World(m, nodes, &pws, got)
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%s round %d node %d: %v, want %v", m.Name, round, i, got[i], want[i])
				}
			}
		}
		if pws.plan.serial {
			t.Fatalf("%s: not split", m.Name)
		}
	}
}

// Shared is one pool for the process, of GOMAXPROCS workers; a scene
// of DefaultParallelMin nodes or more goes through it to the same
// matrices as the serial update, bit for bit, and so does the piston.
func TestSharedPool(t *testing.T) {
	p := Shared()
	if Shared() != p {
		t.Fatal("Shared returned two pools")
	}
	if want := min(runtime.GOMAXPROCS(0), MaxWorkers); p.Workers() != want {
		t.Fatalf("shared pool has %d workers, want GOMAXPROCS %d", p.Workers(), want)
	}
	piston, err := scene.NewPreset("piston")
	if err != nil {
		t.Fatal(err)
	}
	for _, nodes := range [][]scene.Node{piston.Nodes, bigNodes(t, DefaultParallelMin+1000, "4ary")} {
		for _, m := range All {
			want := make([]mgl64.Mat4, len(nodes))
			var ws Workspace
			m.World(nodes, &ws, want)
			got := make([]mgl64.Mat4, len(nodes))
			var pws Workspace
			p.World(m, nodes, &pws, got)
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%s, %d nodes, node %d: shared pool %v, serial %v", m.Name, len(nodes), i, got[i], want[i])
				}
			}
		}
	}
}

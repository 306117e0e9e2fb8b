package modes

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// skewedPiston is the piston with Root scale (3, 1, 1) and A at 38
// degrees about y: A is sheared in the world, B (no rotation of its own)
// sits under it.
func skewedPiston(t *testing.T) *scene.Scene {
	s := piston(t)
	setScale(t, s, "Root", mgl64.Vec3{3, 1, 1})
	setRot(t, s, "A", transform.EulerDeg(0, 38, 0))
	return s
}

// scopedWorld runs m at picked in scope all (or node) on s's nodes.
func scopedWorld(s *scene.Scene, m Mode, picked int, all bool) []mgl64.Mat4 {
	nodes, run := Scoped(nil, s.Nodes, m, picked, all)
	out := make([]mgl64.Mat4, len(nodes))
	var ws Workspace
	run.World(nodes, &ws, out)
	return out
}

// TestScopedNodeChangesOnlyThePickedSubtree: with scope node, an engine
// rule on B leaves Root and A exactly as accumulate-matrices draws them;
// B under maya-ssc is, by hand, T(P*(t,1)) * diag(3,1,1)*Ry(38)*diag(4,4,0.5)
// (P3 * diag(1/s_A) = diag(3,1,1)*Ry(38), R_B = I, S_B = diag(4, 4, 0.5)).
func TestScopedNodeChangesOnlyThePickedSubtree(t *testing.T) {
	const tol = 1e-12
	s := skewedPiston(t)
	b := s.Index("B")
	ref := world(AccumulateMatrices, s)
	for _, m := range All[SeedCount:] {
		w := scopedWorld(s, m, b, false)
		for i := range s.Nodes {
			if i != b && maxDiff(w[i], ref[i]) > 0 {
				t.Errorf("%s scope node: node %s differs from accumulate-matrices by %g", m.Name, s.Nodes[i].Name, maxDiff(w[i], ref[i]))
			}
		}
		if p := (mgl64.Vec3{w[b][12], w[b][13], w[b][14]}); p.Sub(mgl64.Vec3{ref[b][12], ref[b][13], ref[b][14]}).Len() > tol {
			t.Errorf("%s: B's position %v, want matrices' (every rule places a child at P*(t,1))", m.Name, p)
		}
	}
	a := 38 * math.Pi / 180
	ry := mgl64.Mat3FromRows(mgl64.Vec3{math.Cos(a), 0, math.Sin(a)}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{-math.Sin(a), 0, math.Cos(a)})
	want := mgl64.Diag3(mgl64.Vec3{3, 1, 1}).Mul3(ry).Mul3(mgl64.Diag3(mgl64.Vec3{4, 4, 0.5}))
	got := scopedWorld(s, MayaSSC, b, false)[b].Mat3()
	for k := range want {
		if math.Abs(got[k]-want[k]) > tol {
			t.Fatalf("maya-ssc on B: W3 = %v, want %v", got, want)
		}
	}
}

// TestScopedSevenRulesSixPictures: at that piston, B under the seven
// matrix-based rules (scope node) takes six different world matrices:
// fix-shear and aligned coincide, since B has no rotation of its own
// (orthoY(P3*R) = orthoY(P3) with R = I, and aligned rescales the same
// columns by the same lengths). Each other pair differs.
func TestScopedSevenRulesSixPictures(t *testing.T) {
	const tol = 1e-9
	s := skewedPiston(t)
	b := s.Index("B")
	var names []string
	var ws []mgl64.Mat4
	for _, m := range All {
		if m.PerNode() {
			names = append(names, m.Name)
			ws = append(ws, scopedWorld(s, m, b, false)[b])
		}
	}
	if len(names) != 7 {
		t.Fatalf("%d matrix-based modes, want 7", len(names))
	}
	for i := range ws {
		for j := i + 1; j < len(ws); j++ {
			same := maxDiff(ws[i], ws[j]) < tol
			want := names[i] == BlenderFixShear.Name && names[j] == BlenderAligned.Name
			if same != want {
				t.Errorf("%s and %s: same=%v, want %v (diff %g)", names[i], names[j], same, want, maxDiff(ws[i], ws[j]))
			}
		}
	}
}

// TestScopedAllClearsNodeRules: with scope all the engine rule is every
// node's rule, a node's own rule included; a seed mode and
// accumulate-matrices keep the scene's rules; a picked index outside the
// scene changes nothing.
func TestScopedAllClearsNodeRules(t *testing.T) {
	s := skewedPiston(t)
	s.Nodes[s.Index("A")].Rule = scene.RuleMayaSSC
	nodes, run := Scoped(nil, s.Nodes, BlenderNone, 2, true)
	if run.Name != BlenderNone.Name {
		t.Errorf("scope all runs %s, want blender-none", run.Name)
	}
	for i, nd := range nodes {
		if nd.Rule != scene.RuleFollow {
			t.Errorf("scope all: node %d keeps rule %v", i, nd.Rule)
		}
	}
	if s.Nodes[s.Index("A")].Rule != scene.RuleMayaSSC {
		t.Error("Scoped changed its input")
	}
	for _, m := range []Mode{AccumulateMatrices, AccumulateTRS, SkewStripping} {
		for _, all := range []bool{false, true} {
			nodes, run := Scoped(nil, s.Nodes, m, 2, all)
			if run.Name != m.Name || nodes[1].Rule != scene.RuleMayaSSC || nodes[2].Rule != scene.RuleFollow {
				t.Errorf("%s all=%v: runs %s, rules %v %v; want the mode and the scene's rules", m.Name, all, run.Name, nodes[1].Rule, nodes[2].Rule)
			}
		}
	}
	for _, picked := range []int{-1, 3} {
		nodes, run := Scoped(nil, s.Nodes, BlenderAverage, picked, false)
		if run.Name != AccumulateMatrices.Name || nodes[2].Rule != scene.RuleFollow || nodes[0].Rule != scene.RuleFollow {
			t.Errorf("picked %d: runs %s with rules %v %v, want matrices and no change", picked, run.Name, nodes[0].Rule, nodes[2].Rule)
		}
	}
	if nodes, _ := Scoped(nil, nil, MayaSSC, 0, false); len(nodes) != 0 {
		t.Errorf("empty scene gives %d nodes", len(nodes))
	}
}

func TestScopedAllocatesNothing(t *testing.T) {
	s := skewedPiston(t)
	dst := make([]scene.Node, 0, len(s.Nodes))
	if n := testing.AllocsPerRun(100, func() { dst, _ = Scoped(dst, s.Nodes, MayaSSC, 2, false) }); n != 0 {
		t.Errorf("Scoped allocates %v times with room in dst", n)
	}
}

func TestParseList(t *testing.T) {
	l, err := ParseList("all")
	if err != nil || len(l) != len(All) || l[0] != 0 || l[len(l)-1] != len(All)-1 {
		t.Errorf("all: %v %v", l, err)
	}
	if FormatList(l) != "all" {
		t.Errorf("FormatList(all) = %q", FormatList(l))
	}
	l, err = ParseList("maya-ssc,accumulate-trs,maya-ssc")
	if err != nil || len(l) != 2 || l[0] != Index("maya-ssc") || l[1] != Index("accumulate-trs") {
		t.Errorf("list: %v %v", l, err)
	}
	if FormatList(l) != "maya-ssc,accumulate-trs" {
		t.Errorf("FormatList = %q", FormatList(l))
	}
	for _, bad := range []string{"", "maya", "all,maya-ssc", "maya-ssc,"} {
		_, err := ParseList(bad)
		if err == nil || !strings.Contains(err.Error(), "valid: all, accumulate-matrices") || strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseList(%q) = %v, want one line listing the names", bad, err)
		}
	}
	if _, err := ParseScope("tree"); err == nil || !strings.Contains(err.Error(), "node, all") {
		t.Errorf("ParseScope(tree) = %v", err)
	}
	if a, err := ParseScope("all"); !a || err != nil {
		t.Errorf("ParseScope(all) = %v %v", a, err)
	}
}

// TestReach: where a rule applies, counted by hand on the piston (Root,
// A, B): an engine rule scoped to B governs B only; scoped to all, or a
// seed mode, every node; accumulate-matrices with A carrying maya-ssc
// governs Root and B (2 of 3); a picked index outside the scene leaves the
// rule nowhere.
func TestReach(t *testing.T) {
	s := skewedPiston(t)
	b := s.Index("B")
	for _, c := range []struct {
		m      Mode
		picked int
		all    bool
		own    scene.Rule // A's own rule
		count  int
		only   int
		text   string
	}{
		{MayaSSC, b, false, scene.RuleFollow, 1, b, "on B only"},
		{MayaSSC, b, true, scene.RuleBlenderNone, 3, -1, "all nodes"},
		{AccumulateTRS, b, false, scene.RuleMayaSSC, 3, -1, "all nodes"},
		{AccumulateMatrices, b, false, scene.RuleFollow, 3, -1, "all nodes"},
		{AccumulateMatrices, b, false, scene.RuleMayaSSC, 2, -1, "on 2 of 3 nodes"},
		{BlenderNone, 7, false, scene.RuleFollow, 0, -1, "on no node"},
		{BlenderNone, b, false, scene.RuleBlenderNone, 2, -1, "on 2 of 3 nodes"},
	} {
		s.Nodes[s.Index("A")].Rule = c.own
		nodes, run := Scoped(nil, s.Nodes, c.m, c.picked, c.all)
		count, only := Reach(nodes, run, c.m)
		if count != c.count || only != c.only || ReachText(nodes, count, only) != c.text {
			t.Errorf("%s at %d all=%v, A %v: %d %d %q; want %d %d %q", c.m.Name, c.picked, c.all, c.own,
				count, only, ReachText(nodes, count, only), c.count, c.only, c.text)
		}
	}
	// A mode that is not the run's: a TRS-based one governs nothing under
	// another, and nothing but a matrix-based one counts under a
	// matrix-based run.
	if n, o := Reach(s.Nodes, AccumulateTRS, SkewStripping); n != 0 || o != -1 {
		t.Errorf("skew-stripping under accumulate-trs: %d %d", n, o)
	}
	if n, _ := Reach(s.Nodes, AccumulateMatrices, AccumulateTRS); n != 0 {
		t.Errorf("accumulate-trs under matrices: %d", n)
	}
	if ReachText(nil, 0, -1) != "on no node" || ReachText(s.Nodes[:1], 1, 0) != "all nodes" {
		t.Error("degenerate texts")
	}
	if n := testing.AllocsPerRun(100, func() { Reach(s.Nodes, AccumulateMatrices, MayaSSC) }); n != 0 {
		t.Errorf("Reach allocates %v times", n)
	}
}

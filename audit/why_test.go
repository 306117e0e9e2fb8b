package audit

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/scene"
	"skewlab/transform"
)

// mixedNodes returns n random nodes, parents first, drawn to hit every
// cause and its absence: scales that are 1, uniform, non-uniform,
// mirrored or zero on an axis; rotations that are none, quarter turns
// about an axis or anything; some glTF-style shears and per-node rules.
func mixedNodes(rng *rand.Rand, n int) []scene.Node {
	quarter := func() mgl64.Quat {
		axes := []mgl64.Vec3{xAxis, yAxis, zAxis}
		return rot(90*float64(rng.IntN(4)), axes[rng.IntN(3)])
	}
	nodes := make([]scene.Node, n)
	for i := range nodes {
		var q mgl64.Quat
		switch rng.IntN(3) {
		case 0:
			q = mgl64.QuatIdent()
		case 1:
			q = quarter()
		default:
			q = transform.Normalize(mgl64.Quat{W: rng.NormFloat64(), V: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}})
		}
		var s mgl64.Vec3
		switch rng.IntN(6) {
		case 0, 1:
			s = mgl64.Vec3{1, 1, 1}
		case 2:
			k := 0.5 + rng.Float64()
			s = mgl64.Vec3{k, k, k}
		case 3:
			s = mgl64.Vec3{0.3 + 1.7*rng.Float64(), 0.3 + 1.7*rng.Float64(), 0.3 + 1.7*rng.Float64()}
		case 4:
			s = mgl64.Vec3{1, 1, 1}
			s[rng.IntN(3)] = -1
		default:
			s = mgl64.Vec3{1, 1, 1}
			s[rng.IntN(3)] = 0
		}
		nd := scene.Node{Name: "m" + string(rune('A'+i%26)) + string(rune('a'+i/26)), Parent: rng.IntN(i+1) - 1, Shape: scene.ShapeBox,
			Local: transform.TRS{Position: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}, Rotation: q, Scale: s}}
		if rng.IntN(8) == 0 {
			nd.Shear = [3]float64{0.1 * rng.NormFloat64(), 0.1 * rng.NormFloat64(), 0.1 * rng.NormFloat64()}
		}
		if rng.IntN(6) == 0 {
			nd.Rule = scene.Rules()[rng.IntN(len(scene.Rules()))]
		}
		nodes[i] = nd
	}
	return nodes
}

// Every node that disagrees has a cause, whatever the rules compared:
// on random hierarchies (mixedNodes, randomNodes) and random pairs and
// sets of rules, a disagreeing node with no cause would be one the
// audit cannot explain.
func TestEveryDisagreementHasACause(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 16))
	var c Checker
	disagreeing := 0
	for trial := range 300 {
		var nodes []scene.Node
		if trial%3 == 0 {
			nodes = randomNodes(rng, 12)
		} else {
			nodes = mixedNodes(rng, 12)
		}
		var rules []modes.Mode
		switch trial % 4 {
		case 0:
			rules = modes.All
		default:
			for _, k := range rng.Perm(len(modes.All))[:2+rng.IntN(3)] {
				rules = append(rules, modes.All[k])
			}
		}
		r := c.Check(nodes, rules, DefaultTolerance)
		for _, n := range r.Nodes {
			if n.Agrees {
				if n.Causes != nil {
					t.Fatalf("trial %d, %s agrees but has causes %+v", trial, n.Name, n.Causes)
				}
				continue
			}
			disagreeing++
			if len(n.Causes) == 0 {
				var names []string
				for _, m := range rules {
					names = append(names, m.Name)
				}
				t.Fatalf("trial %d, rules %v: %s disagrees (mesh %v, position %v, pair %v) with no cause; nodes %+v",
					trial, names, n.Name, n.Mesh, n.Position, n.Worst().Pair, nodes)
			}
		}
	}
	if disagreeing < 500 {
		t.Errorf("only %d disagreeing nodes in all trials: the test sees too little", disagreeing)
	}
}

// tnode is a test node: a box with name, parent, translation, rotation
// and scale.
func tnode(name string, parent int, p mgl64.Vec3, q mgl64.Quat, s mgl64.Vec3) scene.Node {
	return scene.Node{Name: name, Parent: parent, Shape: scene.ShapeBox, Local: transform.TRS{Position: p, Rotation: q, Scale: s}}
}

// check audits nodes under rules and fails the test on a scene error.
func check(t *testing.T, nodes []scene.Node, rules ...modes.Mode) Report {
	t.Helper()
	sc, err := scene.New(nodes)
	if err != nil {
		t.Fatal(err)
	}
	return Check(sc.Nodes, rules, DefaultTolerance)
}

// kinds returns the kinds of n's causes in order.
func kinds(n Node) []string {
	var out []string
	for _, c := range n.Causes {
		out = append(out, c.Kind)
	}
	return out
}

// turnIs checks a cause's turned node, angle and axis.
func turnIs(t *testing.T, c Cause, name string, deg float64, axis mgl64.Vec3) {
	t.Helper()
	if c.TurnedName != name || abs(c.TurnDeg-deg) > 1e-9 || c.Axis.Sub(axis).Len() > 1e-9 {
		t.Errorf("%s cause: turned %q %v deg about %v, want %q %v about %v", c.Kind, c.TurnedName, c.TurnDeg, c.Axis, name, deg, axis)
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// The rig's causes, known by construction: Hips' scale (1, 2.5, 1) is
// above Spine, turned 35 degrees about z (not a quarter turn, so its
// world shears); Head is under the sheared Spine and turned 25 degrees
// about x itself; Tail's quarter turn about y maps Hips' axes onto axes
// of the same scale, and Hips is a root: under accumulate-matrices and
// accumulate-trs they agree and have no cause. Under every rule Tail
// disagrees only for Hips' scale, non-uniform (uniform-inner-scale and
// blender-average) and not 1 (blender-none, blender-none-legacy,
// maya-ssc), the first of which explains its farthest pair.
func TestCausesRig(t *testing.T) {
	r := Check(rigScene(t).Nodes, []modes.Mode{modes.AccumulateMatrices, modes.AccumulateTRS}, DefaultTolerance)
	spine := byName(t, r, "Spine")
	if !slices.Equal(kinds(spine), []string{CauseScaleAboveTurn}) {
		t.Fatalf("Spine's causes %q, want [scale-above-turn]", kinds(spine))
	}
	c := spine.Causes[0]
	if c.AtName != "Hips" || c.Scale != (mgl64.Vec3{1, 2.5, 1}) || !c.Shears || c.Mirror {
		t.Errorf("Spine's cause %+v: want Hips' scale (1, 2.5, 1), shearing, no mirror", c)
	}
	turnIs(t, c, "Spine", 35, zAxis)
	head := byName(t, r, "Head")
	if !slices.Equal(kinds(head), []string{CauseShearedParent, CauseScaleAboveTurn}) {
		t.Fatalf("Head's causes %q, want [sheared-parent scale-above-turn]", kinds(head))
	}
	sp := head.Causes[0]
	if sp.AtName != "Spine" || !sp.Parent || sp.Origin != CauseScaleAboveTurn || sp.OriginName != "Hips" || sp.Scale != (mgl64.Vec3{1, 2.5, 1}) {
		t.Errorf("Head's sheared parent %+v: want Spine, sheared by Hips' scale", sp)
	}
	turnIs(t, sp, "Spine", 35, zAxis)
	turnIs(t, head.Causes[1], "Head", 25, xAxis)
	if head.Causes[1].AtName != "Hips" {
		t.Errorf("Head's own turn is under %q, want Hips", head.Causes[1].AtName)
	}
	for _, name := range []string{"Tail", "Hips"} {
		if n := byName(t, r, name); !n.Agrees || n.Causes != nil {
			t.Errorf("%s: agrees %v, causes %q; want agreement and none", name, n.Agrees, kinds(n))
		}
	}

	r = Check(rigScene(t).Nodes, nil, DefaultTolerance)
	tail := byName(t, r, "Tail")
	if !slices.Equal(kinds(tail), []string{CauseNonUniform, CauseScale}) {
		t.Fatalf("Tail under every rule: causes %q, want [non-uniform-scale scale]", kinds(tail))
	}
	pair := tail.Worst().Pair
	first := &tail.Causes[0]
	if first.AtName != "Hips" || first.affects(r.Rules[pair[0]]) == first.affects(r.Rules[pair[1]]) {
		t.Errorf("Tail's first cause %+v does not separate its farthest pair %s, %s", first, r.Rules[pair[0]].Name, r.Rules[pair[1]].Name)
	}
}

// A quarter turn about z under Root's scale (2, 1, 1) shears nothing
// (D Rz has perpendicular columns), but accumulate-matrices puts the 2
// along Root's x, which the turn makes Mid's y, and accumulate-trs along
// Mid's own x: Mid's box corner (x, y, z) lands at (-2y, x, z) and
// (-y, 2x, z), sqrt(x^2 + y^2) = sqrt(1/2) apart. Leaf, unturned under
// Mid, inherits the same cause (named at Root above Mid), and its origin
// (1, 0, 0) in Mid lands at (0, 1, 0) and (0, 2, 0). A control root with
// scale 1 and a turned child with its own odd scale agrees: no cause.
func TestCausesQuarterTurnAndControl(t *testing.T) {
	nodes := []scene.Node{
		tnode("Root", -1, mgl64.Vec3{}, mgl64.QuatIdent(), mgl64.Vec3{2, 1, 1}),
		tnode("Mid", 0, mgl64.Vec3{}, rot(90, zAxis), mgl64.Vec3{1, 1, 1}),
		tnode("Leaf", 1, mgl64.Vec3{1, 0, 0}, mgl64.QuatIdent(), mgl64.Vec3{1, 1, 1}),
		tnode("Free", -1, mgl64.Vec3{5, 0, 0}, rot(20, yAxis), mgl64.Vec3{1, 1, 1}),
		tnode("Kid", 3, mgl64.Vec3{0, 1, 0}, rot(40, mgl64.Vec3{1, 1, 0}.Normalize()), mgl64.Vec3{3, 1, 0.5}),
	}
	r := check(t, nodes, modes.AccumulateMatrices, modes.AccumulateTRS)
	mid, leaf := byName(t, r, "Mid"), byName(t, r, "Leaf")
	if abs(mid.Mesh.Distance-0.5*1.4142135623730951) > 1e-12 || abs(leaf.Position.Distance-1) > 1e-12 || !mid.Representable {
		t.Errorf("Mid mesh %v (representable %v), Leaf position %v; want sqrt(1/2), a TRS, 1", mid.Mesh.Distance, mid.Representable, leaf.Position.Distance)
	}
	for _, n := range []Node{mid, leaf} {
		if !slices.Equal(kinds(n), []string{CauseScaleAboveTurn}) {
			t.Fatalf("%s's causes %q, want [scale-above-turn]", n.Name, kinds(n))
		}
		c := n.Causes[0]
		if c.AtName != "Root" || c.Shears || c.Mirror || c.Scale != (mgl64.Vec3{2, 1, 1}) {
			t.Errorf("%s's cause %+v: want Root's (2, 1, 1), no shear, no mirror", n.Name, c)
		}
		turnIs(t, c, "Mid", 90, zAxis)
	}
	r = check(t, nodes) // every rule
	for _, name := range []string{"Free", "Kid"} {
		if n := byName(t, r, name); !n.Agrees || n.Causes != nil {
			t.Errorf("control %s under every rule: agrees %v, causes %q; want agreement and none", name, n.Agrees, kinds(n))
		}
	}
}

// A mirror above a turn: Root's scale (-1, 1, 1) over Child turned 30
// degrees about z. diag(-1, 1, 1) Rz has perpendicular columns (no
// shear), but differs from Rz diag(-1, 1, 1) (accumulate-trs), so the
// rules disagree, for a mirrored ancestor above a turned child.
func TestCausesMirror(t *testing.T) {
	r := check(t, []scene.Node{
		tnode("Root", -1, mgl64.Vec3{}, mgl64.QuatIdent(), mgl64.Vec3{-1, 1, 1}),
		tnode("Child", 0, mgl64.Vec3{0, 1, 0}, rot(30, zAxis), mgl64.Vec3{1, 1, 1}),
	}, modes.AccumulateMatrices, modes.AccumulateTRS)
	ch := byName(t, r, "Child")
	if ch.Agrees || !slices.Equal(kinds(ch), []string{CauseScaleAboveTurn}) {
		t.Fatalf("Child: agrees %v, causes %q; want [scale-above-turn]", ch.Agrees, kinds(ch))
	}
	if c := ch.Causes[0]; !c.Mirror || c.Shears || c.AtName != "Root" {
		t.Errorf("Child's cause %+v: want Root's mirror, no shear", c)
	}
}

// A node given by a sheared matrix (scene.Node.Shear, as from glTF) has
// its own shear as cause, and its child a sheared parent sheared by that
// matrix; the rules that keep matrices agree with accumulate-matrices.
func TestCausesOwnShear(t *testing.T) {
	sh := tnode("Sh", -1, mgl64.Vec3{}, mgl64.QuatIdent(), mgl64.Vec3{1, 1, 1})
	sh.Shear = [3]float64{0.3, 0, 0}
	r := check(t, []scene.Node{sh, tnode("Below", 0, mgl64.Vec3{0, 1, 0}, mgl64.QuatIdent(), mgl64.Vec3{1, 1, 1})},
		modes.AccumulateMatrices, modes.AccumulateTRS)
	if n := byName(t, r, "Sh"); n.Agrees || !slices.Equal(kinds(n), []string{CauseOwnShear}) || n.Causes[0].AtName != "Sh" {
		t.Errorf("Sh: agrees %v, causes %+v; want its own shear", n.Agrees, n.Causes)
	}
	below := byName(t, r, "Below")
	if below.Agrees || !slices.Equal(kinds(below), []string{CauseShearedParent}) {
		t.Fatalf("Below: agrees %v, causes %q; want [sheared-parent]", below.Agrees, kinds(below))
	}
	if c := below.Causes[0]; c.AtName != "Sh" || !c.Parent || c.Origin != CauseOwnShear || c.OriginName != "Sh" {
		t.Errorf("Below's cause %+v: want Sh, sheared by its own matrix", c)
	}
}

// A uniform scale (2, 2, 2) over a turned child: the rules that pass
// scale on agree with accumulate-matrices (no cause); blender-none drops
// it, and the cause is Root's scale, nothing else. A zero scale (1, 0, 1)
// is a cause of its own.
func TestCausesUniformAndZeroScale(t *testing.T) {
	nodes := []scene.Node{
		tnode("Root", -1, mgl64.Vec3{}, mgl64.QuatIdent(), mgl64.Vec3{2, 2, 2}),
		tnode("Kid", 0, mgl64.Vec3{0, 1, 0}, rot(30, xAxis), mgl64.Vec3{1, 1, 1}),
	}
	if r := check(t, nodes, modes.AccumulateMatrices, modes.AccumulateTRS, modes.UniformInnerScale, modes.BlenderFixShear); !r.Agrees() {
		t.Errorf("uniform scale under the rules that pass it: %d disagree", r.Disagreeing)
	}
	r := check(t, nodes, modes.AccumulateMatrices, modes.BlenderNone)
	if k := byName(t, r, "Kid"); k.Agrees || !slices.Equal(kinds(k), []string{CauseScale}) || k.Causes[0].AtName != "Root" {
		t.Errorf("Kid under blender-none: agrees %v, causes %+v; want Root's scale alone", k.Agrees, k.Causes)
	}
	nodes[0].Local.Scale = mgl64.Vec3{1, 0, 1}
	r = check(t, nodes)
	if k := byName(t, r, "Kid"); k.Agrees || len(k.Causes) == 0 || !containsKind(k, CauseZeroScale) {
		t.Errorf("Kid under a zero scale: agrees %v, causes %q; want zero-scale among them", k.Agrees, kinds(k))
	}
}

func containsKind(n Node, kind string) bool {
	for _, c := range n.Causes {
		if c.Kind == kind {
			return true
		}
	}
	return false
}

// A per-node rule under a scale is a cause when accumulate-matrices,
// which keeps it, is compared; without accumulate-matrices no rule keeps
// it and it is no cause. A per-node rule with no scale above changes
// nothing: the node agrees.
func TestCausesPerNodeRule(t *testing.T) {
	nodes := []scene.Node{
		tnode("Root", -1, mgl64.Vec3{}, mgl64.QuatIdent(), mgl64.Vec3{3, 1, 1}),
		tnode("A", 0, mgl64.Vec3{}, rot(38, yAxis), mgl64.Vec3{1, 1, 1}),
		tnode("B", 1, mgl64.Vec3{0, 0, 1}, mgl64.QuatIdent(), mgl64.Vec3{1, 1, 1}),
		tnode("Free", -1, mgl64.Vec3{4, 0, 0}, rot(10, zAxis), mgl64.Vec3{1, 1, 1}),
		tnode("Ruled", 3, mgl64.Vec3{0, 1, 0}, rot(50, xAxis), mgl64.Vec3{1, 1, 1}),
	}
	nodes[2].Rule, nodes[4].Rule = scene.RuleMayaSSC, scene.RuleBlenderNone
	r := check(t, nodes, modes.AccumulateMatrices, modes.AccumulateTRS)
	b := byName(t, r, "B")
	if b.Agrees || !containsKind(b, CauseRule) {
		t.Fatalf("B with maya-ssc under Root (3, 1, 1): agrees %v, causes %q; want per-node-rule among them", b.Agrees, kinds(b))
	}
	for _, c := range b.Causes {
		if c.Kind == CauseRule && (c.AtName != "B" || c.Rule != "maya-ssc") {
			t.Errorf("B's rule cause %+v, want B's own maya-ssc", c)
		}
	}
	if n := byName(t, r, "Ruled"); !n.Agrees || n.Causes != nil {
		t.Errorf("Ruled (blender-none, nothing scaled above): agrees %v, causes %q", n.Agrees, kinds(n))
	}
	r = check(t, nodes, modes.AccumulateTRS, modes.SkewStripping)
	if b := byName(t, r, "B"); containsKind(b, CauseRule) {
		t.Errorf("without accumulate-matrices B's causes %q hold the per-node rule, which no compared rule keeps", kinds(b))
	}
}

// What Advice tells a skewlab scene file's author is true: with every
// node that has children at scale (1, 1, 1) and no shear, whatever the
// leaves' scales (mirrored, flat, non-uniform), the turns and the
// per-node rules, all ten rules agree at every node.
func TestSceneFileAdviceAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 28))
	for trial := range 100 {
		nodes := mixedNodes(rng, 14)
		parent := make([]bool, len(nodes))
		for _, n := range nodes {
			if n.Parent >= 0 {
				parent[n.Parent] = true
			}
		}
		for i := range nodes {
			nodes[i].Shear = [3]float64{}
			if parent[i] {
				nodes[i].Local.Scale = mgl64.Vec3{1, 1, 1}
			}
		}
		r := check(t, nodes)
		if !r.Agrees() {
			t.Fatalf("trial %d: %d nodes disagree with unit-scale parents, first %+v", trial, r.Disagreeing, r.Nodes[0])
		}
	}
}

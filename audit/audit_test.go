package audit

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/render"
	"skewlab/scene"
	"skewlab/transform"
)

func deg(d float64) float64 { return d * math.Pi / 180 }

// rot returns the unit quaternion of d degrees about axis.
func rot(d float64, axis mgl64.Vec3) mgl64.Quat { return mgl64.QuatRotate(deg(d), axis) }

var xAxis, yAxis, zAxis = mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0, 0, 1}

// rigScene is internal/gltfgen's rig with box shapes (render.Box: the
// eight corners of the unit cube, the corners of the glTF box): Hips
// (0,1,0) scale (1,2.5,1) > Spine (0,0.8,0) 35 degrees about z > Head
// (0,0.9,0) 25 degrees about x, scale 0.6; Hips > Tail (0,-0.6,0) 90
// degrees about y.
func rigScene(t *testing.T) *scene.Scene {
	t.Helper()
	node := func(name string, parent int, p mgl64.Vec3, q mgl64.Quat, s mgl64.Vec3) scene.Node {
		return scene.Node{Name: name, Parent: parent, Shape: scene.ShapeBox, Local: transform.TRS{Position: p, Rotation: q, Scale: s}}
	}
	sc, err := scene.New([]scene.Node{
		node("Hips", -1, mgl64.Vec3{0, 1, 0}, mgl64.QuatIdent(), mgl64.Vec3{1, 2.5, 1}),
		node("Spine", 0, mgl64.Vec3{0, 0.8, 0}, rot(35, zAxis), mgl64.Vec3{1, 1, 1}),
		node("Head", 1, mgl64.Vec3{0, 0.9, 0}, rot(25, xAxis), mgl64.Vec3{0.6, 0.6, 0.6}),
		node("Tail", 0, mgl64.Vec3{0, -0.6, 0}, rot(90, yAxis), mgl64.Vec3{1, 1, 1}),
	})
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// byName returns the audited node called name.
func byName(t *testing.T, r Report, name string) Node {
	t.Helper()
	for _, n := range r.Nodes {
		if n.Name == name {
			return n
		}
	}
	t.Fatalf("no node %q in the report", name)
	return Node{}
}

// corners are the eight corners of the unit cube centred on the origin.
func corners() []mgl64.Vec3 {
	var out []mgl64.Vec3
	for _, x := range []float64{-0.5, 0.5} {
		for _, y := range []float64{-0.5, 0.5} {
			for _, z := range []float64{-0.5, 0.5} {
				out = append(out, mgl64.Vec3{x, y, z})
			}
		}
	}
	return out
}

// maxApart returns the largest |a p - b p| over the box corners p.
func maxApart(a, b mgl64.Mat4) float64 {
	d := 0.0
	for _, p := range corners() {
		d = max(d, a.Mul4x1(p.Vec4(1)).Sub(b.Mul4x1(p.Vec4(1))).Len())
	}
	return d
}

// The rig under accumulate-matrices and accumulate-trs, derived by hand:
// with c, s the cosine and sine of 35 degrees and D = diag(1, 2.5, 1),
//
//   - Spine: matrices T(0,3,0) D Rz; TRS s_w = (1,2.5,1), so T(0,3,0) Rz D.
//     D Rz - Rz D = [[0, 1.5s, 0], [1.5s, 0, 0], [0, 0, 0]], so a corner
//     (x, y, z) moves by 1.5 s sqrt(x^2 + y^2) = 1.5 s sqrt(1/2); the
//     origins agree.
//   - Head: matrices put the origin at (0,3,0) + D Rz (0,0.9,0) =
//     (-0.9s, 3+2.25c, 0), TRS at (0,3,0) + Rz ((1,2.5,1) o (0,0.9,0)) =
//     (-2.25s, 3+2.25c, 0): 1.35 s apart; the linear parts are
//     D Rz Rx 0.6 and Rz Rx diag(0.6, 1.5, 0.6).
//   - Tail: a quarter turn about y keeps D's axes, so D Ry = Ry D and
//     the rules agree; so do they at the root Hips.
//
// The matrices are built here with mgl64's constructors, independently of
// package modes.
func TestRigMatricesAgainstTRSByHand(t *testing.T) {
	const tol = 1e-12
	c, s := math.Cos(deg(35)), math.Sin(deg(35))
	D := mgl64.Scale3D(1, 2.5, 1)
	Rz, Rx, Ry := mgl64.HomogRotate3DZ(deg(35)), mgl64.HomogRotate3DX(deg(25)), mgl64.HomogRotate3DY(deg(90))
	hips := mgl64.Translate3D(0, 1, 0).Mul4(D)
	spineM := mgl64.Translate3D(0, 3, 0).Mul4(D).Mul4(Rz)
	spineT := mgl64.Translate3D(0, 3, 0).Mul4(Rz).Mul4(D)
	headM := mgl64.Translate3D(-0.9*s, 3+2.25*c, 0).Mul4(D).Mul4(Rz).Mul4(Rx).Mul4(mgl64.Scale3D(0.6, 0.6, 0.6))
	headT := mgl64.Translate3D(-2.25*s, 3+2.25*c, 0).Mul4(Rz).Mul4(Rx).Mul4(mgl64.Scale3D(0.6, 1.5, 0.6))
	tail := mgl64.Translate3D(0, -0.5, 0).Mul4(D).Mul4(Ry)

	spineMesh := 1.5 * s * math.Sqrt(0.5)
	if d := maxApart(spineM, spineT); math.Abs(d-spineMesh) > tol {
		t.Fatalf("the hand derivation disagrees with itself: Spine corners %v apart, formula %v", d, spineMesh)
	}
	headMesh := maxApart(headM, headT)
	var lo, hi mgl64.Vec3
	for i, w := range []mgl64.Mat4{hips, spineM, headM, tail} {
		for k, p := range corners() {
			q := w.Mul4x1(p.Vec4(1)).Vec3()
			if i == 0 && k == 0 {
				lo, hi = q, q
			}
			for a := range 3 {
				lo[a], hi[a] = min(lo[a], q[a]), max(hi[a], q[a])
			}
		}
	}
	size := hi.Sub(lo).Len()

	sc := rigScene(t)
	r := Check(sc.Nodes, []modes.Mode{modes.AccumulateMatrices, modes.AccumulateTRS}, DefaultTolerance)
	if !r.SizeOK || r.SizeFrom != SizeFromMesh || math.Abs(r.Size-size) > tol {
		t.Errorf("size %v (ok %v, from %q), want %v from the mesh", r.Size, r.SizeOK, r.SizeFrom, size)
	}
	for _, c := range []struct {
		name           string
		mesh, position float64
		agrees         bool
	}{
		{"Spine", spineMesh, 0, false},
		{"Head", headMesh, 1.35 * s, false},
		{"Tail", 0, 0, true},
		{"Hips", 0, 0, true},
	} {
		n := byName(t, r, c.name)
		if !n.Mesh.OK || math.Abs(n.Mesh.Distance-c.mesh) > tol || !n.Position.OK || math.Abs(n.Position.Distance-c.position) > tol {
			t.Errorf("%s: mesh %v (ok %v), position %v (ok %v); want %v and %v", c.name, n.Mesh.Distance, n.Mesh.OK, n.Position.Distance, n.Position.OK, c.mesh, c.position)
		}
		if n.Agrees != c.agrees || n.Vertices != 8 {
			t.Errorf("%s: agrees %v, %d vertices; want %v, 8", c.name, n.Agrees, n.Vertices, c.agrees)
		}
		if c.mesh > 0 && n.Mesh.Pair != [2]int{0, 1} {
			t.Errorf("%s: mesh pair %v, want {0, 1}", c.name, n.Mesh.Pair)
		}
		if f, ok := r.Fraction(n.Mesh); !ok || math.Abs(f-c.mesh/size) > tol {
			t.Errorf("%s: mesh fraction %v (ok %v), want %v", c.name, f, ok, c.mesh/size)
		}
	}
	// Worst first: Head and Spine in the order of their disagreements.
	first, second := "Head", "Spine"
	if spineMesh > max(headMesh, 1.35*s) {
		first, second = second, first
	}
	if r.Nodes[0].Name != first || r.Nodes[1].Name != second || r.Disagreeing != 2 || r.Agrees() {
		t.Errorf("order %s, %s, %d disagreeing; want %s, %s, 2", r.Nodes[0].Name, r.Nodes[1].Name, r.Disagreeing, first, second)
	}
	// Spine's world is skewed: the angle between D Rz's first two columns
	// (c, 2.5s, 0) and (-s, 2.5c, 0) departs from 90 degrees.
	c1, c2 := mgl64.Vec3{c, 2.5 * s, 0}, mgl64.Vec3{-s, 2.5 * c, 0}
	skew := 90 - math.Acos(c1.Dot(c2)/(c1.Len()*c2.Len()))*180/math.Pi
	if n := byName(t, r, "Spine"); !n.SkewOK || math.Abs(n.SkewDeg-skew) > 1e-9 || n.Representable || !n.RepresentableOK {
		t.Errorf("Spine: skew %v (ok %v), representable %v; want %v, not representable", n.SkewDeg, n.SkewOK, n.Representable, skew)
	}
	if n := byName(t, r, "Tail"); !n.SkewOK || n.SkewDeg > 1e-9 || !n.Representable {
		t.Errorf("Tail: skew %v, representable %v; want 0, representable", n.SkewDeg, n.Representable)
	}
}

// The piston at rest: A (scale 0.25, 0.25, 2, a quarter turn about y)
// over B (scale 4, 4, 0.5) makes B's world a pure rotation under
// accumulate-matrices. The rules that pass the parent's whole scale on
// agree there; the others draw B differently (seed 003's flat disc):
// blender-none drops A's scale, so B's linear part is R diag(4, 4, 0.5)
// instead of R, and a ring point (0.5 cos a, 0.5 sin a, +-0.5) moves by
// |(1.5 cos a, 1.5 sin a, -+0.25)| = sqrt(2.25 + 0.0625); the largest
// origin disagreement is uniform-inner-scale's, which passes A only
// u = cbrt(0.25*0.25*2) = 0.5, so B's origin sits 0.5*0.5 = 0.25 along
// A's z instead of 2*0.5 = 1.
func TestPistonAtRest(t *testing.T) {
	const tol = 1e-9
	sc, err := scene.NewPreset("piston")
	if err != nil {
		t.Fatal(err)
	}
	passing := []modes.Mode{modes.AccumulateMatrices, modes.AccumulateTRS, modes.SkewStripping, modes.BlenderFixShear, modes.BlenderAligned}
	r := Check(sc.Nodes, passing, DefaultTolerance)
	if !r.Agrees() {
		t.Errorf("rules that pass the whole scale disagree: %+v", r.Nodes)
	}
	for _, n := range r.Nodes {
		if n.Mesh.Distance > tol || n.Position.Distance > tol || !n.Agrees || !n.Representable || n.SkewDeg > tol {
			t.Errorf("%s: %+v", n.Name, n)
		}
	}

	r = Check(sc.Nodes, nil, DefaultTolerance)
	if r.Agrees() || r.Disagreeing != 1 || r.Nodes[0].Name != "B" || len(r.Rules) != len(modes.All) {
		t.Fatalf("all rules: %d disagreeing, first %s, %d rules; want 1, B, %d", r.Disagreeing, r.Nodes[0].Name, len(r.Rules), len(modes.All))
	}
	b := r.Nodes[0]
	if math.Abs(b.Mesh.Distance-math.Sqrt(2.25+0.0625)) > tol || r.Rules[b.Mesh.Pair[0]].Name != modes.AccumulateMatrices.Name || r.Rules[b.Mesh.Pair[1]].Name != modes.BlenderNone.Name {
		t.Errorf("B mesh %v between %v, want %v between accumulate-matrices and blender-none", b.Mesh.Distance, b.Mesh.Pair, math.Sqrt(2.25+0.0625))
	}
	if math.Abs(b.Position.Distance-0.75) > tol || r.Rules[b.Position.Pair[1]].Name != modes.UniformInnerScale.Name {
		t.Errorf("B position %v between %v, want 0.75 with uniform-inner-scale", b.Position.Distance, b.Position.Pair)
	}
	if b.Vertices != len(render.Cylinder.Points) {
		t.Errorf("B has %d vertices, want the cylinder's %d", b.Vertices, len(render.Cylinder.Points))
	}
}

// uniformScene is a three-level hierarchy with uniform scales, turns
// about slanted axes and a sheared-free mix of shapes; scale 1 everywhere
// when unit.
func uniformScene(t *testing.T, unit bool) []scene.Node {
	t.Helper()
	s := func(k float64) mgl64.Vec3 {
		if unit {
			k = 1
		}
		return mgl64.Vec3{k, k, k}
	}
	sc, err := scene.New([]scene.Node{
		{Name: "R", Parent: -1, Shape: scene.ShapeBox, Local: transform.TRS{Position: mgl64.Vec3{1, 2, 3}, Rotation: rot(20, mgl64.Vec3{1, 1, 0}.Normalize()), Scale: s(2)}},
		{Name: "C", Parent: 0, Shape: scene.ShapeCylinder, Local: transform.TRS{Position: mgl64.Vec3{0.5, 1, -1}, Rotation: rot(37, mgl64.Vec3{0, 1, 1}.Normalize()), Scale: s(0.5)}},
		{Name: "G", Parent: 1, Shape: scene.ShapeBox, Local: transform.TRS{Position: mgl64.Vec3{0, 2, 0}, Rotation: rot(71, mgl64.Vec3{1, 2, 3}.Normalize()), Scale: s(3)}},
		{Name: "G2", Parent: 1, Local: transform.TRS{Position: mgl64.Vec3{1, 0, 0}, Rotation: rot(-15, zAxis), Scale: s(1.5)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return sc.Nodes
}

// With scale 1 everywhere every rule is T*R down the chain: all ten agree
// to rounding. With uniform scales, the rules that pass the parent's
// scale on agree too; the three that drop it (DropsInheritedScale) draw
// the children at another size.
func TestUniformScalesAgree(t *testing.T) {
	const tol = 1e-12
	r := Check(uniformScene(t, true), nil, DefaultTolerance)
	for _, n := range r.Nodes {
		if n.Mesh.Distance > tol*r.Size || n.Position.Distance > tol*r.Size || !n.Agrees {
			t.Errorf("unit scales, %s: mesh %v, position %v, agrees %v", n.Name, n.Mesh.Distance, n.Position.Distance, n.Agrees)
		}
	}
	var passing, dropping []modes.Mode
	for _, m := range modes.All {
		if m.DropsInheritedScale {
			dropping = append(dropping, m)
		} else {
			passing = append(passing, m)
		}
	}
	nodes := uniformScene(t, false)
	r = Check(nodes, passing, DefaultTolerance)
	if !r.Agrees() || len(passing) != 7 {
		t.Errorf("uniform scales under %d passing rules: %d disagree", len(passing), r.Disagreeing)
	}
	for _, n := range r.Nodes {
		if n.Mesh.Distance > tol*r.Size || n.Position.Distance > tol*r.Size || n.SkewDeg > 1e-9 || !n.Representable {
			t.Errorf("uniform scales, %s: mesh %v, position %v, skew %v", n.Name, n.Mesh.Distance, n.Position.Distance, n.SkewDeg)
		}
	}
	r = Check(nodes, append([]modes.Mode{modes.AccumulateMatrices}, dropping...), DefaultTolerance)
	if r.Agrees() || byName(t, r, "R").Mesh.Distance > tol || byName(t, r, "G").Agrees {
		t.Errorf("the rules that drop the inherited scale agree: %+v", r.Nodes)
	}
}

// worseFirst: an undefined disagreement first, then the larger one (of
// mesh and position), then the larger skew (an undefined skew last), then
// scene order.
func TestWorseFirst(t *testing.T) {
	d := func(x float64) Disagreement { return Disagreement{Distance: x, OK: true, Pair: noPair} }
	nodes := []Node{
		{Index: 0, Name: "zero", Mesh: d(0), Position: d(0), SkewOK: true},
		{Index: 1, Name: "pos2", Mesh: d(1), Position: d(2), SkewOK: true},
		{Index: 2, Name: "undef", Mesh: Disagreement{Pair: noPair}, Position: d(0)},
		{Index: 3, Name: "mesh2-skew5", Mesh: d(2), Position: d(0), SkewDeg: 5, SkewOK: true},
		{Index: 4, Name: "mesh2-skew9", Mesh: d(2), Position: d(1), SkewDeg: 9, SkewOK: true},
		{Index: 5, Name: "zero-noskew", Mesh: d(0), Position: d(0)},
		{Index: 6, Name: "zero-again", Mesh: d(0), Position: d(0), SkewOK: true},
		{Index: 7, Name: "undef-pos", Mesh: d(3), Position: Disagreement{Pair: noPair}, SkewDeg: 1, SkewOK: true},
	}
	slices.SortStableFunc(nodes, worseFirst)
	var got []string
	for _, n := range nodes {
		got = append(got, n.Name)
	}
	want := []string{"undef-pos", "undef", "mesh2-skew9", "mesh2-skew5", "pos2", "zero", "zero-again", "zero-noskew"}
	if !slices.Equal(got, want) {
		t.Errorf("order %q, want %q", got, want)
	}
}

// Without any mesh the size is the diagonal of the node positions' box;
// one point gives a box of zero size, and 1 unit is used.
func TestSizeWithoutMesh(t *testing.T) {
	sc, err := scene.New([]scene.Node{
		{Name: "A", Parent: -1, Local: transform.TRS{Position: mgl64.Vec3{1, 1, 1}, Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{1, 1, 1}}},
		{Name: "B", Parent: 0, Local: transform.TRS{Position: mgl64.Vec3{3, 4, 12}, Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{1, 1, 1}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	r := Check(sc.Nodes, nil, DefaultTolerance)
	if !r.SizeOK || r.SizeFrom != SizeFromPositions || math.Abs(r.Size-13) > 1e-12 || !r.Agrees() {
		t.Errorf("two points: size %v (ok %v, from %q), agrees %v; want 13 from positions", r.Size, r.SizeOK, r.SizeFrom, r.Agrees())
	}
	if n := r.Nodes[0]; n.Vertices != 0 || !n.Mesh.OK || n.Mesh.Distance != 0 {
		t.Errorf("a node without mesh: %+v", n)
	}
	r = Check(sc.Nodes[:1], nil, DefaultTolerance)
	if !r.SizeOK || r.SizeFrom != SizeFromUnit || r.Size != 1 {
		t.Errorf("one point: size %v (ok %v, from %q), want 1 (unit)", r.Size, r.SizeOK, r.SizeFrom)
	}
	if r := Check(nil, nil, DefaultTolerance); r.SizeOK || len(r.Nodes) != 0 || !r.Agrees() {
		t.Errorf("no nodes: %+v", r)
	}
}

// A chain of scales of 1e6 overflows float64 after about 52 levels: no
// panic, the deep nodes' values are undefined (overflow) and disagree,
// the size comes from the nodes that are finite, and neither writer
// prints NaN or Inf.
func TestOverflowIsUndefined(t *testing.T) {
	nodes := make([]scene.Node, 60)
	for i := range nodes {
		nodes[i] = scene.Node{Name: "n" + string(rune('A'+i%26)) + string(rune('a'+i/26)), Parent: i - 1, Shape: scene.ShapeBox,
			Local: transform.TRS{Position: mgl64.Vec3{1, 0, 0}, Rotation: rot(10, zAxis), Scale: mgl64.Vec3{1e6, 1e6, 1e6}}}
	}
	sc, err := scene.New(nodes)
	if err != nil {
		t.Fatal(err)
	}
	r := Check(sc.Nodes, nil, DefaultTolerance)
	last := byName(t, r, sc.Nodes[59].Name)
	if last.Mesh.OK || last.Position.OK || last.SkewOK || last.RepresentableOK || last.Agrees || last.Undefined != modes.ReasonOverflow {
		t.Errorf("the deepest node: %+v", last)
	}
	if r.Nodes[0].Mesh.OK && r.Nodes[0].Position.OK {
		t.Errorf("an undefined node is not listed first: %+v", r.Nodes[0])
	}
	for _, n := range r.Nodes {
		for _, x := range []float64{n.SkewDeg, n.Mesh.Distance, n.Position.Distance} {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				t.Errorf("%s: a value is %v", n.Name, x)
			}
		}
	}
	if r.Agrees() {
		t.Error("a scene that overflows agrees")
	}
	checkWriters(t, &File{Name: "overflow", Scenes: []Scene{{Report: r}}})
}

// Check matches a plain computation from each mode's Reference (every
// rule on every node, every pair of rules at every vertex) on random
// hierarchies with non-uniform scales, shears from glTF matrices and
// per-node rules.
func TestCheckMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 1))
	var c Checker
	for trial := range 20 {
		nodes := randomNodes(rng, 30)
		r := c.Check(nodes, nil, DefaultTolerance)
		want := referenceCheck(nodes, modes.All)
		for _, n := range r.Nodes {
			w := want[n.Index]
			tol := 1e-9 * max(1, r.Size)
			if math.Abs(n.Mesh.Distance-w.mesh) > tol || math.Abs(n.Position.Distance-w.position) > tol {
				t.Fatalf("trial %d, %s: mesh %v, position %v; reference %v, %v", trial, n.Name, n.Mesh.Distance, n.Position.Distance, w.mesh, w.position)
			}
			// The pair named is that far apart.
			if n.Mesh.Pair[0] >= 0 && math.Abs(w.pairMesh[n.Mesh.Pair]-n.Mesh.Distance) > tol {
				t.Fatalf("trial %d, %s: mesh pair %v is %v apart, not %v", trial, n.Name, n.Mesh.Pair, w.pairMesh[n.Mesh.Pair], n.Mesh.Distance)
			}
		}
		for k := 1; k < len(r.Nodes); k++ {
			if worseFirst(r.Nodes[k-1], r.Nodes[k]) > 0 {
				t.Fatalf("trial %d: %s listed before %s", trial, r.Nodes[k-1].Name, r.Nodes[k].Name)
			}
		}
	}
}

// randomNodes returns n nodes, parents first, with random locals (scales
// 0.3 to 2 per axis), some glTF-style shears, some per-node rules, and
// random shapes.
func randomNodes(rng *rand.Rand, n int) []scene.Node {
	nodes := make([]scene.Node, n)
	for i := range nodes {
		q := transform.Normalize(mgl64.Quat{W: rng.NormFloat64(), V: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}})
		s := mgl64.Vec3{0.3 + 1.7*rng.Float64(), 0.3 + 1.7*rng.Float64(), 0.3 + 1.7*rng.Float64()}
		nd := scene.Node{Name: "n" + string(rune('A'+i%26)) + string(rune('a'+i/26)), Parent: rng.IntN(i+1) - 1, Shape: scene.Shape(rng.IntN(3)),
			Local: transform.TRS{Position: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}, Rotation: q, Scale: s}}
		if rng.IntN(5) == 0 {
			nd.Shear = [3]float64{0.1 * rng.NormFloat64(), 0.1 * rng.NormFloat64(), 0.1 * rng.NormFloat64()}
		}
		if rng.IntN(6) == 0 {
			nd.Rule = scene.Rules()[rng.IntN(len(scene.Rules()))]
		}
		nodes[i] = nd
	}
	return nodes
}

type referenceNode struct {
	mesh, position float64
	pairMesh       map[[2]int]float64
}

// referenceCheck computes every node's disagreements the plain way.
func referenceCheck(nodes []scene.Node, rules []modes.Mode) []referenceNode {
	worlds := make([][]mgl64.Mat4, len(rules))
	for k, m := range rules {
		ns, g := modes.Scoped(nil, nodes, m, -1, true)
		worlds[k] = g.Reference(ns)
	}
	out := make([]referenceNode, len(nodes))
	for i := range nodes {
		o := referenceNode{pairMesh: map[[2]int]float64{}}
		var pts []mgl64.Vec3
		if m := render.NodeMesh(&nodes[i]); m != nil {
			pts = m.Points
		}
		for a := range rules {
			for b := a + 1; b < len(rules); b++ {
				wa, wb := worlds[a][i], worlds[b][i]
				o.position = max(o.position, wa.Col(3).Vec3().Sub(wb.Col(3).Vec3()).Len())
				d := 0.0
				for _, p := range pts {
					d = max(d, wa.Mul4x1(p.Vec4(1)).Sub(wb.Mul4x1(p.Vec4(1))).Len())
				}
				o.pairMesh[[2]int{a, b}] = d
				o.mesh = max(o.mesh, d)
			}
		}
		out[i] = o
	}
	return out
}

// A Checker used again allocates only the report's node list and one
// slice of the disagreeing nodes' causes, however many nodes and
// vertices: the per-node loop allocates nothing.
func TestCheckerReuseAllocates(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for _, n := range []int{50, 500} {
		nodes := randomNodes(rng, n)
		var c Checker
		c.Check(nodes, nil, DefaultTolerance)
		if a := testing.AllocsPerRun(5, func() { c.Check(nodes, nil, DefaultTolerance) }); a > 2 {
			t.Errorf("%d nodes: %v allocations per check, want 2 (the node list, the causes)", n, a)
		}
	}
}

// A NaN or negative tolerance lets no node agree; 0 asks for exact
// agreement, which a root has.
func TestToleranceEdges(t *testing.T) {
	nodes := rigScene(t).Nodes
	if r := Check(nodes, nil, math.NaN()); r.Disagreeing != len(nodes) {
		t.Errorf("NaN tolerance: %d of %d disagree", r.Disagreeing, len(nodes))
	}
	if r := Check(nodes, nil, -1); r.Disagreeing != len(nodes) {
		t.Errorf("negative tolerance: %d of %d disagree", r.Disagreeing, len(nodes))
	}
	if r := Check(nodes, nil, 0); !byName(t, r, "Hips").Agrees {
		t.Error("tolerance 0: the root Hips, T*R*S under every rule, disagrees")
	}
}

// The audit does not depend on the unit: the rig under a chain of 40
// uniform scales of 1e-6 (1e-240 in all) or of 1e6 (1e240), where the
// squares of its distances underflow or overflow float64, gives the same
// fractions of the size, and the disagreeing nodes in the same order, as
// the rig itself.
func TestScaleInvariance(t *testing.T) {
	rules := []modes.Mode{modes.AccumulateMatrices, modes.AccumulateTRS}
	rig := rigScene(t).Nodes
	want := Check(rig, rules, DefaultTolerance)
	for _, k := range []float64{1e-6, 1e6} {
		var nodes []scene.Node
		for i := range 40 {
			nodes = append(nodes, scene.Node{Name: "s" + string(rune('A'+i%26)) + string(rune('a'+i/26)), Parent: i - 1,
				Local: transform.TRS{Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{k, k, k}}})
		}
		for _, n := range rig {
			n.Parent += 40 // Hips (-1) hangs off the last scale, node 39
			nodes = append(nodes, n)
		}
		got := Check(nodes, rules, DefaultTolerance)
		if got.Disagreeing != want.Disagreeing || !got.SizeOK {
			t.Fatalf("scale %g: %d disagree (size ok %v), want %d", k, got.Disagreeing, got.SizeOK, want.Disagreeing)
		}
		for j, w := range want.Nodes {
			g := byName(t, got, w.Name)
			if j < want.Disagreeing {
				g = got.Nodes[j] // the disagreeing nodes come first, in the same order
			}
			gm, _ := got.Fraction(g.Mesh)
			wm, _ := want.Fraction(w.Mesh)
			gp, _ := got.Fraction(g.Position)
			wp, _ := want.Fraction(w.Position)
			if g.Name != w.Name || math.Abs(gm-wm) > 1e-9 || math.Abs(gp-wp) > 1e-9 || g.Mesh.Pair != w.Mesh.Pair {
				t.Errorf("scale %g, row %d: %s mesh %v position %v pair %v; want %s %v %v %v", k, j, g.Name, gm, gp, g.Mesh.Pair, w.Name, wm, wp, w.Mesh.Pair)
			}
		}
	}
}

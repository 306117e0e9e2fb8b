package modes

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/internal/testkit"
	"skewlab/scene"
	"skewlab/transform"
)

// TestSkinningByHand checks skinned points against positions derived by
// hand under three rules whose joint worlds differ (c = s = √½):
//
//	accumulate-matrices W1 = T(2,0,0)·diag(2,1,1)·Rz45
//	accumulate-trs      W1 = T(2,0,0)·Rz45·diag(2,1,1)
//	blender-none        W1 = T(2,0,0)·Rz45 (the parent's scale dropped)
//
// and W0 = diag(2,1,1) in all three. Point b = (1.5, 0, 0.25) maps by
// IBM1 to (0.5, 0, 0.25); Rz45 of it is (0.5c, 0.5c, 0.25), so under
// matrices (2 + c, 0.5c, 0.25); under TRS diag first gives (1, 0, 0.25),
// then (c, c, 0.25), so (2 + c, c, 0.25); under none (2 + 0.5c, 0.5c,
// 0.25). Point c = (1, 0.5, 0.5) half on each joint: J0 gives (2, 0.5,
// 0.5); J1 maps (0, 0.5, 0.5) to (-0.5c, 0.5c, 0.5) by Rz45, x doubled
// under matrices: (2 - c, 0.5c, 0.5), else (2 - 0.5c, 0.5c, 0.5); the
// halves' sum. Point d = (1, 0, 0) with one weight 0.5 on J0: 0.5 · (2,
// 0, 0) = (1, 0, 0), the weights used as written.
func TestSkinningByHand(t *testing.T) {
	sc := testkit.TwoJointArm(t)
	c := math.Sqrt2 / 2
	want := map[string][4]mgl64.Vec3{
		"accumulate-matrices": {{1, 0.5, 0}, {2 + c, 0.5 * c, 0.25}, {(2 + 2 - c) / 2, (0.5 + 0.5*c) / 2, 0.5}, {1, 0, 0}},
		"accumulate-trs":      {{1, 0.5, 0}, {2 + c, c, 0.25}, {(2 + 2 - 0.5*c) / 2, (0.5 + 0.5*c) / 2, 0.5}, {1, 0, 0}},
		"blender-none":        {{1, 0.5, 0}, {2 + 0.5*c, 0.5 * c, 0.25}, {(2 + 2 - 0.5*c) / 2, (0.5 + 0.5*c) / 2, 0.5}, {1, 0, 0}},
	}
	const tol = 1e-9
	for name, w := range want {
		m, err := ByName(name)
		if err != nil {
			t.Fatal(err)
		}
		world := make([]mgl64.Mat4, len(sc.Nodes))
		var ws Workspace
		m.World(sc.Nodes, &ws, world)
		var d scene.Deformer
		got := d.Points(&sc.Nodes[2], world)
		for k := range w {
			if got[k].Sub(w[k]).Len() > tol {
				t.Errorf("%s point %d: got %v, want %v (hand-derived)", name, k, got[k], w[k])
			}
			// SkinPoint, the one-point formula, agrees.
			if p := scene.SkinPoint(sc.Nodes[2].Mesh, sc.Nodes[2].Skin, k, world); p.Sub(w[k]).Len() > tol {
				t.Errorf("%s SkinPoint %d: got %v, want %v", name, k, p, w[k])
			}
		}
	}
}

// TestSkinningUndefinedJoint: under maya-ssc a joint below a zero scale
// is undefined; the points it moves come out non-finite (not drawn) and
// the others stay finite.
func TestSkinningUndefinedJoint(t *testing.T) {
	sc := testkit.TwoJointArm(t)
	sc.Nodes[0].Local.Scale = mgl64.Vec3{0, 1, 1}
	world := make([]mgl64.Mat4, len(sc.Nodes))
	var ws Workspace
	MayaSSC.World(sc.Nodes, &ws, world)
	var d scene.Deformer
	got := d.Points(&sc.Nodes[2], world)
	if !transform.FiniteVec3(got[0]) || !transform.FiniteVec3(got[3]) {
		t.Errorf("points on J0 alone should stay finite: %v %v", got[0], got[3])
	}
	if transform.FiniteVec3(got[1]) || transform.FiniteVec3(got[2]) {
		t.Errorf("points on the undefined J1 should not be finite: %v %v", got[1], got[2])
	}
}

// TestDeformerAllocatesNothing: once grown, skinning a mesh again
// allocates nothing.
func TestDeformerAllocatesNothing(t *testing.T) {
	sc := testkit.TwoJointArm(t)
	world := make([]mgl64.Mat4, len(sc.Nodes))
	var ws Workspace
	AccumulateMatrices.World(sc.Nodes, &ws, world)
	var d scene.Deformer
	d.Points(&sc.Nodes[2], world)
	if a := testing.AllocsPerRun(100, func() { d.Points(&sc.Nodes[2], world) }); a != 0 {
		t.Errorf("Deformer.Points: %v allocations per call, want 0", a)
	}
}

// TestRestRotation: a node with a rest rotation Q and pose rotation R
// draws as the node without one and rotation Q·R under every rule but
// blender-fix-shear; under blender-fix-shear its linear part is the
// no-rest rule's with rotation Q and unit scale, times R·S (Blender
// straightens the parent times the rest, then applies the pose). Parent
// stretched (3, 1, 1) and turned, so the straightening matters.
func TestRestRotation(t *testing.T) {
	q := mgl64.QuatRotate(0.6, mgl64.Vec3{1, 2, 3}.Normalize())
	r := mgl64.QuatRotate(0.9, mgl64.Vec3{-2, 1, 0.5}.Normalize())
	s := mgl64.Vec3{1.5, 0.7, 1.2}
	base := []scene.Node{
		{Name: "P", Parent: -1, Local: transform.TRS{Rotation: mgl64.QuatRotate(0.3, mgl64.Vec3{0, 0, 1}), Scale: mgl64.Vec3{3, 1, 1}}},
		{Name: "C", Parent: 0, Local: transform.TRS{Position: mgl64.Vec3{0.2, 1, 0.1}, Rotation: r, Scale: s}, Rest: q},
	}
	rest, err := scene.New(base)
	if err != nil {
		t.Fatal(err)
	}
	folded := rest.Clone()
	folded.Nodes[1].Rest = mgl64.Quat{}
	folded.Nodes[1].Local.Rotation = q.Mul(r)
	const tol = 1e-12
	for _, m := range All {
		got := make([]mgl64.Mat4, 2)
		var ws Workspace
		m.World(rest.Nodes, &ws, got)
		ref := m.Reference(rest.Nodes)
		if !matClose(got[1], ref[1], tol) {
			t.Errorf("%s: fast %v and reference %v differ with a rest rotation", m.Name, got[1], ref[1])
		}
		if m.Name != BlenderFixShear.Name {
			want := m.Reference(folded.Nodes)
			if !matClose(got[1], want[1], tol) {
				t.Errorf("%s: rest·pose %v, folded %v", m.Name, got[1], want[1])
			}
			continue
		}
		// blender-fix-shear: W3(rest Q, pose R, S) = W3(rotation Q, S = 1) · R · S.
		straight := rest.Clone()
		straight.Nodes[1].Rest = mgl64.Quat{}
		straight.Nodes[1].Local.Rotation = q
		straight.Nodes[1].Local.Scale = mgl64.Vec3{1, 1, 1}
		w := m.Reference(straight.Nodes)[1]
		lin := w.Mat3().Mul3(transform.RotMat3(r)).Mul3(mgl64.Diag3(s)).Mat4()
		lin[12], lin[13], lin[14] = w[12], w[13], w[14]
		if !matClose(got[1], lin, tol) {
			t.Errorf("blender-fix-shear with rest: %v, want %v", got[1], lin)
		}
		// and the rest/pose split matters here: folding differs.
		if f := m.Reference(folded.Nodes)[1]; matClose(f, got[1], 1e-3) {
			t.Errorf("blender-fix-shear: folding rest and pose should differ under a stretched parent")
		}
	}
}

func matClose(a, b mgl64.Mat4, tol float64) bool {
	for k := range a {
		if math.Abs(a[k]-b[k]) > tol*max(1, math.Abs(b[k])) {
			return false
		}
	}
	return true
}

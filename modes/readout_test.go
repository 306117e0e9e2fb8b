package modes

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// chain returns a scene of n nodes N0..N(n-1), each the child of the one
// before, all with the same local transform.
func chain(t testing.TB, n int, local transform.TRS) *scene.Scene {
	nodes := make([]scene.Node, n)
	for i := range nodes {
		nodes[i] = scene.Node{Name: fmt.Sprintf("N%d", i), Parent: i - 1, Local: local}
	}
	s, err := scene.New(nodes)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func scaled(x, y, z float64) transform.TRS {
	return transform.TRS{Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{x, y, z}}
}

// readoutFloats lists every number a readout holds.
func readoutFloats(r Readout) []float64 {
	v := append([]float64{}, r.World[:]...)
	v = append(v, r.Position[:]...)
	v = append(v, r.SkewDeg, r.Volume)
	v = append(v, r.LossyScale[:]...)
	return append(v, r.Stretch[:]...)
}

// checkReadout fails unless every value of r is finite, undefined values
// are zero and named by a reason, and r encodes as JSON.
func checkReadout(t testing.TB, what string, r Readout) {
	t.Helper()
	for _, x := range readoutFloats(r) {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			t.Fatalf("%s: non-finite value in %+v", what, r)
		}
	}
	allOK := r.WorldOK && r.PositionOK && r.SkewOK && r.VolumeOK && r.LossyOK && r.StretchOK && r.RepresentableOK
	if allOK != (r.Undefined == "") || allOK != (r.Note == "") {
		t.Fatalf("%s: ok flags and reasons disagree: %+v", what, r)
	}
	if !r.WorldOK && r.World != (mgl64.Mat4{}) || !r.VolumeOK && r.Volume != 0 || !r.SkewOK && !r.RepresentableOK && r.SkewDeg != 0 {
		t.Fatalf("%s: an undefined value is not zero: %+v", what, r)
	}
	if _, err := json.Marshal(r); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// A chain of 60 scales (1e6, 1e6, 1e6) under accumulate-matrices. Hand
// derivation: node i's linear part is diag(1e6^(i+1)) (identity
// rotations, zero positions); float64 ends at about 1.797e308, so 1e6^51 =
// 1e306 is finite and 1e6^52 = 1e312 is not: nodes 0..50 have a finite
// world matrix, 51..59 do not. Its volume is 1e6^(3(i+1)) = 1e(18(i+1)),
// finite up to 1e306 (i = 16) and overflowing from i = 17 on. Position
// is the parent's linear part times (0,0,0): 0 while the parent is finite
// (i <= 51), Inf*0 = NaN below that (i >= 52).
func TestAnalyzeOverflowChain(t *testing.T) {
	s := chain(t, 60, scaled(1e6, 1e6, 1e6))
	w := world(AccumulateMatrices, s)
	rw := make([]mgl64.Mat3, len(s.Nodes))
	WorldRotations(s.Nodes, rw)
	for i := range s.Nodes {
		r := AnalyzeWorld(w[i], rw[i])
		checkReadout(t, s.Nodes[i].Name, r)
		if r.WorldOK != (i <= 50) || r.VolumeOK != (i <= 16) || r.PositionOK != (i <= 51) {
			t.Errorf("N%d: world %v volume %v position %v defined; want %v %v %v", i, r.WorldOK, r.VolumeOK, r.PositionOK, i <= 50, i <= 16, i <= 51)
		}
		if r.StretchOK != (i <= 50) || r.LossyOK != (i <= 50) || r.SkewOK != (i <= 50) || r.RepresentableOK != (i <= 50) {
			t.Errorf("N%d: stretch %v lossy %v skew %v representable %v defined; want %v", i, r.StretchOK, r.LossyOK, r.SkewOK, r.RepresentableOK, i <= 50)
		}
		wantWhy := ""
		if i >= 17 {
			wantWhy = ReasonOverflow
		}
		if r.Undefined != wantWhy || r.Flat() || r.LossyFlipped() || r.Skewed() {
			t.Errorf("N%d: undefined %q flat %v lossy flipped %v skewed %v; want %q and no flags", i, r.Undefined, r.Flat(), r.LossyFlipped(), r.Skewed(), wantWhy)
		}
		if i <= 50 {
			want := math.Pow(10, 6*float64(i+1))
			if d := math.Abs(r.Stretch[0]/want - 1); !(d <= 1e-12) {
				t.Errorf("N%d: stretch %g, want %g", i, r.Stretch[0], want)
			}
		}
	}
}

// Every mode on deep chains of large scales: every readout finite or
// undefined, never NaN, never a JSON error.
func TestAnalyzeDeepChainsEveryMode(t *testing.T) {
	rot := transform.EulerDeg(10, 20, 30)
	for _, local := range []transform.TRS{
		scaled(1e6, 1, 1), scaled(1e6, 1e6, 1e6), scaled(1e6, 1e-6, 1),
		{Position: mgl64.Vec3{1e6, -1e6, 1}, Rotation: rot, Scale: mgl64.Vec3{1e6, 3, -1e6}},
		{Position: mgl64.Vec3{1, 2, 3}, Rotation: rot, Scale: mgl64.Vec3{0, 1e6, 1e6}},
	} {
		s := chain(t, 100, local)
		rw := make([]mgl64.Mat3, len(s.Nodes))
		WorldRotations(s.Nodes, rw)
		for _, m := range All {
			w := world(m, s)
			for i := range w {
				checkReadout(t, fmt.Sprintf("%v %s N%d", local, m.Name, i), AnalyzeWorld(w[i], rw[i]))
			}
		}
	}
}

// WorldRotations (one pass) equals WorldRotation (a walk per node).
func TestWorldRotationsMatchesWalk(t *testing.T) {
	const tol = 1e-12
	nodes := randomScene(rand.New(rand.NewPCG(7, 7)), 200, false)
	rw := make([]mgl64.Mat3, len(nodes))
	WorldRotations(nodes, rw)
	for i := range nodes {
		want := WorldRotation(nodes, i)
		for k := range want {
			if d := math.Abs(rw[i][k] - want[k]); !(d <= tol) {
				t.Fatalf("node %d entry %d: %g, want %g", i, k, rw[i][k], want[k])
			}
		}
	}
}

// Finding 10 of issue 10 through Analyze: Child under a Parent with a zero
// y scale; Child's rotation maps axes onto axes, so its columns lie along
// the parent's axes (orthogonal) and the one along y is zero. Skew is
// undefined, representable judged on the other two: yes, no SKEW flag.
func TestAnalyzeCollapsedColumnIsZero(t *testing.T) {
	s, err := scene.NewPreset("skew")
	if err != nil {
		t.Fatal(err)
	}
	set := func(name string, e, sc mgl64.Vec3) {
		i := s.Index(name)
		l := s.Nodes[i].Local
		l.Rotation, l.Scale = transform.EulerDeg(e[0], e[1], e[2]), sc
		if err := s.SetLocal(i, l); err != nil {
			t.Fatal(err)
		}
	}
	set("Parent", mgl64.Vec3{-23.701852, 20.212539, 88.529709}, mgl64.Vec3{2.912823710771, 0, 2.81784970706})
	set("Child", mgl64.Vec3{-90, -180, -90}, mgl64.Vec3{1.609456624322, 1.322880582017, 3.70582362317})
	r := Analyze(s.Nodes, world(AccumulateMatrices, s), s.Index("Child"))
	if r.SkewOK || r.Skewed() || !r.Representable || !r.RepresentableOK || r.Undefined != ReasonZeroScale || !r.Flat() {
		t.Errorf("Child: %+v; want skew undefined (zero scale), representable, flat", r)
	}
}

// Cycle first, then overflow, then singularity, each with its own message;
// a root target never indexes the scene at -1 (finding 3).
func TestReparentOrderAndMessages(t *testing.T) {
	s := chain(t, 60, scaled(1e6, 1e6, 1e6))
	nodes := append(append([]scene.Node{}, s.Nodes...), scene.Node{Name: "X", Parent: 0, Local: scaled(1, 1, 1)})
	nodes[5].Local.Scale = mgl64.Vec3{1, 0, 1} // N5 singular; everything below it too
	s, err := scene.New(nodes)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		node, parent string
		want         string
	}{
		{"N59", "-", `"N59" has a world matrix that overflows`},
		{"N59", "N0", `"N59" has a world matrix that overflows`},
		{"N0", "N59", "descendant"},
		{"N3", "N5", "descendant"},
		{"X", "N59", `new parent "N59" has a world matrix that overflows`},
		{"X", "N5", `new parent "N5" has a singular world matrix`},
	} {
		before := s.Clone()
		p := -1
		if c.parent != "-" {
			p = s.Index(c.parent)
		}
		_, _, err := Reparent(s, s.Index(c.node), p)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Reparent %s=%s: %v; want %q", c.node, c.parent, err, c.want)
		}
		if len(s.Nodes) != len(before.Nodes) || s.Nodes[s.Index(c.node)].Parent != before.Nodes[before.Index(c.node)].Parent {
			t.Errorf("Reparent %s=%s changed the scene", c.node, c.parent)
		}
	}
	// A finite node keeps working: X (world scale 1e6) as a root.
	if _, _, err := Reparent(s, s.Index("X"), -1); err != nil {
		t.Errorf("X as a root: %v", err)
	}
}

// A child whose folded position would exceed 1e6 is listed and the fold is
// not exact (finding 8). Hand algebra: Root's scale (1e6, 1e-6, 1) has
// uniform part cbrt(1) = 1 and residual (1e6, 1e-6, 1); Far at x = 2
// would move to 2e6 (> 1e6, refused), Near at x = 0.5 moves to 5e5 with
// scale (1e6, 1e-6, 1) times (1, 1, 1) and residual 0 (no rotation).
func TestFoldReportsUnfolded(t *testing.T) {
	nodes := []scene.Node{
		{Name: "Root", Parent: -1, Local: scaled(1e6, 1e-6, 1)},
		{Name: "Far", Parent: 0, Local: transform.TRS{Position: mgl64.Vec3{2, 0, 0}, Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{1, 1, 1}}},
		{Name: "Near", Parent: 0, Local: transform.TRS{Position: mgl64.Vec3{0.5, 0, 0}, Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{1, 1, 1}}},
	}
	s, err := scene.New(nodes)
	if err != nil {
		t.Fatal(err)
	}
	f := FoldResiduals(s)
	if f.Exact() || len(f.Unfolded) != 1 || f.Unfolded[0] != 1 || f.Residual != 0 {
		t.Errorf("fold = %+v; want Far (1) unfolded, residual 0, not exact", f)
	}
	if s.Nodes[1].Local.Position != (mgl64.Vec3{2, 0, 0}) || s.Nodes[2].Local.Position != (mgl64.Vec3{5e5, 0, 0}) {
		t.Errorf("positions %v %v; want Far unchanged at x 2, Near at x 5e5", s.Nodes[1].Local.Position, s.Nodes[2].Local.Position)
	}
	if p := piston(t); !FoldResiduals(p).Exact() {
		t.Error("the piston folds exactly")
	}
}

package modes

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

func piston(t testing.TB) *scene.Scene {
	s, err := scene.NewPreset("piston")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func world(m Mode, s *scene.Scene) []mgl64.Mat4 {
	out := make([]mgl64.Mat4, len(s.Nodes))
	var ws Workspace
	m.World(s.Nodes, &ws, out)
	return out
}

// col returns column c of the 3x3 part of m.
func col(m mgl64.Mat4, c int) mgl64.Vec3 { return mgl64.Vec3{m[4*c], m[4*c+1], m[4*c+2]} }

// skewDeg is an independent skew measure for tests: the largest departure
// from 90 degrees between two columns.
func skewDeg(m mgl64.Mat4) float64 {
	worst := 0.0
	for a := 0; a < 3; a++ {
		for b := a + 1; b < 3; b++ {
			ca, cb := col(m, a), col(m, b)
			cos := ca.Dot(cb) / (ca.Len() * cb.Len())
			ang := math.Acos(math.Max(-1, math.Min(1, cos))) * 180 / math.Pi
			worst = math.Max(worst, math.Abs(90-ang))
		}
	}
	return worst
}

// maxDiff is the largest entry difference; two undefined markers (every
// entry NaN) are equal, and any other NaN differs infinitely.
func maxDiff(a, b mgl64.Mat4) float64 {
	if isUndefined(&a) && isUndefined(&b) && undefinedMarker(a) && undefinedMarker(b) {
		return 0
	}
	d := 0.0
	for i := range a {
		d = math.Max(d, math.Abs(a[i]-b[i]))
	}
	if math.IsNaN(d) {
		return math.Inf(1)
	}
	return d
}

// posScale is 1 + the length of w's position, or 1 for an undefined w:
// the scale of a tolerance on w's entries.
func posScale(w mgl64.Mat4) float64 {
	if l := (mgl64.Vec3{w[12], w[13], w[14]}).Len(); l >= 0 {
		return 1 + l
	}
	return 1
}

// undefinedMarker reports the complete marker of markUndefined: every
// entry NaN.
func undefinedMarker(m mgl64.Mat4) bool {
	for _, v := range m {
		if !math.IsNaN(v) {
			return false
		}
	}
	return true
}

// markerAllowed reports a world matrix that may be undefined: the
// complete marker, from maya-ssc (the one rule that divides by a scale).
func markerAllowed(m Mode, w mgl64.Mat4) bool {
	return m.Rule == scene.RuleMayaSSC && undefinedMarker(w)
}

func setScale(t testing.TB, s *scene.Scene, name string, v mgl64.Vec3) {
	i := s.Index(name)
	l := s.Nodes[i].Local
	l.Scale = v
	if err := s.SetLocal(i, l); err != nil {
		t.Fatal(err)
	}
}

func setRot(t testing.TB, s *scene.Scene, name string, q mgl64.Quat) {
	i := s.Index(name)
	l := s.Nodes[i].Local
	l.Rotation = q
	if err := s.SetLocal(i, l); err != nil {
		t.Fatal(err)
	}
}

// The seed's artifact: Root scale (3,1,1). Hand algebra: A's 3x3 is
// diag(3,1,1)*Ry(90)*diag(.25,.25,2) with columns (0,0,-.25), (0,.25,0),
// (6,0,0); B multiplies by diag(4,4,.5): columns (0,0,-1), (0,1,0), (3,0,0).
func TestPistonMatricesStretchAlongWorldX(t *testing.T) {
	const tol = 1e-12
	s := piston(t)
	setScale(t, s, "Root", mgl64.Vec3{3, 1, 1})
	w := world(AccumulateMatrices, s)[2]
	want := [3]mgl64.Vec3{{0, 0, -1}, {0, 1, 0}, {3, 0, 0}}
	for c := 0; c < 3; c++ {
		if d := col(w, c).Sub(want[c]).Len(); !(d <= tol) {
			t.Errorf("B column %d = %v, want %v", c, col(w, c), want[c])
		}
	}
	if sk := skewDeg(w); !(sk <= 1e-9) {
		t.Errorf("B skew %g, want orthogonal", sk)
	}
	// Position: A = Root (2.5,3,3) + diag(3,1,1)*(0,0,1.5) = (2.5,3,4.5) (A's
	// own rotation does not move its origin); B = A + A's z column (6,0,0) *
	// 0.5 = (5.5,3,4.5).
	if d := (mgl64.Vec3{w[12], w[13], w[14]}).Sub(mgl64.Vec3{5.5, 3, 4.5}).Len(); !(d <= tol) {
		t.Errorf("B position %v, want (5.5,3,4.5)", w.Col(3))
	}
}

func TestPistonTRSScalesAlongLocalAxes(t *testing.T) {
	const tol = 1e-12
	s := piston(t)
	setScale(t, s, "Root", mgl64.Vec3{3, 1, 1})
	w := world(AccumulateTRS, s)[2]
	// (3,1,1)∘(.25,.25,2)∘(4,4,.5) = (3,1,1): fatter along B's own x, not longer.
	want := mgl64.Vec3{3, 1, 1}
	for c := 0; c < 3; c++ {
		if d := math.Abs(col(w, c).Len() - want[c]); !(d <= tol) {
			t.Errorf("B column %d length %g, want %g", c, col(w, c).Len(), want[c])
		}
	}
}

// skewOf returns the independent closed form for the angle between the
// images of two perpendicular unit vectors u, v under diag(d).
func skewOf(d, u, v mgl64.Vec3) float64 {
	du := mgl64.Vec3{d[0] * u[0], d[1] * u[1], d[2] * u[2]}
	dv := mgl64.Vec3{d[0] * v[0], d[1] * v[1], d[2] * v[2]}
	return 90 - math.Acos(du.Dot(dv)/(du.Len()*dv.Len()))*180/math.Pi
}

func TestMatricesSkewWhereSeed003Predicts(t *testing.T) {
	const tol = 1e-4
	// Root scale (3,1,1), A turned 38 degrees about y: A's x and z axes
	// (cos, 0, -sin) and (sin, 0, cos) pass through diag(3,1,1).
	s := piston(t)
	setScale(t, s, "Root", mgl64.Vec3{3, 1, 1})
	setRot(t, s, "A", transform.EulerDeg(0, 38, 0))
	a := 38 * math.Pi / 180
	want := skewOf(mgl64.Vec3{3, 1, 1}, mgl64.Vec3{math.Cos(a), 0, -math.Sin(a)}, mgl64.Vec3{math.Sin(a), 0, math.Cos(a)})
	if math.Abs(want-52.2974) > 1e-4 {
		t.Fatalf("hand formula gives %g, issue states 52.2974", want)
	}
	w := world(AccumulateMatrices, s)
	for _, i := range []int{1, 2} {
		if d := math.Abs(skewDeg(w[i]) - want); !(d <= tol) {
			t.Errorf("node %d skew %g, want %g", i, skewDeg(w[i]), want)
		}
	}
	// Root scale 1, B turned 45 degrees about x: A's diag(.25,.25,2) acts on
	// B's y and z axes; cos = 63/65 by hand.
	s = piston(t)
	setRot(t, s, "B", transform.EulerDeg(45, 0, 0))
	w = world(AccumulateMatrices, s)
	want = 90 - math.Acos(63.0/65)*180/math.Pi
	if d := math.Abs(skewDeg(w[2]) - want); !(d <= 1e-9) {
		t.Errorf("B skew %g, want %g", skewDeg(w[2]), want)
	}
	if math.Abs(want-75.74997) > 1e-5 {
		t.Errorf("hand value %g differs from the issue's 75.74997", want)
	}
	if sk := skewDeg(w[1]); !(sk <= 1e-9) {
		t.Errorf("A skew %g, want none", sk)
	}
}

// randomScene makes a parents-first hierarchy of n nodes with random
// positions, rotations and scales (non-uniform unless uniform is set;
// leaves may always be non-uniform).
func randomScene(rng *rand.Rand, n int, uniformInner bool) []scene.Node {
	nodes := make([]scene.Node, n)
	for i := range nodes {
		p := -1
		if i > 0 {
			p = rng.IntN(i)
		}
		q := transform.Normalize(mgl64.Quat{W: rng.NormFloat64(), V: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}})
		sc := mgl64.Vec3{0.2 + 2*rng.Float64(), 0.2 + 2*rng.Float64(), 0.2 + 2*rng.Float64()}
		if rng.IntN(5) == 0 {
			sc[rng.IntN(3)] *= -1
		}
		nodes[i] = scene.Node{Name: "n", Parent: p, Local: transform.TRS{
			Position: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()},
			Rotation: q, Scale: sc}}
	}
	if uniformInner {
		// Every node that has a child gets a uniform scale.
		for i := range nodes {
			if nodes[i].Parent >= 0 {
				p := &nodes[nodes[i].Parent].Local.Scale
				*p = mgl64.Vec3{p[0], p[0], p[0]}
			}
		}
	}
	return nodes
}

func TestFastMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for trial := 0; trial < 50; trial++ {
		nodes := randomScene(rng, 30, false)
		for _, m := range All {
			fastMatchesReference(t, m, nodes)
		}
	}
}

// fastMatchesReference fails t when m's World differs from its Reference
// on nodes by more than 1e-9 times each world's position scale.
func fastMatchesReference(t *testing.T, m Mode, nodes []scene.Node) {
	t.Helper()
	const tol = 1e-9
	out := make([]mgl64.Mat4, len(nodes))
	var ws Workspace
	m.World(nodes, &ws, out)
	ref := m.Reference(nodes)
	for i := range out {
		if d := maxDiff(out[i], ref[i]); !(d <= tol*posScale(ref[i])) {
			t.Fatalf("%s node %d differs from reference by %g", m.Name, i, d)
		}
	}
}

func TestTRSBasedModesNeverSkew(t *testing.T) {
	const tol = 1e-9 // degrees
	rng := rand.New(rand.NewPCG(2, 2))
	for trial := 0; trial < 100; trial++ {
		nodes := randomScene(rng, 12, false)
		for _, m := range []Mode{AccumulateTRS, UniformInnerScale, SkewStripping} {
			out := make([]mgl64.Mat4, len(nodes))
			var ws Workspace
			m.World(nodes, &ws, out)
			for i := range out {
				if sk := skewDeg(out[i]); !(sk <= tol) {
					t.Fatalf("%s node %d skews by %g degrees", m.Name, i, sk)
				}
			}
		}
	}
}

// Seed 003: with uniform ancestor scales TRS composition is exact, so every
// mode equals plain matrix composition.
func TestUniformAncestorsAllModesAgree(t *testing.T) {
	const tol = 1e-12
	rng := rand.New(rand.NewPCG(3, 3))
	for trial := 0; trial < 100; trial++ {
		nodes := randomScene(rng, 10, true)
		ref := AccumulateMatrices.Reference(nodes)
		for _, m := range All {
			if m.DropsInheritedScale {
				continue // by design: see TestDroppingRulesUnderUniformAncestors
			}
			out := make([]mgl64.Mat4, len(nodes))
			var ws Workspace
			m.World(nodes, &ws, out)
			for i := range out {
				scale := 1 + mgl64.Vec3{ref[i][12], ref[i][13], ref[i][14]}.Len() + col(ref[i], 0).Len()
				if d := maxDiff(out[i], ref[i]); !(d <= tol*scale) {
					t.Fatalf("%s node %d differs from matrix composition by %g", m.Name, i, d)
				}
			}
		}
	}
}

func TestUniformInnerScaleFlattensUnfoldedPiston(t *testing.T) {
	const tol = 1e-12
	w := world(UniformInnerScale, piston(t))[2]
	// A passes u = cbrt(.25*.25*2) = .5; B's own (4,4,.5) times .5.
	want := mgl64.Vec3{2, 2, 0.25}
	for c := 0; c < 3; c++ {
		if d := math.Abs(col(w, c).Len() - want[c]); !(d <= tol) {
			t.Errorf("B column %d length %g, want %g", c, col(w, c).Len(), want[c])
		}
	}
}

// skew-stripping's scale is diag(R_w^T L) = M_TR^-1 * M_TRS in column
// vectors; the wrong order M * M_TR^-1 would give (3,1,1) for B.
func TestSkewStrippingPiston(t *testing.T) {
	const tol = 1e-12
	s := piston(t)
	setScale(t, s, "Root", mgl64.Vec3{3, 1, 1})
	w := world(SkewStripping, s)
	b := w[2]
	want := mgl64.Vec3{1, 1, 3}
	for c := 0; c < 3; c++ {
		if d := math.Abs(col(b, c).Len() - want[c]); !(d <= tol) {
			t.Errorf("B column %d length %g, want %g", c, col(b, c).Len(), want[c])
		}
	}
	// Position from the full matrix chain: (5.5,3,4.5), 3 from A at (2.5,3,4.5).
	if d := (mgl64.Vec3{b[12], b[13], b[14]}).Sub(mgl64.Vec3{5.5, 3, 4.5}).Len(); !(d <= tol) {
		t.Errorf("B position %v, want (5.5,3,4.5)", b.Col(3))
	}
	// At scale 1, B sits 1.0 from A's centre (the chapter's TR chain would say 0.5).
	w = world(SkewStripping, piston(t))
	if d := math.Abs(w[2].Col(3).Sub(w[1].Col(3)).Len() - 1); !(d <= tol) {
		t.Errorf("B is %g from A, want 1", w[2].Col(3).Sub(w[1].Col(3)).Len())
	}
}

func TestShortOutputAndDegenerateScales(t *testing.T) {
	s := piston(t)
	setScale(t, s, "Root", mgl64.Vec3{0, -1, 0})
	setScale(t, s, "A", mgl64.Vec3{0, 0, 0})
	for _, m := range All {
		out := make([]mgl64.Mat4, 2) // shorter than the scene: only 2 computed
		var ws Workspace
		m.World(s.Nodes, &ws, out)
		full := world(m, s)
		for i := range full {
			if markerAllowed(m, full[i]) {
				continue
			}
			for _, v := range full[i] {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("%s node %d: non-finite entry with zero scales", m.Name, i)
				}
			}
		}
	}
}

func TestByName(t *testing.T) {
	for i, m := range All {
		got, err := ByName(m.Name)
		if err != nil || got.Name != m.Name || Index(m.Name) != i {
			t.Errorf("ByName(%q) = %v, %v", m.Name, got.Name, err)
		}
		if m.Explanation == "" || m.Title == "" {
			t.Errorf("%s lacks a title or explanation", m.Name)
		}
		if n := len(m.Point); n == 0 || n > PointMax || strings.Count(m.Point, ". ") > 0 || !strings.HasSuffix(m.Point, ".") {
			t.Errorf("%s: Point %q is not one sentence of at most %d characters", m.Name, m.Point, PointMax)
		}
		if n := wrappedLines(m.Point, PointLine); n > 3 {
			t.Errorf("%s: Point takes %d lines of %d characters, want at most 3", m.Name, n, PointLine)
		}
	}
	if _, err := ByName("nope"); err == nil {
		t.Error("unknown mode accepted")
	}
}

// Every registered mode brings both implementations (the loops above run
// them all), and its name is one the CLI and URL can carry.
func TestModesComplete(t *testing.T) {
	for _, m := range All {
		if m.World == nil || m.Reference == nil {
			t.Errorf("%s lacks its World or Reference implementation", m.Name)
		}
		if m.Name == "" || m.Name == "all" || strings.ContainsAny(m.Name, " ,=&?") {
			t.Errorf("mode name %q cannot be given as -mode NAME or ?mode=NAME", m.Name)
		}
	}
}

// Folds is the promise behind the Fold button: for a mode with Folds,
// FoldResiduals re-authors the piston (Root scale (3, 1, 1), where the
// fold is exact to rounding because every rotation maps axes onto axes)
// so the mode
// draws what accumulate-matrices drew before the fold.
func TestFoldingModesDrawMatricesAfterFold(t *testing.T) {
	const tol = 1e-12
	for _, m := range All {
		if !m.Folds {
			continue
		}
		s := piston(t)
		setScale(t, s, "Root", mgl64.Vec3{3, 1, 1})
		want := AccumulateMatrices.Reference(s.Nodes)
		if f := FoldResiduals(s); !(f.Residual <= tol) || len(f.Unfolded) > 0 {
			t.Fatalf("%s: the piston's fold is not exact to rounding: %+v", m.Name, f)
		}
		got := world(m, s)
		for i := range got {
			if d := maxDiff(got[i], want[i]); !(d <= tol*(1+col(want[i], 2).Len())) {
				t.Errorf("%s node %d differs from accumulate-matrices before the fold by %g", m.Name, i, d)
			}
		}
	}
}

// FuzzModes runs every mode on a chain of one local transform, 3 nodes
// deep or (deep) 100: no panic for any input; for accepted input a 3-deep
// chain has no NaN in its world matrices, and at any depth every readout
// (modes.AnalyzeWorld) is finite or marked undefined and encodes as JSON,
// and re-parenting the last node to a root never panics. Depth 100 with
// scales up to 1e6 overflows float64 (1e6^52 > 1.8e308).
func FuzzModes(f *testing.F) {
	f.Add(1.0, 1.0, 1.0, 0.71, 0.0, 0.71, 0.0, 3.0, 1.0, 1.0, false)
	f.Add(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -1e6, 1e6, 0.0, false)
	f.Add(1e-300, -1e-300, 5.0, 1.0, 1e6, -1e6, 1.0, 2.0, -2.0, 0.5, false)
	f.Add(0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1e6, 1e6, 1e6, true)
	f.Add(1.0, 1e6, -1e6, 0.3, 0.5, -0.2, 0.9, 1e6, 1.0, 1.0, true)
	f.Add(0.5, 0.0, 1.0, 1.0, 0.2, 0.0, 0.0, 1e6, 1e-6, 0.0, true)
	f.Fuzz(func(t *testing.T, px, py, pz, qw, qx, qy, qz, sx, sy, sz float64, deep bool) {
		accepted := true
		for _, v := range []float64{px, py, pz, qw, qx, qy, qz, sx, sy, sz} {
			if !(math.Abs(v) <= transform.MaxMagnitude) {
				accepted = false
			}
		}
		local := transform.TRS{Position: mgl64.Vec3{px, py, pz}, Rotation: mgl64.Quat{W: qw, V: mgl64.Vec3{qx, qy, qz}}, Scale: mgl64.Vec3{sx, sy, sz}}
		n := 3
		if deep {
			n = 100
		}
		nodes := make([]scene.Node, n)
		for i := range nodes {
			nodes[i] = scene.Node{Name: "n" + strconv.Itoa(i), Parent: i - 1, Local: local}
		}
		rw := make([]mgl64.Mat3, n)
		WorldRotations(nodes, rw)
		out := make([]mgl64.Mat4, n)
		for _, m := range All {
			var ws Workspace
			m.World(nodes, &ws, out) // must not panic for any input
			if !accepted {
				continue
			}
			for i := range out {
				for _, v := range out[i] {
					if math.IsNaN(v) && !deep && !markerAllowed(m, out[i]) {
						t.Fatalf("%s: NaN for accepted input", m.Name)
					}
				}
				checkReadout(t, m.Name, AnalyzeWorld(out[i], rw[i]))
			}
		}
		if !accepted {
			return
		}
		if s, err := scene.New(nodes); err == nil {
			Reparent(s, n-1, -1) // an error is fine; a panic is not
		}
	})
}

// A workspace reused across scenes whose scales change must not serve a
// stale uniform part from its cache.
func TestReusedWorkspaceFollowsScaleChanges(t *testing.T) {
	const tol = 1e-9
	rng := rand.New(rand.NewPCG(4, 4))
	var ws Workspace
	out := make([]mgl64.Mat4, 20)
	for trial := 0; trial < 30; trial++ {
		nodes := randomScene(rng, 20, false)
		if trial%3 == 0 {
			nodes[rng.IntN(20)].Local.Scale = mgl64.Vec3{} // a zero scale, the cache's zero entry
		}
		for _, m := range All {
			m.World(nodes, &ws, out)
			ref := m.Reference(nodes)
			for i := range out {
				if d := maxDiff(out[i], ref[i]); !(d <= tol*posScale(ref[i])) {
					t.Fatalf("trial %d %s node %d differs by %g with a reused workspace", trial, m.Name, i, d)
				}
			}
		}
	}
}

// wrappedLines counts the lines s takes wrapped greedily at spaces into
// lines of at most n characters (as debugui wraps a monospaced text).
func wrappedLines(s string, n int) int {
	lines, cur := 1, 0
	for _, w := range strings.Fields(s) {
		switch {
		case cur == 0:
			cur = len(w)
		case cur+1+len(w) <= n:
			cur += 1 + len(w)
		default:
			lines, cur = lines+1, len(w)
		}
	}
	return lines
}

// TestEnginesTable: every row names a mode of All and cites a source,
// every mode has at least one engine, and the rows follow All's order.
func TestEnginesTable(t *testing.T) {
	last := 0
	for _, e := range Engines {
		i := Index(e.Mode)
		if i < 0 {
			t.Errorf("%s: unknown mode %q", e.Engine, e.Mode)
			continue
		}
		if i < last {
			t.Errorf("%s (%s) is out of All's order", e.Engine, e.Mode)
		}
		last = i
		if !strings.HasPrefix(e.Source, "https://") && !strings.Contains(e.Source, ": ") {
			t.Errorf("%s: source %q is neither a URL nor repo: path", e.Engine, e.Source)
		}
		// A short name is for running text: a few words, no punctuation
		// that would clash with the audit's "Unity, Godot (rule)".
		if e.Short == "" || len(e.Short) > 26 || strings.ContainsAny(e.Short, ",()=") {
			t.Errorf("%s: short name %q is empty, over 26 characters or holds , ( ) =", e.Engine, e.Short)
		}
	}
	// The audit's example, "Unity, Godot (accumulate-matrices) vs Unreal
	// (accumulate-trs)", comes from the table's first rows per mode.
	if got := EngineShortNames("accumulate-matrices"); len(got) < 2 || got[0] != "Unity" || got[1] != "Godot" {
		t.Errorf("accumulate-matrices short names %q, want Unity, Godot first", got)
	}
	if got := EngineShortNames("accumulate-trs"); len(got) == 0 || got[0] != "Unreal" {
		t.Errorf("accumulate-trs short names %q, want Unreal first", got)
	}
	if got := EngineShortNames("no-such-mode"); got != nil {
		t.Errorf("an unknown mode's short names %q, want nil", got)
	}
	for _, m := range All {
		if len(EngineNames(m.Name)) == 0 {
			t.Errorf("%s: no engine in the table", m.Name)
		}
	}
}

package modes

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// The engine rules' expectations below are derived by hand or by a
// formula different from both implementations (2D angles in the piston's
// xz-plane; properties of the results), never from the code's output.

// pistonRuleOnB is the piston with Root scale (3,1,1), A turned by aDeg
// about y, and rule r on B only, run under accumulate-matrices.
func pistonRuleOnB(t *testing.T, aDeg float64, r scene.Rule) mgl64.Mat4 {
	s := piston(t)
	setScale(t, s, "Root", mgl64.Vec3{3, 1, 1})
	setRot(t, s, "A", transform.EulerDeg(0, aDeg, 0))
	s.Nodes[s.Index("B")].Rule = r
	return world(AccumulateMatrices, s)[2]
}

func checkCols(t *testing.T, what string, w mgl64.Mat4, want [3]mgl64.Vec3, tol float64) {
	t.Helper()
	for c := 0; c < 3; c++ {
		if d := col(w, c).Sub(want[c]).Len(); !(d <= tol) {
			t.Errorf("%s: B column %d = %v, want %v (off by %g)", what, c, col(w, c), want[c], d)
		}
	}
}

// At A = 90 degrees nothing is sheared: A's world 3x3 P3 has columns
// (0,0,-.25), (0,.25,0), (6,0,0) (det 0.375) and B = diag(4,4,.5) below.
func TestEngineRulesPiston90(t *testing.T) {
	const tol = 1e-12
	k := math.Cbrt(0.375)
	cases := []struct {
		r    scene.Rule
		want [3]mgl64.Vec3
	}{
		{scene.RuleMatrices, [3]mgl64.Vec3{{0, 0, -1}, {0, 1, 0}, {3, 0, 0}}},
		// orthoY leaves an orthogonal P3*R alone: the same as matrices.
		{scene.RuleBlenderFixShear, [3]mgl64.Vec3{{0, 0, -1}, {0, 1, 0}, {3, 0, 0}}},
		// cbrt(0.375) * Ry(90) * diag(4,4,.5).
		{scene.RuleBlenderAverage, [3]mgl64.Vec3{{0, 0, -4 * k}, {0, 4 * k, 0}, {0.5 * k, 0, 0}}},
		// Ry(90) * diag(4,4,.5): none of the parent's scale.
		{scene.RuleBlenderNone, [3]mgl64.Vec3{{0, 0, -4}, {0, 4, 0}, {0.5, 0, 0}}},
		{scene.RuleBlenderNoneLegacy, [3]mgl64.Vec3{{0, 0, -4}, {0, 4, 0}, {0.5, 0, 0}}},
		// Ry(90) * diag(4,4,.5) * diag(.25,.25,6).
		{scene.RuleBlenderAligned, [3]mgl64.Vec3{{0, 0, -1}, {0, 1, 0}, {3, 0, 0}}},
		// P3 * diag(4,4,.5) * diag(4,4,.5).
		{scene.RuleMayaSSC, [3]mgl64.Vec3{{0, 0, -4}, {0, 4, 0}, {1.5, 0, 0}}},
	}
	for _, c := range cases {
		w := pistonRuleOnB(t, 90, c.r)
		checkCols(t, c.r.String(), w, c.want, tol)
		// Position P*(t,1) = (2.5,3,4.5) + 0.5*(6,0,0) in every rule.
		if d := (mgl64.Vec3{w[12], w[13], w[14]}).Sub(mgl64.Vec3{5.5, 3, 4.5}).Len(); !(d <= tol) {
			t.Errorf("%s: B position %v, want (5.5,3,4.5)", c.r, w.Col(3))
		}
	}
}

// At A = 38 degrees A's world is sheared (52.2974 degrees). In the
// xz-plane, P3's x column .25*(3 cos a, 0, -sin a) and z column
// 2*(3 sin a, 0, cos a) lie at the angles phiX and phiZ; orthoY turns
// them to phiB -+ 45 degrees, phiB their mean, and keeping lengths
// multiplies each by sqrt(sin(phiZ - phiX)). B has no rotation, so
// P3*R = P3.
func TestEngineRulesPiston38(t *testing.T) {
	const tol = 1e-12
	a := 38 * math.Pi / 180
	ca, sa := math.Cos(a), math.Sin(a)
	px := mgl64.Vec3{0.75 * ca, 0, -0.25 * sa}
	pz := mgl64.Vec3{6 * sa, 0, 2 * ca}
	phiX, phiZ := math.Atan2(px[2], px[0]), math.Atan2(pz[2], pz[0])
	theta := phiZ - phiX
	phiB := (phiX + phiZ) / 2
	dir := func(phi float64) mgl64.Vec3 { return mgl64.Vec3{math.Cos(phi), 0, math.Sin(phi)} }
	ux, uz := dir(phiB-math.Pi/4), dir(phiB+math.Pi/4)
	f := math.Sqrt(math.Sin(theta))
	y := mgl64.Vec3{0, 1, 0}
	k := math.Cbrt(0.375)
	fix := [3]mgl64.Vec3{ux.Mul(px.Len() * f * 4), y, uz.Mul(pz.Len() * f * 0.5)}
	cases := []struct {
		r    scene.Rule
		want [3]mgl64.Vec3
	}{
		{scene.RuleMatrices, [3]mgl64.Vec3{{3 * ca, 0, -sa}, y, {3 * sa, 0, ca}}},
		{scene.RuleBlenderFixShear, fix},
		{scene.RuleBlenderAverage, [3]mgl64.Vec3{ux.Mul(4 * k), y.Mul(4 * k), uz.Mul(0.5 * k)}},
		{scene.RuleBlenderNone, [3]mgl64.Vec3{ux.Mul(4), y.Mul(4), uz.Mul(0.5)}},
		{scene.RuleBlenderNoneLegacy, [3]mgl64.Vec3{px.Normalize().Mul(4), y.Mul(4), pz.Normalize().Mul(0.5)}},
		// colnorm(Q) * S * diag(l) = Q * S when B has no rotation.
		{scene.RuleBlenderAligned, fix},
		{scene.RuleMayaSSC, [3]mgl64.Vec3{{12 * ca, 0, -4 * sa}, y.Mul(4), {1.5 * sa, 0, 0.5 * ca}}},
	}
	var got []mgl64.Mat4
	for _, c := range cases {
		w := pistonRuleOnB(t, 38, c.r)
		checkCols(t, c.r.String(), w, c.want, tol)
		got = append(got, w)
	}
	// Six different results from seven rules: only fix-shear and aligned
	// coincide.
	distinct := 0
	for i := range got {
		same := false
		for j := 0; j < i; j++ {
			if maxDiff(got[i], got[j]) <= 1e-9 {
				same = true
			}
		}
		if !same {
			distinct++
		}
	}
	if distinct != 6 {
		t.Errorf("%d distinct B matrices from the seven rules, want 6", distinct)
	}
	// The shear: matrices and none-legacy keep 52.2974 degrees, the
	// orthogonalizing rules remove it, maya-ssc keeps the grandparent's.
	if sk := skewDeg(got[5]); !(sk <= 1e-9) {
		t.Errorf("blender-aligned skew %g", sk)
	}
	if sk := skewDeg(got[4]); math.Abs(sk-52.2974) > 1e-4 {
		t.Errorf("blender-none-legacy skew %g, want the parent's 52.2974", sk)
	}
}

// rulesUnderShear runs fn on every node carrying rule r in seeded random
// hierarchies (non-uniform and negative scales) where about a third of
// the nodes carry r and the rest accumulate matrices, so the rule often
// sits under a sheared parent. fn gets the parent's and the node's world
// matrices and the node. It fails unless at least 100 of the calls had a
// parent sheared by more than a degree: the properties are tested where
// they can fail.
func rulesUnderShear(t *testing.T, r scene.Rule, fn func(p, w mgl64.Mat4, nodes []scene.Node, i int)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(r), 13))
	sheared := 0
	for trial := 0; trial < 200; trial++ {
		nodes := randomScene(rng, 12, false)
		for i := 1; i < len(nodes); i++ {
			if rng.IntN(3) == 0 {
				nodes[i].Rule = r
			}
		}
		out := make([]mgl64.Mat4, len(nodes))
		var ws Workspace
		AccumulateMatrices.World(nodes, &ws, out)
		for i := range nodes {
			if nodes[i].Rule != r || nodes[i].Parent < 0 {
				continue
			}
			p := out[nodes[i].Parent]
			if skewDeg(p) > 1 {
				sheared++
			}
			fn(p, out[i], nodes, i)
		}
	}
	if sheared < 100 {
		t.Errorf("%s: only %d nodes under a sheared parent", r, sheared)
	}
}

func lin(m mgl64.Mat4) mgl64.Mat3 { return m.Mat3() }

func relDiff(a, b float64) float64 { return math.Abs(a-b) / math.Max(math.Abs(b), 1e-300) }

// xzCos is the cosine between the x and z columns of m after their y
// components are removed: what orthoY's threshold looks at.
func xzCos(m mgl64.Mat3) float64 {
	x, y, z := m.Col(0), m.Col(1), m.Col(2)
	x = x.Sub(y.Mul(x.Dot(y) / y.Dot(y)))
	z = z.Sub(y.Mul(z.Dot(y) / y.Dot(y)))
	return x.Dot(z) / (x.Len() * z.Len())
}

func TestFixShearProperties(t *testing.T) {
	rulesUnderShear(t, scene.RuleBlenderFixShear, func(p, w mgl64.Mat4, nodes []scene.Node, i int) {
		nd := nodes[i].Local
		m := lin(p).Mul3(transform.RotMat3(nd.Rotation))
		want := m.Det() * nd.Scale[0] * nd.Scale[1] * nd.Scale[2]
		if d := relDiff(lin(w).Det(), want); !(d <= 1e-9) {
			t.Fatalf("det %g, want det(P3*R*S) = %g", lin(w).Det(), want)
		}
		if math.Abs(xzCos(m)) >= transform.OrthoMaxCos {
			return // x and z parallel: no plane to turn them in
		}
		if sk := skewDeg(w); !(sk <= 0.0058) {
			t.Fatalf("skew %g degrees (parent skew %g)", sk, skewDeg(p))
		}
	})
}

func TestNoneProperties(t *testing.T) {
	rulesUnderShear(t, scene.RuleBlenderNone, func(p, w mgl64.Mat4, nodes []scene.Node, i int) {
		s := nodes[i].Local.Scale
		for c := 0; c < 3; c++ {
			if d := relDiff(col(w, c).Len(), math.Abs(s[c])); !(d <= 1e-4) {
				t.Fatalf("column %d length %g, want |s| = %g", c, col(w, c).Len(), math.Abs(s[c]))
			}
		}
	})
}

func TestAverageProperties(t *testing.T) {
	rulesUnderShear(t, scene.RuleBlenderAverage, func(p, w mgl64.Mat4, nodes []scene.Node, i int) {
		s := nodes[i].Local.Scale
		want := math.Abs(lin(p).Det() * s[0] * s[1] * s[2])
		if d := relDiff(math.Abs(lin(w).Det()), want); !(d <= 1e-4) {
			t.Fatalf("|det| %g, want |det P3| |s1 s2 s3| = %g", math.Abs(lin(w).Det()), want)
		}
	})
}

func TestAlignedProperties(t *testing.T) {
	rulesUnderShear(t, scene.RuleBlenderAligned, func(p, w mgl64.Mat4, nodes []scene.Node, i int) {
		if math.Abs(xzCos(lin(p))) >= transform.OrthoMaxCos {
			return
		}
		if sk := skewDeg(w); !(sk <= 0.006) {
			t.Fatalf("skew %g degrees (parent skew %g)", sk, skewDeg(p))
		}
	})
}

// None (Legacy) divides each parent column by its length: the angles
// between the parent's columns, its shear, survive in W3 * S^-1 * R^T.
func TestNoneLegacyKeepsParentShear(t *testing.T) {
	rulesUnderShear(t, scene.RuleBlenderNoneLegacy, func(p, w mgl64.Mat4, nodes []scene.Node, i int) {
		nd := nodes[i].Local
		s := nd.Scale
		back := lin(w).Mul3(mgl64.Diag3(mgl64.Vec3{1 / s[0], 1 / s[1], 1 / s[2]})).Mul3(transform.RotMat3(nd.Rotation).Transpose())
		p3 := lin(p)
		for a := 0; a < 3; a++ {
			if d := math.Abs(back.Col(a).Len() - 1); !(d <= 1e-9) {
				t.Fatalf("column %d of W3 S^-1 R^T has length %g, want 1", a, back.Col(a).Len())
			}
			for b := a + 1; b < 3; b++ {
				want := p3.Col(a).Dot(p3.Col(b)) / (p3.Col(a).Len() * p3.Col(b).Len())
				if d := math.Abs(back.Col(a).Dot(back.Col(b)) - want); !(d <= 1e-9) {
					t.Fatalf("cos between columns %d,%d: %g, parent's %g", a, b, back.Col(a).Dot(back.Col(b)), want)
				}
			}
		}
	})
}

// maya-ssc cancels exactly the parent's local scale: when the parent
// accumulates matrices, P3 = G3 * R_p * S_p (G3 the grandparent's world
// 3x3, the identity above a root), so W3 must be G3 * R_p * R * S.
func TestMayaSSCCancelsParentScale(t *testing.T) {
	checked := 0
	rulesUnderShear(t, scene.RuleMayaSSC, func(p, w mgl64.Mat4, nodes []scene.Node, i int) {
		pi := nodes[i].Parent
		if nodes[pi].Rule != scene.RuleFollow {
			return
		}
		g3 := mgl64.Ident3()
		if gi := nodes[pi].Parent; gi >= 0 {
			g3 = lin(AccumulateMatrices.Reference(nodes)[gi])
		}
		nd := nodes[i].Local
		want := g3.Mul3(transform.RotMat3(nodes[pi].Local.Rotation)).Mul3(transform.RotMat3(nd.Rotation)).Mul3(mgl64.Diag3(nd.Scale))
		got := lin(w)
		for k := range got {
			if d := math.Abs(got[k] - want[k]); !(d <= 1e-9*(1+math.Abs(want[k]))) {
				t.Fatalf("W3 = %v, want G3 R_p R S = %v", got, want)
			}
		}
		checked++
	})
	if checked < 50 {
		t.Errorf("only %d maya-ssc nodes under a matrix parent", checked)
	}
}

// One rule for every node: no parent is ever sheared, and with positive
// scales none, none-legacy and maya-ssc all give W3 = R_w * S (the
// node's accumulated rotation and its own scale), as docs/engines.md
// says.
func TestDroppingRulesAgreeOnSingleRuleScenes(t *testing.T) {
	const tol = 1e-9
	rng := rand.New(rand.NewPCG(21, 21))
	for trial := 0; trial < 50; trial++ {
		nodes := randomScene(rng, 12, false)
		for i := range nodes {
			s := &nodes[i].Local.Scale
			*s = mgl64.Vec3{math.Abs(s[0]), math.Abs(s[1]), math.Abs(s[2])}
		}
		rw := make([]mgl64.Mat3, len(nodes))
		WorldRotations(nodes, rw)
		for _, m := range All {
			if !m.DropsInheritedScale {
				continue
			}
			out := world(m, &scene.Scene{Nodes: nodes})
			for i := range nodes {
				want := rw[i].Mul3(mgl64.Diag3(nodes[i].Local.Scale))
				got := lin(out[i])
				for k := range got {
					if d := math.Abs(got[k] - want[k]); !(d <= tol) {
						t.Fatalf("%s node %d: W3 %v, want R_w S %v", m.Name, i, got, want)
					}
				}
			}
		}
	}
}

// |c| <= 1e-4 leaves x and z unturned (orthoY returns its input); just
// above, they are turned to perpendicular. Both implementations.
func TestOrthoYThreshold(t *testing.T) {
	mk := func(c float64) mgl64.Mat3 {
		return mgl64.Mat3FromCols(mgl64.Vec3{2, 0, 0}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{c, 0, math.Sqrt(1 - c*c)}.Mul(3))
	}
	below := mk(0.99e-4)
	fast := below
	orthoY(&fast, false)
	for name, got := range map[string]mgl64.Mat3{"fast": fast, "reference": transform.OrthogonalizeY(below, false)} {
		if got != below {
			t.Errorf("%s: |c| = 0.99e-4 turned the columns: %v, want %v", name, got, below)
		}
	}
	above := mk(1.01e-4)
	fast = above
	orthoY(&fast, false)
	for name, got := range map[string]mgl64.Mat3{"fast": fast, "reference": transform.OrthogonalizeY(above, false)} {
		if c := got.Col(0).Dot(got.Col(2)); !(math.Abs(c) <= 1e-15) {
			t.Errorf("%s: |c| = 1.01e-4 left x.z = %g", name, c)
		}
		if d := math.Abs(got.Det() - above.Det()); !(d <= 1e-14) {
			t.Errorf("%s: det %g, want %g", name, got.Det(), above.Det())
		}
	}
}

// Per-node rules: the fast loops equal the references on random scenes
// where every node may carry any rule (zero scales included), under
// every matrix-based global mode. Scenes with a zero scale leave
// blender-average out: below a singular parent its cube root of
// |det P3| is the cube root of rounding noise (about 1e-6 for noise of

// perNodeScene returns a random scene of 25 nodes (randomScene) in which
// about half the nodes follow a rule of their own; with zero, about one
// node in eight also has a zero scale on one axis, and blender-average
// (undefined there, see TestPerNodeFastMatchesReference) is replaced by
// maya-ssc.
func perNodeScene(rng *rand.Rand, zero bool) []scene.Node {
	rules := scene.Rules()
	nodes := randomScene(rng, 25, false)
	for i := range nodes {
		if rng.IntN(2) == 0 {
			nodes[i].Rule = rules[rng.IntN(len(rules))]
			if zero && nodes[i].Rule == scene.RuleBlenderAverage {
				nodes[i].Rule = scene.RuleMayaSSC
			}
		}
		if zero && rng.IntN(8) == 0 {
			nodes[i].Local.Scale[rng.IntN(3)] = 0
		}
	}
	return nodes
}

// 1e-18), which two correct summation orders do not share.
func TestPerNodeFastMatchesReference(t *testing.T) {
	const tol = 1e-9
	rng := rand.New(rand.NewPCG(5, 5))
	for trial := 0; trial < 60; trial++ {
		zero := trial%2 == 1
		nodes := perNodeScene(rng, zero)
		for _, m := range All {
			if !m.PerNode() || zero && m.Rule == scene.RuleBlenderAverage {
				continue
			}
			out := make([]mgl64.Mat4, len(nodes))
			var ws Workspace
			m.World(nodes, &ws, out)
			ref := m.Reference(nodes)
			for i := range out {
				if d := maxDiff(out[i], ref[i]); !(d <= tol*posScale(ref[i])) {
					t.Fatalf("%s node %d (rule %v) differs from reference by %g", m.Name, i, nodes[i].Rule, d)
				}
				if undefinedMarker(out[i]) != isUndefined(&out[i]) {
					t.Fatalf("%s node %d: a partial marker %v", m.Name, i, out[i])
				}
			}
		}
	}
}

// A zero parent scale under maya-ssc makes the node and its subtree
// undefined, and nothing else: Root -> A (scale x 0) -> B (maya-ssc) ->
// C, with D a second child of A and E of Root.
func TestMayaZeroScaleStaysInItsSubtree(t *testing.T) {
	id := transform.Identity()
	zero := id
	zero.Scale = mgl64.Vec3{0, 1, 1}
	nodes := []scene.Node{
		{Name: "Root", Parent: -1, Local: id},
		{Name: "A", Parent: 0, Local: zero},
		{Name: "B", Parent: 1, Local: id, Rule: scene.RuleMayaSSC},
		{Name: "C", Parent: 2, Local: id},
		{Name: "D", Parent: 1, Local: id},
		{Name: "E", Parent: 0, Local: id},
	}
	for _, m := range All {
		if !m.PerNode() {
			continue
		}
		out := world(m, &scene.Scene{Nodes: nodes})
		for i, n := range nodes {
			undef := undefinedMarker(out[i])
			wantUndef := n.Name == "B" || n.Name == "C" || m.Rule == scene.RuleMayaSSC && n.Name == "D"
			if undef != wantUndef {
				t.Errorf("%s: node %s undefined %v, want %v (%v)", m.Name, n.Name, undef, wantUndef, out[i])
			}
			if !undef && !transform.Finite(out[i][:]...) {
				t.Errorf("%s: node %s not finite: %v", m.Name, n.Name, out[i])
			}
		}
		r := AnalyzeWorld(out[2], mgl64.Ident3())
		if r.Undefined != ReasonUndefined || r.WorldOK || r.VolumeOK || r.Note == "" {
			t.Errorf("%s: B's readout %+v", m.Name, r)
		}
	}
}

// FuzzOrthoY: any finite 3x3 (zero columns included) gives no NaN or Inf
// in either implementation, and both agree except where |c| sits on a
// threshold.
func FuzzOrthoY(f *testing.F) {
	f.Add(1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.3, 0.0, 1.0, uint8(0), false)
	f.Add(1.0, 2.0, 3.0, 0.0, 0.0, 0.0, 3.0, 2.0, 1.0, uint8(0), true)
	f.Add(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, uint8(1), false)
	f.Add(1e6, -1e6, 1e-6, 2.0, 0.0, 1.0, 1e6, 1e6, 1e-6, uint8(4), true)
	f.Add(1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1e-9, uint8(0), false)
	f.Fuzz(func(t *testing.T, a, b, c, d, e, g, h, i, j float64, zero uint8, unit bool) {
		m := mgl64.Mat3{a, b, c, d, e, g, h, i, j}
		for k := range m {
			if !(math.Abs(m[k]) <= transform.MaxMagnitude) {
				return
			}
		}
		for col := 0; col < 3; col++ {
			if zero&(1<<col) != 0 {
				m[3*col], m[3*col+1], m[3*col+2] = 0, 0, 0
			}
		}
		fast := m
		orthoY(&fast, unit)
		ref := transform.OrthogonalizeY(m, unit)
		if !transform.Finite(fast[:]...) || !transform.Finite(ref[:]...) {
			t.Fatalf("non-finite: fast %v ref %v from %v", fast, ref, m)
		}
		if m.Col(1).Dot(m.Col(1)) > 0 {
			c := math.Abs(xzCos(m))
			if math.Abs(c-transform.OrthoMinCos) < 1e-9 || math.Abs(c-transform.OrthoMaxCos) < 1e-6 || math.IsNaN(c) {
				return
			}
		}
		scale := 1.0
		for k := range m {
			scale = math.Max(scale, math.Abs(m[k]))
		}
		for k := range fast {
			if dd := math.Abs(fast[k] - ref[k]); !(dd <= 1e-9*scale) {
				t.Fatalf("fast %v, reference %v (from %v)", fast, ref, m)
			}
		}
	})
}

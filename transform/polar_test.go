package transform

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// polarCase is a matrix for the polar tests with its known singular values
// (or nil when they are not known).
type polarCase struct {
	name  string
	l     mgl64.Mat3
	sigma []float64
	f     float64 // the sign of det L by construction, 0 when not known
}

// polarCases returns seeded matrices R1 diag(σ) R2 (σ known) with random,
// near-singular, mirrored, huge and tiny σ, plus plain random ones.
func polarCases(rng *rand.Rand) []polarCase {
	var cs []polarCase
	add := func(name string, sig mgl64.Vec3, mirror bool) {
		r1, r2 := randRot(rng), randRot(rng)
		d, f := sig, 1.0
		if mirror {
			d[rng.IntN(3)] *= -1
			f = -1
		}
		sorted := []float64{sig[0], sig[1], sig[2]}
		slices.Sort(sorted)
		slices.Reverse(sorted)
		cs = append(cs, polarCase{name, r1.Mul3(mgl64.Diag3(d)).Mul3(r2), sorted, f})
	}
	for range 300 {
		add("random", randScale(rng, false), false)
		add("mirrored", randScale(rng, false), true)
		add("near-singular", mgl64.Vec3{randIn(rng, 0.5, 2), randIn(rng, 0.5, 2), math.Pow(10, randIn(rng, -12, -3))}, rng.IntN(2) == 0)
		add("rank-2-ish", mgl64.Vec3{1, math.Pow(10, randIn(rng, -9, -3)), math.Pow(10, randIn(rng, -12, -9))}, rng.IntN(2) == 0)
		add("equal", mgl64.Vec3{2, 2, randIn(rng, 0.5, 2)}, rng.IntN(2) == 0)
		add("huge", randScale(rng, false).Mul(1e6), true)
		add("tiny", randScale(rng, false).Mul(1e-300), true)
		cs = append(cs, polarCase{"entries", randMat3(rng), nil, 0})
	}
	cs = append(cs,
		polarCase{"identity", mgl64.Ident3(), []float64{1, 1, 1}, 1},
		polarCase{"mirror x", mgl64.Diag3(mgl64.Vec3{-1, 1, 1}), []float64{1, 1, 1}, -1},
		polarCase{"minus identity", mgl64.Ident3().Mul(-1), []float64{1, 1, 1}, -1},
		polarCase{"skew 38", mgl64.Diag3(mgl64.Vec3{3, 1, 1}).Mul3(mgl64.Rotate3DY(deg(38))), nil, 1},
	)
	return cs
}

// checkPolar asserts the polar invariants: Q orthonormal with det +1, S
// symmetric positive semi-definite, F = ±1 matching det L, and F Q S = L,
// all to tol relative to ||L||.
func checkPolar(t *testing.T, name string, l mgl64.Mat3, p PolarDecomp, tol float64) {
	t.Helper()
	if hasNaN(p.Q[:]...) || hasNaN(p.S[:]...) || hasNaN(p.F) {
		t.Fatalf("%s: NaN in %+v", name, p)
	}
	qtq, id := p.Q.Transpose().Mul3(p.Q), mgl64.Ident3()
	if d := maxDiff(qtq[:], id[:]); !(d <= tol) {
		t.Fatalf("%s: Q^T Q - I = %g", name, d)
	}
	if d := p.Q.Det() - 1; !(math.Abs(d) <= tol) {
		t.Fatalf("%s: det Q = %g", name, p.Q.Det())
	}
	st := p.S.Transpose()
	if d := frobDiff(p.S[:], st[:]); d != 0 {
		t.Fatalf("%s: S not symmetric by %g", name, d)
	}
	n := frobN(l[:])
	if ev := StretchEigen(p.S); !(ev[2] >= -tol*n) {
		t.Fatalf("%s: S has eigenvalue %g, stretches %v, n %g, L %v, S %v", name, ev[2], ev, n, l[:], p.S[:])
	}
	if p.F != 1 && p.F != -1 {
		t.Fatalf("%s: F = %g", name, p.F)
	}
	re := p.Q.Mul3(p.S).Mul(p.F)
	if d := frobDiff(re[:], l[:]); !(d <= tol*n+1e-300) {
		t.Fatalf("%s: ||F Q S - L|| / ||L|| = %g", name, d/n)
	}
}

func TestPolarInvariants(t *testing.T) {
	const tol = 1e-12
	rng := newRand()
	for _, c := range polarCases(rng) {
		p, ok := Polar(c.l)
		if !ok {
			t.Fatalf("%s %v: flagged singular", c.name, c.l)
		}
		checkPolar(t, c.name, c.l, p, tol)
		want := c.f
		if want == 0 {
			want = math.Copysign(1, c.l.Det())
		}
		if p.F != want {
			t.Fatalf("%s: F = %g, want %g", c.name, p.F, want)
		}
		if c.sigma != nil {
			ev := StretchEigen(p.S)
			if d := maxDiff(ev[:], c.sigma); !(d <= tol*c.sigma[0]) {
				t.Fatalf("%s: stretches %v, want %v", c.name, ev, c.sigma)
			}
		}
	}
}

// Hand cases: L = R diag(2, 3, 4) has Q = R, S = diag(2, 3, 4); a mirror
// diag(-1, 2, 3) has F = -1, Q = diag(1, -1, -1) (a half-turn about x),
// S = diag(1, 2, 3).
func TestPolarByHand(t *testing.T) {
	const tol = 1e-14
	r := mgl64.Rotate3DZ(0.3).Mul3(mgl64.Rotate3DX(1.1))
	p, ok := Polar(r.Mul3(mgl64.Diag3(mgl64.Vec3{2, 3, 4})))
	s := mgl64.Diag3(mgl64.Vec3{2, 3, 4})
	if !ok || p.F != 1 || !(maxDiff(p.Q[:], r[:]) <= tol) || !(maxDiff(p.S[:], s[:]) <= tol) {
		t.Errorf("R diag(2,3,4): %+v, %v", p, ok)
	}
	p, ok = Polar(mgl64.Diag3(mgl64.Vec3{-1, 2, 3}))
	q, s := mgl64.Diag3(mgl64.Vec3{1, -1, -1}), mgl64.Diag3(mgl64.Vec3{1, 2, 3})
	if !ok || p.F != -1 || !(maxDiff(p.Q[:], q[:]) <= tol) || !(maxDiff(p.S[:], s[:]) <= tol) {
		t.Errorf("diag(-1,2,3): %+v, %v", p, ok)
	}
}

// Singular L is flagged, and the result is still a valid, finite
// decomposition with F = +1.
func TestPolarSingular(t *testing.T) {
	const tol = 1e-12
	rng := newRand()
	cases := []mgl64.Mat3{
		mgl64.Diag3(mgl64.Vec3{1, 0, 1}),
		mgl64.Diag3(mgl64.Vec3{-1, 0, 1}),
		mgl64.Diag3(mgl64.Vec3{0, 0, 5}),
		mgl64.Diag3(mgl64.Vec3{1, 1, 0}).Mul3(mgl64.Rotate3DY(deg(38))),
	}
	for range 200 {
		r1, r2 := randRot(rng), randRot(rng)
		cases = append(cases,
			r1.Mul3(mgl64.Diag3(mgl64.Vec3{randIn(rng, 0.5, 2), randIn(rng, 0.5, 2), 0})).Mul3(r2),
			r1.Mul3(mgl64.Diag3(mgl64.Vec3{randIn(rng, -2, -0.5), 1e-15, 0})).Mul3(r2),
			r1.Mul3(mgl64.Diag3(mgl64.Vec3{1e6, 1e-8, 0})).Mul3(r2),
		)
	}
	for _, l := range cases {
		p, ok := Polar(l)
		if ok {
			t.Fatalf("%v: not flagged singular", l)
		}
		checkPolar(t, "singular", l, p, tol)
		if p.F != 1 {
			t.Fatalf("%v: F = %g, want 1", l, p.F)
		}
	}
	for _, l := range []mgl64.Mat3{{}, {math.NaN()}, {0, 0, math.Inf(-1)}} {
		p, ok := Polar(l)
		if ok || p.Q != mgl64.Ident3() || p.S != (mgl64.Mat3{}) || p.F != 1 {
			t.Errorf("Polar(%v) = %+v, %v; want I, 0, 1, false", l, p, ok)
		}
	}
}

// Differential test: Higham's iteration and the Jacobi SVD agree on
// well-conditioned matrices.
func TestPolarHighamMatchesSVD(t *testing.T) {
	const tol = 1e-12
	rng := newRand()
	for range 2000 {
		l := randMat3(rng)
		if math.Abs(l.Det()) < 0.05 {
			continue
		}
		oh, conv := higham(l)
		os, _, ok := polarSVD(l)
		if !conv || !ok {
			t.Fatalf("%v: higham %v, svd %v", l, conv, ok)
		}
		if d := maxDiff(oh[:], os[:]); !(d <= tol) {
			t.Fatalf("%v: Higham and SVD differ by %g", l, d)
		}
	}
}

// StretchEigen on hand-computed matrices.
func TestStretchEigenByHand(t *testing.T) {
	const tol = 1e-14
	cases := []struct {
		s    mgl64.Mat3
		want mgl64.Vec3
	}{
		{mgl64.Diag3(mgl64.Vec3{3, 1, 2}), mgl64.Vec3{3, 2, 1}},
		{mgl64.Mat3{}, mgl64.Vec3{}},
		// [[2,1,0],[1,2,0],[0,0,5]]: the 2x2 block has 2 ± 1.
		{mgl64.Mat3FromRows(mgl64.Vec3{2, 1, 0}, mgl64.Vec3{1, 2, 0}, mgl64.Vec3{0, 0, 5}), mgl64.Vec3{5, 3, 1}},
		// All ones: rank 1, eigenvalue 3 along (1,1,1).
		{mgl64.Mat3FromRows(mgl64.Vec3{1, 1, 1}, mgl64.Vec3{1, 1, 1}, mgl64.Vec3{1, 1, 1}), mgl64.Vec3{3, 0, 0}},
		// [[4,0,3],[0,1,0],[3,0,4]]: 4 ± 3 and 1.
		{mgl64.Mat3FromRows(mgl64.Vec3{4, 0, 3}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{3, 0, 4}), mgl64.Vec3{7, 1, 1}},
		// [[2,-1,0],[-1,2,-1],[0,-1,2]]: 2+√2, 2, 2-√2.
		{mgl64.Mat3FromRows(mgl64.Vec3{2, -1, 0}, mgl64.Vec3{-1, 2, -1}, mgl64.Vec3{0, -1, 2}), mgl64.Vec3{2 + math.Sqrt2, 2, 2 - math.Sqrt2}},
		{mgl64.Diag3(mgl64.Vec3{-1, 1e-300, 1e6}), mgl64.Vec3{1e6, 1e-300, -1}},
	}
	for _, c := range cases {
		got := StretchEigen(c.s)
		scale := math.Max(1, math.Abs(c.want[0]))
		if d := maxDiff(got[:], c.want[:]); !(d <= tol*scale) {
			t.Errorf("StretchEigen(%v) = %v, want %v", c.s, got, c.want)
		}
	}
	if got := StretchEigen(mgl64.Mat3{math.NaN()}); got != (mgl64.Vec3{}) {
		t.Errorf("StretchEigen(NaN) = %v, want 0", got)
	}
}

// StretchEigen against the invariants of a symmetric matrix: trace, the
// sum of principal 2x2 minors, and the determinant; and for S of Polar
// the squared stretches are the eigenvalues of L^T L by the same
// invariants.
func TestStretchEigenInvariants(t *testing.T) {
	const tol = 1e-12
	rng := newRand()
	inv := func(m mgl64.Mat3) [3]float64 {
		minors := m.At(0, 0)*m.At(1, 1) - m.At(0, 1)*m.At(1, 0) +
			m.At(0, 0)*m.At(2, 2) - m.At(0, 2)*m.At(2, 0) +
			m.At(1, 1)*m.At(2, 2) - m.At(1, 2)*m.At(2, 1)
		return [3]float64{m.Trace(), minors, m.Det()}
	}
	ofEigen := func(e mgl64.Vec3) [3]float64 {
		return [3]float64{e[0] + e[1] + e[2], e[0]*e[1] + e[0]*e[2] + e[1]*e[2], e[0] * e[1] * e[2]}
	}
	for range 2000 {
		a := randMat3(rng)
		s := a.Add(a.Transpose())
		e := StretchEigen(s)
		if !(e[0] >= e[1] && e[1] >= e[2]) {
			t.Fatalf("not descending: %v", e)
		}
		got, want := ofEigen(e), inv(s)
		if d := maxDiff(got[:], want[:]); !(d <= tol*8) {
			t.Fatalf("invariants %v, want %v", got, want)
		}
		l := randMat3(rng)
		p, _ := Polar(l)
		e = StretchEigen(p.S)
		e2 := mgl64.Vec3{e[0] * e[0], e[1] * e[1], e[2] * e[2]}
		got, want = ofEigen(e2), inv(l.Transpose().Mul3(l))
		if d := maxDiff(got[:], want[:]); !(d <= tol*8) {
			t.Fatalf("squared stretches %v, want invariants of L^T L %v", got, want)
		}
	}
}

// quatFromMat3 inverts RotMat3, including at half-turns.
func TestQuatFromMat3(t *testing.T) {
	const tol = 1e-14
	rng := newRand()
	qs := []mgl64.Quat{mgl64.QuatIdent(), {V: mgl64.Vec3{1, 0, 0}}, {V: mgl64.Vec3{0, 1, 0}}, {V: mgl64.Vec3{0, 0, 1}}, {V: mgl64.Vec3{1, 1, 0}}}
	for range 1000 {
		qs = append(qs, randQuat(rng))
	}
	for _, q := range qs {
		r := RotMat3(q)
		got := quatFromMat3(r)
		if got.W < 0 {
			t.Fatalf("w < 0: %v", got)
		}
		if back := RotMat3(got); !(maxDiff(back[:], r[:]) <= tol) {
			t.Fatalf("%v: quaternion %v gives %v", r, got, back)
		}
	}
}

// PolarFit: zero residual and exact reconstruction for rotation times
// scale (mirrors included), and in general the residual is
// ||L - Q diag(Scale)||_F / ||L||_F, computed here from the returned
// rotation and scale.
func TestPolarFit(t *testing.T) {
	const tol = 1e-12
	rng := newRand()
	for range 1000 {
		tr := randTRS(rng, true)
		l := Linear(tr.Mat4())
		f, ok := PolarFit(l)
		if !ok || !(f.Residual <= tol) {
			t.Fatalf("%v: fit %+v, %v", l, f, ok)
		}
		back := Linear(TRS{Rotation: f.Rotation, Scale: f.Scale}.Mat4())
		if !(relDiff(back[:], l[:]) <= tol) {
			t.Fatalf("%v: fit gives %v", l, back)
		}
	}
	for _, c := range polarCases(rng) {
		f, _ := PolarFit(c.l)
		q := RotMat3(f.Rotation)
		diff := c.l.Sub(q.Mul3(mgl64.Diag3(f.Scale)))
		want := frobN(diff[:]) / frobN(c.l[:])
		if !(math.Abs(f.Residual-want) <= tol) || hasNaN(f.Residual) {
			t.Fatalf("%s: residual %g, want %g", c.name, f.Residual, want)
		}
		if sc := LossyScale(q, c.l); !(maxDiff(sc[:], f.Scale[:]) <= tol*frobN(c.l[:])) {
			t.Fatalf("%s: scale %v, want diag(Q^T L) %v", c.name, f.Scale, sc)
		}
	}
	// The skew case leaves a residual; zero and NaN give the identity.
	if f, ok := PolarFit(mgl64.Diag3(mgl64.Vec3{3, 1, 1}).Mul3(mgl64.Rotate3DY(deg(38)))); !ok || !(f.Residual > 0.1) {
		t.Errorf("skew 38: %+v, %v", f, ok)
	}
	for _, l := range []mgl64.Mat3{{}, {math.NaN()}} {
		f, ok := PolarFit(l)
		if ok || f != (Fit{Rotation: mgl64.QuatIdent()}) {
			t.Errorf("PolarFit(%v) = %+v, %v", l, f, ok)
		}
	}
}

// Entries of wildly mixed magnitude (1e-300 to 1e6), random signs and
// zeros: Polar stays finite, Q a rotation, and F Q S = L, flagged or not.
func TestPolarMixedMagnitudes(t *testing.T) {
	const tol = 1e-12
	rng := newRand()
	for range 20000 {
		var l mgl64.Mat3
		for k := range l {
			switch rng.IntN(4) {
			case 0:
				l[k] = 0
			default:
				l[k] = math.Copysign(math.Pow(10, randIn(rng, -300, 6)), randIn(rng, -1, 1))
			}
		}
		if rng.IntN(3) == 0 { // a dependent column: exactly or nearly singular
			c := rng.IntN(3)
			for i := range 3 {
				l[3*c+i] = 2*l[3*((c+1)%3)+i] - l[3*((c+2)%3)+i]
			}
		}
		p, _ := Polar(l)
		checkPolar(t, "mixed", l, p, tol)
	}
}

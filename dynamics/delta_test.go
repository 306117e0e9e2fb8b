package dynamics

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// deltaTol: deltas are differences of two conversions of order-10 numbers,
// so roundoff is ~1e-14; 1e-12 leaves room and still catches any missing
// term (all are of order 0.1-10 here).
const deltaTol = 1e-12

// TestDeltaToGlobal: the global change from a local change equals the
// difference of two full local-to-global conversions, before and after.
func TestDeltaToGlobal(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 1000; i++ {
		p, l, d := randDyn(rng), randDyn(rng), randDelta(rng)
		want := sub(p.Mul(l.Add(d)), p.Mul(l))
		check(t, "DeltaToGlobal vs two conversions", deltaErr(p.DeltaToGlobal(d), want), deltaTol)
	}
}

// TestDeltaToLocal: the local change needed for a global change equals the
// difference of two full global-to-local conversions.
func TestDeltaToLocal(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 1000; i++ {
		p, g, d := randDyn(rng), randDyn(rng), randDelta(rng)
		after, _ := GlobalToLocal(p, g.Add(d))
		before, _ := GlobalToLocal(p, g)
		got, ok := p.DeltaToLocal(d)
		if !ok {
			t.Fatal("DeltaToLocal not ok")
		}
		check(t, "DeltaToLocal vs two conversions", deltaErr(got, sub(after, before)), deltaTol)
	}
}

// TestChildDelta: a child's global change caused by a global change of its
// parent equals P'*L - P*L.
func TestChildDelta(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 1000; i++ {
		p, l, dp := randDyn(rng), randDyn(rng), randDelta(rng)
		want := sub(p.Add(dp).Mul(l), p.Mul(l))
		check(t, "ChildDelta vs two conversions", deltaErr(p.ChildDelta(l, dp), want), deltaTol)
	}
}

// TestDeltaRoundTrip: local-to-global of a delta and global-to-local of the
// result give back the delta, both ways.
func TestDeltaRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 1000; i++ {
		p, d := randDyn(rng), randDelta(rng)
		back, _ := p.DeltaToLocal(p.DeltaToGlobal(d))
		check(t, "local -> global -> local", deltaErr(back, d), deltaTol)
		loc, _ := p.DeltaToLocal(d)
		check(t, "global -> local -> global", deltaErr(p.DeltaToGlobal(loc), d), deltaTol)
	}
}

// TestImpulseDelta: seed 002's impulse formulas, written out here
// independently (dv1 = J2^-1 dp/m, da1 = -(2/m) J2^-1 w2 dp), and the
// resulting global change is exactly dv3 = dp/m with no acceleration change.
func TestImpulseDelta(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 1000; i++ {
		p := randDyn(rng)
		dp, m := randVec(rng, 5), 0.1+rng.Float64()*10
		ji, _ := p.JInv()
		want := Delta{V: ji.Mul3x1(dp).Mul(1 / m), A: ji.Mul3x1(p.Omega.Mul3x1(dp)).Mul(-2 / m)}
		got, ok := p.ImpulseDelta(dp, m)
		if !ok {
			t.Fatal("ImpulseDelta not ok")
		}
		check(t, "ImpulseDelta vs seed formula", deltaErr(got, want), deltaTol)
		check(t, "global effect of impulse", deltaErr(p.DeltaToGlobal(got), Delta{V: dp.Mul(1 / m)}), deltaTol)
	}
}

// TestCounteractDelta: seed 002's correction formulas (dv1 = -J2^-1 dv,
// da1 = 2 J2^-1 w2 dv) and, combined with the inherited change of a linear
// parent change dv, a zero net global change of the child.
func TestCounteractDelta(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 1000; i++ {
		p, l := randDyn(rng), randDyn(rng)
		dv := randVec(rng, 5)
		ji, _ := p.JInv()
		want := Delta{V: ji.Mul3x1(dv).Mul(-1), A: ji.Mul3x1(p.Omega.Mul3x1(dv)).Mul(2)}
		got, ok := p.CounteractDelta(dv)
		if !ok {
			t.Fatal("CounteractDelta not ok")
		}
		check(t, "CounteractDelta vs seed formula", deltaErr(got, want), deltaTol)
		p2 := p.Add(Delta{V: dv})
		check(t, "child unchanged after parent change + correction", dynErr(p2.Mul(l.Add(got)), p.Mul(l)), deltaTol)
	}
}

// TestForceTermsSum: the five terms add up to the global-to-local
// acceleration of a node whose global acceleration is F/m, and the 3D
// cross-product forms equal the matrix forms.
func TestForceTermsSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 1000; i++ {
		p, l := randDyn(rng), randDyn(rng)
		f, m := randVec(rng, 5), 0.1+rng.Float64()*10
		g := p.Mul(l)
		g.A = f.Mul(1 / m)
		loc, _ := GlobalToLocal(p, g)
		terms, ok := p.ForceTerms(l, f, m)
		if !ok {
			t.Fatal("ForceTerms not ok")
		}
		check(t, "sum of terms = local acceleration", vecErr(terms.Sum(), loc.A), deltaTol)
		w, al := p.Tilde()
		wv, alv := Vee(w), Vee(al)
		check(t, "centrifugal cross form", vecErr(terms.Centrifugal, Centrifugal3(wv, l.Position)), deltaTol)
		check(t, "Coriolis cross form", vecErr(terms.Coriolis, Coriolis3(wv, l.V)), deltaTol)
		check(t, "Euler cross form", vecErr(terms.Euler, Euler3(alv, l.Position)), deltaTol)
		// The tilde vectors are the parent's vectors in its own basis: R^T w.
		r := rot(p.Uniform)
		check(t, "w~ = R^T w", vecErr(wv, r.Transpose().Mul3x1(p.OmegaVec())), deltaTol)
	}
}

// TestForceTermsHand: hand-computed cases. A parent spinning about +z at
// w = 2 rad/s with alpha = 3 rad/s^2, accelerating at a2 = (0, 1, 0),
// rotated 90 degrees about z, scale 2; node at T1 = (1, 0, 0) moving at
// v1 = (0, 1, 0), mass 2 kg, force F = (4, 0, 0) N.
//
//	J2^-1 = R^T/2, R^T maps world x to -y and world y to x:
//	Applied       = R^T (4,0,0)/2/2 = (0, -1, 0)
//	Translational = -R^T (0,1,0)/2  = (-0.5, 0, 0)
//	Centrifugal   = w^2 T1 (outward) = (4, 0, 0)
//	Coriolis      = -2 w z x v1 = -4 (z x y) = (4, 0, 0)
//	Euler         = -alpha z x T1 = -3 (z x x) = (0, -3, 0)
func TestForceTermsHand(t *testing.T) {
	const tol = 1e-12
	p := Identity()
	p.Rotation = mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{0, 0, 1})
	p.Scale = 2
	p.A = mgl64.Vec3{0, 1, 0}
	p.Omega = Hat(mgl64.Vec3{0, 0, 2})
	p.Alpha = Hat(mgl64.Vec3{0, 0, 3})
	l := Identity()
	l.Position = mgl64.Vec3{1, 0, 0}
	l.V = mgl64.Vec3{0, 1, 0}
	got, _ := p.ForceTerms(l, mgl64.Vec3{4, 0, 0}, 2)
	want := Terms{
		Applied:       mgl64.Vec3{0, -1, 0},
		Translational: mgl64.Vec3{-0.5, 0, 0},
		Centrifugal:   mgl64.Vec3{4, 0, 0},
		Coriolis:      mgl64.Vec3{4, 0, 0},
		Euler:         mgl64.Vec3{0, -3, 0},
	}
	for _, c := range []struct {
		name      string
		got, want mgl64.Vec3
	}{
		{"applied", got.Applied, want.Applied},
		{"translational", got.Translational, want.Translational},
		{"centrifugal", got.Centrifugal, want.Centrifugal},
		{"Coriolis", got.Coriolis, want.Coriolis},
		{"Euler", got.Euler, want.Euler},
	} {
		if e := vecErr(c.got, c.want); !(e <= tol) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

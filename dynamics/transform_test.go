package dynamics

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestHatVee: Hat(w) x = w cross x, Vee inverts Hat, and the bracket of two
// hats is the hat of the cross product (the so(3) <-> R^3 identification).
func TestHatVee(t *testing.T) {
	const tol = 1e-14
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 100; i++ {
		w, x := randVec(rng, 1), randVec(rng, 1)
		check(t, "Hat(w)x = w x x", vecErr(Hat(w).Mul3x1(x), w.Cross(x)), tol)
		check(t, "Vee(Hat(w)) = w", vecErr(Vee(Hat(w)), w), tol)
		check(t, "[Hat a, Hat b] = Hat(a x b)", matErr(Bracket(Hat(w), Hat(x)), Hat(w.Cross(x))), tol)
		check(t, "Hat skew", matErr(Hat(w).Transpose(), Hat(w).Mul(-1)), 0)
	}
}

// TestIdentity: the identity is neutral on both sides and at rest.
func TestIdentity(t *testing.T) {
	const tol = 1e-12
	rng := rand.New(rand.NewPCG(1, 1))
	id := Identity()
	for i := 0; i < 100; i++ {
		a := randDyn(rng)
		check(t, "I*A = A", dynErr(id.Mul(a), a), tol)
		check(t, "A*I = A", dynErr(a.Mul(id), a), tol)
	}
}

// TestAssociative: (A B) C = A (B C) for seeded random dynamic transforms,
// velocities and accelerations included, to 1e-12.
func TestAssociative(t *testing.T) {
	const tol = 1e-12
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 1000; i++ {
		a, b, c := randDyn(rng), randDyn(rng), randDyn(rng)
		check(t, "(AB)C = A(BC)", dynErr(a.Mul(b).Mul(c), a.Mul(b.Mul(c))), tol)
	}
}

// TestInverse: A A^-1 = A^-1 A = identity (zero motion) to 1e-12.
func TestInverse(t *testing.T) {
	const tol = 1e-12
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 1000; i++ {
		a := randDyn(rng)
		inv, ok := a.Inverse()
		if !ok {
			t.Fatal("Inverse not ok for nonzero scale")
		}
		check(t, "A A^-1 = I", dynErr(a.Mul(inv), Identity()), tol)
		check(t, "A^-1 A = I", dynErr(inv.Mul(a), Identity()), tol)
	}
}

// TestGlobalToLocalInvertsMul: the closed form GlobalToLocal(P, P*L) gives
// back L, and equals P^-1 * G for an arbitrary G.
func TestGlobalToLocalInvertsMul(t *testing.T) {
	const tol = 1e-12
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 1000; i++ {
		p, l, g := randDyn(rng), randDyn(rng), randDyn(rng)
		back, ok := GlobalToLocal(p, LocalToGlobal(p, l))
		if !ok {
			t.Fatal("GlobalToLocal not ok")
		}
		check(t, "GlobalToLocal(P, P L) = L", dynErr(back, l), tol)
		pinv, _ := p.Inverse()
		got, _ := GlobalToLocal(p, g)
		check(t, "GlobalToLocal(P, G) = P^-1 G", dynErr(got, pinv.Mul(g)), tol)
	}
}

// TestDegenerate: zero scale, zero or negative or NaN mass give ok = false
// and finite zero results, never a panic or NaN.
func TestDegenerate(t *testing.T) {
	flat := Identity()
	flat.Scale = 0
	flat.Omega = Hat(mgl64.Vec3{1, 2, 3})
	if inv, ok := flat.Inverse(); ok || dynErr(inv, Identity()) != 0 {
		t.Errorf("Inverse of zero scale: ok=%v inv=%v", ok, inv)
	}
	if l, ok := GlobalToLocal(flat, Identity()); ok || dynErr(l, Identity()) != 0 {
		t.Errorf("GlobalToLocal with zero-scale parent: ok=%v", ok)
	}
	if d, ok := flat.DeltaToLocal(Delta{V: mgl64.Vec3{1, 0, 0}}); ok || d != (Delta{}) {
		t.Errorf("DeltaToLocal with zero scale: ok=%v", ok)
	}
	for _, m := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		if tm, ok := Identity().ForceTerms(Identity(), mgl64.Vec3{1, 0, 0}, m); ok || tm != (Terms{}) {
			t.Errorf("ForceTerms mass %v: ok=%v", m, ok)
		}
		if d, ok := Identity().ImpulseDelta(mgl64.Vec3{1, 0, 0}, m); ok || d != (Delta{}) {
			t.Errorf("ImpulseDelta mass %v: ok=%v", m, ok)
		}
		if tm, ok := (Planar{Scale: 1}).ForceTerms(mgl64.Vec2{}, mgl64.Vec2{}, mgl64.Vec2{1, 0}, m); ok || tm != (PlanarTerms{}) {
			t.Errorf("Planar ForceTerms mass %v: ok=%v", m, ok)
		}
	}
	if q := Exp(mgl64.Vec3{}); q != mgl64.QuatIdent() {
		t.Errorf("Exp(0) = %v", q)
	}
	// A zero-scale parent still composes (flat child), without NaN.
	c := flat.Mul(randDyn(rand.New(rand.NewPCG(1, 1))))
	for _, x := range append(append(c.V[:], c.A[:]...), c.Omega[:]...) {
		if x != x {
			t.Fatal("NaN from composing with a zero-scale parent")
		}
	}
}

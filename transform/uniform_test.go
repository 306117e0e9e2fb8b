package transform

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func randUniform(rng *rand.Rand) Uniform {
	s := randScale(rng, true)[0]
	return Uniform{
		Position: mgl64.Vec3{randIn(rng, -5, 5), randIn(rng, -5, 5), randIn(rng, -5, 5)},
		Rotation: randQuat(rng),
		Scale:    s,
	}
}

// uniformDiff compares two Uniform values as matrices, which ignores the
// sign of the quaternion (q and -q are the same rotation).
func uniformDiff(a, b Uniform) float64 {
	ma, mb := a.Mat4(), b.Mat4()
	return maxDiff(ma[:], mb[:])
}

// Group laws, exact to 1e-12: associativity, identity, inverse, and Mul
// as matrix product.
func TestUniformGroupLaws(t *testing.T) {
	const tol = 1e-12
	rng := newRand()
	id := UniformIdentity()
	for range 1000 {
		a, b, c := randUniform(rng), randUniform(rng), randUniform(rng)
		if d := uniformDiff(a.Mul(b).Mul(c), a.Mul(b.Mul(c))); !(d <= tol) {
			t.Fatalf("(ab)c != a(bc) by %g", d)
		}
		if d := uniformDiff(a.Mul(id), a); !(d <= tol) {
			t.Fatalf("a*id != a by %g", d)
		}
		if d := uniformDiff(id.Mul(a), a); !(d <= tol) {
			t.Fatalf("id*a != a by %g", d)
		}
		inv, ok := a.Inverse()
		if !ok {
			t.Fatalf("%+v has no inverse", a)
		}
		if d := uniformDiff(a.Mul(inv), id); !(d <= tol) {
			t.Fatalf("a*a^-1 != id by %g", d)
		}
		if d := uniformDiff(inv.Mul(a), id); !(d <= tol) {
			t.Fatalf("a^-1*a != id by %g", d)
		}
		ab, want := a.Mul(b).Mat4(), a.Mat4().Mul4(b.Mat4())
		if d := maxDiff(ab[:], want[:]); !(d <= tol) {
			t.Fatalf("Mul differs from the matrix product by %g", d)
		}
		p := mgl64.Vec3{randIn(rng, -3, 3), randIn(rng, -3, 3), randIn(rng, -3, 3)}
		wantP := a.Mat4().Mul4x1(p.Vec4(1)).Vec3()
		if got := a.Apply(p); !(maxDiff(got[:], wantP[:]) <= tol) {
			t.Fatalf("Apply(%v) = %v, want %v", p, got, wantP)
		}
		if c := Compose(a.TRS(), b.TRS()).Mat4(); !(maxDiff(c[:], ab[:]) <= tol) {
			t.Fatalf("Compose of uniform TRS = %v, Mul gives %v", c, ab)
		}
	}
}

func TestUniformInverseUndefined(t *testing.T) {
	for _, s := range []float64{0, 1e-320, 5e-324} {
		inv, ok := Uniform{Rotation: mgl64.QuatIdent(), Scale: s}.Inverse()
		if ok || inv != UniformIdentity() {
			t.Errorf("scale %g: Inverse = %+v, %v; want identity, false", s, inv, ok)
		}
	}
	if _, ok := (Uniform{Rotation: mgl64.QuatIdent(), Scale: 1e-300}).Inverse(); !ok {
		t.Errorf("scale 1e-300 should be invertible")
	}
}

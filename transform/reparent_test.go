package transform

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// randChain returns the matrix of a chain of n random TRS (mirrors
// included), which is skewed in general.
func randChain(rng *rand.Rand, n int) mgl64.Mat4 {
	m := mgl64.Ident4()
	for range n {
		m = m.Mul4(randTRS(rng, true).Mat4())
	}
	return m
}

// mat4Diff returns max|a - b| relative to max(1, max|b|).
func mat4Diff(a, b mgl64.Mat4) float64 {
	m := 1.0
	for _, x := range b {
		m = math.Max(m, math.Abs(x))
	}
	return maxDiff(a[:], b[:]) / m
}

// Seed 001 by hand on the piston: moving B from A to Root keeps its world
// matrix with local A*B = T(1, 0, 1.5) Ry(90°) diag(1, 1, 1): A's scale
// (0.25, 0.25, 2) and B's (4, 4, 0.5) cancel.
func TestReparentPistonByHand(t *testing.T) {
	const tol = 1e-12
	root := TRS{Position: mgl64.Vec3{2.5, 3, 3}, Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{1, 1, 1}}
	a := TRS{Position: mgl64.Vec3{0, 0, 1.5}, Rotation: mgl64.Quat{W: 0.71, V: mgl64.Vec3{0, 0.71, 0}}, Scale: mgl64.Vec3{0.25, 0.25, 2}}
	b := TRS{Position: mgl64.Vec3{0, 0, 0.5}, Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{4, 4, 0.5}}
	world := root.Mat4().Mul4(a.Mat4()).Mul4(b.Mat4())
	r, ok := Reparent(world, root.Mat4())
	s := 1 / math.Sqrt2
	if !ok || !(r.Residual <= tol) {
		t.Fatalf("Reparent = %+v, %v", r, ok)
	}
	checks := []struct {
		name      string
		got, want []float64
	}{
		{"position", r.Fit.Position[:], []float64{1, 0, 1.5}},
		{"rotation", quatSlice(r.Fit.Rotation), []float64{s, 0, s, 0}},
		{"scale", r.Fit.Scale[:], []float64{1, 1, 1}},
	}
	for _, c := range checks {
		if d := maxDiff(c.got, c.want); !(d <= tol) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

// The local matrix always keeps the world matrix; its TRS fit keeps it
// whenever the local matrix is representable, and otherwise reports a
// non-zero residual.
func TestReparentKeepsWorld(t *testing.T) {
	const tol = 1e-12
	rng := newRand()
	for i := range 2000 {
		parent := randChain(rng, 1+i%3)
		var world mgl64.Mat4
		representable := i%2 == 0
		if representable {
			world = parent.Mul4(randTRS(rng, true).Mat4())
		} else {
			world = randChain(rng, 3)
		}
		r, ok := Reparent(world, parent)
		if !ok {
			t.Fatalf("parent %v flagged singular", parent)
		}
		if d := mat4Diff(parent.Mul4(r.Local), world); !(d <= tol) {
			t.Fatalf("parent * Local differs from world by %g", d)
		}
		l := Linear(r.Local)
		if representable && !Representable(l, 1e-9) {
			t.Fatalf("local %v of parent * TRS not representable", l)
		}
		if Representable(l, tol) || representable {
			if d := mat4Diff(parent.Mul4(r.Fit.Mat4()), world); !(d <= tol) || !(r.Residual <= tol) {
				t.Fatalf("representable: the fit moves the world by %g (residual %g)", d, r.Residual)
			}
		} else if !(r.Residual > 0) {
			t.Fatalf("not representable (skew %v) but residual %g", l, r.Residual)
		}
	}
}

// A singular or non-finite new parent is refused and world is returned as
// the local matrix; a tiny but regular parent is fine.
func TestReparentSingularParent(t *testing.T) {
	const tol = 1e-12
	rng := newRand()
	world := randChain(rng, 2)
	flat := TRS{Position: mgl64.Vec3{1, 2, 3}, Rotation: randQuat(rng), Scale: mgl64.Vec3{1, 0, 2}}.Mat4()
	// Columns (1,0,0), (0,1,0), (1,1,0): coplanar without a zero column.
	coplanar := mgl64.Mat4FromRows(mgl64.Vec4{1, 0, 1, 0}, mgl64.Vec4{0, 1, 1, 0}, mgl64.Vec4{0, 0, 0, 0}, mgl64.Vec4{0, 0, 0, 1})
	nan := mgl64.Ident4()
	nan[5] = math.NaN()
	for _, p := range []mgl64.Mat4{flat, coplanar, nan, {}} {
		r, ok := Reparent(world, p)
		if ok || r.Local != world || hasNaN(r.Residual) {
			t.Errorf("parent %v: %+v, %v; want world, false", p, r, ok)
		}
	}
	tiny := mgl64.Scale3D(1e-300, 2e-300, 1e-300)
	r, ok := Reparent(world, tiny)
	if !ok || !(mat4Diff(tiny.Mul4(r.Local), world) <= tol) {
		t.Errorf("tiny parent: %+v, %v", r, ok)
	}
	if r, ok := Reparent(mgl64.Scale3D(1e6, 1e6, 1e6), mgl64.Scale3D(5e-324, 1, 1)); ok {
		t.Errorf("an overflowing local matrix should be refused: %+v", r)
	}
	// Invertible tells the parent's fault from the local's overflow.
	for _, p := range []mgl64.Mat4{flat, coplanar, nan, {}} {
		if Invertible(p) {
			t.Errorf("Invertible(%v) = true for a singular or non-finite parent", p)
		}
	}
	for _, p := range []mgl64.Mat4{tiny, mgl64.Scale3D(1e-300, 1, 1e300), mgl64.Ident4(), world} {
		if !Invertible(p) {
			t.Errorf("Invertible(%v) = false for a regular parent", p)
		}
	}
}

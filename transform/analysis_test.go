package transform

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestLinear(t *testing.T) {
	m := mgl64.Mat4FromRows(
		mgl64.Vec4{1, 2, 3, 10},
		mgl64.Vec4{4, 5, 6, 11},
		mgl64.Vec4{7, 8, 9, 12},
		mgl64.Vec4{0, 0, 0, 1},
	)
	want := mgl64.Mat3FromRows(mgl64.Vec3{1, 2, 3}, mgl64.Vec3{4, 5, 6}, mgl64.Vec3{7, 8, 9})
	if got := Linear(m); got != want {
		t.Fatalf("Linear = %v, want %v", got, want)
	}
}

// A 2D shear x' = x + k y moves the y axis to (k, 1, 0): its angle to the
// x axis is 90° - atan(k).
func TestSkewDegShear(t *testing.T) {
	const tol = 1e-12
	for _, a := range []float64{0, 1e-6, 10, 30, 45, 60, 89.9} {
		k := math.Tan(deg(a))
		l := mgl64.Mat3FromRows(mgl64.Vec3{1, k, 0}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0, 0, 1})
		got, ok := SkewDeg(l)
		if !ok || !(math.Abs(got-a) <= tol*math.Max(1, a)) {
			t.Errorf("shear of %g°: SkewDeg = %g, %v", a, got, ok)
		}
		// A rotation in front, and a scale with a mirror behind, change nothing.
		m := randRot(newRand()).Mul3(l).Mul3(mgl64.Diag3(mgl64.Vec3{-2, 3, 0.5}))
		if got, ok := SkewDeg(m); !ok || !(math.Abs(got-a) <= 1e-9) {
			t.Errorf("R * shear of %g° * diag(-2, 3, 0.5): SkewDeg = %g, %v", a, got, ok)
		}
	}
}

// Root scale (3, 1, 1) over a child turned 38° about y: L = diag(3,1,1)*Ry(38°)
// has columns c0 = (3 cos, 0, -sin) and c2 = (3 sin, 0, cos), so
// cos(angle) = 8 sin cos / (sqrt(9cos²+sin²) sqrt(9sin²+cos²)).
func TestSkewDegSeed38(t *testing.T) {
	const tol = 1e-9
	c, s := math.Cos(deg(38)), math.Sin(deg(38))
	cosA := 8 * s * c / (math.Sqrt(9*c*c+s*s) * math.Sqrt(9*s*s+c*c))
	hand := 90 - math.Acos(cosA)*180/math.Pi
	l := mgl64.Diag3(mgl64.Vec3{3, 1, 1}).Mul3(mgl64.Rotate3DY(deg(38)))
	got, ok := SkewDeg(l)
	if !ok || !(math.Abs(got-hand) <= tol) {
		t.Fatalf("SkewDeg = %g, %v; hand algebra gives %g", got, ok, hand)
	}
	if !(math.Abs(got-52.2974) <= 1e-4) {
		t.Fatalf("SkewDeg = %g, want 52.2974", got)
	}
	// The child's own scale and anything after it in world space keep the angle.
	w := mgl64.Rotate3DZ(1).Mul3(l).Mul3(mgl64.Diag3(mgl64.Vec3{0.25, 0.25, 2}))
	if got2, _ := SkewDeg(w); !(math.Abs(got2-got) <= tol) {
		t.Fatalf("SkewDeg of the full chain = %g, want %g", got2, got)
	}
}

// A's scale (0.25, 0.25, 2) over B turned 45° about x: columns
// (0, 0.25, 2)/√2 and (0, -0.25, 2)/√2, cos = (4 - 1/16)/(4 + 1/16) = 63/65.
// On the piston B's own scale and A's 90° turn about y do not change it.
func TestSkewDegSeed45(t *testing.T) {
	const tol = 1e-9
	want := 90 - math.Acos(63.0/65)*180/math.Pi
	if !(math.Abs(want-75.74997) <= 1e-5) {
		t.Fatalf("90 - acos(63/65) = %g", want)
	}
	l := mgl64.Diag3(mgl64.Vec3{0.25, 0.25, 2}).Mul3(mgl64.Rotate3DX(deg(45)))
	piston := mgl64.Rotate3DY(deg(90)).Mul3(l).Mul3(mgl64.Diag3(mgl64.Vec3{4, 4, 0.5}))
	for _, m := range []mgl64.Mat3{l, piston} {
		if got, ok := SkewDeg(m); !ok || !(math.Abs(got-want) <= tol) {
			t.Fatalf("SkewDeg = %g, %v; want %g", got, ok, want)
		}
	}
	// A alone (no rotation after its non-uniform scale) is not skewed.
	a := mgl64.Rotate3DY(deg(90)).Mul3(mgl64.Diag3(mgl64.Vec3{0.25, 0.25, 2}))
	if got, ok := SkewDeg(a); !ok || !(got <= 1e-12) {
		t.Fatalf("SkewDeg(A) = %g, %v; want 0", got, ok)
	}
}

// A zero column makes its angles undefined; the other pair still counts.
func TestSkewDegZeroColumn(t *testing.T) {
	const tol = 1e-12
	k := math.Tan(deg(30))
	l := mgl64.Mat3FromRows(mgl64.Vec3{1, k, 0}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0, 0, 0})
	if got, ok := SkewDeg(l); ok || !(math.Abs(got-30) <= tol) {
		t.Errorf("SkewDeg = %g, %v; want 30, false", got, ok)
	}
	for _, m := range []mgl64.Mat3{{}, {math.NaN()}, {math.Inf(1), 0, 0, 0, 1, 0, 0, 0, 1}} {
		if got, ok := SkewDeg(m); ok || got != 0 {
			t.Errorf("SkewDeg(%v) = %g, %v; want 0, false", m, got, ok)
		}
	}
	// Tiny and huge columns keep their angles.
	ry := mgl64.Rotate3DY(deg(38))
	want, _ := SkewDeg(mgl64.Diag3(mgl64.Vec3{1, 1, 3}).Mul3(ry))
	tiny := mgl64.Diag3(mgl64.Vec3{1e-300, 1e6, 3e-300}).Mul3(ry)
	if got, ok := SkewDeg(tiny); !ok || !(math.Abs(got-want) <= 1e-9) || !(want > 50) {
		t.Errorf("SkewDeg(tiny) = %g, %v; want %g", got, ok, want)
	}
}

// Rotation times per-axis scale never skews.
func TestSkewDegOfTRSIsZero(t *testing.T) {
	const tol = 1e-9
	rng := newRand()
	for range 1000 {
		l := Linear(randTRS(rng, true).Mat4())
		if got, ok := SkewDeg(l); !ok || !(got <= tol) {
			t.Fatalf("SkewDeg(%v) = %g, %v", l, got, ok)
		}
	}
}

// Volume is the product of the scales (rotations keep volume), and
// ColumnLengths their absolute values.
func TestVolumeAndColumnLengths(t *testing.T) {
	const tol = 1e-12
	rng := newRand()
	for range 1000 {
		tr := randTRS(rng, true)
		l := Linear(tr.Mat4())
		s := tr.Scale
		if v := Volume(l); !(math.Abs(v-s[0]*s[1]*s[2]) <= tol*math.Abs(s[0]*s[1]*s[2])) {
			t.Fatalf("Volume = %g, want %g", v, s[0]*s[1]*s[2])
		}
		c := ColumnLengths(l)
		want := mgl64.Vec3{math.Abs(s[0]), math.Abs(s[1]), math.Abs(s[2])}
		if !(relDiff(c[:], want[:]) <= tol) {
			t.Fatalf("ColumnLengths = %v, want %v", c, want)
		}
	}
	c := ColumnLengths(mgl64.Diag3(mgl64.Vec3{1e-300, 1e6, -5e-324}))
	if c != (mgl64.Vec3{1e-300, 1e6, 5e-324}) {
		t.Errorf("ColumnLengths of tiny/huge = %v", c)
	}
}

// On the piston with Root scale (3, 1, 1), B's world linear part is
// diag(3,1,1)*Ry(90°): columns (0,0,-1), (0,1,0), (3,0,0). Its lengths are
// (1, 1, 3) and, with R_w = Ry(90°), diag(R_w^T L) = (1, 1, 3): longer, not
// fatter.
func TestLossyScalePiston(t *testing.T) {
	const tol = 1e-12
	rw := mgl64.Rotate3DY(deg(90))
	l := mgl64.Diag3(mgl64.Vec3{3, 1, 1}).Mul3(rw).
		Mul3(mgl64.Diag3(mgl64.Vec3{0.25, 0.25, 2})).Mul3(mgl64.Diag3(mgl64.Vec3{4, 4, 0.5}))
	want := []float64{1, 1, 3}
	if got := LossyScale(rw, l); !(maxDiff(got[:], want) <= tol) {
		t.Errorf("LossyScale = %v, want %v", got, want)
	}
	if got := ColumnLengths(l); !(maxDiff(got[:], want) <= tol) {
		t.Errorf("ColumnLengths = %v, want %v", got, want)
	}
	if got, ok := SkewDeg(l); !ok || !(got <= tol) {
		t.Errorf("SkewDeg = %g, %v; want 0", got, ok)
	}
}

// LossyScale is exact for R*diag(s) with the same R, and is (R e_k)·(L e_k)
// in general.
func TestLossyScale(t *testing.T) {
	const tol = 1e-12
	rng := newRand()
	for range 1000 {
		tr := randTRS(rng, true)
		r := tr.Rotation.Mat4().Mat3()
		if got := LossyScale(r, Linear(tr.Mat4())); !(maxDiff(got[:], tr.Scale[:]) <= tol) {
			t.Fatalf("LossyScale = %v, want %v", got, tr.Scale)
		}
		l := randMat3(rng)
		got := LossyScale(r, l)
		for k := range 3 {
			if want := r.Col(k).Dot(l.Col(k)); !(math.Abs(got[k]-want) <= tol) {
				t.Fatalf("LossyScale[%d] = %g, want %g", k, got[k], want)
			}
		}
	}
}

// randSignedPerm returns a random rotation by multiples of 90° about the
// axes: a signed permutation matrix with det +1.
func randSignedPerm(rng *rand.Rand) mgl64.Mat3 {
	for {
		var m mgl64.Mat3
		p := rng.Perm(3)
		for c := range 3 {
			m[3*c+p[c]] = float64(1 - 2*rng.IntN(2))
		}
		if m.Det() > 0 {
			return m
		}
	}
}

// Representable: false whenever columns are not orthogonal, true whenever
// one of seed 003's two conditions fails, and true in a case where both
// hold (they are necessary, not sufficient).
func TestRepresentable(t *testing.T) {
	const tol = 1e-12
	rng := newRand()
	for range 1000 {
		outer := randScale(rng, true)
		inner := randTRS(rng, true)
		// Inner rotation a multiple of 90° about the axes.
		l := mgl64.Diag3(outer).Mul3(randSignedPerm(rng)).Mul3(mgl64.Diag3(inner.Scale))
		if !Representable(l, tol) {
			t.Fatalf("axis-permuting inner rotation: %v not representable", l)
		}
		// Uniform outer scale.
		u := mgl64.Diag3(mgl64.Vec3{outer[0], outer[0], outer[0]})
		l = u.Mul3(Linear(inner.Mat4()))
		if !Representable(l, tol) {
			t.Fatalf("uniform outer scale: %v not representable", l)
		}
		// Columns that are not orthogonal: R * upper triangular with a
		// non-zero (0, 1) entry, so c0·c1 = u00*u01 != 0.
		up := mgl64.Mat3FromRows(
			mgl64.Vec3{randIn(rng, 0.5, 2), randIn(rng, 0.01, 1), randIn(rng, -1, 1)},
			mgl64.Vec3{0, randIn(rng, 0.5, 2), randIn(rng, -1, 1)},
			mgl64.Vec3{0, 0, randIn(rng, 0.5, 2)},
		)
		l = randRot(rng).Mul3(up)
		if Representable(l, tol) {
			t.Fatalf("non-orthogonal columns: %v representable", l)
		}
	}
	// Both conditions hold, yet (2, 2, 1) over 45° about z keeps the
	// columns orthogonal: the turn is inside the uniform x-y block.
	l := mgl64.Diag3(mgl64.Vec3{2, 2, 1}).Mul3(mgl64.Rotate3DZ(deg(45)))
	if !Representable(l, tol) {
		t.Fatalf("(2,2,1) over 45° about z should be representable")
	}
	// And the skew case is not.
	if Representable(mgl64.Diag3(mgl64.Vec3{3, 1, 1}).Mul3(mgl64.Rotate3DY(deg(38))), tol) {
		t.Fatalf("(3,1,1) over 38° about y should not be representable")
	}
	// Zero columns are orthogonal to everything; parallel ones are not.
	if !Representable(mgl64.Diag3(mgl64.Vec3{0, 1, 2}), tol) {
		t.Errorf("a flat diagonal should be representable")
	}
	flat := mgl64.Diag3(mgl64.Vec3{1, 1, 0}).Mul3(mgl64.Rotate3DY(deg(38)))
	if Representable(flat, tol) {
		t.Errorf("a flattened turn has parallel columns: not representable")
	}
	if Representable(mgl64.Mat3{math.NaN()}, tol) {
		t.Errorf("NaN should not be representable")
	}
}

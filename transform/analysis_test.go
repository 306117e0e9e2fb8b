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
	// Tiny and huge matrices keep their angles.
	ry := mgl64.Rotate3DY(deg(38))
	want, _ := SkewDeg(mgl64.Diag3(mgl64.Vec3{1, 1, 3}).Mul3(ry))
	for _, f := range []float64{1e-300, 1e300, math.MaxFloat64 / 4} {
		m := mgl64.Diag3(mgl64.Vec3{f, f, 3 * f}).Mul3(ry)
		if got, ok := SkewDeg(m); !ok || !(math.Abs(got-want) <= 1e-9) || !(want > 50) {
			t.Errorf("SkewDeg(%g * l) = %g, %v; want %g", f, got, ok, want)
		}
	}
}

// A column shorter than ZeroColumnRel (1e-12) of the longest counts as
// zero: c2 = t (1, 1, 0)/sqrt(2) is 45 degrees from c0 = x and c1 = y, so
// at t = 1e-11 the skew is 45 degrees and l is not representable; at
// t = 1e-13 (and 0.999e-12) c2 is a collapsed axis, the skew is undefined
// and the two remaining columns are orthogonal: representable.
func TestZeroColumnThreshold(t *testing.T) {
	const tol = 1e-9
	col := func(t float64) mgl64.Mat3 {
		h := t / math.Sqrt2
		return mgl64.Mat3{1, 0, 0, 0, 1, 0, h, h, 0}
	}
	for _, c := range []struct {
		t       float64
		ok      bool
		deg     float64
		trsRepr bool
	}{{1e-11, true, 45, false}, {1.001e-12, true, 45, false}, {0.999e-12, false, 0, true}, {1e-13, false, 0, true}, {1e-16, false, 0, true}} {
		for _, scale := range []float64{1, 1e-300, 1e300} {
			l := col(c.t).Mul(scale)
			got, ok := SkewDeg(l)
			if ok != c.ok || !(math.Abs(got-c.deg) <= tol) {
				t.Errorf("t=%g scale %g: SkewDeg = %g, %v; want %g, %v", c.t, scale, got, ok, c.deg, c.ok)
			}
			if r := Representable(l, 1e-9); r != c.trsRepr {
				t.Errorf("t=%g scale %g: Representable = %v, want %v", c.t, scale, r, c.trsRepr)
			}
		}
	}
}

// Finding 10 of issue 10: the skew preset with Parent.scale y = 0. Child's
// world linear part is R_p diag(sp) R_c diag(sc) with R_c = Rz(-90)
// Ry(-180) Rx(-90), a multiple of 90 degrees about the axes: R_c maps each
// axis onto an axis, so every column of the product is sp_j sc_k times a
// column j of R_p (orthogonal columns), and the one mapped onto y is
// exactly zero. Rounding leaves it about 1e-16 long; it must count as
// zero: skew undefined, representable.
func TestFlatChildFromZeroParentScale(t *testing.T) {
	rp := EulerDeg(-23.701852, 20.212539, 88.529709)
	rc := EulerDeg(-90, -180, -90)
	parent := TRS{Rotation: rp, Scale: mgl64.Vec3{2.912823710771, 0, 2.81784970706}}
	child := TRS{Rotation: rc, Scale: mgl64.Vec3{1.609456624322, 1.322880582017, 3.70582362317}}
	l := Linear(parent.Mat4().Mul4(child.Mat4()))
	if _, ok := SkewDeg(l); ok {
		t.Errorf("SkewDeg ok for a collapsed child: %v", l)
	}
	if !Representable(l, 1e-9) {
		t.Errorf("the two remaining columns are orthogonal: want representable, l = %v", l)
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

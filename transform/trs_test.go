package transform

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TRS.Mat4 against mgl64's own constructors: Translate3D * Quat.Mat4 * Scale3D.
func TestTRSMat4MatchesMgl64(t *testing.T) {
	const tol = 1e-12
	rng := newRand()
	for i := range 1000 {
		tr := randTRS(rng, true)
		if i%10 == 0 {
			tr.Scale[i%3] = 0 // flat nodes go through the same formula
		}
		p := tr.Position
		want := mgl64.Translate3D(p[0], p[1], p[2]).
			Mul4(tr.Rotation.Mat4()).
			Mul4(mgl64.Scale3D(tr.Scale[0], tr.Scale[1], tr.Scale[2]))
		got := tr.Mat4()
		if d := maxDiff(got[:], want[:]); !(d <= tol) {
			t.Fatalf("%+v: Mat4 differs from T*R*S by %g", tr, d)
		}
		pt := mgl64.Vec3{randIn(rng, -3, 3), randIn(rng, -3, 3), randIn(rng, -3, 3)}
		wantP := want.Mul4x1(pt.Vec4(1)).Vec3()
		if gotP := tr.Apply(pt); !(maxDiff(gotP[:], wantP[:]) <= tol) {
			t.Fatalf("%+v: Apply(%v) = %v, want %v", tr, pt, gotP, wantP)
		}
	}
}

// Identity is the identity matrix, and a non-normalized or zero rotation
// is read as its normalization or the identity.
func TestIdentityAndRotationNormalization(t *testing.T) {
	const tol = 1e-15
	id := Identity().Mat4()
	want := mgl64.Ident4()
	if d := maxDiff(id[:], want[:]); !(d <= tol) {
		t.Fatalf("Identity().Mat4() = %v", id)
	}
	zero := TRS{Scale: mgl64.Vec3{1, 1, 1}}.Mat4()
	if d := maxDiff(zero[:], want[:]); !(d <= tol) {
		t.Fatalf("zero rotation gives %v, want identity", zero)
	}
	q := mgl64.Quat{W: 0.71, V: mgl64.Vec3{0, 0.71, 0}}
	a := TRS{Rotation: q, Scale: mgl64.Vec3{1, 1, 1}}.Mat4()
	b := mgl64.HomogRotate3DY(math.Pi / 2)
	if d := maxDiff(a[:], b[:]); !(d <= 1e-15) {
		t.Fatalf("(0.71, 0, 0.71, 0) is not a 90° turn about y: %v", a)
	}
}

func TestNormalize(t *testing.T) {
	const tol = 1e-15
	s := 1 / math.Sqrt2
	cases := []struct {
		in, want mgl64.Quat
	}{
		{mgl64.Quat{}, mgl64.QuatIdent()},
		{mgl64.Quat{W: math.NaN()}, mgl64.QuatIdent()},
		{mgl64.Quat{W: math.Inf(1)}, mgl64.QuatIdent()},
		{mgl64.Quat{V: mgl64.Vec3{0, 1e-200, 0}}, mgl64.Quat{V: mgl64.Vec3{0, 1, 0}}},
		{mgl64.Quat{V: mgl64.Vec3{0, 0, 5e-324}}, mgl64.Quat{V: mgl64.Vec3{0, 0, 1}}},
		{mgl64.Quat{W: 1e300, V: mgl64.Vec3{1e300, 0, 0}}, mgl64.Quat{W: s, V: mgl64.Vec3{s, 0, 0}}},
		{mgl64.Quat{W: 0.71, V: mgl64.Vec3{0, 0.71, 0}}, mgl64.Quat{W: s, V: mgl64.Vec3{0, s, 0}}},
	}
	for _, c := range cases {
		got := Normalize(c.in)
		if d := maxDiff(quatSlice(got), quatSlice(c.want)); !(d <= tol) {
			t.Errorf("Normalize(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

// Under a uniform parent scale, accumulate-TRS equals matrix composition
// (seed 003's formula).
func TestComposeMatchesMatrixUnderUniformParentScale(t *testing.T) {
	const tol = 1e-12
	rng := newRand()
	for range 1000 {
		parent, child := randTRS(rng, false), randTRS(rng, true)
		u := parent.Scale[0]
		if rng.IntN(4) == 0 {
			u = -u
		}
		parent.Scale = mgl64.Vec3{u, u, u}
		got := Compose(parent, child).Mat4()
		want := parent.Mat4().Mul4(child.Mat4())
		if d := maxDiff(got[:], want[:]); !(d <= tol) {
			t.Fatalf("Compose(%+v, %+v) differs from the matrix product by %g", parent, child, d)
		}
	}
}

// Seed 000's rule by hand on the piston with Root scale (3, 1, 1): scale
// multiplies per axis (A gets (0.75, 0.25, 2): fatter, not longer), and A
// sits at Root.position + Root.R(Root.S ∘ (0, 0, 1.5)).
func TestComposePistonByHand(t *testing.T) {
	const tol = 1e-15
	root := TRS{Position: mgl64.Vec3{2.5, 3, 3}, Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{3, 1, 1}}
	a := TRS{Position: mgl64.Vec3{0, 0, 1.5}, Rotation: mgl64.Quat{W: 0.71, V: mgl64.Vec3{0, 0.71, 0}}, Scale: mgl64.Vec3{0.25, 0.25, 2}}
	b := TRS{Position: mgl64.Vec3{0, 0, 0.5}, Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{4, 4, 0.5}}
	wa := Compose(root, a)
	wb := Compose(wa, b)
	s := 1 / math.Sqrt2
	checks := []struct {
		name      string
		got, want []float64
	}{
		{"A position", wa.Position[:], []float64{2.5, 3, 4.5}},
		{"A scale", wa.Scale[:], []float64{0.75, 0.25, 2}},
		{"A rotation", quatSlice(wa.Rotation), []float64{s, 0, s, 0}},
		// B: A.position + Ry(90)((0.75, 0.25, 2) ∘ (0, 0, 0.5)) = (2.5, 3, 4.5) + (1, 0, 0).
		{"B position", wb.Position[:], []float64{3.5, 3, 4.5}},
		{"B scale", wb.Scale[:], []float64{3, 1, 1}},
	}
	for _, c := range checks {
		if d := maxDiff(c.got, c.want); !(d <= tol) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

// EulerDeg is Rz*Ry*Rx, checked against mgl64.Rotate3DX/Y/Z.
func TestEulerDegIsRzRyRx(t *testing.T) {
	const tol = 1e-12
	rng := newRand()
	for i := range 2000 {
		x, y, z := randIn(rng, -360, 360), randIn(rng, -360, 360), randIn(rng, -360, 360)
		if i < 27 { // the multiples of 90° and the gimbal-lock points
			x, y, z = float64(i%3-1)*90, float64(i/3%3-1)*90, float64(i/9-1)*90
		}
		want := mgl64.Rotate3DZ(deg(z)).Mul3(mgl64.Rotate3DY(deg(y))).Mul3(mgl64.Rotate3DX(deg(x)))
		got := RotMat3(EulerDeg(x, y, z))
		if d := maxDiff(got[:], want[:]); !(d <= tol) {
			t.Fatalf("EulerDeg(%g, %g, %g) differs from Rz*Ry*Rx by %g", x, y, z, d)
		}
	}
	for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if q := EulerDeg(bad, 10, 20); q != mgl64.QuatIdent() {
			t.Errorf("EulerDeg(%g, ...) = %v, want identity", bad, q)
		}
	}
}

// ToEulerDeg round-trips as a rotation everywhere, including at and next
// to the gimbal-lock points, where it returns x = 0.
func TestToEulerDegRoundTrip(t *testing.T) {
	const tol = 1e-12
	rng := newRand()
	check := func(q mgl64.Quat) mgl64.Vec3 {
		t.Helper()
		a := ToEulerDeg(q)
		if !(a[1] >= -90 && a[1] <= 90) {
			t.Fatalf("ToEulerDeg(%v) = %v: y outside [-90, 90]", q, a)
		}
		got, want := RotMat3(EulerDeg(a[0], a[1], a[2])), RotMat3(q)
		if d := maxDiff(got[:], want[:]); !(d <= tol) {
			t.Fatalf("EulerDeg(ToEulerDeg(%v)) = %v off by %g", q, a, d)
		}
		return a
	}
	for range 2000 {
		check(randQuat(rng))
	}
	for _, y := range []float64{90, -90} {
		for range 200 {
			x, z := randIn(rng, -180, 180), randIn(rng, -180, 180)
			a := check(EulerDeg(x, y, z))
			if a[0] != 0 || !(math.Abs(a[1]-y) <= 1e-6) {
				t.Fatalf("gimbal lock at (%g, %g, %g): got %v, want x = 0, y = %g", x, y, z, a, y)
			}
		}
		for _, eps := range []float64{1e-3, 1e-6, 1e-9, 1e-12} {
			check(EulerDeg(30, y-math.Copysign(eps, y), 40))
		}
	}
	for _, q := range []mgl64.Quat{{}, {W: math.NaN()}} {
		if a := ToEulerDeg(q); a != (mgl64.Vec3{}) {
			t.Errorf("ToEulerDeg(%v) = %v, want zero angles", q, a)
		}
	}
}

// TestNormalizeIdempotent: normalizing a normalized quaternion changes no
// bit, for many random quaternions (the scene-file round trip relies on
// it; the fuzzer found (1,1,0,0), whose normalized form used to move by
// one ulp when normalized again). With the early return removed this
// fails within the first few hundred draws.
func TestNormalizeIdempotent(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 0))
	qs := []mgl64.Quat{{W: 1, V: mgl64.Vec3{1, 0, 0}}}
	for range 20000 {
		qs = append(qs, mgl64.Quat{W: r.NormFloat64(), V: mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}})
	}
	for _, q := range qs {
		a := Normalize(q)
		if b := Normalize(a); a != b {
			t.Fatalf("Normalize(%v) = %v, normalized again %v", q, a, b)
		}
	}
}

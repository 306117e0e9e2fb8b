package transform

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestSplitUniform(t *testing.T) {
	const tol = 1e-15
	cases := []struct {
		s    mgl64.Vec3
		u    float64
		r    mgl64.Vec3
		note string
	}{
		{mgl64.Vec3{0.25, 0.25, 2}, 0.5, mgl64.Vec3{0.5, 0.5, 4}, "piston A"},
		{mgl64.Vec3{3, 3, 3}, 3, mgl64.Vec3{1, 1, 1}, "uniform"},
		{mgl64.Vec3{-1, 2, 4}, -2, mgl64.Vec3{0.5, -1, -2}, "one mirror: u negative"},
		{mgl64.Vec3{-1, -8, 1}, 2, mgl64.Vec3{-0.5, -4, 0.5}, "two mirrors: a half-turn stays in r"},
		{mgl64.Vec3{1e-300, 1e-300, 1e-300}, 1e-300, mgl64.Vec3{1, 1, 1}, "tiny does not underflow"},
		{mgl64.Vec3{1e6, 1e6, 1e6}, 1e6, mgl64.Vec3{1, 1, 1}, "huge"},
		{mgl64.Vec3{0, 2, 3}, 0, mgl64.Vec3{1, 1, 1}, "flat: undefined"},
		{mgl64.Vec3{math.NaN(), 2, 3}, 0, mgl64.Vec3{1, 1, 1}, "NaN"},
		{mgl64.Vec3{math.Inf(1), 2, 3}, 0, mgl64.Vec3{1, 1, 1}, "Inf"},
	}
	for _, c := range cases {
		u, r := SplitUniform(c.s)
		if !(math.Abs(u-c.u) <= tol*math.Abs(c.u)) || !(maxDiff(r[:], c.r[:]) <= tol*4) {
			t.Errorf("%s: SplitUniform(%v) = %g, %v; want %g, %v", c.note, c.s, u, r, c.u, c.r)
		}
	}
	rng := newRand()
	for range 1000 {
		s := randScale(rng, true)
		u, r := SplitUniform(s)
		if p := r[0] * r[1] * r[2]; !(math.Abs(p-1) <= 1e-14) {
			t.Fatalf("%v: r = %v has product %g", s, r, p)
		}
		if got := r.Mul(u); !(maxDiff(got[:], s[:]) <= 1e-14*4) {
			t.Fatalf("%v: u*r = %v", s, got)
		}
	}
}

// The piston: A's residual (0.5, 0.5, 4) folded into B at (0, 0, 0.5) with
// scale (4, 4, 0.5) gives B at (0, 0, 2) with scale (2, 2, 2), exactly.
// Then the uniform-inner-scale world of B (B's world = Root * T_A R_A (u I)
// * folded) equals the matrix world, so B is drawn at world scale
// (1, 1, 1), one unit from A's centre.
func TestFoldResidualPiston(t *testing.T) {
	const tol = 1e-12
	root := TRS{Position: mgl64.Vec3{2.5, 3, 3}, Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{1, 1, 1}}
	a := TRS{Position: mgl64.Vec3{0, 0, 1.5}, Rotation: mgl64.Quat{W: 0.71, V: mgl64.Vec3{0, 0.71, 0}}, Scale: mgl64.Vec3{0.25, 0.25, 2}}
	b := TRS{Position: mgl64.Vec3{0, 0, 0.5}, Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{4, 4, 0.5}}
	u, r := SplitUniform(a.Scale)
	fb, res := FoldResidual(r, b)
	if fb.Position != (mgl64.Vec3{0, 0, 2}) || fb.Scale != (mgl64.Vec3{2, 2, 2}) || res != 0 {
		t.Fatalf("folded B = %+v, residual %g; want (0,0,2), (2,2,2), 0", fb, res)
	}
	inherited := TRS{Position: a.Position, Rotation: a.Rotation, Scale: mgl64.Vec3{u, u, u}}
	uniformWorld := root.Mat4().Mul4(inherited.Mat4()).Mul4(fb.Mat4())
	matrixWorld := root.Mat4().Mul4(a.Mat4()).Mul4(b.Mat4())
	if d := mat4Diff(uniformWorld, matrixWorld); !(d <= tol) {
		t.Fatalf("uniform world %v != matrix world %v", uniformWorld, matrixWorld)
	}
	if c := ColumnLengths(Linear(uniformWorld)); !(maxDiff(c[:], []float64{1, 1, 1}) <= tol) {
		t.Fatalf("B world scale %v", c)
	}
	aWorld := root.Mat4().Mul4(a.Mat4())
	if d := uniformWorld.Col(3).Sub(aWorld.Col(3)).Len(); !(math.Abs(d-1) <= tol) {
		t.Fatalf("B is %g from A's centre, want 1", d)
	}
}

// A child turned by multiples of 90° about the axes folds exactly:
// scale'_k = r_π(k) s_k where R e_k lies on axis π(k). Ry(90°) maps x to
// -z, y to y, z to x.
func TestFoldResidualAxisPermutation(t *testing.T) {
	const tol = 1e-12
	child := TRS{Position: mgl64.Vec3{1, 2, 3}, Rotation: EulerDeg(0, 90, 0), Scale: mgl64.Vec3{4, 4, 0.5}}
	f, res := FoldResidual(mgl64.Vec3{0.5, 0.5, 4}, child)
	if !(maxDiff(f.Scale[:], []float64{16, 2, 0.25}) <= tol) || !(res <= tol) || f.Position != (mgl64.Vec3{0.5, 1, 12}) {
		t.Fatalf("folded %+v, residual %g", f, res)
	}
	rng := newRand()
	for range 1000 {
		p := randSignedPerm(rng)
		r, s := randScale(rng, true), randScale(rng, true)
		f, res := FoldResidual(r, TRS{Rotation: quatFromMat3(p), Scale: s})
		for k := range 3 {
			pi := 0
			for i := range 3 {
				if p.At(i, k) != 0 {
					pi = i
				}
			}
			if !(math.Abs(f.Scale[k]-r[pi]*s[k]) <= tol*8) || !(res <= tol) {
				t.Fatalf("perm %v: scale %v, residual %g; want scale[%d] = %g", p, f.Scale, res, k, r[pi]*s[k])
			}
		}
	}
}

// B turned 38° about x under A's residual r = (0.5, 0.5, 4): by hand,
// M = Rx^T diag(r) Rx has M11 = 0.5c² + 4s², M22 = 0.5s² + 4c² and
// M12 = M21 = 3.5sc. With s = (4, 4, 0.5) the folded scale is
// (2, 4 M11, 0.5 M22), the dropped part has entries 0.5 M12 and 4 M21, and
// diag(r) Rx diag(s) has entries 2, 2c, -0.25s, 16s, 2c.
func TestFoldResidual38(t *testing.T) {
	const tol = 1e-12
	c, s := math.Cos(deg(38)), math.Sin(deg(38))
	m11, m22, m12 := 0.5*c*c+4*s*s, 0.5*s*s+4*c*c, 3.5*s*c
	wantScale := []float64{2, 4 * m11, 0.5 * m22}
	wantRes := math.Hypot(0.5*m12, 4*m12) / math.Sqrt(4+4*c*c+0.0625*s*s+256*s*s+4*c*c)
	child := TRS{Position: mgl64.Vec3{0, 0, 0.5}, Rotation: EulerDeg(38, 0, 0), Scale: mgl64.Vec3{4, 4, 0.5}}
	f, res := FoldResidual(mgl64.Vec3{0.5, 0.5, 4}, child)
	if !(maxDiff(f.Scale[:], wantScale) <= tol) || !(math.Abs(res-wantRes) <= tol) || !(res > 0.1) {
		t.Fatalf("folded scale %v, residual %g; want %v, %g", f.Scale, res, wantScale, wantRes)
	}
}

// In general the residual is the relative Frobenius error of the folded
// linear part against diag(r) * child's linear part, and the position is
// exact.
func TestFoldResidualIsRelativeError(t *testing.T) {
	const tol = 1e-12
	rng := newRand()
	for range 2000 {
		child := randTRS(rng, true)
		_, r := SplitUniform(randScale(rng, true))
		f, res := FoldResidual(r, child)
		exact := mgl64.Diag4(r.Vec4(1)).Mul4(child.Mat4())
		got := f.Mat4()
		le, lg := Linear(exact), Linear(got)
		if want := relDiff(lg[:], le[:]); !(math.Abs(res-want) <= tol) {
			t.Fatalf("residual %g, want %g", res, want)
		}
		if d := maxDiff(got[12:15], exact[12:15]); !(d <= tol*8) {
			t.Fatalf("position %v, want %v", got.Col(3), exact.Col(3))
		}
	}
	if f, res := FoldResidual(mgl64.Vec3{1, 1, 1}, TRS{Rotation: mgl64.QuatIdent()}); res != 0 || f.Scale != (mgl64.Vec3{}) {
		t.Errorf("zero scale: %+v, %g", f, res)
	}
}

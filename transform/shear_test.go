package transform

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// rebuild returns T * R * (diag(S) + sym(shear)), written out by hand.
func rebuild(t TRS, h [3]float64) mgl64.Mat4 {
	s := t.Scale
	u := mgl64.Mat3{s[0], h[0], h[1], h[0], s[1], h[2], h[1], h[2], s[2]}
	m := RotMat3(t.Rotation).Mul3(u).Mat4()
	m[12], m[13], m[14] = t.Position[0], t.Position[1], t.Position[2]
	return m
}

func TestFitMatrixRebuildsTheMatrix(t *testing.T) {
	const tol = 1e-13 // relative to the largest entry
	rng := rand.New(rand.NewPCG(7, 7))
	for trial := 0; trial < 2000; trial++ {
		var m mgl64.Mat4
		for k := 0; k < 12; k++ {
			if k%4 != 3 {
				m[k] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(7)-3))
			}
		}
		m[12], m[13], m[14], m[15] = rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), 1
		fit, h, err := FitMatrix(m)
		if err != nil {
			t.Fatal(err)
		}
		got := rebuild(fit, h)
		big := 0.0
		for _, v := range m {
			big = math.Max(big, math.Abs(v))
		}
		for k := range m {
			if d := math.Abs(got[k] - m[k]); !(d <= tol*big) {
				t.Fatalf("trial %d: entry %d: rebuilt %g, stored %g", trial, k, got[k], m[k])
			}
		}
		if det := Linear(m).Det(); det < 0 && !(fit.Scale[0] < 0 && fit.Scale[1] < 0 && fit.Scale[2] < 0) {
			t.Fatalf("trial %d: mirrored matrix (det %g) fitted scale %v, want all negative", trial, det, fit.Scale)
		}
	}
}

// A shear matrix x' = x + k y has known symmetric stretch: L = [[1 k][0 1]]
// in the xy plane. Its L^T L = [[1 k][k 1+k^2]]; the stretch S = sqrt(L^T L)
// has off-diagonal k/sqrt(4+k^2) (the 2x2 square root formula
// sqrt(A) = (A + sqrt(det A) I) / sqrt(tr A + 2 sqrt(det A)), det = 1,
// trace 2+k^2), and diagonal 2/sqrt(4+k^2), (2+k^2)/sqrt(4+k^2).
func TestFitMatrixShearByHand(t *testing.T) {
	const k = 0.75
	m := mgl64.Ident4()
	m[4] = k // column 1, row 0
	fit, h, err := FitMatrix(m)
	if err != nil {
		t.Fatal(err)
	}
	d := math.Sqrt(4 + k*k)
	want := [3]float64{k / d, 0, 0}
	wantS := mgl64.Vec3{2 / d, (2 + k*k) / d, 1}
	for i := range 3 {
		if math.Abs(h[i]-want[i]) > 1e-14 || math.Abs(fit.Scale[i]-wantS[i]) > 1e-14 {
			t.Fatalf("shear %v scale %v, want %v and %v", h, fit.Scale, want, wantS)
		}
	}
}

func TestFitMatrixTRSHasNoShear(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for trial := 0; trial < 500; trial++ {
		q := Normalize(mgl64.Quat{W: rng.NormFloat64(), V: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}})
		in := TRS{Position: mgl64.Vec3{1, 2, 3}, Rotation: q, Scale: mgl64.Vec3{0.1 + rng.Float64(), 1 + 3*rng.Float64(), 0.5}}
		_, h, err := FitMatrix(in.Mat4())
		if err != nil {
			t.Fatal(err)
		}
		if h != [3]float64{} {
			t.Fatalf("trial %d: TRS matrix got shear %v, want exactly zero", trial, h)
		}
	}
}

func TestFitMatrixRefusesBadMatrices(t *testing.T) {
	nan := mgl64.Ident4()
	nan[5] = math.NaN()
	proj := mgl64.Ident4()
	proj[3] = 0.5
	for name, m := range map[string]mgl64.Mat4{"NaN": nan, "projective": proj} {
		if _, _, err := FitMatrix(m); err == nil {
			t.Errorf("%s matrix: no error", name)
		}
	}
}

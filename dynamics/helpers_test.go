package dynamics

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"skewlab/transform"
)

// randVec returns a vector with components uniform in [-r, r].
func randVec(rng *rand.Rand, r float64) mgl64.Vec3 {
	return mgl64.Vec3{(2*rng.Float64() - 1) * r, (2*rng.Float64() - 1) * r, (2*rng.Float64() - 1) * r}
}

// randRot returns a uniformly distributed unit quaternion (normalized
// Gaussian 4-vector).
func randRot(rng *rand.Rand) mgl64.Quat {
	return transform.Normalize(mgl64.Quat{W: rng.NormFloat64(), V: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}})
}

// randDyn returns a dynamic transform with position, velocities and
// accelerations in [-1, 1], a random rotation and a scale in [0.5, 2].
func randDyn(rng *rand.Rand) Transform {
	pose := transform.Uniform{Position: randVec(rng, 1), Rotation: randRot(rng), Scale: 0.5 + 1.5*rng.Float64()}
	return New(pose, randVec(rng, 1), randVec(rng, 1), randVec(rng, 1), randVec(rng, 1))
}

func randDelta(rng *rand.Rand) Delta {
	return Delta{V: randVec(rng, 1), A: randVec(rng, 1), Omega: Hat(randVec(rng, 1)), Alpha: Hat(randVec(rng, 1))}
}

// sliceErr is the largest absolute component difference (NaN if any is
// NaN).
func sliceErr(a, b []float64) float64 {
	e := 0.0
	for i := range a {
		d := math.Abs(a[i] - b[i])
		if d > e || d != d {
			e = d
		}
	}
	return e
}

func vecErr(a, b mgl64.Vec3) float64 { return sliceErr(a[:], b[:]) }

func matErr(a, b mgl64.Mat3) float64 { return sliceErr(a[:], b[:]) }

// poseErr compares positions, scales and rotation matrices (so q and -q
// are equal).
func poseErr(a, b transform.Uniform) float64 {
	return math.Max(math.Max(vecErr(a.Position, b.Position), matErr(transform.RotMat3(a.Rotation), transform.RotMat3(b.Rotation))), math.Abs(a.Scale-b.Scale))
}

// dynErr is the largest difference of any component of two dynamic transforms.
func dynErr(a, b Transform) float64 {
	return math.Max(poseErr(a.Uniform, b.Uniform), deltaErr(
		Delta{V: a.V, A: a.A, Omega: a.Omega, Alpha: a.Alpha},
		Delta{V: b.V, A: b.A, Omega: b.Omega, Alpha: b.Alpha}))
}

func deltaErr(a, b Delta) float64 {
	return math.Max(math.Max(vecErr(a.V, b.V), vecErr(a.A, b.A)), math.Max(matErr(a.Omega, b.Omega), matErr(a.Alpha, b.Alpha)))
}

func sub(a, b Transform) Delta {
	return Delta{V: a.V.Sub(b.V), A: a.A.Sub(b.A), Omega: a.Omega.Sub(b.Omega), Alpha: a.Alpha.Sub(b.Alpha)}
}

// check fails the test when err is not within tol (NaN fails) and
// returns err for logging the worst case.
func check(t *testing.T, what string, err, tol float64) float64 {
	t.Helper()
	if !(err <= tol) {
		t.Errorf("%s: error %.3g, want <= %.3g", what, err, tol)
	}
	return err
}

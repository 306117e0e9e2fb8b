package transform

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"
)

// newRand returns the seeded generator every test uses.
func newRand() *rand.Rand { return rand.New(rand.NewPCG(1, 1)) }

// randQuat returns a uniformly distributed unit quaternion.
func randQuat(rng *rand.Rand) mgl64.Quat {
	q := mgl64.Quat{W: rng.NormFloat64(), V: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}}
	return q.Normalize()
}

// randRot returns a uniformly distributed rotation matrix, built by mgl64.
func randRot(rng *rand.Rand) mgl64.Mat3 { return randQuat(rng).Mat4().Mat3() }

// randIn returns a number in [lo, hi).
func randIn(rng *rand.Rand, lo, hi float64) float64 { return lo + (hi-lo)*rng.Float64() }

// randScale returns a per-axis scale with magnitudes in [0.25, 4) and a
// random sign on each axis when mirror is set.
func randScale(rng *rand.Rand, mirror bool) mgl64.Vec3 {
	var s mgl64.Vec3
	for k := range s {
		s[k] = math.Exp2(randIn(rng, -2, 2))
		if mirror && rng.IntN(2) == 0 {
			s[k] = -s[k]
		}
	}
	return s
}

// randTRS returns a TRS with position in [-5, 5)^3, a random rotation and
// randScale's scale.
func randTRS(rng *rand.Rand, mirror bool) TRS {
	return TRS{
		Position: mgl64.Vec3{randIn(rng, -5, 5), randIn(rng, -5, 5), randIn(rng, -5, 5)},
		Rotation: randQuat(rng),
		Scale:    randScale(rng, mirror),
	}
}

// randMat3 returns a matrix with entries in [-1, 1).
func randMat3(rng *rand.Rand) mgl64.Mat3 {
	var m mgl64.Mat3
	for k := range m {
		m[k] = randIn(rng, -1, 1)
	}
	return m
}

// frobDiff returns ||a - b||_F for any two equally long slices.
func frobDiff(a, b []float64) float64 {
	d := make([]float64, len(a))
	for k := range a {
		d[k] = a[k] - b[k]
	}
	return frobN(d)
}

// frobN returns ||a||_F, scaled by the largest entry so that tiny and
// huge entries neither under- nor overflow in the squares.
func frobN(a []float64) float64 {
	m := 0.0
	for _, x := range a {
		m = math.Max(m, math.Abs(x))
	}
	if m == 0 || math.IsInf(m, 0) || math.IsNaN(m) {
		return m
	}
	s := 0.0
	for _, x := range a {
		s += (x / m) * (x / m)
	}
	return m * math.Sqrt(s)
}

// relDiff returns ||a - b||_F / ||b||_F (||a - b||_F when b is zero).
func relDiff(a, b []float64) float64 {
	n := frobN(b)
	if n == 0 {
		return frobDiff(a, b)
	}
	return frobDiff(a, b) / n
}

// maxDiff returns the largest |a_k - b_k| (NaN if any is NaN).
func maxDiff(a, b []float64) float64 {
	m := 0.0
	for k := range a {
		d := math.Abs(a[k] - b[k])
		if !(d <= m) {
			m = d
		}
	}
	return m
}

// hasNaN reports whether any entry is NaN or infinite.
func hasNaN(v ...float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return true
		}
	}
	return false
}

// quatSlice returns q as (w, x, y, z).
func quatSlice(q mgl64.Quat) []float64 { return []float64{q.W, q.V[0], q.V[1], q.V[2]} }

// deg converts degrees to radians, as mgl64 does.
func deg(d float64) float64 { return mgl64.DegToRad(d) }

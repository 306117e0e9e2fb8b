package drift

import (
	"math"
)

// Bias is the mean per-frame error of each stage of one set_rotation at
// scale 1, per column (index = axis), averaged over the frames of MeasureBias.
// A stage's mean is what it adds to the scale every frame; a nonzero mean is
// linear drift, a zero mean leaves only a bounded or random error.
type Bias struct {
	// QuatLen is the mean of |q|² − 1 of the float32 quaternion (one
	// number; the same for every column).
	QuatLen float64
	// Quat is the mean of L − 1, where L is the exact column length of
	// the rotation formula evaluated exactly from the float32 quaternion:
	// the effect of the quaternion's length.
	Quat [3]float64
	// Rounding is the mean exact column length of RotationMatrix (float32
	// arithmetic) minus L: the formula's own rounding.
	Rounding [3]float64
	// Extraction is the mean of ArticleScale minus ExactScale of the same
	// float32 rotation matrix: what the article's scale() adds beyond a
	// correctly rounded length (its double rounding).
	Extraction [3]float64
	// MatrixStep is the mean of ArticleScale(RotationMatrix(q)) − 1: one
	// whole set_rotation of the matrix storage at scale 1.
	MatrixStep [3]float64
	// UnbiasedStep is the same for the unbiased storage: the mean of
	// ExactScale of its matrix at scale 1, minus 1.
	UnbiasedStep [3]float64
}

// MeasureBias returns the stage means of Bias over frames 1..frames of c's
// spin (one turn is 360/StepDeg frames; 360 with the defaults). It measures
// the first step from scale 1 (whatever c.Scale says), where the matrix
// storage starts. frames <= 0 or an invalid Config give the zero Bias.
func MeasureBias(c Config, frames int) Bias {
	var b Bias
	if frames <= 0 || c.Validate() != nil {
		return b
	}
	axis := c.UnitAxis()
	inv := 1 / float64(frames)
	for k := 1; k <= frames; k++ {
		q := QuatRotate(c.AngleRad(k), axis)
		w, x, y, z := float64(q.W), float64(q.V[0]), float64(q.V[1]), float64(q.V[2])
		b.QuatLen += (w*w + x*x + y*y + z*z - 1) * inv
		f := formula64(w, x, y, z)
		m := RotationMatrix(q)
		a, e := ArticleScale(m), ExactScale(m)
		u := NewUnbiasedPose(Vec3{1, 1, 1})
		u.SetRotation(q)
		ue := ExactScale(u.Matrix())
		for i := 0; i < 3; i++ {
			l := math.Sqrt(f[3*i]*f[3*i] + f[3*i+1]*f[3*i+1] + f[3*i+2]*f[3*i+2])
			b.Quat[i] += (l - 1) * inv
			b.Rounding[i] += (colLen64(m, i) - l) * inv
			b.Extraction[i] += (float64(a[i]) - float64(e[i])) * inv
			b.MatrixStep[i] += (float64(a[i]) - 1) * inv
			b.UnbiasedStep[i] += (float64(ue[i]) - 1) * inv
		}
	}
	return b
}

// formula64 is mathgl's quaternion formula evaluated in float64 (not
// normalized), column major 3x3.
func formula64(w, x, y, z float64) [9]float64 {
	return [9]float64{
		1 - 2*y*y - 2*z*z, 2*x*y + 2*w*z, 2*x*z - 2*w*y,
		2*x*y - 2*w*z, 1 - 2*x*x - 2*z*z, 2*y*z + 2*w*x,
		2*x*z + 2*w*y, 2*y*z - 2*w*x, 1 - 2*x*x - 2*y*y,
	}
}

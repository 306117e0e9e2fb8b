package transform

import (
	"errors"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// ShearZeroRel is the relative size (against the largest entry of the
// stretch) at or below which FitMatrix calls a shear entry rounding noise
// and sets it to exactly zero, so a matrix that is a TRS up to rounding
// loads as a plain TRS.
const ShearZeroRel = 1e-12

// FitMatrix splits an affine matrix m (column vectors, column-major,
// bottom row 0 0 0 1) into a TRS and a residual shear: m = T * R * U with
// U = diag(t.Scale) + the symmetric matrix whose off-diagonal entries
// (0,1), (0,2), (1,2) are shear[0], shear[1], shear[2]. R and U come from
// the polar decomposition of m's linear part L = F Q S (see Polar): R is
// Q (a rotation), U = Q^T L = F S is symmetric, t.Scale its diagonal (all
// three negative for a mirror, as PolarFit), so t is PolarFit's TRS and
// shear is exactly what a TRS cannot hold. Shear entries at or below
// ShearZeroRel of the stretch are set to zero. T * R * U equals m to
// rounding (about 1e-15 relative).
//
// A singular L still splits (R is then one valid choice among several,
// see Polar). The error is non-nil, and the result zero, when an entry
// is not finite or the bottom row is not (0, 0, 0, 1) within 1e-9 (a
// projective matrix, which no node transform can be).
func FitMatrix(m mgl64.Mat4) (t TRS, shear [3]float64, err error) {
	if !Finite(m[:]...) {
		return TRS{}, shear, errors.New("the matrix has an entry that is not a finite number")
	}
	if math.Abs(m[3]) > 1e-9 || math.Abs(m[7]) > 1e-9 || math.Abs(m[11]) > 1e-9 || math.Abs(m[15]-1) > 1e-9 {
		return TRS{}, shear, errors.New("the matrix is not affine: its bottom row must be 0 0 0 1")
	}
	l := Linear(m)
	f, _ := PolarFit(l)
	u := RotMat3(f.Rotation).Transpose().Mul3(l)
	// Column-major: u[3*c+r] is row r, column c.
	shear = [3]float64{(u[3] + u[1]) / 2, (u[6] + u[2]) / 2, (u[7] + u[5]) / 2}
	big := 0.0
	for _, v := range u {
		big = math.Max(big, math.Abs(v))
	}
	for k := range shear {
		if math.Abs(shear[k]) <= ShearZeroRel*big {
			shear[k] = 0
		}
	}
	t = TRS{Position: mgl64.Vec3{m[12], m[13], m[14]}, Rotation: f.Rotation, Scale: mgl64.Vec3{u[0], u[4], u[8]}}
	return t, shear, nil
}

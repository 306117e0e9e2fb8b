package transform

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Orthogonalization thresholds of Blender's orthogonalize_stable
// (math_matrix.cc): the x and z columns are turned toward perpendicular
// only when the absolute cosine c of their angle satisfies
// OrthoMinCos < |c| < OrthoMaxCos. Below, the shear is too small to
// correct (at most 90 - acos(1e-4) = 0.0057 degrees); above, x and z are
// parallel to float32 precision and have no common plane.
const (
	OrthoMinCos = 1e-4
	OrthoMaxCos = 1 - 1.0/(1<<23) // 1 - FLT_EPSILON
)

// OrthogonalizeY is Blender's orthogonalize_m4_stable(M, 1, normalize) on
// the 3x3 matrix m, in float64, written as Blender writes it (with acos,
// sin and cos). Let x, y, z be m's columns:
//
//  1. If |y|^2 > 0, the components of x and z along y are removed (which
//     keeps the determinant); with unit, y becomes unit length.
//  2. ux = x/|x|, uz = z/|z| (a zero column stays zero), c = ux . uz.
//  3. Only if OrthoMinCos < |c| < OrthoMaxCos: ux and uz each turn by half
//     of (90 degrees - acos c) in their common plane, away from each
//     other, so that they end perpendicular; without unit, x and z become
//     |x| sqrt(sin θ) ux and |z| sqrt(sin θ) uz (θ = acos c), which keeps
//     the area of the x-z parallelogram and with it the volume.
//  4. With unit, x = ux and z = uz whether or not step 3 ran.
//
// One departure from Blender, for degenerate input only: a column that
// step 1 shortens to at most OrthoNoiseRel of its length (x or z
// parallel to y: what remains is rounding noise) becomes exactly zero,
// where Blender would normalize the noise into an arbitrary unit
// direction. Below a parent that a zero scale has made rank 1, the
// result is then zero there instead of noise.
//
// The y column keeps its direction. Columns are in column-vector
// convention (m[0:3] is x). Zero columns stay zero; no input that is
// finite gives NaN.
func OrthogonalizeY(m mgl64.Mat3, unit bool) mgl64.Mat3 {
	x, y, z := m.Col(0), m.Col(1), m.Col(2)
	if yy := y.Dot(y); yy > 0 {
		x = dropNoise(x.Sub(y.Mul(x.Dot(y)/yy)), x)
		z = dropNoise(z.Sub(y.Mul(z.Dot(y)/yy)), z)
		if unit {
			y = y.Mul(1 / math.Sqrt(yy))
		}
	}
	lx, lz := x.Len(), z.Len()
	ux, uz := unitOrZero(x, lx), unitOrZero(z, lz)
	c := ux.Dot(uz)
	if ac := math.Abs(c); ac > OrthoMinCos && ac < OrthoMaxCos {
		angle := math.Acos(c)
		target := angle + (math.Pi/2-angle)/2
		// ux: its part perpendicular to uz, scaled to sin(target), plus
		// uz*cos(target): ux now makes the angle target with uz.
		perp := ux.Sub(uz.Mul(c))
		ux = perp.Mul(math.Sin(target) / perp.Len()).Add(uz.Mul(math.Cos(target)))
		// uz: perpendicular to the new ux, in the same plane, on uz's side.
		uz = ux.Cross(uz).Cross(ux).Normalize()
		if !unit {
			k := math.Sqrt(math.Sin(angle))
			x, z = ux.Mul(lx*k), uz.Mul(lz*k)
		}
	}
	if unit {
		x, z = ux, uz
	}
	return mgl64.Mat3FromCols(x, y, z)
}

// ColumnNormalize returns m with each column divided by its length (a
// zero column stays zero, as Blender's normalize_v3 leaves it):
// Blender's normalize_m3. Shear survives: the columns keep their
// directions.
func ColumnNormalize(m mgl64.Mat3) mgl64.Mat3 {
	x, y, z := m.Col(0), m.Col(1), m.Col(2)
	return mgl64.Mat3FromCols(unitOrZero(x, x.Len()), unitOrZero(y, y.Len()), unitOrZero(z, z.Len()))
}

// OrthoNoiseRel is the length, relative to the column before, at or
// below which OrthogonalizeY counts a column left by step 1 as zero.
const OrthoNoiseRel = 1e-12

// dropNoise returns v, or zero when |v| <= OrthoNoiseRel |before|.
func dropNoise(v, before mgl64.Vec3) mgl64.Vec3 {
	if v.Dot(v) <= OrthoNoiseRel*OrthoNoiseRel*before.Dot(before) {
		return mgl64.Vec3{}
	}
	return v
}

// unitOrZero returns v/l, or the zero vector when l is not positive.
func unitOrZero(v mgl64.Vec3, l float64) mgl64.Vec3 {
	if !(l > 0) {
		return mgl64.Vec3{}
	}
	return v.Mul(1 / l)
}

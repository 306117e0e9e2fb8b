package transform

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Linear returns the linear part of m: its upper-left 3x3 block (rotation,
// scale and skew, without the translation).
func Linear(m mgl64.Mat4) mgl64.Mat3 {
	return mgl64.Mat3{m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]}
}

// SkewDeg returns the skew of the linear part l in degrees: the largest
// |angle - 90°| between two of its columns (the images of the local x, y
// and z axes). It is 0 for rotation times per-axis scale and grows as the
// basis shears; mirrored columns count the same as unmirrored ones.
//
// The angle between two columns is undefined when one of them has zero
// length (a flat node): ok is then false, and deg is the largest departure
// over the pairs whose columns are both non-zero (0 when there is none).
// ok is also false, with deg 0, when l has an entry that is not finite.
func SkewDeg(l mgl64.Mat3) (deg float64, ok bool) {
	if !finiteN(l[:]) {
		return 0, false
	}
	var c [3]mgl64.Vec3
	ok = true
	for k := range c {
		c[k] = unitDir(mgl64.Vec3{l[3*k], l[3*k+1], l[3*k+2]})
		if c[k] == (mgl64.Vec3{}) {
			ok = false
		}
	}
	for _, p := range [3][2]int{{0, 1}, {0, 2}, {1, 2}} {
		a, b := c[p[0]], c[p[1]]
		if a == (mgl64.Vec3{}) || b == (mgl64.Vec3{}) {
			continue
		}
		// 90° minus the angle between a and b is atan2(cos, sin): accurate
		// near 90° where acos of the cosine is not.
		d := abs(math.Atan2(a.Dot(b), a.Cross(b).Len())) * 180 / math.Pi
		deg = max(deg, d)
	}
	return deg, ok
}

// Volume returns det(l), the signed factor by which l scales volumes:
// negative for a mirror, 0 for a flat (singular) basis.
func Volume(l mgl64.Mat3) float64 {
	return l.Det()
}

// LossyScale returns diag(R^T l), the scale along the axes of the rotation
// r: component k is (R e_k) · (l e_k). It is Unity's lossyScale and GPU Pro
// 5's M_S diagonal (skew stripping) when r is the accumulated world
// rotation. It is exact (l = R diag(result)) only when l is representable
// with the rotation r; otherwise it drops the off-diagonal part. It can be
// zero or negative.
func LossyScale(r, l mgl64.Mat3) mgl64.Vec3 {
	var s mgl64.Vec3
	for k := range 3 {
		s[k] = r[3*k]*l[3*k] + r[3*k+1]*l[3*k+1] + r[3*k+2]*l[3*k+2]
	}
	return s
}

// ColumnLengths returns the lengths of the columns of l: the world length
// of the local unit axes, what mgl64's Extract3DScale reports. They ignore
// skew and are never negative (a mirror is invisible here; see Volume).
func ColumnLengths(l mgl64.Mat3) mgl64.Vec3 {
	var s mgl64.Vec3
	for k := range 3 {
		s[k] = length(mgl64.Vec3{l[3*k], l[3*k+1], l[3*k+2]})
	}
	return s
}

// Representable reports whether l is exactly rotation times per-axis
// scale, l = R diag(s): true exactly when its columns are mutually
// orthogonal, that is when L^T L is diagonal within tol relative to its
// diagonal, |(L^T L)_ij| <= tol * sqrt((L^T L)_ii (L^T L)_jj) for i != j
// (equivalently, every two non-zero columns are within asin(tol) of
// perpendicular). A zero column is orthogonal to everything. Seed 003's
// two conditions (inner rotation not a multiple of 90° about the axes, and
// outer scale non-uniform) are necessary for this to fail, not sufficient.
// A non-finite l is not representable.
func Representable(l mgl64.Mat3, tol float64) bool {
	if !finiteN(l[:]) {
		return false
	}
	var c [3]mgl64.Vec3
	for k := range c {
		c[k] = unitDir(mgl64.Vec3{l[3*k], l[3*k+1], l[3*k+2]})
	}
	for _, p := range [3][2]int{{0, 1}, {0, 2}, {1, 2}} {
		if !(abs(c[p[0]].Dot(c[p[1]])) <= tol) {
			return false
		}
	}
	return true
}

// unitDir returns v scaled to unit length, or the zero vector when v is
// zero. It scales by the largest component first, so tiny and huge
// vectors keep their direction.
func unitDir(v mgl64.Vec3) mgl64.Vec3 {
	m := max(abs(v[0]), abs(v[1]), abs(v[2]))
	if !(m > 0) {
		return mgl64.Vec3{}
	}
	v = mgl64.Vec3{v[0] / m, v[1] / m, v[2] / m}
	return v.Mul(1 / v.Len())
}

// length returns |v| without overflow or underflow in the squares.
func length(v mgl64.Vec3) float64 {
	m := max(abs(v[0]), abs(v[1]), abs(v[2]))
	if !(m > 0) || m > math.MaxFloat64 {
		return m
	}
	a, b, c := v[0]/m, v[1]/m, v[2]/m
	return m * math.Sqrt(a*a+b*b+c*c)
}

package drift

import "math"

// The float32 types and the few operations of go-gl/mathgl's mgl32 that
// the lab needs, with mgl32's layout and arithmetic (the expressions are
// mgl32 v1.2.0's, BSD-3-Clause, The go-gl Authors), so the lab shows what
// an engine on mathgl computes, bit for bit (TestF32MatchesMgl32 compares
// them with mgl32 itself), without mgl32 in the web page's download
// (mgl32's every method was about 35 KB of its gzip). Matrices are column
// major, as mgl32's: element (row r, column c) of a Mat4 is m[4*c+r].

// Vec3 is a float32 3-vector (mgl32.Vec3).
type Vec3 [3]float32

// Mat3 is a float32 3x3 matrix, column major (mgl32.Mat3).
type Mat3 [9]float32

// Mat4 is a float32 4x4 matrix, column major (mgl32.Mat4).
type Mat4 [16]float32

// Quat is a float32 quaternion W + V (mgl32.Quat): (w, x, y, z) order.
type Quat struct {
	W float32
	V Vec3
}

// Ident3 returns the 3x3 identity.
func Ident3() Mat3 { return Mat3{1, 0, 0, 0, 1, 0, 0, 0, 1} }

// Ident4 returns the 4x4 identity.
func Ident4() Mat4 { return Mat4{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1} }

// QuatRotate returns the quaternion of a rotation by angle radians about
// axis, as mgl32.QuatRotate: cos and sin of angle/2 in float64, rounded
// to float32; axis is not normalized (a non-unit axis gives a non-unit
// quaternion), and non-finite input gives non-finite components.
func QuatRotate(angle float32, axis Vec3) Quat {
	sn, cs := math.Sincos(float64(angle / 2))
	s, c := float32(sn), float32(cs)
	return Quat{c, axis.Mul(s)}
}

// Mul returns v times c, component by component (mgl32.Vec3.Mul).
func (v Vec3) Mul(c float32) Vec3 {
	return Vec3{v[0] * c, v[1] * c, v[2] * c}
}

// Len returns v's length as mgl32.Vec3.Len: the squares' sum in float32,
// its square root in float64, rounded to float32.
func (v Vec3) Len() float32 {
	return float32(math.Sqrt(float64(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])))
}

// Normalize returns v times 1/Len in float32 (mgl32.Vec3.Normalize); the
// zero vector gives infinities or NaN.
func (v Vec3) Normalize() Vec3 {
	l := 1.0 / v.Len()
	return Vec3{v[0] * l, v[1] * l, v[2] * l}
}

// Col3 returns the top three entries of column c (0 to 3) of m: a
// column of its 3x3 part, or its translation for c = 3
// (mgl32.Mat4.Col(c).Vec3()).
func (m Mat4) Col3(c int) Vec3 { return Vec3{m[4*c], m[4*c+1], m[4*c+2]} }

// Mat3 returns the upper-left 3x3 of m (mgl32.Mat4.Mat3).
func (m Mat4) Mat3() Mat3 {
	return Mat3{m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]}
}

// Mat4 returns m as the upper-left 3x3 of a 4x4 whose fourth row and
// column are those of the identity (mgl32.Mat3.Mat4).
func (m Mat3) Mat4() Mat4 {
	return Mat4{m[0], m[1], m[2], 0, m[3], m[4], m[5], 0, m[6], m[7], m[8], 0, 0, 0, 0, 1}
}

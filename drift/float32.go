package drift

import (
	"math"

	"skewlab/transform"
)

// RotationMatrix returns the float32 rotation matrix of q by mathgl's
// unit-quaternion formula (mgl32.Quat.Mat4), with every product and sum
// rounded to float32 explicitly in mathgl's order, so it equals Quat.Mat4 bit
// for bit on CPUs that do not fuse multiply-add and stays the same where Go
// would fuse. q is not normalized: a non-unit q gives columns whose length is
// off by about |q|² − 1. The zero quaternion gives the identity; non-finite
// components give non-finite entries.
func RotationMatrix(q Quat) Mat4 {
	w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
	p := func(a, b float32) float32 { return float32(float32(2*a) * b) }
	return Mat4{
		float32(float32(1-p(y, y)) - p(z, z)), float32(p(x, y) + p(w, z)), float32(p(x, z) - p(w, y)), 0,
		float32(p(x, y) - p(w, z)), float32(float32(1-p(x, x)) - p(z, z)), float32(p(y, z) + p(w, x)), 0,
		float32(p(x, z) + p(w, y)), float32(p(y, z) - p(w, x)), float32(float32(1-p(x, x)) - p(y, y)), 0,
		0, 0, 0, 1,
	}
}

// ArticleScale returns the column lengths of the upper-left 3x3 of m the way
// the article's scale() and mgl32.Extract3DScale compute them: squares and
// their sum rounded to float32, then a float64 square root rounded to float32.
// The two roundings are what bias the matrix storage downwards (see the
// package comment). A zero column gives 0. Columns with a squared entry above
// about 3.4e38 (scale above about 1.8e19) overflow to +Inf.
func ArticleScale(m Mat4) Vec3 {
	var s Vec3
	for i := 0; i < 3; i++ {
		a, b, c := m[4*i], m[4*i+1], m[4*i+2]
		sum := float32(float32(float32(a*a)+float32(b*b)) + float32(c*c))
		s[i] = float32(math.Sqrt(float64(sum)))
	}
	return s
}

// ExactScale returns the column lengths of the upper-left 3x3 of m correctly
// rounded to float32: the squares of the float32 entries and their sum are
// formed in float64 (the squares exactly) and rounded once, after the square
// root. It is the measurement used for every storage's error, and the
// extraction of the unbiased storage. A zero column gives 0; it overflows
// only when the length itself exceeds the float32 range.
func ExactScale(m Mat4) Vec3 {
	var s Vec3
	for i := 0; i < 3; i++ {
		s[i] = float32(colLen64(m, i))
	}
	return s
}

// colLen64 is the float64 length of column i of m's upper-left 3x3.
func colLen64(m Mat4, i int) float64 {
	a, b, c := float64(m[4*i]), float64(m[4*i+1]), float64(m[4*i+2])
	return math.Sqrt(float64(float64(a*a)+float64(b*b)) + float64(c*c))
}

// scaleColumns returns the 4x4 whose upper-left 3x3 is r's with column i
// multiplied by s[i] in float32, and whose fourth column is t (translation,
// w = 1). This is the article's scale(rotm, s) followed by set_3x3.
func scaleColumns(r Mat4, s Vec3, t Vec3) Mat4 {
	var m Mat4
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			m[4*i+j] = float32(r[4*i+j] * s[i])
		}
	}
	m[12], m[13], m[14], m[15] = t[0], t[1], t[2], 1
	return m
}

// exactRotation returns the rotation matrix of q/|q| in float64, column
// major, 3x3: the quaternion formula with 2 replaced by 2/|q|², which is the
// exact rotation the float32 quaternion stands for. The zero quaternion and
// non-finite input give the identity.
func exactRotation(q Quat) [9]float64 {
	w, x, y, z := float64(q.W), float64(q.V[0]), float64(q.V[1]), float64(q.V[2])
	// Every product is converted explicitly so no CPU fuses it into an add.
	p := func(a, b float64) float64 { return float64(a * b) }
	n := float64(float64(p(w, w)+p(x, x))+p(y, y)) + p(z, z)
	if !transform.Finite(n) || n <= 0 {
		return [9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1}
	}
	k := 2 / n
	return [9]float64{
		1 - p(k, p(y, y)+p(z, z)), p(k, p(x, y)+p(w, z)), p(k, p(x, z)-p(w, y)),
		p(k, p(x, y)-p(w, z)), 1 - p(k, p(x, x)+p(z, z)), p(k, p(y, z)+p(w, x)),
		p(k, p(x, z)+p(w, y)), p(k, p(y, z)-p(w, x)), 1 - p(k, p(x, x)+p(y, y)),
	}
}

// RelError returns max_i |s_i − s0_i| / |s0_i| computed in float64; where
// s0_i is 0 the absolute error |s_i| is used for that axis. A NaN in s gives
// +Inf, so a broken storage never looks accurate.
func RelError(s, s0 Vec3) float64 {
	e := 0.0
	for i := 0; i < 3; i++ {
		d := math.Abs(float64(s[i]) - float64(s0[i]))
		if r := math.Abs(float64(s0[i])); r > 0 {
			d /= r
		}
		if !(d <= math.MaxFloat64) {
			return math.Inf(1)
		}
		if d > e {
			e = d
		}
	}
	return e
}

package dynamics

import (
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/transform"
)

// Hat returns the skew-symmetric matrix of the 3-vector w, the matrix W with
// W*x = w x x (cross product) for every x:
//
//	[  0  -w3  w2 ]
//	[  w3  0  -w1 ]
//	[ -w2  w1  0  ]
//
// The frame and units are those of w (an angular velocity in rad/s gives an
// angular velocity matrix in rad/s).
func Hat(w mgl64.Vec3) mgl64.Mat3 {
	return mgl64.Mat3{0, w[2], -w[1], -w[2], 0, w[0], w[1], -w[0], 0}
}

// Vee returns the 3-vector of the skew-symmetric part (m - m^T)/2 of m, the
// inverse of Hat: Vee(Hat(w)) = w. For a matrix that is not skew-symmetric
// the symmetric part is ignored.
func Vee(m mgl64.Mat3) mgl64.Vec3 {
	return mgl64.Vec3{
		(m.At(2, 1) - m.At(1, 2)) / 2,
		(m.At(0, 2) - m.At(2, 0)) / 2,
		(m.At(1, 0) - m.At(0, 1)) / 2,
	}
}

// Bracket returns the Lie bracket (matrix commutator) [a, b] = ab - ba. For
// skew-symmetric a = Hat(x), b = Hat(y) it is Hat(x x y).
func Bracket(a, b mgl64.Mat3) mgl64.Mat3 {
	return a.Mul3(b).Sub(b.Mul3(a))
}

// Conj returns R m R^T, the matrix m (a skew matrix given in the child's
// axes) expressed in the parent's axes when R is the child's rotation.
func Conj(r, m mgl64.Mat3) mgl64.Mat3 {
	return r.Mul3(m).Mul3(r.Transpose())
}

// ConjT returns R^T m R, the inverse of Conj: a matrix given in the parent's
// axes expressed in the child's axes.
func ConjT(r, m mgl64.Mat3) mgl64.Mat3 {
	return r.Transpose().Mul3(m).Mul3(r)
}

// Exp returns the rotation exp(Hat(w)) as a unit quaternion: a rotation by
// |w| radians about w. The zero vector (or a non-finite one) gives the
// identity.
func Exp(w mgl64.Vec3) mgl64.Quat {
	l := w.Len()
	if !(l > 0) || !transform.Finite(l) {
		return mgl64.QuatIdent()
	}
	return mgl64.QuatRotate(l, w.Mul(1/l))
}

// rot returns the rotation matrix of u (normalized; zero quaternion counts
// as identity, as in transform.RotMat3).
func rot(u transform.Uniform) mgl64.Mat3 { return transform.RotMat3(u.Rotation) }

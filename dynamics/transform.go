package dynamics

import (
	"github.com/go-gl/mathgl/mgl64"
	"skewlab/transform"
)

// Transform is a dynamic transform (seed 002): the pose of a node relative
// to its parent (the embedded transform.Uniform, scale constant in time)
// and its motion relative to that parent, all expressed in the parent's
// frame and units:
//
//   - V, A: velocity dT/dt (units/s) and acceleration d2T/dt2 (units/s^2)
//     of the node's origin, in the parent basis;
//   - Omega, Alpha: angular velocity (rad/s) and angular acceleration
//     (rad/s^2) as skew-symmetric matrices in the parent's axes, with
//     dR/dt = Omega R and d2R/dt2 = (Alpha + Omega^2) R.
//
// The zero value is not the identity (its rotation and scale are zero);
// use Identity. Matrices that are not skew-symmetric are used as given.
type Transform struct {
	transform.Uniform
	V, A         mgl64.Vec3
	Omega, Alpha mgl64.Mat3
}

// Identity returns the identity dynamic transform: pose (0, (1,0,0,0), 1)
// and all velocities and accelerations zero. A node is at rest relative to
// itself.
func Identity() Transform {
	return Transform{Uniform: transform.UniformIdentity()}
}

// New returns a dynamic transform from a pose and the 3-vector forms of its
// motion (see Hat): v (units/s), a (units/s^2), w (rad/s) and al
// (rad/s^2), all in the parent frame.
func New(pose transform.Uniform, v, a, w, al mgl64.Vec3) Transform {
	return Transform{Uniform: pose, V: v, A: a, Omega: Hat(w), Alpha: Hat(al)}
}

// OmegaVec returns the angular velocity as a 3-vector (rad/s, parent axes).
func (t Transform) OmegaVec() mgl64.Vec3 { return Vee(t.Omega) }

// AlphaVec returns the angular acceleration as a 3-vector (rad/s^2, parent
// axes).
func (t Transform) AlphaVec() mgl64.Vec3 { return Vee(t.Alpha) }

// J returns the linear part R s, the change of basis from the node's basis
// to its parent's. A zero scale gives the zero matrix.
func (t Transform) J() mgl64.Mat3 { return rot(t.Uniform).Mul(t.Scale) }

// JInv returns J^-1 = R^T / s, the change of basis from the parent's basis
// to the node's. A zero or non-finite scale has no inverse: ok is false and
// the zero matrix is returned.
func (t Transform) JInv() (m mgl64.Mat3, ok bool) {
	if t.Scale == 0 || !transform.Finite(t.Scale) {
		return mgl64.Mat3{}, false
	}
	return rot(t.Uniform).Transpose().Mul(1 / t.Scale), true
}

// Mul returns the composition a*b (a = A2 the parent relative to the world,
// b = A1 the child relative to a), with seed 002's dynamics:
//
//	v3 = v2 + J2 v1 + w2 J2 T1
//	a3 = a2 + J2 a1 + a2' J2 T1 + w2^2 J2 T1 + 2 w2 J2 v1   (a2' = alpha2)
//	w3 = w2 + R2 w1 R2^T
//	alpha3 = alpha2 + R2 alpha1 R2^T + [w2, w3]
//
// The result is b's motion expressed in a's parent frame. Zero scales are
// allowed (the result is then flat and has no inverse).
func (a Transform) Mul(b Transform) Transform {
	r2 := rot(a.Uniform)
	j2 := r2.Mul(a.Scale)
	jt1 := j2.Mul3x1(b.Position)
	jv1 := j2.Mul3x1(b.V)
	w2 := a.Omega
	w3 := w2.Add(Conj(r2, b.Omega))
	return Transform{
		Uniform: a.Uniform.Mul(b.Uniform),
		V:       a.V.Add(j2.Mul3x1(b.V)).Add(w2.Mul3x1(jt1)),
		A: a.A.Add(j2.Mul3x1(b.A)).
			Add(a.Alpha.Add(w2.Mul3(w2)).Mul3x1(jt1)).
			Add(w2.Mul3x1(jv1).Mul(2)),
		Omega: w3,
		Alpha: a.Alpha.Add(Conj(r2, b.Alpha)).Add(Bracket(w2, w3)),
	}
}

// Inverse returns t^-1, the parent relative to the node, with seed 002's
// dynamics (all in the node's frame):
//
//	v' = J^-1 (w T - v)
//	a' = J^-1 (alpha T - w^2 T + 2 w v - a)
//	w' = -R^T w R,  alpha' = -R^T alpha R
//
// A zero or non-finite scale has no inverse: ok is false and Identity is
// returned.
func (t Transform) Inverse() (inv Transform, ok bool) {
	ji, ok := t.JInv()
	pose, ok2 := t.Uniform.Inverse()
	if !ok || !ok2 {
		return Identity(), false
	}
	r := rot(t.Uniform)
	w := t.Omega
	p := t.Position
	return Transform{
		Uniform: pose,
		V:       ji.Mul3x1(w.Mul3x1(p).Sub(t.V)),
		A: ji.Mul3x1(t.Alpha.Sub(w.Mul3(w)).Mul3x1(p).
			Add(w.Mul3x1(t.V).Mul(2)).Sub(t.A)),
		Omega: ConjT(r, w).Mul(-1),
		Alpha: ConjT(r, t.Alpha).Mul(-1),
	}, true
}

// LocalToGlobal returns a node's global dynamics (relative to the world)
// from its parent's global dynamics and its own local dynamics: the
// composition parent*local (see Mul).
func LocalToGlobal(parent, local Transform) Transform {
	return parent.Mul(local)
}

// GlobalToLocal returns a node's local dynamics (relative to its parent)
// from the parent's global dynamics A2 and the node's global dynamics A3,
// A1 = A2^-1 * A3, with seed 002's closed form (d = T3 - T2):
//
//	v1 = J2^-1 (v3 - v2 - w2 d)
//	a1 = J2^-1 (a3 - a2 - (alpha2 - w2^2) d - 2 w2 (v3 - v2))
//	w1 = R2^T (w3 - w2) R2
//	alpha1 = R2^T (alpha3 - alpha2 + [w3, w2]) R2
//
// A parent with zero or non-finite scale gives ok = false and Identity.
func GlobalToLocal(parent, global Transform) (local Transform, ok bool) {
	ji, ok := parent.JInv()
	pinv, ok2 := parent.Uniform.Inverse()
	if !ok || !ok2 {
		return Identity(), false
	}
	r2 := rot(parent.Uniform)
	w2 := parent.Omega
	d := global.Position.Sub(parent.Position)
	dv := global.V.Sub(parent.V)
	return Transform{
		Uniform: pinv.Mul(global.Uniform),
		V:       ji.Mul3x1(dv.Sub(w2.Mul3x1(d))),
		A: ji.Mul3x1(global.A.Sub(parent.A).
			Sub(parent.Alpha.Sub(w2.Mul3(w2)).Mul3x1(d)).
			Sub(w2.Mul3x1(dv).Mul(2))),
		Omega: ConjT(r2, global.Omega.Sub(w2)),
		Alpha: ConjT(r2, global.Alpha.Sub(parent.Alpha).Add(Bracket(global.Omega, w2))),
	}, true
}

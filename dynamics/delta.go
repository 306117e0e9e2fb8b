package dynamics

import "github.com/go-gl/mathgl/mgl64"

// Delta is an instantaneous change of a node's motion: no time passes, so
// the poses of the whole hierarchy are unchanged. V (units/s) and A
// (units/s^2) are vectors, Omega (rad/s) and Alpha (rad/s^2) skew-symmetric
// matrices, all in the frame the method that produced or takes the Delta
// names (local: the node's parent frame; global: the world).
type Delta struct {
	V, A         mgl64.Vec3
	Omega, Alpha mgl64.Mat3
}

// Add returns t with the change d added to its velocities and
// accelerations; the pose is unchanged. d must be in t's parent frame.
func (t Transform) Add(d Delta) Transform {
	t.V = t.V.Add(d.V)
	t.A = t.A.Add(d.A)
	t.Omega = t.Omega.Add(d.Omega)
	t.Alpha = t.Alpha.Add(d.Alpha)
	return t
}

// DeltaToGlobal returns the global change of a child caused by the local
// change d of the child, where p is the parent's global dynamics (seed 002):
//
//	dv3 = J2 dv1
//	da3 = J2 da1 + 2 w2 dv3
//	dw3 = R2 dw1 R2^T
//	dalpha3 = R2 dalpha1 R2^T + [w2, dw3]
func (p Transform) DeltaToGlobal(d Delta) Delta {
	r2 := rot(p.Uniform)
	j2 := r2.Mul(p.Scale)
	dv := j2.Mul3x1(d.V)
	dw := Conj(r2, d.Omega)
	return Delta{
		V:     dv,
		A:     j2.Mul3x1(d.A).Add(p.Omega.Mul3x1(dv).Mul(2)),
		Omega: dw,
		Alpha: Conj(r2, d.Alpha).Add(Bracket(p.Omega, dw)),
	}
}

// DeltaToLocal returns the local change of a child needed to produce the
// global change d of the child, where p is the parent's global dynamics;
// the inverse of DeltaToGlobal (seed 002):
//
//	dv1 = J2^-1 dv3
//	da1 = J2^-1 (da3 - 2 w2 dv3)
//	dw1 = R2^T dw3 R2
//	dalpha1 = R2^T (dalpha3 + [dw3, w2]) R2
//
// A parent with zero or non-finite scale gives ok = false and a zero Delta.
func (p Transform) DeltaToLocal(d Delta) (local Delta, ok bool) {
	ji, ok := p.JInv()
	if !ok {
		return Delta{}, false
	}
	r2 := rot(p.Uniform)
	return Delta{
		V:     ji.Mul3x1(d.V),
		A:     ji.Mul3x1(d.A.Sub(p.Omega.Mul3x1(d.V).Mul(2))),
		Omega: ConjT(r2, d.Omega),
		Alpha: ConjT(r2, d.Alpha.Add(Bracket(d.Omega, p.Omega))),
	}, true
}

// ChildDelta returns the global change of a child whose local dynamics
// local (A1) is unchanged when its parent's global dynamics p (A2, before
// the change) changes by the global delta dp (seed 002):
//
//	dv3 = dv2 + dw2 J2 T1
//	da3 = da2 + (dalpha2 + dw2 w2 + w2 dw2 + dw2^2) J2 T1 + 2 dw2 J2 v1
//	dw3 = dw2
//	dalpha3 = dalpha2 + [dw2, w3 - w2]
func (p Transform) ChildDelta(local Transform, dp Delta) Delta {
	r2 := rot(p.Uniform)
	j2 := r2.Mul(p.Scale)
	jt1 := j2.Mul3x1(local.Position)
	jv1 := j2.Mul3x1(local.V)
	dw, w2 := dp.Omega, p.Omega
	m := dp.Alpha.Add(dw.Mul3(w2)).Add(w2.Mul3(dw)).Add(dw.Mul3(dw))
	w3mw2 := Conj(r2, local.Omega) // w3 - w2
	return Delta{
		V:     dp.V.Add(dw.Mul3x1(jt1)),
		A:     dp.A.Add(m.Mul3x1(jt1)).Add(dw.Mul3x1(jv1).Mul(2)),
		Omega: dw,
		Alpha: dp.Alpha.Add(Bracket(dw, w3mw2)),
	}
}

package dynamics

import (
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/transform"
)

// Terms is seed 002's split of a node's local acceleration under an applied
// force: a1 = Applied + Translational + Centrifugal + Coriolis + Euler. All
// are accelerations (units/s^2) in the parent basis (the frame of the
// node's T1 and v1), with the tilde quantities of the seed (the parent's
// motion expressed in its own basis, X~ = J2^-1 X J2):
//
//	Applied       =  F~ / m = J2^-1 F / m
//	Translational = -a2~    = -J2^-1 a2
//	Centrifugal   = -w2~^2 T1        (3D: -w~ x (w~ x T1))
//	Coriolis      = -2 w2~ v1        (3D: -2 w~ x v1)
//	Euler         = -alpha2~ T1      (3D: -alpha~ x T1)
type Terms struct {
	Applied, Translational, Centrifugal, Coriolis, Euler mgl64.Vec3
}

// Array returns the five terms in the order of ForceNames and
// Model.Arrows (ForceApplied ... ForceEuler).
func (t Terms) Array() [NumForces]mgl64.Vec3 {
	return [NumForces]mgl64.Vec3{t.Applied, t.Translational, t.Centrifugal, t.Coriolis, t.Euler}
}

// Sum returns the total local acceleration, the sum of the five terms.
func (t Terms) Sum() mgl64.Vec3 {
	return t.Applied.Add(t.Translational).Add(t.Centrifugal).Add(t.Coriolis).Add(t.Euler)
}

// Map returns every term multiplied by m (for example J2 to express the
// terms in the world basis, or J2 times the mass for forces in newtons).
func (t Terms) Map(m mgl64.Mat3) Terms {
	return Terms{
		Applied:       m.Mul3x1(t.Applied),
		Translational: m.Mul3x1(t.Translational),
		Centrifugal:   m.Mul3x1(t.Centrifugal),
		Coriolis:      m.Mul3x1(t.Coriolis),
		Euler:         m.Mul3x1(t.Euler),
	}
}

// Tilde returns the parent's angular velocity and acceleration expressed
// in its own basis: J2^-1 w2 J2 = R2^T w2 R2 and likewise for alpha (rad/s,
// rad/s^2; the scale cancels).
func (p Transform) Tilde() (omega, alpha mgl64.Mat3) {
	r := rot(p.Uniform)
	return ConjT(r, p.Omega), ConjT(r, p.Alpha)
}

// ForceTerms returns the local acceleration of a node of mass m (kg) with
// local position local.Position and local velocity local.V (parent frame)
// when the global force f (N, world basis) acts on it and its parent has
// global dynamics p (seed 002's force-to-acceleration example, the
// global-to-local acceleration with a3 = f/m), split into Terms. A mass
// that is not positive and finite, or a parent with zero scale, gives
// ok = false and zero Terms.
func (p Transform) ForceTerms(local Transform, f mgl64.Vec3, m float64) (t Terms, ok bool) {
	ji, ok := p.JInv()
	if !ok || !(m > 0) || !transform.Finite(m) {
		return Terms{}, false
	}
	w, al := p.Tilde()
	t1, v1 := local.Position, local.V
	return Terms{
		Applied:       ji.Mul3x1(f).Mul(1 / m),
		Translational: ji.Mul3x1(p.A).Mul(-1),
		Centrifugal:   w.Mul3(w).Mul3x1(t1).Mul(-1),
		Coriolis:      w.Mul3x1(v1).Mul(-2),
		Euler:         al.Mul3x1(t1).Mul(-1),
	}, true
}

// Centrifugal3 returns the centrifugal acceleration -w x (w x t1) for the
// angular velocity vector w (rad/s) and position t1, both in the same basis.
func Centrifugal3(w, t1 mgl64.Vec3) mgl64.Vec3 { return w.Cross(w.Cross(t1)).Mul(-1) }

// Coriolis3 returns the Coriolis acceleration -2 w x v1 for the angular
// velocity vector w (rad/s) and velocity v1, both in the same basis.
func Coriolis3(w, v1 mgl64.Vec3) mgl64.Vec3 { return w.Cross(v1).Mul(-2) }

// Euler3 returns the Euler acceleration -alpha x t1 for the angular
// acceleration vector alpha (rad/s^2) and position t1 in the same basis.
func Euler3(alpha, t1 mgl64.Vec3) mgl64.Vec3 { return alpha.Cross(t1).Mul(-1) }

// ImpulseDelta returns the local change of a child of mass m (kg) whose
// parent has global dynamics p when the global linear impulse dp (N s,
// world basis) hits it (seed 002): the global change dv3 = dp/m, da3 = 0,
// converted with DeltaToLocal:
//
//	dv1 = J2^-1 dp / m
//	da1 = -(2/m) J2^-1 w2 dp
//
// The change of acceleration is the Coriolis term's response to the new
// velocity. A mass that is not positive and finite, or a parent with zero
// scale, gives ok = false and a zero Delta.
func (p Transform) ImpulseDelta(dp mgl64.Vec3, m float64) (d Delta, ok bool) {
	if !(m > 0) || !transform.Finite(m) {
		return Delta{}, false
	}
	return p.DeltaToLocal(Delta{V: dp.Mul(1 / m)})
}

// CounteractDelta returns the local change to add to each immediate child
// of a node with global dynamics p after the node's global velocity was
// changed by dv (world basis), so that the children's global velocity and
// acceleration stay as they were (seed 002; grandchildren inherit the
// correction):
//
//	dv1 = -J2^-1 dv
//	da1 = 2 J2^-1 w2 dv
//
// p's angular velocity is unchanged by a linear change, so p may be taken
// before or after it. A zero scale gives ok = false and a zero Delta.
func (p Transform) CounteractDelta(dv mgl64.Vec3) (d Delta, ok bool) {
	return p.DeltaToLocal(Delta{V: dv.Mul(-1)})
}

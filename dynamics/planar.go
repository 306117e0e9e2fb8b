package dynamics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"skewlab/transform"
)

// Perp returns the perpendicular vector (x, y)^perp = (-y, x), the action of
// the 2D rotation generator: the 2x2 skew matrix of a scalar w applied to v
// is w Perp(v).
func Perp(v mgl64.Vec2) mgl64.Vec2 { return mgl64.Vec2{-v[1], v[0]} }

// Planar is seed 002's 2D special case of a dynamic transform: position
// (units), rotation Angle (rad, counter-clockwise), Scale, velocity V,
// acceleration A (parent frame), and scalar angular velocity Omega (rad/s)
// and acceleration Alpha (rad/s^2), for which a skew matrix acts as
// w v^perp and all brackets vanish. It embeds into 3D as motion in the
// z = 0 plane with rotation about +z (To3D).
type Planar struct {
	Position     mgl64.Vec2
	Angle, Scale float64
	V, A         mgl64.Vec2
	Omega, Alpha float64
}

// j returns J v = s R(angle) v.
func (p Planar) j(v mgl64.Vec2) mgl64.Vec2 {
	s, c := math.Sincos(p.Angle)
	return mgl64.Vec2{c*v[0] - s*v[1], s*v[0] + c*v[1]}.Mul(p.Scale)
}

// Mul returns the 2D composition a*b (a the parent), seed 002's
// composition with the 2D action (w v = w v^perp, w^2 v = -w^2 v, and the
// bracket zero):
//
//	v3 = v2 + J2 v1 + w2 (J2 T1)^perp
//	a3 = a2 + J2 a1 + alpha2 (J2 T1)^perp - w2^2 J2 T1 + 2 w2 (J2 v1)^perp
//	w3 = w2 + w1,  alpha3 = alpha2 + alpha1
func (a Planar) Mul(b Planar) Planar {
	jt1, jv1 := a.j(b.Position), a.j(b.V)
	return Planar{
		Position: a.Position.Add(jt1),
		Angle:    a.Angle + b.Angle,
		Scale:    a.Scale * b.Scale,
		V:        a.V.Add(jv1).Add(Perp(jt1).Mul(a.Omega)),
		A: a.A.Add(a.j(b.A)).Add(Perp(jt1).Mul(a.Alpha)).
			Sub(jt1.Mul(a.Omega * a.Omega)).Add(Perp(jv1).Mul(2 * a.Omega)),
		Omega: a.Omega + b.Omega,
		Alpha: a.Alpha + b.Alpha,
	}
}

// To3D returns p as a 3D dynamic transform in the z = 0 plane: rotation
// Angle about +z, angular vectors (0, 0, Omega) and (0, 0, Alpha).
func (p Planar) To3D() Transform {
	pose := transform.Uniform{
		Position: p.Position.Vec3(0),
		Rotation: mgl64.QuatRotate(p.Angle, mgl64.Vec3{0, 0, 1}),
		Scale:    p.Scale,
	}
	return New(pose, p.V.Vec3(0), p.A.Vec3(0), mgl64.Vec3{0, 0, p.Omega}, mgl64.Vec3{0, 0, p.Alpha})
}

// PlanarTerms is Terms in 2D (accelerations, units/s^2, parent basis).
type PlanarTerms struct {
	Applied, Translational, Centrifugal, Coriolis, Euler mgl64.Vec2
}

// Sum returns the total local acceleration.
func (t PlanarTerms) Sum() mgl64.Vec2 {
	return t.Applied.Add(t.Translational).Add(t.Centrifugal).Add(t.Coriolis).Add(t.Euler)
}

// ForceTerms returns seed 002's 2D force terms for a node at local position
// t1 with local velocity v1 (parent frame) and mass m (kg) under the global
// force f (N) when the parent has global dynamics p. In 2D the parent's
// angular velocity is the same in every basis, so
//
//	Centrifugal =  w2^2 T1,  Coriolis = -2 w2 v1^perp,  Euler = -alpha2 T1^perp
//
// with Applied = J2^-1 f/m and Translational = -J2^-1 a2. A zero or
// non-finite scale, or a mass that is not positive and finite, gives
// ok = false and zero terms.
func (p Planar) ForceTerms(t1, v1, f mgl64.Vec2, m float64) (t PlanarTerms, ok bool) {
	if p.Scale == 0 || !transform.Finite(p.Scale) || !(m > 0) || !transform.Finite(m) {
		return PlanarTerms{}, false
	}
	inv := Planar{Angle: -p.Angle, Scale: 1 / p.Scale}
	return PlanarTerms{
		Applied:       inv.j(f).Mul(1 / m),
		Translational: inv.j(p.A).Mul(-1),
		Centrifugal:   t1.Mul(p.Omega * p.Omega),
		Coriolis:      Perp(v1).Mul(-2 * p.Omega),
		Euler:         Perp(t1).Mul(-p.Alpha),
	}, true
}

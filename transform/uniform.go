package transform

import "github.com/go-gl/mathgl/mgl64"

// Uniform is a similarity transform with one scale factor (seed 002's
// transform group): p' = Position + Scale * Rotation(p). Under composition,
// identity and inverse these form a group, exactly, as long as Scale is
// not zero. Rotation should be a unit quaternion (w, x, y, z). The zero
// value is not the identity; use UniformIdentity.
type Uniform struct {
	Position mgl64.Vec3
	Rotation mgl64.Quat
	Scale    float64
}

// UniformIdentity returns the identity: position 0, rotation (1,0,0,0),
// scale 1.
func UniformIdentity() Uniform {
	return Uniform{Rotation: mgl64.QuatIdent(), Scale: 1}
}

// Mul returns the composition a*b, the transform that applies b first and
// then a (a is the parent, b the child): position a.P + a.s*a.R(b.P),
// rotation a.R*b.R, scale a.s*b.s. It is TRS composition made exact by the
// uniform scale (seed 003's formula).
func (a Uniform) Mul(b Uniform) Uniform {
	ar := Normalize(a.Rotation)
	return Uniform{
		Position: a.Position.Add(ar.Rotate(b.Position).Mul(a.Scale)),
		Rotation: Normalize(ar.Mul(Normalize(b.Rotation))),
		Scale:    a.Scale * b.Scale,
	}
}

// Inverse returns the transform u^-1 with u*u^-1 = u^-1*u = identity:
// scale 1/s, rotation conj(R), position -(1/s) conj(R)(P). A zero scale
// has no inverse, nor has a scale so small that 1/s overflows (below about
// 5.6e-309) or one that is not finite: ok is false and the identity is
// returned.
func (u Uniform) Inverse() (inv Uniform, ok bool) {
	is := 1 / u.Scale
	if !Finite(is, u.Scale) {
		return UniformIdentity(), false
	}
	rc := Normalize(u.Rotation).Conjugate()
	return Uniform{Position: rc.Rotate(u.Position).Mul(-is), Rotation: rc, Scale: is}, true
}

// Apply maps the point p: Position + Scale * Rotation(p).
func (u Uniform) Apply(p mgl64.Vec3) mgl64.Vec3 {
	return u.Position.Add(Normalize(u.Rotation).Rotate(p).Mul(u.Scale))
}

// Mat4 returns the column-vector matrix T * R * (Scale I).
func (u Uniform) Mat4() mgl64.Mat4 {
	return u.TRS().Mat4()
}

// TRS returns u as a TRS with scale (s, s, s).
func (u Uniform) TRS() TRS {
	return TRS{Position: u.Position, Rotation: u.Rotation, Scale: mgl64.Vec3{u.Scale, u.Scale, u.Scale}}
}

package transform

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// MaxMagnitude is the largest absolute value of any component that skewlab
// accepts as input (positions, quaternion components, scales, matrix
// entries). Larger values are rejected at the boundaries (scene files, the
// command line, the URL) so that products of three such values stay far
// from overflow.
const MaxMagnitude = 1e6

// TRS is a local transform: Position, then Rotation, then per-axis Scale,
// applied to column vectors as p' = T * R * S * p. Rotation should be a
// unit quaternion (w, x, y, z); Scale components may be zero or negative.
// The zero value is not the identity (its rotation is the zero
// quaternion); use Identity.
type TRS struct {
	Position mgl64.Vec3
	Rotation mgl64.Quat
	Scale    mgl64.Vec3
}

// Identity returns the identity TRS: position 0, rotation (1, 0, 0, 0),
// scale (1, 1, 1).
func Identity() TRS {
	return TRS{Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{1, 1, 1}}
}

// Mat4 returns the 4x4 matrix T*R*S of t. The rotation is normalized
// first; a zero quaternion gives the identity rotation (see RotMat3).
func (t TRS) Mat4() mgl64.Mat4 {
	// Written out (mgl64's methods do not inline); the columns are those
	// of RotMat3 times the scale.
	q := Normalize(t.Rotation)
	w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
	sx, sy, sz := t.Scale[0], t.Scale[1], t.Scale[2]
	return mgl64.Mat4{
		(1 - 2*(y*y+z*z)) * sx, 2 * (x*y + w*z) * sx, 2 * (x*z - w*y) * sx, 0,
		2 * (x*y - w*z) * sy, (1 - 2*(x*x+z*z)) * sy, 2 * (y*z + w*x) * sy, 0,
		2 * (x*z + w*y) * sz, 2 * (y*z - w*x) * sz, (1 - 2*(x*x+y*y)) * sz, 0,
		t.Position[0], t.Position[1], t.Position[2], 1,
	}
}

// Apply maps the point p by t: Position + Rotation(Scale ∘ p), where ∘ is
// the per-component product.
func (t TRS) Apply(p mgl64.Vec3) mgl64.Vec3 {
	s := mgl64.Vec3{t.Scale[0] * p[0], t.Scale[1] * p[1], t.Scale[2] * p[2]}
	return t.Position.Add(RotMat3(t.Rotation).Mul3x1(s))
}

// Compose returns the accumulate-TRS combination of a parent and a child
// (seed 000, the rule of UE4 and Ogre): scale = parent.Scale ∘ child.Scale
// (per axis), rotation = parent.Rotation * child.Rotation, position =
// parent.Position + parent.Rotation(parent.Scale ∘ child.Position). It
// never skews, but it scales along the child's own axes; it equals matrix
// composition exactly when the parent's scale is uniform (seed 003). The
// result's rotation is normalized (a zero quaternion counts as identity).
func Compose(parent, child TRS) TRS {
	// Written out: mgl64's quaternion methods do not inline, and this runs
	// once per node per frame.
	p, c := Normalize(parent.Rotation), Normalize(child.Rotation)
	w, x, y, z := p.W, p.V[0], p.V[1], p.V[2]
	ps, cp := parent.Scale, child.Position
	// v = parent.Scale ∘ child.Position, rotated by p: v + w t + p.V × t
	// with t = 2 p.V × v.
	vx, vy, vz := ps[0]*cp[0], ps[1]*cp[1], ps[2]*cp[2]
	tx, ty, tz := 2*(y*vz-z*vy), 2*(z*vx-x*vz), 2*(x*vy-y*vx)
	cw, cx, cy, cz := c.W, c.V[0], c.V[1], c.V[2]
	return TRS{
		Position: mgl64.Vec3{
			parent.Position[0] + vx + w*tx + (y*tz - z*ty),
			parent.Position[1] + vy + w*ty + (z*tx - x*tz),
			parent.Position[2] + vz + w*tz + (x*ty - y*tx),
		},
		Rotation: Normalize(mgl64.Quat{
			W: w*cw - x*cx - y*cy - z*cz,
			V: mgl64.Vec3{
				w*cx + x*cw + y*cz - z*cy,
				w*cy + y*cw + z*cx - x*cz,
				w*cz + z*cw + x*cy - y*cx,
			},
		}),
		Scale: mgl64.Vec3{ps[0] * child.Scale[0], ps[1] * child.Scale[1], ps[2] * child.Scale[2]},
	}
}

// UnitTolerance is how far from 1 the squared length of a quaternion may
// be for Normalize to take it as unit already: 8 ulps of 1, more than the
// rounding of the squared length of a normalized quaternion (about 4).
const UnitTolerance = 8 * 0x1p-52

// Normalize returns q scaled to unit length. It divides by the largest
// component first, so tiny quaternions such as (0, 1e-200, 0, 0) keep their
// direction instead of underflowing. A zero quaternion, or one with a
// component that is not finite, gives the identity (1, 0, 0, 0) instead of
// NaN. A quaternion whose squared length is within UnitTolerance of 1
// is returned as it is: it is unit to rounding, and dividing again would
// only move its last bits, so Normalize is idempotent (a scene written
// and read back keeps its rotations bit for bit).
func Normalize(q mgl64.Quat) mgl64.Quat {
	w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
	n := w*w + x*x + y*y + z*z
	if math.Abs(n-1) <= UnitTolerance {
		return q
	}
	if n > 1e-200 && n < 1e200 {
		// Common case: the squares neither under- nor overflow (and a NaN
		// fails the test).
		il := 1 / math.Sqrt(n)
		return mgl64.Quat{W: w * il, V: mgl64.Vec3{x * il, y * il, z * il}}
	}
	m := max(abs(w), abs(x), abs(y), abs(z))
	if !(m > 0) || m > math.MaxFloat64 || !Finite(w, x, y, z) {
		return mgl64.QuatIdent()
	}
	w, x, y, z = w/m, x/m, y/m, z/m
	l := math.Sqrt(w*w + x*x + y*y + z*z)
	return mgl64.Quat{W: w / l, V: mgl64.Vec3{x / l, y / l, z / l}}
}

// RotMat3 returns the 3x3 rotation matrix of q after normalization (the
// identity for a zero quaternion), column-major as mgl64 stores it.
func RotMat3(q mgl64.Quat) mgl64.Mat3 {
	q = Normalize(q)
	w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
	return mgl64.Mat3{
		1 - 2*(y*y+z*z), 2 * (x*y + w*z), 2 * (x*z - w*y),
		2 * (x*y - w*z), 1 - 2*(x*x+z*z), 2 * (y*z + w*x),
		2 * (x*z + w*y), 2 * (y*z - w*x), 1 - 2*(x*x+y*y),
	}
}

// EulerDeg returns the rotation R = Rz(z) * Ry(y) * Rx(x) for angles in
// degrees (x applied first, about the fixed axes), the order skewlab uses at
// every user-facing surface. Non-finite angles give the identity.
func EulerDeg(xDeg, yDeg, zDeg float64) mgl64.Quat {
	for _, a := range [3]float64{xDeg, yDeg, zDeg} {
		if a-a != 0 {
			return mgl64.QuatIdent()
		}
	}
	qx := mgl64.QuatRotate(mgl64.DegToRad(xDeg), mgl64.Vec3{1, 0, 0})
	qy := mgl64.QuatRotate(mgl64.DegToRad(yDeg), mgl64.Vec3{0, 1, 0})
	qz := mgl64.QuatRotate(mgl64.DegToRad(zDeg), mgl64.Vec3{0, 0, 1})
	return Normalize(qz.Mul(qy).Mul(qx))
}

// ToEulerDeg returns angles (x, y, z) in degrees with EulerDeg(x, y, z)
// equal to q as a rotation, y in [-90, 90]. At the gimbal-lock points
// (y = ±90) only x-z (or x+z) is determined; it returns x = 0 there. Use it
// once to initialize editable angles, never to re-derive angles the user
// is editing. A zero or non-finite q counts as the identity (see RotMat3).
//
// It reads y with atan2 rather than asin and z from R*Rx(x)^T, so the
// angles reproduce q to rounding even next to gimbal lock.
func ToEulerDeg(q mgl64.Quat) mgl64.Vec3 {
	r := RotMat3(q)
	// R = Rz Ry Rx: R[2][0] = -sin y, R[2][1] = cos y sin x, R[2][2] = cos y cos x,
	// R[1][0] = cos y sin z, R[0][0] = cos y cos z.
	y := math.Atan2(-r.At(2, 0), math.Hypot(r.At(0, 0), r.At(1, 0)))
	x := 0.0
	if math.Hypot(r.At(2, 1), r.At(2, 2)) > 1e-12 {
		x = math.Atan2(r.At(2, 1), r.At(2, 2))
	}
	// R * Rx(x)^T = Rz Ry, whose column 1 is (-sin z, cos z, 0).
	sx, cx := math.Sincos(x)
	z := math.Atan2(sx*r.At(0, 2)-cx*r.At(0, 1), cx*r.At(1, 1)-sx*r.At(1, 2))
	const deg = 180 / math.Pi
	return mgl64.Vec3{x * deg, y * deg, z * deg}
}

// Slerp returns the spherical linear interpolation from a to b at u (0
// gives a, 1 gives b) along the shorter arc: b is negated when a·b < 0,
// since q and -q are the same rotation. Both are normalized first (a zero
// quaternion counts as the identity). The angle comes from atan2 of the
// two components of b along and across a, exact even for nearly equal
// keys; below 1e-9 rad apart the result is the normalized linear blend.
// The result is unit.
func Slerp(a, b mgl64.Quat, u float64) mgl64.Quat {
	a, b = Normalize(a), Normalize(b)
	d := a.W*b.W + a.V.Dot(b.V)
	if d < 0 {
		b = mgl64.Quat{W: -b.W, V: b.V.Mul(-1)}
		d = -d
	}
	// the part of b perpendicular to a, and its length sin θ
	pw, pv := b.W-d*a.W, b.V.Sub(a.V.Mul(d))
	s := math.Sqrt(pw*pw + pv.Dot(pv))
	if s < 1e-9 {
		return Normalize(mgl64.Quat{W: a.W + (b.W-a.W)*u, V: a.V.Add(b.V.Sub(a.V).Mul(u))})
	}
	th := math.Atan2(s, d)
	// q(u) = cos(uθ) a + sin(uθ) p/|p|
	c, sn := math.Cos(u*th), math.Sin(u*th)/s
	return Normalize(mgl64.Quat{W: c*a.W + sn*pw, V: a.V.Mul(c).Add(pv.Mul(sn))})
}

package transform

import "github.com/go-gl/mathgl/mgl64"

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
	r := RotMat3(t.Rotation)
	var m mgl64.Mat4
	for c := 0; c < 3; c++ {
		for row := 0; row < 3; row++ {
			m[4*c+row] = r[3*c+row] * t.Scale[c]
		}
	}
	m[12], m[13], m[14], m[15] = t.Position[0], t.Position[1], t.Position[2], 1
	return m
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
	pr := Normalize(parent.Rotation)
	sp := mgl64.Vec3{
		parent.Scale[0] * child.Position[0],
		parent.Scale[1] * child.Position[1],
		parent.Scale[2] * child.Position[2],
	}
	return TRS{
		Position: parent.Position.Add(pr.Rotate(sp)),
		Rotation: Normalize(pr.Mul(Normalize(child.Rotation))),
		Scale: mgl64.Vec3{
			parent.Scale[0] * child.Scale[0],
			parent.Scale[1] * child.Scale[1],
			parent.Scale[2] * child.Scale[2],
		},
	}
}

// Normalize returns q scaled to unit length. A quaternion whose length is
// zero, or not finite, gives the identity (1, 0, 0, 0) instead of NaN.
func Normalize(q mgl64.Quat) mgl64.Quat {
	l := q.Len()
	if !(l > 1e-300) || l > 1e300 {
		return mgl64.QuatIdent()
	}
	return mgl64.Quat{W: q.W / l, V: q.V.Mul(1 / l)}
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
// is editing.
func ToEulerDeg(q mgl64.Quat) mgl64.Vec3 {
	r := RotMat3(q)
	// R = Rz Ry Rx: R[2][0] = -sin y, R[2][1] = cos y sin x, R[2][2] = cos y cos x,
	// R[1][0] = cos y sin z, R[0][0] = cos y cos z.
	sy := -r.At(2, 0)
	if sy > 1 {
		sy = 1
	} else if sy < -1 {
		sy = -1
	}
	y := asinDeg(sy)
	if 1-abs(sy) < 1e-12 {
		// Gimbal lock: x = 0, z from the upper-left 2x2 block.
		z := atan2Deg(-r.At(0, 1), r.At(1, 1))
		return mgl64.Vec3{0, y, z}
	}
	x := atan2Deg(r.At(2, 1), r.At(2, 2))
	z := atan2Deg(r.At(1, 0), r.At(0, 0))
	return mgl64.Vec3{x, y, z}
}

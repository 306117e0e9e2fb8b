package drift

import (
	"fmt"
	"math"

	"skewlab/transform"
)

// Storage is one way of keeping a node's local pose. SetRotation replaces
// the rotation by q (a unit quaternion; see each storage for non-unit q) and
// keeps the scale as the storage knows it; Matrix returns the float32 4x4
// local matrix the storage produces. The methods never allocate.
type Storage interface {
	SetRotation(q Quat)
	Matrix() Mat4
}

// Kind names one of the five storages of the experiment.
type Kind int

// The storages, in the order of the table.
const (
	KindMatrix      Kind = iota // float32 4x4, the article's set_rotation
	KindSetTogether             // the caller keeps the scale (fix 2)
	KindQuantized               // extracted scale snapped to QuantumGrid (fix 3)
	KindSeparate                // translation, rotation, scale apart (fix 1)
	KindUnbiased                // extraction kept, bias removed (fix 4)
	NumKinds        = 5         // number of storages
)

var kindNames = [NumKinds]string{"matrix", "set-together", "quantized", "separate", "unbiased"}

// String returns the kind's name as used on the command line ("matrix",
// "set-together", "quantized", "separate", "unbiased"), or "Kind(n)" for a
// value outside the range.
func (k Kind) String() string {
	if k < 0 || k >= NumKinds {
		return fmt.Sprintf("Kind(%d)", int(k))
	}
	return kindNames[k]
}

// ParseKind returns the Kind named s (as printed by String), or an error
// listing the valid names.
func ParseKind(s string) (Kind, error) {
	for k, n := range kindNames {
		if n == s {
			return Kind(k), nil
		}
	}
	return 0, fmt.Errorf("unknown storage %q (valid: matrix, set-together, quantized, separate, unbiased)", s)
}

// NewStorage returns a new storage of kind k holding the identity rotation,
// zero translation and scale s. An unknown kind gives a MatrixPose. See the
// concrete types for degenerate scales.
func NewStorage(k Kind, s Vec3) Storage {
	switch k {
	case KindSetTogether:
		return NewSetTogetherPose(s)
	case KindQuantized:
		return NewQuantizedPose(s)
	case KindSeparate:
		return NewSeparatePose(s)
	case KindUnbiased:
		return NewUnbiasedPose(s)
	}
	return NewMatrixPose(s)
}

// MatrixPose stores the pose as one float32 4x4 (the article's Matrix4x4).
// SetRotation is the article's set_rotation: extract the scale with
// ArticleScale, build the rotation with RotationMatrix, multiply its columns
// by the scale, write the 3x3. It drifts. A zero scale stays zero (no NaN: the
// storage never divides); a negative scale loses its sign at the first
// SetRotation, because column lengths carry none.
type MatrixPose struct{ m Mat4 }

// NewMatrixPose returns a MatrixPose with identity rotation and scale s.
func NewMatrixPose(s Vec3) *MatrixPose {
	return &MatrixPose{m: scaleColumns(Ident4(), s, Vec3{})}
}

// SetRotation implements the article's set_rotation (see MatrixPose).
func (p *MatrixPose) SetRotation(q Quat) {
	p.m = scaleColumns(RotationMatrix(q), ArticleScale(p.m), p.m.Col3(3))
}

// Matrix returns the stored matrix.
func (p *MatrixPose) Matrix() Mat4 { return p.m }

// SetTogetherPose is the article's fix 2: the matrix is only ever written by
// SetRotationAndScale, and the caller keeps the scale in Scale, apart from
// the matrix. SetRotation passes Scale, so it does not drift; with Feedback
// set it passes the scale read back from the matrix instead (ArticleScale),
// the feedback loop the article warns a careless caller can recreate, and it
// drifts exactly like MatrixPose.
type SetTogetherPose struct {
	m Mat4
	// Scale is the caller's own record of the scale.
	Scale Vec3
	// Feedback makes SetRotation feed the extracted scale back.
	Feedback bool
}

// NewSetTogetherPose returns a SetTogetherPose with identity rotation and
// scale s, Feedback off.
func NewSetTogetherPose(s Vec3) *SetTogetherPose {
	return &SetTogetherPose{m: scaleColumns(Ident4(), s, Vec3{}), Scale: s}
}

// SetRotationAndScale is the article's set_rotation_and_scale: the 3x3
// becomes RotationMatrix(q) with column i multiplied by s[i] in float32. Any
// s is accepted; zero gives a zero column, negative a mirrored one.
func (p *SetTogetherPose) SetRotationAndScale(q Quat, s Vec3) {
	p.m = scaleColumns(RotationMatrix(q), s, p.m.Col3(3))
}

// SetRotation calls SetRotationAndScale with Scale, or with the scale read
// from the matrix when Feedback is set.
func (p *SetTogetherPose) SetRotation(q Quat) {
	s := p.Scale
	if p.Feedback {
		s = ArticleScale(p.m)
	}
	p.SetRotationAndScale(q, s)
}

// Matrix returns the stored matrix.
func (p *SetTogetherPose) Matrix() Mat4 { return p.m }

// QuantumGrid is the step of the quantized storage's scale grid (the
// article's "nearest 0.0001").
const QuantumGrid = 1e-4

// Quantize returns s snapped to the nearest multiple of QuantumGrid, rounded
// to float32 (k·1e-4 is formed in float64, halves rounded away from zero).
// Scales below QuantumGrid/2 in magnitude snap to 0, and a scale of 1.5e-4
// moves by a third; non-finite input is returned unchanged.
func Quantize(s float32) float32 {
	if !transform.Finite(float64(s)) {
		return s
	}
	return float32(math.Round(float64(s)*1e4) / 1e4)
}

// QuantizedPose is MatrixPose with the article's fix 3: the scale extracted
// by SetRotation is snapped with Quantize before it is re-applied, so rounding
// errors smaller than half a grid step are discarded every frame. Limits: a
// scale off the grid moves to the nearest grid value at the first
// SetRotation; a scale below 5e-5 snaps to 0, the 3x3 becomes zero (a
// singular matrix; no NaN, since nothing divides by it) and stays zero for
// good, the object has vanished; small scales move by a large fraction (1.5e-4
// by a third).
type QuantizedPose struct{ m Mat4 }

// NewQuantizedPose returns a QuantizedPose with identity rotation and scale
// s, not yet snapped.
func NewQuantizedPose(s Vec3) *QuantizedPose {
	return &QuantizedPose{m: scaleColumns(Ident4(), s, Vec3{})}
}

// SetRotation extracts the scale, snaps it to the grid and re-applies it.
func (p *QuantizedPose) SetRotation(q Quat) {
	s := ArticleScale(p.m)
	for i := range s {
		s[i] = Quantize(s[i])
	}
	p.m = scaleColumns(RotationMatrix(q), s, p.m.Col3(3))
}

// Matrix returns the stored matrix.
func (p *QuantizedPose) Matrix() Mat4 { return p.m }

// SeparatePose is the article's fix 1: translation, a rotation 3x3 and the
// scale are stored apart (the article's struct Pose, 15 floats), and the 4x4
// is built on demand by multiplying the rotation's columns by the scale in
// float32. SetRotation never reads the scale, so nothing feeds back; the only
// error is the per-frame rounding of RotationMatrix, bounded. Any scale is
// kept as given (zero and negative included).
type SeparatePose struct {
	// Translation is the node's position.
	Translation Vec3
	// Rotation is the rotation matrix, column major.
	Rotation Mat3
	// Scale is the per-axis scale.
	Scale Vec3
}

// NewSeparatePose returns a SeparatePose with identity rotation, zero
// translation and scale s.
func NewSeparatePose(s Vec3) *SeparatePose {
	return &SeparatePose{Rotation: Ident3(), Scale: s}
}

// SetRotation stores RotationMatrix(q)'s 3x3.
func (p *SeparatePose) SetRotation(q Quat) { p.Rotation = RotationMatrix(q).Mat3() }

// Matrix builds the 4x4: rotation columns times scale, then translation.
func (p *SeparatePose) Matrix() Mat4 {
	return scaleColumns(p.Rotation.Mat4(), p.Scale, p.Translation)
}

// UnbiasedPose is the article's fix 4: a float32 4x4 whose SetRotation still
// extracts the scale from the matrix every frame, with the two systematic
// biases of the float32 pipeline removed (see the package comment). The
// scale is read with ExactScale (one rounding instead of two) and every entry
// of the new 3x3 is the float32 nearest to s_i times the exact rotation of q
// (the formula divided by |q|², in float64), so a non-unit float32 quaternion
// no longer stretches the columns. Its error walks a few ulps and stops on a
// fixed point. A zero scale stays zero; the zero quaternion and non-finite
// quaternions give the identity rotation (no NaN); a negative scale loses its
// sign at the first SetRotation.
type UnbiasedPose struct{ m Mat4 }

// NewUnbiasedPose returns an UnbiasedPose with identity rotation and scale s.
func NewUnbiasedPose(s Vec3) *UnbiasedPose {
	return &UnbiasedPose{m: scaleColumns(Ident4(), s, Vec3{})}
}

// SetRotation extracts the scale (correctly rounded) and writes the
// correctly rounded scaled exact rotation of q.
func (p *UnbiasedPose) SetRotation(q Quat) {
	s := ExactScale(p.m)
	r := exactRotation(q)
	for i := 0; i < 3; i++ {
		si := float64(s[i])
		for j := 0; j < 3; j++ {
			p.m[4*i+j] = float32(si * r[3*i+j])
		}
	}
}

// Matrix returns the stored matrix.
func (p *UnbiasedPose) Matrix() Mat4 { return p.m }

package transform

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// SplitUniform splits a scale s into its uniform part u and residual r,
// s = u * r, for the uniform-inner-scale rule (children inherit only u):
// u = cbrt(|sx*sy*sz|) with the sign of the product sx*sy*sz, and r = s/u.
// u keeps the volume (Blender's "Average" choice) and r has product +1: a
// pure stretch, possibly with a half-turn (two negative components).
// u is computed as cbrt|sx| * cbrt|sy| * cbrt|sz|, so it neither over- nor
// underflows for accepted input.
//
// When a component is zero (a flat node) the split is undefined: u is 0,
// r is (1, 1, 1), and s = u*r does not hold; children under the uniform
// rule then collapse to a point whatever r is, and folding r changes
// nothing. The same result is returned when u underflows to 0 or s has a
// component that is not finite.
func SplitUniform(s mgl64.Vec3) (u float64, r mgl64.Vec3) {
	u = math.Cbrt(abs(s[0])) * math.Cbrt(abs(s[1])) * math.Cbrt(abs(s[2]))
	if !(u > 0) || !Finite(u) {
		return 0, mgl64.Vec3{1, 1, 1}
	}
	if (s[0] < 0) != (s[1] < 0) != (s[2] < 0) {
		u = -u
	}
	return u, mgl64.Vec3{s[0] / u, s[1] / u, s[2] / u}
}

// FoldResidual folds a parent's residual scale r (from SplitUniform) into
// the local transform of one of its children, so that the child keeps its
// world placement when the parent passes on only its uniform scale:
//
//	diag(r) · T(p) · R · diag(s) = T(r∘p) · R · (R^T diag(r) R) · diag(s)
//
// The folded child has position r∘p, the same rotation R (normalized), and
// scale diag(R^T diag(r) R) ∘ s, whose component k is
// sum_i R_ik^2 r_i s_k. This is exact when R maps the axes onto axes (a
// multiple of 90° about them, as in the piston): then scale_k =
// r_π(k) s_k, where π(k) is the axis R e_k lies on. Otherwise the symmetric
// matrix R^T diag(r) R has off-diagonal entries that a TRS cannot hold;
// residual is their share, ||offdiag(R^T diag(r) R) diag(s)||_F /
// ||(R^T diag(r) R) diag(s)||_F, which equals the relative Frobenius error
// of the folded linear part against diag(r) R diag(s). residual is 0 when
// that denominator is 0 or an input is not finite.
func FoldResidual(r mgl64.Vec3, child TRS) (folded TRS, residual float64) {
	rm := RotMat3(child.Rotation)
	// m = R^T diag(r) R: m_ij = sum_k R_ki r_k R_kj.
	var m mgl64.Mat3
	for i := range 3 {
		for j := range 3 {
			m[3*j+i] = rm[3*i]*r[0]*rm[3*j] + rm[3*i+1]*r[1]*rm[3*j+1] + rm[3*i+2]*r[2]*rm[3*j+2]
		}
	}
	s := child.Scale
	folded = TRS{
		Position: mgl64.Vec3{r[0] * child.Position[0], r[1] * child.Position[1], r[2] * child.Position[2]},
		Rotation: Normalize(child.Rotation),
		Scale:    mgl64.Vec3{m[0] * s[0], m[4] * s[1], m[8] * s[2]},
	}
	// The entries of m diag(s), scaled so their squares neither over- nor
	// underflow.
	for j := range 3 {
		for i := range 3 {
			m[3*j+i] *= s[j]
		}
	}
	e, ok := scaleExp(m[:])
	if !ok {
		return folded, 0
	}
	m = ldexp3(m, -e)
	off := m[1]*m[1] + m[2]*m[2] + m[3]*m[3] + m[5]*m[5] + m[6]*m[6] + m[7]*m[7]
	return folded, math.Sqrt(off) / frob(m)
}

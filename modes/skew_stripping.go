package modes

import (
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// skewStripping is SkewStripping's 3x4 update (the Mode value, its formula and
// its source are at the end of this file). It runs both chains in one
// parents-first pass. With L_p
// and R_p the parent's 3x3 matrix and rotation chains and r_c the
// columns of the node's rotation, column c gives a = L_p r_c (so M's
// column is a*s_c) and q = R_p r_c (R_w's column), and the world scale is
// s_c (q . a): each column of R is read once for both products and the
// scale. M's position, L_p p + t_p, takes t_p from the parent's world
// matrix, which holds it. A root uses the identity for L_p and R_p and
// the origin for t_p, which is exact.
func skewStripping(a *kargs, lo, hi int) {
	nodes, out, ws := a.nodes, a.out, a.ws
	ident, origin := mgl64.Ident3(), mgl64.Vec3{}
	var r mgl64.Mat3
	for i := lo; i < hi; i++ {
		nd := &nodes[i]
		rotCols(nd.Rotation(), &r)
		sc, p := nd.Local.Scale, nd.Local.Position
		l, rw, o := &ws.l[i], &ws.r[i], &out[i]
		lp, rp, tp := &ident, &ident, &origin
		if pi := nd.Parent; pi >= 0 {
			if a.foreign(pi) {
				continue
			}
			lp, rp = &ws.l[pi], &ws.r[pi]
			tp = (*mgl64.Vec3)(out[pi][9:12])
		}
		for c := 0; c < 3; c++ {
			r0, r1, r2 := r[3*c], r[3*c+1], r[3*c+2]
			a0 := lp[0]*r0 + lp[3]*r1 + lp[6]*r2
			a1 := lp[1]*r0 + lp[4]*r1 + lp[7]*r2
			a2 := lp[2]*r0 + lp[5]*r1 + lp[8]*r2
			q0 := rp[0]*r0 + rp[3]*r1 + rp[6]*r2
			q1 := rp[1]*r0 + rp[4]*r1 + rp[7]*r2
			q2 := rp[2]*r0 + rp[5]*r1 + rp[8]*r2
			s := sc[c]
			l[3*c], l[3*c+1], l[3*c+2] = a0*s, a1*s, a2*s
			rw[3*c], rw[3*c+1], rw[3*c+2] = q0, q1, q2
			k := s * (q0*a0 + q1*a1 + q2*a2)
			o[3*c], o[3*c+1], o[3*c+2] = q0*k, q1*k, q2*k
		}
		o[9] = lp[0]*p[0] + lp[3]*p[1] + lp[6]*p[2] + tp[0]
		o[10] = lp[1]*p[0] + lp[4]*p[1] + lp[7]*p[2] + tp[1]
		o[11] = lp[2]*p[0] + lp[5]*p[1] + lp[8]*p[2] + tp[2]
	}
}

// skewStrippingRef runs the full matrix chain M and the rotation chain
// R_w separately and keeps diag(R_w^T L) as the scale:
// W = T(position of M) * R_w * diag(scale).
func skewStrippingRef(nodes []scene.Node) []mgl64.Mat4 {
	out := make([]mgl64.Mat4, len(nodes))
	m := make([]mgl64.Mat4, len(nodes))
	rw := make([]mgl64.Mat3, len(nodes))
	for i, n := range nodes {
		m[i] = n.TRS().Mat4()
		rw[i] = transform.RotMat3(n.Rotation())
		if n.Parent >= 0 {
			m[i] = m[n.Parent].Mul4(m[i])
			rw[i] = rw[n.Parent].Mul3(rw[i])
		}
		ms := rw[i].Transpose().Mul3(m[i].Mat3()) // M_S = R_w^T L
		scale := mgl64.Vec3{ms.At(0, 0), ms.At(1, 1), ms.At(2, 2)}
		out[i] = mgl64.Translate3D(m[i][12], m[i][13], m[i][14]).
			Mul4(rw[i].Mat4()).
			Mul4(mgl64.Scale3D(scale[0], scale[1], scale[2]))
	}
	return out
}

// SkewStripping is GPU Pro 5's recipe (seed 001): M is the full matrix
// chain, R_w the product of local rotations from the root, and the world
// scale is the diagonal of M_S = R_w^T L (L the 3x3 part of M):
// scale_k = (R_w e_k) . (L e_k). Then W = T(position of M) * R_w *
// diag(scale): the off-diagonal (skew) part of M_S is discarded. In column
// vectors M_S = M_TR^-1 * M_TRS (the chapter writes row vectors). The
// position comes from M on purpose: the chapter's TR chain ignores
// ancestor scale. In deep trees with large rotations a diagonal entry can
// reach zero or turn negative; the mode draws what the formula gives and
// the readouts flag it.
var SkewStripping = withKernel(Mode{
	Name: "skew-stripping", Title: "Skew stripping",
	Reference:   skewStrippingRef,
	Point:       "Multiplies matrices, then drops the shear: no skew, scale follows the parent, but information is lost and the volume changes.",
	Explanation: "GPU Pro 5's recipe: multiply the full matrices to get M, multiply only the rotations to get R_w, and keep just the diagonal of R_w^T * M's 3x3 part as the world scale, throwing the shear away: W = T(M's position) * R_w * diag(scale). Scale still follows the parent's axes where it can (the piston grows longer, like matrices), and the skew is gone. The discarded part is an error you cannot see: with large rotations in deep trees a diagonal entry can shrink to zero or flip sign.",
}, skewStripping, needChains)

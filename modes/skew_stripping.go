package modes

import (
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
)

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
var SkewStripping = Mode{
	Name:  "skew-stripping",
	Title: "Skew stripping",
	Explanation: "GPU Pro 5's recipe: multiply the full matrices to get M, multiply only the rotations to get R_w, " +
		"and keep just the diagonal of R_w^T * M's 3x3 part as the world scale, throwing the shear away: " +
		"W = T(M's position) * R_w * diag(scale). Scale still follows the parent's axes where it can (the piston grows " +
		"longer, like matrices), and the skew is gone. The discarded part is an error you cannot see: with large " +
		"rotations in deep trees a diagonal entry can shrink to zero or flip sign.",
	World: skewStripping,
}

func skewStripping(nodes []scene.Node, ws *Workspace, out []mgl64.Mat4) {
	n := count(nodes, out)
	ws.grow(n)
	var r mgl64.Mat3
	var l mgl64.Mat4
	for i := 0; i < n; i++ {
		nd := &nodes[i]
		rotCols(nd.Local.Rotation, &r)
		m, rw := &ws.m[i], &ws.r[i]
		if nd.Parent < 0 {
			localMat(nd.Local.Position, &r, nd.Local.Scale, m)
			*rw = r
		} else {
			localMat(nd.Local.Position, &r, nd.Local.Scale, &l)
			affMul(&ws.m[nd.Parent], &l, m)
			mat3Mul(&ws.r[nd.Parent], &r, rw)
		}
		s := mgl64.Vec3{
			rw[0]*m[0] + rw[1]*m[1] + rw[2]*m[2],
			rw[3]*m[4] + rw[4]*m[5] + rw[5]*m[6],
			rw[6]*m[8] + rw[7]*m[9] + rw[8]*m[10],
		}
		withCols(rw, s, mgl64.Vec3{m[12], m[13], m[14]}, &out[i])
	}
}

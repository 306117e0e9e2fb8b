package modes

import (
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// skewStripping is SkewStripping's update, in either layout (the Mode value, its formula and
// its source are at the end of this file). It runs both chains in one
// parents-first pass. With L_p
// and R_p the parent's 3x3 matrix and rotation chains and r_c the
// columns of the node's rotation, column c gives a = L_p r_c (so M's
// column is a*s_c) and q = R_p r_c (R_w's column), and the world scale is
// s_c (q . a): each column of R is read once for both products and the
// scale. M's position, L_p p + t_p, takes t_p from the parent's world
// matrix, which holds it. A root uses the identity for L_p and R_p and
// the origin for t_p, which is exact.
func skewStripping[T layout](a *kargs, out []T, lo, hi int) {
	st := stride[T]()
	nodes, ch := a.nodes[:hi], a.ws.ch[:hi]
	out = out[:hi]
	kids := a.kids
	var leaf chains // where a leaf's chains go: nowhere read
	ident := chains{l: mgl64.Ident3(), r: mgl64.Ident3()}
	for i := lo; i < hi; i++ {
		nd := &nodes[i]
		lq := &nd.Local.Rotation
		w, x, y, z := lq.W, lq.V[0], lq.V[1], lq.V[2]
		if !plain(nd) && nd.HasRest() { // plain reads the node's every line: see floorKernel
			w, x, y, z = restRotation(nd)
		}
		// The rotation of (w, x, y, z), written out (see rotFactor).
		k := rotFactor(w*w + x*x + y*y + z*z)
		xs, ys, zs := x*k, y*k, z*k
		wx, wy, wz := w*xs, w*ys, w*zs
		xx, xy, xz := x*xs, x*ys, x*zs
		yy, yz, zz := y*ys, y*zs, z*zs
		r0, r1, r2, r3, r4, r5, r6, r7, r8 := 1-(yy+zz), xy+wz, xz-wy, xy-wz, 1-(xx+zz), yz+wx, xz+wy, yz-wx, 1-(xx+yy)
		s0, s1, s2 := nd.Local.Scale[0], nd.Local.Scale[1], nd.Local.Scale[2]
		t0, t1, t2 := nd.Local.Position[0], nd.Local.Position[1], nd.Local.Position[2]
		pc := &ident
		var tp0, tp1, tp2 float64
		if pi := nd.Parent; pi >= 0 {
			if a.unreadyRecord(pi) {
				continue
			}
			pc = &ch[pi]
			tp0, tp1, tp2 = out[pi][3*st], out[pi][3*st+1], out[pi][3*st+2]
		}
		lp, rp := &pc.l, &pc.r
		c := &leaf
		if hasKids(kids, i) {
			c = &ch[i]
		}
		// Column 0.
		a0 := lp[0]*r0 + lp[3]*r1 + lp[6]*r2
		a1 := lp[1]*r0 + lp[4]*r1 + lp[7]*r2
		a2 := lp[2]*r0 + lp[5]*r1 + lp[8]*r2
		q0 := rp[0]*r0 + rp[3]*r1 + rp[6]*r2
		q1 := rp[1]*r0 + rp[4]*r1 + rp[7]*r2
		q2 := rp[2]*r0 + rp[5]*r1 + rp[8]*r2
		c.l[0], c.l[1], c.l[2] = a0*s0, a1*s0, a2*s0
		c.r[0], c.r[1], c.r[2] = q0, q1, q2
		k = s0 * (q0*a0 + q1*a1 + q2*a2)
		out[i][0], out[i][1], out[i][2] = q0*k, q1*k, q2*k
		// Column 1.
		a0 = lp[0]*r3 + lp[3]*r4 + lp[6]*r5
		a1 = lp[1]*r3 + lp[4]*r4 + lp[7]*r5
		a2 = lp[2]*r3 + lp[5]*r4 + lp[8]*r5
		q0 = rp[0]*r3 + rp[3]*r4 + rp[6]*r5
		q1 = rp[1]*r3 + rp[4]*r4 + rp[7]*r5
		q2 = rp[2]*r3 + rp[5]*r4 + rp[8]*r5
		c.l[3], c.l[4], c.l[5] = a0*s1, a1*s1, a2*s1
		c.r[3], c.r[4], c.r[5] = q0, q1, q2
		k = s1 * (q0*a0 + q1*a1 + q2*a2)
		out[i][st], out[i][st+1], out[i][st+2] = q0*k, q1*k, q2*k
		// Column 2.
		a0 = lp[0]*r6 + lp[3]*r7 + lp[6]*r8
		a1 = lp[1]*r6 + lp[4]*r7 + lp[7]*r8
		a2 = lp[2]*r6 + lp[5]*r7 + lp[8]*r8
		q0 = rp[0]*r6 + rp[3]*r7 + rp[6]*r8
		q1 = rp[1]*r6 + rp[4]*r7 + rp[7]*r8
		q2 = rp[2]*r6 + rp[5]*r7 + rp[8]*r8
		c.l[6], c.l[7], c.l[8] = a0*s2, a1*s2, a2*s2
		c.r[6], c.r[7], c.r[8] = q0, q1, q2
		k = s2 * (q0*a0 + q1*a1 + q2*a2)
		out[i][2*st], out[i][2*st+1], out[i][2*st+2] = q0*k, q1*k, q2*k
		// Position: M's, L_p t + t_p.
		out[i][3*st] = lp[0]*t0 + lp[3]*t1 + lp[6]*t2 + tp0
		out[i][3*st+1] = lp[1]*t0 + lp[4]*t1 + lp[7]*t2 + tp1
		out[i][3*st+2] = lp[2]*t0 + lp[5]*t1 + lp[8]*t2 + tp2
		lastRow(out, i)
	}
}

// chains is a node's 3x3 matrix chain l (the linear part of the full
// matrix product M; its position is in out) and rotation chain r under
// skew-stripping, kept together so that a child reads one stream.
type chains struct{ l, r mgl64.Mat3 }

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
}, kern4(skewStripping[mgl64.Mat3x4], skewStripping[mgl64.Mat4]), needChains)

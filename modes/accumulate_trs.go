package modes

import (
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// accumulateTRS is AccumulateTRS's 3x4 update; the Mode value, its
// formula and its source are at the end of this file.
func accumulateTRS(a *kargs, lo, hi int) {
	nodes, out, ws := a.nodes, a.out, a.ws
	rot, scl := ws.rot, ws.scl
	for i := lo; i < hi; i++ {
		nd := &nodes[i]
		q, s, p := nd.Rotation(), nd.Local.Scale, nd.Local.Position
		o := &out[i]
		if pi := nd.Parent; pi >= 0 {
			if a.foreign(pi) {
				continue
			}
			// The parent's W has columns R_p * S_p, so W_p * p is
			// position_p + R_p(S_p ∘ p): the seed's position rule.
			w := &out[pi]
			p = mgl64.Vec3{
				w[0]*p[0] + w[3]*p[1] + w[6]*p[2] + w[9],
				w[1]*p[0] + w[4]*p[1] + w[7]*p[2] + w[10],
				w[2]*p[0] + w[5]*p[1] + w[8]*p[2] + w[11],
			}
			a := rot[pi]
			q = mgl64.Quat{
				W: a.W*q.W - a.V[0]*q.V[0] - a.V[1]*q.V[1] - a.V[2]*q.V[2],
				V: mgl64.Vec3{
					a.W*q.V[0] + a.V[0]*q.W + a.V[1]*q.V[2] - a.V[2]*q.V[1],
					a.W*q.V[1] - a.V[0]*q.V[2] + a.V[1]*q.W + a.V[2]*q.V[0],
					a.W*q.V[2] + a.V[0]*q.V[1] - a.V[1]*q.V[0] + a.V[2]*q.W,
				},
			}
			ps := scl[pi]
			s = mgl64.Vec3{ps[0] * s[0], ps[1] * s[1], ps[2] * s[2]}
		}
		rot[i], scl[i] = q, s
		// Rotation matrix of q (2/|q|^2 form, exact for non-unit q), times S.
		w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
		nn := w*w + x*x + y*y + z*z
		if !(nn > 1e-300) || nn > 1e300 {
			w, x, y, z, nn = 1, 0, 0, 0, 1
		}
		k := 2 / nn
		xs, ys, zs := x*k, y*k, z*k
		wx, wy, wz := w*xs, w*ys, w*zs
		xx, xy, xz := x*xs, x*ys, x*zs
		yy, yz, zz := y*ys, y*zs, z*zs
		o[0], o[1], o[2] = (1-(yy+zz))*s[0], (xy+wz)*s[0], (xz-wy)*s[0]
		o[3], o[4], o[5] = (xy-wz)*s[1], (1-(xx+zz))*s[1], (yz+wx)*s[1]
		o[6], o[7], o[8] = (xz+wy)*s[2], (yz-wx)*s[2], (1-(xx+yy))*s[2]
		o[9], o[10], o[11] = p[0], p[1], p[2]
	}
}

// accumulateTRSRef composes the world TRS with transform.Compose and
// builds each W from it.
func accumulateTRSRef(nodes []scene.Node) []mgl64.Mat4 {
	out := make([]mgl64.Mat4, len(nodes))
	w := make([]transform.TRS, len(nodes))
	for i, n := range nodes {
		w[i] = n.TRS()
		if n.Parent >= 0 {
			w[i] = transform.Compose(w[n.Parent], n.TRS())
		}
		out[i] = w[i].Mat4()
	}
	return out
}

// AccumulateTRS combines position, rotation and scale separately (seed
// 000; UE4, Ogre): scale_w = scale_parent ∘ scale (per axis), rotation_w =
// rotation_parent * rotation, position_w = position_parent +
// rotation_parent(scale_parent ∘ position); W = T(position_w) *
// R(rotation_w) * S(scale_w). It never skews, but every ancestor's scale is
// applied along the node's own axes.
var AccumulateTRS = withKernel(Mode{
	Name: "accumulate-trs", Title: "Accumulate TRS",
	Reference:   accumulateTRSRef,
	Point:       "Never skews, but scale acts along each node's own axes: a parent stretched along x fattens a turned child, never lengthens it.",
	Explanation: "Scale, rotation and position are accumulated separately: scales multiply per axis, rotations multiply parent*child, and the position is the parent's position plus the parent's rotation of the parent's scale times the local position. The world matrix is built once from the result, so it can never skew. The price: all scale is applied along the node's own axes, not the parent's, so stretching the piston along world x makes the turned cylinders fatter instead of longer.",
}, accumulateTRS, needTRS)

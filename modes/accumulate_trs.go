package modes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// unitTol is how far the estimate of |q|^2 may be from 1 for
// accumulateTRS to take 2/|q|^2 as 2: a product of normalised float64
// quaternions is within a few 1e-16 of unit length.
const unitTol = 4e-15

// worldTRS is a node's accumulated rotation q and scale s under
// accumulate-trs (its position is in the world matrix), kept in the
// workspace for its children (only nodes that have children write one,
// see kargs.kids): one 56-byte record, so a child reads one stream.
// Writing these records is most of what accumulate-trs costs over the
// floor at 10^6 nodes (docs/performance.md): the loop is bound by
// memory traffic, and the records add about a tenth to the floor's.
type worldTRS struct {
	q mgl64.Quat
	s mgl64.Vec3
}

// accumulateTRS is AccumulateTRS's update; the Mode value, its
// formula and its source are at the end of this file.
//
// The rotation matrix of the world quaternion q needs 2/|q|^2 (exact for
// a q that is not quite unit). Within unitTol of 1 the factor is taken
// as 2 (it then differs from 2/|q|^2 by at most 4e-15 relative), decided
// by a branch the processor predicts; within 1e-8 as 2(2 - |q|^2), which
// differs from 2/|q|^2 by (|q|^2-1)^2, at most 1e-16 relative, with no
// division; elsewhere rotCols's exact 2/|q|^2. (The world quaternion is a
// product: its bits differ from the old update's anyway, within 1e-12.)
func accumulateTRS[T layout](a *kargs, out []T, lo, hi int) {
	st := stride[T]()
	nodes, acc := a.nodes[:hi], a.ws.trs[:hi]
	out = out[:hi]
	kids := a.kids
	for i := lo; i < hi; i++ {
		nd := &nodes[i]
		// Scalars throughout: a Quat value kept whole goes through the
		// stack, and the wide copies stall on the narrow stores.
		lq := &nd.Local.Rotation
		w, x, y, z := lq.W, lq.V[0], lq.V[1], lq.V[2]
		// One test for a rest rotation, on its bits (a -0 word takes
		// the call, which returns the node's own rotation then).
		if math.Float64bits(nd.Rest.W)|math.Float64bits(nd.Rest.V[0])|math.Float64bits(nd.Rest.V[1])|
			math.Float64bits(nd.Rest.V[2]) != 0 {
			w, x, y, z = restRotation(nd)
		}
		// A root composes with the identity (exact: products with 0
		// and 1), so that roots and children share one path; its
		// position is its own.
		pa := &identityTRS
		t0, t1, t2 := nd.Local.Position[0], nd.Local.Position[1], nd.Local.Position[2]
		pi := nd.Parent
		if pi >= 0 {
			if a.unreadyRecord(pi) {
				continue
			}
			pa = &acc[pi]
			// The parent's W has columns R_p * S_p, so W_p * p is
			// position_p + R_p(S_p ∘ p): the seed's position rule.
			t0, t1, t2 = out[pi][0]*t0+out[pi][st]*t1+out[pi][2*st]*t2+out[pi][3*st],
				out[pi][1]*t0+out[pi][st+1]*t1+out[pi][2*st+1]*t2+out[pi][3*st+1],
				out[pi][2]*t0+out[pi][st+2]*t1+out[pi][2*st+2]*t2+out[pi][3*st+2]
		}
		aw, ax, ay, az := pa.q.W, pa.q.V[0], pa.q.V[1], pa.q.V[2]
		w, x, y, z = aw*w-ax*x-ay*y-az*z,
			aw*x+ax*w+ay*z-az*y,
			aw*y-ax*z+ay*w+az*x,
			aw*z+ax*y-ay*x+az*w
		n := w*w + x*x + y*y + z*z
		k := 2.0
		if d := n - 1; d > unitTol || d < -unitTol {
			k = 2 * (2 - n)
			if d > 1e-8 || d < -1e-8 {
				k = rotFactor(n)
			}
		}
		parent := hasKids(kids, i)
		if parent {
			rec := &acc[i]
			rec.q.W, rec.q.V[0], rec.q.V[1], rec.q.V[2] = w, x, y, z
			rec.s[0], rec.s[1], rec.s[2] = pa.s[0]*nd.Local.Scale[0], pa.s[1]*nd.Local.Scale[1], pa.s[2]*nd.Local.Scale[2]
		}
		xs, ys, zs := x*k, y*k, z*k
		wx, wy, wz := w*xs, w*ys, w*zs
		xx, xy, xz := x*xs, x*ys, x*zs
		yy, yz, zz := y*ys, y*zs, z*zs
		s := pa.s[0] * nd.Local.Scale[0]
		out[i][0], out[i][1], out[i][2] = (1-(yy+zz))*s, (xy+wz)*s, (xz-wy)*s
		s = pa.s[1] * nd.Local.Scale[1]
		out[i][st], out[i][st+1], out[i][st+2] = (xy-wz)*s, (1-(xx+zz))*s, (yz+wx)*s
		s = pa.s[2] * nd.Local.Scale[2]
		out[i][2*st], out[i][2*st+1], out[i][2*st+2] = (xz+wy)*s, (yz-wx)*s, (1-(xx+yy))*s
		out[i][3*st], out[i][3*st+1], out[i][3*st+2] = t0, t1, t2
		lastRow(out, i)
	}
}

// identityTRS is what a root composes with.
var identityTRS = worldTRS{q: mgl64.QuatIdent(), s: mgl64.Vec3{1, 1, 1}}

// restRotation returns nd.Rotation() (Rest * Local.Rotation) as scalars
// w, x, y, z.
func restRotation(nd *scene.Node) (w, x, y, z float64) {
	q := nd.Rotation()
	return q.W, q.V[0], q.V[1], q.V[2]
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
}, kern4(accumulateTRS[mgl64.Mat3x4], accumulateTRS[mgl64.Mat4]), needTRS)

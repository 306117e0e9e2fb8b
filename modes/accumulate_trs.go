package modes

import (
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
)

// AccumulateTRS combines position, rotation and scale separately (seed
// 000; UE4, Ogre): scale_w = scale_parent ∘ scale (per axis), rotation_w =
// rotation_parent * rotation, position_w = position_parent +
// rotation_parent(scale_parent ∘ position); W = T(position_w) *
// R(rotation_w) * S(scale_w). It never skews, but every ancestor's scale is
// applied along the node's own axes.
var AccumulateTRS = Mode{
	Name:  "accumulate-trs",
	Title: "Accumulate TRS",
	Explanation: "Scale, rotation and position are accumulated separately: scales multiply per axis, rotations " +
		"multiply parent*child, and the position is the parent's position plus the parent's rotation of the parent's " +
		"scale times the local position. The world matrix is built once from the result, so it can never skew. " +
		"The price: all scale is applied along the node's own axes, not the parent's, so stretching the piston along " +
		"world x makes the turned cylinders fatter instead of longer.",
	World: accumulateTRS,
}

func accumulateTRS(nodes []scene.Node, ws *Workspace, out []mgl64.Mat4) {
	n := count(nodes, out)
	ws.grow(n)
	var r mgl64.Mat3
	for i := 0; i < n; i++ {
		nd := &nodes[i]
		q, s, p := nd.Local.Rotation, nd.Local.Scale, nd.Local.Position
		if nd.Parent >= 0 {
			pi := nd.Parent
			// The parent's W has columns R_p * S_p, so W_p * p is
			// position_p + R_p(S_p ∘ p): the seed's position rule.
			p = affPoint(&out[pi], p)
			q = quatMul(ws.rot[pi], q)
			ps := ws.scl[pi]
			s = mgl64.Vec3{ps[0] * s[0], ps[1] * s[1], ps[2] * s[2]}
		}
		ws.rot[i], ws.scl[i] = q, s
		rotCols(q, &r)
		localMat(p, &r, s, &out[i])
	}
}

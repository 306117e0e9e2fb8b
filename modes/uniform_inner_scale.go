package modes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
)

// UniformInnerScale lets children inherit only the uniform part u of each
// ancestor's scale, u = cbrt(|sx*sy*sz|) with the sign of the product; a
// node's full local scale shapes only its own mesh, as if the residual s/u
// sat on a separate leaf mesh node (seeds 001 and 003; Unity DOTS's Scale
// versus PostTransformMatrix). The inherited frame is then a similarity
// and TRS composition is exact: F = F_parent * T*R*u, W = F_parent * T*R*S.
var UniformInnerScale = Mode{
	Name:  "uniform-inner-scale",
	Title: "Uniform inner scale",
	Explanation: "Children inherit only the uniform part u = cbrt(|sx*sy*sz|) of each ancestor's scale; the rest " +
		"(s/u) shapes only the node's own mesh, like a separate leaf node. Inherited frames are then rotations times " +
		"one number, TRS composition is exact and nothing can skew. The seed's piston was authored for the other rules: " +
		"B's scale (4, 4, 0.5) cancels A's (0.25, 0.25, 2), so here B shows as a flat disc (world scale (2, 2, 0.25)) " +
		"until the scene is re-authored by folding each residual into the children (the Fold button, or report -fold).",
	World: uniformInnerScale,
}

// UniformPart returns u = cbrt(|sx*sy*sz|) with the sign of sx*sy*sz: the
// uniform scale a node passes to its children under uniform-inner-scale.
// It is 0 when any component is 0 (a flat node flattens its subtree).
func UniformPart(s mgl64.Vec3) float64 {
	p := s[0] * s[1] * s[2]
	if p < 0 {
		return -math.Cbrt(-p)
	}
	return math.Cbrt(p)
}

func uniformInnerScale(nodes []scene.Node, ws *Workspace, out []mgl64.Mat4) {
	n := count(nodes, out)
	ws.grow(n)
	var r, a mgl64.Mat3
	for i := 0; i < n; i++ {
		nd := &nodes[i]
		rotCols(nd.Local.Rotation, &r)
		p, s := nd.Local.Position, nd.Local.Scale
		if nd.Parent >= 0 {
			f := &ws.m[nd.Parent]
			p = affPoint(f, p)
			lin3Mul(f, &r, &a)
		} else {
			a = r
		}
		u := UniformPart(s)
		withCols(&a, s, p, &out[i])
		withCols(&a, mgl64.Vec3{u, u, u}, p, &ws.m[i])
	}
}

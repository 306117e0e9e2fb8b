package modes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

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

// uniformInnerScale is UniformInnerScale's 3x4 update; the Mode value,
// its formula and its source are at the end of this file.
func uniformInnerScale(a *kargs, lo, hi int) {
	nodes, out, ws := a.nodes, a.out, a.ws
	frames, uKey, us := ws.m, ws.uKey, ws.u
	var r, l mgl64.Mat3
	for i := lo; i < hi; i++ {
		nd := &nodes[i]
		rotCols(nd.Rotation(), &r)
		p, s := nd.Local.Position, nd.Local.Scale
		if pi := nd.Parent; pi >= 0 {
			if a.foreign(pi) {
				continue
			}
			f := &frames[pi]
			p = mgl64.Vec3{
				f[0]*p[0] + f[3]*p[1] + f[6]*p[2] + f[9],
				f[1]*p[0] + f[4]*p[1] + f[7]*p[2] + f[10],
				f[2]*p[0] + f[5]*p[1] + f[8]*p[2] + f[11],
			}
			lin3Mul(f, &r, &l)
		} else {
			l = r
		}
		u := s[0]
		if s[1] != u || s[2] != u {
			if uKey[i] != s {
				uKey[i], us[i] = s, UniformPart(s)
			}
			u = us[i]
		}
		o, fr := &out[i], &frames[i]
		for c := 0; c < 3; c++ {
			a0, a1, a2 := l[3*c], l[3*c+1], l[3*c+2]
			o[3*c], o[3*c+1], o[3*c+2] = a0*s[c], a1*s[c], a2*s[c]
			fr[3*c], fr[3*c+1], fr[3*c+2] = a0*u, a1*u, a2*u
		}
		o[9], o[10], o[11] = p[0], p[1], p[2]
		fr[9], fr[10], fr[11] = p[0], p[1], p[2]
	}
}

// uniformInnerScaleRef keeps the inherited frames as transform.Uniform
// similarities: F = F_parent * T*R*u, W = F_parent * T*R*S.
func uniformInnerScaleRef(nodes []scene.Node) []mgl64.Mat4 {
	out := make([]mgl64.Mat4, len(nodes))
	f := make([]transform.Uniform, len(nodes))
	for i, n := range nodes {
		u := UniformPart(n.Local.Scale)
		own := transform.Uniform{Position: n.Local.Position, Rotation: n.Rotation(), Scale: u}
		parent := transform.UniformIdentity()
		if n.Parent >= 0 {
			parent = f[n.Parent]
		}
		f[i] = parent.Mul(own)
		out[i] = parent.Mat4().Mul4(n.TRS().Mat4())
	}
	return out
}

// UniformInnerScale lets children inherit only the uniform part u of each
// ancestor's scale, u = cbrt(|sx*sy*sz|) with the sign of the product; a
// node's full local scale shapes only its own mesh, as if the residual s/u
// sat on a separate leaf mesh node (seeds 001 and 003; Unity DOTS's Scale
// versus PostTransformMatrix). The inherited frame is then a similarity
// and TRS composition is exact: F = F_parent * T*R*u, W = F_parent * T*R*S.
var UniformInnerScale = withKernel(Mode{
	Name: "uniform-inner-scale", Title: "Uniform inner scale",
	Reference:   uniformInnerScaleRef,
	Folds:       true,
	Point:       "Children inherit only the uniform part of a parent's scale: nothing skews, but scenes made for matrices must be re-authored (Fold).",
	Explanation: "Children inherit only the uniform part u = cbrt(|sx*sy*sz|) of each ancestor's scale; the rest (s/u) shapes only the node's own mesh, like a separate leaf node. Inherited frames are then rotations times one number, TRS composition is exact and nothing can skew. The seed's piston was authored for the other rules: B's scale (4, 4, 0.5) cancels A's (0.25, 0.25, 2), so here B shows as a flat disc (world scale (2, 2, 0.25)) until the scene is re-authored by folding each residual into the children (the Fold button, or report -fold).",
}, uniformInnerScale, needFrames|needU)

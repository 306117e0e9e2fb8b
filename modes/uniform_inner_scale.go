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

// uniformKey caches UniformPart per node: u = UniformPart(key). The
// zero value is a valid entry (UniformPart of 0 is 0), so the cache
// needs no invalidation; a node whose scale is unchanged since the last
// update skips the cube root.
type uniformKey struct {
	key mgl64.Vec3
	u   float64
}

// uniformInnerScale is UniformInnerScale's update (either layout); the Mode value,
// its formula and its source are at the end of this file. The inherited
// frame F = F_parent * T*R*u is kept as its linear part (the workspace's
// f) and its position, which is W's (out), for nodes with children
// only (kargs.kids): a leaf needs neither its frame nor its cube root.
func uniformInnerScale[T layout](a *kargs, out []T, lo, hi int) {
	st := stride[T]()
	nodes, frames, cache := a.nodes[:hi], a.ws.f[:hi], a.ws.u[:hi]
	out = out[:hi]
	kids := a.kids
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
		a0, a1, a2, a3, a4, a5, a6, a7, a8 := 1-(yy+zz), xy+wz, xz-wy, xy-wz, 1-(xx+zz), yz+wx, xz+wy, yz-wx, 1-(xx+yy)
		s0, s1, s2 := nd.Local.Scale[0], nd.Local.Scale[1], nd.Local.Scale[2]
		t0, t1, t2 := nd.Local.Position[0], nd.Local.Position[1], nd.Local.Position[2]
		if pi := nd.Parent; pi >= 0 {
			if a.unreadyRecord(pi) {
				continue
			}
			f := &frames[pi]
			t0, t1, t2 = f[0]*t0+f[3]*t1+f[6]*t2+out[pi][3*st],
				f[1]*t0+f[4]*t1+f[7]*t2+out[pi][3*st+1],
				f[2]*t0+f[5]*t1+f[8]*t2+out[pi][3*st+2]
			a0, a1, a2, a3, a4, a5, a6, a7, a8 = f[0]*a0+f[3]*a1+f[6]*a2,
				f[1]*a0+f[4]*a1+f[7]*a2,
				f[2]*a0+f[5]*a1+f[8]*a2,
				f[0]*a3+f[3]*a4+f[6]*a5,
				f[1]*a3+f[4]*a4+f[7]*a5,
				f[2]*a3+f[5]*a4+f[8]*a5,
				f[0]*a6+f[3]*a7+f[6]*a8,
				f[1]*a6+f[4]*a7+f[7]*a8,
				f[2]*a6+f[5]*a7+f[8]*a8
		}
		out[i][0], out[i][1], out[i][2] = a0*s0, a1*s0, a2*s0
		out[i][st], out[i][st+1], out[i][st+2] = a3*s1, a4*s1, a5*s1
		out[i][2*st], out[i][2*st+1], out[i][2*st+2] = a6*s2, a7*s2, a8*s2
		out[i][3*st], out[i][3*st+1], out[i][3*st+2] = t0, t1, t2
		lastRow(out, i)
		if !hasKids(kids, i) {
			continue // a leaf: no frame, and no cube root
		}
		u := s0
		if s1 != u || s2 != u {
			c := &cache[i]
			if c.key[0] != s0 || c.key[1] != s1 || c.key[2] != s2 {
				c.key, c.u = mgl64.Vec3{s0, s1, s2}, UniformPart(mgl64.Vec3{s0, s1, s2})
			}
			u = c.u
		}
		f := &frames[i]
		f[0], f[1], f[2] = a0*u, a1*u, a2*u
		f[3], f[4], f[5] = a3*u, a4*u, a5*u
		f[6], f[7], f[8] = a6*u, a7*u, a8*u
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
}, kern4(uniformInnerScale[mgl64.Mat3x4], uniformInnerScale[mgl64.Mat4]), needFrames)

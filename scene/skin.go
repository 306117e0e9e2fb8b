package scene

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/transform"
)

// Skin binds a node's mesh to joints, as a glTF skin does. A skinned
// point p whose influences are (j, w) pairs lies in the world at
//
//	Σ w · W[Joints[j]] · InverseBind[j] · p
//
// (column vectors), W the joints' world matrices under the rule being
// drawn; the skinned node's own world matrix does not move it (the glTF
// specification's skinning). The weights are used as written: they are
// not renormalised, so weights that do not sum to 1 scale the point
// towards the origin, as the formula says.
//
// A Skin is shared between scene copies and must not be modified once in
// a scene; SetParent makes a renumbered copy when it reorders nodes.
type Skin struct {
	// Joints are the scene node indices of the skin's joints, in the order
	// the mesh's influences count them.
	Joints []int
	// InverseBind holds one inverse bind matrix per joint (column vectors,
	// an affine 4x4): the identity where the file gives none.
	InverseBind []mgl64.Mat4
}

// Influence is one joint's weight on a mesh point: Joint counts in the
// skin's Joints (glTF's JOINTS_n values), Weight is the weight as written
// (glTF's WEIGHTS_n, a normalized integer already divided out).
type Influence struct {
	Joint  uint16
	Weight float64
}

// Influences returns point k's influences: nil for a mesh without
// skinning data or a point outside it.
func (m *Mesh) Influences(k int) []Influence {
	if m.InfluenceStart == nil || k < 0 || k+1 >= len(m.InfluenceStart) {
		return nil
	}
	return m.InfluenceData[m.InfluenceStart[k]:m.InfluenceStart[k+1]]
}

// Skinned reports whether the mesh carries skinning data (influences for
// its points).
func (m *Mesh) Skinned() bool { return m.InfluenceStart != nil }

// SkinPoint returns point k of mesh m skinned by s: Σ w · world[Joints[j]]
// · InverseBind[j] · Points[k] over the point's influences (see Skin).
// world holds every node's world matrix. A point without influences (or
// whose weights are all zero) lands at the origin, as the formula gives.
// m, s and world must have passed New's checks (indices in range).
func SkinPoint(m *Mesh, s *Skin, k int, world []mgl64.Mat4) mgl64.Vec3 {
	p := m.Points[k]
	var out mgl64.Vec3
	for _, in := range m.Influences(k) {
		j := int(in.Joint)
		w := world[s.Joints[j]].Mul4(s.InverseBind[j])
		x := mgl64.Vec3{
			w[0]*p[0] + w[4]*p[1] + w[8]*p[2] + w[12],
			w[1]*p[0] + w[5]*p[1] + w[9]*p[2] + w[13],
			w[2]*p[0] + w[6]*p[1] + w[10]*p[2] + w[14],
		}
		out = out.Add(x.Mul(in.Weight))
	}
	return out
}

// checkSkin reports the first problem of node n's skin: joints outside the
// scene's nn nodes, a missing inverse bind matrix, one that is not a
// finite affine matrix, a mesh without influences, or an influence whose
// joint number is past the skin's joints. It takes time linear in the
// skin and the mesh's influences.
func checkSkin(n *Node, nn int) error {
	s := n.Skin
	if n.Mesh == nil || !n.Mesh.Skinned() {
		return errors.New("has a skin but no skinned mesh (JOINTS_0 and WEIGHTS_0)")
	}
	if len(s.InverseBind) != len(s.Joints) {
		return fmt.Errorf("skin has %d joints and %d inverse bind matrices", len(s.Joints), len(s.InverseBind))
	}
	for k, j := range s.Joints {
		if j < 0 || j >= nn {
			return fmt.Errorf("skin joint %d is node %d, outside the scene's %d nodes", k, j, nn)
		}
		ibm := s.InverseBind[k]
		if !transform.Finite(ibm[:]...) || ibm[3] != 0 || ibm[7] != 0 || ibm[11] != 0 || ibm[15] != 1 {
			return fmt.Errorf("skin joint %d's inverse bind matrix is not a finite affine matrix (bottom row 0 0 0 1)", k)
		}
	}
	m := n.Mesh
	if len(m.InfluenceStart) != len(m.Points)+1 || m.InfluenceStart[0] != 0 || int(m.InfluenceStart[len(m.Points)]) != len(m.InfluenceData) {
		return errors.New("the mesh's influence table does not match its points")
	}
	for k := range m.Points {
		if m.InfluenceStart[k+1] < m.InfluenceStart[k] {
			return errors.New("the mesh's influence table is not increasing")
		}
	}
	for _, in := range m.InfluenceData {
		if int(in.Joint) >= len(s.Joints) {
			return fmt.Errorf("a point is bound to joint %d, but the skin has %d joints", in.Joint, len(s.Joints))
		}
		if math.IsNaN(in.Weight) || math.IsInf(in.Weight, 0) || in.Weight < 0 {
			return fmt.Errorf("a point has the weight %g; weights are finite and not negative", in.Weight)
		}
	}
	return nil
}

// Deformer computes a mesh's points as drawn: morphed by a node's weights
// and skinned by its joints' worlds. It keeps its buffers between calls,
// so that a playing frame allocates nothing once they have grown. The zero
// value is ready; a Deformer is not safe for concurrent use.
type Deformer struct {
	pts   []mgl64.Vec3
	morph []mgl64.Vec3
	joint []mgl64.Mat4
}

// Points returns node n's mesh points as drawn, in the frame that world[i]
// maps to the screen for a node that is not skinned (its local space) and
// in world space for a skinned one (see Skin). world holds every node's
// world matrix under the rule being drawn. A point skinned by a joint
// whose world matrix is not finite (undefined under the rule, or
// overflowed) comes out non-finite, so that drawing skips its edges; the
// other points are unaffected. The returned slice is the Deformer's own
// buffer, valid until the next call. For a node with neither weights nor
// a skin it is n.Mesh.Points itself (not to be modified). n must have
// passed New's checks, and world must hold every joint.
func (d *Deformer) Points(n *Node, world []mgl64.Mat4) []mgl64.Vec3 {
	m := n.Mesh
	pts := m.Points
	if n.Weights != nil && len(m.Targets) > 0 {
		d.morph = MorphPoints(m, n.Weights, d.morph)
		pts = d.morph
	}
	if n.Skin == nil || !m.Skinned() {
		return pts
	}
	s := n.Skin
	if cap(d.joint) < len(s.Joints) {
		d.joint = make([]mgl64.Mat4, len(s.Joints))
	}
	d.joint = d.joint[:len(s.Joints)]
	for j, ji := range s.Joints {
		d.joint[j] = world[ji].Mul4(s.InverseBind[j]) // every entry: a non-finite joint stays non-finite
	}
	if cap(d.pts) < len(pts) {
		d.pts = make([]mgl64.Vec3, len(pts))
	}
	d.pts = d.pts[:len(pts)]
	for k, p := range pts {
		var x, y, z float64
		for _, in := range m.InfluenceData[m.InfluenceStart[k]:m.InfluenceStart[k+1]] {
			w := &d.joint[in.Joint]
			wt := in.Weight
			if wt == 0 {
				continue
			}
			x += wt * (w[0]*p[0] + w[4]*p[1] + w[8]*p[2] + w[12])
			y += wt * (w[1]*p[0] + w[5]*p[1] + w[9]*p[2] + w[13])
			z += wt * (w[2]*p[0] + w[6]*p[1] + w[10]*p[2] + w[14])
		}
		d.pts[k] = mgl64.Vec3{x, y, z}
	}
	return d.pts
}

// MorphPoints writes m's points displaced by its morph targets with
// weights w (Points[k] + Σ w[t] · Targets[t][k]) into out, grown as
// needed, and returns it. Weights past the mesh's targets are ignored.
func MorphPoints(m *Mesh, w []float64, out []mgl64.Vec3) []mgl64.Vec3 {
	if cap(out) < len(m.Points) {
		out = make([]mgl64.Vec3, len(m.Points))
	}
	out = out[:len(m.Points)]
	copy(out, m.Points)
	for t, d := range m.Targets {
		if t >= len(w) || w[t] == 0 {
			continue
		}
		wt := w[t]
		for k := range out {
			out[k] = out[k].Add(d[k].Mul(wt))
		}
	}
	return out
}

// WeightSum returns the smallest and largest sum of a point's weights
// over m's skinned points (both 0 for a mesh without skinning data). The
// glTF specification expects sums of 1; skewlab skins with the weights
// as written and notes sums off by more than a normalized byte's rounding.
func (m *Mesh) WeightSum() (lo, hi float64) {
	if !m.Skinned() || len(m.Points) == 0 {
		return 0, 0
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	for k := range m.Points {
		var s float64
		for _, in := range m.Influences(k) {
			s += in.Weight
		}
		lo, hi = min(lo, s), max(hi, s)
	}
	return lo, hi
}

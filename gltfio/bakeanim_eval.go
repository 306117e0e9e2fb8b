package gltfio

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// animEval poses the original file's nodes, by glTF index, at a time of
// one of its animations and accumulates their worlds under matrix
// accumulation (world = parentWorld * local, local = the node's matrix
// or T*R*S). It reuses its buffers: posing allocates nothing.
type animEval struct {
	r      *reader
	parent []int
	order  []int
	// base is each TRS node's stored transform (rotation normalised);
	// matrix the stored matrix of a node given by one (isMatrix).
	base     []transform.TRS
	isMatrix []bool
	matrix   []mgl64.Mat4
	// channels[a] are animation a's channels on nodes (Node a glTF
	// index); moved marks nodes some animation translates, turns or
	// scales, movedBy[a] those animation a does.
	channels [][]scene.Channel
	moved    []bool
	movedBy  [][]bool
	// baseW are the stored morph weights of a node whose mesh has
	// targets (the node's, else the mesh's, else zeros), weights the
	// posed ones.
	baseW   [][]float64
	local   []transform.TRS
	weights [][]float64
	world   []mgl64.Mat4
}

// newAnimEval prepares the evaluator of the file's nodes and animations
// (read and checked by Read).
func (r *reader) newAnimEval(parent, order []int) (*animEval, error) {
	d := &r.doc
	n := len(d.Nodes)
	ev := &animEval{r: r, parent: parent, order: order, base: make([]transform.TRS, n), isMatrix: make([]bool, n),
		matrix: make([]mgl64.Mat4, n), moved: make([]bool, n), baseW: make([][]float64, n), local: make([]transform.TRS, n),
		weights: make([][]float64, n), world: make([]mgl64.Mat4, n)}
	for g, nd := range d.Nodes {
		if r.raw.Nodes[g].Matrix != nil {
			ev.isMatrix[g] = true
			ev.matrix[g] = mgl64.Mat4(nd.Matrix)
		} else {
			ev.base[g] = nodeTRS(nd)
		}
		if nd.Mesh == nil || *nd.Mesh < 0 || *nd.Mesh >= len(d.Meshes) {
			continue
		}
		if k := r.targetCount(*nd.Mesh); k > 0 {
			w := make([]float64, k)
			switch {
			case nd.Weights != nil:
				copy(w, nd.Weights)
			case d.Meshes[*nd.Mesh].Weights != nil:
				copy(w, d.Meshes[*nd.Mesh].Weights)
			}
			ev.baseW[g] = w
			ev.weights[g] = slices.Clone(w)
		}
	}
	ev.channels = make([][]scene.Channel, len(r.anims))
	ev.movedBy = make([][]bool, len(r.anims))
	for a, fa := range r.anims {
		ev.movedBy[a] = make([]bool, n)
		for _, c := range fa.channels {
			if c.node < 0 {
				continue
			}
			ev.channels[a] = append(ev.channels[a], scene.Channel{Node: c.node, Path: c.path, Interp: c.interp, Times: c.times, Values: c.values, Width: c.width})
			if c.path != scene.PathWeights {
				ev.moved[c.node] = true
				ev.movedBy[a][c.node] = true
			}
		}
	}
	return ev, nil
}

// animated reports whether some animation has a channel on a node.
func (ev *animEval) animated() bool {
	for _, chs := range ev.channels {
		if len(chs) > 0 {
			return true
		}
	}
	return false
}

// pose sets every node's local transform and morph weights at time t of
// animation a (a < 0: the stored rest pose): the stored values, with
// each channel's value at t (scene.Channel.Sample) in place of what it
// animates.
func (ev *animEval) pose(a int, t float64) {
	copy(ev.local, ev.base)
	for g, w := range ev.baseW {
		copy(ev.weights[g], w)
	}
	if a < 0 {
		return
	}
	var v [4]float64
	for i := range ev.channels[a] {
		c := &ev.channels[a][i]
		l := &ev.local[c.Node]
		switch c.Path {
		case scene.PathTranslation:
			c.Sample(t, v[:3])
			l.Position = mgl64.Vec3{v[0], v[1], v[2]}
		case scene.PathScale:
			c.Sample(t, v[:3])
			l.Scale = mgl64.Vec3{v[0], v[1], v[2]}
		case scene.PathRotation:
			c.Sample(t, v[:])
			l.Rotation = mgl64.Quat{W: v[0], V: mgl64.Vec3{v[1], v[2], v[3]}}
		case scene.PathWeights:
			c.Sample(t, ev.weights[c.Node])
		}
	}
}

// localMat returns node g's posed local matrix.
func (ev *animEval) localMat(g int) mgl64.Mat4 {
	if ev.isMatrix[g] {
		return ev.matrix[g]
	}
	return ev.local[g].Mat4()
}

// worlds accumulates every node's posed world under matrix accumulation
// into ev.world.
func (ev *animEval) worlds() {
	for _, g := range ev.order {
		w := ev.localMat(g)
		if q := ev.parent[g]; q >= 0 {
			w = ev.world[q].Mul4(w)
		}
		ev.world[g] = w
	}
}

// skinned is a skinned mesh node as the measurement sees it: its mesh,
// its joints (glTF indices), the original's inverse bind matrices and
// the copy's (float32, as written).
type skinned struct {
	node        int
	mesh        *scene.Mesh
	joints      []int
	ibm, ibmNew []mgl64.Mat4
	measured    bool // some joint is flattened
}

// measure finds every node's largest displacement in the copy against
// the original under accumulate-matrices (AnimBake.Errors) at the rest
// pose and at every check time of every animation, and the model's size
// over the rest pose and every sample time. A skin whose joints are not
// nodes, or whose mesh binds a point to a joint past its joints (which
// Build refuses too), is an error.
func (p *animPlan) measure(order []int) error {
	ev := p.ev
	r := ev.r
	d := &r.doc
	n := len(d.Nodes)
	drawn := make([]bool, n)
	for _, roots := range p.opt.sceneRoots {
		for _, g := range roots {
			drawn[g] = true
		}
	}
	for _, g := range order {
		if q := ev.parent[g]; q >= 0 && drawn[q] {
			drawn[g] = true
		}
	}
	meshes := make([]*scene.Mesh, n)
	var skins []skinned
	for _, g := range order {
		nd := d.Nodes[g]
		if !drawn[g] || nd.Mesh == nil {
			continue
		}
		m, err := r.mesh(*nd.Mesh, g)
		if err != nil {
			return err // read before (bake's first pass): cannot fail here
		}
		meshes[g] = m
		if nd.Skin == nil || !m.Skinned() {
			continue
		}
		s := d.Skins[*nd.Skin]
		ibm, err := r.inverseBinds(*nd.Skin)
		if err != nil {
			return err
		}
		for _, j := range s.Joints {
			if j < 0 || j >= n {
				return fmt.Errorf("skin %d: joint %d is not a node (the file has %d)", *nd.Skin, j, n)
			}
		}
		for _, in := range m.InfluenceData {
			if int(in.Joint) >= len(s.Joints) {
				return fmt.Errorf("%s: a point of its mesh is bound to joint %d, but skin %d has %d joints", r.nodeLabel(g), in.Joint, *nd.Skin, len(s.Joints))
			}
		}
		sk := skinned{node: g, mesh: m, joints: s.Joints, ibm: ibm, ibmNew: make([]mgl64.Mat4, len(ibm))}
		all := true
		for _, j := range s.Joints {
			all = all && p.restID[j]
			sk.measured = sk.measured || p.flat[j]
		}
		for k, j := range s.Joints {
			sk.ibmNew[k] = ibm[k]
			if !all {
				m := p.restM[j]
				m4 := mgl64.Mat4{m[0], m[1], m[2], 0, m[3], m[4], m[5], 0, m[6], m[7], m[8], 0, 0, 0, 0, 1}
				x := m4.Mul4(ibm[k])
				for e := range x {
					x[e] = round32(x[e])
				}
				sk.ibmNew[k] = x
			}
		}
		skins = append(skins, sk)
	}
	errs := make([]NodeError, n)
	found := make([]bool, n)
	rec := func(g int, dist float64, what string, a int, t float64, between bool) {
		if math.IsNaN(dist) {
			dist = math.Inf(1)
		}
		if dist > 0 && (!found[g] || dist > errs[g].Distance) {
			found[g] = true
			errs[g] = NodeError{Node: g, Name: r.names[g], Distance: dist, Anim: a, Time: t, Between: between, What: what}
		}
	}
	lo := mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := lo.Mul(-1)
	olo, ohi := lo, hi
	grow := func(lo, hi *mgl64.Vec3, v mgl64.Vec3) {
		for c := range 3 {
			lo[c], hi[c] = min(lo[c], v[c]), max(hi[c], v[c])
		}
	}
	cw := make([]mgl64.Mat4, n)
	var morph []mgl64.Vec3
	var delta, orig []mgl64.Mat4
	points := func(g int) []mgl64.Vec3 {
		m := meshes[g]
		if w := ev.weights[g]; w != nil && len(m.Targets) > 0 {
			morph = scene.MorphPoints(m, w, morph)
			return morph
		}
		return m.Points
	}
	instant := func(a int, t float64, between bool) {
		ev.pose(a, t)
		ev.worlds()
		p.copyWorlds(a, t, cw, true)
		w := ev.world
		if !between {
			for _, g := range order {
				if !drawn[g] {
					continue
				}
				grow(&olo, &ohi, mgl64.Vec3{w[g][12], w[g][13], w[g][14]})
				m := meshes[g]
				if m == nil || d.Nodes[g].Skin != nil && m.Skinned() {
					continue
				}
				pts := points(g)
				if in := r.inst[g]; in != nil {
					for _, it := range in.trs {
						iw := w[g].Mul4(it.Mat4())
						for _, pt := range pts {
							grow(&lo, &hi, mulPoint(iw, pt))
						}
					}
					continue
				}
				for _, pt := range pts {
					grow(&lo, &hi, mulPoint(w[g], pt))
				}
			}
		}
		for _, g := range p.res.Flattened {
			if !drawn[g] {
				continue
			}
			rec(g, mgl64.Vec3{cw[g][12] - w[g][12], cw[g][13] - w[g][13], cw[g][14] - w[g][14]}.Len(), "origin", a, t, between)
			if m := meshes[g]; m != nil && !(d.Nodes[g].Skin != nil && m.Skinned()) {
				diff := cw[g].Sub(w[g])
				worst := 0.0
				for _, pt := range points(g) {
					worst = max(worst, nanInf(mulPoint(diff, pt).Len()))
				}
				rec(g, worst, "mesh vertex", a, t, between)
			}
		}
		for si := range skins {
			sk := &skins[si]
			if !sk.measured && between {
				continue
			}
			delta = slices.Grow(delta[:0], len(sk.joints))[:len(sk.joints)]
			orig = slices.Grow(orig[:0], len(sk.joints))[:len(sk.joints)]
			for k, j := range sk.joints {
				orig[k] = w[j].Mul4(sk.ibm[k])
				delta[k] = cw[j].Mul4(sk.ibmNew[k]).Sub(orig[k])
			}
			m := sk.mesh
			pts := points(sk.node)
			for v, pt := range pts {
				infl := m.InfluenceData[m.InfluenceStart[v]:m.InfluenceStart[v+1]]
				if !between {
					var x mgl64.Vec3
					for _, in := range infl {
						x = x.Add(mulPoint(orig[in.Joint], pt).Mul(in.Weight))
					}
					grow(&lo, &hi, x)
				}
				if !sk.measured {
					continue
				}
				var sum mgl64.Vec3
				most, by := -1.0, -1
				for _, in := range infl {
					if in.Weight == 0 {
						continue
					}
					c := mulPoint(delta[in.Joint], pt).Mul(in.Weight)
					sum = sum.Add(c)
					if l := nanInf(c.Len()); l > most {
						most, by = l, sk.joints[in.Joint]
					}
				}
				if by >= 0 {
					rec(by, sum.Len(), "skinned vertex", a, t, between)
				}
			}
		}
	}
	instant(-1, 0, false)
	for a := range p.clips {
		for k, t := range p.checks[a] {
			instant(a, t, k%2 == 1)
		}
	}
	size := 0.0
	if lo[0] <= hi[0] {
		size = hi.Sub(lo).Len()
	}
	if !(size > 0) && olo[0] <= ohi[0] {
		size = ohi.Sub(olo).Len()
	}
	if !(size > 0) || math.IsInf(size, 0) {
		size = 1
	}
	p.res.Size = size
	for g := range errs {
		if found[g] {
			errs[g].Fraction = errs[g].Distance / size
			p.res.Errors = append(p.res.Errors, errs[g])
		}
	}
	slices.SortStableFunc(p.res.Errors, func(x, y NodeError) int {
		switch {
		case x.Distance > y.Distance:
			return -1
		case x.Distance < y.Distance:
			return 1
		}
		return 0
	})
	if len(p.res.Errors) > 0 {
		p.res.Worst = p.res.Errors[0].Fraction
	}
	return nil
}

// nanInf returns x, or +Inf for NaN (a point that cannot be placed is
// infinitely far).
func nanInf(x float64) float64 {
	if math.IsNaN(x) {
		return math.Inf(1)
	}
	return x
}

// mulPoint returns the affine matrix m (column vectors) applied to the
// point v.
func mulPoint(m mgl64.Mat4, v mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{
		m[0]*v[0] + m[4]*v[1] + m[8]*v[2] + m[12],
		m[1]*v[0] + m[5]*v[1] + m[9]*v[2] + m[13],
		m[2]*v[0] + m[6]*v[1] + m[10]*v[2] + m[14],
	}
}

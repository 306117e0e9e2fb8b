package gltfio

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"

	"skewlab/scene"
)

// weightSumTol is how far from 1 a skinned point's weights may sum
// before a note says so: 2/255, the rounding of normalized UNSIGNED_BYTE
// weights (four weights, each rounded to the nearest 1/255, so each off
// by at most 0.5/255, sum to within 4 * 0.5/255 = 2/255 of what they
// were). Float weights that sum to 1 in float32 are far inside it.
const weightSumTol = 2.0 / 255

// mesh returns glTF mesh mi as a wireframe (built once, shared by every
// node that uses it): every primitive's points, its triangles' edges with
// each edge shared by two triangles kept once, its lines as they are and
// its points as dots, the points' skin influences where the primitives
// have JOINTS_n and WEIGHTS_n, and its morph targets' POSITION deltas
// (zero for a target without POSITION). node names the first node using
// it, for errors.
func (r *reader) mesh(mi, node int) (*scene.Mesh, error) {
	d := &r.doc
	if mi < 0 || mi >= len(d.Meshes) {
		return nil, fmt.Errorf("%s: mesh = %d is not a mesh (the file has %d)", r.nodeLabel(node), mi, len(d.Meshes))
	}
	if r.meshes[mi] != nil {
		return r.meshes[mi], nil
	}
	gm := d.Meshes[mi]
	m := &scene.Mesh{Name: gm.Name}
	if m.Name == "" {
		m.Name = fmt.Sprintf("mesh %d", mi)
	}
	// The whole mesh against the budget before any of it is read: a
	// small file of many primitives naming one big accessor is refused
	// at once, not after reading up to the limit.
	total := int64(0)
	for _, p := range gm.Primitives {
		for name, ai := range p.Attributes {
			if name == gltf.POSITION || strings.HasPrefix(name, "JOINTS_") || strings.HasPrefix(name, "WEIGHTS_") {
				total += min(int64(d.Accessors[ai].Count), MaxElements+1)
			}
		}
		if p.Indices != nil {
			total += min(int64(d.Accessors[*p.Indices].Count), MaxElements+1)
		}
		if pos, ok := p.Attributes[gltf.POSITION]; ok {
			// Every target holds one delta per point, read or zero.
			total += int64(len(p.Targets)) * min(int64(d.Accessors[pos].Count), MaxElements+1)
		}
		if total > MaxElements-r.elements {
			return nil, r.take(MaxElements+1, fmt.Sprintf("mesh %d %q", mi, m.Name))
		}
	}
	var edges []uint64 // min<<32 | max, deduplicated at the end
	var start []int32
	var infl []scene.Influence
	skinned := skinnedMesh(gm)
	if skinned {
		start = []int32{0}
	}
	if n := r.targetCount(mi); n > 0 {
		m.Targets = make([][]mgl64.Vec3, n)
	}
	for pi, p := range gm.Primitives {
		where := fmt.Sprintf("mesh %d %q primitive %d", mi, m.Name, pi)
		pos, ok := p.Attributes[gltf.POSITION]
		if !ok {
			continue // nothing to draw (the spec allows a primitive without positions)
		}
		base := len(m.Points)
		pts, err := r.vec3s(pos, where+" POSITION", r.positionKinds())
		if err != nil {
			return nil, err
		}
		if base+len(pts) > math.MaxInt32 {
			return nil, fmt.Errorf("%s: more than %d points in one mesh", where, math.MaxInt32)
		}
		m.Points = append(m.Points, pts...)
		for t, target := range p.Targets {
			if ai, ok := target[gltf.POSITION]; ok {
				deltas, err := r.vec3s(ai, fmt.Sprintf("%s target %d POSITION", where, t), r.targetKinds())
				if err != nil {
					return nil, err
				}
				m.Targets[t] = append(m.Targets[t], deltas...)
				continue
			}
			if err := r.take(len(pts), fmt.Sprintf("%s target %d", where, t)); err != nil {
				return nil, err
			}
			m.Targets[t] = append(m.Targets[t], make([]mgl64.Vec3, len(pts))...)
		}
		if skinned {
			if err := r.influences(p, len(pts), where, &infl, &start); err != nil {
				return nil, err
			}
		}
		var idx []uint32
		if p.Indices != nil {
			if idx, err = r.indices(*p.Indices, len(pts), where); err != nil {
				return nil, err
			}
		} else {
			idx = make([]uint32, len(pts))
			for k := range idx {
				idx[k] = uint32(k)
			}
		}
		b := uint32(base)
		edge := func(a, c uint32) {
			a, c = a+b, c+b
			if a == c {
				return // a degenerate triangle's collapsed side
			}
			if a > c {
				a, c = c, a
			}
			edges = append(edges, uint64(a)<<32|uint64(c))
		}
		switch p.Mode {
		case gltf.PrimitiveTriangles:
			for k := 0; k+2 < len(idx); k += 3 {
				edge(idx[k], idx[k+1])
				edge(idx[k+1], idx[k+2])
				edge(idx[k+2], idx[k])
			}
		case gltf.PrimitiveTriangleStrip:
			for k := 0; k+2 < len(idx); k++ {
				edge(idx[k], idx[k+1])
				edge(idx[k+1], idx[k+2])
				edge(idx[k+2], idx[k])
			}
		case gltf.PrimitiveTriangleFan:
			for k := 1; k+1 < len(idx); k++ {
				edge(idx[0], idx[k])
				edge(idx[k], idx[k+1])
				edge(idx[k+1], idx[0])
			}
		case gltf.PrimitiveLines:
			for k := 0; k+1 < len(idx); k += 2 {
				edge(idx[k], idx[k+1])
			}
		case gltf.PrimitiveLineStrip, gltf.PrimitiveLineLoop:
			for k := 0; k+1 < len(idx); k++ {
				edge(idx[k], idx[k+1])
			}
			if p.Mode == gltf.PrimitiveLineLoop && len(idx) > 2 {
				edge(idx[len(idx)-1], idx[0])
			}
		case gltf.PrimitivePoints:
			for _, k := range idx {
				m.Dots = append(m.Dots, int32(k+b))
			}
		}
	}
	slices.Sort(edges)
	edges = slices.Compact(edges)
	m.Edges = make([][2]int32, len(edges))
	for k, e := range edges {
		m.Edges[k] = [2]int32{int32(e >> 32), int32(uint32(e))}
	}
	if skinned {
		m.InfluenceStart, m.InfluenceData = start, infl
	}
	r.meshes[mi] = m
	return m, nil
}

// influences appends the skin influences of a primitive's n points
// (JOINTS_k with WEIGHTS_k, k = 0, 1, ...: every set feeds one table;
// normalized integer weights divided out as glTF says; a zero weight is
// left out) to *infl, with one *start entry per point. A negative weight
// is refused (non-finite ones are refused when read). A primitive
// without JOINTS_0 gives its points no influence. Joint numbers are
// checked against the skin when a node binds the mesh (scene.New).
func (r *reader) influences(p *gltf.Primitive, n int, where string, infl *[]scene.Influence, start *[]int32) error {
	var joints [][]uint32
	var weights [][]float64
	for set := 0; ; set++ {
		ja, jok := p.Attributes[fmt.Sprintf("JOINTS_%d", set)]
		wa, wok := p.Attributes[fmt.Sprintf("WEIGHTS_%d", set)]
		if !jok && !wok {
			break
		}
		if jok != wok {
			return fmt.Errorf("%s: JOINTS_%d and WEIGHTS_%d come in pairs; one is missing", where, set, set)
		}
		j, err := r.uints(ja, fmt.Sprintf("%s JOINTS_%d", where, set), gltf.AccessorVec4, kJoints, 1<<16, "joint", "the %d joint numbers a skin can have")
		if err != nil {
			return err
		}
		w, err := r.floats(wa, fmt.Sprintf("%s WEIGHTS_%d", where, set), gltf.AccessorVec4, kWeights)
		if err != nil {
			return err
		}
		if len(j) != 4*n || len(w) != 4*n {
			return fmt.Errorf("%s: JOINTS_%d and WEIGHTS_%d have %d and %d elements for %d points", where, set, set, len(j)/4, len(w)/4, n)
		}
		joints, weights = append(joints, j), append(weights, w)
	}
	for k := range n {
		for s := range joints {
			for c := range 4 {
				w := weights[s][4*k+c]
				if w < 0 {
					return fmt.Errorf("%s WEIGHTS_%d: point %d has the weight %g; weights are not negative", where, s, k, w)
				}
				if w != 0 {
					*infl = append(*infl, scene.Influence{Joint: uint16(joints[s][4*k+c]), Weight: w})
				}
			}
		}
		if len(*infl) > math.MaxInt32 {
			return fmt.Errorf("%s: more than %d skin influences in one mesh", where, math.MaxInt32)
		}
		*start = append(*start, int32(len(*infl)))
	}
	return nil
}

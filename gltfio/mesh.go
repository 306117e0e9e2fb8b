package gltfio

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/qmuntal/gltf"

	"skewlab/scene"
)

// weightSumTol is how far from 1 a skinned point's weights may sum
// before a note says so: a little more than one step of 8-bit
// normalized weights (1/255).
const weightSumTol = 5e-3

// mesh returns glTF mesh mi as a wireframe (built once, shared by every
// node that uses it): every primitive's points, its triangles' edges with
// each edge shared by two triangles kept once, its lines as they are and
// its points as dots, and the points' skin influences where the
// primitives have JOINTS_n and WEIGHTS_n. node names the first node
// using it, for errors.
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
		if skinned {
			off, err := r.influences(p, len(pts), where, &infl, &start)
			if err != nil {
				return nil, err
			}
			r.weightsOff[mi] += off
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
// (JOINTS_k with WEIGHTS_k, k = 0, 1, ...; a zero weight is left out)
// to *infl, with one *start entry per point, and returns how many points'
// weights do not sum to 1 within weightSumTol. A primitive without
// JOINTS_0 gives its points no influence. Joint numbers are checked
// against the skin when a node binds the mesh (scene.New).
func (r *reader) influences(p *gltf.Primitive, n int, where string, infl *[]scene.Influence, start *[]int32) (off int, err error) {
	var joints [][]uint32
	var weights [][]float64
	for set := 0; ; set++ {
		ja, jok := p.Attributes[fmt.Sprintf("JOINTS_%d", set)]
		wa, wok := p.Attributes[fmt.Sprintf("WEIGHTS_%d", set)]
		if !jok && !wok {
			break
		}
		if jok != wok {
			return 0, fmt.Errorf("%s: JOINTS_%d and WEIGHTS_%d come in pairs; one is missing", where, set, set)
		}
		j, err := r.uints(ja, fmt.Sprintf("%s JOINTS_%d", where, set), gltf.AccessorVec4, kJoints, 1<<16, "joint", "the %d joint numbers a skin can have")
		if err != nil {
			return 0, err
		}
		w, err := r.floats(wa, fmt.Sprintf("%s WEIGHTS_%d", where, set), gltf.AccessorVec4, kWeights)
		if err != nil {
			return 0, err
		}
		if len(j) != 4*n || len(w) != 4*n {
			return 0, fmt.Errorf("%s: JOINTS_%d and WEIGHTS_%d have %d and %d elements for %d points", where, set, set, len(j)/4, len(w)/4, n)
		}
		joints, weights = append(joints, j), append(weights, w)
	}
	for k := range n {
		sum := 0.0
		for s := range joints {
			for c := range 4 {
				w := weights[s][4*k+c]
				if w < 0 {
					return 0, fmt.Errorf("%s WEIGHTS_%d: point %d has the weight %g; weights are not negative", where, s, k, w)
				}
				sum += w
				if w != 0 {
					*infl = append(*infl, scene.Influence{Joint: uint16(joints[s][4*k+c]), Weight: w})
				}
			}
		}
		if len(joints) > 0 && math.Abs(sum-1) > weightSumTol {
			off++
		}
		if len(*infl) > math.MaxInt32 {
			return 0, fmt.Errorf("%s: more than %d skin influences in one mesh", where, math.MaxInt32)
		}
		*start = append(*start, int32(len(*infl)))
	}
	return off, nil
}

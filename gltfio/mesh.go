package gltfio

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"

	"skewlab/scene"
)

// mesh returns glTF mesh mi as a wireframe (built once, shared by every
// node that uses it): every primitive's points, its triangles' edges with
// each edge shared by two triangles kept once, its lines as they are and
// its points as dots. node names the first node using it, for errors.
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
	var edges []uint64 // min<<32 | max, deduplicated at the end
	for pi, p := range gm.Primitives {
		if p == nil {
			return nil, fmt.Errorf("mesh %d: primitives[%d] is null", mi, pi)
		}
		where := fmt.Sprintf("mesh %d %q primitive %d", mi, m.Name, pi)
		pos, ok := p.Attributes[gltf.POSITION]
		if !ok {
			continue // nothing to draw (the spec allows a primitive without positions)
		}
		base := len(m.Points)
		pts, err := r.positions(pos, where)
		if err != nil {
			return nil, err
		}
		if base+len(pts) > math.MaxInt32 {
			return nil, fmt.Errorf("%s: more than %d points in one mesh", where, math.MaxInt32)
		}
		m.Points = append(m.Points, pts...)
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
	r.meshes[mi] = m
	return m, nil
}

// view returns accessor ai's bytes: the bufferView's slice from the
// accessor's offset, its stride and element size, after checking that
// count elements fit. what says what the accessor is for, for errors.
func (r *reader) view(ai int, what string, wantType gltf.AccessorType, wantComp ...gltf.ComponentType) (data []byte, stride, count int, comp gltf.ComponentType, err error) {
	d := &r.doc
	if ai < 0 || ai >= len(d.Accessors) {
		return nil, 0, 0, 0, fmt.Errorf("%s: accessor %d does not exist (the file has %d accessors)", what, ai, len(d.Accessors))
	}
	a := d.Accessors[ai]
	if a == nil {
		return nil, 0, 0, 0, fmt.Errorf("accessor %d is null", ai)
	}
	label := fmt.Sprintf("accessor %d (%s)", ai, what)
	if a.Type != wantType {
		return nil, 0, 0, 0, fmt.Errorf("%s: type %s, want %s", label, a.Type, wantType)
	}
	if !slices.Contains(wantComp, a.ComponentType) || a.Normalized {
		return nil, 0, 0, 0, fmt.Errorf("%s: componentType %s%s is not one glTF 2.0 allows here", label, a.ComponentType, map[bool]string{true: " (normalized)"}[a.Normalized])
	}
	if a.Sparse != nil {
		return nil, 0, 0, 0, fmt.Errorf("%s: sparse accessors are not read by skewlab", label)
	}
	if a.Count < 0 {
		return nil, 0, 0, 0, fmt.Errorf("%s: count %d is negative", label, a.Count)
	}
	size := a.ComponentType.ByteSize() * wantType.Components()
	if a.BufferView == nil {
		// No buffer view: every element is zero (spec 3.6.2.3). Its count
		// is not bounded by any buffer, so it is bounded here: a 200-byte
		// file must not ask for gigabytes of zeros.
		if a.Count > MaxZeroElements {
			return nil, 0, 0, 0, fmt.Errorf("%s: %d elements without a bufferView (all zeros); skewlab reads at most %d", label, a.Count, MaxZeroElements)
		}
		return make([]byte, size*a.Count), size, a.Count, a.ComponentType, nil
	}
	bi := *a.BufferView
	if bi < 0 || bi >= len(d.BufferViews) || d.BufferViews[bi] == nil {
		return nil, 0, 0, 0, fmt.Errorf("%s: bufferView %d does not exist (the file has %d)", label, bi, len(d.BufferViews))
	}
	bv := d.BufferViews[bi]
	if bv.Buffer < 0 || bv.Buffer >= len(r.bufs) {
		return nil, 0, 0, 0, fmt.Errorf("%s: bufferView %d names buffer %d, which does not exist (the file has %d)", label, bi, bv.Buffer, len(r.bufs))
	}
	buf := r.bufs[bv.Buffer]
	if bv.ByteOffset < 0 || bv.ByteLength < 0 || int64(bv.ByteOffset)+int64(bv.ByteLength) > int64(len(buf)) {
		return nil, 0, 0, 0, fmt.Errorf("%s: bufferView %d (bytes %d to %d) lies outside buffer %d (%d bytes)", label, bi, bv.ByteOffset, int64(bv.ByteOffset)+int64(bv.ByteLength), bv.Buffer, len(buf))
	}
	view := buf[bv.ByteOffset : bv.ByteOffset+bv.ByteLength]
	stride = size
	if bv.ByteStride != 0 {
		if bv.ByteStride < size {
			return nil, 0, 0, 0, fmt.Errorf("%s: bufferView %d's byteStride %d is smaller than an element (%d bytes)", label, bi, bv.ByteStride, size)
		}
		stride = bv.ByteStride
	}
	if a.Count == 0 {
		return nil, stride, 0, a.ComponentType, nil
	}
	end := int64(a.ByteOffset) + int64(stride)*int64(a.Count-1) + int64(size)
	if a.ByteOffset < 0 || end > int64(len(view)) {
		return nil, 0, 0, 0, fmt.Errorf("%s: %d elements from byte %d need %d bytes, bufferView %d has %d", label, a.Count, a.ByteOffset, end, bi, len(view))
	}
	return view[a.ByteOffset:end], stride, a.Count, a.ComponentType, nil
}

// count adds n to the vertices read from the file so far and refuses
// the file past MaxVertices: primitives (or, for the bake, nodes outside
// every scene) that name one accessor again and again must not turn a
// small file into gigabytes.
func (r *reader) count(n int, where string) error {
	r.vertices += int64(n)
	if r.vertices > MaxVertices {
		return fmt.Errorf("%s: more than %d vertices read from the file in all (meshes repeat its accessors); skewlab reads at most that many", where, MaxVertices)
	}
	return nil
}

// positions reads a POSITION accessor (float32 VEC3), refusing a value
// that is not finite.
func (r *reader) positions(ai int, where string) ([]mgl64.Vec3, error) {
	data, stride, n, _, err := r.view(ai, where+" POSITION", gltf.AccessorVec3, gltf.ComponentFloat)
	if err != nil {
		return nil, err
	}
	if err := r.count(n, where); err != nil {
		return nil, err
	}
	out := make([]mgl64.Vec3, n)
	le := binary.LittleEndian
	for k := range out {
		o := k * stride
		for c := range 3 {
			v := float64(math.Float32frombits(le.Uint32(data[o+4*c:])))
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("accessor %d (%s POSITION): element %d is not a finite number", ai, where, k)
			}
			out[k][c] = v
		}
	}
	return out, nil
}

// indices reads an index accessor (unsigned byte, short or int SCALAR),
// refusing an index at or past the primitive's vertex count.
func (r *reader) indices(ai, vertices int, where string) ([]uint32, error) {
	data, stride, n, comp, err := r.view(ai, where+" indices", gltf.AccessorScalar, gltf.ComponentUbyte, gltf.ComponentUshort, gltf.ComponentUint)
	if err != nil {
		return nil, err
	}
	out := make([]uint32, n)
	le := binary.LittleEndian
	for k := range out {
		o := k * stride
		var v uint32
		switch comp {
		case gltf.ComponentUbyte:
			v = uint32(data[o])
		case gltf.ComponentUshort:
			v = uint32(le.Uint16(data[o:]))
		default:
			v = le.Uint32(data[o:])
		}
		if int64(v) >= int64(vertices) {
			return nil, fmt.Errorf("accessor %d (%s): index %d at element %d is past the primitive's %d vertices", ai, where, v, k, vertices)
		}
		out[k] = v
	}
	return out, nil
}

package gltfgen

// problems: the structural rules every good fixture keeps, written out
// once so each bad fixture can be shown to break exactly one of them.

import (
	"fmt"
	"math"
	"slices"
)

// problems returns one line per broken rule: references in range,
// bufferViews 4-byte aligned and inside a buffer whose declared length
// matches its data (GLB: up to 3 bytes of padding), accessors inside
// their bufferView, POSITION min/max equal to the data, index values below
// the vertex count, and nodes forming a forest whose scene roots have no
// parent. It does not look at extensions.
func problems(a tAsset) []string {
	var out []string
	bad := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	d := a.doc
	if d.Asset.Version != "2.0" {
		bad("asset.version %q", d.Asset.Version)
	}
	if len(d.Buffers) == 1 {
		if n := d.Buffers[0].ByteLength; a.bin == nil || len(a.bin) < n || len(a.bin) > n+3 {
			bad("buffer 0: byteLength %d, data %d bytes", n, len(a.bin))
		}
	}
	for i, bv := range d.BufferViews {
		if bv.Buffer != 0 || bv.ByteOffset%4 != 0 || bv.ByteOffset+bv.ByteLength > d.Buffers[0].ByteLength {
			bad("bufferView %d (offset %d, length %d) not aligned or outside buffer", i, bv.ByteOffset, bv.ByteLength)
		}
	}
	for i, acc := range d.Accessors {
		if acc.BufferView == nil || *acc.BufferView >= len(d.BufferViews) {
			bad("accessor %d: bufferView out of range", i)
			continue
		}
		bv := d.BufferViews[*acc.BufferView]
		if need := acc.Count * components(acc.Type) * componentSize(acc.ComponentType); need == 0 || need > bv.ByteLength {
			bad("accessor %d: needs %d bytes, bufferView has %d", i, need, bv.ByteLength)
		}
	}
	if len(out) > 0 {
		return out // the data checks below read through the accessors
	}
	for m, mesh := range d.Meshes {
		for p, prim := range mesh.Primitives {
			out = append(out, primitiveProblems(a, m, p, prim.Attributes, prim.Indices)...)
		}
	}
	return append(out, nodeProblems(d)...)
}

func primitiveProblems(a tAsset, m, p int, attrs map[string]int, indices *int) []string {
	var out []string
	pos, ok := attrs["POSITION"]
	if !ok || pos >= len(a.doc.Accessors) {
		return []string{fmt.Sprintf("mesh %d primitive %d: POSITION %d out of range (%d accessors)", m, p, pos, len(a.doc.Accessors))}
	}
	for name, i := range attrs {
		if i >= len(a.doc.Accessors) || a.doc.Accessors[i].Count != a.doc.Accessors[pos].Count {
			out = append(out, fmt.Sprintf("mesh %d primitive %d: %s out of range or count differs", m, p, name))
		}
	}
	acc := a.doc.Accessors[pos]
	lo, hi := boundsOf(posData(a, pos))
	if !slices.Equal(acc.Min, lo) || !slices.Equal(acc.Max, hi) {
		out = append(out, fmt.Sprintf("accessor %d: min %v max %v, data has %v %v", pos, acc.Min, acc.Max, lo, hi))
	}
	if indices != nil {
		for k, v := range idxData(a, *indices) {
			if int(v) >= acc.Count {
				out = append(out, fmt.Sprintf("accessor %d: index %d is %d, vertex count %d", *indices, k, v, acc.Count))
			}
		}
	}
	return out
}

// posData and idxData read accessors without a testing.T (problems must
// return, not stop, on bad data; the caller checked the sizes).
func posData(a tAsset, i int) [][]float64 {
	var t tNoFail
	return a.floats(&t, i)
}

func idxData(a tAsset, i int) []uint32 {
	var t tNoFail
	return a.uints(&t, i)
}

func boundsOf(vs [][]float64) (lo, hi []float64) {
	lo, hi = slices.Clone(vs[0]), slices.Clone(vs[0])
	for _, v := range vs {
		for c := range v {
			lo[c], hi[c] = math.Min(lo[c], v[c]), math.Max(hi[c], v[c])
		}
	}
	return lo, hi
}

// nodeProblems checks references from nodes and scenes and that the node
// graph is a forest: at most one parent each, no cycles, scene roots
// without parents.
func nodeProblems(d tDoc) []string {
	var out []string
	parent := make([]int, len(d.Nodes))
	for i := range parent {
		parent[i] = -1
	}
	for i, n := range d.Nodes {
		for _, c := range n.Children {
			switch {
			case c < 0 || c >= len(d.Nodes):
				out = append(out, fmt.Sprintf("node %d: child %d out of range (%d nodes)", i, c, len(d.Nodes)))
			case parent[c] >= 0:
				out = append(out, fmt.Sprintf("node %d: second parent %d (first %d)", c, i, parent[c]))
			default:
				parent[c] = i
			}
		}
		if n.Mesh != nil && *n.Mesh >= len(d.Meshes) {
			out = append(out, fmt.Sprintf("node %d: mesh %d out of range", i, *n.Mesh))
		}
	}
	for i := range d.Nodes {
		seen := 0
		for p := parent[i]; p >= 0 && seen <= len(d.Nodes); p = parent[p] {
			seen++
		}
		if seen > len(d.Nodes) {
			out = append(out, fmt.Sprintf("node %d: in a cycle", i))
		}
	}
	for s, sc := range d.Scenes {
		for _, r := range sc.Nodes {
			if r < 0 || r >= len(d.Nodes) || parent[r] >= 0 {
				out = append(out, fmt.Sprintf("scene %d: root %d out of range or has a parent", s, r))
			}
		}
	}
	return out
}

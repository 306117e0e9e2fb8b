package gltfio

import (
	"skewlab/internal/gltfgen"

	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math"
	"testing"
)

// fileKit builds small glTF files inside a test, from the JSON up, so
// every edge and hostile case is written where it is used: one buffer
// (a base64 data URI), views and accessors added as needed, any other
// property set by hand on the maps.
type fileKit struct {
	doc       map[string]any
	bin       []byte
	views     []any
	accessors []any
	nodes     []any
	meshes    []any
}

func newKit() *fileKit {
	return &fileKit{doc: map[string]any{"asset": map[string]any{"version": "2.0"}}}
}

// view appends data (4-byte aligned) as a buffer view and returns its
// index.
func (k *fileKit) view(data []byte) int {
	for len(k.bin)%4 != 0 {
		k.bin = append(k.bin, 0)
	}
	k.views = append(k.views, map[string]any{"buffer": 0, "byteOffset": len(k.bin), "byteLength": len(data)})
	k.bin = append(k.bin, data...)
	return len(k.views) - 1
}

// accessor appends an accessor object and returns its index.
func (k *fileKit) accessor(a map[string]any) int {
	k.accessors = append(k.accessors, a)
	return len(k.accessors) - 1
}

// floats appends float32 values as an accessor of type typ (VEC3 ...)
// with n components per element.
func (k *fileKit) floats(typ string, n int, vals ...float64) int {
	data := make([]byte, 4*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint32(data[4*i:], math.Float32bits(float32(v)))
	}
	a := map[string]any{"bufferView": k.view(data), "componentType": 5126, "count": len(vals) / n, "type": typ}
	if typ == "VEC3" && len(vals) >= 3 {
		lo, hi := []float64{math.Inf(1), math.Inf(1), math.Inf(1)}, []float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
		for i := 0; i+2 < len(vals); i += 3 {
			for c := range 3 {
				v := float64(float32(vals[i+c]))
				lo[c], hi[c] = math.Min(lo[c], v), math.Max(hi[c], v)
			}
		}
		a["min"], a["max"] = lo, hi
	}
	return k.accessor(a)
}

// ushorts appends unsigned shorts as a SCALAR accessor (indices).
func (k *fileKit) ushorts(vals ...int) int {
	data := make([]byte, 2*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint16(data[2*i:], uint16(v))
	}
	return k.accessor(map[string]any{"bufferView": k.view(data), "componentType": 5123, "count": len(vals), "type": "SCALAR"})
}

// triangle adds a mesh of one triangle (0,0,0) (1,0,0) (0,1,0) and
// returns its index.
func (k *fileKit) triangle() int {
	pos := k.floats("VEC3", 3, 0, 0, 0, 1, 0, 0, 0, 1, 0)
	return k.mesh(map[string]any{"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": pos}}}})
}

func (k *fileKit) mesh(m map[string]any) int {
	k.meshes = append(k.meshes, m)
	return len(k.meshes) - 1
}

// node appends a node and returns its index.
func (k *fileKit) node(n map[string]any) int {
	k.nodes = append(k.nodes, n)
	return len(k.nodes) - 1
}

// json returns the file as .gltf text; the scene, when not set, lists
// every node no other node lists as a child.
func (k *fileKit) json(t testing.TB) []byte {
	t.Helper()
	d := map[string]any{}
	for key, v := range k.doc {
		d[key] = v
	}
	if len(k.bin) > 0 {
		d["buffers"] = []any{map[string]any{"byteLength": len(k.bin), "uri": "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(k.bin)}}
	}
	set := func(key string, list []any) {
		if len(list) > 0 {
			if _, given := d[key]; !given {
				d[key] = list
			}
		}
	}
	set("bufferViews", k.views)
	set("accessors", k.accessors)
	set("nodes", k.nodes)
	set("meshes", k.meshes)
	if _, ok := d["scenes"]; !ok && len(k.nodes) > 0 {
		child := map[int]bool{}
		for _, n := range k.nodes {
			if m, ok := n.(map[string]any); ok {
				if ch, ok := m["children"].([]int); ok {
					for _, c := range ch {
						child[c] = true
					}
				}
			}
		}
		var roots []int
		for i := range k.nodes {
			if !child[i] {
				roots = append(roots, i)
			}
		}
		d["scenes"] = []any{map[string]any{"nodes": roots}}
		d["scene"] = 0
	}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// filesOf wraps one file's bytes for decode and readFixture.
func filesOf(name string, data []byte) []gltfgen.File {
	return []gltfgen.File{{Name: name, Data: data}}
}

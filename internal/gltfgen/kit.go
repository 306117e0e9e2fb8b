package gltfgen

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math"
)

// Kit builds a small glTF file from its JSON up, for tests that write
// their own edge and hostile cases where they use them: one buffer (a
// base64 data URI) that View appends to, views and accessors added as
// needed, and every other property set by hand on the exported maps
// before Bytes writes the file.
type Kit struct {
	// Doc holds the top-level properties Bytes writes as they are
	// ("asset" is set; a key set here wins over the lists below).
	Doc map[string]any
	// Bin is the buffer's bytes; Views, Accessors, Nodes and Meshes the
	// lists Bytes writes unless Doc sets them.
	Bin       []byte
	Views     []any
	Accessors []any
	Nodes     []any
	Meshes    []any
}

// NewKit returns a Kit whose asset says glTF 2.0.
func NewKit() *Kit {
	return &Kit{Doc: map[string]any{"asset": map[string]any{"version": "2.0"}}}
}

// View appends data (4-byte aligned) as a buffer view and returns its
// index.
func (k *Kit) View(data []byte) int {
	for len(k.Bin)%4 != 0 {
		k.Bin = append(k.Bin, 0)
	}
	k.Views = append(k.Views, map[string]any{"buffer": 0, "byteOffset": len(k.Bin), "byteLength": len(data)})
	k.Bin = append(k.Bin, data...)
	return len(k.Views) - 1
}

// Accessor appends an accessor object and returns its index.
func (k *Kit) Accessor(a map[string]any) int {
	k.Accessors = append(k.Accessors, a)
	return len(k.Accessors) - 1
}

// Floats appends vals as float32s in an accessor of type typ (n
// components per element), with min and max for a VEC3 and a SCALAR
// (an animation's key times need them), and returns its index.
func (k *Kit) Floats(typ string, n int, vals ...float64) int {
	data := make([]byte, 4*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint32(data[4*i:], math.Float32bits(float32(v)))
	}
	a := map[string]any{"bufferView": k.View(data), "componentType": 5126, "count": len(vals) / n, "type": typ}
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
	if typ == "SCALAR" && len(vals) > 0 {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, v := range vals {
			lo, hi = math.Min(lo, float64(float32(v))), math.Max(hi, float64(float32(v)))
		}
		a["min"], a["max"] = []float64{lo}, []float64{hi}
	}
	return k.Accessor(a)
}

// Animation appends one animation to Doc["animations"] from its
// channels and samplers (glTF objects as maps) and returns its index.
func (k *Kit) Animation(name string, channels, samplers []any) int {
	list, _ := k.Doc["animations"].([]any)
	a := map[string]any{"channels": channels, "samplers": samplers}
	if name != "" {
		a["name"] = name
	}
	k.Doc["animations"] = append(list, a)
	return len(list)
}

// Channel returns an animation channel object: sampler s animating path
// of node (no "node" when node < 0).
func Channel(s, node int, path string) map[string]any {
	t := map[string]any{"path": path}
	if node >= 0 {
		t["node"] = node
	}
	return map[string]any{"sampler": s, "target": t}
}

// Sampler returns an animation sampler object: input and output
// accessors and the interpolation ("" leaves it out: LINEAR).
func Sampler(input, output int, interp string) map[string]any {
	s := map[string]any{"input": input, "output": output}
	if interp != "" {
		s["interpolation"] = interp
	}
	return s
}

// Ushorts appends unsigned shorts as a SCALAR accessor (indices) and
// returns its index.
func (k *Kit) Ushorts(vals ...int) int {
	data := make([]byte, 2*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint16(data[2*i:], uint16(v))
	}
	return k.Accessor(map[string]any{"bufferView": k.View(data), "componentType": 5123, "count": len(vals), "type": "SCALAR"})
}

// Triangle adds a mesh of one triangle (0,0,0) (1,0,0) (0,1,0) and
// returns its index.
func (k *Kit) Triangle() int {
	pos := k.Floats("VEC3", 3, 0, 0, 0, 1, 0, 0, 0, 1, 0)
	return k.Mesh(map[string]any{"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": pos}}}})
}

// Mesh appends a mesh object and returns its index.
func (k *Kit) Mesh(m map[string]any) int {
	k.Meshes = append(k.Meshes, m)
	return len(k.Meshes) - 1
}

// Node appends a node object and returns its index.
func (k *Kit) Node(n map[string]any) int {
	k.Nodes = append(k.Nodes, n)
	return len(k.Nodes) - 1
}

// Bytes returns the file as .gltf text. Unless Doc sets them, the buffer
// is Bin, the lists are the Kit's, and one scene (the default) lists
// every node that no node lists as a child ("children" given as []int).
func (k *Kit) Bytes() []byte {
	d := map[string]any{}
	for key, v := range k.Doc {
		d[key] = v
	}
	if _, given := d["buffers"]; !given && len(k.Bin) > 0 {
		d["buffers"] = []any{map[string]any{"byteLength": len(k.Bin), "uri": "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(k.Bin)}}
	}
	put := func(key string, list []any) {
		if _, given := d[key]; !given && len(list) > 0 {
			d[key] = list
		}
	}
	put("bufferViews", k.Views)
	put("accessors", k.Accessors)
	put("nodes", k.Nodes)
	put("meshes", k.Meshes)
	if _, ok := d["scenes"]; !ok && len(k.Nodes) > 0 {
		child := map[int]bool{}
		for _, n := range k.Nodes {
			if m, ok := n.(map[string]any); ok {
				if ch, ok := m["children"].([]int); ok {
					for _, c := range ch {
						child[c] = true
					}
				}
			}
		}
		var roots []int
		for i := range k.Nodes {
			if !child[i] {
				roots = append(roots, i)
			}
		}
		d["scenes"] = []any{map[string]any{"nodes": roots}}
		d["scene"] = 0
	}
	b, err := json.Marshal(d)
	if err != nil {
		panic(err) // maps of numbers, strings and lists always marshal
	}
	return b
}

package gltfgen

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"strings"
)

// Hostile is a small glTF file written to break a reader: an overflow,
// an allocation bomb, an enumeration the spec does not define, a lie in
// a length. Tests read each one and expect one error naming what is at
// fault, fast and in bounded memory (issue 28).
type Hostile struct {
	// Name is the file's name, e.g. "overflow-view-offset.gltf".
	Name string
	// About says what is wrong, in one line.
	About string
	// Data is the file.
	Data []byte
	// Want are parts of the error every reading command must print.
	Want []string
	// Readable is true for a file whose default scene reads (it is
	// hostile only to a command that reads every scene or bakes).
	Readable bool
}

// kit builds a glTF file as JSON maps with one embedded buffer.
type kit struct {
	doc   map[string]any
	bin   []byte
	views []any
	accs  []any
	nodes []any
	mesh  []any
}

func newKit() *kit {
	return &kit{doc: map[string]any{"asset": map[string]any{"version": "2.0"}}}
}

func (k *kit) view(data []byte) int {
	for len(k.bin)%4 != 0 {
		k.bin = append(k.bin, 0)
	}
	k.views = append(k.views, map[string]any{"buffer": 0, "byteOffset": len(k.bin), "byteLength": len(data)})
	k.bin = append(k.bin, data...)
	return len(k.views) - 1
}

func (k *kit) acc(a map[string]any) int {
	k.accs = append(k.accs, a)
	return len(k.accs) - 1
}

func (k *kit) vec3(vals ...float32) int {
	data := make([]byte, 4*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint32(data[4*i:], math.Float32bits(v))
	}
	lo, hi := []float32{vals[0], vals[1], vals[2]}, []float32{vals[0], vals[1], vals[2]}
	for i := 0; i+2 < len(vals); i += 3 {
		for c := range 3 {
			lo[c], hi[c] = min(lo[c], vals[i+c]), max(hi[c], vals[i+c])
		}
	}
	return k.acc(map[string]any{"bufferView": k.view(data), "componentType": 5126, "count": len(vals) / 3, "type": "VEC3", "min": lo, "max": hi})
}

// triangle adds a one-triangle mesh and returns its index.
func (k *kit) triangle() int {
	p := k.vec3(0, 0, 0, 1, 0, 0, 0, 1, 0)
	k.mesh = append(k.mesh, map[string]any{"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": p}}}})
	return len(k.mesh) - 1
}

func (k *kit) node(n map[string]any) int {
	k.nodes = append(k.nodes, n)
	return len(k.nodes) - 1
}

// bytes returns the file; scenes default to one listing node 0.
func (k *kit) bytes() []byte {
	d := map[string]any{}
	for key, v := range k.doc {
		d[key] = v
	}
	if _, given := d["buffers"]; !given && len(k.bin) > 0 {
		d["buffers"] = []any{map[string]any{"byteLength": len(k.bin), "uri": "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(k.bin)}}
	}
	put := func(key string, v []any) {
		if _, given := d[key]; !given && len(v) > 0 {
			d[key] = v
		}
	}
	put("bufferViews", k.views)
	put("accessors", k.accs)
	put("nodes", k.nodes)
	put("meshes", k.mesh)
	if _, ok := d["scenes"]; !ok && len(k.nodes) > 0 {
		d["scenes"] = []any{map[string]any{"nodes": []int{0}}}
	}
	b, err := json.Marshal(d)
	if err != nil {
		panic(err) // plain maps of numbers and strings always marshal
	}
	return b
}

// oneTriangle returns a kit holding node 0 "N" drawing a triangle, and
// lets edit change it before the file is written.
func oneTriangle(edit func(k *kit, node map[string]any)) []byte {
	k := newKit()
	n := map[string]any{"name": "N", "mesh": k.triangle()}
	k.node(n)
	edit(k, n)
	return k.bytes()
}

// HostileFiles returns the hostile files, each built here from scratch.
func HostileFiles() []Hostile {
	var out []Hostile
	add := func(name, about string, data []byte, want ...string) {
		out = append(out, Hostile{Name: name + ".gltf", About: about, Data: data, Want: want})
	}
	add("overflow-view-offset", "bufferView byteOffset near 2^63: offset + length overflows",
		oneTriangle(func(k *kit, _ map[string]any) {
			k.views[0].(map[string]any)["byteOffset"] = int64(math.MaxInt64 - 10)
		}), "bufferView 0")
	add("overflow-accessor-count", "accessor count 2^62 with a byteStride of 252: stride times count overflows",
		oneTriangle(func(k *kit, _ map[string]any) {
			k.views[0].(map[string]any)["byteStride"] = 252
			k.accs[0].(map[string]any)["count"] = int64(1) << 62
		}), "accessor 0")
	add("overflow-accessor-offset", "accessor byteOffset near 2^63",
		oneTriangle(func(k *kit, _ map[string]any) {
			k.accs[0].(map[string]any)["byteOffset"] = int64(math.MaxInt64 - 3)
		}), "accessor 0")
	add("lying-buffer-length", "buffer byteLength 2^62 for 36 bytes",
		oneTriangle(func(k *kit, _ map[string]any) {
			k.doc["buffers"] = []any{map[string]any{"byteLength": int64(1) << 62, "uri": "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(k.bin)}}
		}), "buffer 0")
	add("null-primitive", `"primitives": [null]`,
		oneTriangle(func(k *kit, _ map[string]any) {
			k.mesh[0] = map[string]any{"primitives": []any{nil}}
		}), "primitives[0] is null")
	add("sparse-out-of-order", "sparse indices 2, 1 (not increasing)",
		oneTriangle(func(k *kit, _ map[string]any) {
			idx := k.view([]byte{2, 0, 1, 0})
			vals := k.view(make([]byte, 24))
			k.accs[0].(map[string]any)["sparse"] = map[string]any{"count": 2, "indices": map[string]any{"bufferView": idx, "componentType": 5123}, "values": map[string]any{"bufferView": vals}}
		}), "strictly increasing")
	add("sparse-past-count", "sparse index 7 of 3 elements",
		oneTriangle(func(k *kit, _ map[string]any) {
			idx := k.view([]byte{7, 0, 0, 0})
			vals := k.view(make([]byte, 12))
			k.accs[0].(map[string]any)["sparse"] = map[string]any{"count": 1, "indices": map[string]any{"bufferView": idx, "componentType": 5123}, "values": map[string]any{"bufferView": vals}}
		}), "strictly increasing")
	add("unknown-component-type", "componentType 5127, which glTF does not define",
		oneTriangle(func(k *kit, _ map[string]any) { k.accs[0].(map[string]any)["componentType"] = 5127 }), "componentType 5127")
	add("unknown-mode", "primitive mode 7",
		oneTriangle(func(k *kit, _ map[string]any) {
			k.mesh[0].(map[string]any)["primitives"].([]any)[0].(map[string]any)["mode"] = 7
		}), "mode 7")
	add("unknown-type", `accessor type "VEC5"`,
		oneTriangle(func(k *kit, _ map[string]any) { k.accs[0].(map[string]any)["type"] = "VEC5" }), `type "VEC5"`)
	add("normalized-float", "a FLOAT accessor marked normalized",
		oneTriangle(func(k *kit, _ map[string]any) { k.accs[0].(map[string]any)["normalized"] = true }), "normalized")
	add("count-zero", "accessor count 0",
		oneTriangle(func(k *kit, _ map[string]any) { k.accs[0].(map[string]any)["count"] = 0 }), "count 0")
	add("no-version", "asset without version",
		oneTriangle(func(k *kit, _ map[string]any) { k.doc["asset"] = map[string]any{"generator": "x"} }), "asset.version is missing")
	add("min-version", "asset.minVersion 2.1",
		oneTriangle(func(k *kit, _ map[string]any) {
			k.doc["asset"] = map[string]any{"version": "2.1", "minVersion": "2.1"}
		}), "minVersion")
	add("quantized-without-extension", "SHORT positions without KHR_mesh_quantization",
		oneTriangle(func(k *kit, _ map[string]any) {
			a := k.accs[0].(map[string]any)
			a["componentType"], a["bufferView"] = 5122, k.view(make([]byte, 18))
			delete(a, "min")
			delete(a, "max")
		}), "KHR_mesh_quantization")
	add("required-unknown", "requires VENDOR_geometry_magic",
		oneTriangle(func(k *kit, _ map[string]any) {
			k.doc["extensionsUsed"] = []string{"VENDOR_geometry_magic"}
			k.doc["extensionsRequired"] = []string{"VENDOR_geometry_magic"}
		}), "VENDOR_geometry_magic")
	add("required-meshopt", "requires EXT_meshopt_compression",
		oneTriangle(func(k *kit, _ map[string]any) {
			k.doc["extensionsUsed"] = []string{"EXT_meshopt_compression"}
			k.doc["extensionsRequired"] = []string{"EXT_meshopt_compression"}
		}), "EXT_meshopt_compression")
	add("matrix-bottom-row", "a matrix whose last row is (0, 0, 0, 2)",
		oneTriangle(func(_ *kit, n map[string]any) {
			n["matrix"] = []float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2}
		}), `node 0 "N"`, "bottom row")
	add("matrix-zero", "an all-zero matrix (it was read as the identity)",
		oneTriangle(func(_ *kit, n map[string]any) { n["matrix"] = make([]float64, 16) }), `node 0 "N"`, "matrix is not affine")
	add("matrix-singular", "an affine matrix of determinant 0 (scale x by 0)",
		oneTriangle(func(_ *kit, n map[string]any) {
			n["matrix"] = []float64{0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}
		}), `node 0 "N"`, "zero determinant")
	add("matrix-sheared", "a matrix with the shear x += 0.5 y at size 1",
		oneTriangle(func(_ *kit, n map[string]any) {
			n["matrix"] = []float64{1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}
		}), `node 0 "N"`, "not a TRS")
	add("matrix-short", "a matrix of 12 numbers",
		oneTriangle(func(_ *kit, n map[string]any) { n["matrix"] = make([]float64, 12) }), "matrix has 12 numbers")
	add("matrix-and-trs", "a matrix beside a translation",
		oneTriangle(func(_ *kit, n map[string]any) {
			n["matrix"] = []float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}
			n["translation"] = []float64{1, 2, 3}
		}), "both a matrix")
	add("rotation-zero", "rotation (0, 0, 0, 0)",
		oneTriangle(func(_ *kit, n map[string]any) { n["rotation"] = []float64{0, 0, 0, 0} }), "unit quaternion")
	add("unequal-counts", "POSITION of 3 and NORMAL of 2",
		oneTriangle(func(k *kit, _ map[string]any) {
			nrm := k.vec3(0, 0, 1, 0, 0, 1)
			k.mesh[0].(map[string]any)["primitives"].([]any)[0].(map[string]any)["attributes"].(map[string]any)["NORMAL"] = nrm
		}), "different counts")
	add("instancing-unequal", "EXT_mesh_gpu_instancing TRANSLATION of 3, SCALE of 1",
		oneTriangle(func(k *kit, n map[string]any) {
			t, s := k.vec3(0, 0, 0, 1, 0, 0, 2, 0, 0), k.vec3(1, 1, 1)
			n["extensions"] = map[string]any{"EXT_mesh_gpu_instancing": map[string]any{"attributes": map[string]any{"TRANSLATION": t, "SCALE": s}}}
			k.doc["extensionsUsed"] = []string{"EXT_mesh_gpu_instancing"}
		}), "EXT_mesh_gpu_instancing", "different counts")
	add("negative-weight", "a skinned vertex with weight -1",
		oneTriangle(func(k *kit, n map[string]any) {
			j := k.acc(map[string]any{"bufferView": k.view(make([]byte, 12)), "componentType": 5121, "count": 3, "type": "VEC4"})
			w := make([]byte, 48)
			for i := range 3 {
				binary.LittleEndian.PutUint32(w[16*i:], math.Float32bits(1))
			}
			binary.LittleEndian.PutUint32(w[16:], math.Float32bits(-1))
			wa := k.acc(map[string]any{"bufferView": k.view(w), "componentType": 5126, "count": 3, "type": "VEC4"})
			attrs := k.mesh[0].(map[string]any)["primitives"].([]any)[0].(map[string]any)["attributes"].(map[string]any)
			attrs["JOINTS_0"], attrs["WEIGHTS_0"] = j, wa
			n["skin"] = 0
			k.doc["skins"] = []any{map[string]any{"joints": []int{0}}}
		}), "weight -1")
	// Invalid UTF-8 in a name: written by hand, as encoding/json would
	// replace the byte.
	utf := strings.Replace(string(oneTriangle(func(*kit, map[string]any) {})), `"name":"N"`, "\"name\":\"N\xff\"", 1)
	add("bad-utf8", "a node name holding the byte 0xFF", []byte(utf), "UTF-8")
	// One root listed 1,500 times by a scene.
	roots := make([]int, 1500)
	add("root-1500", "scene 0 lists node 0 1,500 times",
		oneTriangle(func(k *kit, _ map[string]any) { k.doc["scenes"] = []any{map[string]any{"nodes": roots}} }), "twice among its roots")
	// 1,000 POINTS primitives, each with 2^20 indices and no bufferView:
	// 58 KB that asked for more than 8 GB.
	out = append(out, Hostile{Name: "index-bomb.gltf", About: "1,000 POINTS primitives each with a 2^20-element index accessor without a bufferView",
		Data: indexBomb(1000), Want: []string{"accessor elements"}})
	// 3,000 scenes that list one tree of 10^4 nodes: every scene but the
	// one shown must not be built.
	out = append(out, Hostile{Name: "scene-bomb.gltf", About: "3,000 scenes listing one 10^4-node tree",
		Data: sceneBomb(3000, 10000), Want: []string{"nodes in all"}, Readable: true})
	return out
}

// indexBomb returns a file of n POINTS primitives sharing one position
// and one index accessor of 2^20 zeros without a bufferView.
func indexBomb(n int) []byte {
	k := newKit()
	p := k.vec3(0, 0, 0)
	idx := k.acc(map[string]any{"componentType": 5125, "count": 1 << 20, "type": "SCALAR"})
	prims := make([]any, n)
	for i := range prims {
		prims[i] = map[string]any{"attributes": map[string]any{"POSITION": p}, "indices": idx, "mode": 0}
	}
	k.mesh = append(k.mesh, map[string]any{"primitives": prims})
	k.node(map[string]any{"name": "Bomb", "mesh": 0})
	return k.bytes()
}

// sceneBomb returns a file of one binary tree of n nodes listed as the
// root of each of scenes scenes.
func sceneBomb(scenes, n int) []byte {
	var b strings.Builder
	b.WriteString(`{"asset":{"version":"2.0"},"scene":0,"nodes":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		var ch []string
		for _, c := range []int{2*i + 1, 2*i + 2} {
			if c < n {
				ch = append(ch, fmt.Sprint(c))
			}
		}
		fmt.Fprintf(&b, `{"name":"n%d","translation":[0,1,0]`, i)
		if len(ch) > 0 {
			fmt.Fprintf(&b, `,"children":[%s]`, strings.Join(ch, ","))
		}
		b.WriteByte('}')
	}
	b.WriteString(`],"scenes":[`)
	for i := range scenes {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"nodes":[0]}`)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

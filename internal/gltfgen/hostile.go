package gltfgen

import (
	"encoding/base64"
	"encoding/binary"
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

// oneTriangle returns a kit holding node 0 "N" drawing a triangle, and
// lets edit change it before the file is written.
func oneTriangle(edit func(k *Kit, node map[string]any)) []byte {
	k := NewKit()
	n := map[string]any{"name": "N", "mesh": k.Triangle()}
	k.Node(n)
	edit(k, n)
	return k.Bytes()
}

// animatedTriangle returns a kit holding node 0 "N" drawing a triangle
// and animation 0 "move" with one channel: sampler 0 (key times 0 and 1
// s, accessor 1; LINEAR) moving N from (0, 0, 0) to (1, 0, 0)
// (accessor 2), and lets edit change them (the animation is
// k.Doc["animations"].([]any)[0]) before the file is written.
func animatedTriangle(edit func(k *Kit, anim map[string]any)) []byte {
	k := NewKit()
	k.Node(map[string]any{"name": "N", "mesh": k.Triangle()})
	in := k.Floats("SCALAR", 1, 0, 1)
	out := k.Floats("VEC3", 3, 0, 0, 0, 1, 0, 0)
	k.Animation("move", []any{Channel(0, 0, "translation")}, []any{Sampler(in, out, "LINEAR")})
	edit(k, k.Doc["animations"].([]any)[0].(map[string]any))
	return k.Bytes()
}

// HostileFiles returns the hostile files, each built here from scratch.
func HostileFiles() []Hostile {
	var out []Hostile
	add := func(name, about string, data []byte, want ...string) {
		out = append(out, Hostile{Name: name + ".gltf", About: about, Data: data, Want: want})
	}
	add("overflow-view-offset", "bufferView byteOffset near 2^63: offset + length overflows",
		oneTriangle(func(k *Kit, _ map[string]any) {
			k.Views[0].(map[string]any)["byteOffset"] = int64(math.MaxInt64 - 10)
		}), "bufferView 0")
	add("overflow-accessor-count", "accessor count 2^62 with a byteStride of 252: stride times count overflows",
		oneTriangle(func(k *Kit, _ map[string]any) {
			k.Views[0].(map[string]any)["byteStride"] = 252
			k.Accessors[0].(map[string]any)["count"] = int64(1) << 62
		}), "accessor 0")
	add("overflow-accessor-offset", "accessor byteOffset near 2^63",
		oneTriangle(func(k *Kit, _ map[string]any) {
			k.Accessors[0].(map[string]any)["byteOffset"] = int64(math.MaxInt64 - 3)
		}), "accessor 0")
	add("lying-buffer-length", "buffer byteLength 2^62 for 36 bytes",
		oneTriangle(func(k *Kit, _ map[string]any) {
			k.Doc["buffers"] = []any{map[string]any{"byteLength": int64(1) << 62, "uri": "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(k.Bin)}}
		}), "buffer 0")
	add("null-primitive", `"primitives": [null]`,
		oneTriangle(func(k *Kit, _ map[string]any) {
			k.Meshes[0] = map[string]any{"primitives": []any{nil}}
		}), "primitives[0] is null")
	add("sparse-out-of-order", "sparse indices 2, 1 (not increasing)",
		oneTriangle(func(k *Kit, _ map[string]any) {
			idx := k.View([]byte{2, 0, 1, 0})
			vals := k.View(make([]byte, 24))
			k.Accessors[0].(map[string]any)["sparse"] = map[string]any{"count": 2, "indices": map[string]any{"bufferView": idx, "componentType": 5123}, "values": map[string]any{"bufferView": vals}}
		}), "strictly increasing")
	add("sparse-past-count", "sparse index 7 of 3 elements",
		oneTriangle(func(k *Kit, _ map[string]any) {
			idx := k.View([]byte{7, 0, 0, 0})
			vals := k.View(make([]byte, 12))
			k.Accessors[0].(map[string]any)["sparse"] = map[string]any{"count": 1, "indices": map[string]any{"bufferView": idx, "componentType": 5123}, "values": map[string]any{"bufferView": vals}}
		}), "strictly increasing")
	add("unknown-component-type", "componentType 5127, which glTF does not define",
		oneTriangle(func(k *Kit, _ map[string]any) { k.Accessors[0].(map[string]any)["componentType"] = 5127 }), "componentType 5127")
	add("unknown-mode", "primitive mode 7",
		oneTriangle(func(k *Kit, _ map[string]any) {
			k.Meshes[0].(map[string]any)["primitives"].([]any)[0].(map[string]any)["mode"] = 7
		}), "mode 7")
	add("unknown-type", `accessor type "VEC5"`,
		oneTriangle(func(k *Kit, _ map[string]any) { k.Accessors[0].(map[string]any)["type"] = "VEC5" }), `type "VEC5"`)
	add("normalized-float", "a FLOAT accessor marked normalized",
		oneTriangle(func(k *Kit, _ map[string]any) { k.Accessors[0].(map[string]any)["normalized"] = true }), "normalized")
	add("count-zero", "accessor count 0",
		oneTriangle(func(k *Kit, _ map[string]any) { k.Accessors[0].(map[string]any)["count"] = 0 }), "count 0")
	add("no-version", "asset without version",
		oneTriangle(func(k *Kit, _ map[string]any) { k.Doc["asset"] = map[string]any{"generator": "x"} }), "asset.version is missing")
	add("min-version", "asset.minVersion 2.1",
		oneTriangle(func(k *Kit, _ map[string]any) {
			k.Doc["asset"] = map[string]any{"version": "2.1", "minVersion": "2.1"}
		}), "minVersion")
	add("quantized-without-extension", "SHORT positions without KHR_mesh_quantization",
		oneTriangle(func(k *Kit, _ map[string]any) {
			a := k.Accessors[0].(map[string]any)
			a["componentType"], a["bufferView"] = 5122, k.View(make([]byte, 18))
			delete(a, "min")
			delete(a, "max")
		}), "KHR_mesh_quantization")
	add("required-unknown", "requires VENDOR_geometry_magic",
		oneTriangle(func(k *Kit, _ map[string]any) {
			k.Doc["extensionsUsed"] = []string{"VENDOR_geometry_magic"}
			k.Doc["extensionsRequired"] = []string{"VENDOR_geometry_magic"}
		}), "VENDOR_geometry_magic")
	add("required-meshopt", "requires EXT_meshopt_compression",
		oneTriangle(func(k *Kit, _ map[string]any) {
			k.Doc["extensionsUsed"] = []string{"EXT_meshopt_compression"}
			k.Doc["extensionsRequired"] = []string{"EXT_meshopt_compression"}
		}), "EXT_meshopt_compression")
	add("matrix-bottom-row", "a matrix whose last row is (0, 0, 0, 2)",
		oneTriangle(func(_ *Kit, n map[string]any) {
			n["matrix"] = []float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2}
		}), `node 0 "N"`, "bottom row")
	add("matrix-zero", "an all-zero matrix (it was read as the identity)",
		oneTriangle(func(_ *Kit, n map[string]any) { n["matrix"] = make([]float64, 16) }), `node 0 "N"`, "matrix is not affine")
	add("matrix-singular", "an affine matrix of determinant 0 (scale x by 0)",
		oneTriangle(func(_ *Kit, n map[string]any) {
			n["matrix"] = []float64{0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}
		}), `node 0 "N"`, "zero determinant")
	add("matrix-sheared", "a matrix with the shear x += 0.5 y at size 1",
		oneTriangle(func(_ *Kit, n map[string]any) {
			n["matrix"] = []float64{1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}
		}), `node 0 "N"`, "not a TRS")
	add("matrix-short", "a matrix of 12 numbers",
		oneTriangle(func(_ *Kit, n map[string]any) { n["matrix"] = make([]float64, 12) }), "matrix has 12 numbers")
	add("matrix-and-trs", "a matrix beside a translation",
		oneTriangle(func(_ *Kit, n map[string]any) {
			n["matrix"] = []float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}
			n["translation"] = []float64{1, 2, 3}
		}), "both a matrix")
	add("rotation-zero", "rotation (0, 0, 0, 0)",
		oneTriangle(func(_ *Kit, n map[string]any) { n["rotation"] = []float64{0, 0, 0, 0} }), "unit quaternion")
	add("unequal-counts", "POSITION of 3 and NORMAL of 2",
		oneTriangle(func(k *Kit, _ map[string]any) {
			nrm := k.Floats("VEC3", 3, 0, 0, 1, 0, 0, 1)
			k.Meshes[0].(map[string]any)["primitives"].([]any)[0].(map[string]any)["attributes"].(map[string]any)["NORMAL"] = nrm
		}), "different counts")
	add("instancing-unequal", "EXT_mesh_gpu_instancing TRANSLATION of 3, SCALE of 1",
		oneTriangle(func(k *Kit, n map[string]any) {
			t, s := k.Floats("VEC3", 3, 0, 0, 0, 1, 0, 0, 2, 0, 0), k.Floats("VEC3", 3, 1, 1, 1)
			n["extensions"] = map[string]any{"EXT_mesh_gpu_instancing": map[string]any{"attributes": map[string]any{"TRANSLATION": t, "SCALE": s}}}
			k.Doc["extensionsUsed"] = []string{"EXT_mesh_gpu_instancing"}
		}), "EXT_mesh_gpu_instancing", "different counts")
	add("negative-weight", "a skinned vertex with weight -1",
		oneTriangle(func(k *Kit, n map[string]any) {
			j := k.Accessor(map[string]any{"bufferView": k.View(make([]byte, 12)), "componentType": 5121, "count": 3, "type": "VEC4"})
			w := make([]byte, 48)
			for i := range 3 {
				binary.LittleEndian.PutUint32(w[16*i:], math.Float32bits(1))
			}
			binary.LittleEndian.PutUint32(w[16:], math.Float32bits(-1))
			wa := k.Accessor(map[string]any{"bufferView": k.View(w), "componentType": 5126, "count": 3, "type": "VEC4"})
			attrs := k.Meshes[0].(map[string]any)["primitives"].([]any)[0].(map[string]any)["attributes"].(map[string]any)
			attrs["JOINTS_0"], attrs["WEIGHTS_0"] = j, wa
			n["skin"] = 0
			k.Doc["skins"] = []any{map[string]any{"joints": []int{0}}}
		}), "weight -1")
	add("skin-joint-outside-scene", "a skinned mesh node in scene 0 whose skin's joint is a root scene 0 does not list",
		oneTriangle(func(k *Kit, n map[string]any) {
			j := k.Accessor(map[string]any{"bufferView": k.View(make([]byte, 12)), "componentType": 5121, "count": 3, "type": "VEC4"})
			w := k.Floats("VEC4", 4, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0)
			attrs := k.Meshes[0].(map[string]any)["primitives"].([]any)[0].(map[string]any)["attributes"].(map[string]any)
			attrs["JOINTS_0"], attrs["WEIGHTS_0"] = j, w
			n["skin"] = 0
			k.Node(map[string]any{"name": "J"})
			k.Doc["skins"] = []any{map[string]any{"joints": []int{1}}}
			k.Doc["scenes"] = []any{map[string]any{"nodes": []int{0}}, map[string]any{"nodes": []int{1}}}
		}), `node 0 "N"`, `its joint node 1 "J"`)
	add("skinned-without-joints", "a node with a skin whose mesh has no JOINTS_0",
		oneTriangle(func(k *Kit, n map[string]any) {
			n["skin"] = 0
			k.Doc["skins"] = []any{map[string]any{"joints": []int{0}}}
		}), "no JOINTS_0")
	sampler := func(a map[string]any) map[string]any { return a["samplers"].([]any)[0].(map[string]any) }
	add("anim-times-not-increasing", "an animation input whose key times are 0, 1, 1",
		animatedTriangle(func(k *Kit, a map[string]any) {
			sampler(a)["input"] = k.Floats("SCALAR", 1, 0, 1, 1)
			sampler(a)["output"] = k.Floats("VEC3", 3, 0, 0, 0, 1, 0, 0, 2, 0, 0)
		}), `animation 0 "move" sampler 0 input`, "not strictly increasing")
	add("anim-times-negative", "an animation input starting at -1 s",
		animatedTriangle(func(k *Kit, a map[string]any) { sampler(a)["input"] = k.Floats("SCALAR", 1, -1, 1) }),
		`animation 0 "move" sampler 0 input`, "first key time is -1")
	add("anim-output-count", "a LINEAR translation output of 3 values for 2 keys",
		animatedTriangle(func(k *Kit, a map[string]any) {
			sampler(a)["output"] = k.Floats("VEC3", 3, 0, 0, 0, 1, 0, 0, 2, 0, 0)
		}), `animation 0 "move" channel 0`, "3 elements; LINEAR with 2 keys needs 2")
	add("anim-cubic-count", "a CUBICSPLINE translation output of 2 values for 2 keys (it needs 3 per key)",
		animatedTriangle(func(_ *Kit, a map[string]any) { sampler(a)["interpolation"] = "CUBICSPLINE" }),
		`animation 0 "move" channel 0`, "2 elements; CUBICSPLINE with 2 keys needs 6")
	add("anim-interpolation", `an animation sampler's interpolation "SMOOTH"`,
		animatedTriangle(func(_ *Kit, a map[string]any) { sampler(a)["interpolation"] = "SMOOTH" }),
		`animation 0 "move" sampler 0`, `interpolation "SMOOTH"`)
	add("anim-missing-node", "an animation channel targeting node 5 of 1",
		animatedTriangle(func(_ *Kit, a map[string]any) { a["channels"] = []any{Channel(0, 5, "translation")} }),
		`animation 0 "move" channel 0`, "target node 5 is not a node")
	add("anim-input-not-float", "an animation input of unsigned shorts",
		animatedTriangle(func(k *Kit, a map[string]any) {
			in := k.Ushorts(0, 1)
			k.Accessors[in].(map[string]any)["min"], k.Accessors[in].(map[string]any)["max"] = []int{0}, []int{1}
			sampler(a)["input"] = in
		}), `animation 0 "move" sampler 0 input`, "componentType 5123; glTF requires FLOAT for key times")
	add("anim-input-no-bounds", "an animation input without min and max",
		animatedTriangle(func(k *Kit, a map[string]any) {
			in := k.Accessors[sampler(a)["input"].(int)].(map[string]any)
			delete(in, "min")
			delete(in, "max")
		}), `animation 0 "move" sampler 0 input`, "no min and max")
	add("anim-path", `an animation channel with path "color"`,
		animatedTriangle(func(_ *Kit, a map[string]any) { a["channels"] = []any{Channel(0, 0, "color")} }),
		`animation 0 "move" channel 0`, `path "color"`)
	add("anim-duplicate-target", "two channels animating N's translation",
		animatedTriangle(func(_ *Kit, a map[string]any) {
			a["channels"] = []any{Channel(0, 0, "translation"), Channel(0, 0, "translation")}
		}), `animation 0 "move" channel 1`, "what channel 0 animates")
	add("anim-rotation-not-unit", "a rotation key (x, y, z, w) = (0, 0, 0, 2)",
		animatedTriangle(func(k *Kit, a map[string]any) {
			a["channels"] = []any{Channel(0, 0, "rotation")}
			sampler(a)["output"] = k.Floats("VEC4", 4, 0, 0, 0, 1, 0, 0, 0, 2)
		}), `animation 0 "move" channel 0`, "element 1", "has length 2")
	add("anim-matrix-node", "a translation channel on a node given by a matrix",
		animatedTriangle(func(k *Kit, _ map[string]any) {
			k.Nodes[0].(map[string]any)["matrix"] = []float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}
		}), `animation 0 "move" channel 0`, "given by a matrix")
	add("anim-weights-no-targets", "a weights channel on a node whose mesh has no morph targets",
		animatedTriangle(func(k *Kit, a map[string]any) {
			a["channels"] = []any{Channel(0, 0, "weights")}
			sampler(a)["output"] = k.Floats("SCALAR", 1, 0, 1)
		}), `animation 0 "move" channel 0`, "no mesh with morph targets")
	add("anim-cubic-overshoot", "a CUBICSPLINE translation from 0 to 0 over 1000 s with an out-tangent of 10^5 per second: the curve reaches 1.5e7",
		animatedTriangle(func(k *Kit, a map[string]any) {
			sampler(a)["input"] = k.Floats("SCALAR", 1, 0, 1000)
			sampler(a)["interpolation"] = "CUBICSPLINE"
			sampler(a)["output"] = k.Floats("VEC3", 3, 0, 0, 0, 0, 0, 0, 1e5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
		}), `animation 0 "move" channel 0`, "the curve reaches")
	add("anim-no-channels", "an animation without channels",
		animatedTriangle(func(_ *Kit, a map[string]any) { a["channels"] = []any{} }),
		`animation 0 "move" has 0 channels`)
	add("morph-weights-count", "a node with 2 weights for its mesh's 1 morph target",
		oneTriangle(func(k *Kit, n map[string]any) {
			prim := k.Meshes[0].(map[string]any)["primitives"].([]any)[0].(map[string]any)
			prim["targets"] = []any{map[string]any{"POSITION": k.Floats("VEC3", 3, 0, 0, 1, 0, 0, 1, 0, 0, 1)}}
			n["weights"] = []float64{0.5, 0.5}
		}), `node 0 "N"`, "2 weights", "1 morph targets")
	// Invalid UTF-8 in a name: written by hand, as encoding/json would
	// replace the byte.
	utf := strings.Replace(string(oneTriangle(func(*Kit, map[string]any) {})), `"name":"N"`, "\"name\":\"N\xff\"", 1)
	add("bad-utf8", "a node name holding the byte 0xFF", []byte(utf), "UTF-8")
	// One root listed 1,500 times by a scene.
	roots := make([]int, 1500)
	add("root-1500", "scene 0 lists node 0 1,500 times",
		oneTriangle(func(k *Kit, _ map[string]any) { k.Doc["scenes"] = []any{map[string]any{"nodes": roots}} }), "twice among its roots")
	// 1,000 POINTS primitives, each with 2^20 indices and no bufferView:
	// 58 KB that asked for more than 8 GB.
	out = append(out, Hostile{Name: "index-bomb.gltf", About: "1,000 POINTS primitives each with a 2^20-element index accessor without a bufferView",
		Data: indexBomb(1000), Want: []string{"accessor elements"}})
	// 1,000 animations whose one channel each uses the same 10^4 key
	// times and values: 70 KB that would make the reader hold 2·10^7
	// elements' worth of channels (each use counts).
	out = append(out, Hostile{Name: "anim-bomb.gltf", About: "1,000 animations each with one channel on one 10^4-key sampler's accessors",
		Data: animBomb(1000, 10000), Want: []string{"accessor elements"}})
	// 3,000 scenes that list one tree of 10^4 nodes: every scene but the
	// one shown must not be built.
	out = append(out, Hostile{Name: "scene-bomb.gltf", About: "3,000 scenes listing one 10^4-node tree",
		Data: sceneBomb(3000, 10000), Want: []string{"nodes in all"}, Readable: true})
	return out
}

// indexBomb returns a file of n POINTS primitives sharing one position
// and one index accessor of 2^20 zeros without a bufferView.
func indexBomb(n int) []byte {
	k := NewKit()
	p := k.Floats("VEC3", 3, 0, 0, 0)
	idx := k.Accessor(map[string]any{"componentType": 5125, "count": 1 << 20, "type": "SCALAR"})
	prims := make([]any, n)
	for i := range prims {
		prims[i] = map[string]any{"attributes": map[string]any{"POSITION": p}, "indices": idx, "mode": 0}
	}
	k.Mesh(map[string]any{"primitives": prims})
	k.Node(map[string]any{"name": "Bomb", "mesh": 0})
	return k.Bytes()
}

// animBomb returns a file of node 0 "N" (a triangle) and n animations,
// each with one translation channel on N whose sampler uses one input of
// keys increasing key times and one output of keys zeros (no
// bufferView).
func animBomb(n, keys int) []byte {
	k := NewKit()
	k.Node(map[string]any{"name": "N", "mesh": k.Triangle()})
	times := make([]float64, keys)
	for i := range times {
		times[i] = float64(i)
	}
	in := k.Floats("SCALAR", 1, times...)
	out := k.Accessor(map[string]any{"componentType": 5126, "count": keys, "type": "VEC3"})
	for range n {
		k.Animation("", []any{Channel(0, 0, "translation")}, []any{Sampler(in, out, "")})
	}
	return k.Bytes()
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

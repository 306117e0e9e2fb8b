package gltfio

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/qmuntal/gltf"

	"skewlab/internal/gltfgen"
)

// compressedGarbage is what the test files' compressed views and buffers
// hold: arbitrary bytes (no decoder reads them; the bake must not copy
// them).
func compressedGarbage() []byte {
	rng := rand.New(rand.NewPCG(7, 28))
	out := []byte("skewlab test: not a Draco or meshopt stream ")
	for range 100 {
		out = append(out, byte(rng.UintN(256)))
	}
	return out
}

func dataURI(b []byte) string {
	return "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(b)
}

// compressedRig is rig.gltf (with rig.bin) plus a root Plain (the box, no
// transform: its mesh stays unbaked) and the compression extensions as
// optional: the box's primitive has KHR_draco_mesh_compression naming
// bufferView 4 (in buffer 1, garbage); bufferView 0 (POSITION) has
// EXT_meshopt_compression with its compressed data in buffer 1 and its
// uncompressed fallback in buffer 2 (a copy of rig.bin's POSITION bytes,
// marked {"fallback": true}); bufferView 1 (NORMAL) the same with
// KHR_meshopt_compression and buffer 3. All three are in
// extensionsUsed, none in extensionsRequired. withLight adds
// KHR_lights_punctual with a light on Hips (so the file still uses an
// extension after the bake, which makes pack keep unreferenced views).
func compressedRig(t *testing.T, withLight bool) []gltfgen.File {
	t.Helper()
	files := fixtureFiles(t, "rig.gltf")
	bin := files[1].Data
	var doc map[string]any
	if err := json.Unmarshal(files[0].Data, &doc); err != nil {
		t.Fatal(err)
	}
	garbage := compressedGarbage()
	views := doc["bufferViews"].([]any)
	view := func(i int) (off, n int) {
		v := views[i].(map[string]any)
		o, _ := v["byteOffset"].(float64)
		return int(o), int(v["byteLength"].(float64))
	}
	po, pn := view(0)
	no, nn := view(1)
	doc["buffers"] = append(doc["buffers"].([]any),
		map[string]any{"byteLength": len(garbage), "uri": dataURI(garbage)},
		map[string]any{"byteLength": pn, "uri": dataURI(bin[po : po+pn]), "extensions": map[string]any{"EXT_meshopt_compression": map[string]any{"fallback": true}}},
		map[string]any{"byteLength": nn, "uri": dataURI(bin[no : no+nn]), "extensions": map[string]any{"KHR_meshopt_compression": map[string]any{"fallback": true}}})
	meshopt := func(n int) map[string]any {
		return map[string]any{"buffer": 1, "byteOffset": 0, "byteLength": len(garbage), "byteStride": 12, "count": n / 12, "mode": "ATTRIBUTES"}
	}
	views[0] = map[string]any{"buffer": 2, "byteLength": pn, "target": 34962, "extensions": map[string]any{"EXT_meshopt_compression": meshopt(pn)}}
	views[1] = map[string]any{"buffer": 3, "byteLength": nn, "target": 34962, "extensions": map[string]any{"KHR_meshopt_compression": meshopt(nn)}}
	doc["bufferViews"] = append(views, map[string]any{"buffer": 1, "byteLength": len(garbage)})
	prim := doc["meshes"].([]any)[0].(map[string]any)["primitives"].([]any)[0].(map[string]any)
	prim["extensions"] = map[string]any{"KHR_draco_mesh_compression": map[string]any{"bufferView": 4, "attributes": map[string]any{"POSITION": 0, "NORMAL": 1}}}
	doc["extensionsUsed"] = []string{"KHR_draco_mesh_compression", "EXT_meshopt_compression", "KHR_meshopt_compression"}
	nodes := doc["nodes"].([]any)
	doc["nodes"] = append(nodes, map[string]any{"name": "Plain", "mesh": 0, "translation": []float64{4, 0, 0}})
	scene := doc["scenes"].([]any)[0].(map[string]any)
	scene["nodes"] = append(scene["nodes"].([]any), len(nodes))
	if withLight {
		doc["extensionsUsed"] = append(doc["extensionsUsed"].([]string), "KHR_lights_punctual")
		doc["extensions"] = map[string]any{"KHR_lights_punctual": map[string]any{"lights": []any{map[string]any{"type": "point"}}}}
		nodes[0].(map[string]any)["extensions"] = map[string]any{"KHR_lights_punctual": map[string]any{"light": 0}}
	}
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	files[0].Data = data
	return files
}

// danglingRefs lists every index in a decoded document that points at
// nothing: accessors' buffer views, views' buffers and byte ranges,
// primitives' accessors, skins' matrices, images' views, nodes' meshes,
// cameras and children.
func danglingRefs(doc *gltf.Document) []string {
	var out []string
	bad := func(what string, i, n int) {
		if i < 0 || i >= n {
			out = append(out, what)
		}
	}
	for i, v := range doc.BufferViews {
		bad("bufferView buffer", v.Buffer, len(doc.Buffers))
		if v.Buffer >= 0 && v.Buffer < len(doc.Buffers) && v.ByteOffset+v.ByteLength > doc.Buffers[v.Buffer].ByteLength {
			out = append(out, fmt.Sprintf("bufferView %d past its buffer", i))
		}
	}
	for _, a := range doc.Accessors {
		if a.BufferView != nil {
			bad("accessor bufferView", *a.BufferView, len(doc.BufferViews))
		}
	}
	for _, m := range doc.Meshes {
		for _, p := range m.Primitives {
			for _, a := range p.Attributes {
				bad("attribute accessor", a, len(doc.Accessors))
			}
			if p.Indices != nil {
				bad("indices accessor", *p.Indices, len(doc.Accessors))
			}
		}
	}
	for _, s := range doc.Skins {
		if s.InverseBindMatrices != nil {
			bad("inverseBindMatrices", *s.InverseBindMatrices, len(doc.Accessors))
		}
	}
	for _, im := range doc.Images {
		if im.BufferView != nil {
			bad("image bufferView", *im.BufferView, len(doc.BufferViews))
		}
	}
	for _, n := range doc.Nodes {
		if n.Mesh != nil {
			bad("node mesh", *n.Mesh, len(doc.Meshes))
		}
		if n.Camera != nil {
			bad("node camera", *n.Camera, len(doc.Cameras))
		}
		for _, c := range n.Children {
			bad("node child", c, len(doc.Nodes))
		}
	}
	return out
}

// Optional compression extensions are dropped from the copy with what
// they point at: its JSON names neither Draco nor meshopt (extension
// objects on primitives, views and buffers, extensionsUsed), no index in
// it dangles, it has one buffer, and not one run of 32 bytes of the
// compressed data is in it; its notes say so. It draws the same: every
// mesh node's world vertices (this test's matrix product over qmuntal's
// decoding, which reads the uncompressed data) are the original's to
// 1e-6, the unbaked Plain included. With and without another extension
// left in the file (which makes the bake keep unreferenced views). The
// old bake kept the extensions, pointing at data it had not baked and a
// buffer the copy no longer has.
func TestBakeDropsOptionalCompression(t *testing.T) {
	garbage := compressedGarbage()
	for _, withLight := range []bool{false, true} {
		files := compressedRig(t, withLight)
		if _, err := Read(files[0].Name, files[0].Data, mapFS(map[string][]byte{files[1].Name: files[1].Data})); err != nil {
			t.Fatalf("the test file does not read: %v", err)
		}
		b := mustBake(t, files)
		jl := binary.LittleEndian.Uint32(b.GLB[12:])
		text := strings.ToLower(string(b.GLB[20 : 20+jl]))
		for _, word := range []string{"draco", "meshopt", "fallback"} {
			if strings.Contains(text, word) {
				t.Errorf("light %v: the copy's JSON names %q:\n%s", withLight, word, text)
			}
		}
		for k := 0; k+32 <= len(garbage); k += 16 {
			if bytes.Contains(b.GLB, garbage[k:k+32]) {
				t.Errorf("light %v: the copy holds compressed bytes %d..%d", withLight, k, k+32)
				break
			}
		}
		notes := strings.Join(b.Notes, " ")
		if !strings.Contains(notes, "KHR_draco_mesh_compression (optional) dropped from 1 primitive") ||
			!strings.Contains(notes, "meshopt compression (optional) dropped from 2 buffer view") {
			t.Errorf("light %v: notes %q", withLight, b.Notes)
		}
		orig := decode(t, files)
		copyDoc := decode(t, []gltfgen.File{{Name: "copy.glb", Data: b.GLB}})
		if d := danglingRefs(copyDoc); len(d) > 0 || len(copyDoc.Buffers) != 1 {
			t.Errorf("light %v: %d buffers, dangling: %v", withLight, len(copyDoc.Buffers), d)
		}
		if withLight != (len(copyDoc.ExtensionsUsed) == 1) {
			t.Errorf("light %v: extensionsUsed %v", withLight, copyDoc.ExtensionsUsed)
		}
		ow, cw := docWorlds(orig), docWorlds(copyDoc)
		checked := 0
		for i, n := range orig.Nodes {
			if n.Mesh == nil {
				continue
			}
			op, cp := positionsOf(t, orig, *n.Mesh), positionsOf(t, copyDoc, *copyDoc.Nodes[i].Mesh)
			if len(op) != len(cp) {
				t.Fatalf("%s: %d vertices, want %d", n.Name, len(cp), len(op))
			}
			for k := range op {
				if d := apply(cw[i], cp[k]).Sub(apply(ow[i], op[k])).Len(); d > 1e-6 {
					t.Fatalf("light %v: %s vertex %d: world %v, want %v", withLight, n.Name, k, apply(cw[i], cp[k]), apply(ow[i], op[k]))
				}
				checked++
			}
		}
		if checked != 5*24 {
			t.Errorf("checked %d vertices, want 5 boxes of 24", checked)
		}
		// Plain keeps the original mesh (identity M): its vertices are the
		// uncompressed fallback's, by hand the unit cube's corners.
		plain := positionsOf(t, copyDoc, *copyDoc.Nodes[len(orig.Nodes)-1].Mesh)
		for _, p := range plain {
			for c := range 3 {
				if p[c] != 0.5 && p[c] != -0.5 {
					t.Fatalf("Plain's vertex %v is not a corner of the unit cube", p)
				}
			}
		}
	}
}

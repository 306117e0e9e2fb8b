package gltfio

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"skewlab/internal/gltfgen"
)

// sparseSquare returns a file whose node "Sq" (scale (1, 2, 1)) draws a
// quad (0,0,0) (1,0,0) (1,1,0) (0,1,0) as two triangles; its POSITION
// accessor is sparse, replacing vertices 1 and 3 by (2,0,0) and (0,3,0);
// its index accessor is sparse too, replacing element 5 (3) by 1; and a
// morph target's POSITION deltas are all zero but for a sparse (0,1,1)
// at vertex 2.
func sparseSquare(t *testing.T) []byte {
	k := gltfgen.NewKit()
	pos := k.Floats("VEC3", 3, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0)
	k.Accessors[pos].(map[string]any)["max"] = []float64{2, 3, 0}
	k.Accessors[pos].(map[string]any)["sparse"] = map[string]any{"count": 2,
		"indices": map[string]any{"bufferView": k.View([]byte{1, 0, 3, 0}), "componentType": 5123},
		"values":  map[string]any{"bufferView": k.View(f32(2, 0, 0, 0, 3, 0))}}
	idx := k.Ushorts(0, 1, 2, 0, 2, 3)
	k.Accessors[idx].(map[string]any)["sparse"] = map[string]any{"count": 1,
		"indices": map[string]any{"bufferView": k.View([]byte{5, 0, 0, 0}), "componentType": 5123},
		"values":  map[string]any{"bufferView": k.View([]byte{1, 0, 0, 0}), "byteOffset": 0}}
	target := k.Accessor(map[string]any{"componentType": 5126, "count": 4, "type": "VEC3", "min": []float64{0, 0, 0}, "max": []float64{0, 1, 1},
		"sparse": map[string]any{"count": 1, "indices": map[string]any{"bufferView": k.View([]byte{2, 0, 0, 0}), "componentType": 5123},
			"values": map[string]any{"bufferView": k.View(f32(0, 1, 1))}}})
	m := k.Mesh(map[string]any{"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": pos}, "indices": idx,
		"targets": []any{map[string]any{"POSITION": target}}}}, "weights": []float64{0}})
	k.Node(map[string]any{"name": "Sq", "mesh": m, "scale": []float64{1, 2, 1}})
	return k.Bytes()
}

func f32(vals ...float32) []byte {
	b := make([]byte, 4*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
	}
	return b
}

// Sparse accessors (a core glTF 2.0 feature, refused before) are read
// with their values in place: positions, indices and morph targets.
func TestSparseAccessors(t *testing.T) {
	f, err := Read("sparse.gltf", sparseSquare(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	m := mustBuild(t, f, 0).Scene.Nodes[0].Mesh
	want := []mgl64.Vec3{{0, 0, 0}, {2, 0, 0}, {1, 1, 0}, {0, 3, 0}}
	for i, p := range want {
		if m.Points[i] != p {
			t.Errorf("point %d = %v, want %v", i, m.Points[i], p)
		}
	}
	// Triangles (0,1,2) and (0,2,1): edges 0-1, 1-2, 0-2 once each.
	if len(m.Edges) != 3 {
		t.Errorf("%d edges %v, want 3 (the sparse index makes the second triangle the first)", len(m.Edges), m.Edges)
	}
	// The bake writes dense copies: positions times diag(1, 2, 1), the
	// target's deltas too, with no sparse left in what it rewrote.
	b, err := Bake("sparse.gltf", sparseSquare(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	doc := decode(t, filesOf("copy.glb", b.GLB))
	p := doc.Meshes[*doc.Nodes[0].Mesh].Primitives[0]
	for _, ai := range []int{p.Attributes[gltf.POSITION], p.Targets[0][gltf.POSITION]} {
		if doc.Accessors[ai].Sparse != nil {
			t.Errorf("accessor %d is still sparse", ai)
		}
	}
	got, err := modeler.ReadPosition(doc, doc.Accessors[p.Attributes[gltf.POSITION]], nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range want {
		if g := (mgl64.Vec3{float64(got[i][0]), float64(got[i][1]), float64(got[i][2])}); g != (mgl64.Vec3{w[0], 2 * w[1], w[2]}) {
			t.Errorf("baked point %d = %v, want %v", i, g, w)
		}
	}
	delta, err := modeler.ReadPosition(doc, doc.Accessors[p.Targets[0][gltf.POSITION]], nil)
	if err != nil {
		t.Fatal(err)
	}
	if delta[2] != [3]float32{0, 2, 1} || delta[1] != [3]float32{} {
		t.Errorf("baked target deltas %v, want (0,2,1) at vertex 2 only", delta)
	}
}

// KHR_mesh_quantization: positions as normalized or plain shorts read as
// the numbers they mean (v/32767, or v).
func TestQuantizedPositions(t *testing.T) {
	for _, norm := range []bool{false, true} {
		k := gltfgen.NewKit()
		data := make([]byte, 0, 24)
		for _, v := range []int16{0, 0, 0, 32767, 0, 0, 0, -32768, 100} {
			data = binary.LittleEndian.AppendUint16(data, uint16(v))
		}
		pos := k.Accessor(map[string]any{"bufferView": k.View(data), "componentType": 5122, "normalized": norm, "count": 3, "type": "VEC3"})
		m := k.Mesh(map[string]any{"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": pos}}}})
		k.Node(map[string]any{"name": "Q", "mesh": m})
		k.Doc["extensionsUsed"] = []string{"KHR_mesh_quantization"}
		k.Doc["extensionsRequired"] = []string{"KHR_mesh_quantization"}
		f, err := Read("quant.gltf", k.Bytes(), nil)
		if err != nil {
			t.Fatal(err)
		}
		pts := mustBuild(t, f, 0).Scene.Nodes[0].Mesh.Points
		want := []mgl64.Vec3{{0, 0, 0}, {32767, 0, 0}, {0, -32768, 100}}
		if norm {
			// -32768/32767 is clamped to -1, as the spec says.
			want = []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, -1, 100.0 / 32767}}
		}
		for i := range want {
			if pts[i].Sub(want[i]).Len() > 1e-12 {
				t.Errorf("normalized %v: point %d = %v, want %v", norm, i, pts[i], want[i])
			}
		}
	}
}

// kindOf names every component type and normalization by its own kind.
func TestKindOf(t *testing.T) {
	for _, c := range []struct {
		comp gltf.ComponentType
		norm bool
		want kinds
	}{
		{gltf.ComponentFloat, false, kFloat}, {gltf.ComponentUint, false, kUint},
		{gltf.ComponentByte, false, kByte}, {gltf.ComponentByte, true, kByteNorm},
		{gltf.ComponentUbyte, false, kUbyte}, {gltf.ComponentUbyte, true, kUbyteNorm},
		{gltf.ComponentShort, false, kShort}, {gltf.ComponentShort, true, kShortNorm},
		{gltf.ComponentUshort, false, kUshort}, {gltf.ComponentUshort, true, kUshortNorm},
	} {
		if got := kindOf(c.comp, c.norm); got != c.want {
			t.Errorf("kindOf(%v, %v) = %b, want %b", c.comp, c.norm, got, c.want)
		}
	}
}

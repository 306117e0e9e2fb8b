package gltfgen

import (
	"encoding/binary"
	"fmt"
)

// NotGLTF returns not-gltf.gltf: not glTF at all, the 8-byte PNG
// signature and the start of an IHDR chunk followed by a line of text.
func NotGLTF() []File {
	data := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	data = append(data, "\nthis is a PNG header, not glTF\n"...)
	return []File{{Name: "not-gltf.gltf", Data: data}}
}

// Truncated returns truncated.glb: rig.glb cut in the middle of its BIN
// chunk's data (the header's length still says the whole file's).
func Truncated() []File {
	glb := RigGLB()[0].Data
	jsonLen := int(binary.LittleEndian.Uint32(glb[glbHeaderLen:]))
	binStart := glbHeaderLen + glbChunkHead + jsonLen
	binLen := int(binary.LittleEndian.Uint32(glb[binStart:]))
	cut := binStart + glbChunkHead + binLen/2
	return []File{{Name: "truncated.glb", Data: glb[:cut:cut]}}
}

// MissingBuffer returns missing-buffer.gltf: the rig of Rig whose buffer 0
// names the relative URI "missing.bin", which is not written.
func MissingBuffer() []File {
	return rig().external("missing-buffer.gltf", "missing.bin")[:1]
}

// BadChild returns bad-child.gltf: node 0 "Root" (box mesh) has children
// [1, 7] but there are only two nodes (1 is "Leaf").
func BadChild() []File {
	b := newBuilder()
	bx := b.boxMesh()
	b.addNode(node{Name: "Root", Children: []int{1, 7}, Mesh: ptr(bx)})
	b.addNode(node{Name: "Leaf", Mesh: ptr(bx), Translation: []float64{0, 1, 0}})
	b.oneScene(0)
	return []File{b.embedded("bad-child.gltf")}
}

// BadAccessor returns bad-accessor.gltf: node 0 "Body" has mesh "box"
// whose primitive 0 has POSITION = accessor 9, past the four accessors
// (0 POSITION, 1 NORMAL, 2 TANGENT, 3 indices) the file has.
func BadAccessor() []File {
	b := newBuilder()
	bx := b.boxMesh()
	b.doc.Meshes[bx].Primitives[0].Attributes["POSITION"] = 9
	b.addNode(node{Name: "Body", Mesh: ptr(bx)})
	b.oneScene(0)
	return []File{b.embedded("bad-accessor.gltf")}
}

// BadIndicesValue is the out-of-range vertex index in bad-indices.gltf.
const BadIndicesValue = 99

// BadIndices returns bad-indices.gltf: node 0 "Body" has mesh "box"
// (24 vertices) whose index accessor 3, named "box indices", has
// BadIndicesValue as its last index.
func BadIndices() []File {
	b := newBuilder()
	m := box()
	m.Indices[len(m.Indices)-1] = BadIndicesValue
	bx := b.addMesh(mesh{Name: "box", Primitives: []primitive{b.primitiveOf(m, false)}})
	idx := *b.doc.Meshes[bx].Primitives[0].Indices
	b.doc.Accessors[idx].Name = "box indices"
	b.addNode(node{Name: "Body", Mesh: ptr(bx)})
	b.oneScene(0)
	return []File{b.embedded("bad-indices.gltf")}
}

// NaNMatrix returns nan-matrix.gltf, written by hand: node 0 "Broken"
// whose matrix holds the bare token NaN (what Python's json.dumps
// writes), which is not JSON. Everything else is a valid one-node file.
func NaNMatrix() []File {
	text := fmt.Sprintf(`{
  "asset": {"version": "2.0", "generator": %q},
  "scene": 0,
  "scenes": [{"nodes": [0]}],
  "nodes": [
    {"name": "Broken", "matrix": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, NaN, 0, 0, 1]}
  ]
}
`, generator)
	return []File{{Name: "nan-matrix.gltf", Data: []byte(text)}}
}

// Cycle returns cycle.gltf: node 0 "Ping" has children [1] and node 1
// "Pong" has children [0]; scene 0 = [Ping].
func Cycle() []File {
	b := newBuilder()
	bx := b.boxMesh()
	b.addNode(node{Name: "Ping", Children: []int{1}, Mesh: ptr(bx)})
	b.addNode(node{Name: "Pong", Children: []int{0}, Mesh: ptr(bx), Translation: []float64{0, 1, 0}})
	b.oneScene(0)
	return []File{b.embedded("cycle.gltf")}
}

// TwoParents returns two-parents.gltf: node 2 "Shared" is a child of
// both node 0 "Left" and node 1 "Right"; scene 0 = [Left, Right].
func TwoParents() []File {
	b := newBuilder()
	bx := b.boxMesh()
	b.addNode(node{Name: "Left", Children: []int{2}, Translation: []float64{-1, 0, 0}})
	b.addNode(node{Name: "Right", Children: []int{2}, Translation: []float64{1, 0, 0}})
	b.addNode(node{Name: "Shared", Mesh: ptr(bx)})
	b.oneScene(0, 1)
	return []File{b.embedded("two-parents.gltf")}
}

// DracoExtension is the extension draco.gltf requires.
const DracoExtension = "KHR_draco_mesh_compression"

// Draco returns draco.gltf: an otherwise valid one-box file (node 0
// "Box") whose extensionsUsed and extensionsRequired list
// DracoExtension, which a reader without Draco must refuse.
func Draco() []File {
	b := newBuilder()
	bx := b.boxMesh()
	b.addNode(node{Name: "Box", Mesh: ptr(bx)})
	b.oneScene(0)
	b.doc.ExtensionsUsed = []string{DracoExtension}
	b.doc.ExtensionsRequired = []string{DracoExtension}
	return []File{b.embedded("draco.gltf")}
}

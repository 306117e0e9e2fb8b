package gltfgen

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math"
)

// File is one file of a fixture: Name is the file name (no directory;
// adjacent files such as rig.bin are referred to by it as a relative
// URI) and Data its bytes.
type File struct {
	Name string
	Data []byte
}

// The JSON structs below hold only the glTF 2.0 properties the fixtures
// use. Optional indices are pointers (index 0 is meaningful); optional
// arrays are omitted when empty.

type document struct {
	Asset              asset          `json:"asset"`
	ExtensionsUsed     []string       `json:"extensionsUsed,omitempty"`
	ExtensionsRequired []string       `json:"extensionsRequired,omitempty"`
	Extensions         map[string]any `json:"extensions,omitempty"`
	Scene              *int           `json:"scene,omitempty"`
	Scenes             []scene        `json:"scenes,omitempty"`
	Nodes              []node         `json:"nodes,omitempty"`
	Meshes             []mesh         `json:"meshes,omitempty"`
	Cameras            []camera       `json:"cameras,omitempty"`
	Skins              []skin         `json:"skins,omitempty"`
	Animations         []animation    `json:"animations,omitempty"`
	Accessors          []accessor     `json:"accessors,omitempty"`
	BufferViews        []bufferView   `json:"bufferViews,omitempty"`
	Buffers            []buffer       `json:"buffers,omitempty"`
}

type asset struct {
	Version   string `json:"version"`
	Generator string `json:"generator,omitempty"`
}

type scene struct {
	Name  string `json:"name,omitempty"`
	Nodes []int  `json:"nodes"`
}

type node struct {
	Name        string         `json:"name,omitempty"`
	Children    []int          `json:"children,omitempty"`
	Mesh        *int           `json:"mesh,omitempty"`
	Camera      *int           `json:"camera,omitempty"`
	Skin        *int           `json:"skin,omitempty"`
	Matrix      []float64      `json:"matrix,omitempty"`
	Translation []float64      `json:"translation,omitempty"`
	Rotation    []float64      `json:"rotation,omitempty"`
	Scale       []float64      `json:"scale,omitempty"`
	Extensions  map[string]any `json:"extensions,omitempty"`
}

type mesh struct {
	Name       string      `json:"name,omitempty"`
	Primitives []primitive `json:"primitives"`
}

type primitive struct {
	Attributes map[string]int `json:"attributes"`
	Indices    *int           `json:"indices,omitempty"`
	Mode       *int           `json:"mode,omitempty"`
}

type camera struct {
	Name        string       `json:"name,omitempty"`
	Type        string       `json:"type"`
	Perspective *perspective `json:"perspective,omitempty"`
}

type perspective struct {
	AspectRatio float64 `json:"aspectRatio,omitempty"`
	Yfov        float64 `json:"yfov"`
	Znear       float64 `json:"znear"`
	Zfar        float64 `json:"zfar,omitempty"`
}

type skin struct {
	Name                string `json:"name,omitempty"`
	InverseBindMatrices *int   `json:"inverseBindMatrices,omitempty"`
	Skeleton            *int   `json:"skeleton,omitempty"`
	Joints              []int  `json:"joints"`
}

type animation struct {
	Name     string             `json:"name,omitempty"`
	Channels []animationChannel `json:"channels"`
	Samplers []animationSampler `json:"samplers"`
}

type animationChannel struct {
	Sampler int           `json:"sampler"`
	Target  channelTarget `json:"target"`
}

type channelTarget struct {
	Node *int   `json:"node,omitempty"`
	Path string `json:"path"`
}

type animationSampler struct {
	Input         int    `json:"input"`
	Interpolation string `json:"interpolation,omitempty"`
	Output        int    `json:"output"`
}

type accessor struct {
	Name          string    `json:"name,omitempty"`
	BufferView    *int      `json:"bufferView,omitempty"`
	ComponentType int       `json:"componentType"`
	Count         int       `json:"count"`
	Type          string    `json:"type"`
	Min           []float64 `json:"min,omitempty"`
	Max           []float64 `json:"max,omitempty"`
}

type bufferView struct {
	Buffer     int `json:"buffer"`
	ByteOffset int `json:"byteOffset"`
	ByteLength int `json:"byteLength"`
	Target     int `json:"target,omitempty"`
}

type buffer struct {
	ByteLength int    `json:"byteLength"`
	URI        string `json:"uri,omitempty"`
}

// glTF enumerations used here (glTF 2.0 specification, section 5).
const (
	compUByte  = 5121
	compUShort = 5123
	compUInt   = 5125
	compFloat  = 5126

	targetArray   = 34962 // ARRAY_BUFFER: vertex attributes
	targetElement = 34963 // ELEMENT_ARRAY_BUFFER: indices
)

// generator is the asset.generator string of every fixture.
const generator = "skewlab internal/gltfgen"

// ptr returns a pointer to i, for the optional indices of the JSON structs.
func ptr(i int) *int { return &i }

// builder collects one document and its single binary buffer. Every add
// method appends one 4-byte aligned bufferView and one accessor and
// returns the accessor's index.
type builder struct {
	doc document
	bin []byte
}

func newBuilder() *builder {
	return &builder{doc: document{Asset: asset{Version: "2.0", Generator: generator}}}
}

// view appends data as a new bufferView (target 0 = none) and returns its
// index; the view starts on a 4-byte boundary (the gap is zeros).
func (b *builder) view(data []byte, target int) int {
	for len(b.bin)%4 != 0 {
		b.bin = append(b.bin, 0)
	}
	b.doc.BufferViews = append(b.doc.BufferViews, bufferView{
		Buffer: 0, ByteOffset: len(b.bin), ByteLength: len(data), Target: target,
	})
	b.bin = append(b.bin, data...)
	return len(b.doc.BufferViews) - 1
}

func (b *builder) accessor(a accessor) int {
	b.doc.Accessors = append(b.doc.Accessors, a)
	return len(b.doc.Accessors) - 1
}

// floats appends float32 vectors of n components (accessor type typ) with
// the given bufferView target; withMinMax adds the per-component min and
// max, written as the float64 values of the stored float32s so they
// compare equal to the data.
func (b *builder) floats(vs [][]float32, typ string, target int, withMinMax bool) int {
	n := len(vs[0])
	data := make([]byte, 0, 4*n*len(vs))
	for _, v := range vs {
		for _, c := range v {
			data = binary.LittleEndian.AppendUint32(data, math.Float32bits(c))
		}
	}
	a := accessor{BufferView: ptr(b.view(data, target)), ComponentType: compFloat, Count: len(vs), Type: typ}
	if withMinMax {
		a.Min, a.Max = minMax(vs)
	}
	return b.accessor(a)
}

// minMax returns the per-component minimum and maximum of vs as float64.
func minMax(vs [][]float32) (lo, hi []float64) {
	n := len(vs[0])
	lo, hi = make([]float64, n), make([]float64, n)
	for c := range n {
		lo[c], hi[c] = math.Inf(1), math.Inf(-1)
		for _, v := range vs {
			lo[c] = math.Min(lo[c], float64(v[c]))
			hi[c] = math.Max(hi[c], float64(v[c]))
		}
	}
	return lo, hi
}

// positions appends a VEC3 POSITION accessor with min and max.
func (b *builder) positions(vs [][3]float32) int {
	return b.floats(vec3s(vs), "VEC3", targetArray, true)
}

// vec3s converts fixed-size vectors to the slices floats takes.
func vec3s(vs [][3]float32) [][]float32 {
	out := make([][]float32, len(vs))
	for i := range vs {
		out[i] = vs[i][:]
	}
	return out
}

// vec4s converts fixed-size vectors to the slices floats takes.
func vec4s(vs [][4]float32) [][]float32 {
	out := make([][]float32, len(vs))
	for i := range vs {
		out[i] = vs[i][:]
	}
	return out
}

// indices16 appends an UNSIGNED_SHORT SCALAR index accessor.
func (b *builder) indices16(idx []uint32) int {
	data := make([]byte, 0, 2*len(idx))
	for _, i := range idx {
		data = binary.LittleEndian.AppendUint16(data, uint16(i))
	}
	return b.accessor(accessor{BufferView: ptr(b.view(data, targetElement)), ComponentType: compUShort, Count: len(idx), Type: "SCALAR"})
}

// indices32 appends an UNSIGNED_INT SCALAR index accessor.
func (b *builder) indices32(idx []uint32) int {
	data := make([]byte, 0, 4*len(idx))
	for _, i := range idx {
		data = binary.LittleEndian.AppendUint32(data, i)
	}
	return b.accessor(accessor{BufferView: ptr(b.view(data, targetElement)), ComponentType: compUInt, Count: len(idx), Type: "SCALAR"})
}

// ubytes4 appends an UNSIGNED_BYTE VEC4 vertex attribute (JOINTS_0).
func (b *builder) ubytes4(vs [][4]uint8) int {
	data := make([]byte, 0, 4*len(vs))
	for _, v := range vs {
		data = append(data, v[:]...)
	}
	return b.accessor(accessor{BufferView: ptr(b.view(data, targetArray)), ComponentType: compUByte, Count: len(vs), Type: "VEC4"})
}

// addMesh appends a mesh and returns its index.
func (b *builder) addMesh(m mesh) int {
	b.doc.Meshes = append(b.doc.Meshes, m)
	return len(b.doc.Meshes) - 1
}

// addNode appends a node and returns its index.
func (b *builder) addNode(n node) int {
	b.doc.Nodes = append(b.doc.Nodes, n)
	return len(b.doc.Nodes) - 1
}

// oneScene makes scene 0 with the given roots the default scene.
func (b *builder) oneScene(roots ...int) {
	b.doc.Scenes = []scene{{Nodes: roots}}
	b.doc.Scene = ptr(0)
}

// setBuffer records the single buffer: its byteLength is the data's
// length (unpadded) and uri is "" for a GLB's BIN chunk.
func (b *builder) setBuffer(uri string) {
	b.doc.Buffers = []buffer{{ByteLength: len(b.bin), URI: uri}}
}

// embedded returns the document as a .gltf with the buffer as a base64
// data URI.
func (b *builder) embedded(name string) File {
	b.setBuffer("data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(b.bin))
	return File{Name: name, Data: mustJSON(b.doc)}
}

// external returns the document as a .gltf whose buffer is the adjacent
// file binName (a relative URI), followed by that file.
func (b *builder) external(name, binName string) []File {
	b.setBuffer(binName)
	return []File{{Name: name, Data: mustJSON(b.doc)}, {Name: binName, Data: append([]byte(nil), b.bin...)}}
}

// glb returns the document and buffer as one GLB file.
func (b *builder) glb(name string) File {
	b.setBuffer("")
	js, err := json.Marshal(b.doc)
	if err != nil {
		panic("gltfgen: " + err.Error())
	}
	return File{Name: name, Data: packGLB(js, b.bin)}
}

// mustJSON marshals v indented by two spaces with a final newline. The
// fixtures hold only finite numbers, so an error is a bug here.
func mustJSON(v any) []byte {
	js, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		panic("gltfgen: " + err.Error())
	}
	return append(js, '\n')
}

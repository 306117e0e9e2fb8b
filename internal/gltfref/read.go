// Package gltfref is an independent glTF 2.0 reader written for skewlab's
// tests, from the glTF 2.0 specification and the specifications of the
// extensions it reads (KHR_mesh_quantization, EXT_mesh_gpu_instancing,
// KHR_lights_punctual). It uses only Go's standard library: none of
// skewlab's packages, no glTF library and no matrix library, so that a
// test comparing skewlab with it compares two separate readings of a file.
//
// It computes what a file means under matrix accumulation, the rule the
// glTF specification gives: a node's local matrix is its "matrix", or
// T*R*S from its translation, rotation and scale; world = parentWorld *
// local; column vectors. For a chosen scene it gives every node's world
// matrix, the world positions of every mesh vertex (instances and skinned
// vertices at the file's rest pose included), the world position,
// direction and up vector of every light and camera, and the model's
// size. See File.Scene. It also evaluates animations (File.PoseAt, its
// own implementation of the specification's LINEAR, spherical, STEP and
// CUBICSPLINE interpolation) and a scene at a time of one of them
// (File.SceneAt), skinned and morphed with the posed joints and weights.
//
// It is a test helper: it reads what the public sample models and the
// hand-written test files hold, checks every offset and length before it
// reads, and returns an error (never panics) on what it cannot read. It
// does not check everything the Khronos validator checks.
package gltfref

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// maxElements bounds the number of accessor components one read may
// allocate, so that a malformed count cannot exhaust memory.
const maxElements = 1 << 26

// document is the part of the glTF JSON the reader uses.
type document struct {
	Asset struct {
		Version string `json:"version"`
	} `json:"asset"`
	Scene       *int         `json:"scene"`
	Scenes      []sceneDef   `json:"scenes"`
	Nodes       []nodeDef    `json:"nodes"`
	Meshes      []meshDef    `json:"meshes"`
	Accessors   []accessor   `json:"accessors"`
	BufferViews []bufferView `json:"bufferViews"`
	Buffers     []bufferDef  `json:"buffers"`
	Skins       []skinDef    `json:"skins"`
	Animations  []animDef    `json:"animations"`
	Cameras     []json.RawMessage
	Extensions  struct {
		Lights *struct {
			Lights []json.RawMessage `json:"lights"`
		} `json:"KHR_lights_punctual"`
	} `json:"extensions"`
}

type sceneDef struct {
	Nodes []int `json:"nodes"`
}

type nodeDef struct {
	Name        string       `json:"name"`
	Children    []int        `json:"children"`
	Mesh        *int         `json:"mesh"`
	Skin        *int         `json:"skin"`
	Camera      *int         `json:"camera"`
	Matrix      *[16]float64 `json:"matrix"`
	Translation *[3]float64  `json:"translation"`
	Rotation    *[4]float64  `json:"rotation"`
	Scale       *[3]float64  `json:"scale"`
	Weights     []float64    `json:"weights"`
	Extensions  struct {
		Light *struct {
			Light *int `json:"light"`
		} `json:"KHR_lights_punctual"`
		Instancing *struct {
			Attributes map[string]int `json:"attributes"`
		} `json:"EXT_mesh_gpu_instancing"`
	} `json:"extensions"`
}

type meshDef struct {
	Primitives []primitive `json:"primitives"`
	Weights    []float64   `json:"weights"`
}

type primitive struct {
	Attributes map[string]int   `json:"attributes"`
	Targets    []map[string]int `json:"targets"`
}

type accessor struct {
	BufferView    *int    `json:"bufferView"`
	ByteOffset    int     `json:"byteOffset"`
	ComponentType int     `json:"componentType"`
	Normalized    bool    `json:"normalized"`
	Count         int     `json:"count"`
	Type          string  `json:"type"`
	Sparse        *sparse `json:"sparse"`
}

type sparse struct {
	Count   int `json:"count"`
	Indices struct {
		BufferView    int `json:"bufferView"`
		ByteOffset    int `json:"byteOffset"`
		ComponentType int `json:"componentType"`
	} `json:"indices"`
	Values struct {
		BufferView int `json:"bufferView"`
		ByteOffset int `json:"byteOffset"`
	} `json:"values"`
}

type bufferView struct {
	Buffer     int `json:"buffer"`
	ByteOffset int `json:"byteOffset"`
	ByteLength int `json:"byteLength"`
	ByteStride int `json:"byteStride"`
}

type bufferDef struct {
	URI        string `json:"uri"`
	ByteLength int    `json:"byteLength"`
}

type skinDef struct {
	InverseBindMatrices *int  `json:"inverseBindMatrices"`
	Joints              []int `json:"joints"`
}

// File is a glTF file read into memory: its JSON and its buffers.
type File struct {
	doc     document
	buffers [][]byte
	parent  []int // parent node index of every node, -1 for a root
}

// Load reads a .gltf (JSON, with embedded data: URIs or buffers in files
// beside it) or .glb (binary) file; which one is decided by the file's
// first four bytes, not its name.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := Parse(data, filepath.Dir(path))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// Parse reads a glTF file's bytes: GLB when they start with the GLB
// magic "glTF", JSON otherwise. Buffer URIs that are not data: URIs are
// read from dir (dir "" refuses them); a URI that is absolute or leads
// out of dir is refused.
func Parse(data []byte, dir string) (*File, error) {
	var jsonChunk, bin []byte
	if len(data) >= 4 && string(data[:4]) == "glTF" {
		var err error
		jsonChunk, bin, err = splitGLB(data)
		if err != nil {
			return nil, err
		}
	} else {
		jsonChunk = data
	}
	f := &File{}
	if err := json.Unmarshal(jsonChunk, &f.doc); err != nil {
		return nil, fmt.Errorf("JSON: %w", err)
	}
	if f.doc.Asset.Version != "2.0" {
		return nil, fmt.Errorf("asset.version %q, want \"2.0\"", f.doc.Asset.Version)
	}
	for i, b := range f.doc.Buffers {
		raw, err := loadBuffer(b, i, bin, dir)
		if err != nil {
			return nil, fmt.Errorf("buffer %d: %w", i, err)
		}
		f.buffers = append(f.buffers, raw)
	}
	if err := f.linkParents(); err != nil {
		return nil, err
	}
	return f, nil
}

// splitGLB returns a GLB file's JSON chunk and its BIN chunk (nil when
// there is none), after checking the header (glTF 2.0 spec, section
// "Binary glTF Layout").
func splitGLB(data []byte) (jsonChunk, bin []byte, err error) {
	if len(data) < 20 {
		return nil, nil, errors.New("GLB shorter than its header")
	}
	le := binary.LittleEndian
	if v := le.Uint32(data[4:]); v != 2 {
		return nil, nil, fmt.Errorf("GLB version %d, want 2", v)
	}
	total := int64(le.Uint32(data[8:]))
	if total > int64(len(data)) {
		return nil, nil, fmt.Errorf("GLB header length %d, file %d bytes", total, len(data))
	}
	pos := int64(12)
	for n := 0; pos+8 <= total; n++ {
		length := int64(le.Uint32(data[pos:]))
		kind := le.Uint32(data[pos+4:])
		start := pos + 8
		if start+length > total {
			return nil, nil, fmt.Errorf("GLB chunk %d runs past the end", n)
		}
		chunk := data[start : start+length]
		switch {
		case n == 0 && kind == 0x4E4F534A:
			jsonChunk = chunk
		case n == 0:
			return nil, nil, errors.New("GLB first chunk is not JSON")
		case n == 1 && kind == 0x004E4942:
			bin = chunk
		}
		pos = start + length
	}
	if jsonChunk == nil {
		return nil, nil, errors.New("GLB without a JSON chunk")
	}
	return jsonChunk, bin, nil
}

// loadBuffer returns buffer i's bytes, exactly byteLength of them.
func loadBuffer(b bufferDef, i int, bin []byte, dir string) ([]byte, error) {
	var raw []byte
	switch {
	case b.URI == "":
		if i != 0 || bin == nil {
			return nil, errors.New("no uri and no GLB BIN chunk")
		}
		raw = bin
	case strings.HasPrefix(b.URI, "data:"):
		head, payload, ok := strings.Cut(b.URI, ",")
		if !ok || !strings.HasSuffix(head, ";base64") {
			return nil, errors.New("data: URI that is not base64")
		}
		var err error
		raw, err = base64.StdEncoding.DecodeString(payload)
		if err != nil {
			return nil, fmt.Errorf("base64: %w", err)
		}
	default:
		if dir == "" {
			return nil, fmt.Errorf("external uri %q and no folder to read it from", b.URI)
		}
		name, err := url.PathUnescape(b.URI)
		if err != nil {
			return nil, fmt.Errorf("uri %q: %w", b.URI, err)
		}
		if filepath.IsAbs(name) || !filepath.IsLocal(name) {
			return nil, fmt.Errorf("uri %q leads out of the file's folder", b.URI)
		}
		raw, err = os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
	}
	if b.ByteLength < 0 || len(raw) < b.ByteLength {
		return nil, fmt.Errorf("holds %d bytes, byteLength is %d", len(raw), b.ByteLength)
	}
	return raw[:b.ByteLength], nil
}

// linkParents records every node's parent, refusing a child index out of
// range, a node with two parents and a cycle.
func (f *File) linkParents() error {
	n := len(f.doc.Nodes)
	f.parent = make([]int, n)
	for i := range f.parent {
		f.parent[i] = -1
	}
	for i, nd := range f.doc.Nodes {
		for _, c := range nd.Children {
			if c < 0 || c >= n {
				return fmt.Errorf("node %d: child %d out of range", i, c)
			}
			if f.parent[c] != -1 || c == i {
				return fmt.Errorf("node %d has two parents, or is its own", c)
			}
			f.parent[c] = i
		}
	}
	for i := range f.parent {
		steps := 0
		for p := f.parent[i]; p != -1; p = f.parent[p] {
			if steps++; steps > n {
				return fmt.Errorf("node %d is in a cycle", i)
			}
		}
	}
	return nil
}

// NodeCount returns the number of nodes in the file.
func (f *File) NodeCount() int { return len(f.doc.Nodes) }

// NodeName returns glTF node i's name ("" when it has none or i is out
// of range).
func (f *File) NodeName(i int) string {
	if i < 0 || i >= len(f.doc.Nodes) {
		return ""
	}
	return f.doc.Nodes[i].Name
}

// Parent returns glTF node i's parent index, -1 for a root (and for an
// index out of range).
func (f *File) Parent(i int) int {
	if i < 0 || i >= len(f.parent) {
		return -1
	}
	return f.parent[i]
}

// SceneCount returns the number of scenes in the file's "scenes" array.
func (f *File) SceneCount() int { return len(f.doc.Scenes) }

// DefaultScene returns the file's "scene" index, or 0 when it has none.
func (f *File) DefaultScene() int {
	if f.doc.Scene != nil {
		return *f.doc.Scene
	}
	return 0
}

// HasInstancing reports whether glTF node i carries EXT_mesh_gpu_instancing.
func (f *File) HasInstancing(i int) bool {
	return i >= 0 && i < len(f.doc.Nodes) && f.doc.Nodes[i].Extensions.Instancing != nil
}

// componentSize returns a componentType's size in bytes (0 when unknown).
func componentSize(ct int) int {
	switch ct {
	case 5120, 5121:
		return 1
	case 5122, 5123:
		return 2
	case 5125, 5126:
		return 4
	}
	return 0
}

// typeShape returns an accessor type's number of components and, for
// matrices, its number of columns (0 for scalars and vectors).
func typeShape(t string) (comps, cols int) {
	switch t {
	case "SCALAR":
		return 1, 0
	case "VEC2":
		return 2, 0
	case "VEC3":
		return 3, 0
	case "VEC4":
		return 4, 0
	case "MAT2":
		return 4, 2
	case "MAT3":
		return 9, 3
	case "MAT4":
		return 16, 4
	}
	return 0, 0
}

// layout gives where each component of an element starts, relative to
// the element, and the element's size: matrix columns start on 4-byte
// boundaries (glTF 2.0, "Data Alignment").
func layout(comps, cols, size int) (offsets []int, elem int) {
	offsets = make([]int, comps)
	if cols == 0 {
		for k := range offsets {
			offsets[k] = k * size
		}
		return offsets, comps * size
	}
	colBytes := (cols*size + 3) / 4 * 4
	for c := 0; c < cols; c++ {
		for r := 0; r < cols; r++ {
			offsets[c*cols+r] = c*colBytes + r*size
		}
	}
	return offsets, cols * colBytes
}

// component reads one component at b[0:] as a float64: the integer's
// value, or for a normalized accessor the glTF 2.0 spec's conversion
// (signed: max(c/(2^(n-1)-1), -1); unsigned: c/(2^n-1)).
func component(b []byte, ct int, normalized bool) float64 {
	le := binary.LittleEndian
	switch ct {
	case 5120:
		v := float64(int8(b[0]))
		if normalized {
			return math.Max(v/127, -1)
		}
		return v
	case 5121:
		v := float64(b[0])
		if normalized {
			return v / 255
		}
		return v
	case 5122:
		v := float64(int16(le.Uint16(b)))
		if normalized {
			return math.Max(v/32767, -1)
		}
		return v
	case 5123:
		v := float64(le.Uint16(b))
		if normalized {
			return v / 65535
		}
		return v
	case 5125:
		return float64(le.Uint32(b))
	default: // 5126, checked by the caller
		return float64(math.Float32frombits(le.Uint32(b)))
	}
}

// view returns bufferView i's bytes and stride, checked against its
// buffer.
func (f *File) view(i int) ([]byte, int, error) {
	if i < 0 || i >= len(f.doc.BufferViews) {
		return nil, 0, fmt.Errorf("bufferView %d out of range", i)
	}
	bv := f.doc.BufferViews[i]
	if bv.Buffer < 0 || bv.Buffer >= len(f.buffers) {
		return nil, 0, fmt.Errorf("bufferView %d: buffer %d out of range", i, bv.Buffer)
	}
	buf := f.buffers[bv.Buffer]
	if bv.ByteOffset < 0 || bv.ByteLength < 0 || bv.ByteOffset > len(buf) || bv.ByteLength > len(buf)-bv.ByteOffset {
		return nil, 0, fmt.Errorf("bufferView %d: bytes %d+%d outside buffer %d (%d bytes)", i, bv.ByteOffset, bv.ByteLength, bv.Buffer, len(buf))
	}
	return buf[bv.ByteOffset : bv.ByteOffset+bv.ByteLength], bv.ByteStride, nil
}

// Accessor returns accessor i's elements, each as its components in
// float64 (glTF 2.0 spec, "Accessors"): read through its bufferView with
// the view's byteStride (tightly packed when 0), zeros when it has no
// bufferView, then its sparse substitution applied. Integer components
// give their value, normalized ones the spec's conversion to [-1, 1] or
// [0, 1]. Matrices come column by column, as stored.
func (f *File) Accessor(i int) ([][]float64, error) {
	if i < 0 || i >= len(f.doc.Accessors) {
		return nil, fmt.Errorf("accessor %d out of range", i)
	}
	a := f.doc.Accessors[i]
	fail := func(format string, args ...any) ([][]float64, error) {
		return nil, fmt.Errorf("accessor %d: %s", i, fmt.Sprintf(format, args...))
	}
	size := componentSize(a.ComponentType)
	comps, cols := typeShape(a.Type)
	if size == 0 || comps == 0 {
		return fail("componentType %d, type %q", a.ComponentType, a.Type)
	}
	if a.Normalized && (a.ComponentType == 5125 || a.ComponentType == 5126) {
		return fail("normalized %d", a.ComponentType)
	}
	if a.Count < 0 || a.Count > maxElements/comps {
		return fail("count %d", a.Count)
	}
	offsets, elem := layout(comps, cols, size)
	out := make([][]float64, a.Count)
	flat := make([]float64, a.Count*comps)
	for k := range out {
		out[k] = flat[k*comps : (k+1)*comps : (k+1)*comps]
	}
	if a.BufferView != nil {
		data, stride, err := f.view(*a.BufferView)
		if err != nil {
			return fail("%v", err)
		}
		if stride == 0 {
			stride = elem
		}
		if stride < elem || a.ByteOffset < 0 {
			return fail("byteOffset %d, byteStride %d for %d-byte elements", a.ByteOffset, stride, elem)
		}
		if a.Count > 0 {
			room := len(data) - a.ByteOffset - elem // bytes after the first element's start
			if room < 0 || (a.Count-1) > room/stride {
				return fail("%d elements of stride %d from byte %d overrun its %d-byte bufferView", a.Count, stride, a.ByteOffset, len(data))
			}
		}
		for k := range out {
			base := a.ByteOffset + k*stride
			for c, off := range offsets {
				out[k][c] = component(data[base+off:], a.ComponentType, a.Normalized)
			}
		}
	}
	if s := a.Sparse; s != nil {
		if s.Count < 1 || s.Count > a.Count {
			return fail("sparse count %d of %d", s.Count, a.Count)
		}
		isize := componentSize(s.Indices.ComponentType)
		if isize == 0 || s.Indices.ComponentType == 5120 || s.Indices.ComponentType == 5122 || s.Indices.ComponentType == 5126 {
			return fail("sparse indices componentType %d", s.Indices.ComponentType)
		}
		idata, _, err := f.view(s.Indices.BufferView)
		if err != nil {
			return fail("sparse indices: %v", err)
		}
		vdata, _, err := f.view(s.Values.BufferView)
		if err != nil {
			return fail("sparse values: %v", err)
		}
		if s.Indices.ByteOffset < 0 || s.Indices.ByteOffset > len(idata) || s.Count > (len(idata)-s.Indices.ByteOffset)/isize {
			return fail("sparse indices overrun their bufferView")
		}
		if s.Values.ByteOffset < 0 || s.Values.ByteOffset > len(vdata) || s.Count > (len(vdata)-s.Values.ByteOffset)/elem {
			return fail("sparse values overrun their bufferView")
		}
		for k := 0; k < s.Count; k++ {
			idx := int(component(idata[s.Indices.ByteOffset+k*isize:], s.Indices.ComponentType, false))
			if idx < 0 || idx >= a.Count {
				return fail("sparse index %d out of range %d", idx, a.Count)
			}
			base := s.Values.ByteOffset + k*elem
			for c, off := range offsets {
				out[idx][c] = component(vdata[base+off:], a.ComponentType, a.Normalized)
			}
		}
	}
	return out, nil
}

// vec3s reads accessor i as a list of 3-vectors, refusing any other type.
func (f *File) vec3s(i int, what string) ([]Vec3, error) {
	els, err := f.Accessor(i)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	out := make([]Vec3, len(els))
	for k, e := range els {
		if len(e) != 3 {
			return nil, fmt.Errorf("%s: accessor %d is not VEC3", what, i)
		}
		out[k] = Vec3{e[0], e[1], e[2]}
	}
	return out, nil
}

package gltfgen

// A small glTF reader for the tests, with its own structs and JSON tags
// (not the writer's), so a misspelt tag in the writer shows up here as a
// missing value.

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
)

type tDoc struct {
	Asset struct {
		Version string `json:"version"`
	} `json:"asset"`
	ExtensionsUsed     []string        `json:"extensionsUsed"`
	ExtensionsRequired []string        `json:"extensionsRequired"`
	Extensions         json.RawMessage `json:"extensions"`
	Scene              *int            `json:"scene"`
	Scenes             []struct {
		Name  string `json:"name"`
		Nodes []int  `json:"nodes"`
	} `json:"scenes"`
	Nodes  []tNode `json:"nodes"`
	Meshes []struct {
		Name       string `json:"name"`
		Primitives []struct {
			Attributes map[string]int `json:"attributes"`
			Indices    *int           `json:"indices"`
			Mode       *int           `json:"mode"`
		} `json:"primitives"`
	} `json:"meshes"`
	Cameras []struct {
		Type        string `json:"type"`
		Perspective *struct {
			Yfov  float64 `json:"yfov"`
			Znear float64 `json:"znear"`
		} `json:"perspective"`
	} `json:"cameras"`
	Skins []struct {
		InverseBindMatrices *int  `json:"inverseBindMatrices"`
		Joints              []int `json:"joints"`
	} `json:"skins"`
	Animations []struct {
		Channels []struct {
			Sampler int `json:"sampler"`
			Target  struct {
				Node *int   `json:"node"`
				Path string `json:"path"`
			} `json:"target"`
		} `json:"channels"`
		Samplers []struct {
			Input         int    `json:"input"`
			Interpolation string `json:"interpolation"`
			Output        int    `json:"output"`
		} `json:"samplers"`
	} `json:"animations"`
	Accessors []struct {
		Name          string    `json:"name"`
		BufferView    *int      `json:"bufferView"`
		ByteOffset    int       `json:"byteOffset"`
		ComponentType int       `json:"componentType"`
		Count         int       `json:"count"`
		Type          string    `json:"type"`
		Min           []float64 `json:"min"`
		Max           []float64 `json:"max"`
	} `json:"accessors"`
	BufferViews []struct {
		Buffer     int `json:"buffer"`
		ByteOffset int `json:"byteOffset"`
		ByteLength int `json:"byteLength"`
		ByteStride int `json:"byteStride"`
		Target     int `json:"target"`
	} `json:"bufferViews"`
	Buffers []struct {
		ByteLength int    `json:"byteLength"`
		URI        string `json:"uri"`
	} `json:"buffers"`
}

type tNode struct {
	Name        *string         `json:"name"`
	Children    []int           `json:"children"`
	Mesh        *int            `json:"mesh"`
	Camera      *int            `json:"camera"`
	Skin        *int            `json:"skin"`
	Matrix      []float64       `json:"matrix"`
	Translation []float64       `json:"translation"`
	Rotation    []float64       `json:"rotation"`
	Scale       []float64       `json:"scale"`
	Extensions  json.RawMessage `json:"extensions"`
}

// tAsset is one loaded file: the document, its JSON text and the bytes of
// buffer 0 (nil when it cannot be resolved).
type tAsset struct {
	doc  tDoc
	json []byte
	bin  []byte
}

// load reads the named file from files (a .gltf, or a .glb by its magic),
// resolving buffer 0 from a data URI, an adjacent file in files, or the
// GLB's BIN chunk.
func load(t *testing.T, files []File, name string) tAsset {
	t.Helper()
	a, err := loadErr(files, name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return a
}

func loadErr(files []File, name string) (tAsset, error) {
	data, ok := fileData(files, name)
	if !ok {
		return tAsset{}, fmt.Errorf("no file %s", name)
	}
	var a tAsset
	var glbBin []byte
	if bytes.HasPrefix(data, []byte("glTF")) {
		js, bin, err := splitGLB(data)
		if err != nil {
			return tAsset{}, err
		}
		a.json, glbBin = js, bin
	} else {
		a.json = data
	}
	if err := json.Unmarshal(a.json, &a.doc); err != nil {
		return tAsset{}, err
	}
	if len(a.doc.Buffers) == 0 {
		return a, nil
	}
	switch uri := a.doc.Buffers[0].URI; {
	case uri == "":
		a.bin = glbBin
	case strings.HasPrefix(uri, "data:"):
		const prefix = "data:application/octet-stream;base64,"
		if !strings.HasPrefix(uri, prefix) {
			return tAsset{}, fmt.Errorf("data URI %.40q is not %q", uri, prefix)
		}
		bin, err := base64.StdEncoding.DecodeString(uri[len(prefix):])
		if err != nil {
			return tAsset{}, err
		}
		a.bin = bin
	default:
		a.bin, _ = fileData(files, uri)
	}
	return a, nil
}

func fileData(files []File, name string) ([]byte, bool) {
	for _, f := range files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// splitGLB checks a GLB's container (header length = file length, chunk
// lengths multiples of 4, JSON padding spaces, BIN padding within 3
// bytes of zeros is left to the caller) and returns its JSON and BIN
// chunk data.
func splitGLB(data []byte) (js, bin []byte, err error) {
	le := binary.LittleEndian
	if len(data) < 20 {
		return nil, nil, fmt.Errorf("GLB of %d bytes, shorter than header and chunk header", len(data))
	}
	if v := le.Uint32(data[4:]); v != 2 {
		return nil, nil, fmt.Errorf("GLB version %d, want 2", v)
	}
	if n := le.Uint32(data[8:]); int(n) != len(data) {
		return nil, nil, fmt.Errorf("GLB header length %d, file has %d bytes", n, len(data))
	}
	off := 12
	for off < len(data) {
		if off+8 > len(data) {
			return nil, nil, fmt.Errorf("chunk header at %d past the end", off)
		}
		n, typ := int(le.Uint32(data[off:])), le.Uint32(data[off+4:])
		if n%4 != 0 || off%4 != 0 {
			return nil, nil, fmt.Errorf("chunk at %d of length %d is not 4-byte aligned", off, n)
		}
		if off+8+n > len(data) {
			return nil, nil, fmt.Errorf("chunk at %d of length %d runs past the end (%d)", off, n, len(data))
		}
		chunk := data[off+8 : off+8+n]
		switch {
		case typ == 0x4E4F534A && off == 12:
			js = chunk
		case typ == 0x004E4942 && js != nil && bin == nil:
			bin = chunk
		default:
			return nil, nil, fmt.Errorf("unexpected chunk type %#x at %d", typ, off)
		}
		off += 8 + n
	}
	if trimmed := bytes.TrimRight(js, " "); !bytes.HasSuffix(trimmed, []byte("}")) || len(js)-len(trimmed) > 3 {
		return nil, nil, fmt.Errorf("JSON chunk is not an object padded with at most 3 spaces")
	}
	return js, bin, nil
}

// fataler is the part of testing.TB the accessor readers use.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// tNoFail is a fataler for code that has already checked sizes: a
// failure there is a bug in the test, so it panics.
type tNoFail struct{}

func (*tNoFail) Helper() {}
func (*tNoFail) Fatalf(format string, args ...any) {
	panic(fmt.Sprintf(format, args...))
}

// components returns the number of components of an accessor type.
func components(typ string) int {
	return map[string]int{"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT2": 4, "MAT3": 9, "MAT4": 16}[typ]
}

// componentSize returns the bytes per component of a component type.
func componentSize(ct int) int {
	return map[int]int{5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4}[ct]
}

// floats returns accessor i's float32 data as float64 vectors.
func (a tAsset) floats(t fataler, i int) [][]float64 {
	t.Helper()
	acc := a.doc.Accessors[i]
	if acc.ComponentType != 5126 {
		t.Fatalf("accessor %d: component type %d, want 5126 (float)", i, acc.ComponentType)
	}
	raw := a.raw(t, i)
	n := components(acc.Type)
	out := make([][]float64, acc.Count)
	for e := range out {
		out[e] = make([]float64, n)
		for c := range n {
			out[e][c] = float64(math.Float32frombits(binary.LittleEndian.Uint32(raw[4*(e*n+c):])))
		}
	}
	return out
}

// uints returns accessor i's unsigned integer data (SCALAR or the first
// components flattened).
func (a tAsset) uints(t fataler, i int) []uint32 {
	t.Helper()
	acc := a.doc.Accessors[i]
	raw := a.raw(t, i)
	size := componentSize(acc.ComponentType)
	out := make([]uint32, acc.Count*components(acc.Type))
	for k := range out {
		switch size {
		case 1:
			out[k] = uint32(raw[k])
		case 2:
			out[k] = uint32(binary.LittleEndian.Uint16(raw[2*k:]))
		case 4:
			out[k] = binary.LittleEndian.Uint32(raw[4*k:])
		}
	}
	return out
}

// raw returns the tightly packed bytes of accessor i (the fixtures use no
// byteStride), failing when they are not inside the buffer.
func (a tAsset) raw(t fataler, i int) []byte {
	t.Helper()
	acc := a.doc.Accessors[i]
	if acc.BufferView == nil {
		t.Fatalf("accessor %d has no bufferView", i)
	}
	bv := a.doc.BufferViews[*acc.BufferView]
	n := acc.Count * components(acc.Type) * componentSize(acc.ComponentType)
	start := bv.ByteOffset + acc.ByteOffset
	if n == 0 || acc.ByteOffset+n > bv.ByteLength || start+n > len(a.bin) {
		t.Fatalf("accessor %d: %d bytes at %d do not fit its bufferView (%d bytes) or buffer (%d bytes)",
			i, n, start, bv.ByteLength, len(a.bin))
	}
	return a.bin[start : start+n]
}

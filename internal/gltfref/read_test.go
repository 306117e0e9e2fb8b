package gltfref

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every expected number below is derived by hand in the comment beside
// it, from the glTF rules (world = parentWorld * local, local = T*R*S,
// column vectors), not printed from this package.

const tol = 1e-12

// bin collects a test file's buffer bytes.
type bin struct{ bytes.Buffer }

// f32 appends float32s and returns their byte offset.
func (b *bin) f32(v ...float64) int {
	off := b.Len()
	for _, x := range v {
		binary.Write(b, binary.LittleEndian, float32(x))
	}
	return off
}

// raw appends bytes and returns their offset.
func (b *bin) raw(v ...byte) int {
	off := b.Len()
	b.Write(v)
	return off
}

// pad aligns the buffer to 4 bytes.
func (b *bin) pad() {
	for b.Len()%4 != 0 {
		b.WriteByte(0)
	}
}

// gltf returns a glTF JSON file whose one buffer is b, embedded; body is
// the rest of the JSON object (without the braces' commas at its ends).
func (b *bin) gltf(body string) []byte {
	return []byte(fmt.Sprintf(`{"asset":{"version":"2.0"},"buffers":[{"byteLength":%d,"uri":"data:application/octet-stream;base64,%s"}],%s}`,
		b.Len(), base64.StdEncoding.EncodeToString(b.Bytes()), body))
}

func near(a, b Vec3, eps float64) bool { return a.Sub(b).Len() <= eps }

func mustScene(t *testing.T, data []byte, i int) *Scene {
	t.Helper()
	f, err := Parse(data, "")
	if err != nil {
		t.Fatal(err)
	}
	s, err := f.Scene(i)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A parent translated by (1,2,3) and turned 90 degrees about z, with a
// child at (1,0,0) scaled by 2; a second root given by a column-major
// "matrix" (the same turn, then (5,0,0)). Each has a mesh vertex at
// (1,0,0).
//
// Child: S gives (2,0,0), T (3,0,0); the parent's Rz90 takes (x,y,z) to
// (-y,x,z): (0,3,0), plus (1,2,3): (1,5,3). The child's world matrix is
// Rz90*2 with translation Rz90(1,0,0)+(1,2,3) = (1,3,3).
// Matrix root: Rz90(1,0,0) = (0,1,0), plus (5,0,0): (5,1,0).
func TestHierarchyAndMatrix(t *testing.T) {
	var b bin
	pos := b.f32(1, 0, 0)
	s45 := math.Sqrt(0.5)
	data := b.gltf(fmt.Sprintf(`
		"bufferViews":[{"buffer":0,"byteOffset":%d,"byteLength":12}],
		"accessors":[{"bufferView":0,"componentType":5126,"count":1,"type":"VEC3"}],
		"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],
		"nodes":[
			{"translation":[1,2,3],"rotation":[0,0,%[2]g,%[2]g],"children":[1]},
			{"translation":[1,0,0],"scale":[2,2,2],"mesh":0},
			{"matrix":[0,1,0,0, -1,0,0,0, 0,0,1,0, 5,0,0,1],"mesh":0}],
		"scenes":[{"nodes":[0,2]}],"scene":0`, pos, s45))
	s := mustScene(t, data, 0)
	if got := s.Nodes; len(got) != 3 || got[0] != 0 || got[1] != 1 || got[2] != 2 {
		t.Fatalf("nodes %v, want [0 1 2]", got)
	}
	want := Mat4{{0, -2, 0, 1}, {2, 0, 0, 3}, {0, 0, 2, 3}, {0, 0, 0, 1}}
	if d := MaxAbsDiff(s.World[1], want); d > tol {
		t.Errorf("child world %v, want %v", s.World[1], want)
	}
	if p := s.Points[1]; len(p) != 1 || !near(p[0], Vec3{1, 5, 3}, tol) {
		t.Errorf("child vertex %v, want (1,5,3)", p)
	}
	if p := s.Points[2]; len(p) != 1 || !near(p[0], Vec3{5, 1, 0}, tol) {
		t.Errorf("matrix root vertex %v, want (5,1,0)", p)
	}
	// Size: the box of (1,5,3) and (5,1,0) is 4 x 4 x 3, diagonal sqrt(41).
	if math.Abs(s.Size-math.Sqrt(41)) > tol {
		t.Errorf("size %v, want sqrt(41)", s.Size)
	}
}

// Accessors: a sparse accessor overriding vertices 1 and 3 of four
// (0,0,0),(1,0,0),(2,0,0),(3,0,0) with (10,0,0) and (30,0,0) through
// UNSIGNED_BYTE indices; a sparse accessor without a bufferView (zeros,
// then vertex 2 set to (7,7,7)); normalized SHORT positions
// (KHR_mesh_quantization) 32767 -> 1, -32768 -> -1 (clamped), 16384 ->
// 16384/32767; normalized UNSIGNED_BYTE 255 -> 1, 51 -> 0.2; a byteStride
// of 16 between 12-byte elements.
func TestAccessors(t *testing.T) {
	var b bin
	dense := b.f32(0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 0)
	idx := b.raw(1, 3)
	b.pad()
	vals := b.f32(10, 0, 0, 30, 0, 0)
	idx2 := b.raw(2)
	b.pad()
	vals2 := b.f32(7, 7, 7)
	shorts := b.Len()
	for _, v := range []int16{32767, -32768, 16384, 0} {
		binary.Write(&b, binary.LittleEndian, v)
	}
	ubytes := b.raw(255, 51, 0, 0)
	strided := b.f32(1, 2, 3, 99, 4, 5, 6)
	data := b.gltf(fmt.Sprintf(`
		"bufferViews":[
			{"buffer":0,"byteOffset":%d,"byteLength":48},
			{"buffer":0,"byteOffset":%d,"byteLength":2},
			{"buffer":0,"byteOffset":%d,"byteLength":24},
			{"buffer":0,"byteOffset":%d,"byteLength":1},
			{"buffer":0,"byteOffset":%d,"byteLength":12},
			{"buffer":0,"byteOffset":%d,"byteLength":8},
			{"buffer":0,"byteOffset":%d,"byteLength":4},
			{"buffer":0,"byteOffset":%d,"byteLength":28,"byteStride":16}],
		"accessors":[
			{"bufferView":0,"componentType":5126,"count":4,"type":"VEC3",
			 "sparse":{"count":2,"indices":{"bufferView":1,"componentType":5121},"values":{"bufferView":2}}},
			{"componentType":5126,"count":3,"type":"VEC3",
			 "sparse":{"count":1,"indices":{"bufferView":3,"componentType":5121},"values":{"bufferView":4}}},
			{"bufferView":5,"componentType":5122,"normalized":true,"count":4,"type":"SCALAR"},
			{"bufferView":6,"componentType":5121,"normalized":true,"count":2,"type":"SCALAR"},
			{"bufferView":7,"componentType":5126,"count":2,"type":"VEC3"}],
		"nodes":[]`, dense, idx, vals, idx2, vals2, shorts, ubytes, strided))
	f, err := Parse(data, "")
	if err != nil {
		t.Fatal(err)
	}
	check := func(acc int, want [][]float64) {
		t.Helper()
		got, err := f.Accessor(acc)
		if err != nil {
			t.Fatalf("accessor %d: %v", acc, err)
		}
		if len(got) != len(want) {
			t.Fatalf("accessor %d: %d elements, want %d", acc, len(got), len(want))
		}
		for k := range want {
			for c := range want[k] {
				if math.Abs(got[k][c]-want[k][c]) > tol {
					t.Errorf("accessor %d element %d: %v, want %v", acc, k, got[k], want[k])
					break
				}
			}
		}
	}
	check(0, [][]float64{{0, 0, 0}, {10, 0, 0}, {2, 0, 0}, {30, 0, 0}})
	check(1, [][]float64{{0, 0, 0}, {0, 0, 0}, {7, 7, 7}})
	check(2, [][]float64{{1}, {-1}, {16384.0 / 32767}, {0}})
	check(3, [][]float64{{1}, {0.2}})
	check(4, [][]float64{{1, 2, 3}, {4, 5, 6}})
}

// Out-of-range reads are errors, never panics: an accessor running past
// its bufferView, a bufferView past its buffer, a buffer shorter than
// its byteLength, a sparse index past the count.
func TestAccessorBounds(t *testing.T) {
	var b bin
	b.f32(1, 2, 3, 4, 5, 6)
	b.raw(9, 0, 0, 0)
	cases := map[string]string{
		"accessor overrun": `"bufferViews":[{"buffer":0,"byteLength":24}],"accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3"}]`,
		"view overrun":     `"bufferViews":[{"buffer":0,"byteOffset":20,"byteLength":24}],"accessors":[{"bufferView":0,"componentType":5126,"count":1,"type":"VEC3"}]`,
		"sparse index":     `"bufferViews":[{"buffer":0,"byteLength":24},{"buffer":0,"byteOffset":24,"byteLength":1}],"accessors":[{"bufferView":0,"componentType":5126,"count":2,"type":"VEC3","sparse":{"count":1,"indices":{"bufferView":1,"componentType":5121},"values":{"bufferView":0}}}]`,
		"unknown type":     `"bufferViews":[{"buffer":0,"byteLength":24}],"accessors":[{"bufferView":0,"componentType":5127,"count":1,"type":"VEC3"}]`,
		"negative offset":  `"bufferViews":[{"buffer":0,"byteLength":24}],"accessors":[{"bufferView":0,"byteOffset":-4,"componentType":5126,"count":1,"type":"VEC3"}]`,
	}
	for name, body := range cases {
		f, err := Parse(b.gltf(body+`,"nodes":[]`), "")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := f.Accessor(0); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	short := []byte(`{"asset":{"version":"2.0"},"buffers":[{"byteLength":5,"uri":"data:application/octet-stream;base64,AAAA"}]}`)
	if _, err := Parse(short, ""); err == nil || !strings.Contains(err.Error(), "byteLength") {
		t.Errorf("short buffer: %v, want a byteLength error", err)
	}
}

// Two instances of a node at (0,0,10) with a mesh vertex at (1,0,0):
// instance 0 moved by (1,0,0): (2,0,0), then the node: (2,0,10);
// instance 1 scaled by 3: (3,0,0), turned 90 degrees about z: (0,3,0),
// moved by (0,2,0): (0,5,0), then the node: (0,5,10). Its world matrix
// is the node's translation times Rz90*3 with translation (0,2,0).
func TestInstances(t *testing.T) {
	var b bin
	pos := b.f32(1, 0, 0)
	tr := b.f32(1, 0, 0, 0, 2, 0)
	s45 := math.Sqrt(0.5)
	rot := b.f32(0, 0, 0, 1, 0, 0, s45, s45)
	sc := b.f32(1, 1, 1, 3, 3, 3)
	data := b.gltf(fmt.Sprintf(`
		"extensionsUsed":["EXT_mesh_gpu_instancing"],
		"bufferViews":[{"buffer":0,"byteOffset":%d,"byteLength":12},{"buffer":0,"byteOffset":%d,"byteLength":24},
			{"buffer":0,"byteOffset":%d,"byteLength":32},{"buffer":0,"byteOffset":%d,"byteLength":24}],
		"accessors":[{"bufferView":0,"componentType":5126,"count":1,"type":"VEC3"},
			{"bufferView":1,"componentType":5126,"count":2,"type":"VEC3"},
			{"bufferView":2,"componentType":5126,"count":2,"type":"VEC4"},
			{"bufferView":3,"componentType":5126,"count":2,"type":"VEC3"}],
		"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],
		"nodes":[{"translation":[0,0,10],"mesh":0,
			"extensions":{"EXT_mesh_gpu_instancing":{"attributes":{"TRANSLATION":1,"ROTATION":2,"SCALE":3}}}}],
		"scenes":[{"nodes":[0]}]`, pos, tr, rot, sc))
	s := mustScene(t, data, 0)
	pts := s.Points[0]
	if len(pts) != 2 || !near(pts[0], Vec3{2, 0, 10}, 1e-6) || !near(pts[1], Vec3{0, 5, 10}, 1e-6) {
		t.Errorf("instance vertices %v, want (2,0,10), (0,5,10)", pts)
	}
	want := Mat4{{0, -3, 0, 0}, {3, 0, 0, 2}, {0, 0, 3, 10}, {0, 0, 0, 1}}
	if inst := s.Instances[0]; len(inst) != 2 || MaxAbsDiff(inst[1], want) > 1e-6 {
		t.Errorf("instance 1 world %v, want %v", s.Instances[0], want)
	}
	// Size: the box of (2,0,10) and (0,5,10), diagonal sqrt(4+25).
	if math.Abs(s.Size-math.Sqrt(29)) > 1e-6 {
		t.Errorf("size %v, want sqrt(29)", s.Size)
	}
}

// A two-joint skin: joint 0 at the origin; joint 1 its child at (0,1,0)
// turned 90 degrees about z (Rz90: (x,y,z) -> (-y,x,z)); inverse bind
// matrices identity and translation (0,-1,0) (the inverse of joint 1's
// bind pose at (0,1,0)). The skinned node sits at (100,0,0), which must
// be ignored. Vertices, all at (0,2,0) but the second:
//   - 0: weight 1 on joint 0: (0,2,0);
//   - 1: (0,0,0), weight 1 on joint 1: IBM gives (0,-1,0), Rz90 (1,0,0),
//     plus (0,1,0): (1,1,0);
//   - 2: 0.5 on each: joint 1 maps (0,2,0) to IBM (0,1,0), Rz90 (-1,0,0),
//     plus (0,1,0): (-1,1,0); blend 0.5*(0,2,0)+0.5*(-1,1,0) = (-0.5,1.5,0);
//   - 3: 0.25 on joint 0 in WEIGHTS_0 (float), 191/255 on joint 1 in
//     WEIGHTS_1 (normalized UNSIGNED_BYTE; JOINTS_1 UNSIGNED_BYTE):
//     0.25*(0,2,0) + (191/255)*(-1,1,0).
func TestSkin(t *testing.T) {
	var b bin
	pos := b.f32(0, 2, 0, 0, 0, 0, 0, 2, 0, 0, 2, 0)
	j0 := b.Len() // JOINTS_0, UNSIGNED_SHORT VEC4
	for _, v := range []uint16{0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0} {
		binary.Write(&b, binary.LittleEndian, v)
	}
	w0 := b.f32(1, 0, 0, 0, 1, 0, 0, 0, 0.5, 0.5, 0, 0, 0.25, 0, 0, 0)
	j1 := b.raw(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0)
	w1 := b.raw(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 191, 0, 0, 0)
	ibm := b.f32(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1,
		1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1)
	s45 := math.Sqrt(0.5)
	data := b.gltf(fmt.Sprintf(`
		"bufferViews":[{"buffer":0,"byteOffset":%d,"byteLength":48},{"buffer":0,"byteOffset":%d,"byteLength":32},
			{"buffer":0,"byteOffset":%d,"byteLength":64},{"buffer":0,"byteOffset":%d,"byteLength":16},
			{"buffer":0,"byteOffset":%d,"byteLength":16},{"buffer":0,"byteOffset":%d,"byteLength":128}],
		"accessors":[{"bufferView":0,"componentType":5126,"count":4,"type":"VEC3"},
			{"bufferView":1,"componentType":5123,"count":4,"type":"VEC4"},
			{"bufferView":2,"componentType":5126,"count":4,"type":"VEC4"},
			{"bufferView":3,"componentType":5121,"count":4,"type":"VEC4"},
			{"bufferView":4,"componentType":5121,"normalized":true,"count":4,"type":"VEC4"},
			{"bufferView":5,"componentType":5126,"count":2,"type":"MAT4"}],
		"meshes":[{"primitives":[{"attributes":{"POSITION":0,"JOINTS_0":1,"WEIGHTS_0":2,"JOINTS_1":3,"WEIGHTS_1":4}}]}],
		"skins":[{"joints":[1,2],"inverseBindMatrices":5}],
		"nodes":[{"mesh":0,"skin":0,"translation":[100,0,0]},{"children":[2]},
			{"translation":[0,1,0],"rotation":[0,0,%g,%[7]g]}],
		"scenes":[{"nodes":[0,1]}]`, pos, j0, w0, j1, w1, ibm, s45))
	s := mustScene(t, data, 0)
	w := 191.0 / 255
	want := []Vec3{{0, 2, 0}, {1, 1, 0}, {-0.5, 1.5, 0}, {-w, 0.5 + w, 0}}
	got := s.Points[0]
	if !s.Skinned[0] || len(got) != len(want) {
		t.Fatalf("skinned %v, %d points", s.Skinned[0], len(got))
	}
	for k := range want {
		if !near(got[k], want[k], 1e-6) {
			t.Errorf("vertex %d: %v, want %v", k, got[k], want[k])
		}
	}
	// Without inverse bind matrices they are identities: vertex 1 at the
	// origin on joint 1 goes to joint 1's origin, (0,1,0).
	s2 := mustScene(t, bytes.Replace(data, []byte(`,"inverseBindMatrices":5`), nil, 1), 0)
	if p := s2.Points[0][1]; !near(p, Vec3{0, 1, 0}, 1e-6) {
		t.Errorf("identity IBM: vertex 1 %v, want (0,1,0)", p)
	}
}

// A spot light and a camera under a parent at (0,0,5), turned 90 degrees
// about y (Ry90: (x,y,z) -> (z,y,-x)) and scaled (1,1,3); the child
// sits at (1,0,0) turned -45 degrees about x (Rx(-45): (0,0,-1) ->
// (0,-s,-s), (0,1,0) -> (0,s,-s), s = sqrt(1/2)).
//
// Direction: (0,-s,-s), scaled (0,-s,-3s), i.e. along (0,-1,-3); Ry90
// gives (-3,-1,0)/sqrt(10). Up: (0,s,-s) scaled to (0,s,-3s), along
// u = (0,1,-3); minus its part along d = (0,-1,-3)/sqrt(10), which is
// (u.d) d = 0.8*(0,-1,-3): (0,1.8,-0.6), along (0,3,-1); Ry90 gives
// (-1,3,0)/sqrt(10). Position: (1,0,0) scaled (1,0,0), Ry90 (0,0,-1),
// plus (0,0,5): (0,0,4).
func TestLightAndCameraFrames(t *testing.T) {
	s45 := math.Sqrt(0.5)
	q := [2]float64{math.Sin(-math.Pi / 8), math.Cos(math.Pi / 8)}
	data := []byte(fmt.Sprintf(`{"asset":{"version":"2.0"},
		"extensionsUsed":["KHR_lights_punctual"],
		"extensions":{"KHR_lights_punctual":{"lights":[{"type":"directional"},{"type":"spot"}]}},
		"cameras":[{"type":"perspective","perspective":{"yfov":1,"znear":0.1}}],
		"nodes":[{"translation":[0,0,5],"rotation":[0,%g,0,%[1]g],"scale":[1,1,3],"children":[1]},
			{"translation":[1,0,0],"rotation":[%g,0,0,%g],"camera":0,"extensions":{"KHR_lights_punctual":{"light":1}}}],
		"scenes":[{"nodes":[0]}]}`, s45, q[0], q[1]))
	s := mustScene(t, data, 0)
	r10 := math.Sqrt(10)
	for _, fr := range [][]Frame{s.Lights, s.Cameras} {
		if len(fr) != 1 || fr[0].Node != 1 {
			t.Fatalf("frames %+v, want one on node 1", fr)
		}
		if !near(fr[0].Position, Vec3{0, 0, 4}, 1e-12) {
			t.Errorf("position %v, want (0,0,4)", fr[0].Position)
		}
		if !near(fr[0].Direction, Vec3{-3 / r10, -1 / r10, 0}, 1e-12) {
			t.Errorf("direction %v, want (-3,-1,0)/sqrt(10)", fr[0].Direction)
		}
		if !near(fr[0].Up, Vec3{-1 / r10, 3 / r10, 0}, 1e-12) {
			t.Errorf("up %v, want (-1,3,0)/sqrt(10)", fr[0].Up)
		}
	}
	if s.Lights[0].Index != 1 || s.Cameras[0].Index != 0 {
		t.Errorf("light index %d, camera index %d; want 1 and 0", s.Lights[0].Index, s.Cameras[0].Index)
	}
}

// A morph target's POSITION displacement is added at the default weight:
// vertex (1,0,0), target (0,2,0), mesh weight 0.25 -> (1,0.5,0); a node
// "weights" of 1 overrides it -> (1,2,0).
func TestMorphDefaultWeights(t *testing.T) {
	var b bin
	pos := b.f32(1, 0, 0)
	tgt := b.f32(0, 2, 0)
	body := fmt.Sprintf(`
		"bufferViews":[{"buffer":0,"byteOffset":%d,"byteLength":12},{"buffer":0,"byteOffset":%d,"byteLength":12}],
		"accessors":[{"bufferView":0,"componentType":5126,"count":1,"type":"VEC3"},{"bufferView":1,"componentType":5126,"count":1,"type":"VEC3"}],
		"meshes":[{"primitives":[{"attributes":{"POSITION":0},"targets":[{"POSITION":1}]}],"weights":[0.25]}],
		"nodes":[{"mesh":0}, {"mesh":0,"weights":[1]}],"scenes":[{"nodes":[0,1]}]`, pos, tgt)
	s := mustScene(t, b.gltf(body), 0)
	if p := s.Points[0][0]; !near(p, Vec3{1, 0.5, 0}, 1e-12) {
		t.Errorf("mesh weights: %v, want (1,0.5,0)", p)
	}
	if p := s.Points[1][0]; !near(p, Vec3{1, 2, 0}, 1e-12) {
		t.Errorf("node weights: %v, want (1,2,0)", p)
	}
}

// A GLB holding the hierarchy test's JSON with its buffer in the BIN
// chunk (buffer 0 without a uri) reads the same; so does a .gltf with
// the buffer in a file beside it, and a uri leading out of the folder is
// refused.
func TestGLBAndExternalBuffer(t *testing.T) {
	var b bin
	b.f32(1, 0, 0)
	body := `"bufferViews":[{"buffer":0,"byteLength":12}],
		"accessors":[{"bufferView":0,"componentType":5126,"count":1,"type":"VEC3"}],
		"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],
		"nodes":[{"translation":[0,0,2],"mesh":0}],"scenes":[{"nodes":[0]}]`
	js := []byte(`{"asset":{"version":"2.0"},"buffers":[{"byteLength":12}],` + body + `}`)
	for len(js)%4 != 0 {
		js = append(js, ' ')
	}
	var glb bytes.Buffer
	le := binary.LittleEndian
	glb.WriteString("glTF")
	binary.Write(&glb, le, uint32(2))
	binary.Write(&glb, le, uint32(12+8+len(js)+8+b.Len()))
	binary.Write(&glb, le, uint32(len(js)))
	glb.WriteString("JSON")
	glb.Write(js)
	binary.Write(&glb, le, uint32(b.Len()))
	glb.Write([]byte{'B', 'I', 'N', 0})
	glb.Write(b.Bytes())
	s := mustScene(t, glb.Bytes(), 0)
	if p := s.Points[0]; len(p) != 1 || !near(p[0], Vec3{1, 0, 2}, tol) {
		t.Errorf("GLB vertex %v, want (1,0,2)", p)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a b.bin"), b.Bytes(), 0o644)
	ext := []byte(`{"asset":{"version":"2.0"},"buffers":[{"byteLength":12,"uri":"a%20b.bin"}],` + body + `}`)
	os.WriteFile(filepath.Join(dir, "m.gltf"), ext, 0o644)
	f, err := Load(filepath.Join(dir, "m.gltf"))
	if err != nil {
		t.Fatal(err)
	}
	if s, err := f.Scene(0); err != nil || !near(s.Points[0][0], Vec3{1, 0, 2}, tol) {
		t.Errorf("external buffer: %v %v", s, err)
	}
	out := []byte(`{"asset":{"version":"2.0"},"buffers":[{"byteLength":12,"uri":"../x.bin"}]}`)
	if _, err := Parse(out, dir); err == nil {
		t.Error("a uri out of the folder was read")
	}
}

// A cycle, a node with two parents and a scene listing a child are
// refused.
func TestBadHierarchy(t *testing.T) {
	for name, nodes := range map[string]string{
		"cycle":       `"nodes":[{"children":[1]},{"children":[0]}],"scenes":[{"nodes":[0]}]`,
		"two parents": `"nodes":[{"children":[2]},{"children":[2]},{}],"scenes":[{"nodes":[0,1]}]`,
	} {
		if _, err := Parse([]byte(`{"asset":{"version":"2.0"},`+nodes+`}`), ""); err == nil {
			t.Errorf("%s: read", name)
		}
	}
	f, err := Parse([]byte(`{"asset":{"version":"2.0"},"nodes":[{"children":[1]},{}],"scenes":[{"nodes":[1]}]}`), "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Scene(0); err == nil {
		t.Error("a scene listing a child node was read")
	}
}

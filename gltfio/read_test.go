package gltfio

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/internal/gltfgen"
	"skewlab/modes"
	"skewlab/scene"
	"skewlab/transform"
)

// readFixture reads the fixture whose main file is name, with its other
// files (a .bin) in the folder given to Read.
func readFixture(t testing.TB, files []gltfgen.File) (*File, error) {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, f := range files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	return Read(files[0].Name, files[0].Data, fsys)
}

func mustRead(t testing.TB, files []gltfgen.File) *File {
	t.Helper()
	f, err := readFixture(t, files)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// mustBuild builds scene i of f.
func mustBuild(t testing.TB, f *File, i int) *Built {
	t.Helper()
	b, err := f.Build(i)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The piston file holds the piston preset: the same names, parents and
// locals, so under every mode the same world matrices to 1e-12.
func TestPistonFileIsThePreset(t *testing.T) {
	const tol = 1e-12
	f := mustRead(t, gltfgen.Piston())
	got := mustBuild(t, f, f.Default).Scene
	want, err := scene.NewPreset("piston")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Nodes) != len(want.Nodes) {
		t.Fatalf("%d nodes, want %d", len(got.Nodes), len(want.Nodes))
	}
	for i := range got.Nodes {
		if got.Nodes[i].Name != want.Nodes[i].Name || got.Nodes[i].Parent != want.Nodes[i].Parent {
			t.Fatalf("node %d: %q under %d, want %q under %d", i, got.Nodes[i].Name, got.Nodes[i].Parent, want.Nodes[i].Name, want.Nodes[i].Parent)
		}
	}
	for _, m := range modes.All {
		a, b := m.Reference(got.Nodes), m.Reference(want.Nodes)
		for i := range a {
			for k := range a[i] {
				if d := math.Abs(a[i][k] - b[i][k]); !(d <= tol) {
					t.Fatalf("%s node %s entry %d: %g vs preset %g", m.Name, got.Nodes[i].Name, k, a[i][k], b[i][k])
				}
			}
		}
	}
}

// Mesh wireframes: shared edges once. The capped cylinder is a closed
// surface of V = 66 points and F = 128 triangles, so by Euler's formula
// V - E + F = 2 it has E = 192 edges; A and B share one mesh. A box of
// 24 points (four per face, for per-face normals) has 6 separate faces of
// 4 sides and 1 diagonal: 30 edges.
func TestMeshEdgesDeduplicated(t *testing.T) {
	f := mustRead(t, gltfgen.Piston())
	sc := mustBuild(t, f, 0).Scene
	a, b := sc.Nodes[sc.Index("A")].Mesh, sc.Nodes[sc.Index("B")].Mesh
	if a == nil || a != b {
		t.Fatalf("A and B meshes %p and %p, want one shared mesh", a, b)
	}
	if len(a.Points) != 66 || len(a.Edges) != 192 {
		t.Errorf("cylinder: %d points, %d edges; want 66 and 192", len(a.Points), len(a.Edges))
	}
	if sc.Nodes[sc.Index("Root")].Mesh != nil {
		t.Errorf("Root has a mesh; it has none in the file")
	}
	rig := mustRead(t, gltfgen.Rig())
	box := mustBuild(t, rig, 0).Scene.Nodes[0].Mesh
	if box == nil || len(box.Points) != 24 || len(box.Edges) != 30 {
		t.Errorf("box: %v, want 24 points and 30 edges", box)
	}
}

// Primitive modes, each on its own points (gltfgen.Prims): POINTS 4
// dots; LINES 4 points, 2 edges; LINE_LOOP 4; LINE_STRIP 3; TRIANGLES
// 6 points unindexed, 6 edges; TRIANGLE_STRIP 4 points, triangles 012
// and 123 sharing 1-2: 5; TRIANGLE_FAN a centre and 5 rim points, 4
// triangles: 9. Total 29 edges, 4 dots, 32 points.
func TestPrimitiveModes(t *testing.T) {
	f := mustRead(t, gltfgen.Prims())
	m := mustBuild(t, f, 0).Scene.Nodes[0].Mesh
	if len(m.Points) != 32 || len(m.Edges) != 29 || len(m.Dots) != 4 {
		t.Fatalf("%d points, %d edges, %d dots; want 32, 29, 4", len(m.Points), len(m.Edges), len(m.Dots))
	}
}

// The rig: under accumulate-matrices Spine's linear part is
// diag(1, 2.5, 1) * Rz(35°), whose columns (cos a, 2.5 sin a, 0) and
// (-sin a, 2.5 cos a, 0) meet at acos(5.25 sin a cos a / (|c0| |c1|))
// instead of 90 degrees; its world position is (0, 1 + 2.5*0.8, 0).
func TestRigSkewsUnderMatrices(t *testing.T) {
	for _, files := range [][]gltfgen.File{gltfgen.Rig(), gltfgen.RigGLB()} {
		f := mustRead(t, files)
		sc := mustBuild(t, f, f.Default).Scene
		w := modes.AccumulateMatrices.Reference(sc.Nodes)
		i := sc.Index("Spine")
		if p := (mgl64.Vec3{w[i][12], w[i][13], w[i][14]}); p.Sub(mgl64.Vec3{0, 3, 0}).Len() > 1e-12 {
			t.Errorf("%s: Spine at %v, want (0, 3, 0)", files[0].Name, p)
		}
		a := 35 * math.Pi / 180
		s, c := math.Sin(a), math.Cos(a)
		l0, l1 := math.Hypot(c, 2.5*s), math.Hypot(s, 2.5*c)
		want := 90 - math.Acos(5.25*s*c/(l0*l1))*180/math.Pi
		got, ok := transform.SkewDeg(transform.Linear(w[i]))
		if !ok || math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: Spine skew %g, want %g", files[0].Name, got, want)
		}
		if k, _ := transform.SkewDeg(transform.Linear(w[sc.Index("Tail")])); k > 1e-9 {
			t.Errorf("%s: Tail skews %g degrees; a 90-degree turn does not", files[0].Name, k)
		}
	}
}

// Scenes, names and notes (gltfgen.Scenes): the default scene is 1
// (Right and Extra with Right's subtree); a duplicate, missing or
// unprintable name becomes name#index; cameras and lights are listed as
// ignored, skins and animations no longer (they are read). Scene 0 holds
// none of the animation's nodes: its channel is left out, with a note.
func TestScenesNamesAndNotes(t *testing.T) {
	f := mustRead(t, gltfgen.Scenes())
	if len(f.Scenes) != 2 || f.Default != 1 {
		t.Fatalf("%d scenes, default %d; want 2, default 1", len(f.Scenes), f.Default)
	}
	if got := mustBuild(t, f, 0).Scene.Names(); strings.Join(got, ",") != "Left" {
		t.Errorf("scene 0 nodes %v, want [Left]", got)
	}
	got := strings.Join(mustBuild(t, f, 1).Scene.Names(), ",")
	if want := "Right,Twin#3,Twin#4,#5,BadName#6,Extra"; got != want {
		t.Errorf("scene 1 nodes %s, want %s (roots in order, each with its subtree)", got, want)
	}
	notes := strings.Join(f.Notes, "\n")
	for _, w := range []string{"ignored: 1 camera, 1 light;", "Twin#3", "BadName#6"} {
		if !strings.Contains(notes, w) {
			t.Errorf("notes %q do not mention %q", notes, w)
		}
	}
	for _, w := range []string{"skin", "animation"} {
		if strings.Contains(notes, w) {
			t.Errorf("notes %q mention %q, which is read", notes, w)
		}
	}
	if strings.Join(mustBuild(t, f, 1).Scene.Notes, "\n") != notes {
		t.Errorf("scene notes differ from the file's")
	}
	left := mustBuild(t, f, 0).Scene
	if n := strings.Join(left.Notes, "\n"); !strings.Contains(n, "1 animation channel(s) left out of Left: 1 on nodes outside it, 0 naming no node") {
		t.Errorf("scene 0's notes %q do not say its channel is left out", n)
	}
	if len(left.Animations) != 1 || left.Animations[0].Name != "nod" || len(left.Animations[0].Channels) != 0 {
		t.Errorf("scene 0's animations %+v, want nod without channels", left.Animations)
	}
}

// withMatrix returns matrix.gltf with node Mat's matrix replaced by m
// (column-major, as glTF writes it).
func withMatrix(t *testing.T, m string) []gltfgen.File {
	t.Helper()
	files := gltfgen.Matrix()
	text := string(files[0].Data)
	i := strings.Index(text, `"matrix"`)
	if i < 0 {
		t.Fatal("no matrix in matrix.gltf")
	}
	j := i + strings.Index(text[i:], "]")
	files[0].Data = []byte(text[:i] + `"matrix":` + m + text[j+1:])
	return files
}

// A matrix that is no TRS (a shear x += 0.5 y, which the spec forbids and
// the Khronos validator rejects) is refused, naming the node; the same
// shear on a model 1e-5 in size, which the validator passes (its
// tolerance is absolute, 5e-5), loads as its polar fit plus Shear:
// accumulate-matrices draws the stored matrix, a note names the node. A
// TRS matrix written in float32 (shear of rounding only) reads silently.
func TestShearedMatrixNode(t *testing.T) {
	_, err := readFixture(t, withMatrix(t, "[1,0,0,0, 0.5,1,0,0, 0,0,1,0, 1,2,3,1]"))
	if err == nil || !strings.Contains(err.Error(), `node 0 "Mat": matrix is not a TRS`) || strings.Contains(err.Error(), "\n") {
		t.Errorf("a sheared matrix: error %v, want one line naming Mat", err)
	}
	const s = 1e-5
	f := mustRead(t, withMatrix(t, fmt.Sprintf("[%g,0,0,0, %g,%g,0,0, 0,0,%g,0, 1,2,3,1]", s, 0.5*s, s, s)))
	sc := mustBuild(t, f, 0).Scene
	n := sc.Nodes[sc.Index("Mat")]
	if !n.Sheared() {
		t.Fatal("Mat has no shear")
	}
	w := modes.AccumulateMatrices.Reference(sc.Nodes)[sc.Index("Mat")]
	stored := mgl64.Mat4{s, 0, 0, 0, 0.5 * s, s, 0, 0, 0, 0, s, 0, 1, 2, 3, 1}
	for k := range w {
		if math.Abs(w[k]-stored[k]) > 1e-12 {
			t.Fatalf("accumulate-matrices world of Mat %v, want the stored matrix %v", w, stored)
		}
	}
	if !strings.Contains(strings.Join(f.Notes, " "), `"Mat"`) {
		t.Errorf("notes %q do not name Mat", f.Notes)
	}
	if k, _ := transform.SkewDeg(transform.Linear(modes.AccumulateTRS.Reference(sc.Nodes)[sc.Index("Mat")])); k > 1e-9 {
		t.Errorf("accumulate-trs skews Mat by %g degrees; it uses the fit", k)
	}
	// A rotation of 30 degrees about y and scale (2, 1, 0.5), rounded to
	// float32 as exporters write it: a TRS up to rounding.
	c, sn := float32(math.Cos(math.Pi/6)), float32(math.Sin(math.Pi/6))
	m := []float32{2 * c, 0, -2 * sn, 0, 0, 1, 0, 0, 0.5 * sn, 0, 0.5 * c, 0, 1, 2, 3, 1}
	var parts []string
	for _, v := range m {
		parts = append(parts, fmt.Sprint(float64(v)))
	}
	f = mustRead(t, withMatrix(t, "["+strings.Join(parts, ",")+"]"))
	if strings.Contains(strings.Join(f.Notes, " "), "shear") {
		t.Errorf("a float32 TRS matrix is noted as sheared: %q", f.Notes)
	}
}

// Every bad fixture is one error naming the file and what is at fault,
// and no scene.
func TestBadFiles(t *testing.T) {
	cases := []struct {
		files []gltfgen.File
		want  []string
	}{
		{gltfgen.NotGLTF(), []string{"not a glTF file"}},
		{gltfgen.Truncated(), []string{"truncated GLB"}},
		{gltfgen.MissingBuffer(), []string{"buffer 0", "missing.bin"}},
		{gltfgen.BadChild(), []string{`node 0 "Root"`, "children[1] = 7"}},
		{gltfgen.BadAccessor(), []string{"accessor 9", "POSITION"}},
		{gltfgen.BadIndices(), []string{"accessor 3", "index 99"}},
		{gltfgen.NaNMatrix(), []string{`"Broken"`, "matrix", "NaN"}},
		{gltfgen.Cycle(), []string{"cycle"}},
		{gltfgen.TwoParents(), []string{`"Shared"`, "two parents"}},
		{gltfgen.Draco(), []string{gltfgen.DracoExtension}},
	}
	for _, c := range cases {
		name := c.files[0].Name
		f, err := readFixture(t, c.files)
		if err == nil {
			// Some problems show only when the scene is built.
			_, err = f.Build(f.Default)
		} else if f != nil {
			t.Errorf("%s: a file with the error", name)
		}
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, name+": ") || strings.Contains(msg, "\n") {
			t.Errorf("%s: %q does not start with the file name on one line", name, msg)
		}
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: %q does not say %q", name, msg, w)
			}
		}
	}
	// A buffer named beside the file with no folder to read it from.
	rig := gltfgen.Rig()
	if _, err := Read("rig.gltf", rig[0].Data, nil); err == nil || !strings.Contains(err.Error(), "rig.bin") {
		t.Errorf("rig.gltf without its folder: %v", err)
	}
}

// Truncating a good GLB anywhere gives an error, never a panic or a
// partial scene.
func TestEveryTruncationFails(t *testing.T) {
	data := gltfgen.RigGLB()[0].Data
	for n := 0; n < len(data); n++ {
		if f, err := Read("rig.glb", data[:n], nil); err == nil || f != nil {
			t.Fatalf("rig.glb cut at %d of %d bytes read without an error", n, len(data))
		}
	}
}

func TestIsGLTF(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
		want bool
	}{{"a.gltf", nil, true}, {"A.GLB", nil, true}, {"x.bin", []byte("glTF\x02"), true}, {"s.json", []byte("{"), false}} {
		if got := IsGLTF(c.name, c.data); got != c.want {
			t.Errorf("IsGLTF(%q, %q) = %v", c.name, c.data, got)
		}
	}
	if !bytes.HasPrefix(gltfgen.RigGLB()[0].Data, []byte("glTF")) {
		t.Fatal("rig.glb lacks the GLB magic")
	}
}

// A GLB whose header or chunk lengths lie (too small, too big, past the
// end) is refused with an error, never a panic: every total length from
// 0 to 40 and every JSON chunk length near the edges, on rig.glb. (A
// total under the header's 20 bytes once panicked: FuzzRead's seed
// 2996a76a3f5ad7fa.)
func TestLyingGLBLengths(t *testing.T) {
	orig := gltfgen.RigGLB()[0].Data
	for total := uint32(0); total <= 40; total++ {
		data := append([]byte(nil), orig...)
		binary.LittleEndian.PutUint32(data[8:], total)
		if f, err := Read("rig.glb", data, nil); err == nil || f != nil {
			t.Errorf("total length %d: read without an error", total)
		}
	}
	jl := binary.LittleEndian.Uint32(orig[12:])
	for _, l := range []uint32{0, 1, jl - 1, jl + 1, uint32(len(orig)) - 20, uint32(len(orig)) - 19, 1<<32 - 1} {
		data := append([]byte(nil), orig...)
		binary.LittleEndian.PutUint32(data[12:], l)
		if f, err := Read("rig.glb", data, nil); err == nil || f != nil {
			t.Errorf("JSON chunk length %d (true %d): read without an error", l, jl)
		}
	}
}

// Index maps every scene node back to its place in the file: the node
// named there (parsed independently from the file's JSON) is the one
// skewlab shows, unless skewlab had to rename it (name#index, with the
// index that must be gi).
func TestSceneIndexNamesTheFileNode(t *testing.T) {
	for _, fx := range gltfgen.Fixtures() {
		if !gltfgen.Good(fx.Name) {
			continue
		}
		files := fx.Files(2000)
		f := mustRead(t, files)
		var doc struct {
			Nodes []struct {
				Name string `json:"name"`
			} `json:"nodes"`
		}
		text := files[0].Data
		if bytes.HasPrefix(text, []byte("glTF")) {
			n := binary.LittleEndian.Uint32(text[12:])
			text = text[20 : 20+n]
		}
		if err := json.Unmarshal(text, &doc); err != nil {
			t.Fatal(err)
		}
		for si := range f.Scenes {
			s := mustBuild(t, f, si)
			if len(s.Index) != len(s.Scene.Nodes) {
				t.Fatalf("%s %s: %d indices for %d nodes", fx.Name, s.Label, len(s.Index), len(s.Scene.Nodes))
			}
			for k, gi := range s.Index {
				got, file := s.Scene.Nodes[k].Name, doc.Nodes[gi].Name
				if got != file && !strings.HasSuffix(got, fmt.Sprintf("#%d", gi)) {
					t.Errorf("%s %s: node %d %q has index %d, named %q in the file", fx.Name, s.Label, k, got, gi, file)
				}
			}
		}
	}
}

// A scale written as [0,0,0] is a zero scale (the node collapses), not
// the default 1; an absent scale is 1.
func TestZeroScaleIsRead(t *testing.T) {
	js := `{"asset":{"version":"2.0"},"nodes":[{"name":"Flat","scale":[0,0,0],"children":[1]},{"name":"Kid"}]}`
	f, err := Read("zero.gltf", []byte(js), nil)
	if err != nil {
		t.Fatal(err)
	}
	sc := mustBuild(t, f, 0).Scene
	if s := sc.Nodes[sc.Index("Flat")].Local.Scale; s != (mgl64.Vec3{}) {
		t.Errorf("Flat scale %v, want 0,0,0", s)
	}
	if s := sc.Nodes[sc.Index("Kid")].Local.Scale; s != (mgl64.Vec3{1, 1, 1}) {
		t.Errorf("Kid scale %v, want 1,1,1", s)
	}
}

// An accessor without a bufferView is all zeros and no buffer bounds its
// count: a tiny file asking for 2*10^8 of them is refused when its scene
// is built (it took 20 GB and a minute before), one of 2^20 is read.
func TestZeroAccessorCount(t *testing.T) {
	file := func(count int) []byte {
		return []byte(fmt.Sprintf(`{"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[{"name":"Z","mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":0},"mode":0}]}],"accessors":[{"componentType":5126,"count":%d,"type":"VEC3"}]}`, count))
	}
	f, err := Read("big.gltf", file(200000000), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Build(0); err == nil || !strings.Contains(err.Error(), "accessor elements") {
		t.Errorf("2e8 zero elements: error %v, want a refusal", err)
	}
	const n = 1 << 20
	f, err = Read("ok.gltf", file(n), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(mustBuild(t, f, 0).Scene.Nodes[0].Mesh.Points); got != n {
		t.Errorf("%d points, want %d", got, n)
	}
}

// A mesh whose primitives name one accessor again and again reads each
// time; past MaxElements in all the file is refused, by Build and Bake,
// instead of growing without bound.
func TestRepeatedAccessorBound(t *testing.T) {
	const n = 1 << 20
	file := func(prims int) []byte {
		var b strings.Builder
		b.WriteString(`{"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[{"name":"Z","mesh":0,"scale":[1,2,1]}],"meshes":[{"primitives":[`)
		for i := range prims {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`{"attributes":{"POSITION":0},"mode":0}`)
		}
		fmt.Fprintf(&b, `]}],"accessors":[{"componentType":5126,"count":%d,"type":"VEC3"}]}`, n)
		return []byte(b.String())
	}
	over := MaxElements/n + 1
	f, err := Read("many.gltf", file(over), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Build(0); err == nil || !strings.Contains(err.Error(), "accessor elements read from the file") {
		t.Errorf("%d primitives of %d vertices: error %v, want a refusal", over, n, err)
	}
	if _, err := Bake("many.gltf", file(over), nil); err == nil {
		t.Errorf("Bake accepted %d primitives of %d vertices", over, n)
	}
	mustBuild(t, mustRead(t, []gltfgen.File{{Name: "two.gltf", Data: file(2)}}), 0)
}

package gltfgen

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"
)

// m4 is a column-major 4x4 matrix (element (r, c) at 4c+r), the tests'
// own, so the writer's trsMatrix is checked against a second version.
type m4 [16]float64

func (a m4) mul(b m4) m4 {
	var o m4
	for c := range 4 {
		for r := range 4 {
			for k := range 4 {
				o[4*c+r] += a[4*k+r] * b[4*c+k]
			}
		}
	}
	return o
}

// local returns a node's matrix: its "matrix", or T*R*S built by
// composing three matrices (rotation from the quaternion [x, y, z, w]).
func local(n tNode) m4 {
	if n.Matrix != nil {
		return m4(n.Matrix)
	}
	tr, rot, sc := m4{0: 1, 5: 1, 10: 1, 15: 1}, m4{15: 1}, m4{15: 1}
	if n.Translation != nil {
		tr[12], tr[13], tr[14] = n.Translation[0], n.Translation[1], n.Translation[2]
	}
	s := []float64{1, 1, 1}
	if n.Scale != nil {
		s = n.Scale
	}
	sc[0], sc[5], sc[10] = s[0], s[1], s[2]
	q := []float64{0, 0, 0, 1}
	if n.Rotation != nil {
		q = n.Rotation
	}
	x, y, z, w := q[0], q[1], q[2], q[3]
	rot[0], rot[1], rot[2] = w*w+x*x-y*y-z*z, 2*(x*y+w*z), 2*(x*z-w*y)
	rot[4], rot[5], rot[6] = 2*(x*y-w*z), w*w-x*x+y*y-z*z, 2*(y*z+w*x)
	rot[8], rot[9], rot[10] = 2*(x*z+w*y), 2*(y*z-w*x), w*w-x*x-y*y+z*z
	return tr.mul(rot).mul(sc)
}

// worlds returns every node's world matrix (parents looked up from
// children; the fixture must be a forest).
func worlds(d tDoc) []m4 {
	parent := make([]int, len(d.Nodes))
	for i := range parent {
		parent[i] = -1
	}
	for i, n := range d.Nodes {
		for _, c := range n.Children {
			parent[c] = i
		}
	}
	out := make([]m4, len(d.Nodes))
	var world func(i int) m4
	world = func(i int) m4 {
		if parent[i] < 0 {
			return local(d.Nodes[i])
		}
		return world(parent[i]).mul(local(d.Nodes[i]))
	}
	for i := range out {
		out[i] = world(i)
	}
	return out
}

// column returns column c's upper three rows.
func (a m4) column(c int) [3]float64 { return [3]float64{a[4*c], a[4*c+1], a[4*c+2]} }

func dot(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

func cross(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

func norm(a [3]float64) float64 { return math.Sqrt(dot(a, a)) }

// shear returns the largest |cosine| between two columns of the upper
// 3x3: 0 for rotation times scale, more when sheared.
func shear(a m4) float64 {
	s := 0.0
	for _, p := range [][2]int{{0, 1}, {0, 2}, {1, 2}} {
		u, v := a.column(p[0]), a.column(p[1])
		s = math.Max(s, math.Abs(dot(u, v))/(norm(u)*norm(v)))
	}
	return s
}

func det3(a m4) float64 { return dot(a.column(0), cross(a.column(1), a.column(2))) }

// byName returns the index of the only node with the given name.
func byName(t *testing.T, d tDoc, name string) int {
	t.Helper()
	found := -1
	for i, n := range d.Nodes {
		if n.Name != nil && *n.Name == name {
			if found >= 0 {
				t.Fatalf("two nodes named %q", name)
			}
			found = i
		}
	}
	if found < 0 {
		t.Fatalf("no node named %q", name)
	}
	return found
}

func near(a, b []float64, tol float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > tol {
			return false
		}
	}
	return true
}

// v3 reads vector i of a float accessor's data as a [3]float64.
func v3(vs [][]float64, i uint32) [3]float64 { return [3]float64{vs[i][0], vs[i][1], vs[i][2]} }

// signedVolume returns the volume enclosed by indexed triangles
// (divergence theorem): positive when they face outward.
func signedVolume(pos [][]float64, idx []uint32) float64 {
	vol := 0.0
	for k := 0; k+2 < len(idx); k += 3 {
		vol += dot(v3(pos, idx[k]), cross(v3(pos, idx[k+1]), v3(pos, idx[k+2]))) / 6
	}
	return vol
}

func TestPiston(t *testing.T) {
	a := load(t, Piston(), "piston.gltf")
	d := a.doc
	if !bytes.Contains(a.json, []byte("0.7071067811865476")) {
		t.Error("piston.gltf does not hold the JSON number 0.7071067811865476")
	}
	want := []struct {
		name    string
		t, r, s []float64
		mesh    bool
	}{
		{"Root", []float64{2.5, 3, 3}, nil, nil, false},
		{"A", []float64{0, 0, 1.5}, []float64{0, 0.7071067811865476, 0, 0.7071067811865476}, []float64{0.25, 0.25, 2}, true},
		{"B", []float64{0, 0, 0.5}, []float64{0, 0, 0, 1}, []float64{4, 4, 0.5}, true},
	}
	if len(d.Nodes) != len(want) {
		t.Fatalf("%d nodes, want 3", len(d.Nodes))
	}
	for i, w := range want {
		n := d.Nodes[i]
		if *n.Name != w.name || !slices.Equal(n.Translation, w.t) || !slices.Equal(n.Rotation, w.r) ||
			!slices.Equal(n.Scale, w.s) || (n.Mesh != nil) != w.mesh || n.Matrix != nil {
			t.Errorf("node %d = %+v, want %+v", i, n, w)
		}
	}
	if q := d.Nodes[1].Rotation; math.Abs(math.Hypot(q[1], q[3])-1) > 1e-15 {
		t.Errorf("A's rotation %v is not a unit quaternion (tol 1e-15)", q)
	}
	if !slices.Equal(d.Nodes[0].Children, []int{1}) || !slices.Equal(d.Nodes[1].Children, []int{2}) || d.Nodes[2].Children != nil {
		t.Error("hierarchy is not Root > A > B")
	}
	if *d.Nodes[1].Mesh != 0 || *d.Nodes[2].Mesh != 0 || len(d.Meshes) != 1 || d.Meshes[0].Name != "cylinder" {
		t.Error("A and B do not share the one mesh \"cylinder\"")
	}
	if *d.Scene != 0 || !slices.Equal(d.Scenes[0].Nodes, []int{0}) {
		t.Errorf("scene %v scenes %+v, want scene 0 = [Root]", *d.Scene, d.Scenes)
	}
	if !strings.HasPrefix(d.Buffers[0].URI, "data:application/octet-stream;base64,") {
		t.Error("buffer is not a base64 data URI")
	}

	prim := d.Meshes[0].Primitives[0]
	pos := a.floats(t, prim.Attributes["POSITION"])
	idx := a.uints(t, *prim.Indices)
	if prim.Mode != nil || len(prim.Attributes) != 1 || d.Accessors[*prim.Indices].ComponentType != compUShort {
		t.Errorf("primitive %+v, want indexed u16 TRIANGLES with POSITION only", prim)
	}
	const tol = 1e-6 // float32 rounding of 0.5*cos, 0.5*sin
	n := CylinderSegments
	if len(pos) != 2*n+2 || len(idx) != 3*4*n {
		t.Fatalf("%d vertices, %d indices; want %d and %d", len(pos), len(idx), 2*n+2, 12*n)
	}
	centres := 0
	for i, p := range pos {
		r2 := p[0]*p[0] + p[1]*p[1]
		switch {
		case r2 == 0:
			centres++
		case math.Abs(r2-0.25) > tol:
			t.Errorf("vertex %d = %v: x^2+y^2 = %v, want 0.25 (tol %g)", i, p, r2, tol)
		}
		if math.Abs(p[2]) != 0.5 {
			t.Errorf("vertex %d = %v: z is not +-0.5", i, p)
		}
	}
	if centres != 2 {
		t.Errorf("%d cap centres, want 2", centres)
	}
	// Outward winding: the enclosed volume is the 32-gon prism's, positive.
	prism := float64(n) / 2 * 0.25 * math.Sin(2*math.Pi/float64(n)) * 1
	if v := signedVolume(pos, idx); math.Abs(v-prism) > tol {
		t.Errorf("signed volume %v, want %v (outward faces; tol %g)", v, prism, tol)
	}
}

func TestRig(t *testing.T) {
	a := load(t, Rig(), "rig.gltf")
	d := a.doc
	if d.Buffers[0].URI != "rig.bin" {
		t.Errorf("buffer URI %q, want rig.bin", d.Buffers[0].URI)
	}
	const tol = 1e-15
	deg := math.Pi / 180
	want := []struct {
		name    string
		t, r, s []float64
	}{
		{"Hips", []float64{0, 1, 0}, nil, []float64{1, 2.5, 1}},
		{"Spine", []float64{0, 0.8, 0}, []float64{0, 0, math.Sin(17.5 * deg), math.Cos(17.5 * deg)}, nil},
		{"Head", []float64{0, 0.9, 0}, []float64{math.Sin(12.5 * deg), 0, 0, math.Cos(12.5 * deg)}, []float64{0.6, 0.6, 0.6}},
		{"Tail", []float64{0, -0.6, 0}, []float64{0, 0.7071067811865476, 0, 0.7071067811865476}, nil},
	}
	for _, w := range want {
		n := d.Nodes[byName(t, d, w.name)]
		if !near(n.Translation, w.t, tol) || !near(n.Rotation, w.r, tol) || !near(n.Scale, w.s, tol) || n.Mesh == nil {
			t.Errorf("%s = t %v r %v s %v mesh %v; want t %v r %v s %v with a mesh (tol %g)",
				w.name, n.Translation, n.Rotation, n.Scale, n.Mesh, w.t, w.r, w.s, tol)
		}
	}
	if !slices.Equal(d.Nodes[0].Children, []int{1, 3}) || !slices.Equal(d.Nodes[1].Children, []int{2}) {
		t.Error("hierarchy is not Hips > (Spine > Head, Tail)")
	}
	// Accumulated matrices: Spine and Head sheared, Hips and Tail not.
	w := worlds(d)
	const orth = 1e-12
	for name, sheared := range map[string]bool{"Hips": false, "Spine": true, "Head": true, "Tail": false} {
		s := shear(w[byName(t, d, name)])
		if sheared && s < 0.1 || !sheared && s > orth {
			t.Errorf("%s: largest column cosine %v; sheared should be %v (>= 0.1, or <= %g)", name, s, sheared, orth)
		}
	}
	checkBox(t, a, *d.Nodes[0].Mesh)
}

// checkBox checks the box mesh: 24 vertices in -0.5..0.5 on the cube's
// surface, 12 triangles facing outward (volume 1) and agreeing with
// their vertex normals, unit normals, unit tangents orthogonal to them
// with w = 1.
func checkBox(t *testing.T, a tAsset, mesh int) {
	t.Helper()
	prim := a.doc.Meshes[mesh].Primitives[0]
	pos := a.floats(t, prim.Attributes["POSITION"])
	nrm := a.floats(t, prim.Attributes["NORMAL"])
	tan := a.floats(t, prim.Attributes["TANGENT"])
	idx := a.uints(t, *prim.Indices)
	if len(pos) != 24 || len(nrm) != 24 || len(tan) != 24 || len(idx) != 36 {
		t.Fatalf("box: %d positions %d normals %d tangents %d indices; want 24, 24, 24, 36", len(pos), len(nrm), len(tan), len(idx))
	}
	const tol = 1e-6
	if v := signedVolume(pos, idx); math.Abs(v-1) > tol {
		t.Errorf("box: signed volume %v, want 1 (tol %g)", v, tol)
	}
	for i := range pos {
		n, tg := v3(nrm, uint32(i)), v3(tan, uint32(i))
		if math.Abs(norm(n)-1) > tol || math.Abs(norm(tg)-1) > tol || math.Abs(dot(n, tg)) > tol || tan[i][3] != 1 {
			t.Errorf("box vertex %d: normal %v tangent %v, want unit, orthogonal, w = 1", i, n, tan[i])
		}
		if d := dot(v3(pos, uint32(i)), n); math.Abs(d-0.5) > tol {
			t.Errorf("box vertex %d = %v is not on the face with normal %v", i, pos[i], n)
		}
	}
	for k := 0; k < len(idx); k += 3 {
		p0, p1, p2 := v3(pos, idx[k]), v3(pos, idx[k+1]), v3(pos, idx[k+2])
		face := cross([3]float64{p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]}, [3]float64{p2[0] - p0[0], p2[1] - p0[1], p2[2] - p0[2]})
		for _, i := range idx[k : k+3] {
			if dot(face, v3(nrm, i))/norm(face) < 1-tol {
				t.Errorf("box triangle %d: face normal %v disagrees with vertex %d's normal %v", k/3, face, i, nrm[i])
			}
		}
	}
}

func TestMatrix(t *testing.T) {
	a := load(t, Matrix(), "matrix.gltf")
	d := a.doc
	mat := d.Nodes[byName(t, d, "Mat")]
	if mat.Translation != nil || mat.Rotation != nil || mat.Scale != nil || len(mat.Matrix) != 16 {
		t.Fatalf("Mat = %+v, want only a 16-number matrix", mat)
	}
	// T(1,2,3) * Ry(30 degrees) * S(2,1,0.5) written out by hand, column
	// by column: Ry's columns are (c,0,-s), (0,1,0), (s,0,c).
	c, s := math.Cos(math.Pi/6), math.Sin(math.Pi/6)
	want := []float64{
		2 * c, 0, -2 * s, 0,
		0, 1, 0, 0,
		0.5 * s, 0, 0.5 * c, 0,
		1, 2, 3, 1,
	}
	const tol = 1e-15
	if !near(mat.Matrix, want, tol) {
		t.Errorf("Mat's matrix %v, want %v (column-major, tol %g)", mat.Matrix, want, tol)
	}
	kid := d.Nodes[byName(t, d, "Kid")]
	if !slices.Equal(mat.Children, []int{byName(t, d, "Kid")}) || kid.Mesh == nil || kid.Rotation == nil {
		t.Error("Mat's child is not Kid, a TRS node with a mesh")
	}
	plain := d.Nodes[byName(t, d, "Plain")]
	if plain.Matrix != nil || plain.Translation == nil || plain.Mesh == nil {
		t.Error("Plain is not a TRS node with a mesh")
	}
	if !slices.Equal(d.Scenes[0].Nodes, []int{byName(t, d, "Mat"), byName(t, d, "Plain")}) {
		t.Errorf("scene 0 = %v, want [Mat, Plain]", d.Scenes[0].Nodes)
	}
	checkBox(t, a, *kid.Mesh)
}

func TestScenes(t *testing.T) {
	a := load(t, Scenes(), "scenes.gltf")
	d := a.doc
	if d.Scene == nil || *d.Scene != 1 || len(d.Scenes) != 2 {
		t.Fatalf("scene %v of %d scenes, want 1 of 2", d.Scene, len(d.Scenes))
	}
	if !slices.Equal(d.Scenes[0].Nodes, []int{byName(t, d, "Left")}) ||
		!slices.Equal(d.Scenes[1].Nodes, []int{byName(t, d, "Right"), byName(t, d, "Extra")}) {
		t.Errorf("scenes %+v, want [Left] and [Right, Extra]", d.Scenes)
	}
	unnamed, twins, bell := 0, 0, 0
	for _, n := range d.Nodes {
		switch {
		case n.Name == nil:
			unnamed++
		case *n.Name == "Twin":
			twins++
		case strings.ContainsRune(*n.Name, '\a'):
			bell++
		}
	}
	if unnamed != 1 || twins != 2 || bell != 1 {
		t.Errorf("%d unnamed, %d Twin, %d with BEL; want 1, 2, 1", unnamed, twins, bell)
	}
	if !bytes.Contains(a.json, []byte(`"Bad\u0007Name"`)) {
		t.Error(`the JSON does not spell the name "Bad\u0007Name" with the escape`)
	}
	if len(d.Cameras) != 1 || d.Cameras[0].Type != "perspective" || d.Cameras[0].Perspective == nil ||
		d.Cameras[0].Perspective.Yfov <= 0 || d.Cameras[0].Perspective.Znear <= 0 {
		t.Errorf("cameras %+v, want one perspective camera", d.Cameras)
	}
	if r := d.Nodes[byName(t, d, "Right")]; r.Camera == nil || *r.Camera != 0 {
		t.Error("Right has no camera")
	}
	if !slices.Equal(d.ExtensionsUsed, []string{"KHR_lights_punctual"}) || d.ExtensionsRequired != nil ||
		!bytes.Contains(d.Extensions, []byte(`"lights"`)) {
		t.Errorf("extensions used %v required %v, want KHR_lights_punctual used only, with lights", d.ExtensionsUsed, d.ExtensionsRequired)
	}
	lit := 0
	for i, n := range d.Nodes {
		if n.Extensions == nil {
			continue
		}
		var ext struct {
			Lights *struct {
				Light *int `json:"light"`
			} `json:"KHR_lights_punctual"`
		}
		if err := json.Unmarshal(n.Extensions, &ext); err != nil || ext.Lights == nil || ext.Lights.Light == nil || *ext.Lights.Light != 0 {
			t.Errorf("node %d: extensions %s, want KHR_lights_punctual light 0", i, n.Extensions)
			continue
		}
		lit++
	}
	if lit != 1 {
		t.Errorf("%d nodes with light 0, want 1", lit)
	}

	if len(d.Skins) != 1 || len(d.Skins[0].Joints) != 2 || d.Skins[0].InverseBindMatrices == nil {
		t.Fatalf("skins %+v, want one with 2 joints and inverse bind matrices", d.Skins)
	}
	ident := []float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}
	ibm := a.floats(t, *d.Skins[0].InverseBindMatrices)
	if len(ibm) != 2 || !slices.Equal(ibm[0], ident) || !slices.Equal(ibm[1], ident) {
		t.Errorf("inverse bind matrices %v, want two identities", ibm)
	}
	if e := d.Nodes[byName(t, d, "Extra")]; e.Skin == nil || *e.Skin != 0 || e.Mesh == nil {
		t.Error("Extra is not the skinned mesh node")
	}

	if len(d.Animations) != 1 || len(d.Animations[0].Channels) != 1 || len(d.Animations[0].Samplers) != 1 {
		t.Fatalf("animations %+v, want one with one channel", d.Animations)
	}
	ch, smp := d.Animations[0].Channels[0], d.Animations[0].Samplers[0]
	if ch.Target.Path != "rotation" || ch.Target.Node == nil || smp.Interpolation != "LINEAR" {
		t.Errorf("channel %+v sampler %+v, want a LINEAR rotation channel on a node", ch, smp)
	}
	times, quats := a.floats(t, smp.Input), a.floats(t, smp.Output)
	if len(times) != 2 || times[0][0] != 0 || times[1][0] != 1 || len(quats) != 2 {
		t.Errorf("input %v output %v, want times 0, 1 and two quaternions", times, quats)
	}
	const tol = 1e-6 // float32 quaternions
	for _, q := range quats {
		if l := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3]); math.Abs(l-1) > tol {
			t.Errorf("output quaternion %v has length %v (tol %g)", q, l, tol)
		}
	}
}

func TestPrims(t *testing.T) {
	a := load(t, Prims(), "prims.gltf")
	if len(a.doc.Meshes) != 1 || len(a.doc.Nodes) != 1 || *a.doc.Nodes[0].Mesh != 0 {
		t.Fatal("want one node with the one mesh")
	}
	prims := a.doc.Meshes[0].Primitives
	if len(prims) != 7 {
		t.Fatalf("%d primitives, want 7", len(prims))
	}
	for mode, p := range prims {
		if p.Mode == nil || *p.Mode != mode || p.Indices != nil {
			t.Errorf("primitive %d: mode %v indices %v, want mode %d written out, no indices", mode, p.Mode, p.Indices, mode)
			continue
		}
		n := a.doc.Accessors[p.Attributes["POSITION"]].Count
		ok := map[int]bool{0: n >= 1, 1: n%2 == 0, 2: n >= 2, 3: n >= 2, 4: n%3 == 0, 5: n >= 3, 6: n >= 3}[mode]
		if !ok || n == 0 {
			t.Errorf("primitive %d (mode %d): %d vertices do not fit the mode", mode, mode, n)
		}
	}
}

func TestMirrored(t *testing.T) {
	a := load(t, Mirrored(), "mirrored.gltf")
	d := a.doc
	w := worlds(d)
	for name, sign := range map[string]float64{"Stretch": 1, "Mirror": -1, "Turned": -1} {
		i := byName(t, d, name)
		if det3(w[i])*sign <= 0 || d.Nodes[i].Mesh == nil {
			t.Errorf("%s: world determinant %v, want sign %v; mesh %v", name, det3(w[i]), sign, d.Nodes[i].Mesh)
		}
	}
	if s := d.Nodes[byName(t, d, "Mirror")].Scale; !slices.Equal(s, []float64{-1, 1, 1}) {
		t.Errorf("Mirror's scale %v, want -1, 1, 1", s)
	}
	if s := shear(w[byName(t, d, "Turned")]); s < 0.1 {
		t.Errorf("Turned's world matrix is not sheared (largest column cosine %v)", s)
	}
	checkBox(t, a, *d.Nodes[0].Mesh)
}

func TestBig(t *testing.T) {
	for _, tri := range []int{-5, 2, 1000, DefaultTriangles} {
		a := load(t, Big(tri), "big.glb")
		n := GridCells(tri)
		prim := a.doc.Meshes[0].Primitives[0]
		pos := a.floats(t, prim.Attributes["POSITION"])
		idx := a.uints(t, *prim.Indices)
		if a.doc.Accessors[*prim.Indices].ComponentType != compUInt {
			t.Errorf("triangles %d: index component type %d, want u32", tri, a.doc.Accessors[*prim.Indices].ComponentType)
		}
		got := len(idx) / 3
		if len(pos) != (n+1)*(n+1) || got != 2*n*n {
			t.Errorf("triangles %d: %d vertices, %d triangles; want %d and %d", tri, len(pos), got, (n+1)*(n+1), 2*n*n)
		}
		// About the asked count: within one row of cells (2*n+1 triangles).
		if tri >= 2 && math.Abs(float64(got-tri)) > float64(2*n+1) {
			t.Errorf("triangles %d: got %d", tri, got)
		}
		for k := 0; k < len(idx); k += 3 {
			p0, p1, p2 := v3(pos, idx[k]), v3(pos, idx[k+1]), v3(pos, idx[k+2])
			f := cross([3]float64{p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]}, [3]float64{p2[0] - p0[0], p2[1] - p0[1], p2[2] - p0[2]})
			if f[1] <= 0 {
				t.Fatalf("triangles %d: triangle %d faces %v, not up", tri, k/3, f)
			}
		}
		const tol = 1e-6 // float32 rounding
		for _, p := range pos {
			if math.Abs(p[0]) > GridSize/2 || math.Abs(p[2]) > GridSize/2 || math.Abs(p[1]) > GridWave+tol {
				t.Fatalf("triangles %d: vertex %v outside the grid's box", tri, p)
			}
		}
		if p := problems(a); len(p) != 0 {
			t.Errorf("triangles %d: %q", tri, p)
		}
	}
}

// The frames lights.gltf's doc promises, from its own JSON by this
// test's matrix product, against numbers worked by hand: with s = c =
// sqrt(1/2), R_y(45) maps (x, y, z) to (c x + s z, y, -s x + c z); Eye's
// L = R_y(45) diag(1,2,1) R_x(45) sends (0,0,-1) to R_y(45) (0, 2s, -c)
// and (0,1,0) to R_y(45) (0, 2c, s), whose part perpendicular to the
// direction is along R_y(45) (0, 1, 2); Spot's R_x(-45) gives (0, -2s,
// -c) and up (0, 2c, -s), perpendicular part along (0, 1, -2). Both
// directions are over 10 degrees from their node's own rotation's -Z,
// so a bake that kept only the rotation would be seen.
func TestLights(t *testing.T) {
	a := load(t, Lights(), "lights.gltf")
	d := a.doc
	w := worlds(d)
	s := math.Sqrt(0.5)
	ry := func(v [3]float64) [3]float64 { return [3]float64{s*v[0] + s*v[2], v[1], -s*v[0] + s*v[2]} }
	unit := func(v [3]float64) [3]float64 {
		n := norm(v)
		return [3]float64{v[0] / n, v[1] / n, v[2] / n}
	}
	r5 := math.Sqrt(5)
	for _, c := range []struct {
		name          string
		pos, dir, up  [3]float64
		rotationOnly  [3]float64 // -Z of the node's world without the stretch
		camera, light bool
	}{
		{"Eye", [3]float64{1, 4, 3}, ry([3]float64{0, 2 / r5, -1 / r5}), ry([3]float64{0, 1 / r5, 2 / r5}), ry([3]float64{0, s, -s}), true, false},
		{"Spot", [3]float64{1 + s, 2, 3 + s}, ry([3]float64{0, -2 / r5, -1 / r5}), ry([3]float64{0, 1 / r5, -2 / r5}), ry([3]float64{0, -s, -s}), false, true},
	} {
		i := byName(t, d, c.name)
		m := w[i]
		pos := m.column(3)
		col1, col2 := m.column(1), m.column(2)
		dir := unit([3]float64{-col2[0], -col2[1], -col2[2]})
		k := dot(col1, dir)
		up := unit([3]float64{col1[0] - k*dir[0], col1[1] - k*dir[1], col1[2] - k*dir[2]})
		if !near(pos[:], c.pos[:], 1e-12) || !near(dir[:], c.dir[:], 1e-12) || !near(up[:], c.up[:], 1e-12) {
			t.Errorf("%s: position %v direction %v up %v, want %v %v %v", c.name, pos, dir, up, c.pos, c.dir, c.up)
		}
		if deg := math.Acos(dot(dir, c.rotationOnly)) * 180 / math.Pi; deg < 10 {
			t.Errorf("%s: direction only %.3g degrees from the rotation's", c.name, deg)
		}
		if (d.Nodes[i].Camera != nil) != c.camera || (len(d.Nodes[i].Extensions) > 0) != c.light {
			t.Errorf("%s: camera %v extensions %s, want camera %v light %v", c.name, d.Nodes[i].Camera, d.Nodes[i].Extensions, c.camera, c.light)
		}
	}
	var lights struct {
		Punctual struct {
			Lights []struct {
				Type string `json:"type"`
			} `json:"lights"`
		} `json:"KHR_lights_punctual"`
	}
	if err := json.Unmarshal(d.Extensions, &lights); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(d.ExtensionsUsed, []string{"KHR_lights_punctual"}) || len(d.Cameras) != 1 ||
		len(lights.Punctual.Lights) != 3 || lights.Punctual.Lights[1].Type != "spot" {
		t.Errorf("extensionsUsed %v, %d cameras, extensions %s: want the lights extension, one camera, a spot", d.ExtensionsUsed, len(d.Cameras), d.Extensions)
	}
	checkBox(t, a, *d.Nodes[0].Mesh)
}

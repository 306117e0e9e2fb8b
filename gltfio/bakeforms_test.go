package gltfio

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"skewlab/internal/gltfgen"
)

// rigWith returns rig.gltf (with its rig.bin) whose nodes are replaced by
// nodes (JSON; mesh 0 is the rig's box) and scene 0 by roots; edit, when
// not nil, changes the decoded document further before it is written
// back.
func rigWith(t *testing.T, nodes string, roots []int, edit func(doc map[string]any)) []gltfgen.File {
	t.Helper()
	files := fixtureFiles(t, "rig.gltf")
	var raw map[string]any
	if err := json.Unmarshal(files[0].Data, &raw); err != nil {
		t.Fatal(err)
	}
	var ns []any
	if err := json.Unmarshal([]byte(nodes), &ns); err != nil {
		t.Fatalf("nodes: %v", err)
	}
	raw["nodes"] = ns
	raw["scenes"] = []any{map[string]any{"nodes": roots}}
	if edit != nil {
		edit(raw)
	}
	data, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	files[0].Data = data
	return files
}

// quatJSON is the glTF rotation [x, y, z, w] of deg degrees about the
// unit axis (x, y, z), as JSON.
func quatJSON(x, y, z, deg float64) string {
	h := deg * math.Pi / 360
	s := math.Sin(h)
	b, _ := json.Marshal([]float64{x * s, y * s, z * s, math.Cos(h)})
	return string(b)
}

// positionsOf reads a mesh's first primitive's POSITIONs with qmuntal's
// modeler (not skewlab's reader).
func positionsOf(t *testing.T, doc *gltf.Document, mesh int) []mgl64.Vec3 {
	t.Helper()
	ps, err := modeler.ReadPosition(doc, doc.Accessors[doc.Meshes[mesh].Primitives[0].Attributes[gltf.POSITION]], nil)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]mgl64.Vec3, len(ps))
	for k, p := range ps {
		out[k] = mgl64.Vec3{float64(p[0]), float64(p[1]), float64(p[2])}
	}
	return out
}

// Shared meshes get one baked form per distinct M, compared on M itself
// (to float32 precision), not on M up to a factor. The box is shared by
// Two and Three (roots of uniform scale 2 and 3: M = 2I and 3I, which
// the old key, M divided by its largest entry, took for one form) and by
// One and Double under Stretch (scale (1,2,1), no mesh): One has M =
// diag(1,2,1), Double (uniform scale 2) diag(2,4,2). Four forms, each
// node's baked box is M times the original's vertices (by hand, to 1e-6),
// and every node's world vertices are the original's (docWorlds) to 1e-6.
// Then pairs of nodes whose M differ by rounding noise share one form:
// scales (1,2,1) and (1,2.00000000000002,1) (M 1e-14 apart, relative),
// (1,3,1) and (1,3.00000000000003,1), and (1,2,1) and
// (1,1.9999999999999996,1), where M's largest entry crosses a power of
// two (its binary exponent, part of the key, changes).
func TestBakeFormsCompareMItself(t *testing.T) {
	files := rigWith(t, `[
		{"name":"Two","scale":[2,2,2],"mesh":0},
		{"name":"Three","scale":[3,3,3],"mesh":0,"translation":[5,0,0]},
		{"name":"Stretch","scale":[1,2,1],"children":[3,4]},
		{"name":"One","mesh":0},
		{"name":"Double","scale":[2,2,2],"mesh":0,"translation":[2,0,0]}]`, []int{0, 1, 2}, nil)
	orig := decode(t, files)
	b := mustBake(t, files)
	copyDoc := decode(t, []gltfgen.File{{Name: "copy.glb", Data: b.GLB}})
	if b.Meshes != 4 || b.Copies != 3 || len(copyDoc.Meshes) != 4 {
		t.Errorf("%d forms (%d copies), the copy has %d meshes; want 4 (3), 4", b.Meshes, b.Copies, len(copyDoc.Meshes))
	}
	box := positionsOf(t, orig, 0)
	ow, cw := docWorlds(orig), docWorlds(copyDoc)
	seen := map[int]string{}
	for i, m := range map[int]mgl64.Vec3{0: {2, 2, 2}, 1: {3, 3, 3}, 3: {1, 2, 1}, 4: {2, 4, 2}} {
		n := copyDoc.Nodes[i]
		if other, ok := seen[*n.Mesh]; ok {
			t.Errorf("%s and %s share mesh %d", n.Name, other, *n.Mesh)
		}
		seen[*n.Mesh] = n.Name
		got := positionsOf(t, copyDoc, *n.Mesh)
		for k, v := range box {
			want := mgl64.Vec3{m[0] * v[0], m[1] * v[1], m[2] * v[2]}
			if got[k].Sub(want).Len() > 1e-6 {
				t.Fatalf("%s vertex %d: %v, want M v = %v", n.Name, k, got[k], want)
			}
			if d := apply(cw[i], got[k]).Sub(apply(ow[i], v)).Len(); d > 1e-6 {
				t.Fatalf("%s vertex %d: world %v, the original's %v", n.Name, k, apply(cw[i], got[k]), apply(ow[i], v))
			}
		}
	}

	// Rounding noise does not split forms: M 1e-14 apart (relative), also
	// across a power of two (2 and 1.9999999999999996: M's largest entry
	// changes its binary exponent).
	for _, pair := range [][2]string{{"[1,2,1]", "[1,2.00000000000002,1]"}, {"[1,2,1]", "[1,1.9999999999999996,1]"}, {"[1,3,1]", "[1,3.00000000000003,1]"}} {
		files := rigWith(t, `[{"name":"A","scale":`+pair[0]+`,"mesh":0},{"name":"B","scale":`+pair[1]+`,"mesh":0,"translation":[3,0,0]}]`, []int{0, 1}, nil)
		b := mustBake(t, files)
		copyDoc := decode(t, []gltfgen.File{{Name: "copy.glb", Data: b.GLB}})
		if b.Meshes != 1 || *copyDoc.Nodes[0].Mesh != *copyDoc.Nodes[1].Mesh {
			t.Errorf("scales %s and %s: %d forms, meshes %d and %d; want one shared", pair[0], pair[1], b.Meshes, *copyDoc.Nodes[0].Mesh, *copyDoc.Nodes[1].Mesh)
		}
	}
}

// keysOf by hand: M and 2M differ; M and M(1 + 1e-15) agree, directly or
// through the other exponent's key at a power of two.
func TestKeysOf(t *testing.T) {
	m := mgl64.Mat3{1, 0.3, 0, 0.3, 2, 0, 0, 0, 1}
	k1, _, _ := keysOf(0, m)
	k2, _, _ := keysOf(0, m.Mul(2))
	if k1 == k2 {
		t.Errorf("M and 2M have one key %v", k1)
	}
	if k3, _, _ := keysOf(1, m); k3 == k1 {
		t.Errorf("two meshes share a key")
	}
	under := m.Mul(1 - 1e-15) // largest entry just under 2
	ku, alt, hasAlt := keysOf(0, under)
	if ku == k1 && hasAlt || ku != k1 && (!hasAlt || alt != k1) {
		t.Errorf("M just under a power of two: key %v alt %v (%v); M's %v", ku, alt, hasAlt, k1)
	}
	if k, _, _ := keysOf(0, m.Mul(1+1e-15)); k != k1 {
		t.Errorf("M (1 + 1e-15): key %v, M's %v", k, k1)
	}
	if k, _, has := keysOf(0, mgl64.Mat3{}); has || k != (formKey{}) {
		t.Errorf("zero M: key %v alt %v", k, has)
	}
}

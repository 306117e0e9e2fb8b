package gltfio

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"

	"skewlab/internal/gltfgen"
)

// rotZ and rotX are rotation matrices written out (column vectors), and
// trs composes T * R * S by hand: independent of package transform.
func rotZ(deg float64) mgl64.Mat4 {
	c, s := math.Cos(deg*math.Pi/180), math.Sin(deg*math.Pi/180)
	return mgl64.Mat4{c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}
}

func trs(t mgl64.Vec3, r mgl64.Mat4, s mgl64.Vec3) mgl64.Mat4 {
	return mgl64.Translate3D(t[0], t[1], t[2]).Mul4(r).Mul4(mgl64.Scale3D(s[0], s[1], s[2]))
}

// quatZ is glTF's (x, y, z, w) for a turn about z.
func quatZ(deg float64) []float64 {
	h := deg * math.Pi / 360
	return []float64{0, 0, math.Sin(h), math.Cos(h)}
}

// instancedFile is a node N (translation (1,2,3), turned 30° about z,
// scale nodeScale) drawing a triangle through EXT_mesh_gpu_instancing
// with two instances: T (1,0,0), no turn, scale 1; and T (0,2,0), turned
// instTurn° about z, scale (1,3,1).
func instancedFile(t *testing.T, nodeScale []float64, instTurn float64) []byte {
	k := gltfgen.NewKit()
	mesh := k.Triangle()
	tr := k.Floats("VEC3", 3, 1, 0, 0, 0, 2, 0)
	q := quatZ(instTurn)
	rot := k.Floats("VEC4", 4, 0, 0, 0, 1, q[0], q[1], q[2], q[3])
	sc := k.Floats("VEC3", 3, 1, 1, 1, 1, 3, 1)
	k.Node(map[string]any{"name": "N", "mesh": mesh, "translation": []float64{1, 2, 3}, "rotation": quatZ(30), "scale": nodeScale,
		"extensions": map[string]any{"EXT_mesh_gpu_instancing": map[string]any{"attributes": map[string]any{"TRANSLATION": tr, "ROTATION": rot, "SCALE": sc}}}})
	k.Doc["extensionsUsed"] = []string{"EXT_mesh_gpu_instancing"}
	return k.Bytes()
}

// Instances are child nodes NODE[k] drawing the node's mesh (the node
// itself draws nothing), each at nodeWorld * T_k R_k S_k. Instance 1's
// vertex (1,0,0): S (1,3,1) keeps it, the 90° turn makes it (0,1,0), T
// (0,2,0) moves it to (0,3,0); N's scale (2,1,1) keeps it, its 30° turn
// gives (-3 sin 30°, 3 cos 30°, 0) = (-1.5, 2.598076, 0), its translation
// (-0.5, 4.598076, 3).
func TestInstancesAreNodes(t *testing.T) {
	f, err := Read("inst.gltf", instancedFile(t, []float64{2, 1, 1}, 90), nil)
	if err != nil {
		t.Fatal(err)
	}
	if f.Scenes[0].Nodes != 3 {
		t.Errorf("scene lists %d nodes, want 3 (N and two instances)", f.Scenes[0].Nodes)
	}
	b := mustBuild(t, f, 0)
	sc := b.Scene
	if got := sc.Names(); !slices.Equal(got, []string{"N", "N[0]", "N[1]"}) {
		t.Fatalf("nodes %v", got)
	}
	if sc.Nodes[0].Mesh != nil || sc.Nodes[1].Mesh == nil || sc.Nodes[1].Mesh != sc.Nodes[2].Mesh || sc.Nodes[1].Parent != 0 || sc.Nodes[2].Parent != 0 {
		t.Errorf("N must draw nothing and its instances its mesh, under it")
	}
	if !slices.Equal(b.Index, []int{0, 0, 0}) || !slices.Equal(b.Instance, []int{-1, 0, 1}) {
		t.Errorf("Index %v Instance %v", b.Index, b.Instance)
	}
	w := modes.AccumulateMatrices.Reference(sc.Nodes)
	got := apply(w[2], mgl64.Vec3{1, 0, 0})
	want := mgl64.Vec3{-0.5, 2 + 3*math.Cos(math.Pi/6), 3}
	if dist(got, want) > 1e-6 {
		t.Errorf("instance 1's vertex (1,0,0) at %v, want %v", got, want)
	}
	for i, k := range []int{1, 2} {
		inst := [][3]mgl64.Vec3{{{1, 0, 0}, {}, {1, 1, 1}}, {{0, 2, 0}, {}, {1, 3, 1}}}[i]
		hand := trs(mgl64.Vec3{1, 2, 3}, rotZ(30), mgl64.Vec3{2, 1, 1}).Mul4(trs(inst[0], rotZ(float64(90*i)), inst[2]))
		for c := range hand {
			if math.Abs(hand[c]-w[k][c]) > 1e-6 {
				t.Fatalf("%s world %v, want %v", sc.Nodes[k].Name, w[k], hand)
			}
		}
	}
	if !strings.Contains(strings.Join(f.Notes, " "), "EXT_mesh_gpu_instancing") {
		t.Errorf("notes %q do not mention the instances", f.Notes)
	}
}

// bakeWorlds bakes data and returns, for every instance of node 0 in the
// original (k = 0, 1), the world positions of its triangle's vertices
// under accumulate-matrices, and the copy's under every rule, found
// through Expanded when instances became nodes.
func bakeCompare(t *testing.T, data []byte) (*Baked, float64) {
	t.Helper()
	baked, err := Bake("inst.gltf", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	orig := mustBuild(t, baked.Original, 0)
	cf, err := Read("copy.glb", baked.GLB, nil)
	if err != nil {
		t.Fatal(err)
	}
	cp := mustBuild(t, cf, 0)
	want := modes.AccumulateMatrices.Reference(orig.Scene.Nodes)
	worst := 0.0
	for _, m := range modes.All {
		got := m.Reference(cp.Scene.Nodes)
		for k, n := range orig.Scene.Nodes {
			if n.Mesh == nil {
				continue
			}
			ck := -1
			for j := range cp.Index {
				if cp.Index[j] == orig.Index[k] && cp.Instance[j] == orig.Instance[k] {
					ck = j
				}
				if ci, ok := baked.Expanded[[2]int{orig.Index[k], orig.Instance[k]}]; ok && cp.Index[j] == ci && cp.Instance[j] < 0 {
					ck = j
				}
			}
			if ck < 0 {
				t.Fatalf("%s: not in the copy", n.Name)
			}
			for v, p := range n.Mesh.Points {
				worst = max(worst, dist(apply(got[ck], cp.Scene.Nodes[ck].Mesh.Points[v]), apply(want[k], p)))
			}
		}
	}
	return baked, worst
}

// A node with a uniform scale: M = 2I commutes with every turn, so the
// instance transforms carry it (translations doubled, the extension
// kept) and every rule draws the copy where the original was. Under the
// node's non-uniform scale M = diag(2, 1, 1), an instance turned 90°
// about z with scale (1, 3, 1) becomes M Rz90 S M⁻¹, whose columns are
// (0, 1/2, 0) and (-6, 0, 0): perpendicular, so a TRS, carried too; a
// 45° turn gives columns at 71.6° and 108.4°, no TRS: those instances
// become nodes, and still land where they were.
func TestBakeInstances(t *testing.T) {
	for _, c := range []struct {
		name     string
		scale    []float64
		turn     float64
		expanded bool
	}{
		{"uniform", []float64{2, 2, 2}, 45, false},
		{"quarter turn", []float64{2, 1, 1}, 90, false},
		{"45 degrees", []float64{2, 1, 1}, 45, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			baked, worst := bakeCompare(t, instancedFile(t, c.scale, c.turn))
			if worst > 1e-6 {
				t.Errorf("copy's instance vertices up to %.3g from the original's", worst)
			}
			if got := len(baked.Expanded) > 0; got != c.expanded {
				t.Errorf("expanded %v (%d rewritten), want %v", got, baked.InstancesRewritten, c.expanded)
			}
			doc := decode(t, filesOf("copy.glb", baked.GLB))
			_, has := doc.Nodes[0].Extensions["EXT_mesh_gpu_instancing"]
			if has == c.expanded || slices.Contains(doc.ExtensionsUsed, "EXT_mesh_gpu_instancing") == c.expanded {
				t.Errorf("extension kept %v (used %v), want %v", has, doc.ExtensionsUsed, !c.expanded)
			}
		})
	}
	// A wrong bake does not pass this comparison: the original under
	// accumulate-trs (which does not skew) against itself under
	// accumulate-matrices is far off for the 45° case.
	f, _ := Read("inst.gltf", instancedFile(t, []float64{2, 1, 1}, 45), nil)
	b := mustBuild(t, f, 0)
	a, m := modes.AccumulateTRS.Reference(b.Scene.Nodes), modes.AccumulateMatrices.Reference(b.Scene.Nodes)
	if d := dist(apply(a[2], mgl64.Vec3{1, 0, 0}), apply(m[2], mgl64.Vec3{1, 0, 0})); d < 0.1 {
		t.Errorf("the rules differ by only %g at the sheared instance; the test could not fail", d)
	}
}

// filesOf wraps one file's bytes for decode and readFixture.
func filesOf(name string, data []byte) []gltfgen.File {
	return []gltfgen.File{{Name: name, Data: data}}
}

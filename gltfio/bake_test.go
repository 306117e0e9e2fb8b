package gltfio

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"skewlab/internal/gltfgen"
	"skewlab/modes"
	"skewlab/scene"
)

// bakeTol is the promise: the copy's world vertices equal the
// original's under accumulate-matrices to 1e-5 of the model's size.
const bakeTol = 1e-5

// fixtureFiles returns the good fixture's files (big.glb at 2,000
// triangles).
func fixtureFiles(t testing.TB, name string) []gltfgen.File {
	t.Helper()
	for _, fx := range gltfgen.Fixtures() {
		if fx.Name == name {
			return fx.Files(2000)
		}
	}
	t.Fatalf("no fixture %s", name)
	return nil
}

func mustBake(t testing.TB, files []gltfgen.File) *Baked {
	t.Helper()
	fsys := map[string][]byte{}
	for _, f := range files {
		fsys[f.Name] = f.Data
	}
	b, err := Bake(files[0].Name, files[0].Data, mapFS(fsys))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// hasSkin returns the glTF indices of the file's nodes that have a skin
// (their mesh follows the joints, not the node: the bake leaves it).
func hasSkin(t testing.TB, doc *gltf.Document) map[int]bool {
	out := map[int]bool{}
	for i, n := range doc.Nodes {
		if n.Skin != nil {
			out[i] = true
		}
	}
	return out
}

// decode reads a file with qmuntal's own decoder (not skewlab's reader),
// buffers included.
func decode(t testing.TB, files []gltfgen.File) *gltf.Document {
	t.Helper()
	fsys := map[string][]byte{}
	for _, f := range files {
		fsys[f.Name] = f.Data
	}
	var doc gltf.Document
	if err := gltf.NewDecoderFS(bytes.NewReader(files[0].Data), mapFS(fsys)).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	return &doc
}

// For every good fixture, every scene and every rule: the copy's world
// vertices (read back by skewlab's reader and drawn by the rule) are the
// original's under accumulate-matrices to 1e-5 of the model's size, and
// so are the nodes' world positions. Skinned meshes are left out (the
// bake keeps them; they follow their joints). The rig's rules disagree
// by far more before the bake, so the check can fail.
func TestBakeLooksTheSameUnderEveryRule(t *testing.T) {
	for _, fx := range gltfgen.Fixtures() {
		if !fx.Good {
			continue
		}
		t.Run(fx.Name, func(t *testing.T) {
			files := fx.Files(2000)
			orig := mustRead(t, files)
			skinned := hasSkin(t, decode(t, files))
			baked := mustBake(t, files)
			copyFile, err := Read("copy.glb", baked.GLB, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(copyFile.Scenes) != len(orig.Scenes) || copyFile.Default != orig.Default {
				t.Fatalf("%d scenes (default %d), want %d (%d)", len(copyFile.Scenes), copyFile.Default, len(orig.Scenes), orig.Default)
			}
			for si := range orig.Scenes {
				s := mustBuild(t, orig, si)
				want := modes.AccumulateMatrices.Reference(s.Scene.Nodes)
				size := worldSize(s.Scene.Nodes, want)
				c := mustBuild(t, copyFile, si)
				if err := sameNodes(s, c, baked.Nodes, baked.Expanded); err != nil {
					t.Fatalf("scene %s: %v", s.Label, err)
				}
				at := map[[2]int]int{} // glTF index and instance -> place in the copy's scene
				for k := range c.Index {
					at[[2]int{c.Index[k], c.Instance[k]}] = k
				}
				for _, m := range modes.All {
					got := m.Reference(c.Scene.Nodes)
					worst := 0.0
					for ok, n := range s.Scene.Nodes {
						k := at[[2]int{s.Index[ok], s.Instance[ok]}]
						cn := c.Scene.Nodes[k]
						if cn.Name != n.Name {
							t.Fatalf("node %d: %q, want %q", s.Index[ok], cn.Name, n.Name)
						}
						worst = max(worst, dist(pos(got[k]), pos(want[ok])))
						if n.Mesh == nil {
							continue
						}
						if len(cn.Mesh.Points) != len(n.Mesh.Points) {
							t.Fatalf("%s: %d vertices, want %d", n.Name, len(cn.Mesh.Points), len(n.Mesh.Points))
						}
						if skinned[s.Index[ok]] {
							// The rest pose: Σ w W_j IBM_j v, written out here.
							for v := range n.Mesh.Points {
								worst = max(worst, dist(restSkin(&cn, v, got), restSkin(&n, v, want)))
							}
							continue
						}
						for v, p := range n.Mesh.Points {
							worst = max(worst, dist(apply(got[k], cn.Mesh.Points[v]), apply(want[ok], p)))
						}
					}
					if worst > bakeTol*size {
						t.Errorf("scene %s under %s: world vertices %.3g of size from the original under accumulate-matrices, want < %g", s.Label, m.Name, worst/size, bakeTol)
					}
				}
			}
		})
	}
	// The same measure on the original rig: accumulate-trs is far off.
	files := fixtureFiles(t, "rig.gltf")
	s := mustBuild(t, mustRead(t, files), 0).Scene
	want := modes.AccumulateMatrices.Reference(s.Nodes)
	got := modes.AccumulateTRS.Reference(s.Nodes)
	worst := 0.0
	for k, n := range s.Nodes {
		for _, p := range n.Mesh.Points {
			worst = max(worst, dist(apply(got[k], p), apply(want[k], p)))
		}
	}
	if size := worldSize(s.Nodes, want); worst < 0.01*size {
		t.Errorf("the original rig under accumulate-trs is only %.3g of size off; the check above would not see a bad bake", worst/size)
	}
}

// sameNodes reports how the copy's scene c differs from the original's
// scene s in its nodes: it must hold every node of s (by glTF index), and
// any other node must come after the original's first n nodes (one the
// bake added) and have no mesh.
func sameNodes(s, c *Built, n int, expanded map[[2]int]int) error {
	in := map[[2]int]bool{}
	for k := range c.Index {
		in[[2]int{c.Index[k], c.Instance[k]}] = true
	}
	orig := map[[2]int]bool{}
	for k := range s.Index {
		key := [2]int{s.Index[k], s.Instance[k]}
		if ci, ok := expanded[key]; ok {
			key = [2]int{ci, -1}
		}
		orig[key] = true
		if !in[key] {
			return fmt.Errorf("the copy lacks node %d (instance %d)", s.Index[k], s.Instance[k])
		}
	}
	for k, gi := range c.Index {
		if !orig[[2]int{gi, c.Instance[k]}] && (gi < n || c.Scene.Nodes[k].Mesh != nil) {
			return fmt.Errorf("the copy has node %d %q, neither the original's nor an added node without a mesh", gi, c.Scene.Nodes[k].Name)
		}
	}
	return nil
}

func pos(m mgl64.Mat4) mgl64.Vec3 { return mgl64.Vec3{m[12], m[13], m[14]} }

func apply(m mgl64.Mat4, p mgl64.Vec3) mgl64.Vec3 {
	return m.Mul4x1(p.Vec4(1)).Vec3()
}

func dist(a, b mgl64.Vec3) float64 { return a.Sub(b).Len() }

// worldSize is the diagonal of the world bounding box of every mesh
// vertex (node positions when there is none).
func worldSize(nodes []scene.Node, world []mgl64.Mat4) float64 {
	lo := mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := lo.Mul(-1)
	add := func(p mgl64.Vec3) {
		for c := range 3 {
			lo[c], hi[c] = min(lo[c], p[c]), max(hi[c], p[c])
		}
	}
	for k, n := range nodes {
		if n.Mesh == nil {
			continue
		}
		for _, p := range n.Mesh.Points {
			add(apply(world[k], p))
		}
	}
	if math.IsInf(lo[0], 1) {
		for k := range nodes {
			add(pos(world[k]))
		}
	}
	return hi.Sub(lo).Len()
}

// Every node of the copy is rotation and translation only (no matrix, no
// scale), in the original's order with the original's names; its world
// position and rotation are those of the original under matrix
// accumulation (rotation: the polar rotation, checked here as the one
// that leaves the mesh's linear part symmetric).
func TestBakeNodesAreRotationTranslation(t *testing.T) {
	for _, name := range []string{"rig.gltf", "mirrored.gltf", "matrix.gltf", "scenes.gltf"} {
		files := fixtureFiles(t, name)
		orig := decode(t, files)
		copyDoc := decode(t, []gltfgen.File{{Name: "copy.glb", Data: mustBake(t, files).GLB}})
		if len(copyDoc.Nodes) != len(orig.Nodes) {
			t.Fatalf("%s: %d nodes, want %d", name, len(copyDoc.Nodes), len(orig.Nodes))
		}
		ow, cw := docWorlds(orig), docWorlds(copyDoc)
		for i, n := range copyDoc.Nodes {
			if n.Name != orig.Nodes[i].Name {
				t.Errorf("%s node %d: name %q, want %q", name, i, n.Name, orig.Nodes[i].Name)
			}
			if n.Matrix != gltf.DefaultMatrix || n.Scale != gltf.DefaultScale {
				t.Errorf("%s node %q: matrix %v scale %v, want neither", name, n.Name, n.Matrix, n.Scale)
			}
			if d := dist(pos(cw[i]), pos(ow[i])); d > 1e-12 {
				t.Errorf("%s node %q: world position moved by %g", name, n.Name, d)
			}
			// M = R^T L must be symmetric (the polar factor), and R a rotation.
			r, l := mat3(cw[i]), mat3(ow[i])
			m := r.Transpose().Mul3(l)
			if asym := maxAbs(m.Sub(m.Transpose())); asym > 1e-9 {
				t.Errorf("%s node %q: R^T L is not symmetric (%g): R is not L's polar rotation", name, n.Name, asym)
			}
			if d := r.Det(); math.Abs(d-1) > 1e-9 {
				t.Errorf("%s node %q: det R = %g", name, n.Name, d)
			}
		}
		if len(copyDoc.Animations) != 0 {
			t.Errorf("%s: %d animations kept", name, len(copyDoc.Animations))
		}
	}
}

// docWorlds computes every node's world matrix from a decoded document by
// its own product (T * R * S or the matrix, parent first), independent
// of bake.go and of package modes.
func docWorlds(doc *gltf.Document) []mgl64.Mat4 {
	parent := make([]int, len(doc.Nodes))
	for i := range parent {
		parent[i] = -1
	}
	for i, n := range doc.Nodes {
		for _, c := range n.Children {
			parent[c] = i
		}
	}
	w := make([]mgl64.Mat4, len(doc.Nodes))
	done := make([]bool, len(doc.Nodes))
	var world func(i int) mgl64.Mat4
	world = func(i int) mgl64.Mat4 {
		if done[i] {
			return w[i]
		}
		n := doc.Nodes[i]
		var l mgl64.Mat4
		if n.Matrix != gltf.DefaultMatrix && n.Matrix != [16]float64{} {
			l = mgl64.Mat4(n.Matrix)
		} else {
			t, q, s := n.Translation, n.RotationOrDefault(), n.Scale
			rot := mgl64.Quat{W: q[3], V: mgl64.Vec3{q[0], q[1], q[2]}}.Normalize().Mat4()
			l = mgl64.Translate3D(t[0], t[1], t[2]).Mul4(rot).Mul4(mgl64.Scale3D(s[0], s[1], s[2]))
		}
		if parent[i] >= 0 {
			l = world(parent[i]).Mul4(l)
		}
		w[i], done[i] = l, true
		return l
	}
	for i := range w {
		world(i)
	}
	return w
}

func mat3(m mgl64.Mat4) mgl64.Mat3 { return m.Mat3() }

func maxAbs(m mgl64.Mat3) float64 {
	x := 0.0
	for _, v := range m {
		x = max(x, math.Abs(v))
	}
	return x
}

// Normals, tangents and winding, checked by geometry rather than by the
// bake's formulas: in the world, each copied triangle's facing (the cross
// product of its sides in index order) agrees with its corners' normals;
// each normal is perpendicular to the world-transformed original
// triangle's sides; each tangent lies along the original's tangent mapped
// by L, and the bitangent w * (N x T) points along the original's
// bitangent mapped by L. The mirrored fixture's raw data drawn by L faces
// the other way (so a bake that forgot the flip would fail).
func TestBakeNormalsTangentsWinding(t *testing.T) {
	for _, name := range []string{"rig.gltf", "mirrored.gltf"} {
		files := fixtureFiles(t, name)
		orig := decode(t, files)
		copyDoc := decode(t, []gltfgen.File{{Name: "copy.glb", Data: mustBake(t, files).GLB}})
		ow, cw := docWorlds(orig), docWorlds(copyDoc)
		rawInverted := 0
		for i, n := range copyDoc.Nodes {
			if n.Mesh == nil {
				continue
			}
			o := readPrim(t, orig, *orig.Nodes[i].Mesh)
			c := readPrim(t, copyDoc, *n.Mesh)
			if len(c.idx) != len(o.idx) || len(c.pos) != len(o.pos) {
				t.Fatalf("%s %s: %d indices %d vertices, want %d %d", name, n.Name, len(c.idx), len(c.pos), len(o.idx), len(o.pos))
			}
			l, r := mat3(ow[i]), mat3(cw[i])
			bad := 0
			for k := 0; k+2 < len(c.idx); k += 3 {
				a, b, d := c.idx[k], c.idx[k+1], c.idx[k+2]
				wa, wb, wd := r.Mul3x1(c.pos[a]), r.Mul3x1(c.pos[b]), r.Mul3x1(c.pos[d])
				face := wb.Sub(wa).Cross(wd.Sub(wa))
				for _, v := range []uint32{a, b, d} {
					nw := r.Mul3x1(c.nrm[v])
					if face.Dot(nw) <= 0 {
						bad++
					}
				}
				// The original triangle drawn by L: the same facing?
				oa, ob, od := o.idx[k], o.idx[k+1], o.idx[k+2]
				raw := l.Mul3x1(o.pos[ob]).Sub(l.Mul3x1(o.pos[oa])).Cross(l.Mul3x1(o.pos[od]).Sub(l.Mul3x1(o.pos[oa])))
				if raw.Dot(r.Mul3x1(c.nrm[a])) < 0 {
					rawInverted++
				}
				// The copied normal is perpendicular to the world sides.
				sides := []mgl64.Vec3{l.Mul3x1(o.pos[ob].Sub(o.pos[oa])), l.Mul3x1(o.pos[od].Sub(o.pos[oa]))}
				for _, v := range []uint32{a, b, d} {
					nw := r.Mul3x1(c.nrm[v])
					for _, s := range sides {
						if math.Abs(nw.Dot(s.Normalize())) > 1e-6 {
							t.Fatalf("%s %s vertex %d: normal %v not perpendicular to side %v", name, n.Name, v, nw, s)
						}
					}
				}
			}
			if bad > 0 {
				t.Errorf("%s %s: %d triangle corners face against their normals", name, n.Name, bad)
			}
			for v := range c.pos {
				tw := r.Mul3x1(mgl64.Vec3{float64(c.tan[v][0]), float64(c.tan[v][1]), float64(c.tan[v][2])})
				want := l.Mul3x1(mgl64.Vec3{float64(o.tan[v][0]), float64(o.tan[v][1]), float64(o.tan[v][2])})
				if 1-tw.Dot(want.Normalize()) > 1e-6 || math.Abs(tw.Len()-1) > 1e-6 {
					t.Fatalf("%s %s vertex %d: tangent %v, want along %v", name, n.Name, v, tw, want)
				}
				on := mgl64.Vec3{float64(o.nrmRaw[v][0]), float64(o.nrmRaw[v][1]), float64(o.nrmRaw[v][2])}
				ot := mgl64.Vec3{float64(o.tan[v][0]), float64(o.tan[v][1]), float64(o.tan[v][2])}
				wantB := l.Mul3x1(on.Cross(ot).Mul(float64(o.tan[v][3])))
				gotB := r.Mul3x1(c.nrm[v]).Cross(tw).Mul(float64(c.tan[v][3]))
				if gotB.Dot(wantB) <= 0 {
					t.Fatalf("%s %s vertex %d: bitangent %v points against the original's %v (tangent w %g)", name, n.Name, v, gotB, wantB, c.tan[v][3])
				}
			}
		}
		// By hand: the box has 12 triangles. In mirrored.gltf, Stretch's
		// world det is 2 (scale 1,2,1); Mirror's is 2 * -1 and Turned's
		// the same (a rotation keeps it): 2 nodes * 12 = 24 triangles
		// inside out as raw data. The rig has no mirror: 0.
		if want := map[string]int{"rig.gltf": 0, "mirrored.gltf": 24}[name]; rawInverted != want {
			t.Errorf("%s: %d raw triangles face against the copy's normals, want %d", name, rawInverted, want)
		}
	}
}

// prim is a mesh's first primitive read by qmuntal's modeler.
type prim struct {
	idx    []uint32
	pos    []mgl64.Vec3
	nrm    []mgl64.Vec3
	nrmRaw [][3]float32
	tan    [][4]float32
}

func readPrim(t *testing.T, doc *gltf.Document, mi int) prim {
	t.Helper()
	p := doc.Meshes[mi].Primitives[0]
	var out prim
	var err error
	if out.idx, err = modeler.ReadIndices(doc, doc.Accessors[*p.Indices], nil); err != nil {
		t.Fatal(err)
	}
	ps, err := modeler.ReadPosition(doc, doc.Accessors[p.Attributes[gltf.POSITION]], nil)
	if err != nil {
		t.Fatal(err)
	}
	if out.nrmRaw, err = modeler.ReadNormal(doc, doc.Accessors[p.Attributes[gltf.NORMAL]], nil); err != nil {
		t.Fatal(err)
	}
	if out.tan, err = modeler.ReadTangent(doc, doc.Accessors[p.Attributes[gltf.TANGENT]], nil); err != nil {
		t.Fatal(err)
	}
	for k := range ps {
		out.pos = append(out.pos, mgl64.Vec3{float64(ps[k][0]), float64(ps[k][1]), float64(ps[k][2])})
		n := out.nrmRaw[k]
		out.nrm = append(out.nrm, mgl64.Vec3{float64(n[0]), float64(n[1]), float64(n[2])})
	}
	return out
}

// A shared mesh is copied once per distinct baked form. The rig's four
// nodes share one box. Hips has world linear part diag(1,2.5,1), a
// stretch already; Tail's is diag(1,2.5,1) R_y(90°) = R_y(90°) diag(1,2.5,1)
// (R_y keeps y and the stretch is equal along x and z), so its polar
// rotation is R_y(90°) and its mesh part the same diag(1,2.5,1): Hips and
// Tail share. Spine and Head are sheared, each its own: 3 meshes.
func TestBakeSharesMeshesPerForm(t *testing.T) {
	b := mustBake(t, fixtureFiles(t, "rig.gltf"))
	doc := decode(t, []gltfgen.File{{Name: "copy.glb", Data: b.GLB}})
	mesh := map[string]int{}
	for _, n := range doc.Nodes {
		mesh[n.Name] = *n.Mesh
	}
	if mesh["Hips"] != mesh["Tail"] || mesh["Spine"] == mesh["Hips"] || mesh["Head"] == mesh["Hips"] || mesh["Head"] == mesh["Spine"] {
		t.Errorf("meshes by node %v: want Hips and Tail sharing, Spine and Head each their own", mesh)
	}
	if len(doc.Meshes) != 3 || b.Meshes != 3 || b.Copies != 2 || b.Reshaped != 4 || b.Mirrored != 0 {
		t.Errorf("%d meshes in the copy; Baked %+v; want 3 meshes, 3 baked, 2 copies, 4 reshaped", len(doc.Meshes), *b)
	}
	// Hips's baked box is the original stretched by 2.5 along y.
	orig := decode(t, fixtureFiles(t, "rig.gltf"))
	ob, _ := modeler.ReadPosition(orig, orig.Accessors[orig.Meshes[0].Primitives[0].Attributes[gltf.POSITION]], nil)
	cb, _ := modeler.ReadPosition(doc, doc.Accessors[doc.Meshes[mesh["Hips"]].Primitives[0].Attributes[gltf.POSITION]], nil)
	for k := range ob {
		want := [3]float32{ob[k][0], 2.5 * ob[k][1], ob[k][2]}
		for c := range 3 {
			if math.Abs(float64(cb[k][c]-want[c])) > 1e-6 {
				t.Fatalf("Hips vertex %d: %v, want %v", k, cb[k], want)
			}
		}
	}
}

// Baking a copy again changes nothing: every node is already a rotation
// and a translation.
func TestBakeTwiceIsTheSame(t *testing.T) {
	b := mustBake(t, fixtureFiles(t, "rig.gltf"))
	again := mustBake(t, []gltfgen.File{{Name: "copy.glb", Data: b.GLB}})
	if again.Reshaped != 0 || again.Meshes != 0 || again.Copies != 0 {
		t.Errorf("second bake: %+v, want nothing reshaped", *again)
	}
}

// mirrorPrims is prims.gltf with its node mirrored (scale -1,1,1): its
// triangles, strip and fan need their winding flipped.
func mirrorPrims(t *testing.T) []gltfgen.File {
	files := fixtureFiles(t, "prims.gltf")
	var raw map[string]any
	if err := json.Unmarshal(files[0].Data, &raw); err != nil {
		t.Fatal(err)
	}
	raw["nodes"].([]any)[0].(map[string]any)["scale"] = []float64{-1, 1, 1}
	data, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	return []gltfgen.File{{Name: "mirrored-prims.gltf", Data: data}}
}

// expand lists a primitive's triangles as the spec draws them (glTF 2.0,
// 3.7.2.1), in its vertex order.
func expand(mode gltf.PrimitiveMode, idx []uint32) [][3]uint32 {
	var out [][3]uint32
	switch mode {
	case gltf.PrimitiveTriangles:
		for k := 0; k+2 < len(idx); k += 3 {
			out = append(out, [3]uint32{idx[k], idx[k+1], idx[k+2]})
		}
	case gltf.PrimitiveTriangleStrip:
		for k := 0; k+2 < len(idx); k++ {
			if k%2 == 0 {
				out = append(out, [3]uint32{idx[k], idx[k+1], idx[k+2]})
			} else {
				out = append(out, [3]uint32{idx[k+1], idx[k], idx[k+2]})
			}
		}
	case gltf.PrimitiveTriangleFan:
		for k := 1; k+1 < len(idx); k++ {
			out = append(out, [3]uint32{idx[k], idx[k+1], idx[0]})
		}
	}
	return out
}

// Triangles, strips and fans under a mirror: every triangle of the copy
// (the strip's added degenerate one aside) is a triangle of the original
// with the opposite order, so drawn by the copy's rotation-only world it
// faces where the original's surface normal (L^-T n) points, which the
// raw original drawn by L does not.
func TestBakeFlipsEveryTriangleMode(t *testing.T) {
	files := mirrorPrims(t)
	orig := decode(t, files)
	b := mustBake(t, files)
	if b.Mirrored != 1 {
		t.Fatalf("Mirrored = %d, want 1", b.Mirrored)
	}
	copyDoc := decode(t, []gltfgen.File{{Name: "copy.glb", Data: b.GLB}})
	ow, cw := docWorlds(orig), docWorlds(copyDoc)
	l, r := mat3(ow[0]), mat3(cw[0])
	lit := l.Inv().Transpose()
	checked := 0
	for pi, op := range orig.Meshes[0].Primitives {
		cp := copyDoc.Meshes[*copyDoc.Nodes[0].Mesh].Primitives[pi]
		if cp.Mode != op.Mode {
			t.Fatalf("primitive %d: mode %v, want %v", pi, cp.Mode, op.Mode)
		}
		opos, _ := modeler.ReadPosition(orig, orig.Accessors[op.Attributes[gltf.POSITION]], nil)
		cpos, _ := modeler.ReadPosition(copyDoc, copyDoc.Accessors[cp.Attributes[gltf.POSITION]], nil)
		v3 := func(p [3]float32) mgl64.Vec3 { return mgl64.Vec3{float64(p[0]), float64(p[1]), float64(p[2])} }
		oidx := identity(len(opos))
		cidx := identity(len(cpos))
		if cp.Indices != nil {
			cidx, _ = modeler.ReadIndices(copyDoc, copyDoc.Accessors[*cp.Indices], nil)
		}
		want := map[[3]uint32]mgl64.Vec3{} // sorted corners -> surface normal
		for _, tr := range expand(op.Mode, oidx) {
			a, b, c := v3(opos[tr[0]]), v3(opos[tr[1]]), v3(opos[tr[2]])
			n := lit.Mul3x1(b.Sub(a).Cross(c.Sub(a)))
			raw := l.Mul3x1(b).Sub(l.Mul3x1(a)).Cross(l.Mul3x1(c).Sub(l.Mul3x1(a)))
			if raw.Dot(n) >= 0 {
				t.Fatalf("primitive %d: the mirrored original faces its normal; the test would not see a missing flip", pi)
			}
			want[sorted(tr)] = n
		}
		for _, tr := range expand(cp.Mode, cidx) {
			if tr[0] == tr[1] || tr[1] == tr[2] || tr[0] == tr[2] {
				continue // the strip's added degenerate triangle
			}
			n, ok := want[sorted(tr)]
			if !ok {
				t.Fatalf("primitive %d: triangle %v is not one of the original's", pi, tr)
			}
			a, b, c := r.Mul3x1(v3(cpos[tr[0]])), r.Mul3x1(v3(cpos[tr[1]])), r.Mul3x1(v3(cpos[tr[2]]))
			if b.Sub(a).Cross(c.Sub(a)).Dot(n) <= 0 {
				t.Errorf("primitive %d (mode %v): triangle %v faces away from its surface normal", pi, cp.Mode, tr)
			}
			delete(want, sorted(tr))
			checked++
		}
		if len(want) > 0 {
			t.Errorf("primitive %d: %d triangles of the original missing from the copy", pi, len(want))
		}
	}
	if checked != 2+2+4 {
		t.Errorf("checked %d triangles, want 8 (2 triangles, a strip of 2, a fan of 4)", checked)
	}
}

func identity(n int) []uint32 {
	out := make([]uint32, n)
	for k := range out {
		out[k] = uint32(k)
	}
	return out
}

func sorted(t [3]uint32) [3]uint32 {
	if t[0] > t[1] {
		t[0], t[1] = t[1], t[0]
	}
	if t[1] > t[2] {
		t[1], t[2] = t[2], t[1]
	}
	if t[0] > t[1] {
		t[0], t[1] = t[1], t[0]
	}
	return t
}

// skinFile is a joint Arm (rotated 30° about z) under a root scaled
// 1,2,1, and a skinned triangle whose vertices follow Arm fully, with
// inverse bind matrices identity and a translation.
func skinFile(t *testing.T, withIBM bool) []gltfgen.File {
	var bin bytes.Buffer
	f32 := func(vs ...float32) {
		for _, v := range vs {
			_ = writeLE(&bin, v)
		}
	}
	f32(0, 0, 0, 1, 0, 0, 0, 1, 0)                        // positions, 36 bytes
	bin.Write([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}) // joints (u8 x4) x3, 12 bytes
	f32(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0)               // weights x3, 48 bytes
	f32(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)   // IBM root: identity
	f32(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1)  // IBM arm: translate (0,-1,0)
	q := math.Sin(math.Pi / 12)
	ibm := ""
	if withIBM {
		ibm = `"inverseBindMatrices":3,`
	}
	js := fmt.Sprintf(`{"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0,2]}],
"nodes":[{"name":"Root","scale":[1,2,1],"children":[1]},{"name":"Arm","translation":[0,1,0],"rotation":[0,0,%.17g,%.17g]},{"name":"Skinned","mesh":0,"skin":0}],
"skins":[{%s"joints":[0,1]}],
"meshes":[{"primitives":[{"attributes":{"POSITION":0,"JOINTS_0":1,"WEIGHTS_0":2}}]}],
"buffers":[{"byteLength":%d,"uri":"data:application/octet-stream;base64,%s"}],
"bufferViews":[{"buffer":0,"byteLength":36,"target":34962},{"buffer":0,"byteOffset":36,"byteLength":12,"target":34962},{"buffer":0,"byteOffset":48,"byteLength":48,"target":34962},{"buffer":0,"byteOffset":96,"byteLength":128}],
"accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]},{"bufferView":1,"componentType":5121,"count":3,"type":"VEC4"},{"bufferView":2,"componentType":5126,"count":3,"type":"VEC4"},{"bufferView":3,"componentType":5126,"count":2,"type":"MAT4"}]}`,
		q, math.Cos(math.Pi/12), ibm, bin.Len(), b64(bin.Bytes()))
	return []gltfgen.File{{Name: "skin.gltf", Data: []byte(js)}}
}

// Skinning is unchanged: for every joint, world * inverse bind matrix
// (what the skinning shader uses) is the same in the copy, with and
// without inverse bind matrices in the original; the skinned mesh keeps
// its vertices and the notes say so.
func TestBakeKeepsSkinning(t *testing.T) {
	for _, withIBM := range []bool{true, false} {
		files := skinFile(t, withIBM)
		orig := decode(t, files)
		b := mustBake(t, files)
		if !strings.Contains(strings.Join(b.Notes, " "), "skinned") {
			t.Errorf("notes %q do not mention the skinned mesh", b.Notes)
		}
		copyDoc := decode(t, []gltfgen.File{{Name: "copy.glb", Data: b.GLB}})
		ow, cw := docWorlds(orig), docWorlds(copyDoc)
		oibm := [][4][4]float32{identity4(), identity4()}
		if withIBM {
			oibm, _ = modeler.ReadInverseBindMatrices(orig, orig.Accessors[*orig.Skins[0].InverseBindMatrices], nil)
		}
		cibm, err := modeler.ReadInverseBindMatrices(copyDoc, copyDoc.Accessors[*copyDoc.Skins[0].InverseBindMatrices], nil)
		if err != nil {
			t.Fatal(err)
		}
		for k, j := range orig.Skins[0].Joints {
			want := ow[j].Mul4(m4(oibm[k]))
			got := cw[j].Mul4(m4(cibm[k]))
			for e := range want {
				if math.Abs(want[e]-got[e]) > 1e-6 {
					t.Fatalf("ibm %v: joint %d: world*IBM %v, want %v", withIBM, j, got, want)
				}
			}
		}
		if cw[0] == ow[0] {
			t.Errorf("the root kept its scale; the skin check above would be trivial")
		}
		op, _ := modeler.ReadPosition(orig, orig.Accessors[0], nil)
		cp, _ := modeler.ReadPosition(copyDoc, copyDoc.Accessors[copyDoc.Meshes[0].Primitives[0].Attributes[gltf.POSITION]], nil)
		if fmt.Sprint(op) != fmt.Sprint(cp) {
			t.Errorf("skinned vertices %v, want %v unchanged", cp, op)
		}
	}
}

func identity4() [4][4]float32 {
	return [4][4]float32{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}
}

// m4 reads qmuntal's [row][column] matrix (binary.Mat4).
func m4(a [4][4]float32) mgl64.Mat4 {
	var m mgl64.Mat4
	for c := range 4 {
		for r := range 4 {
			m[4*c+r] = float64(a[r][c])
		}
	}
	return m
}

// Animations are dropped with a note (scenes.gltf has one).
func TestBakeDropsAnimations(t *testing.T) {
	b := mustBake(t, fixtureFiles(t, "scenes.gltf"))
	if !strings.Contains(strings.Join(b.Notes, " "), "1 animation(s) dropped") {
		t.Errorf("notes %q: want the dropped animation", b.Notes)
	}
}

// A zero scale collapses the mesh as the matrix engine shows it; normals
// that collapse keep their direction and are counted; nothing is NaN.
func TestBakeZeroScale(t *testing.T) {
	files := fixtureFiles(t, "rig.gltf")
	var raw map[string]any
	if err := json.Unmarshal(files[0].Data, &raw); err != nil {
		t.Fatal(err)
	}
	raw["nodes"].([]any)[0].(map[string]any)["scale"] = []float64{0, 0, 0}
	files[0].Data, _ = json.Marshal(raw)
	b := mustBake(t, files)
	if !strings.Contains(strings.Join(b.Notes, " "), "normal(s)") {
		t.Errorf("notes %q: want the kept normals counted", b.Notes)
	}
	if bytes.Contains(b.GLB, []byte("NaN")) {
		t.Errorf("NaN in the copy's JSON")
	}
	if _, err := Read("copy.glb", b.GLB, nil); err != nil {
		t.Errorf("the copy does not read: %v", err)
	}
}

func mapFS(files map[string][]byte) fstest.MapFS {
	fsys := fstest.MapFS{}
	for n, d := range files {
		fsys[n] = &fstest.MapFile{Data: d}
	}
	return fsys
}

func writeLE(w *bytes.Buffer, v float32) error { return binary.Write(w, binary.LittleEndian, v) }

func b64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

// A node given by a sheared matrix (what the glTF spec forbids and files
// contain): the rig's root Hips replaced by the matrix with columns
// (s,0,0), (0.5s,s,0), (0,0,s), s = 1e-5, and translation (0,0.8,0): so
// small that the Khronos validator (absolute tolerance 5e-5) and so the
// reader accept it (at s = 1 it is refused: TestShearedMatrixNode). The
// copy has no matrix and no scale, and every vertex lands where the
// original's matrix product (docWorlds, independent of the bake and of
// package modes) puts it, to 1e-6 of the size; the unbaked shear is over
// 1% of it, so the comparison can fail.
func TestBakeShearedMatrix(t *testing.T) {
	files := fixtureFiles(t, "rig.gltf")
	var raw map[string]any
	if err := json.Unmarshal(files[0].Data, &raw); err != nil {
		t.Fatal(err)
	}
	hips := raw["nodes"].([]any)[0].(map[string]any)
	if hips["name"] != "Hips" {
		t.Fatalf("node 0 is %v, want Hips", hips["name"])
	}
	delete(hips, "rotation")
	delete(hips, "translation")
	delete(hips, "scale")
	const s = 1e-5
	hips["matrix"] = []float64{s, 0, 0, 0, 0.5 * s, s, 0, 0, 0, 0, s, 0, 0, 0.8, 0, 1}
	files[0].Data, _ = json.Marshal(raw)
	orig := decode(t, files)
	copyDoc := decode(t, []gltfgen.File{{Name: "copy.glb", Data: mustBake(t, files).GLB}})
	ow, cw := docWorlds(orig), docWorlds(copyDoc)
	lo, hi := mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, mgl64.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	type pair struct{ got, want, unsheared mgl64.Vec3 }
	var pts []pair
	for i, n := range copyDoc.Nodes {
		if n.Matrix != gltf.DefaultMatrix || n.Scale != gltf.DefaultScale {
			t.Errorf("%s: matrix %v scale %v, want neither", n.Name, n.Matrix, n.Scale)
		}
		op, _ := modeler.ReadPosition(orig, orig.Accessors[orig.Meshes[*orig.Nodes[i].Mesh].Primitives[0].Attributes[gltf.POSITION]], nil)
		cp, _ := modeler.ReadPosition(copyDoc, copyDoc.Accessors[copyDoc.Meshes[*n.Mesh].Primitives[0].Attributes[gltf.POSITION]], nil)
		// The same world without Hips' shear: undo x += 0.5 y in its frame.
		shear := mgl64.Ident4()
		shear[4] = -0.5
		unsheared := ow[0].Mul4(shear).Mul4(ow[0].Inv()).Mul4(ow[i])
		for k := range op {
			o := mgl64.Vec3{float64(op[k][0]), float64(op[k][1]), float64(op[k][2])}
			c := mgl64.Vec3{float64(cp[k][0]), float64(cp[k][1]), float64(cp[k][2])}
			want := apply(ow[i], o)
			for a := range 3 {
				lo[a], hi[a] = min(lo[a], want[a]), max(hi[a], want[a])
			}
			pts = append(pts, pair{apply(cw[i], c), want, apply(unsheared, o)})
		}
	}
	size := hi.Sub(lo).Len()
	worst, shear := 0.0, 0.0
	for _, p := range pts {
		worst = max(worst, dist(p.got, p.want))
		shear = max(shear, dist(p.unsheared, p.want))
	}
	if worst > 1e-6*size {
		t.Errorf("copy's vertices %.3g of size from the sheared original's", worst/size)
	}
	if shear < 0.01*size {
		t.Errorf("the shear moves vertices by only %.3g of size; the test would not see it dropped", shear/size)
	}
}

// restSkin is skinned vertex v of node n: Σ w · world[joint] · IBM · p
// over its influences, multiplied out entry by entry.
func restSkin(n *scene.Node, v int, world []mgl64.Mat4) mgl64.Vec3 {
	var out mgl64.Vec3
	p := n.Mesh.Points[v]
	for _, in := range n.Mesh.Influences(v) {
		w, ibm := world[n.Skin.Joints[in.Joint]], n.Skin.InverseBind[in.Joint]
		var m mgl64.Mat4
		for r := range 4 {
			for c := range 4 {
				for k := range 4 {
					m[4*c+r] += w[4*k+r] * ibm[4*c+k]
				}
			}
		}
		out = out.Add(apply(m, p).Mul(in.Weight))
	}
	return out
}

// The bake edits a copy of the document it read: the original (Baked.
// Original, which the check builds afterwards) is the same, to the last
// byte of its JSON, as a file read anew, for every good fixture and edge
// file (instances expanded and rewritten, cameras and lights moved,
// skins, sparse accessors).
func TestBakeLeavesTheOriginal(t *testing.T) {
	var cases [][]gltfgen.File
	for _, fx := range gltfgen.Fixtures() {
		if fx.Good {
			cases = append(cases, fx.Files(200))
		}
	}
	for _, f := range gltfgen.EdgeFiles() {
		cases = append(cases, []gltfgen.File{f})
	}
	for _, files := range cases {
		fresh := mustRead(t, files)
		want, err := json.Marshal(&fresh.r.doc)
		if err != nil {
			t.Fatal(err)
		}
		b := mustBake(t, files)
		got, err := json.Marshal(&b.Original.r.doc)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the bake changed the original's document", files[0].Name)
		}
	}
}

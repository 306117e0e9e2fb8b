package gltfio

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/internal/gltfgen"
	"skewlab/modes"
	"skewlab/scene"
)

// skinKit is a two-joint skin: joint J0 at the origin, its child J1 at
// (0, 1, 0) turned 90 degrees about z (Rz90: (x, y, z) -> (-y, x, z)),
// inverse bind matrices the identity and T(0, -1, 0) (J1's bind pose at
// (0, 1, 0) unturned) unless ibm is false; the skinned node "Skinned" at
// (100, 0, 0), which skinning ignores. Its five points and weights:
//   - 0: (0, 2, 0), 1 on J0: (0, 2, 0);
//   - 1: (0, 0, 0), 1 on J1: IBM (0, -1, 0), Rz90 (1, 0, 0), plus
//     (0, 1, 0): (1, 1, 0);
//   - 2: (0, 2, 0), 0.5 on each: J1 maps it to IBM (0, 1, 0), Rz90
//     (-1, 0, 0), plus (0, 1, 0): (-1, 1, 0); the blend (-0.5, 1.5, 0);
//   - 3: (0, 2, 0), 0.25 on J0 in WEIGHTS_0 (float) and 191/255 on J1 in
//     WEIGHTS_1 (normalized UNSIGNED_BYTE, JOINTS_1 UNSIGNED_BYTE):
//     0.25 (0, 2, 0) + 191/255 (-1, 1, 0) (the sum 0.999 is within
//     2/255 of 1);
//   - 4: (0, 2, 0), 0.5 on J0 alone (the sum is off by 0.5): (0, 1, 0).
//
// JOINTS_0 is UNSIGNED_SHORT.
func skinKit(ibm bool) []byte {
	k := gltfgen.NewKit()
	pos := k.Floats("VEC3", 3, 0, 2, 0, 0, 0, 0, 0, 2, 0, 0, 2, 0, 0, 2, 0)
	j0 := make([]byte, 40)
	for i, v := range []uint16{0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0} {
		binary.LittleEndian.PutUint16(j0[2*i:], v)
	}
	joints0 := k.Accessor(map[string]any{"bufferView": k.View(j0), "componentType": 5123, "count": 5, "type": "VEC4"})
	weights0 := k.Floats("VEC4", 4, 1, 0, 0, 0, 1, 0, 0, 0, 0.5, 0.5, 0, 0, 0.25, 0, 0, 0, 0.5, 0, 0, 0)
	joints1 := k.Accessor(map[string]any{"bufferView": k.View([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0}), "componentType": 5121, "count": 5, "type": "VEC4"})
	weights1 := k.Accessor(map[string]any{"bufferView": k.View([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 191, 0, 0, 0, 0, 0, 0, 0}), "componentType": 5121, "normalized": true, "count": 5, "type": "VEC4"})
	m := k.Mesh(map[string]any{"name": "blend", "primitives": []any{map[string]any{"attributes": map[string]any{
		"POSITION": pos, "JOINTS_0": joints0, "WEIGHTS_0": weights0, "JOINTS_1": joints1, "WEIGHTS_1": weights1}}}})
	skin := map[string]any{"joints": []int{1, 2}}
	if ibm {
		skin["inverseBindMatrices"] = k.Floats("MAT4", 16, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1,
			1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1)
	}
	k.Doc["skins"] = []any{skin}
	s := math.Sqrt(0.5)
	k.Node(map[string]any{"name": "Skinned", "mesh": m, "skin": 0, "translation": []float64{100, 0, 0}})
	k.Node(map[string]any{"name": "J0", "children": []int{2}})
	k.Node(map[string]any{"name": "J1", "translation": []float64{0, 1, 0}, "rotation": []float64{0, 0, s, s}})
	return k.Bytes()
}

// Skins as glTF defines them (skinKit's hand-derived points, within
// 1e-6 for the float32 data): JOINTS_1/WEIGHTS_1 feed the influence table
// beside JOINTS_0/WEIGHTS_0, normalized UNSIGNED_BYTE weights are divided
// by 255, the weights are used as written (point 4 summing to 0.5 lands
// halfway to the origin), the skinned node's own translation is ignored,
// and a note names the mesh whose sums leave 2/255 of 1 (from 0.5 to 1).
// Without inverse bind matrices they are identities: point 1, at the
// origin on J1, lands at J1's origin (0, 1, 0).
func TestSkinsAsWritten(t *testing.T) {
	w := 191.0 / 255
	want := []mgl64.Vec3{{0, 2, 0}, {1, 1, 0}, {-0.5, 1.5, 0}, {-w, 0.5 + w, 0}, {0, 1, 0}}
	_, b := readBytes(t, "skin.gltf", skinKit(true))
	sc := b.Scene
	n := &sc.Nodes[sc.Index("Skinned")]
	if in := n.Mesh.Influences(3); len(in) != 2 || in[0] != (scene.Influence{Joint: 0, Weight: 0.25}) || in[1] != (scene.Influence{Joint: 1, Weight: w}) {
		t.Errorf("point 3's influences %v, want J0 0.25 and J1 191/255", in)
	}
	world := modes.AccumulateMatrices.Reference(sc.Nodes)
	var d scene.Deformer
	got := d.Points(n, world)
	for k := range want {
		if got[k].Sub(want[k]).Len() > 1e-6 {
			t.Errorf("point %d skinned to %v, want %v", k, got[k], want[k])
		}
	}
	notes := strings.Join(sc.Notes, "\n")
	if !strings.Contains(notes, `"blend" (from 0.5 to 1)`) || !strings.Contains(notes, "within 2/255") {
		t.Errorf("notes %q do not name mesh blend's weight sums", notes)
	}
	_, b = readBytes(t, "skin.gltf", skinKit(false))
	sc = b.Scene
	world = modes.AccumulateMatrices.Reference(sc.Nodes)
	if p := d.Points(&sc.Nodes[sc.Index("Skinned")], world)[1]; p.Sub(mgl64.Vec3{0, 1, 0}).Len() > 1e-12 {
		t.Errorf("without inverse bind matrices point 1 lands at %v, want (0, 1, 0)", p)
	}
	for _, ibm := range sc.Nodes[sc.Index("Skinned")].Skin.InverseBind {
		if ibm != mgl64.Ident4() {
			t.Errorf("an absent inverse bind matrix reads as %v, want the identity", ibm)
		}
	}
}

// The weight-sum note's tolerance, 2/255 (four normalized UNSIGNED_BYTE
// weights' rounding): one point whose only weight is 254/255 (1/255 off)
// gives no note; 250/255 (5/255 off) gives one.
func TestWeightSumTolerance(t *testing.T) {
	file := func(w byte) []byte {
		k := gltfgen.NewKit()
		pos := k.Floats("VEC3", 3, 0, 0, 0)
		j := k.Accessor(map[string]any{"bufferView": k.View([]byte{0, 0, 0, 0}), "componentType": 5121, "count": 1, "type": "VEC4"})
		wa := k.Accessor(map[string]any{"bufferView": k.View([]byte{w, 0, 0, 0}), "componentType": 5121, "normalized": true, "count": 1, "type": "VEC4"})
		m := k.Mesh(map[string]any{"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": pos, "JOINTS_0": j, "WEIGHTS_0": wa}, "mode": 0}}})
		k.Doc["skins"] = []any{map[string]any{"joints": []int{1}}}
		k.Node(map[string]any{"name": "S", "mesh": m, "skin": 0})
		k.Node(map[string]any{"name": "J"})
		return k.Bytes()
	}
	for _, c := range []struct {
		w    byte
		note bool
	}{{255, false}, {254, false}, {250, true}} {
		_, b := readBytes(t, "w.gltf", file(c.w))
		if got := strings.Contains(strings.Join(b.Scene.Notes, " "), "do not sum to 1"); got != c.note {
			t.Errorf("weight %d/255: note %v, want %v (notes %q)", c.w, got, c.note, b.Scene.Notes)
		}
	}
}

// Morph targets and weights: mesh "m" has two primitives (triangles
// (0,0,0) (1,0,0) (0,1,0) and (0,0,2) (1,0,2) (0,1,2)) and two targets;
// target 0's POSITION is (0, 0, 1) for every vertex of primitive 0 and,
// in primitive 1, a sparse accessor without a bufferView moving only its
// vertex 1 by (0, 2, 0); target 1 has only a NORMAL, so its position
// deltas are zero. The mesh's weights are (0.5, 0.25): node A (no
// weights of its own) takes them, node B its own (1, 0). A's vertex 0
// draws at (0, 0, 0.5), B's at (0, 0, 1); A's vertex 4 (primitive 1's
// vertex 1, (1, 0, 2)) at (1, 1, 2). Node Inst draws the mesh twice by
// EXT_mesh_gpu_instancing: both instances carry the mesh's weights, and
// the weights channel of animation "pulse" (LINEAR, 0 s: (0, 0), 1 s:
// (1, 1)) on Inst drives both: at 0.5 s they are (0.5, 0.5).
func TestMorphTargetsAndWeights(t *testing.T) {
	k := gltfgen.NewKit()
	p0 := k.Floats("VEC3", 3, 0, 0, 0, 1, 0, 0, 0, 1, 0)
	p1 := k.Floats("VEC3", 3, 0, 0, 2, 1, 0, 2, 0, 1, 2)
	t0 := k.Floats("VEC3", 3, 0, 0, 1, 0, 0, 1, 0, 0, 1)
	sparse := k.Accessor(map[string]any{"componentType": 5126, "count": 3, "type": "VEC3", "sparse": map[string]any{
		"count": 1, "indices": map[string]any{"bufferView": k.View([]byte{1, 0, 0, 0}), "componentType": 5121},
		"values": map[string]any{"bufferView": k.View(f32(0, 2, 0))}}})
	n1 := k.Floats("VEC3", 3, 0, 0, 1, 0, 0, 1, 0, 0, 1)
	prim := func(pos, target0 int) map[string]any {
		return map[string]any{"attributes": map[string]any{"POSITION": pos},
			"targets": []any{map[string]any{"POSITION": target0}, map[string]any{"NORMAL": n1}}}
	}
	m := k.Mesh(map[string]any{"name": "m", "primitives": []any{prim(p0, t0), prim(p1, sparse)}, "weights": []float64{0.5, 0.25}})
	k.Node(map[string]any{"name": "A", "mesh": m})
	k.Node(map[string]any{"name": "B", "mesh": m, "weights": []float64{1, 0}})
	k.Node(map[string]any{"name": "Inst", "mesh": m, "extensions": map[string]any{"EXT_mesh_gpu_instancing": map[string]any{
		"attributes": map[string]any{"TRANSLATION": k.Floats("VEC3", 3, 0, 0, 0, 5, 0, 0)}}}})
	k.Doc["extensionsUsed"] = []string{"EXT_mesh_gpu_instancing"}
	k.Animation("pulse", []any{gltfgen.Channel(0, 2, "weights")}, []any{gltfgen.Sampler(k.Floats("SCALAR", 1, 0, 1), k.Floats("SCALAR", 1, 0, 0, 1, 1), "")})
	_, b := readBytes(t, "morph.gltf", k.Bytes())
	sc := b.Scene
	a, bn := sc.Nodes[sc.Index("A")], sc.Nodes[sc.Index("B")]
	if len(a.Mesh.Targets) != 2 || len(a.Mesh.Targets[1]) != 6 || a.Mesh.Targets[1][4] != (mgl64.Vec3{}) {
		t.Fatalf("targets %v, want two of six deltas, target 1 zero", a.Mesh.Targets)
	}
	if !equalFloats(a.Weights, []float64{0.5, 0.25}) || !equalFloats(bn.Weights, []float64{1, 0}) {
		t.Errorf("weights A %v, B %v; want the mesh's (0.5, 0.25) and B's own (1, 0)", a.Weights, bn.Weights)
	}
	ma := scene.MorphPoints(a.Mesh, a.Weights, nil)
	mb := scene.MorphPoints(bn.Mesh, bn.Weights, nil)
	for _, c := range []struct {
		got, want mgl64.Vec3
	}{{ma[0], mgl64.Vec3{0, 0, 0.5}}, {mb[0], mgl64.Vec3{0, 0, 1}}, {ma[4], mgl64.Vec3{1, 1, 2}}, {ma[3], mgl64.Vec3{0, 0, 2}}} {
		if c.got.Sub(c.want).Len() > 1e-6 {
			t.Errorf("morphed point %v, want %v", c.got, c.want)
		}
	}
	an := sc.Animations[0]
	if len(an.Channels) != 2 {
		t.Fatalf("pulse has %d channels, want one per instance (2)", len(an.Channels))
	}
	posed := sc.Clone()
	an.Apply(posed.Nodes, 0.5)
	for _, name := range []string{"Inst[0]", "Inst[1]"} {
		n := posed.Nodes[posed.Index(name)]
		if n.Mesh == nil || !equalFloats(n.Weights, []float64{0.5, 0.5}) {
			t.Errorf("%s at 0.5 s: weights %v, want (0.5, 0.5)", name, n.Weights)
		}
	}
	if w := sc.Nodes[sc.Index("Inst[0]")].Weights; !equalFloats(w, []float64{0.5, 0.25}) {
		t.Errorf("Inst[0] at rest: weights %v, want the mesh's", w)
	}
}

func equalFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-7 {
			return false
		}
	}
	return true
}

// Animation data counts against MaxElements: a sampler input of 2^24 + 1
// key times (an accessor without a bufferView, so a small file) is
// refused before it is read, naming the accessor and the limit.
func TestAnimationBudget(t *testing.T) {
	k := gltfgen.NewKit()
	k.Node(map[string]any{"name": "N"})
	in := k.Accessor(map[string]any{"componentType": 5126, "count": MaxElements + 1, "type": "SCALAR", "min": []float64{0}, "max": []float64{0}})
	out := k.Accessor(map[string]any{"componentType": 5126, "count": MaxElements + 1, "type": "VEC3"})
	k.Animation("big", []any{gltfgen.Channel(0, 0, "translation")}, []any{gltfgen.Sampler(in, out, "")})
	_, err := Read("big.gltf", k.Bytes(), nil)
	if err == nil || !strings.Contains(err.Error(), "accessor 0 (animation 0 \"big\" sampler 0 input)") || !strings.Contains(err.Error(), "accessor elements") {
		t.Errorf("error %v, want the input refused for the element limit", err)
	}
}

// A channel without a target node (an extension's target, such as
// KHR_animation_pointer's) is left out of every scene with a note; the
// animation keeps its other channels.
func TestNodelessChannelLeftOut(t *testing.T) {
	k := gltfgen.NewKit()
	k.Node(map[string]any{"name": "N"})
	in := k.Floats("SCALAR", 1, 0, 1)
	out := k.Floats("VEC3", 3, 0, 0, 0, 1, 0, 0)
	k.Animation("a", []any{gltfgen.Channel(0, 0, "translation"), gltfgen.Channel(0, -1, "pointer")}, []any{gltfgen.Sampler(in, out, "")})
	_, b := readBytes(t, "nodeless.gltf", k.Bytes())
	if a := b.Scene.Animations; len(a) != 1 || len(a[0].Channels) != 1 || a[0].Channels[0].Path != scene.PathTranslation {
		t.Fatalf("animations %+v, want a with its translation channel", a)
	}
	if n := strings.Join(b.Scene.Notes, " "); !strings.Contains(n, "1 animation channel(s) left out of scene 0: 0 on nodes outside it, 1 naming no node") {
		t.Errorf("notes %q do not say the channel is left out", n)
	}
}

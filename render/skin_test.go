package render

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// TestSceneDrawsSkinned: a skinned node draws its edges between the
// skinned points (Σ w·W_j·IBM_j·p, by hand below), not at its own
// transform, and a morphed node between its morphed points placed by its
// world. Expected segments come from Frame.Line of hand-computed world
// points; the frame's segments must match them within 1e-9 px.
func TestSceneDrawsSkinned(t *testing.T) {
	id := mgl64.QuatIdent()
	mesh := &scene.Mesh{
		Points:         []mgl64.Vec3{{0, 0, 0}, {0, 1, 0}},
		Edges:          [][2]int32{{0, 1}},
		InfluenceStart: []int32{0, 1, 2},
		InfluenceData:  []scene.Influence{{Joint: 0, Weight: 1}, {Joint: 1, Weight: 1}},
	}
	morph := &scene.Mesh{
		Points:  []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}},
		Edges:   [][2]int32{{0, 1}},
		Targets: [][]mgl64.Vec3{{{0, 0, 0}, {0, 2, 0}}},
	}
	skin := &scene.Skin{Joints: []int{0, 1}, InverseBind: []mgl64.Mat4{mgl64.Ident4(), mgl64.Translate3D(0, -1, 0)}}
	sc, err := scene.New([]scene.Node{
		// J0 at (1, 0, 0); J1 two units above it (J0 scales y by 2), bind at y = 1
		{Name: "J0", Parent: -1, Local: transform.TRS{Position: mgl64.Vec3{1, 0, 0}, Rotation: id, Scale: mgl64.Vec3{1, 2, 1}}},
		{Name: "J1", Parent: 0, Local: transform.TRS{Position: mgl64.Vec3{0, 1, 0}, Rotation: id, Scale: mgl64.Vec3{1, 1, 1}}},
		{Name: "Skin", Parent: -1, Mesh: mesh, Skin: skin, Local: transform.TRS{Position: mgl64.Vec3{-3, 0, 0}, Rotation: id, Scale: mgl64.Vec3{1, 1, 1}}},
		{Name: "Morph", Parent: -1, Mesh: morph, Weights: []float64{0.5}, Local: transform.TRS{Position: mgl64.Vec3{0, 0, 2}, Rotation: id, Scale: mgl64.Vec3{1, 1, 1}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	// matrices by hand: W0 = T(1,0,0)·diag(1,2,1), W1 = W0·T(0,1,0) = T(1,2,0)·diag(1,2,1)
	world := []mgl64.Mat4{
		mgl64.Translate3D(1, 0, 0).Mul4(mgl64.Scale3D(1, 2, 1)),
		mgl64.Translate3D(1, 2, 0).Mul4(mgl64.Scale3D(1, 2, 1)),
		mgl64.Translate3D(-3, 0, 0),
		mgl64.Translate3D(0, 0, 2),
	}
	cam, vp := Camera{Yaw: 0.3, Pitch: 0.2, Distance: 12, Fov: 60}, Viewport{W: 400, H: 300}
	var got, want Frame
	got.Begin(cam, vp)
	got.Scene(sc, world, Options{Dim: 1})
	want.Begin(cam, vp)
	// skinned: p0 on J0 -> (1, 0, 0); p1 = (0,1,0) on J1: IBM -> (0,0,0) -> (1, 2, 0)
	want.Line(mgl64.Vec3{1, 0, 0}, mgl64.Vec3{1, 2, 0}, RGB(scene.Grey), ShapeWidth)
	// morphed: (1, 0, 0) + 0.5·(0, 2, 0) = (1, 1, 0), placed at z = 2
	want.Line(mgl64.Vec3{0, 0, 2}, mgl64.Vec3{1, 1, 2}, RGB(scene.Grey), ShapeWidth)
	if len(got.Segments) != len(want.Segments) {
		t.Fatalf("%d segments, want %d", len(got.Segments), len(want.Segments))
	}
	for k := range want.Segments {
		g, w := got.Segments[k], want.Segments[k]
		if g.A.Sub(w.A).Len() > 1e-9 || g.B.Sub(w.B).Len() > 1e-9 {
			t.Errorf("segment %d: %v-%v, want %v-%v", k, g.A, g.B, w.A, w.B)
		}
	}
	lo, hi, ok := MeshBounds(sc, world)
	if !ok || lo.Sub(mgl64.Vec3{0, 0, 0}).Len() > 1e-12 || hi.Sub(mgl64.Vec3{1, 2, 2}).Len() > 1e-12 {
		t.Errorf("bounds %v..%v, want (0,0,0)..(1,2,2): what is drawn", lo, hi)
	}
	// A second frame allocates nothing once the buffers have grown.
	if n := testing.AllocsPerRun(20, func() {
		got.Begin(cam, vp)
		got.Scene(sc, world, Options{Dim: 1})
	}); n != 0 {
		t.Errorf("a skinned frame allocates %v times, want 0", n)
	}
}

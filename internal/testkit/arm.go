package testkit

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// TwoJointArm returns a skinned scene of three nodes whose skinned points
// the tests of modes and audit derive by hand: joint J0 at the origin
// stretched along x (scale 2, 1, 1), joint J1 at (1, 0, 0) in J0 turned 45
// degrees about z, and the skinned node Skin, far away and scaled, whose
// own transform skinning must ignore (glTF). The bind pose has both
// joints unscaled and unturned, so IBM0 = I and IBM1 = T(-1, 0, 0). Its
// points: a = (0.5, 0.5, 0) on J0, b = (1.5, 0, 0.25) on J1, c = (1,
// 0.5, 0.5) half on each, d = (1, 0, 0) with one weight 0.5 on J0 (the
// weights used as written).
func TwoJointArm(t testing.TB) *scene.Scene {
	t.Helper()
	mesh := &scene.Mesh{
		Points:         []mgl64.Vec3{{0.5, 0.5, 0}, {1.5, 0, 0.25}, {1, 0.5, 0.5}, {1, 0, 0}},
		Edges:          [][2]int32{{0, 1}, {1, 2}, {2, 3}},
		InfluenceStart: []int32{0, 1, 2, 4, 5},
		InfluenceData:  []scene.Influence{{Joint: 0, Weight: 1}, {Joint: 1, Weight: 1}, {Joint: 0, Weight: 0.5}, {Joint: 1, Weight: 0.5}, {Joint: 0, Weight: 0.5}},
	}
	skin := &scene.Skin{Joints: []int{0, 1}, InverseBind: []mgl64.Mat4{mgl64.Ident4(), mgl64.Translate3D(-1, 0, 0)}}
	id := mgl64.QuatIdent()
	sc, err := scene.New([]scene.Node{
		{Name: "J0", Parent: -1, Local: transform.TRS{Rotation: id, Scale: mgl64.Vec3{2, 1, 1}}},
		{Name: "J1", Parent: 0, Local: transform.TRS{Position: mgl64.Vec3{1, 0, 0}, Rotation: mgl64.QuatRotate(math.Pi/4, mgl64.Vec3{0, 0, 1}), Scale: mgl64.Vec3{1, 1, 1}}},
		{Name: "Skin", Parent: -1, Mesh: mesh, Skin: skin, Local: transform.TRS{Position: mgl64.Vec3{100, 0, 0}, Rotation: id, Scale: mgl64.Vec3{3, 3, 3}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

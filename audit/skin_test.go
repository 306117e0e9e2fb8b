package audit

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/scene"
	"skewlab/transform"
)

// skinnedArm: joints J0 (scale 2, 1, 1) and J1 at (1, 0, 0) in it,
// turned 45° about z; a skinned mesh node far away (its own transform
// must not count). IBM1 = T(-1, 0, 0). Points: a on J0, b on J1, c half
// on each, d with weight 0.5 on J0.
func skinnedArm(t *testing.T) []scene.Node {
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
	return sc.Nodes
}

// TestAuditSkinned: the skinned node's vertices are compared as drawn.
// By hand (c = √½; see modes' TestSkinningByHand): point b lies at
// (2 + c, c/2, 1/4) under accumulate-matrices and (2 + c, c, 1/4) under
// accumulate-trs, c/2 = 0.35355 apart; point c's halves differ by c/4
// in x. So the mesh disagreement is c/2, at b, whose only joint is J1.
// The size is the box of the skinned points under matrices: x from 1 to
// 2 + c, y from 0 to 1/2, z from 0 to 1/2, diagonal √((1+c)² + 1/2).
func TestAuditSkinned(t *testing.T) {
	nodes := skinnedArm(t)
	r := Check(nodes, []modes.Mode{modes.AccumulateMatrices, modes.AccumulateTRS}, DefaultTolerance)
	c := math.Sqrt2 / 2
	if want := math.Sqrt((1+c)*(1+c) + 0.5); math.Abs(r.Size-want) > 1e-12 {
		t.Errorf("size %g, want %g (the skinned points' box)", r.Size, want)
	}
	var skin *Node
	for i := range r.Nodes {
		if r.Nodes[i].Name == "Skin" {
			skin = &r.Nodes[i]
		}
	}
	if skin == nil {
		t.Fatal("no node Skin")
	}
	if math.Abs(skin.Mesh.Distance-c/2) > 1e-12 || !skin.Mesh.OK {
		t.Errorf("Skin's mesh disagreement %g (ok %v), want c/2 = %g", skin.Mesh.Distance, skin.Mesh.OK, c/2)
	}
	if skin.Joint != 1 || skin.JointName != "J1" {
		t.Errorf("joint %d %q, want 1 J1", skin.Joint, skin.JointName)
	}
	if len(skin.Causes) == 0 {
		t.Errorf("a skinned disagreement should name causes through its joint")
	}
	if r.Nodes[0].Name != "Skin" {
		t.Errorf("worst node %q, want Skin", r.Nodes[0].Name)
	}
	// Without the stretch every rule agrees (all ten keep unit scales).
	nodes[0].Local.Scale = mgl64.Vec3{1, 1, 1}
	if r := Check(nodes, nil, DefaultTolerance); !r.Agrees() {
		t.Errorf("without a stretch every rule should agree: %d nodes disagree", r.Disagreeing)
	}
}

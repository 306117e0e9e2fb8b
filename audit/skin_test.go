package audit

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/internal/testkit"
	"skewlab/modes"
)

// TestAuditSkinned: the skinned node's vertices are compared as drawn.
// By hand (c = √½; see modes' TestSkinningByHand): point b lies at
// (2 + c, c/2, 1/4) under accumulate-matrices and (2 + c, c, 1/4) under
// accumulate-trs, c/2 = 0.35355 apart; point c's halves differ by c/4
// in x. So the mesh disagreement is c/2, at b, whose only joint is J1.
// The size is the box of the skinned points under matrices: x from 1 to
// 2 + c, y from 0 to 1/2, z from 0 to 1/2, diagonal √((1+c)² + 1/2).
func TestAuditSkinned(t *testing.T) {
	nodes := testkit.TwoJointArm(t).Nodes
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

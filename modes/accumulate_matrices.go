package modes

import (
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
)

// matrixChain is W = W_parent * T*R*S with mgl64's Mul4 for every node,
// ignoring per-node rules: the world matrices Reparent keeps.
func matrixChain(nodes []scene.Node) []mgl64.Mat4 {
	out := make([]mgl64.Mat4, len(nodes))
	for i, n := range nodes {
		out[i] = n.LocalMat4()
		if n.Parent >= 0 {
			out[i] = out[n.Parent].Mul4(out[i])
		}
	}
	return out
}

// AccumulateMatrices multiplies local matrices down the tree:
// W = W_parent * T*R*S. It is exact linear algebra, and it is what most
// engines do; a non-uniform parent scale followed by a child rotation that
// is not a multiple of 90 degrees leaves a shear (skew) in W that no
// single TRS can hold. It is matrix-based: nodes with their own rule
// (scene.Node.Rule) follow it (see ruleKernel in rules.go).
var AccumulateMatrices = withKernel(Mode{
	Name: "accumulate-matrices", Title: "Accumulate matrices",
	Reference:   ruleReference(scene.RuleMatrices),
	Rule:        scene.RuleMatrices,
	Point:       "A rotated child under a non-uniform parent scale skews: its axes stop being perpendicular and no TRS can describe it.",
	Explanation: "W = W_parent * T*R*S. Every node's local matrix is multiplied onto its parent's world matrix. Scale acts in the parent's space, so a child stretched by a parent's x scale grows along world x, as you expect. But a non-uniform parent scale applied after a child rotation that is not a multiple of 90 degrees shears the child: its axes stop being perpendicular (skew), and no position/rotation/scale triple can describe it.",
}, ruleKernel(scene.RuleMatrices), 0)

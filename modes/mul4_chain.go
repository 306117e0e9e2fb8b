package modes

import (
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
)

// Mul4Chain is a THROWAWAY mode that checks the steps in
// docs/architecture.md: accumulate-matrices written with mgl64's Mul4 (the
// benchmarks' baseline), W = W_parent * T*R*S.
var Mul4Chain = Mode{
	Name:        "mul4-chain",
	Title:       "Mul4 chain (throwaway)",
	Explanation: "W = W_parent * T*R*S with mgl64's Mul4: accumulate-matrices the slow way, added only to check how a mode is added.",
	World:       mul4Chain,
	Reference:   mul4ChainRef,
}

func mul4Chain(nodes []scene.Node, _ *Workspace, out []mgl64.Mat4) {
	n := count(nodes, out)
	for i := 0; i < n; i++ {
		w := nodes[i].Local.Mat4()
		if p := nodes[i].Parent; p >= 0 {
			w = out[p].Mul4(w)
		}
		out[i] = w
	}
}

// mul4ChainRef is the same product, one node at a time from the root.
func mul4ChainRef(nodes []scene.Node) []mgl64.Mat4 {
	out := make([]mgl64.Mat4, len(nodes))
	for i := range nodes {
		w := mgl64.Ident4()
		for j := i; j >= 0; j = nodes[j].Parent {
			w = nodes[j].Local.Mat4().Mul4(w)
		}
		out[i] = w
	}
	return out
}

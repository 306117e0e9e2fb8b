package modes

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// shearScene is randomScene with every third node given by an arbitrary
// affine matrix (as a glTF node with a non-TRS matrix loads): Local and
// Shear from transform.FitMatrix. It returns the stored matrices too.
func shearScene(rng *rand.Rand, n int) ([]scene.Node, []mgl64.Mat4) {
	nodes := randomScene(rng, n, false)
	stored := make([]mgl64.Mat4, n)
	for i := range nodes {
		stored[i] = nodes[i].Local.Mat4()
		if i%3 != 0 {
			continue
		}
		var m mgl64.Mat4
		for k := 0; k < 12; k++ {
			if k%4 != 3 {
				m[k] = rng.NormFloat64()
			}
		}
		m[12], m[13], m[14], m[15] = rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), 1
		t, h, err := transform.FitMatrix(m)
		if err != nil {
			panic(err)
		}
		nodes[i].Local, nodes[i].Shear, stored[i] = t, h, m
	}
	return nodes, stored
}

// Under accumulate-matrices a sheared node draws with its stored matrix:
// the world is the plain product of the stored matrices (mgl64's Mul4),
// whatever the fit.
func TestShearAccumulateMatricesUsesStoredMatrix(t *testing.T) {
	const tol = 1e-12
	rng := rand.New(rand.NewPCG(11, 11))
	for trial := 0; trial < 50; trial++ {
		nodes, stored := shearScene(rng, 20)
		want := make([]mgl64.Mat4, len(nodes))
		for i, n := range nodes {
			want[i] = stored[i]
			if n.Parent >= 0 {
				want[i] = want[n.Parent].Mul4(stored[i])
			}
		}
		out := make([]mgl64.Mat4, len(nodes))
		var ws Workspace
		AccumulateMatrices.World(nodes, &ws, out)
		for i := range out {
			if d := maxDiff(out[i], want[i]); !(d <= tol*posScale(want[i])*10) {
				t.Fatalf("trial %d node %d: world differs from the stored product by %g", trial, i, d)
			}
		}
	}
}

// Every mode's fast loop matches its reference with sheared nodes, some
// carrying their own rules.
func TestShearFastMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 12))
	for trial := 0; trial < 50; trial++ {
		nodes, _ := shearScene(rng, 30)
		for k := range nodes {
			if rng.IntN(4) == 0 {
				nodes[k].Rule = scene.Rule(1 + rng.IntN(7))
			}
		}
		for _, m := range All {
			fastMatchesReference(t, m, nodes)
		}
	}
}

// The TRS-based modes use the fitted TRS alone: clearing every Shear
// changes none of their worlds, and none of them skews.
func TestShearIgnoredByTRSModes(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	nodes, _ := shearScene(rng, 25)
	plain := append([]scene.Node(nil), nodes...)
	for i := range plain {
		plain[i].Shear = [3]float64{}
	}
	for _, m := range All {
		if m.PerNode() {
			continue
		}
		a, b := make([]mgl64.Mat4, len(nodes)), make([]mgl64.Mat4, len(nodes))
		var wa, wb Workspace
		m.World(nodes, &wa, a)
		m.World(plain, &wb, b)
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("%s node %d: Shear changed the world", m.Name, i)
			}
			if sk := skewDeg(a[i]); !(sk <= 1e-9) {
				t.Fatalf("%s node %d skews by %g degrees", m.Name, i, sk)
			}
		}
	}
}

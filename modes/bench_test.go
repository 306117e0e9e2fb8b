package modes

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/internal/bigscene"
	"skewlab/scene"
)

const benchNodes = 100_000

// benchScene is a generated 100,000-node parents-first hierarchy: each
// node's parent is one of the 16 nodes before it, so the tree is deep and
// bushy, with non-uniform scales everywhere.
func benchScene() []scene.Node {
	return randomSceneLocal(rand.New(rand.NewPCG(7, 7)), benchNodes)
}

func randomSceneLocal(rng *rand.Rand, n int) []scene.Node {
	nodes := randomScene(rng, n, false)
	for i := 1; i < n; i++ {
		k := min(i, 16)
		nodes[i].Parent = i - 1 - rng.IntN(k)
	}
	return nodes
}

// baseline is a plain chain of mgl64 Mul4 over pre-built local matrices.
func baseline(nodes []scene.Node, local, out []mgl64.Mat4) {
	for i := range nodes {
		if p := nodes[i].Parent; p >= 0 {
			out[i] = out[p].Mul4(local[i])
		} else {
			out[i] = local[i]
		}
	}
}

// BenchmarkWorldUpdate times each mode's steady-state world update (for
// uniform-inner-scale, unchanged scales hit the workspace's cube-root
// cache; BenchmarkUniformInnerScaleCold measures it without) on the generated
// hierarchy, interleaved with the Mul4 baseline in the same run, and
// reports ns per node for both and their ratio (mode / baseline).
func BenchmarkWorldUpdate(b *testing.B) {
	nodes, local, out := benchSetup()
	for _, m := range All {
		b.Run(m.Name, func(b *testing.B) {
			var ws Workspace
			m.World(nodes, &ws, out) // warm the workspace
			baseline(nodes, local, out)
			var tm, tb time.Duration
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				m.World(nodes, &ws, out)
				t1 := time.Now()
				baseline(nodes, local, out)
				tb += time.Since(t1)
				tm += t1.Sub(t0)
			}
			reportRatio(b, tm, tb)
		})
	}
}

func TestWorldUpdateAllocatesNothing(t *testing.T) {
	nodes := randomSceneLocal(rand.New(rand.NewPCG(8, 8)), 1000)
	out := make([]mgl64.Mat4, len(nodes))
	for _, m := range All {
		var ws Workspace
		m.World(nodes, &ws, out)
		if a := testing.AllocsPerRun(20, func() { m.World(nodes, &ws, out) }); a != 0 {
			t.Errorf("%s allocates %v times per update", m.Name, a)
		}
	}
}

// BenchmarkUniformInnerScaleCold is uniform-inner-scale with a fresh
// workspace every iteration, so every node pays for its cube root (the
// cost when every scale changes every frame), against the same baseline.
func BenchmarkUniformInnerScaleCold(b *testing.B) {
	nodes, local, out := benchSetup()
	wss := make([]Workspace, 2)
	var tm, tb time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ws := &wss[i%2]
		ws.grow(len(nodes), UniformInnerScale.need)
		clear(ws.uKey) // forget the cached cube roots
		t0 := time.Now()
		UniformInnerScale.World(nodes, ws, out)
		t1 := time.Now()
		baseline(nodes, local, out)
		tb += time.Since(t1)
		tm += t1.Sub(t0)
	}
	reportRatio(b, tm, tb)
}

// benchSetup returns the generated hierarchy, its pre-built local
// matrices (the baseline's input) and an output buffer.
func benchSetup() (nodes []scene.Node, local, out []mgl64.Mat4) {
	nodes = benchScene()
	local = make([]mgl64.Mat4, len(nodes))
	for i := range nodes {
		local[i] = nodes[i].Local.Mat4()
	}
	return nodes, local, make([]mgl64.Mat4, len(nodes))
}

// reportRatio reports ns per node of the mode (tm) and the baseline (tb)
// over b.N updates, and their ratio.
func reportRatio(b *testing.B, tm, tb time.Duration) {
	n := float64(b.N) * benchNodes
	b.ReportMetric(float64(tm.Nanoseconds())/n, "ns/node")
	b.ReportMetric(float64(tb.Nanoseconds())/n, "base-ns/node")
	b.ReportMetric(float64(tm)/float64(tb), "x-baseline")
}

// BenchmarkWorldScale times each mode's steady-state update on the 4-ary
// tree (bigscene, node i's parent (i-1)/4) of 10^3, 10^4 and 10^5 nodes
// and on the chain of 10^5 (node i's parent i-1), reporting ns per node:
// about flat across sizes when the update is linear in the nodes (it may
// rise once the buffers outgrow the caches). Zero allocations per update.
func BenchmarkWorldScale(b *testing.B) {
	type size struct {
		shape string
		n     int
	}
	for _, sz := range []size{{"4ary", 1_000}, {"4ary", 10_000}, {"4ary", 100_000}, {"chain", 100_000}} {
		nodes, err := bigscene.Nodes(sz.n, sz.shape)
		if err != nil {
			b.Fatal(err)
		}
		out := make([]mgl64.Mat4, sz.n)
		for _, m := range All {
			b.Run(fmt.Sprintf("%s/%s/n=%d", m.Name, sz.shape, sz.n), func(b *testing.B) {
				var ws Workspace
				m.World(nodes, &ws, out) // warm the workspace
				b.ReportAllocs()
				for b.Loop() {
					m.World(nodes, &ws, out)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(sz.n), "ns/node")
			})
		}
	}
}

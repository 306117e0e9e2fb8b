package modes

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
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
		clear(ws.u) // forget the cached cube roots
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

// floorKernel is the floor: the plainest single-threaded update there
// is, W = W_parent * T*R*S in the 3x4 layout from each node's TRS locals,
// written out by hand: a unit quaternion's rotation (the locals are unit,
// so no normalisation), no rules, no shear, no rest rotation, no
// undefined parents, nothing called. Every mode is measured against it
// in the same run.
//
// It reads one word of the node beyond its TRS on each cache line the
// kernels read (the residual shear, the rule, the rest rotation) and
// ignores them: scene.Node is 240 bytes, and a loop that reads only the
// TRS in its first 104 leaves gaps in the stream the hardware prefetcher
// follows. At 10^6 nodes on the 2-core machine the loop without those
// reads took 21-25 ns per node and this one 16-19, interleaved in one
// run; without them the rule kernels, which must read those words, beat
// the "floor".
func floorKernel[T layout](a *kargs, out []T, lo, hi int) {
	st := stride[T]()
	nodes := a.nodes[:hi]
	out = out[:hi]
	var touch uint64
	for i := lo; i < hi; i++ {
		nd := &nodes[i]
		touch |= math.Float64bits(nd.Shear[0]) | uint64(nd.Rule) | math.Float64bits(nd.Rest.W)
		q := &nd.Local.Rotation
		w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
		x2, y2, z2 := x+x, y+y, z+z
		wx, wy, wz := w*x2, w*y2, w*z2
		xx, xy, xz := x*x2, x*y2, x*z2
		yy, yz, zz := y*y2, y*z2, z*z2
		s0, s1, s2 := nd.Local.Scale[0], nd.Local.Scale[1], nd.Local.Scale[2]
		l0, l1, l2 := (1-(yy+zz))*s0, (xy+wz)*s0, (xz-wy)*s0
		l3, l4, l5 := (xy-wz)*s1, (1-(xx+zz))*s1, (yz+wx)*s1
		l6, l7, l8 := (xz+wy)*s2, (yz-wx)*s2, (1-(xx+yy))*s2
		t := &nd.Local.Position
		if pi := nd.Parent; pi >= 0 {
			out[i][0] = out[pi][0]*l0 + out[pi][st]*l1 + out[pi][2*st]*l2
			out[i][1] = out[pi][1]*l0 + out[pi][st+1]*l1 + out[pi][2*st+1]*l2
			out[i][2] = out[pi][2]*l0 + out[pi][st+2]*l1 + out[pi][2*st+2]*l2
			out[i][st] = out[pi][0]*l3 + out[pi][st]*l4 + out[pi][2*st]*l5
			out[i][st+1] = out[pi][1]*l3 + out[pi][st+1]*l4 + out[pi][2*st+1]*l5
			out[i][st+2] = out[pi][2]*l3 + out[pi][st+2]*l4 + out[pi][2*st+2]*l5
			out[i][2*st] = out[pi][0]*l6 + out[pi][st]*l7 + out[pi][2*st]*l8
			out[i][2*st+1] = out[pi][1]*l6 + out[pi][st+1]*l7 + out[pi][2*st+1]*l8
			out[i][2*st+2] = out[pi][2]*l6 + out[pi][st+2]*l7 + out[pi][2*st+2]*l8
			out[i][3*st] = out[pi][0]*t[0] + out[pi][st]*t[1] + out[pi][2*st]*t[2] + out[pi][3*st]
			out[i][3*st+1] = out[pi][1]*t[0] + out[pi][st+1]*t[1] + out[pi][2*st+1]*t[2] + out[pi][3*st+1]
			out[i][3*st+2] = out[pi][2]*t[0] + out[pi][st+2]*t[1] + out[pi][2*st+2]*t[2] + out[pi][3*st+2]
		} else {
			out[i][0], out[i][1], out[i][2] = l0, l1, l2
			out[i][st], out[i][st+1], out[i][st+2] = l3, l4, l5
			out[i][2*st], out[i][2*st+1], out[i][2*st+2] = l6, l7, l8
			out[i][3*st], out[i][3*st+1], out[i][3*st+2] = t[0], t[1], t[2]
		}
		lastRow(out, i)
	}
	floorTouched = touch
}

// floorTouched keeps floorKernel's reads of the words it ignores.
var floorTouched uint64

// Floor is floorKernel as a Mode, so that the pool can run it too (its
// parallel figure is reported for comparison, not used as the floor).
var floorMode = withKernel(Mode{Name: "floor"}, kern4(floorKernel[mgl64.Mat3x4], floorKernel[mgl64.Mat4]), 0)

// BenchmarkMillion times every mode's 3x4 update (Mode.Affine) on the
// 4-ary tree of 10^6 nodes, single-threaded (serial) and on a Pool of
// GOMAXPROCS workers (parallel), each iteration interleaved with the
// floor (floorKernel, single-threaded, same nodes). It reports ns/node
// (the median iteration), floor-ns/node, and x-floor: the median over
// the iterations of the mode's time over the floor's time in that
// iteration, so a load spike on the shared machine moves both sides of
// one ratio and the median ignores the worst. floor/serial and
// floor/parallel time the floor itself (about 1 by definition) and the
// floor split across the workers.
func BenchmarkMillion(b *testing.B) { benchFloor(b, 1_000_000) }

// BenchmarkFloorSizes is BenchmarkMillion at 10^3, 10^4 and 10^5 nodes:
// flat rows mean time linear in the nodes.
func BenchmarkFloorSizes(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) { benchFloor(b, n) })
	}
}

func benchFloor(b *testing.B, n int) {
	nodes, err := bigscene.Nodes(n, "4ary")
	if err != nil {
		b.Fatal(err)
	}
	out := make([]mgl64.Mat3x4, n)
	fout := make([]mgl64.Mat3x4, n)
	pool := NewPool(0)
	defer pool.Close()
	var fws Workspace
	for _, m := range append([]Mode{floorMode}, All...) {
		for _, par := range []bool{false, true} {
			name := m.Name + "/serial"
			if par {
				name = m.Name + "/parallel"
			}
			b.Run(name, func(b *testing.B) {
				var ws Workspace
				run := func() { m.Affine(nodes, &ws, out) }
				if par {
					run = func() { pool.Affine(m, nodes, &ws, out) }
				}
				run() // grow and plan
				floorMode.Affine(nodes, &fws, fout)
				tm := make([]float64, b.N)
				tf := make([]float64, b.N)
				ratio := make([]float64, b.N)
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					t0 := time.Now()
					run()
					t1 := time.Now()
					floorMode.Affine(nodes, &fws, fout)
					t2 := time.Now()
					tm[i], tf[i] = float64(t1.Sub(t0)), float64(t2.Sub(t1))
					ratio[i] = tm[i] / tf[i]
				}
				b.StopTimer()
				b.ReportMetric(median(tm)/float64(n), "ns/node")
				b.ReportMetric(median(tf)/float64(n), "floor-ns/node")
				b.ReportMetric(median(ratio), "x-floor")
			})
		}
	}
}

// median returns the median of v (sorting v).
func median(v []float64) float64 {
	slices.Sort(v)
	k := len(v) / 2
	if len(v)%2 == 1 {
		return v[k]
	}
	return (v[k-1] + v[k]) / 2
}

// BenchmarkPiston times each mode's Mat4 update of the piston (the
// window's per-frame update: a handful of nodes, single-threaded) against
// the update as it was before the 3x4 kernels (old_kernels_test.go, main
// before issue 32), interleaved in batches of 1000 updates, and reports
// x-old, the median ratio of the batches: 1 or less is no slower.
// "pool" runs it through a Pool, which keeps a scene this small on the
// calling goroutine; "affine" is the 3x4 update (Mode.Affine), for
// comparison; "control" times the old update against itself, so its
// x-old is the bias of the batch order (measured 1.01-1.05).
func BenchmarkPiston(b *testing.B) {
	s, err := scene.NewPreset("piston")
	if err != nil {
		b.Fatal(err)
	}
	nodes := s.Nodes
	out := make([]mgl64.Mat4, len(nodes))
	pool := NewPool(0)
	defer pool.Close()
	for _, m := range All {
		for _, via := range []string{"world", "pool", "affine", "control"} {
			b.Run(m.Name+"/"+via, func(b *testing.B) {
				var ws Workspace
				var ows oldWorkspace
				old := oldWorld[m.Name]
				out3 := make([]mgl64.Mat3x4, len(nodes))
				run := func() { m.World(nodes, &ws, out) }
				switch via {
				case "pool":
					run = func() { pool.World(m, nodes, &ws, out) }
				case "affine":
					run = func() { m.Affine(nodes, &ws, out3) }
				case "control":
					var ows2 oldWorkspace
					run = func() { old(nodes, &ows2, out) }
				}
				run()
				old(nodes, &ows, out)
				const batch = 1000
				ratio := make([]float64, 0, b.N)
				var tn time.Duration
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					t0 := time.Now()
					for k := 0; k < batch; k++ {
						run()
					}
					t1 := time.Now()
					for k := 0; k < batch; k++ {
						old(nodes, &ows, out)
					}
					t2 := time.Now()
					tn += t1.Sub(t0)
					ratio = append(ratio, float64(t1.Sub(t0))/float64(t2.Sub(t1)))
				}
				b.StopTimer()
				b.ReportMetric(float64(tn.Nanoseconds())/float64(b.N*batch), "ns/update")
				b.ReportMetric(median(ratio), "x-old")
			})
		}
	}
}

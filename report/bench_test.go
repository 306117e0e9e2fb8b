package report

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/scene"
	"skewlab/transform"
)

// benchReportScene returns n nodes with mild random locals (scales within
// 10% of 1, so even a 10^5-deep chain stays finite): a 4-ary tree (node
// i's parent is (i-1)/4) or a chain. It builds the Scene directly, not by
// scene.New, so the benchmark times the report only.
func benchReportScene(n int, chain bool) *scene.Scene {
	rng := rand.New(rand.NewPCG(1, uint64(n)))
	nodes := make([]scene.Node, n)
	for i := range nodes {
		p := (i - 1) / 4
		if chain {
			p = i - 1
		}
		if i == 0 {
			p = -1
		}
		q := transform.Normalize(mgl64.Quat{W: 4 + rng.NormFloat64(), V: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}})
		s := mgl64.Vec3{0.9 + 0.2*rng.Float64(), 0.9 + 0.2*rng.Float64(), 0.9 + 0.2*rng.Float64()}
		if chain { // keep the product of 10^5 scales near 1
			s = mgl64.Vec3{1, 1 + 1e-5*rng.NormFloat64(), 1}
		}
		nodes[i] = scene.Node{Name: fmt.Sprintf("n%d", i), Parent: p, Local: transform.TRS{
			Position: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}, Rotation: q, Scale: s}}
	}
	return &scene.Scene{Nodes: nodes}
}

// BenchmarkReport times the report (every mode, text and JSON, written to
// io.Discard through a buffer the size of the command's) on 10^3, 10^4 and 10^5 nodes
// in a 4-ary tree and in a chain. Besides ns/op it reports ns/node and
// per-node-vs-1e3, the time per node over the time per node of the 10^3
// scene of the same shape and format measured in the same run: about 1
// for a report that is O(n) (the accumulate-trs report of a 10^5 chain
// used to walk to the root per node: O(n^2)). Run with -benchmem: B/op
// over the node count is the allocation per node, which the streamed JSON
// keeps constant (it used to hold every node's report at once).
func BenchmarkReport(b *testing.B) {
	perNode := map[string]float64{}
	for _, shape := range []string{"tree4", "chain"} {
		for _, format := range []string{"text", "json"} {
			for _, n := range []int{1000, 10000, 100000} {
				sc := benchReportScene(n, shape == "chain")
				key := shape + "/" + format
				b.Run(fmt.Sprintf("%s/%s/n=%d", shape, format, n), func(b *testing.B) {
					out := bufio.NewWriterSize(io.Discard, 64<<10)
					for b.Loop() {
						r := New(sc)
						var err error
						if format == "json" {
							err = r.WriteJSON(out, modes.All, Source{Preset: "bench"}, Edits{})
						} else {
							err = r.WriteText(out, modes.All, Source{Preset: "bench"}, Edits{})
						}
						if err == nil {
							err = out.Flush()
						}
						if err != nil {
							b.Fatal(err)
						}
					}
					ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / float64(n)
					b.ReportMetric(ns, "ns/node")
					if n == 1000 {
						perNode[key] = ns
					} else if base := perNode[key]; base > 0 {
						b.ReportMetric(ns/base, "per-node-vs-1e3")
					}
				})
			}
		}
	}
}

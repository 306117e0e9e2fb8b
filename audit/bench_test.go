package audit

import (
	"fmt"
	"testing"

	"skewlab/internal/bigscene"
)

// BenchmarkCheck times Check with every rule (modes.All) through one
// reused Checker on bigscene's 4-ary tree (non-uniform scales and turns
// at every level, so the rules disagree at every node below the root and
// every vertex is compared; boxes and cylinders, 26 vertices per node on
// average) of 10^3, 10^4 and 10^5 nodes. Besides ns/op it reports
// ns/node and per-node-vs-1e3, the time per node over that of the 10^3
// tree in the same run: about 1 when the cost is linear in the nodes.
// With -benchmem, allocs/op stays 2 (the report's node list and the
// disagreeing nodes' causes) at every size: the per-node loop allocates
// nothing.
func BenchmarkCheck(b *testing.B) {
	var base float64
	for _, n := range []int{1000, 10000, 100000} {
		nodes, err := bigscene.Nodes(n, "4ary")
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var c Checker
			c.Check(nodes, nil, DefaultTolerance) // grow the buffers
			b.ReportAllocs()
			for b.Loop() {
				c.Check(nodes, nil, DefaultTolerance)
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / float64(n)
			b.ReportMetric(ns, "ns/node")
			if n == 1000 {
				base = ns
			} else if base > 0 {
				b.ReportMetric(ns/base, "per-node-vs-1e3")
			}
		})
	}
}

package scene

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/transform"
)

// treeFile returns the scene file of an n-node 4-ary tree: node i's parent
// is (i-1)/4, with distinct names and non-trivial transforms.
func treeFile(tb testing.TB, n int) []byte {
	tb.Helper()
	nodes := make([]Node, n)
	for i := range nodes {
		p := -1
		if i > 0 {
			p = (i - 1) / 4
		}
		nodes[i] = Node{Name: fmt.Sprintf("N%d", i), Parent: p, Shape: ShapeBox, Color: Grey, Local: transform.TRS{
			Position: mgl64.Vec3{float64(i % 7), 0.5, -1},
			Rotation: mgl64.QuatRotate(float64(i%11)*0.1, mgl64.Vec3{0, 0, 1}),
			Scale:    mgl64.Vec3{1.01, 0.99, 1},
		}}
	}
	s, err := New(nodes)
	if err != nil {
		tb.Fatal(err)
	}
	return s.Marshal()
}

// BenchmarkLoad measures Unmarshal (parse, validate, New) of a 4-ary tree
// at 10^3, 10^4 and 10^5 nodes. ns/node stays flat when loading is linear;
// compare it across the three sizes of one run.
func BenchmarkLoad(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		data := treeFile(b, n)
		b.Run(fmt.Sprintf("nodes=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := Unmarshal("bench.json", data); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/node")
		})
	}
}

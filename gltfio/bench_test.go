package gltfio

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/internal/gltfgen"
	"skewlab/modes"
	"skewlab/render"
)

// The benchmarks behind docs/gltf.md, "Open your own hierarchy": loading the 200,000-
// triangle grid against copying its bytes (the baseline), loading 10^3,
// 10^4 and 10^5 nodes (ns per node stays flat), and one frame's update
// and projection of the grid at the edge cap, which must stay well under
// 16 ms and allocate nothing.
// Run: go test ./gltfio -run XXX -bench . -benchmem

var bigGLB = func() []byte { return gltfgen.Big(gltfgen.DefaultTriangles)[0].Data }()

func BenchmarkBaselineCopyBig(b *testing.B) {
	dst := make([]byte, len(bigGLB))
	b.SetBytes(int64(len(bigGLB)))
	for b.Loop() {
		copy(dst, bigGLB)
	}
}

// load reads a file and builds its default scene: what opening it costs.
func load(b *testing.B, name string, data []byte) {
	f, err := Read(name, data, nil)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := f.Build(f.Default); err != nil {
		b.Fatal(err)
	}
}

func BenchmarkLoadBig(b *testing.B) {
	b.SetBytes(int64(len(bigGLB)))
	for b.Loop() {
		load(b, "big.glb", bigGLB)
	}
}

// nodesFile is a glTF file of n nodes in a binary tree (node i's
// children 2i+1 and 2i+2), each with a translation, a rotation and a
// non-uniform scale, no meshes.
func nodesFile(n int) []byte { return treeFile(n, false) }

// meshNodesFile is nodesFile's tree with every node drawing one shared
// triangle and its own y scale (1.01 + i*1e-6): each node's world
// differs, so the bake writes one mesh form per node (its most expensive
// case).
func meshNodesFile(n int) []byte { return treeFile(n, true) }

func treeFile(n int, mesh bool) []byte {
	var buf bytes.Buffer
	buf.WriteString(`{"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],`)
	if mesh {
		// A triangle (0,0,0) (1,0,0) (0,1,0) as float32 little-endian, base64.
		const tri = "AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA"
		buf.WriteString(`"buffers":[{"byteLength":36,"uri":"data:application/octet-stream;base64,` + tri + `"}],`)
		buf.WriteString(`"bufferViews":[{"buffer":0,"byteLength":36}],"accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]}],`)
		buf.WriteString(`"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],`)
	}
	buf.WriteString(`"nodes":[`)
	for i := range n {
		if i > 0 {
			buf.WriteByte(',')
		}
		if mesh {
			fmt.Fprintf(&buf, `{"name":"n%d","mesh":0,"translation":[0,1,0],"rotation":[0,0.2588190451,0,0.9659258263],"scale":[1,%.7f,1]`, i, 1.01+1e-6*float64(i))
		} else {
			fmt.Fprintf(&buf, `{"name":"n%d","translation":[0,1,0],"rotation":[0,0.2588190451,0,0.9659258263],"scale":[1,1.01,1]`, i)
		}
		if c := 2*i + 1; c < n {
			fmt.Fprintf(&buf, `,"children":[%d`, c)
			if c+1 < n {
				fmt.Fprintf(&buf, `,%d`, c+1)
			}
			buf.WriteByte(']')
		}
		buf.WriteByte('}')
	}
	buf.WriteString(`]}`)
	return buf.Bytes()
}

func BenchmarkLoadNodes(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		data := nodesFile(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				load(b, "nodes.gltf", data)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/node")
		})
	}
}

// BenchmarkFrameAtCap is one frame of the app on the grid: the world
// matrices (accumulate-matrices) and the projection of the mesh thinned
// to render.DefaultEdgeCap edges, at 1280x720.
func BenchmarkFrameAtCap(b *testing.B) {
	f, err := Read("big.glb", bigGLB, nil)
	if err != nil {
		b.Fatal(err)
	}
	sc := mustBuild(b, f, 0).Scene
	world := make([]mgl64.Mat4, len(sc.Nodes))
	var ws modes.Workspace
	var fr render.Frame
	cam := render.DefaultCamera()
	cam.Distance = 15
	vp := render.Viewport{W: 1280, H: 720}
	frame := func() {
		modes.AccumulateMatrices.World(sc.Nodes, &ws, world)
		fr.Begin(cam, vp)
		fr.Scene(sc, world, render.DefaultOptions())
	}
	frame()
	if drawn, total := fr.Thinned(); drawn > render.DefaultEdgeCap || total <= drawn {
		b.Fatalf("drew %d of %d edges; want the cap (%d) to thin", drawn, total, render.DefaultEdgeCap)
	}
	b.ReportAllocs()
	for b.Loop() {
		frame()
	}
}

// BenchmarkBake bakes the tree of meshNodesFile at 10^3, 10^4 and 10^5
// nodes; Read of the same file is the baseline in the same run (the bake
// reads it too), and ns/node stays flat when the cost is linear.
func BenchmarkBake(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		data := meshNodesFile(n)
		b.Run(fmt.Sprintf("read/%d", n), func(b *testing.B) {
			for b.Loop() {
				load(b, "tree.gltf", data)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/node")
		})
		b.Run(fmt.Sprintf("bake/%d", n), func(b *testing.B) {
			for b.Loop() {
				out, err := Bake("tree.gltf", data, nil)
				if err != nil {
					b.Fatal(err)
				}
				if out.Meshes != n {
					b.Fatalf("%d mesh forms, want %d", out.Meshes, n)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/node")
		})
	}
}

package render

import (
	"fmt"
	"io"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/internal/bigscene"
	"skewlab/modes"
	"skewlab/scene"
)

// TestFrameAllocs: once the buffers are warm, a frame (mode update, Begin,
// Scene, SpreadLabels, sort) allocates nothing, for every mode and both
// scenes.
func TestFrameAllocs(t *testing.T) {
	for _, sc := range []*scene.Scene{mustPreset(t, "piston"), mustPreset(t, "skew"), stressScene(t, 50)} {
		for _, m := range modes.All {
			world := make([]mgl64.Mat4, len(sc.Nodes))
			var ws modes.Workspace
			var f Frame
			cam, vp, opt := DefaultCamera(), Viewport{0, 0, 800, 400}, DefaultOptions()
			frame := func() {
				m.World(sc.Nodes, &ws, world)
				f.Begin(cam, vp)
				f.Scene(sc, world, opt)
				f.SpreadLabels(1)
				SortFarToNear(f.Segments)
				cam.Orbit(0.5, 0) // a moving camera, as when dragging
			}
			frame()
			if a := testing.AllocsPerRun(50, frame); a != 0 {
				t.Errorf("%s, %d nodes: %g allocations per frame, want 0", m.Name, len(sc.Nodes), a)
			}
		}
	}
}

func mustPreset(t testing.TB, name string) *scene.Scene {
	s, err := scene.NewPreset(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// stressScene is n pistons (scene.Pistons), failing the test on error.
func stressScene(t testing.TB, n int) *scene.Scene {
	sc, err := scene.Pistons(n)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func benchFrame(b *testing.B, sc *scene.Scene, cam Camera) {
	world := make([]mgl64.Mat4, len(sc.Nodes))
	var ws modes.Workspace
	var f Frame
	vp, opt := Viewport{0, 0, 1280, 720}, DefaultOptions()
	m := modes.AccumulateTRS
	m.World(sc.Nodes, &ws, world) // warm the buffers
	f.Begin(cam, vp)
	f.Scene(sc, world, opt)
	b.ReportAllocs()
	for b.Loop() {
		m.World(sc.Nodes, &ws, world)
		f.Begin(cam, vp)
		f.Scene(sc, world, opt)
	}
	b.ReportMetric(float64(len(f.Segments)), "segments/frame")
	b.ReportMetric(float64(len(f.Labels)), "labels/frame")
}

// BenchmarkPistonFrame is one frame of the default view: accumulate-trs
// update plus projection of the piston with grid, rods, axes and labels.
func BenchmarkPistonFrame(b *testing.B) {
	benchFrame(b, mustPreset(b, "piston"), DefaultCamera())
}

// BenchmarkStress1000 is the same for 1,000 pistons (3,000 nodes), seen
// whole from above.
func BenchmarkStress1000(b *testing.B) {
	cam := DefaultCamera()
	cam.Target, cam.Distance, cam.Pitch = mgl64.Vec3{0, 0, 0}, 260, 60
	benchFrame(b, stressScene(b, 1000), cam)
}

// scaleSizes are the node counts of the growth benchmarks.
var scaleSizes = []int{1_000, 10_000, 100_000}

// perNode reports the benchmark's time per node of an n-node scene.
func perNode(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/node")
}

// BenchmarkExport times, on the 4-ary tree of 10^3, 10^4 and 10^5 nodes
// (bigscene, node i's parent (i-1)/4) at 1280x720 with everything drawn:
// "frame" the accumulate-matrices update and projection to segments (what
// export does before writing; buffers already grown, so it allocates
// nothing), "svg" and "png" writing those segments (png includes
// encoding), "rasterize" Rasterize alone. ns/node shows the growth: flat
// when time is linear in the nodes, falling when a per-picture cost (the
// PNG encoder, clearing the coverage buffer) is shared by more nodes.
func BenchmarkExport(b *testing.B) {
	for _, n := range scaleSizes {
		f := treeFrame(b, n, 1280, 720)
		nodes, _ := bigscene.Nodes(n, "4ary")
		sc := &scene.Scene{Nodes: nodes}
		world := make([]mgl64.Mat4, n)
		var ws modes.Workspace
		var g Frame
		frame := func() {
			modes.AccumulateMatrices.World(nodes, &ws, world)
			g.Begin(DefaultCamera(), Viewport{0, 0, 1280, 720})
			g.Scene(sc, world, DefaultOptions())
		}
		frame() // grow the buffers: steady state, as in the window
		b.Run(fmt.Sprintf("frame/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				frame()
			}
			perNode(b, n)
		})
		b.Run(fmt.Sprintf("svg/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := WriteSVG(io.Discard, 1280, 720, background, f.Segments, f.Labels); err != nil {
					b.Fatal(err)
				}
			}
			perNode(b, n)
		})
		b.Run(fmt.Sprintf("png/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := WritePNG(io.Discard, 1280, 720, background, f.Segments, f.Labels); err != nil {
					b.Fatal(err)
				}
			}
			perNode(b, n)
		})
		b.Run(fmt.Sprintf("rasterize/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Rasterize(1280, 720, background, f.Segments, f.Labels); err != nil {
					b.Fatal(err)
				}
			}
			perNode(b, n)
			b.ReportMetric(float64(len(f.Segments))/float64(n), "segments/node")
		})
	}
}

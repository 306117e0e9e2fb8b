package scene_test

import (
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/gltfio"
	"skewlab/internal/gltfgen"
	"skewlab/modes"
	"skewlab/scene"
)

// stretchyArm builds internal/gltfgen's stretchy arm (scene 0 of
// stretchy-arm.gltf, read by gltfio): Root > Upper > Fore > Hand and the
// skinned mesh Arm (386 vertices), with its animations.
func stretchyArm(tb testing.TB) *scene.Scene {
	tb.Helper()
	files := gltfgen.StretchyArm()
	f, err := gltfio.Read(files[0].Name, files[0].Data, nil)
	if err != nil {
		tb.Fatal(err)
	}
	b, err := f.Build(0)
	if err != nil {
		tb.Fatal(err)
	}
	return b.Scene
}

// playFrame is one playing frame of sc under mode m: animation a applied
// to nodes at time t, the mode's world matrices, and every skinned node's
// points skinned by them (what a frame draws, before projection).
func playFrame(a *scene.Animation, nodes []scene.Node, t float64, m modes.Mode, ws *modes.Workspace, world []mgl64.Mat4, d *scene.Deformer, skinned []int) {
	a.Apply(nodes, t)
	m.World(nodes, ws, world)
	for _, i := range skinned {
		d.Points(&nodes[i], world)
	}
}

// BenchmarkPlayFrame times one playing frame of the stretchy arm
// (playFrame: animation "stretch" applied at a time that advances by
// 1/60 s per frame over its 2 s, a mode's World, the Deformer skinning
// the arm's 386 vertices) under each mode, interleaved in the same loop
// with the baseline, the static World update of the same scene under
// the same mode; it reports ns per frame for both (ns/frame,
// base-ns/frame) and their ratio (x-baseline). With -benchmem, 0
// allocs/op: a playing frame allocates nothing. Most of a frame is the
// skinning: 386 vertices against a World of 5 nodes.
func BenchmarkPlayFrame(b *testing.B) {
	sc := stretchyArm(b)
	a := sc.Animations[0]
	var skinned []int
	for i := range sc.Nodes {
		if sc.Nodes[i].Skin != nil {
			skinned = append(skinned, i)
		}
	}
	static := sc.Clone()
	for _, m := range modes.All {
		b.Run(m.Name, func(b *testing.B) {
			nodes := sc.Clone().Nodes
			world := make([]mgl64.Mat4, len(nodes))
			base := make([]mgl64.Mat4, len(nodes))
			var ws, wb modes.Workspace
			var d scene.Deformer
			playFrame(a, nodes, 0, m, &ws, world, &d, skinned)
			m.World(static.Nodes, &wb, base)
			t := 0.0
			var tf, tb time.Duration
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if t += 1.0 / 60; t > 2 {
					t = 0
				}
				t0 := time.Now()
				playFrame(a, nodes, t, m, &ws, world, &d, skinned)
				t1 := time.Now()
				m.World(static.Nodes, &wb, base)
				tf += t1.Sub(t0)
				tb += time.Since(t1)
			}
			b.ReportMetric(float64(tf.Nanoseconds())/float64(b.N), "ns/frame")
			b.ReportMetric(float64(tb.Nanoseconds())/float64(b.N), "base-ns/frame")
			b.ReportMetric(float64(tf)/float64(tb), "x-baseline")
		})
	}
}

// A playing frame allocates nothing once the Deformer and the workspace
// have grown, under every mode; and it plays: the arm's fingertip
// centre (the last vertex, weight 1 on Hand) moves between 0 and 1 s.
func TestPlayFrameAllocatesNothing(t *testing.T) {
	sc := stretchyArm(t)
	a := sc.Animations[0]
	arm := sc.Index("Arm")
	if arm < 0 {
		t.Fatal("no node Arm")
	}
	for _, m := range modes.All {
		nodes := sc.Clone().Nodes
		world := make([]mgl64.Mat4, len(nodes))
		var ws modes.Workspace
		var d scene.Deformer
		playFrame(a, nodes, 0, m, &ws, world, &d, []int{arm})
		pts := d.Points(&nodes[arm], world)
		tip0 := pts[len(pts)-1]
		tm := 0.0
		if n := testing.AllocsPerRun(50, func() {
			tm += 0.02
			playFrame(a, nodes, tm, m, &ws, world, &d, []int{arm})
		}); n != 0 {
			t.Errorf("%s: %v allocations per playing frame", m.Name, n)
		}
		playFrame(a, nodes, 1, m, &ws, world, &d, []int{arm})
		pts = d.Points(&nodes[arm], world)
		if tip1 := pts[len(pts)-1]; tip1.Sub(tip0).Len() < 0.5 {
			t.Errorf("%s: the fingertip moved %v from 0 to 1 s", m.Name, tip1.Sub(tip0).Len())
		}
	}
}

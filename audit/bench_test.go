package audit

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/gltfio"
	"skewlab/internal/bigscene"
	"skewlab/internal/gltfgen"
	"skewlab/modes"
	"skewlab/scene"
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

// animatedTree is bigscene's 4-ary tree of n nodes with one animation
// "breathe" of 1 s (LINEAR keys at 0 and 1 s): every seventh node's
// scale goes from its own (0.8, 0.6, 0.7) to (1.6, 0.6, 0.35) and every
// fifth node's rotation turns a further 60 degrees about y, so the
// rules' disagreement changes from sample to sample. At the default 30
// per second it is sampled 31 times.
func animatedTree(b *testing.B, n int) ([]scene.Node, []*scene.Animation) {
	b.Helper()
	nodes, err := bigscene.Nodes(n, "4ary")
	if err != nil {
		b.Fatal(err)
	}
	a := &scene.Animation{Name: "breathe"}
	for i := 1; i < n; i++ {
		l := nodes[i].Local
		if i%7 == 0 {
			s := l.Scale
			a.Channels = append(a.Channels, scene.Channel{Node: i, Path: scene.PathScale, Interp: scene.Linear, Times: []float64{0, 1},
				Values: []float64{s[0], s[1], s[2], 2 * s[0], s[1], s[2] / 2}, Width: 3})
		}
		if i%5 == 0 {
			q0, q1 := l.Rotation, mgl64.QuatRotate(math.Pi/3, mgl64.Vec3{0, 1, 0}).Mul(l.Rotation)
			a.Channels = append(a.Channels, scene.Channel{Node: i, Path: scene.PathRotation, Interp: scene.Linear, Times: []float64{0, 1},
				Values: []float64{q0.W, q0.V[0], q0.V[1], q0.V[2], q1.W, q1.V[0], q1.V[1], q1.V[2]}, Width: 4})
		}
	}
	if err := a.Check(nodes); err != nil {
		b.Fatal(err)
	}
	return nodes, []*scene.Animation{a}
}

// armScene is internal/gltfgen's stretchy arm (scene 0 of
// stretchy-arm.gltf, read by gltfio: Root > Upper > Fore > Hand and the
// skinned mesh Arm of 386 vertices) with its animation "stretch", 2 s,
// sampled 65 times at the default rate.
func armScene(b *testing.B) ([]scene.Node, []*scene.Animation) {
	b.Helper()
	files := gltfgen.StretchyArm()
	f, err := gltfio.Read(files[0].Name, files[0].Data, nil)
	if err != nil {
		b.Fatal(err)
	}
	bt, err := f.Build(0)
	if err != nil {
		b.Fatal(err)
	}
	return bt.Scene.Nodes, bt.Scene.Animations[:1]
}

// BenchmarkCheckAnimations is the audit over time's cost per sampled
// frame against a static Check of the same scene in the same run, with
// every rule, on the stretchy arm (armScene: a skinned mesh, compared
// vertex by vertex skinned under every rule) and on animatedTree's 10^3
// nodes:
//
//   - static: one Check of the scene as stored (the baseline);
//   - frame: one sampled frame, the steady state of CheckAnimations's
//     loop (the animation applied to the Checker's copy of the nodes,
//     every rule's worlds, the size box, every node compared and its
//     worst kept); 0 allocs/op;
//   - whole: CheckAnimations over all its samples, whose time per sample
//     (ns/frame) includes sampling, the final causes and the report.
//
// frame and whole report x-static, their time per frame over static's.
func BenchmarkCheckAnimations(b *testing.B) {
	for _, sc := range []struct {
		name string
		make func(*testing.B) ([]scene.Node, []*scene.Animation)
	}{
		{"arm", armScene},
		{"tree1000", func(b *testing.B) ([]scene.Node, []*scene.Animation) { return animatedTree(b, 1000) }},
	} {
		nodes, anims := sc.make(b)
		benchCheckAnimations(b, sc.name, nodes, anims)
	}
}

func benchCheckAnimations(b *testing.B, name string, nodes []scene.Node, anims []*scene.Animation) {
	rules := modes.All
	end := anims[0].End()
	var static float64
	b.Run(name+"/static", func(b *testing.B) {
		var c Checker
		c.Check(nodes, rules, DefaultTolerance)
		b.ReportAllocs()
		for b.Loop() {
			c.Check(nodes, rules, DefaultTolerance)
		}
		static = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	})
	b.Run(name+"/frame", func(b *testing.B) {
		var c Checker
		keep := make([]Node, len(nodes))
		var z sizer
		c.posable(nodes)
		anims[0].Apply(c.pose, 0)
		c.sample(rules, Moment{}, keep, true, &z)
		t := 0.0
		b.ReportAllocs()
		for b.Loop() {
			if t += 1.0 / DefaultFPS; t > end {
				t = 0
			}
			anims[0].Apply(c.pose, t)
			c.sample(rules, Moment{Time: t}, keep, false, &z)
		}
		ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		if static > 0 {
			b.ReportMetric(ns/static, "x-static")
		}
	})
	b.Run(name+"/whole", func(b *testing.B) {
		var c Checker
		r, err := c.CheckAnimations(nodes, anims, []int{0}, rules, DefaultTolerance, DefaultFPS)
		if err != nil {
			b.Fatal(err)
		}
		samples := float64(r.Samples())
		b.ReportAllocs()
		for b.Loop() {
			_, _ = c.CheckAnimations(nodes, anims, []int{0}, rules, DefaultTolerance, DefaultFPS)
		}
		ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / samples
		b.ReportMetric(ns, "ns/frame")
		b.ReportMetric(samples, "frames")
		if static > 0 {
			b.ReportMetric(ns/static, "x-static")
		}
	})
}

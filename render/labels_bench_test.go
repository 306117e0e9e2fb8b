package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
)

// oldSpread is SpreadLabels as it was before it kept labels clear of
// lines (commit 72e0e5d), kept here so BenchmarkSpreadLabels measures
// the cost of the occupancy grid against it in the same run.
type oldSpread struct{ boxes []box }

func (o *oldSpread) spread(f *Frame, scale float64) {
	for i := range f.Labels {
		f.Labels[i].Anchor = f.Labels[i].At
	}
	if len(f.Labels) == 0 || len(f.Labels) > MaxSpreadLabels || !f.ok {
		return
	}
	scale = LabelScale(scale)
	m := TextMetricsAt(scale * TextSize)
	sb := &f.spread
	sb.order = sb.order[:0]
	for i := range f.Labels {
		if isFinite2(f.Labels[i].At) {
			sb.order = append(sb.order, int32(i))
		}
	}
	for i := 1; i < len(sb.order); i++ {
		for j := i; j > 0 && f.Labels[sb.order[j]].Color.A > f.Labels[sb.order[j-1]].Color.A; j-- {
			sb.order[j], sb.order[j-1] = sb.order[j-1], sb.order[j]
		}
	}
	o.boxes = o.boxes[:0]
	for _, i := range sb.order {
		l := &f.Labels[i]
		at := o.place(f, l.Anchor, l.Text, scale, m)
		l.At = at
		lo, hi := labelBox(at, l.Text, scale, m)
		o.boxes = append(o.boxes, box{lo, hi})
		if at.Sub(l.Anchor).Len() > LeaderMin*scale {
			p := mgl64.Vec2{min(max(l.Anchor[0], lo[0]), hi[0]), min(max(l.Anchor[1], lo[1]), hi[1])}
			if p != l.Anchor {
				f.Segments = append(f.Segments, Segment{A: l.Anchor, B: p, Color: l.Color.Dim(LeaderDim), Width: float32(LeaderWidth * scale)})
			}
		}
	}
}

func (o *oldSpread) place(f *Frame, a mgl64.Vec2, text string, scale float64, m TextMetrics) mgl64.Vec2 {
	best, bestHits := a, math.MaxInt
	try := func(p mgl64.Vec2) bool {
		lo, hi := labelBox(p, text, scale, m)
		b := box{lo, hi}
		if !f.inside(b) {
			return false
		}
		hits := 0
		for _, q := range o.boxes {
			if b.overlaps(q, LabelGap*scale) {
				hits++
			}
		}
		if hits < bestHits {
			best, bestHits = p, hits
		}
		return hits == 0
	}
	if try(a) {
		return a
	}
	far := math.Hypot(f.vp.W, f.vp.H)
	for k := 1; k <= MaxLabelRings; k++ {
		r := float64(k) * LabelStep * scale
		if r > far {
			break
		}
		for _, d := range ringDirs {
			if p := a.Add(d.Mul(r)); try(p) {
				return p
			}
		}
	}
	return best
}

// capFrame draws, at 1280x720, 347 pistons (49,968 mesh edges: under
// the 50,000 edge cap, so every edge is drawn), framed whole, with the
// grid and axes but no node labels, then labels the first n nodes by
// name at their origins (crowded, so many must move).
func capFrame(b testing.TB, n int) *Frame {
	sc := stressScene(b, 347)
	world := make([]mgl64.Mat4, len(sc.Nodes))
	var ws modes.Workspace
	modes.AccumulateTRS.World(sc.Nodes, &ws, world)
	cam := DefaultCamera()
	lo, hi, ok := MeshBounds(sc, world)
	if !ok {
		b.Fatal("no mesh bounds")
	}
	cam.Fit(lo, hi, 1280.0/720, 0.02)
	opt := DefaultOptions()
	opt.Labels = false
	var f Frame
	f.Begin(cam, Viewport{0, 0, 1280, 720})
	f.Scene(sc, world, opt)
	for i := 0; i < n; i++ {
		f.Text(world[i].Col(3).Vec3(), sc.Nodes[i].Name, LabelGrey)
	}
	if drawn, total := f.Thinned(); drawn != total || total < 49000 || total > DefaultEdgeCap || len(f.Segments) < 49000 {
		b.Fatalf("drew %d of %d edges (%d segments), want all of about 50,000", drawn, total, len(f.Segments))
	}
	return &f
}

// presetFrame is the piston preset's default frame at 1280x720, labels
// and all.
func presetFrame(b testing.TB) *Frame {
	sc := mustPreset(b, "piston")
	world := make([]mgl64.Mat4, len(sc.Nodes))
	var ws modes.Workspace
	modes.AccumulateTRS.World(sc.Nodes, &ws, world)
	var f Frame
	f.Begin(DefaultCamera(), Viewport{0, 0, 1280, 720})
	f.Scene(sc, world, DefaultOptions())
	return &f
}

// BenchmarkSpreadLabels times SpreadLabels ("new") against the one
// before line avoidance ("old", oldSpread) on the same frames: the piston
// preset's, and one at the mesh edge cap (capFrame) with 8 and 64 labels.
// Each iteration puts the labels back at their anchors and drops the
// leaders of the last one first.
func BenchmarkSpreadLabels(b *testing.B) {
	cases := []struct {
		name string
		f    func(testing.TB) *Frame
	}{
		{"piston", presetFrame},
		{"cap50k/labels=8", func(b testing.TB) *Frame { return capFrame(b, 8) }},
		{"cap50k/labels=64", func(b testing.TB) *Frame { return capFrame(b, 64) }},
	}
	var old oldSpread
	for _, c := range cases {
		f := c.f(b)
		nseg := len(f.Segments)
		anchors := make([]mgl64.Vec2, len(f.Labels))
		for i := range f.Labels {
			anchors[i] = f.Labels[i].At
		}
		restore := func() {
			f.Segments = f.Segments[:nseg]
			for i := range f.Labels {
				f.Labels[i].At = anchors[i]
			}
		}
		for _, impl := range []struct {
			name   string
			spread func()
		}{
			{"old", func() { old.spread(f, 1) }},
			{"new", func() { f.SpreadLabels(1) }},
		} {
			b.Run(c.name+"/"+impl.name, func(b *testing.B) {
				restore()
				impl.spread() // grow the buffers
				b.ReportAllocs()
				for b.Loop() {
					restore()
					impl.spread()
				}
				b.ReportMetric(float64(nseg), "segments")
			})
		}
	}
}

// BenchmarkCapFrame is the frame SpreadLabels is measured on at the cap
// (capFrame's scene, camera and 64 labels), drawn: the update, Begin and
// Scene, without spreading, for scale.
func BenchmarkCapFrame(b *testing.B) {
	f := capFrame(b, 64)
	sc := stressScene(b, 347)
	world := make([]mgl64.Mat4, len(sc.Nodes))
	var ws modes.Workspace
	opt := DefaultOptions()
	opt.Labels = false
	cam, vp := f.Camera(), f.Viewport()
	b.ReportAllocs()
	for b.Loop() {
		modes.AccumulateTRS.World(sc.Nodes, &ws, world)
		f.Begin(cam, vp)
		f.Scene(sc, world, opt)
		for i := 0; i < 64; i++ {
			f.Text(world[i].Col(3).Vec3(), sc.Nodes[i].Name, LabelGrey)
		}
	}
}

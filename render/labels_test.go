package render

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// textBox is a label's box computed from the published rules alone: the
// baseline 4 right and 4 up of At (times the scale), the text's width
// from TextWidth, its height from the font's ascent and descent.
func textBox(l Label, scale float64) (lo, hi mgl64.Vec2) {
	size := scale * TextSize
	m := TextMetricsAt(size)
	x, y := l.At[0]+4*scale, l.At[1]-4*scale
	return mgl64.Vec2{x, y - m.Ascent}, mgl64.Vec2{x + TextWidth(l.Text, size), y + m.Descent}
}

// overlapping returns the first pair of labels whose boxes overlap
// (touching allowed), or -1, -1.
func overlapping(ls []Label, scale float64) (int, int) {
	for i := range ls {
		alo, ahi := textBox(ls[i], scale)
		for j := i + 1; j < len(ls); j++ {
			blo, bhi := textBox(ls[j], scale)
			if alo[0] < bhi[0] && blo[0] < ahi[0] && alo[1] < bhi[1] && blo[1] < ahi[1] {
				return i, j
			}
		}
	}
	return -1, -1
}

func TestLabelBoxMatchesTheRules(t *testing.T) {
	const tol = 1e-12
	for _, s := range []float64{1, 2, 3} {
		l := Label{At: mgl64.Vec2{100, 50}, Text: "Root°"}
		lo, hi := LabelBox(l, s)
		wlo, whi := textBox(l, s)
		if lo.Sub(wlo).Len() > tol || hi.Sub(whi).Len() > tol {
			t.Errorf("scale %v: box %v %v, want %v %v", s, lo, hi, wlo, whi)
		}
		// Go Mono advances 0.6 em per character, the degree sign included.
		if w := hi[0] - lo[0]; math.Abs(w-5*0.6*TextSize*s) > 0.05*s {
			t.Errorf("scale %v: width %v, want about %v", s, w, 5*0.6*TextSize*s)
		}
	}
	// Below 1 and NaN count as 1, as the window draws them.
	a, _ := LabelBox(Label{Text: "x"}, 0)
	b, _ := LabelBox(Label{Text: "x"}, math.NaN())
	c, _ := LabelBox(Label{Text: "x"}, 1)
	if a != c || b != c {
		t.Errorf("scale 0 %v, NaN %v, 1 %v", a, b, c)
	}
}

// Random clusters of labels (seeded) are spread so no two boxes overlap,
// every box stays in the viewport, every label that moved more than
// LeaderMin has a leader from its anchor to its box's edge, and one that
// did not has none.
func TestSpreadLabelsRandomClusters(t *testing.T) {
	const tol = 1e-9
	cam, vp := axisCamera()
	vp = Viewport{X: 30, Y: 10, W: 500, H: 400}
	rng := rand.New(rand.NewPCG(12, 5))
	var f Frame
	for trial := 0; trial < 200; trial++ {
		scale := []float64{1, 1.5, 2}[trial%3]
		f.Begin(cam, vp)
		n := 2 + rng.IntN(12)
		centre := mgl64.Vec2{vp.X + rng.Float64()*vp.W, vp.Y + rng.Float64()*vp.H}
		for i := 0; i < n; i++ {
			at := centre.Add(mgl64.Vec2{rng.NormFloat64() * 15, rng.NormFloat64() * 10})
			at[0] = min(max(at[0], vp.X), vp.X+vp.W)
			at[1] = min(max(at[1], vp.Y), vp.Y+vp.H)
			text := []string{"A", "B", "Root", "x", "skew 52.3°", "Child"}[rng.IntN(6)]
			f.Labels = append(f.Labels, Label{At: at, Text: text, Color: Color{1, 1, 1, float32(1 - 0.5*rng.Float64())}})
		}
		anchors := make([]mgl64.Vec2, n)
		for i := range f.Labels {
			anchors[i] = f.Labels[i].At
		}
		f.SpreadLabels(scale)
		name := fmt.Sprintf("trial %d (%d labels, scale %v)", trial, n, scale)
		if i, j := overlapping(f.Labels, scale); i >= 0 {
			t.Fatalf("%s: labels %d %q and %d %q overlap", name, i, f.Labels[i].Text, j, f.Labels[j].Text)
		}
		leaders := 0
		for i, l := range f.Labels {
			if l.Anchor != anchors[i] {
				t.Fatalf("%s: label %d's anchor %v, was drawn at %v", name, i, l.Anchor, anchors[i])
			}
			lo, hi := textBox(l, scale)
			if lo[0] < vp.X-tol || lo[1] < vp.Y-tol || hi[0] > vp.X+vp.W+tol || hi[1] > vp.Y+vp.H+tol {
				t.Fatalf("%s: label %d's box %v %v leaves the viewport", name, i, lo, hi)
			}
			if l.At.Sub(l.Anchor).Len() <= LeaderMin*scale {
				continue
			}
			leaders++
			found := false
			for _, s := range f.Segments {
				if s.A != l.Anchor {
					continue
				}
				// B on the box's edge, and the nearest point of the box.
				onX := math.Abs(s.B[0]-lo[0]) < tol || math.Abs(s.B[0]-hi[0]) < tol
				onY := math.Abs(s.B[1]-lo[1]) < tol || math.Abs(s.B[1]-hi[1]) < tol
				in := s.B[0] >= lo[0]-tol && s.B[0] <= hi[0]+tol && s.B[1] >= lo[1]-tol && s.B[1] <= hi[1]+tol
				near := mgl64.Vec2{min(max(l.Anchor[0], lo[0]), hi[0]), min(max(l.Anchor[1], lo[1]), hi[1])}
				if in && (onX || onY) && s.B.Sub(near).Len() < tol && s.Color == l.Color.Dim(LeaderDim) {
					found = true
				}
			}
			inside := l.Anchor[0] >= lo[0] && l.Anchor[0] <= hi[0] && l.Anchor[1] >= lo[1] && l.Anchor[1] <= hi[1]
			if !found && !inside {
				t.Fatalf("%s: label %d moved %v px without a leader to its box", name, i, l.At.Sub(l.Anchor).Len())
			}
		}
		if len(f.Segments) > leaders {
			t.Fatalf("%s: %d segments for %d moved labels", name, len(f.Segments), leaders)
		}
	}
}

// Labels that do not overlap stay where they are, without leaders; the
// brightest of two overlapping labels keeps its place; a label whose
// anchor is at the viewport's right edge moves inside.
func TestSpreadLabelsKeepsAndPrefers(t *testing.T) {
	cam, _ := axisCamera()
	vp := Viewport{W: 400, H: 300}
	var f Frame
	f.Begin(cam, vp)
	f.Labels = append(f.Labels, Label{At: mgl64.Vec2{50, 50}, Text: "A", Color: White}, Label{At: mgl64.Vec2{200, 200}, Text: "B", Color: White})
	f.SpreadLabels(1)
	if f.Labels[0].At != (mgl64.Vec2{50, 50}) || f.Labels[1].At != (mgl64.Vec2{200, 200}) || len(f.Segments) != 0 {
		t.Errorf("apart labels moved: %v, %d segments", f.Labels, len(f.Segments))
	}
	f.Begin(cam, vp)
	ghost, main := Label{At: mgl64.Vec2{100, 100}, Text: "B", Color: White.Dim(0.35)}, Label{At: mgl64.Vec2{101, 100}, Text: "B", Color: White}
	f.Labels = append(f.Labels, ghost, main)
	f.SpreadLabels(1)
	if f.Labels[1].At != main.At || f.Labels[0].At == ghost.At {
		t.Errorf("the ghost's label did not give way: %v", f.Labels)
	}
	f.Begin(cam, vp)
	f.Labels = append(f.Labels, Label{At: mgl64.Vec2{399, 150}, Text: "Root", Color: White})
	f.SpreadLabels(1)
	if _, hi := textBox(f.Labels[0], 1); hi[0] > 400 {
		t.Errorf("a label at the right edge stays out: %v", hi)
	}
}

// Bad input: NaN anchors stay and are not avoided; a frame that cannot
// draw, an empty one and one over MaxSpreadLabels are left alone; none
// panics.
func TestSpreadLabelsDegenerate(t *testing.T) {
	cam, vp := axisCamera()
	var f Frame
	f.Begin(cam, vp)
	nan := math.NaN()
	f.Labels = append(f.Labels, Label{At: mgl64.Vec2{nan, 5}, Text: "x"}, Label{At: mgl64.Vec2{10, 50}, Text: "y"})
	f.SpreadLabels(1)
	if !math.IsNaN(f.Labels[0].At[0]) || f.Labels[1].At != (mgl64.Vec2{10, 50}) || len(f.Segments) != 0 {
		t.Errorf("NaN label: %v, %d segments", f.Labels, len(f.Segments))
	}
	f.Begin(cam, Viewport{})
	f.Labels = append(f.Labels, Label{At: mgl64.Vec2{1, 1}, Text: "a"}, Label{At: mgl64.Vec2{1, 1}, Text: "a"})
	f.SpreadLabels(1)
	if f.Labels[1].At != (mgl64.Vec2{1, 1}) {
		t.Errorf("a zero viewport's labels moved: %v", f.Labels)
	}
	f.Begin(cam, vp)
	f.SpreadLabels(1)
	for i := 0; i <= MaxSpreadLabels; i++ {
		f.Labels = append(f.Labels, Label{At: mgl64.Vec2{100, 100}, Text: "n"})
	}
	f.SpreadLabels(math.Inf(1))
	if f.Labels[MaxSpreadLabels].At != (mgl64.Vec2{100, 100}) || f.Labels[5].Anchor != (mgl64.Vec2{100, 100}) {
		t.Errorf("an over-full frame's labels moved")
	}
}

// Once the frame's buffers have grown, SpreadLabels allocates nothing,
// with lines through the labels to keep clear of (the occupancy grid and
// its growth included) as without.
func TestSpreadLabelsAllocatesNothing(t *testing.T) {
	cam, vp := axisCamera()
	var f Frame
	for _, lines := range []int{0, 40} {
		run := func() {
			f.Begin(cam, vp)
			for i := 0; i < lines; i++ {
				y := 0.05 * float64(i-lines/2)
				f.Line(mgl64.Vec3{-3, y, 0}, mgl64.Vec3{3, -y, 0}, White, 2.5)
			}
			for i := 0; i < 8; i++ {
				f.Text(mgl64.Vec3{0.01 * float64(i), 0, 0}, "label", White)
			}
			f.SpreadLabels(2)
		}
		run()
		if n := testing.AllocsPerRun(50, run); n != 0 {
			t.Errorf("%d lines: SpreadLabels allocates %v times", lines, n)
		}
	}
}

func TestArc(t *testing.T) {
	const tol = 1e-12
	// A quarter turn from x to y: the middle is (1, 1, 0)/sqrt 2.
	d, ok := ArcDir(mgl64.Vec3{2, 0, 0}, mgl64.Vec3{0, 5, 0}, 0.5)
	if !ok || d.Sub(mgl64.Vec3{math.Sqrt2 / 2, math.Sqrt2 / 2, 0}).Len() > tol {
		t.Errorf("middle %v %v", d, ok)
	}
	// 120 degrees apart: every point at t is 120 t degrees from u, unit.
	u, v := mgl64.Vec3{1, 0, 0}, mgl64.Vec3{-0.5, 0, math.Sqrt(3) / 2}
	for _, tt := range []float64{0, 0.25, 0.5, 1} {
		d, _ := ArcDir(u.Mul(3), v.Mul(0.1), tt)
		ang := math.Acos(min(1, d.Dot(u))) * 180 / math.Pi
		if math.Abs(d.Len()-1) > tol || math.Abs(ang-120*tt) > 1e-9 || math.Abs(d[1]) > tol {
			t.Errorf("t %v: %v (%v deg)", tt, d, ang)
		}
	}
	for _, c := range [][2]mgl64.Vec3{{{}, {1, 0, 0}}, {{1, 0, 0}, {2, 0, 0}}, {{1, 0, 0}, {-1, 0, 0}}, {{math.NaN(), 0, 0}, {0, 1, 0}}, {{math.Inf(1), 0, 0}, {0, 1, 0}}} {
		if _, ok := ArcDir(c[0], c[1], 0.5); ok {
			t.Errorf("ArcDir(%v, %v) ok", c[0], c[1])
		}
	}
	cam, vp := axisCamera()
	var f Frame
	f.Begin(cam, vp)
	if !f.Arc(mgl64.Vec3{}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}, 2, 6, White, 1) || len(f.Segments) != 6 {
		t.Errorf("arc: %d segments", len(f.Segments))
	}
	// Its ends project from (2, 0, 0) and (0, 2, 0).
	a, _ := f.Project(mgl64.Vec3{2, 0, 0})
	b, _ := f.Project(mgl64.Vec3{0, 2, 0})
	if f.Segments[0].A.Sub(a).Len() > 1e-9 || f.Segments[5].B.Sub(b).Len() > 1e-9 {
		t.Errorf("arc ends %v %v, want %v %v", f.Segments[0].A, f.Segments[5].B, a, b)
	}
	for _, r := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		if f.Arc(mgl64.Vec3{}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}, r, 6, White, 1) {
			t.Errorf("radius %v drew", r)
		}
	}
}

// A label anchored on a long line moves off it to the nearest free spot.
// "Root" at (200, 150), scale 1: its box starts 4 px right of the anchor
// and is 24 px wide (4 characters of 6 px), x 204 to 228, and spans y
// about 137 to 148. A vertical line x = 210 from y 20 to 280 runs through
// it. Moving up or down cannot clear it; the box must start right of the
// stroke (210.5 for 1 px, 211.25 for 2.5 px) or end left of it (shift
// of at least 6.5 px right or 18.5 px left, one grid cell of 3 px more at
// most). The candidates of ring 1 (5 px) all cross; on ring 2 (10 px)
// the diagonals shift 7.07 px, not enough with the cell, and straight
// right (10 px, box 214 to 238) is free: the label ends at (210, 150),
// 10 px from its anchor, with a leader. That holds for a bold line (full,
// 2.5 px: an obstacle) and for a 1 px full-colour one (weight 0.16:
// crossing it costs 0.16 per cell times 16*3 px, over 7 px a cell, for
// the box's 4 or more rows and 2 columns of cells: more than 10 px). A
// faint one (alpha 0.3, 1 px: weight 0.0144) costs about 0.7 px a cell,
// 10 cells at most: under the 10 px of the nearest free spot, so the
// label stays. A diagonal bold line across the whole viewport through
// the anchor is left too, and the label's box ends clear of it.
func TestSpreadLabelsKeepClearOfALongLine(t *testing.T) {
	const tol = 1e-9
	cam, _ := axisCamera()
	vp := Viewport{W: 400, H: 300}
	anchor := mgl64.Vec2{200, 150}
	root := Label{At: anchor, Text: "Root", Color: White}
	lo, hi := textBox(root, 1)
	if math.Abs(lo[0]-204) > tol || math.Abs(hi[0]-228) > 0.05 {
		t.Fatalf("Root's box x %v to %v, want 204 to 228", lo[0], hi[0])
	}
	var f Frame
	for _, c := range []struct {
		name  string
		line  Segment
		moves bool
	}{
		{"bold vertical", Segment{A: mgl64.Vec2{210, 20}, B: mgl64.Vec2{210, 280}, Color: XColor, Width: 2.5}, true},
		{"thin vertical", Segment{A: mgl64.Vec2{210, 20}, B: mgl64.Vec2{210, 280}, Color: White, Width: 1}, true},
		{"faint vertical", Segment{A: mgl64.Vec2{210, 20}, B: mgl64.Vec2{210, 280}, Color: GridColor, Width: 1}, false},
		{"bold diagonal", Segment{A: mgl64.Vec2{0, 300}, B: mgl64.Vec2{400, 0}, Color: XColor, Width: 3}, true},
	} {
		f.Begin(cam, vp)
		f.Segments = append(f.Segments, c.line)
		f.Labels = append(f.Labels, root)
		if lo, hi := textBox(root, 1); c.moves && !StrokeMeetsBox(c.line, lo, hi, 1) {
			t.Fatalf("%s: the line misses the box at the anchor: the test proves nothing", c.name)
		}
		f.SpreadLabels(1)
		l := f.Labels[0]
		lo, hi := textBox(l, 1)
		switch {
		case !c.moves:
			if l.At != anchor || len(f.Segments) != 1 {
				t.Errorf("%s: the label moved to %v (%d segments), want it kept at its anchor", c.name, l.At, len(f.Segments))
			}
			continue
		case StrokeMeetsBox(c.line, lo, hi, 1):
			t.Errorf("%s: the label at %v still crosses the line", c.name, l.At)
		case c.line.A[0] == c.line.B[0] && l.At.Sub(mgl64.Vec2{210, 150}).Len() > tol:
			t.Errorf("%s: the label at %v, want (210, 150): the nearest free spot", c.name, l.At)
		}
		if len(f.Segments) != 2 || f.Segments[1].A != anchor {
			t.Errorf("%s: %d segments, want the line and the leader from the anchor", c.name, len(f.Segments))
		}
	}
}

// A label that has to cross a line crosses the fainter: "Root" at
// (200, 150), box x 204 to 228, among bold vertical lines (2.5 px, full
// colour) every 16 px, at x = 206, 190, 174, ... and x = 246, 262, ...,
// with a ghost-dim one (alpha 0.35, 1.5 px: weight (0.35*0.6)² = 0.044)
// at x = 226 in the 40 px gap. The 24 px box fits between bold lines
// only in that gap, where it crosses the dim line. At its anchor it
// crosses the bold line at 206; the gap takes a shift of at least 3.25 px
// right (6 with the 3 px cells: lo at 210 or more, hi under 243), which no
// ring 1 candidate (5 px; 3.54 for the diagonals) has and ring 2's
// up-right diagonal (7.07 px) has. So the label ends 10 px from its
// anchor, across the dim line and clear of every bold one.
func TestSpreadLabelsPreferFaintLines(t *testing.T) {
	cam, _ := axisCamera()
	vp := Viewport{W: 400, H: 300}
	anchor := mgl64.Vec2{200, 150}
	var bold []Segment
	for k := 0.0; k < 13; k++ {
		for _, x := range []float64{206 - 16*k, 246 + 16*k} {
			bold = append(bold, Segment{A: mgl64.Vec2{x, 0}, B: mgl64.Vec2{x, 300}, Color: White, Width: 2.5})
		}
	}
	dim := Segment{A: mgl64.Vec2{226, 0}, B: mgl64.Vec2{226, 300}, Color: Color{0, 1, 1, 1}.Dim(0.35), Width: 1.5}
	var f Frame
	f.Begin(cam, vp)
	f.Segments = append(append(f.Segments, bold...), dim)
	f.Labels = append(f.Labels, Label{At: anchor, Text: "Root", Color: White})
	f.SpreadLabels(1)
	l := f.Labels[0]
	lo, hi := textBox(l, 1)
	for _, b := range bold {
		if StrokeMeetsBox(b, lo, hi, 1) {
			t.Errorf("the label at %v (box x %v to %v) crosses the bold line at x = %v", l.At, lo[0], hi[0], b.A[0])
		}
	}
	if d := l.At.Sub(anchor).Len(); math.Abs(d-10) > 1e-9 || !StrokeMeetsBox(dim, lo, hi, 1) {
		t.Errorf("the label at %v, %v px from its anchor (box x %v to %v), want 10 px away across the dim line", l.At, d, lo[0], hi[0])
	}
}

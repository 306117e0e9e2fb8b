package cost

import (
	"math"
	"strings"
	"testing"
	"time"

	"skewlab/render"
	"skewlab/state"
)

// fakeModel returns a model of c measured to the end on a clock that
// moves 1 ms per reading: every cost is 1 ms / 2 / nodes, 500 ns per
// node at 1,000 nodes and 50 at 10,000 (see TestBenchSamplesByTheRules),
// so every update takes 0.5 ms: 2,000 updates a second at every size.
func fakeModel(t *testing.T, c Config) *Model {
	t.Helper()
	m, err := NewModel(c)
	if err != nil {
		t.Fatal(err)
	}
	m.Bench.clock = fakeClock(time.Millisecond)
	m.Budget = time.Hour
	for m.Tick() {
	}
	return m
}

// near reports |a-b| <= 1e-6 pixels.
func near(a, b float64) bool { return math.Abs(a-b) <= 1e-6 }

// The plot puts the costs where the log-log axes say, worked by hand:
// costs 500 and 50 ns per node span the decades 10 to 1000, so on an
// inner area of height H from Y, 500 sits at Y + H(1 - (log10 500 - 1)/2)
// and 50 at Y + H(1 - (log10 50 - 1)/2); 1,000 and 10,000 nodes are the
// area's left and right edges. Every curve is the floor's there, drawn in
// the floor's colour last. The updates-per-second plot spans 10 to 10^4
// (2,000 a second, and 60), and its 60 Hz line is level at
// Y + H(1 - (log10 60 - 1)/3); on the ns plot the 60 Hz diagonal
// (16.7e6/n ns per node: 16,667 and 1,667) lies above the area, so it is
// not drawn there.
func TestPictureByHand(t *testing.T) {
	m := fakeModel(t, Config{Sizes: []int{1000, 10_000}, Shapes: []string{"4ary"}, Workers: 1})
	var p Picture
	p.Build(m, Layout{W: 1280, H: 720, Scale: 1})
	if p.NS.Dx() == 0 || p.FPS.Dx() == 0 || !p.Legend || p.Claims != 3 {
		t.Fatalf("at 1280x720: ns plot %v, fps plot %v, legend %v, %d claims", p.NS, p.FPS, p.Legend, p.Claims)
	}
	ns, fps := p.ns, p.fps
	y500 := ns.Y + ns.H*(1-(math.Log10(500)-1)/2)
	y50 := ns.Y + ns.H*(1-(math.Log10(50)-1)/2)
	floor := false
	for _, sg := range p.Segments {
		if sg.Color == render.CostFloor && near(sg.A[0], ns.X) && near(sg.A[1], y500) && near(sg.B[0], ns.X+ns.W) && near(sg.B[1], y50) {
			floor = true
		}
	}
	if !floor {
		t.Errorf("no floor segment from (%v, %v) to (%v, %v)", ns.X, y500, ns.X+ns.W, y50)
	}
	y60 := fps.Y + fps.H*(1-(math.Log10(60)-1)/3)
	level, diagonal := 0, 0
	for _, sg := range p.Segments {
		if sg.Color != render.CostFrame {
			continue
		}
		inFPS := sg.A[0] >= fps.X-1e-6 && sg.B[0] <= fps.X+fps.W+1e-6
		inNS := sg.A[0] >= ns.X-1e-6 && sg.B[0] <= ns.X+ns.W+1e-6
		switch {
		case inFPS && near(sg.A[1], y60) && near(sg.B[1], y60):
			level++
		case inNS && sg.A[1] >= ns.Y && sg.A[1] <= ns.Y+ns.H:
			diagonal++
		}
	}
	if level == 0 || diagonal != 0 {
		t.Errorf("60 Hz: %d dashes level at %v on the fps plot (want some), %d on the ns plot (want none)", level, y60, diagonal)
	}
}

// labelsOf returns the picture's texts joined without their spaces (a
// line holding numbers is one label per character, its spaces left out),
// in drawing order.
func labelsOf(labels []render.Label) string {
	var b strings.Builder
	for _, l := range labels {
		b.WriteString(strings.ReplaceAll(l.Text, " ", ""))
	}
	return b.String()
}

// has reports whether text (from labelsOf) holds want, its spaces
// ignored.
func has(text, want string) bool { return strings.Contains(text, strings.ReplaceAll(want, " ", "")) }

// At every layout size, with and without windows, every label lies
// inside the picture and clear of the app's band, and no two overlap (a
// label covers its characters' width by one line from its top-left
// corner); what is left out is said. At 1920x1080 everything is drawn,
// the claims in their longest wording with their measured ratios.
func TestPictureLayout(t *testing.T) {
	m := fakeModel(t, Config{Sizes: []int{100, 1000, 10_000}, Shapes: Shapes, Workers: 1})
	for _, sz := range [][2]float64{{640, 360}, {800, 450}, {1280, 720}, {1920, 1080}} {
		for _, ui := range []bool{false, true} {
			lay := Layout{W: sz[0], H: sz[1], UI: ui}
			if ui {
				lay.Left, lay.Bottom = 246, 74
			}
			lay.Scale = FitScale(lay.W, lay.H, lay.Left, lay.Bottom, 2)
			var p Picture
			p.Build(m, lay)
			type box struct{ x0, y0, x1, y1 float64 }
			var boxes []box
			for _, l := range p.Labels {
				b := box{l.At[0], l.At[1], l.At[0] + float64(len(l.Text))*p.CharW, l.At[1] + p.LineH}
				if b.x0 < lay.Left || b.y0 < 0 || b.x1 > lay.W || b.y1 > lay.H-lay.Bottom {
					t.Errorf("%v ui %v: %q at %v outside the free area", sz, ui, l.Text, b)
				}
				for _, o := range boxes {
					if b.x0 < o.x1-0.5 && o.x0 < b.x1-0.5 && b.y0 < o.y1-0.5 && o.y0 < b.y1-0.5 {
						t.Errorf("%v ui %v: %q at %v overlaps a text at %v", sz, ui, l.Text, b, o)
					}
				}
				boxes = append(boxes, b)
			}
			text := labelsOf(p.Labels)
			if !(p.NS.Dx() > 0 && p.Legend && p.Claims == 3) && !has(text, "no room for") {
				t.Errorf("%v ui %v: something left out and not said: %q", sz, ui, text)
			}
		}
	}
	var p Picture
	p.Build(m, Layout{W: 1920, H: 1080, Scale: 1})
	text := labelsOf(p.Labels)
	for _, want := range []string{Claims[0].Lines[0][0] + "+0 %" + Claims[0].Lines[0][1], Claims[1].Lines[0][0] + "1.00x" + Claims[1].Lines[0][1],
		"ns per node, 4-ary tree", "updates per second", "accumulate-matrices", "maya-ssc", "floor (3x4, TRS)", "one 60 Hz frame",
		"ns/node at 10k", "[1]", "[2]", "[3]", "done: every cost measured"} {
		if !has(text, want) {
			t.Errorf("the 1920x1080 picture lacks %q", want)
		}
	}
	if p.FPS.Dx() == 0 || p.Claims != 3 {
		t.Errorf("at 1920x1080: fps plot %v, %d claims", p.FPS, p.Claims)
	}
	m.NextShape()
	p.Build(m, Layout{W: 1920, H: 1080, Scale: 1})
	if !has(labelsOf(p.Labels), "ns per node, chain") {
		t.Error("the next shape's picture is not the chain's")
	}
}

// Measuring and rebuilding the picture of a running lab allocates
// nothing once the size's nodes and buffers have grown (new nodes are
// named, so growing allocates), and neither does rebuilding it when done.
func TestPictureBuildAllocatesNothing(t *testing.T) {
	m, err := NewModel(Config{Sizes: []int{1000}, Shapes: []string{"4ary"}, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	m.Bench.clock = fakeClock(time.Millisecond)
	m.Budget = 3 * time.Millisecond
	var p Picture
	lay := Layout{W: 1280, H: 720, Scale: 1, Left: 246, Bottom: 74, UI: true}
	for m.Bench.next < 3 { // into the first rule: the nodes, the floors' buffers, the output grown
		m.Tick()
		p.Build(m, lay)
	}
	m.Tick()
	p.Build(m, lay)
	if a := testing.AllocsPerRun(20, func() { m.Tick(); p.Build(m, lay) }); a != 0 {
		t.Errorf("%v allocations per tick and build while measuring, want 0", a)
	}
	for m.Tick() {
	}
	if a := testing.AllocsPerRun(20, func() { p.Build(m, lay) }); a != 0 {
		t.Errorf("%v allocations per build when done, want 0", a)
	}
}

// The figure is the lab's picture measured to the end, of the hierarchy
// the state names; a bad size or hierarchy is an error.
func TestFigure(t *testing.T) {
	segs, labels, err := figure(Config{Sizes: []int{10, 100}, Shapes: []string{"chain"}, Workers: 1}, 0, 1280, 720)
	if err != nil {
		t.Fatal(err)
	}
	text := labelsOf(labels)
	if len(segs) < 50 || !has(text, "ns per node, chain") || !has(text, "done: every cost measured") {
		t.Errorf("%d segments, text %q", len(segs), text)
	}
	if _, _, err := figure(Config{Sizes: []int{10}, Shapes: []string{"chain"}}, 0, 0, 10); err == nil {
		t.Error("a 0x10 figure")
	}
	st := state.Default()
	st.Hierarchy = "tree"
	if _, _, err := Figure(st, 10, 10); err == nil || !strings.Contains(err.Error(), "tree") {
		t.Errorf("hierarchy tree: %v", err)
	}
}

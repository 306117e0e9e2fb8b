package dynamics

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/render"
	"skewlab/state"
)

// findSegment returns the first segment of colour c and width w from the
// projection of the model point a to that of b (within tol pixels).
func findSegment(t *testing.T, f *render.Frame, a, b mgl64.Vec3, c render.Color, w float32, tol float64) (render.Segment, bool) {
	t.Helper()
	pa, okA := f.Project(toRender(a))
	pb, okB := f.Project(toRender(b))
	if !okA || !okB {
		t.Fatalf("%v or %v is off screen", a, b)
	}
	for _, sg := range f.Segments {
		if sg.Color == c && sg.Width == w && sg.A.Sub(pa).Len() <= tol && sg.B.Sub(pb).Len() <= tol {
			return sg, true
		}
	}
	return render.Segment{}, false
}

// TestTurntablePictureHand draws the turntable at its reset state, worked
// by hand from NewTurntable: ball at (-0.8, 0, 0) m, spin 1 rad/s, mass
// 1 kg, velocity on the disc Launch - w x Start = (0.6, 1.1, 0) m/s. The
// centrifugal force m w^2 r = (-0.8, 0, 0) N points away from the axis,
// along -x: its arrow (0.6 m/N) ends at (-1.28, 0, 0). The Coriolis force
// -2 m w x v1 = (2.2, -1.2, 0) N scales to 1.5036 m, over ArrowMax, so its
// arrow is 1.5 m long in the same direction. From above (x right, y up on
// the screen) the centrifugal shaft runs to the left.
func TestTurntablePictureHand(t *testing.T) {
	const tol = 1e-9 // m and pixels
	var f render.Frame
	m := NewModel()
	m.Picture(&f, testViewport)
	ball := mgl64.Vec3{-0.8, 0, 0}
	cf := m.Arrows[ForceCentrifugal]
	if !cf.Shown || cf.Force.Sub(mgl64.Vec3{-0.8, 0, 0}).Len() > tol || cf.From.Sub(ball).Len() > tol ||
		cf.To.Sub(mgl64.Vec3{-1.28, 0, 0}).Len() > tol {
		t.Errorf("centrifugal arrow %+v, want force (-0.8, 0, 0) from %v to (-1.28, 0, 0)", cf, ball)
	}
	co := m.Arrows[ForceCoriolis]
	dir := mgl64.Vec3{2.2, -1.2, 0}.Normalize()
	if !co.Shown || co.Force.Sub(mgl64.Vec3{2.2, -1.2, 0}).Len() > tol || co.To.Sub(ball.Add(dir.Mul(ArrowMax))).Len() > tol {
		t.Errorf("Coriolis arrow %+v, want force (2.2, -1.2, 0) and a %v m arrow along %v", co, ArrowMax, dir)
	}
	if tr := m.Arrows[ForceTranslational]; tr.Shown || tr.Force.Len() != 0 {
		t.Errorf("translational arrow %+v: the disc's centre does not move", tr)
	}
	sg, ok := findSegment(t, &f, cf.From, cf.To, render.ForceColors[ForceCentrifugal], 2.5, 1e-6)
	if !ok {
		t.Fatalf("no centrifugal shaft from %v to %v in the picture", cf.From, cf.To)
	}
	if d := sg.B.Sub(sg.A); !(d[0] < -10) || math.Abs(d[1]) > 1e-6 {
		t.Errorf("centrifugal shaft %v on screen, want leftwards and level", d)
	}
	if _, ok := findSegment(t, &f, co.From, co.To, render.ForceColors[ForceCoriolis], 2.5, 1e-6); !ok {
		t.Errorf("no Coriolis shaft from %v to %v", co.From, co.To)
	}

	m.ShowForces = false
	m.Picture(&f, testViewport)
	for _, sg := range f.Segments {
		for _, c := range render.ForceColors {
			if sg.Color == c {
				t.Fatalf("ShowForces off: a segment in a force colour %v", sg)
			}
		}
	}
}

// TestTurntableCentrifugalAlongRadius: at any moment the centrifugal arrow
// is m w^2 times the ball's distance from the axis, pointing away from it:
// (x, y, 0) m w^2 for the ball at (x, y, z), times the arrow scale.
func TestTurntableCentrifugalAlongRadius(t *testing.T) {
	const tol = 1e-9
	var f render.Frame
	m := NewModel()
	for _, at := range []float64{0.5, 2.5, 4, 7.3} {
		if err := m.Turn.RunTo(at); err != nil {
			t.Fatal(err)
		}
		m.Picture(&f, testViewport)
		st := m.Turn.State()
		w2 := st.DiscSpin * st.DiscSpin * m.Turn.Mass
		want := mgl64.Vec3{st.WorldPos[0], st.WorldPos[1], 0}.Mul(w2 * m.ArrowScale)
		a := m.Arrows[ForceCentrifugal]
		if got := a.To.Sub(a.From); got.Sub(want).Len() > tol || a.From.Sub(st.WorldPos).Len() > tol {
			t.Errorf("t = %v: centrifugal arrow %v from %v, want %v from %v", at, got, a.From, want, st.WorldPos)
		}
	}
}

// TestCrashPictureHand draws the crash before and after the impulse. Worked
// by hand from NewCrash: the car drives a 20 m circle at 10 m/s turning
// at 0.5 rad/s, so at the crash (t = 1 s, heading 0.5 rad) it is at
// (20 sin 0.5, 20 (1 - cos 0.5), 0) and the impulse -m v points along
// -(cos 0.5, sin 0.5, 0); its arrow runs from 1 m behind the car's centre
// along the impulse to 4 m ahead of it, in the marker colour, 3 px wide.
func TestCrashPictureHand(t *testing.T) {
	var f render.Frame
	m := NewModel()
	m.SetPreset(PresetCrash)
	m.Follow = false
	s, c := math.Sincos(0.5)
	p := mgl64.Vec3{20 * s, 20 * (1 - c), 0}
	dir := mgl64.Vec3{-c, -s, 0}
	for _, at := range []float64{0.5, 2.2} {
		if err := m.Crash.RunTo(at); err != nil {
			t.Fatal(err)
		}
		m.Picture(&f, testViewport)
		impulse := 0
		for _, sg := range f.Segments {
			if sg.Color == render.MarkerColor {
				impulse++
			}
		}
		if at < m.Crash.CrashTime {
			if impulse != 0 {
				t.Errorf("t = %v, before the crash: %d impulse segments", at, impulse)
			}
			continue
		}
		if impulse != 3 {
			t.Errorf("t = %v: %d impulse segments, want shaft and two barbs", at, impulse)
		}
		if _, ok := findSegment(t, &f, p.Sub(dir), p.Add(dir.Mul(4)), render.MarkerColor, 3, 1e-3); !ok {
			t.Errorf("t = %v: no impulse arrow from %v to %v", at, p.Sub(dir), p.Add(dir.Mul(4)))
		}
	}
	// The car's box: 12 edges at full colour, 2 px (its ghosts are dimmer
	// and 1 px); the picture labels the car.
	edges := 0
	for _, sg := range f.Segments {
		if sg.Color == render.WorldPathColor && sg.Width == 2 {
			edges++
		}
	}
	if edges < 12 {
		t.Errorf("%d car-coloured 2 px segments, want at least the car's 12 edges", edges)
	}
	found := false
	for _, l := range f.Labels {
		found = found || l.Text == "car"
	}
	if !found {
		t.Errorf("no car label in %v", f.Labels)
	}
}

// TestCrashFollowFrames: with Follow on, the crash as the tour's steps 13
// and 14 play it (3 s, counteraction off and on) fills the picture: the
// car's eight corners (worked from its documented size, 4 x 1.8 x 1.2 m
// with its floor 0.2 m up, placed by the car's transform), the box and
// where the car set off all project inside the viewport, and together
// span at least 40% of its width or height. (The old camera, following
// the car and box's midpoint from 24 m, spanned 22%.)
func TestCrashFollowFrames(t *testing.T) {
	for _, counteract := range []bool{false, true} {
		for _, vp := range []render.Viewport{{W: 1280, H: 610}, {W: 800, H: 800}} {
			m := NewModel()
			m.SetPreset(PresetCrash)
			m.SetCounteract(counteract)
			m.setAspect(vp.W, vp.H)
			m.advanceTo(3)
			var f render.Frame
			m.Picture(&f, vp)
			st := m.Crash.State()
			car := st.Car.Mat4()
			pts := []mgl64.Vec3{m.Crash.CarPath.At(0).Position, st.BoxWorld.Position}
			for _, x := range []float64{-2, 2} {
				for _, y := range []float64{-0.9, 0.9} {
					for _, z := range []float64{0.2, 1.4} {
						pts = append(pts, car.Mul4x1(mgl64.Vec4{x, y, z, 1}).Vec3())
					}
				}
			}
			lo, hi := mgl64.Vec2{math.Inf(1), math.Inf(1)}, mgl64.Vec2{math.Inf(-1), math.Inf(-1)}
			for _, p := range pts {
				q, ok := f.Project(toRender(p))
				if !ok || q[0] < 0 || q[0] > vp.W || q[1] < 0 || q[1] > vp.H {
					t.Errorf("counteract %v, %vx%v: %v projects to %v (%v), outside the picture", counteract, vp.W, vp.H, p, q, ok)
				}
				lo = mgl64.Vec2{min(lo[0], q[0]), min(lo[1], q[1])}
				hi = mgl64.Vec2{max(hi[0], q[0]), max(hi[1], q[1])}
			}
			fill := max((hi[0]-lo[0])/vp.W, (hi[1]-lo[1])/vp.H)
			t.Logf("counteract %v, %vx%v: the crash spans %.0f%% of the picture", counteract, vp.W, vp.H, 100*fill)
			if fill < 0.4 {
				t.Errorf("counteract %v, %vx%v: the crash spans %.0f%% of the picture, want at least 40%%", counteract, vp.W, vp.H, 100*fill)
			}
		}
	}
}

// TestPictureLabelsDoNotOverlap: the turntable after the tour's reverse
// gesture and the crash at 3 s (both counteraction settings), at text
// scales 1 and 2: no two labels' boxes overlap once Picture has spread
// them. Some did at their anchors, or the test would prove nothing.
func TestPictureLabelsDoNotOverlap(t *testing.T) {
	crowded := 0
	for _, c := range []struct {
		preset     Preset
		counteract bool
	}{{PresetTurntable, true}, {PresetCrash, false}, {PresetCrash, true}} {
		for _, scale := range []float64{1, 2} {
			m := NewModel()
			m.SetPreset(c.preset)
			m.SetCounteract(c.counteract)
			m.LabelScale = scale
			g := state.Gesture{Kind: state.GesturePlay, Seconds: 3}
			if c.preset == PresetTurntable {
				g = state.Gesture{Kind: state.GestureReverse, At: 3, Seconds: 6}
			}
			reversed := false
			for m.Perform(g, &reversed) {
			}
			var f render.Frame
			m.Picture(&f, testViewport)
			ls := f.Labels
			for i := range ls {
				for j := i + 1; j < len(ls); j++ {
					if boxesOverlap(ls[i].Anchor, ls[i].Text, ls[j].Anchor, ls[j].Text, scale) {
						crowded++
					}
					if boxesOverlap(ls[i].At, ls[i].Text, ls[j].At, ls[j].Text, scale) {
						t.Errorf("%v (counteract %v) at scale %v: labels %q and %q overlap", c.preset, c.counteract, scale, ls[i].Text, ls[j].Text)
					}
				}
			}
		}
	}
	if crowded == 0 {
		t.Error("no labels overlapped at their anchors: the test proves nothing")
	}
}

// boxesOverlap reports whether the texts a and b, drawn with their
// anchors at pa and pb at text scale scale, overlap (touching allowed).
func boxesOverlap(pa mgl64.Vec2, a string, pb mgl64.Vec2, b string, scale float64) bool {
	alo, ahi := render.LabelBox(render.Label{At: pa, Text: a}, scale)
	blo, bhi := render.LabelBox(render.Label{At: pb, Text: b}, scale)
	return alo[0] < bhi[0] && blo[0] < ahi[0] && alo[1] < bhi[1] && blo[1] < ahi[1]
}

// Pictures the force-label tests look at: the window's picture at
// 1280x720 with UI 1x (the whole window, text scale 1) and with UI 2x
// (text scale 2, the band right of the compact column, about x 625 to
// 1280), and at 1920x1080 with UI 2x (the band between the column and
// the numbers panel, about 760 by 1080, where the centrifugal arrow ran
// off the left edge and lost its label).
var forcePictures = []struct {
	name  string
	vp    render.Viewport
	scale float64
}{
	{"1280x720 UI 1x", render.Viewport{W: 1280, H: 720}, 1},
	{"1280x720 UI 2x", render.Viewport{X: 625, W: 655, H: 720}, 2},
	{"1920x1080 UI 2x", render.Viewport{X: 620, W: 760, H: 1080}, 2},
}

// TestForceLabelsClearOfArrows plays the turntable with the tour's
// gesture (the spin reversed at 3 s, played to 6 s) and on to 8 s,
// drawing it every 0.25 s in each of forcePictures. In every picture each
// force label's box lies wholly in the viewport and crosses no force
// arrow: neither its own nor another's shaft or barbs, each a stroke
// 2.5 px wide. At their anchors (the arrow tips) some labels did cross an
// arrow, or the test would prove nothing.
func TestForceLabelsClearOfArrows(t *testing.T) {
	crossedAtAnchor := 0
	for _, p := range forcePictures {
		m := NewModel()
		m.LabelScale = p.scale
		reversed := false
		var f render.Frame
		for step := 0; step <= 32; step++ {
			at := 0.25 * float64(step)
			if at <= 6 { // the tour's gesture, played to at
				for m.Perform(state.Gesture{Kind: state.GestureReverse, At: 3, Seconds: at}, &reversed) {
				}
			} else if err := m.Turn.RunTo(at); err != nil {
				t.Fatal(err)
			}
			m.Picture(&f, p.vp)
			name := fmt.Sprintf("%s at %.2f s", p.name, m.Turn.State().Time)
			var arrows []render.Segment
			for _, sg := range f.Segments {
				if sg.Width == 2.5 && slices.Contains(render.ForceColors[:], sg.Color) {
					arrows = append(arrows, sg)
				}
			}
			labels := 0
			for _, l := range f.Labels {
				if !slices.Contains(ForceNames[:], l.Text) {
					continue
				}
				labels++
				lo, hi := render.LabelBox(l, p.scale)
				if lo[0] < p.vp.X-1e-9 || lo[1] < p.vp.Y-1e-9 || hi[0] > p.vp.X+p.vp.W+1e-9 || hi[1] > p.vp.Y+p.vp.H+1e-9 {
					t.Errorf("%s: %q's box %v-%v leaves the picture %+v", name, l.Text, lo, hi, p.vp)
				}
				for _, a := range arrows {
					if render.StrokeMeetsBox(a, lo, hi, 1) {
						t.Errorf("%s: %q's box %v-%v crosses the arrow segment %v-%v", name, l.Text, lo, hi, a.A, a.B)
					}
				}
				alo, ahi := render.LabelBox(render.Label{At: l.Anchor, Text: l.Text}, p.scale)
				for _, a := range arrows {
					if render.StrokeMeetsBox(a, alo, ahi, 1) {
						crossedAtAnchor++
						break
					}
				}
			}
			shown := 0
			for _, a := range m.Arrows {
				if a.Shown {
					shown++
				}
			}
			if labels != shown {
				t.Errorf("%s: %d force labels for %d arrows", name, labels, shown)
			}
		}
	}
	if crossedAtAnchor == 0 {
		t.Error("no force label crossed an arrow at its anchor: the test proves nothing")
	}
}

// TestForceLabelAtThePictureEdge: in the 1920x1080 UI 2x picture at the
// reset state, the camera zoomed in by the user to 2.8 m (the picture's
// half-width 2.8 tan 30° 760/1080 = 1.14 m about the home target, x about
// 0.15, so the ball at x = -0.8 is in and the centrifugal arrow's tip,
// (-1.28, 0, 0) m, off the picture to the left; a user's zoom is kept),
// its label is still drawn, inside the
// picture, anchored on the arrow's shaft within a pixel of the picture's
// left edge.
func TestForceLabelAtThePictureEdge(t *testing.T) {
	p := forcePictures[2]
	m := NewModel()
	m.LabelScale = p.scale
	m.Camera.Distance = 2.8
	var f render.Frame
	m.Picture(&f, p.vp)
	a := m.Arrows[ForceCentrifugal]
	if _, ok := f.Project(toRender(a.To)); ok {
		t.Fatalf("the centrifugal tip %v is in the picture: the test proves nothing", a.To)
	}
	from, ok := f.Project(toRender(a.From))
	if !ok {
		t.Fatalf("the ball %v is off the picture", a.From)
	}
	for _, l := range f.Labels {
		if l.Text != "centrifugal" {
			continue
		}
		if math.Abs(l.Anchor[0]-p.vp.X) > 1 || math.Abs(l.Anchor[1]-from[1]) > 1e-6 {
			t.Errorf("label anchored at %v, want on the level shaft (y %v) at the left edge x %v", l.Anchor, from[1], p.vp.X)
		}
		if lo, hi := render.LabelBox(l, p.scale); lo[0] < p.vp.X || hi[0] > p.vp.X+p.vp.W || lo[1] < p.vp.Y || hi[1] > p.vp.Y+p.vp.H {
			t.Errorf("label box %v-%v leaves the picture %+v", lo, hi, p.vp)
		}
		return
	}
	t.Error("no centrifugal label")
}

// TestTurntableArrowsInNarrowPicture: in the picture beside the lecture
// column (656x720 at label scale 2), at time 0 and at every step of the
// tour's reverse gesture, the ball and every force arrow's tip project
// inside the picture with room for an 11-character label across (132 px
// at scale 2, Go Mono's 0.6 em advance at 20 px) on either side, and a
// line (the font's ascent and descent) down; the distance never shrinks.
// At time 0 HomeCamera's 3.4 m leaves the centrifugal arrow's tip 66 px
// from the left edge (the visible half-width 3.4 tan 30° 656/720 =
// 1.79 m about x = 0.15, the tip at x = -1.28), too little. In a
// 1280x610 picture at time 0 the home camera fits already and stays; a
// camera the user zoomed is kept.
func TestTurntableArrowsInNarrowPicture(t *testing.T) {
	m := NewModel()
	m.LabelScale = 2
	vp := render.Viewport{W: 656, H: 720}
	label := 11 * 0.6 * 20.0
	tm := render.TextMetricsAt(20)
	var f render.Frame
	check := func(when string) {
		t.Helper()
		m.Picture(&f, vp)
		st := m.Turn.State()
		pts := []mgl64.Vec3{st.WorldPos}
		for _, a := range m.Arrows {
			if a.Shown {
				pts = append(pts, a.To)
			}
		}
		for _, p := range pts {
			q, ok := f.Project(toRender(p))
			if !ok || q[0] < label-1e-6 || q[0] > vp.W-label+1e-6 || q[1] < tm.Ascent+tm.Descent-1e-6 || q[1] > vp.H-tm.Ascent-tm.Descent+1e-6 {
				t.Fatalf("%s: %v projects to %v: no room for its label in the %vx%v picture", when, p, q, vp.W, vp.H)
			}
		}
	}
	check("time 0")
	g := state.Gesture{Kind: state.GestureReverse, At: 3, Seconds: 6}
	reversed := false
	last := m.Camera.Distance
	for m.Perform(g, &reversed) {
		check(fmt.Sprintf("t = %.3f s", m.Turn.State().Time))
		if m.Camera.Distance < last {
			t.Fatalf("the distance shrank from %v to %v", last, m.Camera.Distance)
		}
		last = m.Camera.Distance
	}

	m = NewModel()
	m.Picture(&f, render.Viewport{W: 1280, H: 610})
	if home := HomeCamera(PresetTurntable).Distance; m.Camera.Distance != home {
		t.Errorf("1280x610 at t = 0: distance %v, want the home %v", m.Camera.Distance, home)
	}
	m.Camera.Distance = 2.5 // the user zoomed in
	m.Picture(&f, vp)
	if m.Camera.Distance != 2.5 {
		t.Errorf("a zoomed camera moved to %v", m.Camera.Distance)
	}
}

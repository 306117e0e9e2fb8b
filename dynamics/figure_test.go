package dynamics

import (
	"math"
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/render"
	"skewlab/state"
)

// figureFor returns the figure of preset at time t, 1280x720.
func figureFor(t *testing.T, preset string, at float64) ([]render.Segment, []render.Label) {
	t.Helper()
	segs, labels, err := Figure(state.State{Preset: preset}, 1280, 720, at)
	if err != nil {
		t.Fatalf("Figure(%s, t = %v): %v", preset, at, err)
	}
	return segs, labels
}

// TestFigureTurntableHand: at t = 0 the turntable figure is seen from the
// camera the window picks for a 1280x720 picture at the figure's text
// scale (HomeCamera, moved back as far as the labels need), and the ball
// sits at (-0.8, 0, 0) m (NewTurntable, by hand; see
// TestTurntablePictureHand), so the centrifugal arrow's shaft (its
// colour, 2.5 px times the figure's line factor, render.FigureScales)
// starts at the ball's projection and runs left to that of
// (-1.28, 0, 0): m w^2 r = 0.8 N outward, times 0.6 m/N. A state whose
// preset is not a dynamics one (the piston's) gives the same figure.
func TestFigureTurntableHand(t *testing.T) {
	segs, _ := figureFor(t, "turntable", 0)
	text, line := render.FigureScales(720)
	m := NewModel()
	m.LabelScale = text
	m.setAspect(1280, 720)
	var f render.Frame
	m.Picture(&f, render.Viewport{W: 1280, H: 720})
	f.Begin(m.Camera, render.Viewport{W: 1280, H: 720})
	ball, ok1 := f.Project(toRender(mgl64.Vec3{-0.8, 0, 0}))
	tip, ok2 := f.Project(toRender(mgl64.Vec3{-1.28, 0, 0}))
	if !ok1 || !ok2 {
		t.Fatal("the ball or the arrow's tip is off screen")
	}
	const tol = 1e-6 // pixels
	found := false
	for _, sg := range segs {
		if sg.Color == render.ForceColors[ForceCentrifugal] && float64(sg.Width) == float64(float32(2.5*line)) &&
			sg.A.Sub(ball).Len() <= tol && sg.B.Sub(tip).Len() <= tol {
			found = true
		}
	}
	if !found {
		t.Errorf("no centrifugal shaft from the ball %v to %v in the figure", ball, tip)
	}
	if !(tip[0] < ball[0]-10) || math.Abs(tip[1]-ball[1]) > tol {
		t.Errorf("centrifugal shaft %v -> %v, want leftwards and level", ball, tip)
	}
	other, _ := figureFor(t, "piston", 0)
	if !reflect.DeepEqual(other, segs) {
		t.Error("a state on the piston's preset does not give the turntable figure")
	}
}

// TestFigureCrashGhosts: after the crash (t = 4 s) the crash figure shows
// the car's faint poses, one every 0.25 s since t = 0 (17 of them: t = 0,
// 0.25, ..., 4, each a box of 12 edges, in the car's colour dimmed to
// 0.25 and 1 px wide times the figure's line factor), and the label
// "car"; at t = 0 there is only the one at the start.
func TestFigureCrashGhosts(t *testing.T) {
	ghost := render.WorldPathColor.Dim(0.25)
	_, line := render.FigureScales(720)
	count := func(segs []render.Segment) int {
		n := 0
		for _, sg := range segs {
			if sg.Color == ghost && sg.Width == float32(line) {
				n++
			}
		}
		return n
	}
	segs, labels := figureFor(t, "crash", 4)
	if n := count(segs); n != 17*12 {
		t.Errorf("t = 4 s: %d ghost edges, want 17 poses of 12", n)
	}
	car := false
	for _, l := range labels {
		car = car || l.Text == "car"
	}
	if !car {
		t.Errorf("no car label in %v", labels)
	}
	if segs, _ := figureFor(t, "crash", 0); count(segs) != 12 {
		t.Errorf("t = 0: %d ghost edges, want the start pose's 12", count(segs))
	}
}

// TestFigureAsTheWindowPlays: the figure at time t is the picture the
// window shows after playing the preset for round(t/Dt) updates (Advance
// and Picture each update, the crash's camera following), drawn at the
// figure's text and line scales (render.FigureScales of 720 px, as a
// window that tall in presenter mode draws), to the bit.
func TestFigureAsTheWindowPlays(t *testing.T) {
	text, line := render.FigureScales(720)
	for _, c := range []struct {
		preset Preset
		t      float64
	}{{PresetTurntable, 2.5}, {PresetCrash, 2.2}, {PresetCrash, 5}} {
		m := NewModel()
		m.LabelScale = text
		m.SetPreset(c.preset)
		m.TogglePlay()
		f := render.Frame{LineScale: line}
		vp := render.Viewport{W: 1280, H: 720}
		m.Picture(&f, vp)
		for i := 0; i < int(math.Round(c.t*240)); i++ {
			m.Advance()
			m.Picture(&f, vp)
		}
		render.ScaleFigure(f.Segments, f.Labels, text, line)
		segs, labels := figureFor(t, c.preset.String(), c.t)
		if !reflect.DeepEqual(segs, f.Segments) || !reflect.DeepEqual(labels, f.Labels) {
			t.Errorf("%s at t = %v: the figure (%d segments) is not the window's picture (%d)", c.preset, c.t, len(segs), len(f.Segments))
		}
	}
}

// TestFigureBadInput: a size under 1 pixel or a time outside [0, MaxTime]
// is an error.
func TestFigureBadInput(t *testing.T) {
	for _, c := range []struct {
		w, h int
		t    float64
	}{{0, 720, 0}, {1280, -1, 0}, {1280, 720, -1}, {1280, 720, math.NaN()}, {1280, 720, math.Inf(1)}, {1280, 720, MaxTime + 1}} {
		if _, _, err := Figure(state.State{}, c.w, c.h, c.t); err == nil {
			t.Errorf("Figure(%dx%d, t = %v): no error", c.w, c.h, c.t)
		}
	}
}

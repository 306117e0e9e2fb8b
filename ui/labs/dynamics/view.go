// Package dynamicslab is the dynamics lab's view in the window: the
// display-free model of package dynamics (the turntable and the crash, their
// controls and their picture) played by the app loop, with its debugui
// windows and its panel of live numbers. It exports only Lab, the lab as a
// unit for package main's lab list.
package dynamicslab

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"skewlab/dynamics"
	"skewlab/render"
	"skewlab/state"
	"skewlab/ui/kit"
)

// newLabView is Lab's NewView. It starts on the state's preset when that
// is a dynamics preset (preset=crash with lab=dynamics), else on the
// turntable, with the crash's counteraction as the state sets it
// (dynamics.Model.Configure: counteract=off turns it off).
func newLabView(st state.State) (kit.View, error) {
	v := newView()
	v.Configure(st)
	return v, nil
}

// view is the dynamics lab in the window: the display-free
// dynamics.Model (embedded: the simulations, the controls and their
// actions, the picture) played by the app loop. Update routes keys and
// camera gestures to the model, advances it, and when anything changed
// turns its picture (a render.Frame) into strokes and labels and writes
// the panel of live numbers; Draw only draws. Update allocates nothing in
// steady state, playing or not.
type view struct {
	*dynamics.Model

	names   []string
	frame   render.Frame
	strokes kit.Strokes
	labels  kit.Labels
	nums    numPanel
	level   kit.Level       // the UI level (the UI off keeps only the panel's headline)
	w       float64         // the screen's width (the numbers panel keeps to its right edge)
	vp      render.Viewport // the picture: the band the windows leave free (kit.BandViewport)
	dirty   bool
	gesture gesturePlay // a gesture under way (Play)
}

// newView returns the dynamics lab on dynamics.NewModel: the
// turntable preset, paused at time 0.
func newView() *view {
	v := &view{Model: dynamics.NewModel(), names: dynamics.PresetNames(), dirty: true}
	// Segments of one colour are filled as one shape: the lab's dimmed
	// meshes, grids and rings overlap themselves (the disc's rims
	// coincide seen from above) and must not darken where they do.
	v.strokes.Merge = true
	v.strokes.CapScale = 0.5 // the lab's look: arrow barbs end sharp
	v.nums.init()
	return v
}

// Title returns "dynamics: PRESET".
func (v *view) Title() string { return "dynamics: " + v.Preset.String() }

// Help lists the dynamics lab's keys.
func (v *view) Help() []string { return helpLines }

// Animating reports whether the shown model is playing.
func (v *view) Animating() bool { return v.Lab().Playing() || v.gesture.on }

// gesturePlay is a play or reverse gesture under way.
type gesturePlay struct {
	g            state.Gesture
	on, reversed bool
}

// Play starts a play or reverse gesture from time 0 (the shown preset
// reset, paused); Update then advances it one step per tick
// (dynamics.Model.Perform) until its Seconds. Another kind, or reverse
// on the crash, is an error.
func (v *view) Play(g state.Gesture) error {
	if err := dynamics.CheckGesture(state.State{Preset: dynamics.PresetNames()[v.Preset]}, g); err != nil {
		return err
	}
	v.Reset()
	v.gesture = gesturePlay{g: g, on: true}
	v.dirty = true
	return nil
}

// Update applies keys and camera gestures, advances a playing model by one
// step, and rebuilds the picture and the numbers when anything changed.
func (v *view) Update(in *kit.Input) error {
	if in.Keys {
		v.keys(in.TourKeys)
	}
	if kit.CameraGestures(&v.Camera, in) {
		v.dirty = true
	}
	if vp := kit.BandViewport(in); in.Resized || in.Width != v.w || vp != v.vp || in.AntiAlias != v.strokes.AntiAlias || in.Level != v.level {
		v.w, v.vp, v.strokes.AntiAlias, v.level = in.Width, vp, in.AntiAlias, in.Level
		v.dirty = true
	}
	if v.gesture.on {
		v.gesture.on = v.Perform(v.gesture.g, &v.gesture.reversed)
		v.dirty = true
	}
	v.nums.scale = kit.TextScale(in)
	v.labels.Scale = v.nums.scale
	if ls := kit.LineScale(in); ls != v.strokes.WidthScale {
		v.strokes.WidthScale, v.frame.LineScale = ls, ls // lines as wide as a hall needs, labels clear of them
		v.dirty = true
	}
	if v.LabelScale != v.nums.scale {
		v.LabelScale = v.nums.scale // the drawn labels' size, so the spread boxes match them
		v.dirty = true
	}
	if v.Advance() {
		v.dirty = true
	}
	if !v.dirty {
		return nil
	}
	v.dirty = false
	v.rebuild()
	return nil
}

func (v *view) keys(tourKeys bool) {
	just := func(k ebiten.Key) bool {
		return inpututil.IsKeyJustPressed(k) && !(tourKeys && k == ebiten.KeyArrowRight)
	}
	switch {
	case just(ebiten.Key1):
		v.SetPreset(dynamics.PresetTurntable)
	case just(ebiten.Key2):
		v.SetPreset(dynamics.PresetCrash)
	case just(ebiten.KeySpace):
		v.TogglePlay()
	case just(ebiten.KeyN), just(ebiten.KeyArrowRight):
		v.Step()
	case just(ebiten.KeyR):
		v.Reset()
	case just(ebiten.KeyHome):
		v.HomeView()
	case just(ebiten.KeyV) && v.Preset == dynamics.PresetTurntable:
		v.ReverseSpin()
	case just(ebiten.KeyC) && v.Preset == dynamics.PresetCrash:
		v.SetCounteract(!v.Counteract)
	}
}

// helpLines is the help overlay's list of the keys keys handles.
var helpLines = []string{
	"1, 2        preset: 1 turntable, 2 crash",
	"Space       play or pause",
	"N / Right   one step (1/240 s)",
	"R           reset the model (time 0, paused)",
	"V           turntable: reverse the spin now (watch the Coriolis arrow)",
	"C           crash: toggle counteract inherited change",
	"drag        orbit; wheel zoom; right or shift drag pan; Home resets the view",
}

// rebuild writes the numbers panel, draws the model's picture into the
// frame beside or under it (pictureViewport), and outlines the picture
// into the strokes and labels.
func (v *view) rebuild() {
	v.nums.reset()
	if v.Preset == dynamics.PresetCrash {
		st := v.Crash.State()
		v.crashNumbers(&st)
	} else {
		st := v.Turn.State()
		v.turntableNumbers(&st)
	}
	if v.level == kit.LevelOff || !v.beside() {
		// With the UI off (an embed, a figure) or no room beside the
		// picture, only the headline: the time and the spin, or the
		// crash's moment and counteraction.
		v.nums.keep(headlineLines)
	}
	v.Picture(&v.frame, v.pictureViewport())
	v.strokes.Reset()
	v.strokes.Add(v.frame.Segments)
	v.labels.Reset()
	v.labels.Add(v.frame.Labels)
}

// headlineLines is how many of the panel's first lines stay when it
// shrinks to its headline.
const headlineLines = 2

// beside reports whether the picture keeps at least half the band's
// width beside the numbers panel as written.
func (v *view) beside() bool {
	x0, _, _, _ := v.nums.rect(v.w)
	return x0-v.vp.X >= v.vp.W/2
}

// pictureViewport is the band the windows leave free (vp) less the
// numbers panel: beside it when the picture keeps at least half the
// band's width there, else under it, whichever leaves the larger square
// (a full panel always goes beside: it is taller than half most bands).
func (v *view) pictureViewport() render.Viewport {
	vp := v.vp
	if v.nums.n == 0 {
		return vp
	}
	x0, y0, _, ph := v.nums.rect(v.w)
	side, under := vp, vp
	side.W = x0 - vp.X
	gap := y0 // the panel's margin, again below it
	under.Y, under.H = y0+ph+gap, vp.H-(y0+ph+gap)
	fit := func(r render.Viewport) float64 { return min(r.W, r.H) }
	switch {
	case side.W >= vp.W/2 && (v.nums.n > headlineLines || fit(side) >= fit(under)):
		return side
	case under.H >= vp.H/2:
		return under
	}
	return vp
}

// Draw fills the strokes, the labels and the numbers panel; it computes
// nothing.
func (v *view) Draw(screen *ebiten.Image) {
	v.strokes.Draw(screen)
	v.labels.Draw(screen)
	v.nums.draw(screen, &v.labels, v.w)
}

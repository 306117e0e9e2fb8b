package dynamics

import (
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/render"
	"skewlab/transform"
)

// Model is the dynamics lab as the window plays it, with no display: the
// two simulations (Turn, Crash), which one is shown (Preset), the controls
// as the sliders show them (degrees), each preset's camera, and the
// picture of the current moment (Picture, into a render.Frame). The
// simulations work in radians; the controls are converted, clamped and
// sanitised on the way in, so no control can make a model or the picture
// NaN. Every method is allocation-free; a Model is not safe for
// concurrent use. Build it with NewModel.
//
// Actions (SetPreset, TogglePlay, Step, Reset, SetSpinDeg, ReverseSpin,
// SetCounteract, ApplyControls, HomeView) mark the picture as changed;
// Advance reports that and steps a playing model.
type Model struct {
	Preset Preset        // the preset shown
	Turn   *Turntable    // the turntable model
	Crash  *Crash        // the crash model
	Camera render.Camera // the live camera of the shown preset (render's y-up world)

	// Turntable controls, as the sliders show them.
	SpinDeg    float64 // disc spin set by the slider, degrees/s (also the spin after Reset)
	AlphaDeg   float64 // disc angular acceleration, degrees/s^2
	ArrowScale float64 // force arrows: metres of arrow per newton
	ShowWorld  bool    // draw the ball's path seen from the world
	ShowDisc   bool    // draw the ball's path seen on the disc (painted on it, turning with it)
	ShowForces bool    // draw the force arrows at the ball

	// Counteract is the crash's "counteract inherited change" toggle.
	Counteract bool
	// Follow keeps the crash in view: the camera is fitted to where the
	// car set off, the car, the box and their arrows (see follow), backing
	// away as they part (it never moves closer by itself, so a zoom-out
	// stays).
	Follow bool

	// LabelScale is the text scale the picture's labels are drawn at (1
	// for render.TextSize pixels; the window sets its UI scale): Picture
	// spreads the labels apart at that size (render.Frame.SpreadLabels).
	// Values below 1 or not finite count as 1.
	LabelScale float64

	// Arrows are the turntable's force arrows as last drawn by Picture, in
	// the model's world coordinates (m, z up), in the order of ForceNames.
	Arrows [NumForces]Arrow

	cams    [NumPresets]render.Camera // per preset: the camera kept while the other is shown
	aspect  float64                   // the last picture's width over height, for follow (16:9 before the first)
	changed bool                      // an action since the last Advance

	// fitDistance is the turntable camera's distance fitTurntable last
	// set: the camera still counts as at home there.
	fitDistance float64
}

// Arrow is one force arrow of the turntable: the force in world axes (N)
// and the arrow drawn for it from the ball (m, world coordinates, z up).
// Shown is false when the force is too small (or not finite) to draw.
type Arrow struct {
	Force    mgl64.Vec3
	From, To mgl64.Vec3
	Shown    bool
}

// The force arrows, in the order of Model.Arrows.
const (
	ForceApplied = iota
	ForceTranslational
	ForceCentrifugal
	ForceCoriolis
	ForceEuler
	NumForces
)

// ForceNames label the force arrows, indexed like Model.Arrows.
var ForceNames = [NumForces]string{"applied (spring)", "translational", "centrifugal", "Coriolis", "Euler"}

// Limits and defaults of the lab's controls.
const (
	MaxSpinDeg        = 360.0 // spin slider range, degrees/s (both ways)
	MaxAlphaDeg       = 180.0 // angular acceleration slider range, degrees/s^2 (both ways)
	MinArrowScale     = 0.05  // arrow scale slider range, m/N
	MaxArrowScale     = 3.0
	DefaultArrowScale = 0.6 // m/N, also the value a non-finite arrow scale falls back to
)

// NewModel returns the lab on the turntable preset with the models'
// default parameters, paused at time 0, each preset seen from its
// HomeCamera, Follow on.
func NewModel() *Model {
	m := &Model{
		Turn: NewTurntable(), Crash: NewCrash(),
		ArrowScale: DefaultArrowScale, ShowWorld: true, ShowDisc: true, ShowForces: true,
		Follow: true, LabelScale: 1, aspect: 16.0 / 9, changed: true,
	}
	m.SpinDeg = mgl64.RadToDeg(m.Turn.Spin0)
	m.AlphaDeg = mgl64.RadToDeg(m.Turn.Alpha)
	m.Counteract = m.Crash.Counteract
	for p := range m.cams {
		m.cams[p] = HomeCamera(Preset(p))
	}
	m.Camera = m.cams[PresetTurntable]
	return m
}

// HomeCamera returns the starting camera of preset p: straight from above
// (the models' +z is the screen's out-of-page direction, x right, y up),
// framing the disc, or for PresetCrash the car's drive up to the crash
// (about 20 by 11 m of ground at 16:9; with Model.Follow the camera then
// widens as the crash needs).
func HomeCamera(p Preset) render.Camera {
	c := render.DefaultCamera()
	c.Yaw, c.Pitch, c.Fov, c.Ortho = 0, render.MaxPitch, 60, false
	if p == PresetCrash {
		c.Target, c.Distance = toRender(mgl64.Vec3{4.5, 1.5, 0}), 9.5
		return c
	}
	c.Target, c.Distance = toRender(mgl64.Vec3{0.15, 0, 0}), 3.4
	return c
}

// Lab returns the shown preset's simulation.
func (m *Model) Lab() Lab {
	if m.Preset == PresetCrash {
		return m.Crash
	}
	return m.Turn
}

// Advance steps the shown simulation once if it is playing (call it once
// per UI update) and reports whether the picture changed since the last
// Advance: a step, or an action. Changes made to the fields directly are
// not seen; redraw after them.
func (m *Model) Advance() bool {
	if l := m.Lab(); l.Playing() {
		l.Tick()
		m.changed = true
	}
	changed := m.changed
	m.changed = false
	return changed
}

// SetPreset shows preset p, keeping each preset's camera and simulation
// as they were. A value that is not a preset is ignored.
func (m *Model) SetPreset(p Preset) {
	if !p.Valid() || p == m.Preset {
		return
	}
	m.cams[m.Preset] = m.Camera
	m.Preset = p
	m.Camera = m.cams[p]
	m.changed = true
}

// HomeView puts the shown preset's camera back to its HomeCamera.
func (m *Model) HomeView() {
	m.Camera = HomeCamera(m.Preset)
	m.changed = true
}

// TogglePlay plays or pauses the shown simulation.
func (m *Model) TogglePlay() {
	if l := m.Lab(); l.Playing() {
		l.Pause()
	} else {
		l.Play()
	}
	m.changed = true
}

// Step advances the shown simulation by one step (playing or not).
func (m *Model) Step() { m.Lab().Step(); m.changed = true }

// Reset returns the shown simulation to time 0, paused, with the
// controls' values (see ApplyControls).
func (m *Model) Reset() {
	m.ApplyControls()
	m.Lab().Reset()
	m.changed = true
}

// SetSpinDeg sets the disc's spin now and after Reset, in degrees/s,
// clamped to [-MaxSpinDeg, MaxSpinDeg]; a value that is not finite is
// ignored.
func (m *Model) SetSpinDeg(deg float64) {
	if !transform.Finite(deg) {
		return
	}
	m.SpinDeg = mgl64.Clamp(deg, -MaxSpinDeg, MaxSpinDeg)
	w := mgl64.DegToRad(m.SpinDeg)
	m.Turn.Spin0 = w
	m.Turn.SetSpin(w)
	m.changed = true
}

// ReverseSpin reverses the disc's current spin (the ball keeps its
// velocity relative to the disc, so the Coriolis term flips exactly); the
// spin slider, and so the spin after Reset, follows.
func (m *Model) ReverseSpin() {
	w := -m.Turn.Spin()
	m.Turn.SetSpin(w)
	if d := mgl64.RadToDeg(w); transform.Finite(d) {
		m.SpinDeg = mgl64.Clamp(d, -MaxSpinDeg, MaxSpinDeg)
		m.Turn.Spin0 = mgl64.DegToRad(m.SpinDeg)
	}
	m.changed = true
}

// SetCounteract sets the crash's "counteract inherited change" and replays
// the crash to the current time, so the picture shows the other choice at
// the same moment; a playing crash keeps playing.
func (m *Model) SetCounteract(on bool) {
	m.Counteract = on
	c := m.Crash
	c.Counteract = on
	t, playing := c.Time(), c.Playing()
	if c.RunTo(t) != nil {
		c.Reset()
	}
	if playing {
		c.Play()
	}
	m.changed = true
}

// ApplyControls copies the sliders' values into the simulations,
// sanitised: out-of-range values are clamped and non-finite ones replaced
// (spin and acceleration by 0, the arrow scale by DefaultArrowScale), so
// no control can make the models or the picture NaN. The spin applies at
// the next Reset, the acceleration at the next step.
func (m *Model) ApplyControls() {
	m.SpinDeg = sane(m.SpinDeg, -MaxSpinDeg, MaxSpinDeg, 0)
	m.AlphaDeg = sane(m.AlphaDeg, -MaxAlphaDeg, MaxAlphaDeg, 0)
	m.ArrowScale = sane(m.ArrowScale, MinArrowScale, MaxArrowScale, DefaultArrowScale)
	m.Turn.Spin0 = mgl64.DegToRad(m.SpinDeg)
	m.Turn.Alpha = mgl64.DegToRad(m.AlphaDeg)
	m.Crash.Counteract = m.Counteract
	m.changed = true
}

// sane returns x clamped to [lo, hi], or def when x is not finite.
func sane(x, lo, hi, def float64) float64 {
	if !transform.Finite(x) {
		return def
	}
	return mgl64.Clamp(x, lo, hi)
}

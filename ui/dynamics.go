package ui

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"skewlab/dynamics"
	"skewlab/render"
	"skewlab/state"
)

// newDynamicsView is the dynamics lab's entry in LabViews. It starts on
// the state's preset when that is a dynamics preset (preset=crash with
// lab=dynamics), else on the turntable.
func newDynamicsView(st state.State) (View, error) {
	v := NewDynamicsView()
	for i, name := range dynamics.PresetNames() {
		if name == st.Preset {
			v.SetPreset(i)
		}
	}
	return v, nil
}

// DynamicsView is the dynamics lab: the models of package dynamics
// (seed 002) played in the window. Preset "turntable" shows a spinning
// disc with a ball on it, the ball's path seen from the world and seen on
// the disc, and arrows for the applied and inertial forces at the ball;
// preset "crash" shows a turning car stopped by an impulse with a loose
// box inside, carried along or flying on. The models do every computation;
// the view turns their states into lines (render.Frame), outlined once per
// tick (quadStrokes), and a panel of live numbers. Sliders and readouts are in
// degrees; the models work in radians. Update allocates nothing in steady
// state, playing or not.
type DynamicsView struct {
	Preset int                 // index in dynamics.PresetNames(): 0 turntable, 1 crash
	Turn   *dynamics.Turntable // the turntable model
	Crash  *dynamics.Crash     // the crash model
	Camera render.Camera       // the live camera of the current preset

	// Turntable controls, as the sliders show them.
	SpinDeg    float64 // disc spin set by the slider, degrees/s (also the spin after Reset)
	AlphaDeg   float64 // disc angular acceleration, degrees/s^2
	ArrowScale float64 // force arrows: metres of arrow per newton
	ShowWorld  bool    // draw the ball's path seen from the world
	ShowDisc   bool    // draw the ball's path seen on the disc (painted on it, turning with it)
	ShowForces bool    // draw the force arrows at the ball

	// Counteract is the crash's "counteract inherited change" toggle.
	Counteract bool
	// Follow keeps the car and the box in view during the crash: the
	// camera's target moves to their midpoint and it backs away as they
	// part (it never moves closer by itself, so a zoom-out stays).
	Follow bool

	// Arrows are the turntable's force arrows as last drawn, in the
	// model's world coordinates (m, z up), in the order of ForceNames.
	Arrows [NumForces]Arrow

	names   []string
	cams    [2]render.Camera // per preset: the camera kept while the other is shown
	frame   render.Frame
	strokes quadStrokes
	labels  Labels
	nums    numPanel
	w, h    float64
	dirty   bool
}

// Arrow is one force arrow of the turntable: the force in world axes (N)
// and the arrow drawn for it from the ball (m, world coordinates, z up).
// Shown is false when the force is too small to draw.
type Arrow struct {
	Force    mgl64.Vec3
	From, To mgl64.Vec3
	Shown    bool
}

// The force arrows, in the order of DynamicsView.Arrows.
const (
	ForceApplied = iota
	ForceTranslational
	ForceCentrifugal
	ForceCoriolis
	ForceEuler
	NumForces
)

// ForceNames label the force arrows, indexed like DynamicsView.Arrows.
var ForceNames = [NumForces]string{"applied (spring)", "translational", "centrifugal", "Coriolis", "Euler"}

// ForceColors colour the force arrows and their readouts.
var ForceColors = [NumForces]render.Color{
	{R: 0.45, G: 1, B: 0.45, A: 1}, // applied: green
	{R: 0.7, G: 0.7, B: 0.7, A: 1}, // translational: grey (zero on the turntable)
	{R: 1, G: 0.55, B: 0.1, A: 1},  // centrifugal: orange
	{R: 1, G: 0.3, B: 0.85, A: 1},  // Coriolis: magenta
	{R: 0.55, G: 0.55, B: 1, A: 1}, // Euler: violet
}

// Colours of the dynamics lab's picture.
var (
	WorldPathColor = render.Color{R: 1, G: 0.85, B: 0.2, A: 1}    // the ball's path seen from the world; the car's path
	DiscPathColor  = render.Color{R: 0.3, G: 0.85, B: 1, A: 1}    // the ball's path seen on the disc; the box's path
	DiscColor      = render.Color{R: 0.6, G: 0.65, B: 0.75, A: 1} // the disc's wireframe
	MarkerColor    = render.Color{R: 1, G: 0.35, B: 0.3, A: 1}    // the disc's first spoke (its local x axis); the impulse
	dynGroundColor = render.Color{R: 0.55, G: 0.55, B: 0.6, A: 0.25}
)

// Limits and sizes of the dynamics lab.
const (
	MaxSpinDeg     = 360.0 // spin slider range, degrees/s (both ways)
	MaxAlphaDeg    = 180.0 // angular acceleration slider range, degrees/s^2 (both ways)
	MinArrowScale  = 0.05  // arrow scale slider range, m/N
	MaxArrowScale  = 3.0
	ArrowMax       = 1.5  // longest force arrow, m; longer ones keep their direction
	ArrowMin       = 1e-3 // shortest force arrow drawn, m
	PathSegments   = 1024 // most segments drawn per path (older points are thinned)
	ghostEverySec  = 0.25 // crash: a faint pose every this many seconds
	velocityArrowT = 0.3  // crash: a velocity arrow spans this many seconds of motion
)

// NewDynamicsView returns the dynamics lab on the turntable preset with the
// models' default parameters, paused at time 0.
func NewDynamicsView() *DynamicsView {
	v := &DynamicsView{
		Turn: dynamics.NewTurntable(), Crash: dynamics.NewCrash(),
		ArrowScale: 0.6, ShowWorld: true, ShowDisc: true, ShowForces: true,
		names: dynamics.PresetNames(), dirty: true,
	}
	v.SpinDeg = mgl64.RadToDeg(v.Turn.Spin0)
	v.AlphaDeg = mgl64.RadToDeg(v.Turn.Alpha)
	v.Counteract = v.Crash.Counteract
	v.Follow = true
	v.cams = [2]render.Camera{HomeCamera(0), HomeCamera(1)}
	v.Camera = v.cams[0]
	v.nums.init()
	return v
}

// HomeCamera returns the starting camera of preset i: straight from above
// (the models' +z is the screen's out-of-page direction, x right, y up),
// framing the disc or the crash.
func HomeCamera(i int) render.Camera {
	c := render.DefaultCamera()
	c.Yaw, c.Pitch, c.Fov, c.Ortho = 0, render.MaxPitch, 60, false
	if i == 1 {
		c.Target, c.Distance = dynToRender(mgl64.Vec3{10, 4, 0}), 24
		return c
	}
	c.Target, c.Distance = dynToRender(mgl64.Vec3{0.15, 0, 0}), 3.4
	return c
}

// dynToRender maps the models' coordinates (z up) to render's (y up):
// (x, y, z) -> (x, z, -y), a rotation.
func dynToRender(p mgl64.Vec3) mgl64.Vec3 { return mgl64.Vec3{p[0], p[2], -p[1]} }

// dynZUp is dynToRender as a matrix.
var dynZUp = mgl64.Mat4FromRows(
	mgl64.Vec4{1, 0, 0, 0},
	mgl64.Vec4{0, 0, 1, 0},
	mgl64.Vec4{0, -1, 0, 0},
	mgl64.Vec4{0, 0, 0, 1},
)

// Lab returns the current preset's model.
func (v *DynamicsView) Lab() dynamics.Lab {
	if v.Preset == 1 {
		return v.Crash
	}
	return v.Turn
}

// Title returns "dynamics: PRESET".
func (v *DynamicsView) Title() string {
	if v.Preset == 1 {
		return "dynamics: crash"
	}
	return "dynamics: turntable"
}

// Help lists the dynamics lab's keys.
func (v *DynamicsView) Help() []string { return dynamicsHelp }

// Animating reports whether the shown model is playing.
func (v *DynamicsView) Animating() bool { return v.Lab().Playing() }

var dynamicsHelp = []string{
	"1, 2        preset: 1 turntable, 2 crash",
	"Space       play or pause",
	"N / Right   one step (1/240 s)",
	"R           reset the model (time 0, paused)",
	"V           turntable: reverse the spin now (watch the Coriolis arrow)",
	"C           crash: toggle counteract inherited change",
	"drag        orbit; wheel zoom; right or shift drag pan; Home resets the view",
}

// SetPreset shows preset i (0 turntable, 1 crash), keeping each preset's
// camera and model as they were. Other values are ignored.
func (v *DynamicsView) SetPreset(i int) {
	if i < 0 || i >= len(v.names) || i == v.Preset {
		return
	}
	v.cams[v.Preset] = v.Camera
	v.Preset = i
	v.Camera = v.cams[i]
	v.dirty = true
}

// TogglePlay plays or pauses the current model.
func (v *DynamicsView) TogglePlay() {
	if l := v.Lab(); l.Playing() {
		l.Pause()
	} else {
		l.Play()
	}
	v.dirty = true
}

// Step advances the current model by one step (playing or not).
func (v *DynamicsView) Step() { v.Lab().Step(); v.dirty = true }

// Reset returns the current model to time 0, paused, with the controls'
// values.
func (v *DynamicsView) Reset() {
	v.applyControls()
	v.Lab().Reset()
	v.dirty = true
}

// SetSpinDeg sets the disc's spin now and after Reset, in degrees/s,
// clamped to the slider's range; a value that is not finite is ignored.
func (v *DynamicsView) SetSpinDeg(deg float64) {
	if !dynFinite(deg) {
		return
	}
	v.SpinDeg = mgl64.Clamp(deg, -MaxSpinDeg, MaxSpinDeg)
	w := mgl64.DegToRad(v.SpinDeg)
	v.Turn.Spin0 = w
	v.Turn.SetSpin(w)
	v.dirty = true
}

// ReverseSpin reverses the disc's current spin (the ball keeps its
// velocity relative to the disc, so the Coriolis term flips exactly); the
// spin slider, and so the spin after Reset, follows.
func (v *DynamicsView) ReverseSpin() {
	w := -v.Turn.Spin()
	v.Turn.SetSpin(w)
	if d := mgl64.RadToDeg(w); dynFinite(d) {
		v.SpinDeg = mgl64.Clamp(d, -MaxSpinDeg, MaxSpinDeg)
		v.Turn.Spin0 = mgl64.DegToRad(v.SpinDeg)
	}
	v.dirty = true
}

// SetCounteract sets the crash's "counteract inherited change" and replays
// the crash to the current time, so the picture shows the other choice at
// the same moment; a playing model keeps playing.
func (v *DynamicsView) SetCounteract(on bool) {
	v.Counteract = on
	c := v.Crash
	c.Counteract = on
	t, playing := c.Time(), c.Playing()
	if c.RunTo(t) != nil {
		c.Reset()
	}
	if playing {
		c.Play()
	}
	v.dirty = true
}

// applyControls copies the sliders' values into the models, sanitised:
// out-of-range values are clamped and non-finite ones replaced by the
// preset's defaults, so no control can make the models or the picture
// NaN.
func (v *DynamicsView) applyControls() {
	v.SpinDeg = dynSane(v.SpinDeg, -MaxSpinDeg, MaxSpinDeg, 0)
	v.AlphaDeg = dynSane(v.AlphaDeg, -MaxAlphaDeg, MaxAlphaDeg, 0)
	v.ArrowScale = dynSane(v.ArrowScale, MinArrowScale, MaxArrowScale, 0.6)
	v.Turn.Spin0 = mgl64.DegToRad(v.SpinDeg)
	v.Turn.Alpha = mgl64.DegToRad(v.AlphaDeg)
	v.Crash.Counteract = v.Counteract
}

func dynSane(x, lo, hi, def float64) float64 {
	if !dynFinite(x) {
		return def
	}
	return mgl64.Clamp(x, lo, hi)
}

func dynFinite(x float64) bool { return x-x == 0 }

// Update applies keys and camera gestures, advances a playing model by one
// step, and rebuilds the picture and the numbers when anything changed.
func (v *DynamicsView) Update(in *Input) error {
	if in.Keys {
		v.keys()
	}
	v.gestures(in)
	if in.Resized || in.Width != v.w || in.Height != v.h || in.AntiAlias != v.strokes.antiAlias {
		v.w, v.h, v.strokes.antiAlias = in.Width, in.Height, in.AntiAlias
		v.dirty = true
	}
	v.nums.scale = float64(UIPixels(in))
	v.labels.Scale = v.nums.scale
	if l := v.Lab(); l.Playing() {
		l.Tick()
		v.dirty = true
	}
	if !v.dirty {
		return nil
	}
	if v.Preset == 1 && v.Follow {
		v.follow()
	}
	v.dirty = false
	v.rebuild()
	return nil
}

// follow frames the car and the box: target at their midpoint, distance
// enough for their separation (render's y-up coordinates).
func (v *DynamicsView) follow() {
	st := v.Crash.State()
	car, box := dynToRender(st.Car.Position), dynToRender(st.BoxWorld.Position)
	if !finite3(car) || !finite3(box) {
		return
	}
	v.Camera.Target = car.Add(box).Mul(0.5)
	if d := 1.4*car.Sub(box).Len() + 6; d > v.Camera.Distance {
		v.Camera.Distance = min(d, render.MaxDistance)
	}
}

// finite3 reports whether every component of p is a finite number.
func finite3(p mgl64.Vec3) bool { return finite2(p[0], p[1]) && finite2(p[2], 0) }

func (v *DynamicsView) gestures(in *Input) {
	ds := max(1, in.DeviceScale)
	if in.Orbit && (in.DX != 0 || in.DY != 0) {
		v.Camera.Orbit(-in.DX*OrbitDegPerPixel/ds, in.DY*OrbitDegPerPixel/ds)
		v.dirty = true
	}
	if in.Pan && (in.DX != 0 || in.DY != 0) && in.Height > 0 {
		v.Camera.Pan(-in.DX/in.Height, in.DY/in.Height)
		v.dirty = true
	}
	if in.Wheel != 0 {
		v.Camera.Zoom(math.Pow(ZoomPerStep, -in.Wheel))
		v.dirty = true
	}
}

func (v *DynamicsView) keys() {
	just := inpututil.IsKeyJustPressed
	switch {
	case just(ebiten.Key1):
		v.SetPreset(0)
	case just(ebiten.Key2):
		v.SetPreset(1)
	case just(ebiten.KeySpace):
		v.TogglePlay()
	case just(ebiten.KeyN), just(ebiten.KeyArrowRight):
		v.Step()
	case just(ebiten.KeyR):
		v.Reset()
	case just(ebiten.KeyHome):
		v.Camera = HomeCamera(v.Preset)
		v.dirty = true
	case just(ebiten.KeyV) && v.Preset == 0:
		v.ReverseSpin()
	case just(ebiten.KeyC) && v.Preset == 1:
		v.SetCounteract(!v.Counteract)
	}
}

// rebuild computes the picture of the current state: lines and labels
// into the frame, outlined into the strokes, and the numbers panel.
func (v *DynamicsView) rebuild() {
	f := &v.frame
	f.Begin(v.Camera, render.Viewport{W: v.w, H: v.h})
	v.nums.reset()
	if v.Preset == 1 {
		v.crashPicture(f)
	} else {
		v.turntablePicture(f)
	}
	v.strokes.Reset()
	v.strokes.Add(f.Segments)
	v.labels.Reset()
	v.labels.Add(f.Labels)
}

// Draw fills the strokes, the labels and the numbers panel; it computes
// nothing.
func (v *DynamicsView) Draw(screen *ebiten.Image) {
	v.strokes.Draw(screen)
	v.labels.Draw(screen)
	v.nums.draw(screen, &v.labels, v.w)
}

// line draws the model-space segment a-b.
func dynLine(f *render.Frame, a, b mgl64.Vec3, c render.Color, w float32) {
	f.Line(dynToRender(a), dynToRender(b), c, w)
}

// text labels the model-space point p.
func dynText(f *render.Frame, p mgl64.Vec3, s string, c render.Color) { f.Text(dynToRender(p), s, c) }

// circle draws a circle of radius r about c in the plane z = c.z.
func dynCircle(f *render.Frame, c mgl64.Vec3, r float64, n int, col render.Color, w float32) {
	prev := c.Add(mgl64.Vec3{r, 0, 0})
	for i := 1; i <= n; i++ {
		s, co := math.Sincos(2 * math.Pi * float64(i) / float64(n))
		p := c.Add(mgl64.Vec3{r * co, r * s, 0})
		dynLine(f, prev, p, col, w)
		prev = p
	}
}

// ground draws a square grid in the plane z = z0 from lo to hi (x and y)
// every step metres.
func dynGround(f *render.Frame, lo, hi mgl64.Vec2, step, z0 float64) {
	for x := math.Ceil(lo[0]/step) * step; x <= hi[0]; x += step {
		dynLine(f, mgl64.Vec3{x, lo[1], z0}, mgl64.Vec3{x, hi[1], z0}, dynGroundColor, 1)
	}
	for y := math.Ceil(lo[1]/step) * step; y <= hi[1]; y += step {
		dynLine(f, mgl64.Vec3{lo[0], y, z0}, mgl64.Vec3{hi[0], y, z0}, dynGroundColor, 1)
	}
}

// arrow draws an arrow from a to b with a head in the xy plane (or the xz
// plane for a vertical arrow).
func dynArrow(f *render.Frame, a, b mgl64.Vec3, c render.Color, w float32) {
	d := b.Sub(a)
	l := d.Len()
	if !(l > 0) {
		return
	}
	dynLine(f, a, b, c, w)
	d = d.Mul(1 / l)
	side := mgl64.Vec3{-d[1], d[0], 0}
	if side.Len() < 1e-6 {
		side = mgl64.Vec3{1, 0, 0}
	}
	side = side.Normalize()
	hl := math.Min(0.3*l, 0.08*dynArrowUnit(f))
	back := b.Sub(d.Mul(hl))
	dynLine(f, b, back.Add(side.Mul(hl*0.45)), c, w)
	dynLine(f, b, back.Sub(side.Mul(hl*0.45)), c, w)
}

// arrowUnit is the size of arrow heads relative to the picture: 1 for a
// camera 3.4 m away (the turntable), more for a farther camera.
func dynArrowUnit(f *render.Frame) float64 { return math.Max(1, f.Camera().Distance/3.4) }

// turntablePicture draws the turntable and writes its numbers.
func (v *DynamicsView) turntablePicture(f *render.Frame) {
	m := v.Turn
	st := m.State()
	dynGround(f, mgl64.Vec2{-2, -2}, mgl64.Vec2{2, 2}, 0.5, -0.08)
	dynLine(f, mgl64.Vec3{0, 0, -0.08}, mgl64.Vec3{2.2, 0, -0.08}, render.XColor.Dim(0.5), 1)
	dynLine(f, mgl64.Vec3{0, 0, -0.08}, mgl64.Vec3{0, 2.2, -0.08}, render.YColor.Dim(0.5), 1)
	dynText(f, mgl64.Vec3{2.2, 0, -0.08}, "world x", render.XColor.Dim(0.7))
	dynText(f, mgl64.Vec3{0, 2.2, -0.08}, "world y", render.YColor.Dim(0.7))
	v.disc(f, st.DiscAngle, m.Radius)
	s, c := math.Sincos(st.DiscAngle)
	if v.ShowDisc {
		dynPath(f, &m.DiscPath, func(p mgl64.Vec3) mgl64.Vec3 {
			return mgl64.Vec3{c*p[0] - s*p[1], s*p[0] + c*p[1], p[2]}
		}, DiscPathColor, "path on the disc")
	}
	if v.ShowWorld {
		dynPath(f, &m.WorldPath, nil, WorldPathColor, "path in the world")
	}
	dynCircle(f, st.WorldPos, 0.04, 16, render.White, 2)
	v.forceArrows(f, st)
	v.turntableNumbers(&st)
}

// disc draws the disc turned by angle (rad): a flat cylinder of radius r
// with eight spokes and a half-radius ring on its top face, the first
// spoke (the disc's local x axis) in the marker colour.
func (v *DynamicsView) disc(f *render.Frame, angle, r float64) {
	if !dynFinite(r) || r <= 0 {
		r = 1
	}
	model := dynZUp.Mul4(mgl64.HomogRotate3DZ(angle)).Mul4(mgl64.Translate3D(0, 0, -0.03)).Mul4(mgl64.Scale3D(2*r, 2*r, 0.06))
	f.Mesh(render.Cylinder, model, DiscColor.Dim(0.8), 1)
	for k := 7; k >= 0; k-- {
		s, c := math.Sincos(angle + float64(k)*math.Pi/4)
		col, w := DiscColor.Dim(0.6), float32(1)
		if k == 0 {
			col, w = MarkerColor, 2.5
		}
		dynLine(f, mgl64.Vec3{}, mgl64.Vec3{r * c, r * s, 0}, col, w)
	}
	dynCircle(f, mgl64.Vec3{}, r/2, 32, DiscColor.Dim(0.5), 1)
	s, c := math.Sincos(angle)
	dynText(f, mgl64.Vec3{1.08 * r * c, 1.08 * r * s, 0}, "disc x", MarkerColor)
}

// path draws the points of a ring as a polyline (thinned to at most
// PathSegments segments), each mapped by to (nil: unchanged), and labels
// its oldest point.
func dynPath(f *render.Frame, r *dynamics.Ring[mgl64.Vec3], to func(mgl64.Vec3) mgl64.Vec3, c render.Color, label string) {
	n := r.Len()
	if n < 2 {
		return
	}
	stride := (n + PathSegments - 1) / PathSegments
	at := func(i int) mgl64.Vec3 {
		if to == nil {
			return r.At(i)
		}
		return to(r.At(i))
	}
	prev := at(0)
	for i := stride; ; i += stride {
		if i > n-1 {
			i = n - 1
		}
		p := at(i)
		dynLine(f, prev, p, c, 2)
		prev = p
		if i == n-1 {
			break
		}
	}
	dynText(f, at(0), label, c)
}

// forceArrows computes and draws the force arrows at the ball.
func (v *DynamicsView) forceArrows(f *render.Frame, st dynamics.TurntableState) {
	forces := [NumForces]mgl64.Vec3{st.Forces.Applied, st.Forces.Translational, st.Forces.Centrifugal, st.Forces.Coriolis, st.Forces.Euler}
	scale := dynSane(v.ArrowScale, MinArrowScale, MaxArrowScale, 0.6)
	for k, F := range forces {
		a := &v.Arrows[k]
		a.Force, a.From = F, st.WorldPos
		d := F.Mul(scale)
		if l := d.Len(); l > ArrowMax {
			d = d.Mul(ArrowMax / l)
		}
		a.To = a.From.Add(d)
		a.Shown = d.Len() >= ArrowMin && dynFiniteVec(a.From) && dynFiniteVec(a.To)
		if !a.Shown || !v.ShowForces {
			continue
		}
		dynArrow(f, a.From, a.To, ForceColors[k], 2.5)
		dynText(f, a.To, ForceNames[k], ForceColors[k])
	}
}

func dynFiniteVec(p mgl64.Vec3) bool { return dynFinite(p[0]) && dynFinite(p[1]) && dynFinite(p[2]) }

// turntableNumbers writes the turntable's live numbers.
func (v *DynamicsView) turntableNumbers(st *dynamics.TurntableState) {
	h := &v.nums
	b := h.line(render.White)
	b = append(b, "t "...)
	b = dynAppendNum(b, st.Time, 7, 3)
	b = append(b, " s   disc angle "...)
	b = dynAppendNum(b, dynWrapDeg(mgl64.RadToDeg(st.DiscAngle)), 7, 1)
	h.set(append(b, " deg"...))
	b = h.line(render.White)
	b = append(b, "spin "...)
	b = dynAppendNum(b, mgl64.RadToDeg(st.DiscSpin), 7, 1)
	b = append(b, " deg/s  alpha "...)
	b = dynAppendNum(b, mgl64.RadToDeg(st.DiscAlpha), 6, 1)
	h.set(append(b, " deg/s2"...))
	h.text(render.LabelGrey, "")
	h.text(DiscPathColor, "local: ball on the disc (disc axes)")
	h.vec(render.LabelGrey, " pos ", st.LocalPos, " m")
	h.vec(render.LabelGrey, " vel ", st.LocalVel, " m/s")
	h.vec(render.LabelGrey, " acc ", st.LocalAcc, " m/s2")
	h.text(WorldPathColor, "global: ball in the world")
	h.vec(render.LabelGrey, " pos ", st.WorldPos, " m")
	h.vec(render.LabelGrey, " vel ", st.WorldVel, " m/s")
	h.vec(render.LabelGrey, " acc ", st.WorldAcc, " m/s2")
	h.text(render.White, "forces at the ball (world axes, N)")
	for k := range v.Arrows {
		if k == ForceTranslational {
			continue // zero: the disc's centre does not move
		}
		h.vec(ForceColors[k], dynForceTags[k], v.Arrows[k].Force, "")
	}
}

var dynForceTags = [NumForces]string{" applied     ", " translation ", " centrifugal ", " Coriolis    ", " Euler       "}

// dynWrapDeg wraps degrees to (-180, 180].
func dynWrapDeg(d float64) float64 {
	d = math.Mod(d, 360)
	if d > 180 {
		d -= 360
	} else if d <= -180 {
		d += 360
	}
	return d
}

// crashPicture draws the crash and writes its numbers.
func (v *DynamicsView) crashPicture(f *render.Frame) {
	m := v.Crash
	st := m.State()
	dynGround(f, mgl64.Vec2{-5, -10}, mgl64.Vec2{45, 25}, 5, 0)
	v.ghosts(f)
	n := m.CarPath.Len()
	for i := 1; i < n; i++ {
		dynLine(f, m.CarPath.At(i-1).Position, m.CarPath.At(i).Position, WorldPathColor, 2)
		dynLine(f, m.BoxPath.At(i-1).Position, m.BoxPath.At(i).Position, DiscPathColor, 2)
	}
	if n > 0 {
		dynText(f, m.CarPath.At(0).Position, "car path", WorldPathColor)
	}
	car, box := st.Car.Uniform, st.BoxWorld.Uniform
	f.Mesh(render.Box, dynZUp.Mul4(car.Mat4()).Mul4(dynCarShape), WorldPathColor, 2)
	f.Mesh(render.Box, dynZUp.Mul4(box.Mat4()).Mul4(dynBoxShape), DiscPathColor, 2)
	dynText(f, car.Position.Add(mgl64.Vec3{0, 0, 1.4}), "car", WorldPathColor)
	dynText(f, box.Position, "box", DiscPathColor)
	dynArrow(f, car.Position, car.Position.Add(st.Car.V.Mul(velocityArrowT)), WorldPathColor, 2)
	dynArrow(f, box.Position, box.Position.Add(st.BoxWorld.V.Mul(velocityArrowT)), DiscPathColor, 2)
	if st.Crashed {
		p := st.Car.Position
		if d := st.Impulse.Len(); d > 0 {
			tip := p.Add(st.Impulse.Mul(4 / d))
			dynArrow(f, p.Sub(st.Impulse.Mul(1/d)), tip, MarkerColor, 3)
			dynText(f, tip, "impulse", MarkerColor)
		}
	}
	v.crashNumbers(&st)
}

// dynCarShape and dynBoxShape size the unit box mesh into the car (4 x 1.8 x
// 1.2 m, floor 0.2 m above the road) and the loose box (0.3 m).
var (
	dynCarShape = mgl64.Translate3D(0, 0, 0.8).Mul4(mgl64.Scale3D(4, 1.8, 1.2))
	dynBoxShape = mgl64.Scale3D(0.3, 0.3, 0.3)
)

// ghosts draws faint poses of the car and the box every ghostEverySec.
func (v *DynamicsView) ghosts(f *render.Frame) {
	m := v.Crash
	every := int(math.Round(ghostEverySec / m.Dt))
	if !(m.Dt > 0) || every < 1 {
		every = 60
	}
	for i := 0; i < m.CarPath.Len(); i += every {
		f.Mesh(render.Box, dynZUp.Mul4(m.CarPath.At(i).Mat4()).Mul4(dynCarShape), WorldPathColor.Dim(0.25), 1)
		f.Mesh(render.Box, dynZUp.Mul4(m.BoxPath.At(i).Mat4()).Mul4(dynBoxShape), DiscPathColor.Dim(0.4), 1)
	}
}

// crashNumbers writes the crash's live numbers.
func (v *DynamicsView) crashNumbers(st *dynamics.CrashState) {
	h := &v.nums
	b := h.line(render.White)
	b = append(b, "t "...)
	b = dynAppendNum(b, st.Time, 7, 3)
	b = append(b, " s   "...)
	if st.Crashed {
		b = append(b, "after the crash"...)
	} else {
		b = append(b, "before the crash (t = "...)
		b = dynAppendNum(b, v.Crash.CrashTime, 0, 1)
		b = append(b, " s)"...)
	}
	h.set(b)
	if v.Crash.Counteract {
		h.text(render.White, "counteract inherited change: ON")
	} else {
		h.text(render.White, "counteract inherited change: OFF")
	}
	b = h.line(WorldPathColor)
	b = append(b, "car yaw rate "...)
	b = dynAppendNum(b, mgl64.RadToDeg(st.Car.OmegaVec()[2]), 6, 1)
	h.set(append(b, " deg/s"...))
	// Why the stopped car still turns: the impulse stops its translation
	// only; its yaw rate then falls linearly to zero over SpinDown.
	if end := v.Crash.CrashTime + v.Crash.SpinDown; st.Crashed && st.Time < end {
		b = h.line(WorldPathColor)
		b = append(b, " spin-down: yaw rate falls to 0 by t = "...)
		b = dynAppendNum(b, end, 0, 1)
		h.set(append(b, " s"...))
	} else if st.Crashed {
		h.text(WorldPathColor, " spin-down over: the car is still")
	}
	h.vec(WorldPathColor, " car vel  ", st.Car.V, " m/s")
	h.vec(DiscPathColor, " box vel  ", st.BoxWorld.V, " m/s")
	h.vec(DiscPathColor, " box acc  ", st.BoxWorld.A, " m/s2")
	h.text(DiscPathColor, "local: box in the car (car axes)")
	h.vec(render.LabelGrey, " pos      ", st.BoxLocal.Position, " m")
	h.vec(render.LabelGrey, " vel      ", st.BoxLocal.V, " m/s")
	h.vec(render.LabelGrey, " acc      ", st.BoxLocal.A, " m/s2")
	h.text(MarkerColor, "the crash")
	h.vecPrec(MarkerColor, " impulse  ", st.Impulse, " N s", 0)
	h.vec(render.LabelGrey, " box dv   ", st.Correction.V, " m/s")
	h.vec(render.LabelGrey, " box da   ", st.Correction.A, " m/s2")
}

// Windows makes the dynamics lab's windows: Dynamics (preset, play
// controls and the preset's controls) and, at the full UI level, View.
func (v *DynamicsView) Windows(ctx *debugui.Context, in *Input) {
	lay := newColumns(in)
	v.controlWindow(ctx, lay.left(420))
	if in.Level != LevelFull {
		return
	}
	v.dynViewWindow(ctx, lay.left(80), in)
}

func (v *DynamicsView) controlWindow(ctx *debugui.Context, r image.Rectangle) {
	ctx.Window("Dynamics", r, func(debugui.ContainerLayout) {
		ctx.SetGridLayout([]int{-1, -2}, nil)
		ctx.Text("preset")
		sel := v.Preset
		ctx.Dropdown(&sel, v.names).On(func() { v.SetPreset(sel) })
		ctx.SetGridLayout([]int{-1, -1, -1}, nil)
		label := "Play"
		if v.Lab().Playing() {
			label = "Pause"
		}
		ctx.Button(label).On(v.TogglePlay)
		ctx.Button("Step").On(v.Step)
		ctx.Button("Reset").On(v.Reset)
		ctx.SetGridLayout([]int{-1}, nil)
		if v.Preset == 1 {
			v.crashControls(ctx)
		} else {
			v.turntableControls(ctx)
		}
	})
}

func (v *DynamicsView) turntableControls(ctx *debugui.Context) {
	ctx.Text("spin (degrees/s), now and after Reset")
	ctx.SliderF(&v.SpinDeg, -MaxSpinDeg, MaxSpinDeg, 1, 0).On(func() { v.SetSpinDeg(v.SpinDeg) })
	ctx.Text("angular acceleration (degrees/s^2)")
	ctx.SliderF(&v.AlphaDeg, -MaxAlphaDeg, MaxAlphaDeg, 1, 0).On(func() { v.applyControls(); v.dirty = true })
	ctx.Button("Reverse spin now (V)").On(v.ReverseSpin)
	ctx.Text("arrow length (m per N)")
	ctx.SliderF(&v.ArrowScale, MinArrowScale, MaxArrowScale, 0.05, 2).On(func() { v.dirty = true })
	ctx.SetGridLayout([]int{-1, -1}, nil)
	ctx.Checkbox(&v.ShowWorld, "world path").On(func() { v.dirty = true })
	ctx.Checkbox(&v.ShowDisc, "path on disc").On(func() { v.dirty = true })
	ctx.Checkbox(&v.ShowForces, "force arrows").On(func() { v.dirty = true })
	ctx.SetGridLayout([]int{-1}, nil)
	ctx.Text("A ball on a spring slides on a spinning disc. The disc-frame simulation needs the centrifugal, Coriolis and Euler terms to match the world; reverse the spin and the Coriolis arrow flips.")
}

func (v *DynamicsView) crashControls(ctx *debugui.Context) {
	on := v.Counteract
	ctx.Checkbox(&on, "counteract inherited change (C)").On(func() { v.SetCounteract(on) })
	ctx.Checkbox(&v.Follow, "camera follows car and box").On(func() { v.dirty = true })
	ctx.Text("A car turning left at 10 m/s is stopped by an impulse at t = 1 s. The loose box inside inherits the car's change unless the correction dv = -J^-1 dV, da = 2 J^-1 w dV is applied to it: with it the box flies on at its old world velocity, without it it stops with the car.")
	ctx.Text(crashSpinDownText)
}

// crashSpinDownText explains why the stopped car keeps turning.
const crashSpinDownText = "Spin-down: the impulse -m v acts through the car's centre, so it stops the car's translation but not its rotation. The car keeps its yaw rate (28.6 deg/s) and the tyres bring it linearly to zero over 2 s (t = 1 to 3 s, the model's SpinDown): a steady angular deceleration of 14.3 deg/s^2, which adds an Euler term to the box's local motion until the car is still."

func (v *DynamicsView) dynViewWindow(ctx *debugui.Context, r image.Rectangle, in *Input) {
	ctx.Window("View", r, func(debugui.ContainerLayout) {
		ctx.SetGridLayout([]int{-1, -1}, nil)
		ctx.Button("From above").On(func() { v.Camera = HomeCamera(v.Preset); v.dirty = true })
		ctx.Button("Tilted").On(func() {
			v.Camera = HomeCamera(v.Preset)
			v.Camera.Pitch = 50
			v.dirty = true
		})
		if in.SetUIScale != nil {
			ctx.SetGridLayout([]int{-1, -1, -1}, nil)
			ctx.Button("UI 1x").On(func() { in.SetUIScale(1) })
			ctx.Button("UI 2x").On(func() { in.SetUIScale(2) })
			ctx.Button("UI 3x").On(func() { in.SetUIScale(3) })
		}
	})
}

// numPanel is the panel of live numbers at the top right of the picture. Its
// lines are byte buffers refilled in place (strconv appends, no fmt) and
// drawn one character at a time from a table of one-character strings, so
// changing numbers cost no allocation per frame.
type numPanel struct {
	lines  [][]byte
	colors []render.Color
	n      int
	width  int // longest line, characters
	scale  float64
}

// numPanelLines is the most lines the panel holds.
const numPanelLines = 24

// Sizes of the numbers panel, in UI units.
const (
	hudCharW  = 6  // advance of the bitmap font's ASCII asciiGlyphs
	hudLineH  = 14 // line height
	hudMargin = 8  // from the screen's edge and inside the panel
)

// asciiGlyphs holds one string per printable ASCII character.
var asciiGlyphs = func() (g [128]string) {
	for i := 32; i < 127; i++ {
		g[i] = string(rune(i))
	}
	return g
}()

func (h *numPanel) init() {
	h.lines = make([][]byte, numPanelLines)
	h.colors = make([]render.Color, numPanelLines)
	for i := range h.lines {
		h.lines[i] = make([]byte, 0, 64)
	}
}

func (h *numPanel) reset() { h.n, h.width = 0, 0 }

// line returns the next line's buffer, emptied, and sets its colour; fill
// it and hand it back with set. Beyond numPanelLines the last line is reused.
func (h *numPanel) line(c render.Color) []byte {
	if h.n >= len(h.lines) {
		h.n = len(h.lines) - 1
	}
	h.colors[h.n] = c
	return h.lines[h.n][:0]
}

// set stores the line returned by line, filled.
func (h *numPanel) set(b []byte) {
	h.lines[h.n] = b
	h.width = max(h.width, len(b))
	h.n++
}

// text adds a fixed line.
func (h *numPanel) text(c render.Color, s string) { h.set(append(h.line(c), s...)) }

// vec adds "tag( x, y, z)unit" with three decimals.
func (h *numPanel) vec(c render.Color, tag string, p mgl64.Vec3, unit string) {
	h.vecPrec(c, tag, p, unit, 3)
}

// vecPrec is vec with prec decimals.
func (h *numPanel) vecPrec(c render.Color, tag string, p mgl64.Vec3, unit string, prec int) {
	b := append(h.line(c), tag...)
	b = append(b, '(')
	for k := 0; k < 3; k++ {
		if k > 0 {
			b = append(b, ',')
		}
		b = dynAppendNum(b, p[k], 8, prec)
	}
	b = append(b, ')')
	h.set(append(b, unit...))
}

// num appends x with prec decimals, right-aligned in width characters; a
// value that is not finite prints as "-", so nothing shows NaN.
func dynAppendNum(b []byte, x float64, width, prec int) []byte {
	start := len(b)
	if !dynFinite(x) {
		b = append(b, '-')
	} else {
		if math.Abs(x) < 0.5*math.Pow(10, -float64(prec)) {
			x = 0 // no "-0.000"
		}
		b = strconv.AppendFloat(b, x, 'f', prec, 64)
	}
	if pad := width - (len(b) - start); pad > 0 {
		for i := 0; i < pad; i++ {
			b = append(b, ' ')
		}
		copy(b[start+pad:], b[start:len(b)-pad])
		for i := 0; i < pad; i++ {
			b[start+i] = ' '
		}
	}
	return b
}

// draw fills a dark panel at the top right of a screen of width w and
// writes the lines into it.
func (h *numPanel) draw(dst *ebiten.Image, l *Labels, w float64) {
	if h.n == 0 {
		return
	}
	s := math.Max(1, h.scale)
	pw := float64(h.width*hudCharW+2*hudMargin) * s
	ph := float64(h.n*hudLineH+2*hudMargin) * s
	x0, y0 := w-pw-hudMargin*s, hudMargin*s
	vector.FillRect(dst, float32(x0), float32(y0), float32(pw), float32(ph), dynPanelColor, false)
	for i := 0; i < h.n; i++ {
		y := y0 + float64(hudMargin+i*hudLineH)*s
		for j, ch := range h.lines[i] {
			if ch <= ' ' || ch >= 127 {
				continue
			}
			l.text(dst, asciiGlyphs[ch], x0+float64(hudMargin+j*hudCharW)*s, y, h.colors[i])
		}
	}
}

var dynPanelColor = color.RGBA{0, 0, 0, 190}

// quadStrokes is the dynamics lab's sink for render's segments: like
// Strokes, one reusable path per (colour, width) built in Update and filled
// in Draw, but each segment is outlined as a plain quad (no round caps).
// The lab redraws thousands of short path segments every tick while
// playing; vector's round caps cost two arcs per segment (about 5 ms per
// tick for the turntable's two paths), quads cost four points.
type quadStrokes struct {
	buckets   []quadBucket
	n         int
	draw      vector.DrawPathOptions
	antiAlias bool
}

type quadBucket struct {
	color render.Color
	width float32
	path  vector.Path
}

// Reset empties every bucket, keeping their storage.
func (s *quadStrokes) Reset() {
	for i := 0; i < s.n; i++ {
		s.buckets[i].path.Reset()
	}
	s.n = 0
}

// Add outlines segs into their buckets; segments whose ends or width are
// not finite are skipped. Every quad winds the same way relative to its
// direction, so overlaps add under the non-zero rule and never cancel.
func (s *quadStrokes) Add(segs []render.Segment) {
	var bk *quadBucket
	for i := range segs {
		sg := &segs[i]
		a, b := sg.A, sg.B
		if !finite2(a[0], a[1]) || !finite2(b[0], b[1]) {
			continue
		}
		if bk == nil || bk.color != sg.Color || bk.width != sg.Width {
			bk = s.bucket(sg.Color, sg.Width)
		}
		hw := float64(sg.Width) / 2
		if !(hw > 0) || !(hw < 100) {
			hw = 0.5
		}
		dx, dy := b[0]-a[0], b[1]-a[1]
		l := math.Hypot(dx, dy)
		if !(l > 0) {
			continue
		}
		// n: the half-width normal; e: a half-width extension at both
		// ends, so consecutive segments of a polyline overlap at joints.
		nx, ny := -dy/l*hw, dx/l*hw
		ex, ey := dx/l*hw*0.5, dy/l*hw*0.5
		p := &bk.path
		p.MoveTo(float32(a[0]-ex+nx), float32(a[1]-ey+ny))
		p.LineTo(float32(b[0]+ex+nx), float32(b[1]+ey+ny))
		p.LineTo(float32(b[0]+ex-nx), float32(b[1]+ey-ny))
		p.LineTo(float32(a[0]-ex-nx), float32(a[1]-ey-ny))
		p.Close()
	}
}

func (s *quadStrokes) bucket(c render.Color, w float32) *quadBucket {
	for i := 0; i < s.n; i++ {
		if s.buckets[i].color == c && s.buckets[i].width == w {
			return &s.buckets[i]
		}
	}
	if s.n == len(s.buckets) {
		s.buckets = append(s.buckets, quadBucket{})
	}
	b := &s.buckets[s.n]
	b.color, b.width = c, w
	b.path.Reset()
	s.n++
	return b
}

// Draw fills every bucket in its colour onto dst, in first-use order.
func (s *quadStrokes) Draw(dst *ebiten.Image) {
	for i := 0; i < s.n; i++ {
		b := &s.buckets[i]
		s.draw.AntiAlias = s.antiAlias
		s.draw.ColorScale.Reset()
		s.draw.ColorScale.Scale(b.color.R*b.color.A, b.color.G*b.color.A, b.color.B*b.color.A, b.color.A)
		vector.FillPath(dst, &b.path, nil, &s.draw)
	}
}

// finite2 reports whether both coordinates are finite numbers.
func finite2(a, b float64) bool { return a-a == 0 && b-b == 0 }

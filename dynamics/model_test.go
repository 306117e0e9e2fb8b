package dynamics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/render"
	"skewlab/transform"
)

// testViewport is the window's default picture size.
var testViewport = render.Viewport{W: 1280, H: 720}

// update does what the window does once per tick: Advance, and when that
// reports a change, the picture into f.
func update(m *Model, f *render.Frame, n int) {
	for i := 0; i < n; i++ {
		if m.Advance() {
			m.Picture(f, testViewport)
		}
	}
}

func TestPresets(t *testing.T) {
	names := PresetNames()
	if len(names) != int(NumPresets) {
		t.Fatalf("PresetNames %v for %d presets", names, NumPresets)
	}
	for i, name := range names {
		p, ok := PresetByName(name)
		if !ok || p != Preset(i) || p.String() != name || !p.Valid() {
			t.Errorf("%q: PresetByName gives %v, %v; String %q", name, p, ok, p.String())
		}
		if _, ok := NewPreset(name); !ok {
			t.Errorf("NewPreset(%q) failed", name)
		}
	}
	if PresetTurntable.String() != "turntable" || PresetCrash.String() != "crash" {
		t.Errorf("names: %q, %q", PresetTurntable, PresetCrash)
	}
	for _, bad := range []string{"", "Crash", "piston"} {
		if _, ok := PresetByName(bad); ok {
			t.Errorf("PresetByName(%q) ok", bad)
		}
	}
	for _, p := range []Preset{-1, NumPresets} {
		if p.Valid() || p.String() != "" {
			t.Errorf("Preset(%d): valid %v, name %q", p, p.Valid(), p.String())
		}
	}
	names[0] = "changed"
	if PresetNames()[0] != "turntable" {
		t.Error("PresetNames returns the package's own slice")
	}
	m := NewModel()
	m.SetPreset(NumPresets)
	m.SetPreset(-1)
	if m.Preset != PresetTurntable {
		t.Errorf("SetPreset of a non-preset moved to %v", m.Preset)
	}
}

// TestModelPlayStepReset: play advances one model step per update,
// pause stops it, Step adds one step, Reset returns to 0 paused; for both
// presets, and each preset keeps its own time.
func TestModelPlayStepReset(t *testing.T) {
	const tol = 1e-12
	var f render.Frame
	m := NewModel()
	for p, dt := range []float64{m.Turn.Dt, m.Crash.Dt} {
		m.SetPreset(Preset(p))
		update(m, &f, 1)
		if got := m.Lab().Time(); got != 0 {
			t.Fatalf("preset %d starts at t = %v", p, got)
		}
		m.TogglePlay()
		update(m, &f, 10)
		if got := m.Lab().Time(); !(math.Abs(got-10*dt) < tol) {
			t.Errorf("preset %d: 10 playing updates reach t = %v, want %v", p, got, 10*dt)
		}
		m.TogglePlay()
		update(m, &f, 5)
		if got := m.Lab().Time(); !(math.Abs(got-10*dt) < tol) {
			t.Errorf("preset %d: paused updates moved t to %v", p, got)
		}
		m.Step()
		update(m, &f, 3)
		if got := m.Lab().Time(); !(math.Abs(got-11*dt) < tol) || m.Lab().Playing() {
			t.Errorf("preset %d: Step gives t = %v (playing %v), want %v", p, got, m.Lab().Playing(), 11*dt)
		}
		m.Reset()
		update(m, &f, 2)
		if got := m.Lab().Time(); got != 0 || m.Lab().Playing() {
			t.Errorf("preset %d: Reset gives t = %v, playing %v", p, got, m.Lab().Playing())
		}
	}
	m.SetPreset(PresetCrash)
	m.TogglePlay()
	update(m, &f, 4)
	m.SetPreset(PresetTurntable)
	update(m, &f, 4)
	if m.Turn.Time() != 0 || !(math.Abs(m.Crash.Time()-4*m.Crash.Dt) < tol) {
		t.Errorf("only the shown preset plays: turntable t = %v, crash t = %v", m.Turn.Time(), m.Crash.Time())
	}
}

// TestModelAdvanceReportsChanges: Advance is true after an action or a
// playing step, false when nothing happened.
func TestModelAdvanceReportsChanges(t *testing.T) {
	m := NewModel()
	if !m.Advance() {
		t.Error("a new model has no first picture")
	}
	if m.Advance() {
		t.Error("a paused model with no action reports a change")
	}
	for name, act := range map[string]func(){
		"SetPreset": func() { m.SetPreset(PresetCrash) }, "HomeView": m.HomeView, "Step": m.Step,
		"Reset": m.Reset, "SetSpinDeg": func() { m.SetSpinDeg(10) }, "ReverseSpin": m.ReverseSpin,
		"SetCounteract": func() { m.SetCounteract(false) }, "ApplyControls": m.ApplyControls,
	} {
		act()
		if !m.Advance() || m.Advance() {
			t.Errorf("%s: not reported exactly once", name)
		}
	}
	m.TogglePlay()
	for i := 0; i < 3; i++ {
		if !m.Advance() {
			t.Errorf("playing update %d reports no change", i)
		}
	}
}

// TestModelCoriolisFlips checks, through the arrows the picture draws,
// that reversing the spin reverses the Coriolis arrow (the ball keeps its
// velocity relative to the disc, so the arrow turns by exactly 180
// degrees), that the arrow is the force -2 m w x v1 in world axes, and
// that a Coriolis-coloured segment of the picture ends at the arrow's tip.
func TestModelCoriolisFlips(t *testing.T) {
	var f render.Frame
	m := NewModel()
	m.SetSpinDeg(90)
	m.TogglePlay()
	update(m, &f, 150)
	m.TogglePlay()
	update(m, &f, 1)
	before := m.Arrows[ForceCoriolis]
	checkCoriolis(t, m, &f, "before")
	m.ReverseSpin()
	update(m, &f, 1)
	after := m.Arrows[ForceCoriolis]
	checkCoriolis(t, m, &f, "after")
	if !before.Shown || !after.Shown {
		t.Fatalf("Coriolis arrow not shown: %+v, %+v", before, after)
	}
	d0, d1 := before.To.Sub(before.From), after.To.Sub(after.From)
	if c := d0.Dot(d1) / (d0.Len() * d1.Len()); !(c < -1+1e-9) {
		t.Errorf("after reversing the spin the Coriolis arrow turns by acos(%v), want 180 degrees: %v -> %v", c, d0, d1)
	}
	if math.Abs(d0.Len()-d1.Len()) > 1e-9 {
		t.Errorf("arrow lengths %v and %v differ", d0.Len(), d1.Len())
	}
	if math.Abs(m.SpinDeg-mgl64.RadToDeg(m.Turn.Spin())) > 1e-9 {
		t.Errorf("spin slider %v does not follow the reversed spin %v deg/s", m.SpinDeg, mgl64.RadToDeg(m.Turn.Spin()))
	}
}

func checkCoriolis(t *testing.T, m *Model, f *render.Frame, when string) {
	t.Helper()
	st := m.Turn.State()
	s, c := math.Sincos(st.DiscAngle)
	vWorldAxes := mgl64.Vec3{c*st.LocalVel[0] - s*st.LocalVel[1], s*st.LocalVel[0] + c*st.LocalVel[1], 0}
	want := mgl64.Vec3{0, 0, st.DiscSpin}.Cross(vWorldAxes).Mul(-2 * m.Turn.Mass)
	a := m.Arrows[ForceCoriolis]
	if a.Force.Sub(want).Len() > 1e-9 {
		t.Errorf("%s: Coriolis arrow force %v, want -2 m w x v1 = %v", when, a.Force, want)
	}
	tip, ok := f.Project(toRender(a.To))
	if !ok {
		t.Fatalf("%s: the Coriolis tip %v is off screen", when, a.To)
	}
	for _, sg := range f.Segments {
		if sg.Color == render.ForceColors[ForceCoriolis] && sg.B.Sub(tip).Len() < 0.5 {
			return
		}
	}
	t.Errorf("%s: no Coriolis-coloured segment ends at the tip %v", when, tip)
}

// TestModelBadControls: controls set to NaN, infinities or huge values are
// ignored, clamped or replaced by defaults, and leave the simulations and
// the picture finite.
func TestModelBadControls(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	var f render.Frame
	m := NewModel()
	m.SetSpinDeg(nan)
	m.SetSpinDeg(inf)
	if m.SpinDeg != mgl64.RadToDeg(1) {
		t.Errorf("non-finite spin not ignored: %v", m.SpinDeg)
	}
	m.SetSpinDeg(-1e300)
	if m.SpinDeg != -MaxSpinDeg || m.Turn.Spin() != mgl64.DegToRad(-MaxSpinDeg) {
		t.Errorf("huge spin not clamped: %v deg/s, model %v rad/s", m.SpinDeg, m.Turn.Spin())
	}
	for _, c := range []struct{ spin, alpha, scale, wantSpin, wantAlpha, wantScale float64 }{
		{nan, nan, nan, 0, 0, DefaultArrowScale},
		{inf, -inf, inf, 0, 0, DefaultArrowScale},
		{-1e308, 1e308, 1e308, -MaxSpinDeg, MaxAlphaDeg, MaxArrowScale},
		{1e308, -1e308, -1, MaxSpinDeg, -MaxAlphaDeg, MinArrowScale},
	} {
		m.SpinDeg, m.AlphaDeg, m.ArrowScale = c.spin, c.alpha, c.scale
		m.Reset()
		if m.SpinDeg != c.wantSpin || m.AlphaDeg != c.wantAlpha || m.ArrowScale != c.wantScale ||
			m.Turn.Spin0 != mgl64.DegToRad(c.wantSpin) || m.Turn.Alpha != mgl64.DegToRad(c.wantAlpha) {
			t.Errorf("controls %v, %v, %v became %v, %v, %v (model %v, %v)", c.spin, c.alpha, c.scale,
				m.SpinDeg, m.AlphaDeg, m.ArrowScale, m.Turn.Spin0, m.Turn.Alpha)
		}
		m.TogglePlay()
		update(m, &f, 30)
		if len(f.Segments) == 0 {
			t.Errorf("controls %v: empty picture", c)
		}
		for _, sg := range f.Segments {
			if !transform.Finite(sg.A[0] + sg.A[1] + sg.B[0] + sg.B[1]) {
				t.Fatalf("controls %v: segment %v is not finite", c, sg)
			}
		}
	}
}

// With Follow on, the car and the flying box stay on screen long after the
// crash; with it off the box leaves the home view.
func TestModelCrashFollow(t *testing.T) {
	onScreen := func(m *Model) (car, box bool) {
		st := m.Crash.State()
		var f render.Frame
		f.Begin(m.Camera, testViewport)
		_, car = f.Project(toRender(st.Car.Position))
		pb, ok := f.Project(toRender(st.BoxWorld.Position))
		box = ok && pb[0] >= 0 && pb[0] <= 1280 && pb[1] >= 0 && pb[1] <= 720
		return car, box
	}
	for _, follow := range []bool{true, false} {
		m := NewModel()
		m.SetPreset(PresetCrash)
		m.Follow = follow
		if err := m.Crash.RunTo(6); err != nil {
			t.Fatal(err)
		}
		var f render.Frame
		m.Picture(&f, testViewport)
		car, box := onScreen(m)
		if follow && !(car && box) {
			t.Errorf("follow on at t=6: car on screen %v, box %v", car, box)
		}
		if !follow && box {
			t.Errorf("follow off at t=6: the box should have left the home view")
		}
	}
}

// TestModelNoAllocs: once the paths are full, a playing update of either
// preset (step and picture) allocates nothing.
func TestModelNoAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("fills the paths: a few seconds")
	}
	var f render.Frame
	m := NewModel()
	for p, fill := range []int{m.Turn.WorldPath.Cap(), m.Crash.CarPath.Cap()} {
		m.SetPreset(Preset(p))
		m.TogglePlay()
		update(m, &f, fill+10)
		if allocs := testing.AllocsPerRun(50, func() { update(m, &f, 1) }); allocs != 0 {
			t.Errorf("preset %v: %v allocations per playing update", Preset(p), allocs)
		}
		if !m.Lab().Playing() {
			t.Errorf("preset %v stopped playing", Preset(p))
		}
	}
}

package dynamicslab

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/dynamics"
	"skewlab/render"
	"skewlab/state"
	"skewlab/transform"
	"skewlab/ui/internal/uitest"
	"skewlab/ui/kit"
)

// dynInput is a tick of input with no gestures and no keys, as the App
// passes it when nothing is pressed.
func dynInput() *kit.Input { return &kit.Input{Width: 1280, Height: 720, DeviceScale: 1, UIScale: 1} }

func dynUpdate(t testing.TB, v *view, n int) {
	t.Helper()
	in := dynInput()
	for i := 0; i < n; i++ {
		if err := v.Update(in); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDynamicsRegistered(t *testing.T) {
	st, errs := state.FromQuery(url.Values{"lab": {"dynamics"}})
	if len(errs) > 0 || st.Lab != "dynamics" {
		t.Fatalf("lab=dynamics: %v, %v", st.Lab, errs)
	}
	kv, err := Lab.NewView(st)
	if err != nil {
		t.Fatal(err)
	}
	v, ok := kv.(*view)
	if !ok {
		t.Fatalf("the dynamics lab's view is %T", kv)
	}
	if v.Title() != "dynamics: turntable" || len(v.Help()) == 0 {
		t.Errorf("title %q, help %v", v.Title(), v.Help())
	}
}

// TestDynamicsNoAllocs: once the paths are full, a playing update of
// either preset (step, picture, strokes, numbers) allocates nothing.
func TestDynamicsNoAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("fills the paths: a few seconds")
	}
	v := newView()
	for p, fill := range []int{v.Turn.WorldPath.Cap(), v.Crash.CarPath.Cap()} {
		v.SetPreset(dynamics.Preset(p))
		v.TogglePlay()
		dynUpdate(t, v, fill+10)
		in := dynInput()
		allocs := testing.AllocsPerRun(50, func() { _ = v.Update(in) })
		if allocs != 0 {
			t.Errorf("preset %s: %v allocations per playing update", v.names[p], allocs)
		}
		if !v.Lab().Playing() {
			t.Errorf("preset %s stopped playing", v.names[p])
		}
	}
}

// TestDynamicsBadValues: controls set to NaN, infinities or huge values
// neither panic nor put NaN in the picture or the numbers.
func TestDynamicsBadValues(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	v := newView()
	v.SetSpinDeg(nan)
	v.SetSpinDeg(inf)
	if v.SpinDeg != mgl64.RadToDeg(1) {
		t.Errorf("non-finite spin not ignored: %v", v.SpinDeg)
	}
	v.SetSpinDeg(1e300)
	if v.SpinDeg != dynamics.MaxSpinDeg {
		t.Errorf("huge spin not clamped: %v", v.SpinDeg)
	}
	for _, bad := range [][3]float64{{nan, nan, nan}, {inf, -inf, inf}, {1e308, -1e308, 0}, {0, 0, -1}} {
		v.SpinDeg, v.AlphaDeg, v.ArrowScale = bad[0], bad[1], bad[2]
		v.Reset()
		v.TogglePlay()
		dynUpdate(t, v, 30)
		checkFinitePicture(t, v, bad)
	}
	v.Turn.Alpha, v.Turn.Mass = nan, -1 // a model set directly, past the controls
	dynUpdate(t, v, 5)
	checkFinitePicture(t, v, [3]float64{})
	v.SetPreset(dynamics.PresetCrash)
	v.Crash.Speed = inf
	v.Reset()
	v.TogglePlay()
	dynUpdate(t, v, 300)
	checkFinitePicture(t, v, [3]float64{})
}

func checkFinitePicture(t *testing.T, v *view, what [3]float64) {
	t.Helper()
	for _, sg := range v.frame.Segments {
		if !transform.Finite(sg.A[0], sg.A[1], sg.B[0], sg.B[1]) {
			t.Fatalf("%v: segment %v is not finite", what, sg)
		}
	}
	for i := 0; i < v.nums.n; i++ {
		s := string(v.nums.lines[i])
		if strings.Contains(s, "NaN") || strings.Contains(s, "Inf") {
			t.Fatalf("%v: readout %q", what, s)
		}
	}
}

// TestPanelNumbers: the panel's number format (render.AppendFixed, which
// replaced the panel's own dynAppendNum with the same output).
func TestPanelNumbers(t *testing.T) {
	for _, c := range []struct {
		x           float64
		width, prec int
		want        string
	}{
		{1.5, 7, 3, "  1.500"},
		{-0.0001, 7, 3, "  0.000"},
		{-12.25, 0, 1, "-12.2"},
		{123456, 3, 0, "123456"},
		{math.NaN(), 4, 2, "   -"},
		{math.Inf(-1), 0, 2, "-"},
	} {
		if got := string(render.AppendFixed([]byte("x"), c.x, c.width, c.prec)); got != "x"+c.want {
			t.Errorf("AppendFixed(%v, %d, %d) = %q, want %q", c.x, c.width, c.prec, got, "x"+c.want)
		}
	}
}

// TestDynamicsGUI draws the dynamics lab as the app does (background,
// picture, numbers, windows) at moments of both presets in the game loop,
// checks that the force arrows and the paths are on screen, and, when
// SKEWLAB_SHOTS names a directory, saves the pictures there as PNG.
func TestDynamicsGUI(t *testing.T) {
	uitest.NeedLoop(t)
	st := state.Default()
	st.Lab = "dynamics"
	kv, err := Lab.NewView(st)
	if err != nil {
		t.Fatal(err)
	}
	v := kv.(*view)
	// The app's input for a 1280x720 screen at device scale 1, every
	// window shown, anti-aliasing on (fixed: auto would decide by the
	// test's own frame rate after 4 s).
	in := &kit.Input{Width: 1280, Height: 720, DeviceScale: 1, UIScale: 1, Level: kit.LevelFull, AntiAlias: true, Keys: true}
	in.ViewX, in.ViewW = kit.FreeBand(in)
	var ui debugui.DebugUI
	windows := func(ctx *debugui.Context) error { v.Windows(ctx, in); return nil }
	shot := func(name string) *image.RGBA {
		for i := 0; i < 3; i++ {
			if _, err := ui.Update(windows); err != nil {
				t.Fatal(err)
			}
			if err := v.Update(in); err != nil {
				t.Fatal(err)
			}
			in.Resized = false
		}
		img := ebiten.NewImage(int(in.Width), int(in.Height))
		defer img.Deallocate()
		img.Fill(render.Background)
		v.Draw(img)
		ui.Draw(img)
		if dir := os.Getenv("SKEWLAB_SHOTS"); dir != "" {
			savePNG(t, img, filepath.Join(dir, name+".png"))
		}
		out := image.NewRGBA(img.Bounds())
		img.ReadPixels(out.Pix)
		return out
	}
	count := func(img *image.RGBA, c render.Color) int {
		n := 0
		r, g, b := uint8(c.R*255), uint8(c.G*255), uint8(c.B*255)
		for i := 0; i+3 < len(img.Pix); i += 4 {
			p := img.Pix[i:]
			if absDiff(p[0], r) < 12 && absDiff(p[1], g) < 12 && absDiff(p[2], b) < 12 {
				n++
			}
		}
		return n
	}
	if err := v.Turn.RunTo(2.5); err != nil {
		t.Fatal(err)
	}
	img := shot("dynamics-turntable")
	for _, c := range []render.Color{render.ForceColors[dynamics.ForceCoriolis], render.ForceColors[dynamics.ForceCentrifugal], render.WorldPathColor, render.DiscPathColor} {
		if n := count(img, c); n < 30 {
			t.Errorf("turntable: only %d pixels of %v", n, c)
		}
	}
	v.ReverseSpin()
	shot("dynamics-turntable-reversed")
	v.SetPreset(dynamics.PresetCrash)
	for _, on := range []bool{true, false} {
		v.SetCounteract(on)
		if err := v.Crash.RunTo(2.2); err != nil {
			t.Fatal(err)
		}
		name := "dynamics-crash"
		if !on {
			name += "-off"
		}
		img := shot(name)
		if n := count(img, render.DiscPathColor); n < 30 {
			t.Errorf("crash (counteract %v): only %d pixels of the box's colour", on, n)
		}
	}
}

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}

// TestDynamicsCrashSpinDown: the crash lab explains why the stopped car
// keeps turning. The panel says when the spin-down ends (t = CrashTime +
// SpinDown = 3 s) while it lasts and that the car is still after it; the
// controls' text gives the preset's numbers, derived here by hand from
// dynamics.NewCrash: 0.5 rad/s = 28.6 deg/s, over 2 s, 14.3 deg/s^2.
func TestDynamicsCrashSpinDown(t *testing.T) {
	c := dynamics.NewCrash()
	rate := c.YawRate * 180 / math.Pi
	for _, want := range []string{
		fmt.Sprintf("(%.1f deg/s)", rate),
		fmt.Sprintf("over %g s (t = %g to %g s", c.SpinDown, c.CrashTime, c.CrashTime+c.SpinDown),
		fmt.Sprintf("%.1f deg/s^2", rate/c.SpinDown),
	} {
		if !strings.Contains(crashSpinDownText, want) {
			t.Errorf("crash text lacks %q", want)
		}
	}
	panel := func(at float64) string {
		v := newView()
		v.SetPreset(dynamics.PresetCrash)
		if err := v.Crash.RunTo(at); err != nil {
			t.Fatal(err)
		}
		v.dirty = true
		if err := v.Update(dynInput()); err != nil {
			t.Fatal(err)
		}
		var all []string
		for i := 0; i < v.nums.n; i++ {
			all = append(all, string(v.nums.lines[i]))
		}
		return strings.Join(all, "\n")
	}
	if p := panel(2); !strings.Contains(p, "spin-down: yaw rate falls to 0 by t = 3.0 s") {
		t.Errorf("panel at t = 2 s:\n%s", p)
	}
	if p := panel(4); !strings.Contains(p, "spin-down over") {
		t.Errorf("panel at t = 4 s:\n%s", p)
	}
	if p := panel(0.5); strings.Contains(p, "spin-down") {
		t.Errorf("panel before the crash mentions the spin-down:\n%s", p)
	}
}

// savePNG writes img as a PNG file at path.
func savePNG(t *testing.T, img *ebiten.Image, path string) {
	t.Helper()
	out := image.NewRGBA(img.Bounds())
	img.ReadPixels(out.Pix)
	var buf bytes.Buffer
	if err := png.Encode(&buf, out); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCounteractFromStateAndShare: counteract=off in the state (the
// tour's step 13, a URL) opens the crash without counteraction, and Share
// writes it back; with it on again Share leaves it out (the default).
func TestCounteractFromStateAndShare(t *testing.T) {
	st, errs := state.FromSearch("lab=dynamics&preset=crash&counteract=off")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	kv, err := Lab.NewView(st)
	if err != nil {
		t.Fatal(err)
	}
	v := kv.(*view)
	if v.Counteract || v.Crash.Counteract || v.Preset != dynamics.PresetCrash {
		t.Fatalf("counteract=off opened preset %v with counteract %v (model %v)", v.Preset, v.Counteract, v.Crash.Counteract)
	}
	share := func() string {
		out := state.Default()
		out.Lab = Lab.State.Name
		v.Share(&out)
		return out.Query()
	}
	if q := share(); !strings.Contains(q, "counteract=off") || !strings.Contains(q, "preset=crash") {
		t.Errorf("Share with counteraction off gives %q", q)
	}
	v.SetCounteract(true)
	if q := share(); strings.Contains(q, "counteract") {
		t.Errorf("Share with counteraction on gives %q, want it left out", q)
	}
}

// TestPanelShrinks: with the UI off the numbers panel keeps its two
// headline lines (the turntable's time and spin; the crash's moment and
// counteraction), and the picture lies beside or under it, never under
// it. With the full UI at 1920x1080 (the band from 342 to 1920) the
// whole panel (16 lines for the turntable: the headline, a blank, the
// ball on the disc and in the world, four forces) stands beside it; in
// the 656-pixel band beside the lecture column at 1280x720 UI 2x it
// would leave the picture less than half the band, so it shrinks too.
func TestPanelShrinks(t *testing.T) {
	for _, c := range []struct {
		name   string
		in     kit.Input
		preset dynamics.Preset
		lines  int
	}{
		{"ui off, turntable", kit.Input{Width: 800, Height: 450, DeviceScale: 1, UIScale: 1, Level: kit.LevelOff}, dynamics.PresetTurntable, 2},
		{"ui off, crash", kit.Input{Width: 800, Height: 450, DeviceScale: 1, UIScale: 1, Level: kit.LevelOff}, dynamics.PresetCrash, 2},
		{"1920x1080, turntable", kit.Input{Width: 1920, Height: 1080, DeviceScale: 1, UIScale: 1, ViewX: 342, ViewW: 1578}, dynamics.PresetTurntable, 16},
		{"1280x720 UI 2x, turntable", kit.Input{Width: 1280, Height: 720, DeviceScale: 1, UIScale: 2, ViewX: 624, ViewW: 656}, dynamics.PresetTurntable, 2},
	} {
		v := newView()
		v.SetPreset(c.preset)
		in := c.in
		if err := v.Update(&in); err != nil {
			t.Fatal(err)
		}
		if v.nums.n != c.lines {
			t.Errorf("%s: %d lines in the panel, want %d", c.name, v.nums.n, c.lines)
		}
		x0, y0, pw, ph := v.nums.rect(v.w)
		vp := v.pictureViewport()
		if vp.X < x0+pw && x0 < vp.X+vp.W && vp.Y < y0+ph && y0 < vp.Y+vp.H {
			t.Errorf("%s: the picture %v lies under the panel at (%v, %v) %vx%v", c.name, vp, x0, y0, pw, ph)
		}
	}
}

package pistonlab

import (
	"bytes"
	"image"
	"strings"
	"testing"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/piston"
	"skewlab/scene"
	"skewlab/state"
	"skewlab/ui/internal/uitest"
	"skewlab/ui/kit"
)

// animatedPiston is the piston preset with two animations: "slide"
// moves B by 3 along x over 2 s (LINEAR), "turn" turns A about y by 90
// degrees over 1 s (LINEAR); the model shows "slide", paused at 0 s.
func animatedPiston(t testing.TB) *piston.Model {
	t.Helper()
	sc, err := scene.NewPreset("piston")
	if err != nil {
		t.Fatal(err)
	}
	b, a := sc.Index("B"), sc.Index("A")
	p, q := sc.Nodes[b].Local.Position, sc.Nodes[a].Local.Rotation
	const s = 0.70710678118654752 // cos 45°, sin 45°: a quarter turn about y, (w, x, y, z)
	q2 := q.Mul(mgl64.Quat{W: s, V: mgl64.Vec3{0, s, 0}})
	sc.Animations = []*scene.Animation{
		{Name: "slide", Channels: []scene.Channel{{Node: b, Path: scene.PathTranslation, Times: []float64{0, 2},
			Values: []float64{p[0], p[1], p[2], p[0] + 3, p[1], p[2]}, Width: 3}}},
		{Name: "turn", Channels: []scene.Channel{{Node: a, Path: scene.PathRotation, Times: []float64{0, 1},
			Values: []float64{q.W, q.V[0], q.V[1], q.V[2], q2.W, q2.V[0], q2.V[1], q2.V[2]}, Width: 4}}},
	}
	if err := sc.CheckAnimations(); err != nil {
		t.Fatal(err)
	}
	m, err := piston.NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	m.Load(sc, nil)
	return m
}

// pressKeys makes keyJustPressed report keys as pressed for the
// duration of one call of f (one tick), as inpututil would.
func pressKeys(f func(), keys ...ebiten.Key) {
	was := keyJustPressed
	defer func() { keyJustPressed = was }()
	keyJustPressed = func(k ebiten.Key) bool {
		for _, p := range keys {
			if k == p {
				return true
			}
		}
		return false
	}
	f()
}

// tick runs one Update of v at in (no key pressed) and returns the
// picture drawn after it.
func tick(t *testing.T, v *view, in kit.Input) *image.RGBA {
	t.Helper()
	if err := v.Update(&in); err != nil {
		t.Fatal(err)
	}
	return uitest.Picture(gw, gh, image.Black, v.Draw)
}

var timelineInput = kit.Input{Width: gw, Height: gh, DeviceScale: 1, UIScale: 1, Keys: true}

// TestSpacePlaysAndPauses, in the game loop: in a scene with an
// animation Space plays (the time advances by 1/60 s per tick, the
// picture changes from frame to frame, the view animates), and Space
// again pauses (the time, the frame readout and the picture stay as
// they are over further ticks, and the view is quiet). Shift+Space
// still spins B.
func TestSpacePlaysAndPauses(t *testing.T) {
	uitest.NeedLoop(t)
	m := animatedPiston(t)
	v := newView(m)
	in := timelineInput
	still := tick(t, v, in)
	if v.Animating() || m.Player.Playing {
		t.Fatal("the timeline plays before Space")
	}
	pressKeys(func() { still = tick(t, v, in) }, ebiten.KeySpace)
	if !m.Player.Playing || !v.Animating() {
		t.Fatal("Space did not play")
	}
	prev := still
	const ticks = 12
	for i := 0; i < ticks; i++ {
		img := tick(t, v, in)
		if bytes.Equal(img.Pix, prev.Pix) {
			t.Errorf("playing tick %d drew the same picture as the one before", i+1)
		}
		prev = img
	}
	// The Space tick itself advanced one tick too.
	if want := float64(ticks+1) / state.TicksPerSecond; !near(m.Player.Time, want) {
		t.Errorf("time %.15g after %d playing ticks, want %g", m.Player.Time, ticks+1, want)
	}
	pressKeys(func() { prev = tick(t, v, in) }, ebiten.KeySpace)
	if m.Player.Playing || v.Animating() {
		t.Fatal("Space did not pause")
	}
	paused, frame := m.Player.Time, v.tl.readoutText(m)
	for i := 0; i < 6; i++ {
		img := tick(t, v, in)
		if !bytes.Equal(img.Pix, prev.Pix) {
			t.Errorf("paused tick %d drew a different picture", i+1)
		}
	}
	if m.Player.Time != paused || v.tl.readoutText(m) != frame {
		t.Errorf("paused: time moved from %g to %g, readout %q to %q", paused, m.Player.Time, frame, v.tl.readoutText(m))
	}
	in.Shift = true
	pressKeys(func() { tick(t, v, in) }, ebiten.KeySpace)
	if !m.Spin || m.Player.Playing {
		t.Errorf("Shift+Space: spin %v, playing %v; want spin on, still paused", m.Spin, m.Player.Playing)
	}
}

// TestSpaceSpinsWithoutAnimation: in the piston preset (no animation)
// Space spins B as it always did, and , and . do nothing.
func TestSpaceSpinsWithoutAnimation(t *testing.T) {
	m, err := piston.NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	v := newView(m)
	pressKeys(func() { _ = v.Update(&timelineInput) }, ebiten.KeySpace, ebiten.KeyPeriod)
	if !m.Spin || m.Player.Playing || m.Player.Time != 0 {
		t.Errorf("Space in the piston preset: spin %v, timeline %+v; want spin on, no timeline", m.Spin, m.Player)
	}
}

// TestCommaAndPeriodStepFrames: . and , step one frame (1/30 s) forward
// and back, pausing a playing timeline.
func TestCommaAndPeriodStepFrames(t *testing.T) {
	m := animatedPiston(t)
	v := newView(m)
	m.Scrub(0.5)
	m.SetPlaying(true)
	pressKeys(func() { _ = v.Update(&timelineInput) }, ebiten.KeyPeriod)
	if m.Player.Playing || !near(m.Player.Time, 16.0/30) {
		t.Errorf(". from 0.5 s: %.15g s playing %v, want 16/30 s paused", m.Player.Time, m.Player.Playing)
	}
	for i := 0; i < 3; i++ {
		pressKeys(func() { _ = v.Update(&timelineInput) }, ebiten.KeyComma)
	}
	if !near(m.Player.Time, 13.0/30) {
		t.Errorf("three , from 16/30 s: %.15g s, want 13/30 s", m.Player.Time)
	}
	if got := v.tl.readoutText(m); !strings.Contains(got, "frame 13 / 60") {
		t.Errorf("readout %q, want frame 13 / 60", got)
	}
	// Keys typed into a field are not shortcuts.
	in := timelineInput
	in.Keys = false
	pressKeys(func() { _ = v.Update(&in) }, ebiten.KeyPeriod)
	if !near(m.Player.Time, 13.0/30) {
		t.Errorf(". with a field focused moved the time to %g", m.Player.Time)
	}
}

func near(a, b float64) bool { return a-b <= 1e-12 && b-a <= 1e-12 }

// TestTimelineLayout lays the windows out as the App does at 1280x720 UI
// 1x and 1920x1080 UI 2x (the Compact layout), and at the min level: the
// Timeline window is shown for an animated scene with several
// animations, its rows (play, time slider, readout, chooser) lie inside
// it and on screen, and the window, in device pixels, lies outside the
// picture's band and clear of the App's Lab window. The piston preset
// shows no Timeline.
func TestTimelineLayout(t *testing.T) {
	uitest.NeedLoop(t)
	for _, c := range []struct {
		w, h, scale int
		level       kit.Level
	}{{1280, 720, 1, kit.LevelFull}, {1920, 1080, 2, kit.LevelFull}, {1280, 720, 2, kit.LevelFull}, {1280, 720, 1, kit.LevelMin}} {
		m := animatedPiston(t)
		v := newView(m)
		in := kit.Input{Width: float64(c.w), Height: float64(c.h), DeviceScale: 1, UIScale: c.scale, Level: c.level, SetUIScale: func(int) {}}
		in.ViewX, in.ViewW = kit.FreeBand(&in)
		layWindows(t, v, &in)
		s := kit.UIPixels(&in)
		r := v.tl.rect
		if r.Empty() {
			t.Fatalf("%dx%d UI %dx level %d: no Timeline window", c.w, c.h, c.scale, c.level)
		}
		px := image.Rect(r.Min.X*s, r.Min.Y*s, r.Max.X*s, r.Max.Y*s)
		band := image.Rect(int(in.ViewX), 0, int(in.ViewX+in.ViewW), c.h)
		screen := image.Rect(0, 0, c.w, c.h)
		if px.Overlaps(band) || !px.In(screen) {
			t.Errorf("%dx%d UI %dx: Timeline at %v px covers the picture's band %v or leaves the screen", c.w, c.h, c.scale, px, band)
		}
		if lw := kit.NewColumns(&in).LabWindow(); r.Overlaps(lw) {
			t.Errorf("%dx%d UI %dx: Timeline %v overlaps the Lab window %v", c.w, c.h, c.scale, r, lw)
		}
		body := image.Rect(r.Min.X, r.Min.Y+20, r.Max.X, r.Max.Y)
		for k, row := range v.tl.rows {
			if row.Empty() || !row.In(body) {
				t.Errorf("%dx%d UI %dx: Timeline row %d at %v, outside the window's body %v", c.w, c.h, c.scale, k, row, body)
			}
		}
		t.Logf("%dx%d UI %dx level %d: Timeline %v px, band %v", c.w, c.h, c.scale, c.level, px, band)
	}
	m, err := piston.NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	v := newView(m)
	in := kit.Input{Width: 1280, Height: 720, DeviceScale: 1, UIScale: 1, Level: kit.LevelFull}
	layWindows(t, v, &in)
	if !v.tl.rect.Empty() {
		t.Errorf("the piston preset shows a Timeline at %v", v.tl.rect)
	}
}

// layWindows runs v's Update and three debugui updates of its windows at
// in (debugui lays a new window out on its first frames), in a fresh
// DebugUI.
func layWindows(t *testing.T, v *view, in *kit.Input) {
	t.Helper()
	var ui debugui.DebugUI
	layWindowsIn(t, &ui, v, in)
}

// layWindowsIn is layWindows in ui, which keeps the windows of earlier
// updates, as the App's does.
func layWindowsIn(t *testing.T, ui *debugui.DebugUI, v *view, in *kit.Input) {
	t.Helper()
	if err := v.Update(in); err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 3; k++ {
		if _, err := ui.Update(func(ctx *debugui.Context) error {
			ctx.SetScale(kit.UIPixels(in))
			v.Windows(ctx, in)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestTimelineAppearsWithTheScene: in one DebugUI, as in the App, a
// scene with animations loaded after the piston brings the Timeline
// without it covering the Nodes window (debugui keeps a window where it
// was first laid out: the view lays every window out afresh when the
// Timeline comes or goes), and loading the piston again drops it and
// gives Nodes its place back.
func TestTimelineAppearsWithTheScene(t *testing.T) {
	uitest.NeedLoop(t)
	m, err := piston.NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	v := newView(m)
	in := kit.Input{Width: 1280, Height: 720, DeviceScale: 1, UIScale: 1, Level: kit.LevelFull, SetUIScale: func(int) {}}
	in.ViewX, in.ViewW = kit.FreeBand(&in)
	var ui debugui.DebugUI
	layWindowsIn(t, &ui, v, &in)
	nodesAlone := v.nodesAt
	if nodesAlone.Empty() || !v.tl.rect.Empty() {
		t.Fatalf("piston: Nodes at %v, Timeline at %v; want Nodes and no Timeline", nodesAlone, v.tl.rect)
	}
	m.Load(animatedPiston(t).Scene, nil)
	v.tl.rect = image.Rectangle{}
	layWindowsIn(t, &ui, v, &in)
	if v.tl.rect.Empty() || v.tl.rect.Overlaps(v.nodesAt) || v.nodesAt.Empty() {
		t.Errorf("animated scene loaded: Timeline at %v, Nodes at %v; want both, apart", v.tl.rect, v.nodesAt)
	}
	if err := m.LoadPreset("piston"); err != nil {
		t.Fatal(err)
	}
	v.tl.rect = image.Rectangle{}
	layWindowsIn(t, &ui, v, &in)
	if !v.tl.rect.Empty() || v.nodesAt != nodesAlone {
		t.Errorf("piston again: Timeline at %v, Nodes at %v; want no Timeline, Nodes at %v", v.tl.rect, v.nodesAt, nodesAlone)
	}
}

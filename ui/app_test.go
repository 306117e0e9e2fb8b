package ui

import (
	"image"
	"os"
	"skewlab/ui/kit"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/state"
	"skewlab/ui/internal/uitest"
)

// TestHelpOverlayAndMissingLab draws the app with the help overlay on,
// and a lab without a view, in the game loop: neither may panic, the
// overlay must put light text on its dark box, and the lab must say it is
// missing.
func TestHelpOverlayAndMissingLab(t *testing.T) {
	uitest.NeedLoop(t)
	a, err := NewApp(state.Default(), Config{}, testLabs)
	if err != nil {
		t.Fatal(err)
	}
	a.LayoutF(800, 600)
	a.help = true
	img := ebiten.NewImage(800, 600)
	defer img.Deallocate()
	a.Draw(img)
	out := image.NewRGBA(image.Rect(0, 0, 800, 600))
	img.ReadPixels(out.Pix)
	if p := os.Getenv("SKEWLAB_HELP_PNG"); p != "" {
		_ = savePNG(img, p)
	}
	light := 0
	for y := 200; y < 400; y++ {
		for x := 150; x < 650; x++ {
			if out.Pix[y*out.Stride+4*x+1] > 180 {
				light++
			}
		}
	}
	if light < 200 {
		t.Errorf("help overlay: %d light pixels in the middle, want text", light)
	}
	v := &missingView{Lab: "nosuchlab"}
	in := kit.Input{Width: 800, Height: 600, DeviceScale: 1, UIScale: 1}
	if err := v.Update(&in); err != nil {
		t.Fatal(err)
	}
	v.Draw(img)
	if v.Title() == "" || v.msg == "" {
		t.Error("missing lab has no title or message")
	}
}

// newSettlingApp is an App with anti-aliasing on (a final choice, so
// settling waits on nothing else) laid out at 640x480.
func newSettlingApp(t *testing.T) *App {
	t.Helper()
	st := state.Default()
	st.AntiAlias = "on"
	a, err := NewApp(st, Config{}, testLabs)
	if err != nil {
		t.Fatal(err)
	}
	a.LayoutF(640, 480)
	return a
}

// TestSettled: the app settles settleFrames drawn frames after its last
// change (here a new screen size), never while the view animates, and with
// aa=auto only once the anti-aliasing choice is final.
func TestSettled(t *testing.T) {
	uitest.NeedLoop(t)
	img := ebiten.NewImage(640, 480)
	defer img.Deallocate()
	framesToSettle := func(a *App, limit int) int {
		for n := 0; n < limit; n++ {
			if a.Settled() {
				return n
			}
			if err := a.Update(); err != nil {
				t.Fatal(err)
			}
			a.Draw(img)
		}
		return -1
	}
	a := newSettlingApp(t)
	if n := framesToSettle(a, 20); n != settleFrames {
		t.Errorf("aa=on: settled after %d frames, want %d", n, settleFrames)
	}
	a.LayoutF(600, 400) // a resize is a change
	if n := framesToSettle(a, 20); n != settleFrames {
		t.Errorf("after a resize: settled after %d frames, want %d", n, settleFrames)
	}
	if !a.AntiAliased() {
		t.Error("aa=on draws without anti-aliasing")
	}

	st := state.Default()
	st.AntiAlias, st.Spin = "on", true
	a, _ = NewApp(st, Config{}, testLabs)
	a.LayoutF(640, 480)
	if n := framesToSettle(a, 20); n != -1 {
		t.Errorf("spinning B: settled after %d frames, want never", n)
	}

	st.Spin, st.AntiAlias = false, "auto"
	a, _ = NewApp(st, Config{}, testLabs)
	a.LayoutF(640, 480)
	framesToSettle(a, 1)
	a.start = time.Now().Add(time.Hour) // the choice's window has not come
	if n := framesToSettle(a, 20); n != -1 {
		t.Errorf("aa=auto before its choice: settled after %d frames, want never", n)
	}
	a.start = time.Now().Add(-6 * time.Second) // past the window: final either way
	if n := framesToSettle(a, 20); n < 1 || n > settleFrames {
		t.Errorf("aa=auto after its choice: settled after %d frames, want 1 to %d", n, settleFrames)
	}

	st.AntiAlias = "off"
	a, _ = NewApp(st, Config{}, testLabs)
	if a.AntiAliased() {
		t.Error("aa=off draws anti-aliased")
	}
}

// TestOnDemand: the app asks for frames on demand exactly when it is
// settled; Wake and a resize bring back frames at the display's rate for
// settleFrames frames; a spinning view never goes on demand; while hidden
// Update does no work (no tick counted) and the app is on demand, and
// shown again it draws as after an input.
func TestOnDemand(t *testing.T) {
	uitest.NeedLoop(t)
	//lint:ignore SA1019 the mode the tests' own loop had, restored
	defer ebiten.SetFPSMode(ebiten.FPSModeVsyncOn)
	img := ebiten.NewImage(640, 480)
	defer img.Deallocate()
	frame := func(a *App) {
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
		a.Draw(img)
	}
	// framesToDemand returns the frames drawn until the app is on demand,
	// checking that it is so only when settled.
	framesToDemand := func(a *App, limit int) int {
		for n := 1; n <= limit; n++ {
			frame(a)
			if a.OnDemand() != a.Settled() {
				t.Fatalf("frame %d: on demand %v, settled %v", n, a.OnDemand(), a.Settled())
			}
			if a.OnDemand() {
				return n
			}
		}
		return -1
	}
	a := newSettlingApp(t)
	if n := framesToDemand(a, 20); n != settleFrames {
		t.Errorf("at the start: on demand after %d frames, want %d", n, settleFrames)
	}
	a.Wake()
	if n := framesToDemand(a, 20); n != settleFrames {
		t.Errorf("after Wake: on demand after %d frames, want %d", n, settleFrames)
	}
	a.LayoutF(600, 400)
	if n := framesToDemand(a, 20); n != settleFrames {
		t.Errorf("after a resize: on demand after %d frames, want %d", n, settleFrames)
	}
	// A Draw without a tick before it (input woke a frame sooner than
	// the clock gave a tick) is not a calm frame.
	a.Wake()
	frame(a)
	a.Draw(img)
	a.Draw(img)
	if a.calm != 1 {
		t.Errorf("calm %d after one tick and three draws, want 1", a.calm)
	}

	a.SetHidden(true)
	ticks, draws := a.Frames()
	frame(a)
	if t2, d2 := a.Frames(); t2 != ticks || d2 != draws+1 || !a.OnDemand() {
		t.Errorf("hidden: ticks %d -> %d (want no change), draws %d -> %d (want +1), on demand %v", ticks, t2, draws, d2, a.OnDemand())
	}
	a.SetHidden(false)
	if n := framesToDemand(a, 20); n != settleFrames {
		t.Errorf("shown again: on demand after %d frames, want %d", n, settleFrames)
	}

	st := state.Default()
	st.AntiAlias, st.Spin = "on", true
	a, _ = NewApp(st, Config{}, testLabs)
	a.LayoutF(640, 480)
	if n := framesToDemand(a, 20); n != -1 {
		t.Errorf("spinning B: on demand after %d frames, want never", n)
	}
	a.SetHidden(true)
	frame(a)
	if !a.OnDemand() {
		t.Error("spinning B, hidden: not on demand")
	}
}

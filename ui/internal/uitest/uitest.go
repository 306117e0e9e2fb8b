// Package uitest runs a package's tests inside ebiten's game loop when a
// display is available (under Xvfb in CI), so tests can draw images and
// read them back. The packages under ui share it from their TestMain.
package uitest

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/state"
)

// haveLoop is true while the tests run inside ebiten's game loop.
var haveLoop bool

// loopRunner runs the test binary's tests from inside the game loop's
// first Update, then ends the loop.
type loopRunner struct {
	m    *testing.M
	code int
}

func (r *loopRunner) Update() error {
	haveLoop = true
	r.code = r.m.Run()
	return ebiten.Termination
}
func (r *loopRunner) Draw(*ebiten.Image)         {}
func (r *loopRunner) Layout(w, h int) (int, int) { return w, h }

// Main installs labs in package state (the labs the package's tests parse
// states for; none for a package that needs none), then runs m's tests
// inside the real ebiten game loop when a display is available and exits
// with their status. Without a display (or when the
// loop does not start) the tests run outside it: the ones that call
// NeedLoop skip, or fail when the CI environment variable is set.
func Main(m *testing.M, labs ...state.Lab) {
	if len(labs) > 0 {
		state.UseLabs(labs...)
	}
	if !hasDisplay() {
		os.Exit(m.Run())
	}
	r := &loopRunner{m: m, code: -1}
	ebiten.SetWindowSize(320, 240)
	err := func() (err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("%v", p)
			}
		}()
		return ebiten.RunGame(r)
	}()
	if r.code >= 0 {
		os.Exit(r.code)
	}
	fmt.Fprintln(os.Stderr, "ui tests: the game loop did not start:", err)
	os.Exit(m.Run())
}

func hasDisplay() bool {
	if runtime.GOOS != "linux" {
		return true
	}
	return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
}

// HaveLoop reports whether the tests run inside the game loop.
func HaveLoop() bool { return haveLoop }

// NeedLoop skips t when the game loop is not running, or fails it under
// CI, where a display is required (run: xvfb-run -a go test ./ui/...).
func NeedLoop(t testing.TB) {
	t.Helper()
	if haveLoop {
		return
	}
	msg := "no display: run under xvfb-run -a -s \"-screen 0 1280x720x24\" go test ./ui/..."
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// Picture draws with draw on a new w x h image filled with bg (nil: left
// transparent) and returns the pixels read back. It needs the game loop
// (call NeedLoop first).
func Picture(w, h int, bg color.Color, draw func(*ebiten.Image)) *image.RGBA {
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	if bg != nil {
		img.Fill(bg)
	}
	draw(img)
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	img.ReadPixels(out.Pix)
	return out
}

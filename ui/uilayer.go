package ui

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"skewlab/ui/kit"
)

// The UI layer: debugui lays its windows out (Update) and draws them
// (Draw) with allocations in every widget and every text, and it did so
// on every tick: most of a web page's own work per frame, and most of
// what a frame allocated (docs/web.md, "The page's own work"). The App
// keeps the windows' picture instead, in a layer the size of the screen,
// composited over the picture every frame, and lays the UI out again only
// when it can have changed:
//   - on a tick with input (the pointer moved, a button or key is held or
//     was released, a character typed, the wheel, a touch), a new screen
//     size, UI level or scale, a wake (a page's call, a dropped file), a
//     file opened, a tour step, or a layout record or screenshot asked
//     for, and while the frames after such a change settle;
//   - while the view animates, once per drawn frame, unless the view says
//     its windows are still (kit.StillWindows): the piston lab's spin
//     changes only the Readouts, which are live rows (kit.LiveRow) drawn
//     every frame through holes in the layer;
//   - never otherwise: a settled App runs no ticks anyway.
//
// The layer is drawn again only after a layout. A spinning piston at
// 1280x720 with every window then draws its frame without allocating
// (TestFrameAllocatesNothing).

// uiState is the App's UI layer and when it was last made.
type uiState struct {
	layer   *ebiten.Image
	stale   bool // laid out since the layer was drawn
	laidAt  int  // a.draws when the UI was last laid out
	force   bool // lay out at the next tick (a change that is not input)
	level   kit.Level
	px      int // the UI's pixel scale at the last layout
	present bool
	ever    bool
	// animating is whether the view animated at the end of the last
	// tick: when it stops, the App counts it as a change (calm = 0).
	animating bool
}

// uiDue reports whether this tick lays the UI out (see above).
func (a *App) uiDue(in *kit.Input) bool {
	u := &a.uiLayer
	if !u.ever || u.force || in.Resized || in.Level != u.level || kit.UIPixels(in) != u.px || in.Present != u.present ||
		a.calm < settleFrames || a.layout.want || a.cfg.Screenshot != "" || a.inputNow() {
		return true
	}
	if !a.view().Animating() {
		return false
	}
	if s, ok := a.view().(kit.StillWindows); ok && s.WindowsStill() {
		return false
	}
	return u.laidAt != a.draws
}

// laidOut records a layout of the UI.
func (a *App) laidOut(in *kit.Input) {
	u := &a.uiLayer
	u.stale, u.ever, u.force = true, true, false
	u.laidAt, u.level, u.px, u.present = a.draws, in.Level, kit.UIPixels(in), in.Present
}

// inputNow reports whether this tick has input that can change what the
// UI shows: the pointer moved, a mouse button is held or was released, a
// key is held or was released, a character was typed, the wheel turned,
// or a touch is down or was released. It uses keyBuf and touchBuf as
// scratch.
func (a *App) inputNow() bool {
	_, wy := ebiten.Wheel()
	x, y := ebiten.CursorPosition()
	if x != a.lastX || y != a.lastY || wy != 0 {
		return true
	}
	for b := ebiten.MouseButton0; b <= ebiten.MouseButtonMax; b++ {
		if ebiten.IsMouseButtonPressed(b) || inpututil.IsMouseButtonJustReleased(b) {
			return true
		}
	}
	a.keyBuf = inpututil.AppendPressedKeys(a.keyBuf[:0])
	a.keyBuf = inpututil.AppendJustReleasedKeys(a.keyBuf)
	a.touchBuf = ebiten.AppendTouchIDs(a.touchBuf[:0])
	a.touchBuf = inpututil.AppendJustReleasedTouchIDs(a.touchBuf)
	a.chars = ebiten.AppendInputChars(a.chars[:0])
	return len(a.keyBuf) > 0 || len(a.touchBuf) > 0 || len(a.chars) > 0
}

// drawUI draws the UI onto screen: the layer, drawn again first when the
// UI was laid out since, with the live rows under it.
func (a *App) drawUI(screen *ebiten.Image) {
	u := &a.uiLayer
	b := screen.Bounds()
	if u.layer == nil || u.layer.Bounds().Dx() != b.Dx() || u.layer.Bounds().Dy() != b.Dy() {
		if u.layer != nil {
			u.layer.Deallocate()
		}
		u.layer = ebiten.NewImage(max(1, b.Dx()), max(1, b.Dy()))
		u.stale = true
	}
	if u.stale {
		u.layer.Clear()
		kit.BeginUILayer()
		a.ui.Draw(u.layer)
		kit.EndUILayer()
		u.stale = false
	}
	kit.DrawLive(screen)
	screen.DrawImage(u.layer, nil)
}

// Package ui is skewlab's interactive window: an ebiten Game (App) that
// hosts one or more lab views, each drawing its own picture and its own
// debugui windows. It is, with package main, the only package that imports
// ebiten or debugui. Views are bound to models that call transform, modes
// and render for every number; ui itself only lays out and routes input.
package kit

import (
	"io/fs"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/render"
	"skewlab/state"
)

// Level is how much UI is shown: LevelFull (every window), LevelMin (only
// the mode chooser and the seed's slider) or LevelOff (a clean figure).
type Level int

// The UI levels, in the order of state.UILevels.
const (
	LevelFull Level = iota
	LevelMin
	LevelOff
)

// Input is one tick's pointer, wheel and keyboard routing, prepared by the
// App. Coordinates are device pixels of the screen image, y down. Camera
// gestures are only reported when they started outside the UI, and Keys is
// false while a UI field has focus, so views never act on input meant for
// a widget.
type Input struct {
	Width, Height float64 // screen size in device pixels
	DX, DY        float64 // pointer motion since the last tick
	Orbit, Pan    bool    // a left drag (orbit) or right/shift drag (pan) is in progress
	Wheel         float64 // wheel steps this tick, positive away from the user
	Keys          bool    // shortcuts may fire (no text or number field has focus)
	Shift         bool    // a shift key is held
	Resized       bool    // the screen size changed since the last tick
	// OpenErrorsShown reports that the host shows a refused file's error
	// itself (the web page's message box, ui.Config.Opened): a view then
	// keeps it out of its picture.
	OpenErrorsShown bool
	DeviceScale     float64     // device scale factor (HiDPI), at least 1
	UIScale         int         // the user's UI scale, 1 to 3
	Level           Level       // how much UI is shown
	SetUIScale      func(n int) // changes the UI scale (1 to 3); nil when not offered
	AntiAlias       bool        // draw lines anti-aliased (the aa setting; auto turns it off for good when frames stay slow)
	ViewX, ViewW    float64     // the band of the screen the windows leave free for the picture; ViewW 0 means all of it
	ViewH           float64     // the picture's height from the top (the tour's caption takes the rest); 0 means the full height
	TourKeys        bool        // the tour is shown: Left, Right, PageUp, PageDown and Esc belong to it, not to the view
	// AtDraw says that the App calls the view's Prepare (Preparer) at the
	// start of every drawn frame: a view may then leave its picture's
	// recomputing to it, once per drawn frame, instead of once per tick
	// (a browser drawing a few frames a second runs several ticks per
	// frame). False for a view used without the App (its tests).
	AtDraw bool
	// Present is presenter mode: no windows (Level is LevelOff), the
	// App's strip under the picture (ViewH ends above it), and text and
	// lines sized for a hall (TextScale).
	Present bool

	// CursorX and CursorY are where a zoom aims, in device pixels (y
	// down): the mouse cursor, or the midpoint of a two-finger pinch.
	CursorX, CursorY float64
	// Pinch is this tick's two-finger pinch, the fingers' distance now
	// over their distance last tick: above 1 they spread (zoom in), below
	// 1 they close; 0 when no pinch is under way. Like the other gestures
	// it only counts touches that started outside the UI.
	Pinch float64
}

// TextScale returns the scale views draw text at (1 for render.TextSize
// pixels): the UI's pixel scale (UIPixels), and where the picture is
// shown alone, at least the hall's (render.FigureScales: a label at least
// 1/40 of the picture's height, 27 pixels at 1080): in presenter mode,
// of the screen's height, and with the UI off, of the picture's, as an
// exported figure of that size draws it (so `-ui off -screenshot` and
// `export` agree).
func TextScale(in *Input) float64 {
	text, _ := render.FigureScales(hallHeight(in))
	return max(float64(UIPixels(in)), text)
}

// hallHeight is the height, in device pixels, the hall's sizes are taken
// from (render.FigureScales): the screen's in presenter mode (the strip
// is cut from it), the picture's with the UI off, and 0 (no hall sizes)
// otherwise.
func hallHeight(in *Input) int {
	switch {
	case in.Present:
		return int(in.Height)
	case in.Level == LevelOff:
		return int(in.PictureHeight())
	}
	return 0
}

// LineScale returns the factor views widen lines by: the device scale
// times a half more per UI scale step, and where the picture is shown
// alone (as TextScale) at least the hall's (render.FigureScales: the
// height over render.HallLineHeight), so lines stay visible across a
// hall.
func LineScale(in *Input) float64 {
	_, line := render.FigureScales(hallHeight(in))
	return max(max(1, in.DeviceScale)*(1+0.5*float64(max(1, in.UIScale)-1)), line)
}

// PictureHeight returns the height, from the top, left to the picture:
// ViewH when set (a tour step's caption takes the band below it), else
// the full height.
func (in *Input) PictureHeight() float64 {
	if in.ViewH > 0 && in.ViewH < in.Height {
		return in.ViewH
	}
	return in.Height
}

// View is the window side of one lab (see Lab), made by its NewView. The
// App calls Update once per tick, Windows inside the debugui update (when
// the UI is shown and may have changed: on input and, while the view
// animates, once per drawn frame unless it has StillWindows), Draw once
// per drawn frame, and Share when a Share link is asked for. Draw must
// only draw; all computing happens in Update.
type View interface {
	// Title names the view and its current state for the window title,
	// for example "piston: accumulate-trs".
	Title() string
	// Update applies one tick of input and recomputes what changed.
	Update(in *Input) error
	// Draw draws the view's picture (not its windows) onto screen.
	Draw(screen *ebiten.Image)
	// Windows makes the view's debugui windows; in gives the screen size,
	// scales and UI level to lay them out.
	Windows(ctx *debugui.Context, in *Input)
	// Help lists the view's own keys, one "KEY  what it does" per line.
	Help() []string
	// Animating reports whether the picture changes without input (a
	// spin, a running lab). The App is not settled while it does and
	// keeps drawing at the display's rate; otherwise, once settled, it
	// draws only on input, so a view whose picture changes by itself must
	// say so here.
	Animating() bool
	// Share writes the view's part of the state a Share link carries
	// into st (its settings as they are now), leaving every other field
	// as it is. st.Lab is already the lab shown, so a part that only
	// applies while the lab is shown (a preset of a lab without scenes)
	// can check it.
	Share(st *state.State)
}

// Player is a View that plays gestures (a tour step's motion, see
// state.Gesture): Play starts g from its beginning (a sweep at its From
// value, a simulation at time 0) and the view's Update then advances it
// one tick at a time, Animating while it lasts. An error means the view
// does not play g; the view is then unchanged.
type Player interface {
	Play(g state.Gesture) error
}

// Opener is a View that opens scene files (the piston lab): Open reads
// the file name in fsys, with the files it refers to beside it (a glTF
// file's .bin), and shows it; diskPath is the file's path on disk, or ""
// for a file that has none (dropped onto a web page). On error the view
// is unchanged; the error names the file and what is wrong in it.
type Opener interface {
	Open(fsys fs.FS, name, diskPath string) error
}

// Preparer is a View that recomputes its picture when it is about to be
// drawn (see Input.AtDraw): the App calls Prepare before Draw in every
// drawn frame, Prepare computing what the ticks since the last frame
// changed (nothing when nothing did).
type Preparer interface {
	Prepare()
}

// StillWindows is a View whose windows can stay as they were drawn while
// it animates: WindowsStill reports, at the start of each tick (as the
// last Update left the view), whether
// everything its windows show is as at their last layout but the texts of
// its LiveRows (which are drawn every frame). While it says so, and no
// input arrives, the App neither lays the UI out nor draws it again; a
// view that does not implement it has its windows laid out and drawn
// once per drawn frame while it animates.
type StillWindows interface {
	WindowsStill() bool
}

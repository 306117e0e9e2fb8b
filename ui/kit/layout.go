package kit

import (
	"image"
	"math"

	"github.com/ebitengine/debugui"
)

// Columns places windows in a left and a right column of the screen, in
// UI units (device pixels divided by the pixel scale of the UI).
type Columns struct {
	w, h   int
	yl, yr int
	cw     int
	bottom int // UI units kept free at the bottom of the left column
}

// LabReserve is the height, in UI units, that a Compact layout keeps free
// at the bottom of its column for the App's Lab window.
const LabReserve = 62

// Window layout constants, in UI units.
const (
	ColumnWidth = 330
	// CompactWidth is the one column's width in a Compact layout: at
	// 1280x720 and UI 2x it leaves 656 of the 1280 pixels to the picture.
	CompactWidth = 300
	Margin       = 6
	minWindow    = 60
)

// UIPixels returns the debugui scale for in: the user's UI scale times
// the device scale factor rounded, at least 1. A screen too small to lay
// the UI out at the user's scale (under MinUIWidth by MinUIHeight UI
// units) gets the largest scale it holds, 1 at least: UI 2x on an
// 800x450 embed would leave 400x225 units, where the windows cover the
// picture and the tour's caption shrinks to 8 px. A screen of unknown
// size (0) keeps the user's scale.
func UIPixels(in *Input) int {
	dev := max(1, int(math.Round(in.DeviceScale)))
	s := max(1, in.UIScale)
	for s > 1 && in.Width > 0 && in.Height > 0 && (in.Width < float64(s*dev*MinUIWidth) || in.Height < float64(s*dev*MinUIHeight)) {
		s--
	}
	return s * dev
}

// MinUIWidth and MinUIHeight are the smallest screen, in UI units, that
// UIPixels lays the UI out on at a scale above 1: the Compact column
// (215 units and its margins) beside the tour's window (330 units), at
// 16:9. UI 2x then needs 1120x630 device pixels; 1280x720 at UI 2x and
// 1920x1080 at UI 3x (640x360 units, the lecture layouts) keep their
// scale.
const (
	MinUIWidth  = 560
	MinUIHeight = 315
)

// NewColumns starts a layout of in's screen: both columns empty, their
// width ColumnWidth, or narrower in a Compact layout.
func NewColumns(in *Input) *Columns {
	c := columns(in)
	return &c
}

// columns is NewColumns' value (FreeBand's, every tick: no allocation).
func columns(in *Input) Columns {
	s := float64(UIPixels(in))
	c := Columns{w: int(in.Width / s), h: int(in.Height / s), yl: Margin, yr: Margin, cw: ColumnWidth}
	if c.Compact() {
		c.cw = max(215, min(CompactWidth, c.w*47/100))
		if in.Level == LevelFull {
			c.bottom = LabReserve
		}
	}
	return c
}

// Compact reports whether the screen is too small in UI units for every
// window beside the picture (a big UI scale for a lecture hall): then
// views put what a lecturer needs (the mode, the seed's slider, the
// readouts, the view and UI scale buttons) in the left column only, and
// FreeBand leaves the rest of the width to the picture.
func (c *Columns) Compact() bool { return c.w < 2*ColumnWidth+400 }

// Frac returns f of the screen height in UI units.
func (c *Columns) Frac(f float64) int { return int(f * float64(c.h)) }

func (c *Columns) place(x int, y *int, h int) image.Rectangle {
	end := c.h - Margin
	if y == &c.yl {
		end -= c.bottom
	}
	if h < 0 || *y+h > end {
		h = max(minWindow, end-*y)
	}
	top := min(*y, end+Margin-minWindow)
	*y = top + h + Margin
	return image.Rect(x, top, x+c.cw, top+h)
}

// Left returns the next window's rectangle in the left column, h UI
// units high (a negative h, or one that would pass the bottom, takes the
// rest of the column, at least minWindow).
func (c *Columns) Left(h int) image.Rectangle { return c.place(Margin, &c.yl, h) }

// LeftRoom returns the UI units left in the left column under the
// windows placed so far (above the room a Compact layout keeps for the
// Lab window); 0 when none is left.
func (c *Columns) LeftRoom() int { return max(0, c.h-Margin-c.bottom-c.yl) }

// Right is Left for the right column.
func (c *Columns) Right(h int) image.Rectangle { return c.place(c.w-c.cw-Margin, &c.yr, h) }

// Width returns the columns' width in UI units.
func (c *Columns) Width() int { return c.cw }

// LabWindow returns the rectangle of the App's Lab window in UI units:
// in a Compact layout the bottom of the left column (kept free for it),
// else centred at the bottom of the screen, 260 units wide (room for the
// lab chooser and four buttons: UI 1x, Help, Tour and the web page's
// Share).
func (c *Columns) LabWindow() image.Rectangle {
	if c.Compact() {
		return image.Rect(Margin, c.h-LabReserve, Margin+c.cw, c.h-Margin)
	}
	return image.Rect(c.w/2-130, c.h-70, c.w/2+130, c.h-6)
}

// FreeBand returns the horizontal band of the screen, in device pixels,
// that the window Columns leave for the picture at in's UI level.
func FreeBand(in *Input) (x, w float64) {
	if in.Level == LevelOff {
		return 0, in.Width
	}
	c := columns(in)
	px := float64(UIPixels(in))
	col := float64(c.cw+2*Margin) * px
	left, right := col, col
	if in.Level == LevelMin || c.Compact() {
		right = 0
	}
	if in.Width-left-right < in.Width/3 {
		return 0, in.Width // too narrow: draw under the windows
	}
	return left, in.Width - left - right
}

// Track lays out f's widgets in the next cell of the current debugui
// layout and records the cell's bounds (UI units, screen coordinates
// after scrolling) in *at, so a view can draw over a widget and tests can
// check that a control is on screen. The bounds are those of the latest
// debugui update.
func Track(ctx *debugui.Context, at *image.Rectangle, f func()) {
	ctx.GridCell(func(b image.Rectangle) {
		*at = b
		f()
	})
}

package kit

import (
	"image"
	"math"
)

// Columns places windows in a left and a right column of the screen, in
// UI units (device pixels divided by the pixel scale of the UI).
type Columns struct {
	w, h   int
	yl, yr int
	cw     int
}

// Window layout constants, in UI units.
const (
	ColumnWidth = 330
	Margin      = 6
	minWindow   = 60
)

// UIPixels returns the debugui scale for in: the user's UI scale times
// the device scale factor rounded, at least 1.
func UIPixels(in *Input) int {
	return max(1, in.UIScale) * max(1, int(math.Round(in.DeviceScale)))
}

func NewColumns(in *Input) *Columns {
	s := float64(UIPixels(in))
	c := &Columns{w: int(in.Width / s), h: int(in.Height / s), yl: Margin, yr: Margin, cw: ColumnWidth}
	if c.Compact() {
		c.cw = max(215, min(ColumnWidth, c.w*27/100))
	}
	return c
}

// compact reports whether the screen is too small in UI units for every
// window beside the picture (a big UI scale for a lecture hall): then
// only the mode, the seed's slider, the readouts and the view settings
// are shown.
func (c *Columns) Compact() bool { return c.w < 2*ColumnWidth+400 }

// frac returns f of the screen height in UI units.
func (c *Columns) Frac(f float64) int { return int(f * float64(c.h)) }

func (c *Columns) place(x int, y *int, h int) image.Rectangle {
	if h < 0 || *y+h > c.h-Margin {
		h = max(minWindow, c.h-Margin-*y)
	}
	top := min(*y, c.h-minWindow)
	*y = top + h + Margin
	return image.Rect(x, top, x+c.cw, top+h)
}

func (c *Columns) Left(h int) image.Rectangle  { return c.place(Margin, &c.yl, h) }
func (c *Columns) Right(h int) image.Rectangle { return c.place(c.w-c.cw-Margin, &c.yr, h) }

// FreeBand returns the horizontal band of the screen, in device pixels,
// that the window Columns leave for the picture at in's UI level.
func FreeBand(in *Input) (x, w float64) {
	if in.Level == LevelOff {
		return 0, in.Width
	}
	c := NewColumns(in)
	px := float64(UIPixels(in))
	col := float64(c.cw+2*Margin) * px
	left, right := col, col
	if in.Level == LevelMin {
		right = 0
	}
	if in.Width-left-right < in.Width/3 {
		return 0, in.Width // too narrow: draw under the windows
	}
	return left, in.Width - left - right
}

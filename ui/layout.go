package ui

import (
	"image"
	"math"
)

// columns places windows in a left and a right column of the screen, in
// UI units (device pixels divided by the pixel scale of the UI).
type columns struct {
	w, h   int
	yl, yr int
	cw     int
}

// Window layout constants, in UI units.
const (
	ColumnWidth = 330
	margin      = 6
	minWindow   = 60
)

// UIPixels returns the debugui scale for in: the user's UI scale times
// the device scale factor rounded, at least 1.
func UIPixels(in *Input) int {
	return max(1, in.UIScale) * max(1, int(math.Round(in.DeviceScale)))
}

func newColumns(in *Input) *columns {
	s := float64(UIPixels(in))
	c := &columns{w: int(in.Width / s), h: int(in.Height / s), yl: margin, yr: margin, cw: ColumnWidth}
	if c.cw > c.w/2-2*margin {
		c.cw = max(160, c.w/2-2*margin)
	}
	return c
}

func (c *columns) place(x int, y *int, h int) image.Rectangle {
	if h < 0 || *y+h > c.h-margin {
		h = max(minWindow, c.h-margin-*y)
	}
	top := min(*y, c.h-minWindow)
	*y = top + h + margin
	return image.Rect(x, top, x+c.cw, top+h)
}

func (c *columns) left(h int) image.Rectangle  { return c.place(margin, &c.yl, h) }
func (c *columns) right(h int) image.Rectangle { return c.place(c.w-c.cw-margin, &c.yr, h) }

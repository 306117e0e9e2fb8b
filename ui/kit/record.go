package kit

import (
	"fmt"
	"image"
	"math"
)

// The layout record: while a Record is installed (RecordMarks), every
// text Labels draws and every opaque fill a view or the App reports
// (RecordFill) is noted, in drawing order, in device pixels. The layout
// test and the web page's skewlabLayout hook read it and apply
// LayoutProblems: no two texts overlap, none runs off the screen, none
// lies under something drawn over it. Only the ebiten game loop draws, so
// no lock.

// Mark is one thing drawn on the screen that the layout rule checks: a
// text's line box, or an opaque fill (a panel, the tour caption's band,
// a debugui window). The box is [X0, X1) x [Y0, Y1) in device pixels, y
// down. A text's box spans its characters' advances across, and the
// font's ascent above the baseline to its descent below it, down.
type Mark struct {
	X0   float64 `json:"x0"`
	Y0   float64 `json:"y0"`
	X1   float64 `json:"x1"`
	Y1   float64 `json:"y1"`
	Text string  `json:"text,omitempty"` // the text drawn; "" for a fill
	Fill bool    `json:"fill,omitempty"` // an opaque fill, not a text
	// Window marks a fill that is one of the UI's windows (RecordRects).
	Window bool `json:"window,omitempty"`
}

// Record collects the Marks of one frame. The zero value is ready; Reset
// empties it keeping its storage, so recording every frame allocates
// nothing once it has grown.
type Record struct {
	Marks []Mark
}

// Reset forgets the marks.
func (r *Record) Reset() { r.Marks = r.Marks[:0] }

// recording is the Record being filled, nil when none.
var recording *Record

// RecordMarks makes r receive the marks drawn from now on; nil stops
// recording.
func RecordMarks(r *Record) { recording = r }

// RecordFill notes an opaque rectangle drawn at x, y, w by h device
// pixels (nothing unless a Record is installed). A rectangle with no
// area, or not finite, is left out.
func RecordFill(x, y, w, h float64) {
	if recording == nil || !(w > 0) || !(h > 0) || math.IsInf(x+y+w+h, 0) || math.IsNaN(x+y) {
		return
	}
	recording.Marks = append(recording.Marks, Mark{X0: x, Y0: y, X1: x + w, Y1: y + h, Fill: true})
}

// recordText notes text s whose baseline starts at (x, base), n
// characters each adv wide, ascent above and descent below the baseline.
func recordText(s string, x, base, adv, ascent, descent float64) {
	if recording == nil || s == "" {
		return
	}
	n := 0
	for range s {
		n++
	}
	recording.Marks = append(recording.Marks, Mark{X0: x, Y0: base - ascent, X1: x + float64(n)*adv, Y1: base + descent, Text: s})
}

// RecordRects notes rects (device pixels) as window fills: the UI's
// windows, drawn over the whole picture (UIRects finds them).
func RecordRects(rects []image.Rectangle) {
	for _, r := range rects {
		if recording == nil || r.Empty() {
			continue
		}
		recording.Marks = append(recording.Marks, Mark{X0: float64(r.Min.X), Y0: float64(r.Min.Y), X1: float64(r.Max.X), Y1: float64(r.Max.Y), Fill: true, Window: true})
	}
}

// LayoutSlop is how far, in device pixels, two marks may run into each
// other, or a text past the screen's edge, before LayoutProblems counts
// it: text placed on fractional pixels is rounded to whole ones, which
// moves a character by up to half a pixel.
const LayoutSlop = 1.0

// LayoutProblems applies the layout rule to marks drawn in that order on
// a w by h pixel screen and returns one line per problem (nil when there
// is none):
//   - two texts overlap: their boxes share more than LayoutSlop pixels
//     both across and down;
//   - a text is cut by the screen's edge: its box reaches more than
//     LayoutSlop past it;
//   - a text lies under a fill drawn after it (a panel, the caption's
//     band, a window over the picture) by more than LayoutSlop;
//   - a text drawn after a fill runs over its edge: it overlaps the fill
//     without lying inside it (a fill drawn first is a background to the
//     text inside it, as a panel is to its numbers).
//
// A text's box is its line box (see Mark), a little taller than its ink.
func LayoutProblems(marks []Mark, w, h float64) []string {
	var out []string
	for i := range marks {
		a := &marks[i]
		if a.Fill {
			continue
		}
		if a.X0 < -LayoutSlop || a.Y0 < -LayoutSlop || a.X1 > w+LayoutSlop || a.Y1 > h+LayoutSlop {
			out = append(out, fmt.Sprintf("%s cut by the edge of the %gx%g screen", a, w, h))
		}
		for j := range marks {
			b := &marks[j]
			switch {
			case j == i:
			case !b.Fill:
				if j > i && overlap(a, b) {
					out = append(out, fmt.Sprintf("%s overlaps %s", a, b))
				}
			case j > i:
				if overlap(a, b) {
					out = append(out, fmt.Sprintf("%s lies under %s, drawn after it", a, b))
				}
			default:
				if overlap(a, b) && !inside(a, b) {
					out = append(out, fmt.Sprintf("%s runs over the edge of %s", a, b))
				}
			}
		}
	}
	return out
}

// overlap reports whether a and b share more than LayoutSlop pixels both
// across and down.
func overlap(a, b *Mark) bool {
	return min(a.X1, b.X1)-max(a.X0, b.X0) > LayoutSlop && min(a.Y1, b.Y1)-max(a.Y0, b.Y0) > LayoutSlop
}

// inside reports whether a lies within b, but for LayoutSlop.
func inside(a, b *Mark) bool {
	return a.X0 >= b.X0-LayoutSlop && a.Y0 >= b.Y0-LayoutSlop && a.X1 <= b.X1+LayoutSlop && a.Y1 <= b.Y1+LayoutSlop
}

// String describes m: its text (or "fill") and its box, whole pixels.
func (m *Mark) String() string {
	what := fmt.Sprintf("%q", m.Text)
	switch {
	case m.Window:
		what = "window"
	case m.Fill:
		what = "fill"
	}
	return fmt.Sprintf("%s [%.0f,%.0f - %.0f,%.0f]", what, m.X0, m.Y0, m.X1, m.Y1)
}

// UIRects returns rectangles that exactly cover the pixels of pix (an
// RGBA image w pixels wide, 4 bytes a pixel, rows one after the other)
// whose alpha is not 0: the debugui windows when pix is the UI drawn
// alone on a transparent image. Each window gives one rectangle; windows
// that overlap give a few that cover their union. A short pix gives what
// its whole rows hold.
func UIRects(pix []byte, w int) []image.Rectangle {
	if w <= 0 {
		return nil
	}
	h := len(pix) / (4 * w)
	done := make([]bool, w*h)
	on := func(x, y int) bool { return pix[4*(y*w+x)+3] != 0 && !done[y*w+x] }
	var out []image.Rectangle
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if !on(x, y) {
				continue
			}
			x1 := x + 1
			for x1 < w && on(x1, y) {
				x1++
			}
			y1 := y + 1
			for y1 < h && rowOn(on, x, x1, y1) {
				y1++
			}
			for yy := y; yy < y1; yy++ {
				for xx := x; xx < x1; xx++ {
					done[yy*w+xx] = true
				}
			}
			out = append(out, image.Rect(x, y, x1, y1))
		}
	}
	return out
}

// rowOn reports whether on holds for every x in [x0, x1) of row y.
func rowOn(on func(x, y int) bool, x0, x1, y int) bool {
	for x := x0; x < x1; x++ {
		if !on(x, y) {
			return false
		}
	}
	return true
}

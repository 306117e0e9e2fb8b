package ui

import (
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/render"
)

// driftText is text whose numbers change every tick without allocating:
// numbers are appended to one reused byte buffer (strconv.Append*) and
// drawn character by character, each as a one-byte string, which Go makes
// without allocating. Fixed strings are kept as they are.
type driftText struct {
	buf   []byte
	items []textItem
	open  textItem // the item being appended to, between begin and end
}

// textItem is one line of text at (X, Y) (top-left, pixels): S when set,
// otherwise buf[A:B].
type textItem struct {
	X, Y float64
	S    string
	A, B int
	C    render.Color
}

// reset forgets every item, keeping the storage.
func (t *driftText) reset() { t.buf, t.items = t.buf[:0], t.items[:0] }

// str adds a fixed string.
func (t *driftText) str(x, y float64, s string, c render.Color) {
	t.items = append(t.items, textItem{X: x, Y: y, S: s, C: c})
}

// begin starts an item built from appended pieces; end closes it.
func (t *driftText) begin(x, y float64, c render.Color) {
	t.open = textItem{X: x, Y: y, A: len(t.buf), C: c}
}

func (t *driftText) end() {
	t.open.B = len(t.buf)
	t.items = append(t.items, t.open)
}

func (t *driftText) s(s string)         { t.buf = append(t.buf, s...) }
func (t *driftText) e(v float64, p int) { t.buf = appendNum(t.buf, v, 'e', p) }
func (t *driftText) f(v float64, p int) { t.buf = appendNum(t.buf, v, 'f', p) }
func (t *driftText) g(v float64, p int) { t.buf = appendNum(t.buf, v, 'g', p) }
func (t *driftText) frames(n int)       { t.buf = appendGrouped(t.buf, n) }

// text returns item i's text (allocating: for export and tests only).
func (t *driftText) text(i int) string {
	it := &t.items[i]
	if it.S != "" {
		return it.S
	}
	return string(t.buf[it.A:it.B])
}

// labels returns the items as render labels for PNG export (allocating),
// their anchors placed so render's basicfont text sits where ebiten's
// would.
func (t *driftText) labels() []render.Label {
	out := make([]render.Label, len(t.items))
	for i, it := range t.items {
		out[i] = render.Label{At: [2]float64{it.X - render.LabelOffset[0], it.Y + 10 - render.LabelOffset[1]}, Text: t.text(i), Color: it.C}
	}
	return out
}

// draw draws every item with l's font and scale; cw is the width of a
// character in pixels at that scale.
func (t *driftText) draw(dst *ebiten.Image, l *Labels, cw float64) {
	for i := range t.items {
		it := &t.items[i]
		if it.S != "" {
			l.text(dst, it.S, it.X, it.Y, it.C)
			continue
		}
		for j := it.A; j < it.B; j++ {
			if t.buf[j] != ' ' {
				l.text(dst, string(t.buf[j:j+1]), it.X+float64(j-it.A)*cw, it.Y, it.C)
			}
		}
	}
}

// appendNum appends v in format f with precision p, or "-" when v is not
// finite.
func appendNum(b []byte, v float64, f byte, p int) []byte {
	if v-v != 0 {
		return append(b, '-')
	}
	return strconv.AppendFloat(b, v, f, p, 64)
}

// appendGrouped appends n with commas between groups of three digits.
func appendGrouped(b []byte, n int) []byte {
	if n < 0 {
		b, n = append(b, '-'), -n
	}
	if n < 1000 {
		return strconv.AppendInt(b, int64(n), 10)
	}
	b = appendGrouped(b, n/1000)
	r := n % 1000
	return append(b, ',', byte('0'+r/100), byte('0'+r/10%10), byte('0'+r%10))
}

// appendCompact appends a frame count as 500, 20k, 1.5M.
func appendCompact(b []byte, n float64) []byte {
	switch {
	case n >= 1e6:
		return append(strconv.AppendFloat(b, n/1e6, 'g', 3, 64), 'M')
	case n >= 1e3:
		return append(strconv.AppendFloat(b, n/1e3, 'g', 3, 64), 'k')
	}
	return strconv.AppendFloat(b, n, 'g', 3, 64)
}

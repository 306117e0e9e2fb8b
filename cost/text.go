package cost

import "skewlab/render"

// text is a picture's text whose numbers change every tick without
// allocating (the drift lab's scheme): numbers are appended to one reused
// byte buffer (render.AppendFixed & co), and a line holding them becomes
// one label per non-space character, each a one-byte string, which Go
// makes without allocating. Fixed strings stay whole labels. Labels are
// at the top-left corner of their text (see Picture.Labels).
type text struct {
	buf    []byte
	labels []render.Label
	open   textItem // the line being appended to, between begin and end
	cw     float64  // a character's width in pixels, for the one-character labels
}

// textItem is a line of text at (X, Y) (top-left, pixels): buf[A:B].
type textItem struct {
	X, Y float64
	A, B int
	C    render.Color
}

// reset forgets every label, keeping the storage; cw is the character
// width of the lines to come.
func (t *text) reset(cw float64) {
	t.buf, t.labels, t.cw = t.buf[:0], t.labels[:0], cw
}

// str adds a fixed string.
func (t *text) str(x, y float64, s string, c render.Color) {
	t.labels = append(t.labels, render.Label{At: [2]float64{x, y}, Text: s, Color: c})
}

// begin starts a line built from appended pieces; end closes it.
func (t *text) begin(x, y float64, c render.Color) {
	t.open = textItem{X: x, Y: y, A: len(t.buf), C: c}
}

func (t *text) end() {
	it := &t.open
	it.B = len(t.buf)
	for j := it.A; j < it.B; j++ {
		if t.buf[j] != ' ' {
			t.labels = append(t.labels, render.Label{At: [2]float64{it.X + float64(j-it.A)*t.cw, it.Y}, Text: string(t.buf[j : j+1]), Color: it.C})
		}
	}
}

func (t *text) s(s string)   { t.buf = append(t.buf, s...) }
func (t *text) frames(n int) { t.buf = render.AppendGrouped(t.buf, n) }

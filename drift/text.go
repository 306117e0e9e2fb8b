package drift

import "skewlab/render"

// text is a picture's text whose numbers change every tick without
// allocating (render.LineText), with the appenders the drift pictures
// use, and a record of its lines (items) for the tests to read back.
// Labels are at the top-left corner of their text (see Picture.Labels).
type text struct {
	render.LineText
	items []textItem
}

// textItem is one line of text at (X, Y) (top-left, pixels): S when set,
// otherwise Buf[A:B].
type textItem struct {
	X, Y float64
	S    string
	A, B int
}

// reset forgets every line, keeping the storage; cw is the character
// width of the lines to come.
func (t *text) reset(cw float64) {
	t.Reset(cw)
	t.items = t.items[:0]
}

// str adds a fixed string.
func (t *text) str(x, y float64, s string, c render.Color) {
	t.items = append(t.items, textItem{X: x, Y: y, S: s})
	t.Str(x, y, s, c)
}

// begin starts a line built from appended pieces; end closes it.
func (t *text) begin(x, y float64, c render.Color) {
	t.items = append(t.items, textItem{X: x, Y: y})
	t.Begin(x, y, c)
}

func (t *text) end() {
	it := &t.items[len(t.items)-1]
	it.A, it.B = t.End()
}

func (t *text) s(s string)         { t.Buf = append(t.Buf, s...) }
func (t *text) e(v float64, p int) { t.Buf = render.AppendNum(t.Buf, v, 'e', p) }
func (t *text) f(v float64, p int) { t.Buf = render.AppendNum(t.Buf, v, 'f', p) }
func (t *text) g(v float64, p int) { t.Buf = render.AppendNum(t.Buf, v, 'g', p) }
func (t *text) frames(n int)       { t.Buf = render.AppendGrouped(t.Buf, n) }

// text returns item i's text (allocating: for tests only).
func (t *text) text(i int) string {
	it := &t.items[i]
	if it.S != "" {
		return it.S
	}
	return string(t.Buf[it.A:it.B])
}

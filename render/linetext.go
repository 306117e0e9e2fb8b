package render

// LineText builds a lab picture's labels whose numbers change every
// frame without allocating (the drift and cost labs'): numbers are
// appended to one reused byte buffer, Buf (AppendNum, AppendFixed &
// co), between Begin and End, and End turns the line into one label per
// non-space character, each a one-byte string, which Go makes without
// allocating. Fixed strings (Str) stay whole labels. A label's At is the
// top-left corner of its text, in pixels, not Label's usual anchor.
type LineText struct {
	Buf    []byte  // the appended lines' bytes, reused from frame to frame
	Labels []Label // the labels made since Reset
	x, y   float64 // the open line's top-left corner
	a      int     // where the open line starts in Buf
	c      Color   // the open line's colour
	cw     float64 // a character's width in pixels
}

// Reset forgets every label and byte, keeping the storage; cw is the
// character width in pixels of the lines to come (a monospaced face's
// advance).
func (t *LineText) Reset(cw float64) {
	t.Buf, t.Labels, t.cw = t.Buf[:0], t.Labels[:0], cw
}

// Str adds s as one label with its top-left corner at (x, y).
func (t *LineText) Str(x, y float64, s string, c Color) {
	t.Labels = append(t.Labels, Label{At: [2]float64{x, y}, Text: s, Color: c})
}

// Begin starts a line at (x, y) in colour c: what is appended to Buf
// until End is its text.
func (t *LineText) Begin(x, y float64, c Color) {
	t.x, t.y, t.a, t.c = x, y, len(t.Buf), c
}

// End closes the line Begin started, adding a label for each of its
// non-space characters (the i-th at x + i*cw), and returns where its
// bytes lie in Buf: Buf[a:b].
func (t *LineText) End() (a, b int) {
	a, b = t.a, len(t.Buf)
	for j := a; j < b; j++ {
		if t.Buf[j] != ' ' {
			t.Labels = append(t.Labels, Label{At: [2]float64{t.x + float64(j-a)*t.cw, t.y}, Text: string(t.Buf[j : j+1]), Color: t.c})
		}
	}
	return a, b
}

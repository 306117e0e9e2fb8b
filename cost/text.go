package cost

import "skewlab/render"

// text is a picture's text whose numbers change every tick without
// allocating (render.LineText, the drift lab's scheme too), with the
// appenders the cost picture uses. Labels are at the top-left corner of
// their text (see Picture.Labels).
type text struct {
	render.LineText
}

func (t *text) s(s string)   { t.Buf = append(t.Buf, s...) }
func (t *text) frames(n int) { t.Buf = render.AppendGrouped(t.Buf, n) }

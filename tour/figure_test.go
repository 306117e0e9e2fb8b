package tour

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/render"
)

// textBox is the box of label l drawn at scale 1 with its own em size,
// from the published rules: the baseline at LabelBaseline(At, 1), the
// font's ascent above it and descent below, the text's width to the
// right.
func textBox(l render.Label) (lo, hi mgl64.Vec2) {
	m := render.TextMetricsAt(l.EmSize())
	b := render.LabelBaseline(l.At, 1)
	return mgl64.Vec2{b[0], b[1] - m.Ascent}, mgl64.Vec2{b[0] + render.TextWidth(l.Text, l.EmSize()), b[1] + m.Descent}
}

// TestFigureLabelsClearOfBandAndWires draws every step as the handout
// does (1280x720) and as a hall's screen (1920x1080). In each figure the
// picture's labels (those before the caption's) lie wholly above the
// caption band (the rule's y, Layout's PictureH) and inside the width, so
// the band covers none; no caption text overlaps one; and none is drawn
// over a wire: its box crosses no bold line (full alpha, 2.5 px or more:
// an arrow, a basis rod) and no opaque line (alpha 0.9 or more) of its
// own colour (a node's mesh and axes for its name, an arrow for its
// force). Some picture labels crossed such a line at their anchors, or
// the test would prove nothing.
func TestFigureLabelsClearOfBandAndWires(t *testing.T) {
	tr, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	atAnchor := 0
	for _, size := range [][2]int{{1280, 720}, {1920, 1080}} {
		w, h := size[0], size[1]
		for n := 1; n <= tr.Len(); n++ {
			segs, labels, err := tr.Figure(n, w, h, figures)
			if err != nil {
				t.Fatal(err)
			}
			s, _ := tr.Step(n)
			o := Layout(s, n, tr.Len(), 0, float64(w), float64(h), 1)
			picture := labels[:len(labels)-len(o.Labels)]
			caption := labels[len(picture):]
			top := float64(PictureHeight(o.PictureH))
			_, line := render.FigureScales(PictureHeight(o.PictureH))
			for _, l := range picture {
				name := fmt.Sprintf("%dx%d step %d: %q", w, h, n, l.Text)
				lo, hi := textBox(l)
				if lo[0] < 0 || lo[1] < 0 || hi[0] > float64(w) || hi[1] > top {
					t.Errorf("%s: box %v-%v leaves the picture above the band (%d wide, band at y %v)", name, lo, hi, w, top)
				}
				for _, c := range caption {
					if clo, chi := textBox(c); lo[0] < chi[0] && clo[0] < hi[0] && lo[1] < chi[1] && clo[1] < hi[1] {
						t.Errorf("%s: overlaps the caption's %q", name, c.Text)
					}
				}
				own := func(sg render.Segment) bool {
					// Bold as drawn before the figure's line factor
					// (render.FigureScales of the picture's height)
					// widened it: what SpreadLabels weighs.
					full := sg.Color.A >= 1 && float64(sg.Width) >= 2.5*line
					mine := sg.Color.A >= 0.9 && sg.Color.R == l.Color.R && sg.Color.G == l.Color.G && sg.Color.B == l.Color.B
					return full || mine
				}
				alo, ahi := textBox(render.Label{At: l.Anchor, Text: l.Text, Size: l.Size})
				anchored := l.Anchor != (mgl64.Vec2{})
				for _, sg := range segs {
					if !own(sg) {
						continue
					}
					if render.StrokeMeetsBox(sg, lo, hi, 1) {
						t.Errorf("%s: box %v-%v drawn over the line %v-%v (colour %v, %v px)", name, lo, hi, sg.A, sg.B, sg.Color, sg.Width)
					}
					if anchored && render.StrokeMeetsBox(sg, alo, ahi, 1) {
						atAnchor++
						anchored = false
					}
				}
			}
		}
	}
	if atAnchor == 0 {
		t.Error("no label crossed a bold line or its own at its anchor: the test proves nothing")
	}
	t.Logf("%d picture labels crossed a bold line or their own at their anchors", atAnchor)
}

package ui

import (
	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"skewlab/render"
)

// Labels draws render's text labels (node names, axis letters) with
// debugui's bitmap font at a readable scale. It keeps a copy of the labels
// so the frame can be recomputed while the last picture is still shown.
type Labels struct {
	items []render.Label
	Scale float64 // text scale, 1 for the font's own 12-pixel size
	op    text.DrawOptions
}

// Reset forgets the labels, keeping the storage.
func (l *Labels) Reset() { l.items = l.items[:0] }

// Add appends labels.
func (l *Labels) Add(ls []render.Label) { l.items = append(l.items, ls...) }

// Draw draws every label a little right of and above its anchor.
func (l *Labels) Draw(dst *ebiten.Image) {
	for i := range l.items {
		it := &l.items[i]
		l.text(dst, it.Text, it.At[0]+4*l.scale(), it.At[1]-14*l.scale(), it.Color)
	}
}

// DrawSplitTitles writes the two mode names at the top of a split view
// occupying the band x..x+w.
func (l *Labels) DrawSplitTitles(dst *ebiten.Image, x, w float64, left, right string) {
	s := l.scale()
	l.text(dst, left, x+w/2-(7*float64(len(left))+10)*s, 4*s, render.White)
	l.text(dst, right, x+w/2+10*s, 4*s, render.White)
}

func (l *Labels) scale() float64 {
	if l.Scale < 1 {
		return 1
	}
	return l.Scale
}

func (l *Labels) text(dst *ebiten.Image, s string, x, y float64, c render.Color) {
	sc := l.scale()
	l.op.GeoM.Reset()
	l.op.GeoM.Scale(sc, sc)
	l.op.GeoM.Translate(x, y)
	l.op.ColorScale.Reset()
	l.op.ColorScale.Scale(c.R*c.A, c.G*c.A, c.B*c.A, c.A)
	debugui.DrawText(dst, s, &l.op)
}

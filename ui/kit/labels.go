package kit

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"skewlab/render"
)

// DrawBarAndTexts draws a lab's progress bar and its texts, the part of
// the drift and cost labs' pictures that is not strokes: bar[0] (the
// empty bar) filled in render.DriftBarBack, then bar[1] (the part done)
// in render.DriftBarFill, each only when it has an area, then every
// label with its At as the top-left corner of its text (the labs'
// pictures place them so, not by render's anchor), through l.
func (l *Labels) DrawBarAndTexts(dst *ebiten.Image, bar [2]image.Rectangle, labels []render.Label) {
	for i, c := range [2]render.Color{render.DriftBarBack, render.DriftBarFill} {
		if r := bar[i]; r.Dx() > 0 && r.Dy() > 0 {
			vector.FillRect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), c, false)
		}
	}
	for i := range labels {
		lb := &labels[i]
		l.Text(dst, lb.Text, lb.At[0], lb.At[1], lb.Color)
	}
}

// Labels draws text (node names, axis letters, the labs' numbers) with
// render's text font, Go Mono at render.TextSize times the UI scale: the
// face render.Rasterize draws exported labels with, placed by the same
// rule (render.LabelBaseline), so a figure and the screen agree. It keeps
// a copy of the labels so the frame can be recomputed while the last
// picture is still shown. It draws through Glyphs, one batch per text
// size, so drawing allocates nothing once the glyphs are cached.
type Labels struct {
	items []render.Label
	Scale float64 // text scale: 1 for render.TextSize pixels
}

// Reset forgets the labels, keeping the storage.
func (l *Labels) Reset() { l.items = l.items[:0] }

// Add appends labels.
func (l *Labels) Add(ls []render.Label) { l.items = append(l.items, ls...) }

// Draw draws every label with its baseline at render.LabelBaseline (a
// little right of and above its anchor): the labels of one size in one
// batch, in order.
func (l *Labels) Draw(dst *ebiten.Image) {
	s := l.PixelScale()
	var batch *Glyphs
	for i := range l.items {
		it := &l.items[i]
		b := render.LabelBaseline(it.At, s)
		g := l.add(it.Text, b[0], b[1]-s*it.EmSize(), it.EmSize(), it.Color, batch)
		if g != batch {
			if batch != nil {
				batch.Draw(dst)
			}
			batch = g
		}
	}
	if batch != nil {
		batch.Draw(dst)
	}
}

// DrawSplitTitles writes the two mode names at the top of a split view
// occupying the band x..x+w, either side of its middle.
func (l *Labels) DrawSplitTitles(dst *ebiten.Image, x, w float64, left, right string) {
	s := l.PixelScale()
	l.Text(dst, left, x+w/2-render.TextWidth(left, s*render.TextSize)-10*s, 4*s, render.White)
	l.Text(dst, right, x+w/2+10*s, 4*s, render.White)
}

// scale is Scale, at least 1.
func (l *Labels) PixelScale() float64 {
	if l.Scale < 1 {
		return 1
	}
	return l.Scale
}

// text draws s with the top-left corner of its line at (x, y): its
// baseline is one em (the text size) lower, as render.TextSize says. Text
// starts on whole pixels, its baseline rounded as render.Rasterize rounds
// an exported label's, so both draw the same glyph masks at the same
// place.
func (l *Labels) Text(dst *ebiten.Image, s string, x, y float64, c render.Color) {
	l.TextAt(dst, s, x, y, render.TextSize, c)
}

// TextAt is Text with an em size of em pixels at scale 1 (render.TextSize
// for Text), times the scale.
func (l *Labels) TextAt(dst *ebiten.Image, s string, x, y, em float64, c render.Color) {
	if g := l.add(s, x, y, em, c, nil); g != nil {
		g.Draw(dst)
	}
}

// add lays s out (as TextAt places it) in the batch of its size, and
// returns that batch: batch itself when it is of that size (s goes after
// what it holds), else the size's own, emptied first. Nil for a size that
// draws nothing.
func (l *Labels) add(s string, x, y, em float64, c render.Color, batch *Glyphs) *Glyphs {
	size := l.PixelScale() * em
	g, m := faceAt(size)
	if g == nil {
		return nil
	}
	if g != batch {
		g.Reset()
	}
	// ebiten's GoXFace puts the baseline floor(ascent) below the origin;
	// Glyphs draws as it does.
	base := math.Round(y + size)
	g.Add(s, math.Round(x), base-math.Floor(m.Ascent), 1, c, image.Rectangle{})
	recordText(s, math.Round(x), base, m.Advance, m.Ascent, m.Descent) // the layout record (record.go)
	return g
}

// fontFace is render's text font at one size, as Glyphs, with its
// metrics.
type fontFace struct {
	size float64
	face *Glyphs
	m    render.TextMetrics
}

// fontFaces caches the faces made so far, one per size, at most
// maxFontFaces (the oldest goes first). A UI scale change makes one (and
// its glyph cache) on first use; after that faceAt finds it without
// allocating. Only the ebiten game loop draws text, so no lock.
var fontFaces []fontFace

const maxFontFaces = 8

// faceAt returns the face and metrics of render's text font at size
// pixels.
func faceAt(size float64) (*Glyphs, render.TextMetrics) {
	if !(size > 0) || size > 1e6 {
		return nil, render.TextMetrics{}
	}
	for i := range fontFaces {
		if fontFaces[i].size == size {
			return fontFaces[i].face, fontFaces[i].m
		}
	}
	f := fontFace{size: size, face: NewGlyphs(render.NewTextFace(size)), m: render.TextMetricsAt(size)}
	if len(fontFaces) >= maxFontFaces {
		fontFaces[0].face.Release()
		fontFaces = append(fontFaces[:0], fontFaces[1:]...)
	}
	fontFaces = append(fontFaces, f)
	return f.face, f.m
}

package kit

import (
	"fmt"
	"image"
	"testing"

	"github.com/hajimehoshi/bitmapfont/v4"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font"

	"skewlab/render"
	"skewlab/ui/internal/uitest"
)

// TestGlyphsMatchTextDraw: Glyphs draws the same pixels as ebiten's
// text.Draw with a GoXFace of the same face, for the label font at the
// sizes the window uses (10 px and its UI and HiDPI multiples, a
// fractional 12.5) and debugui's bitmap font at UI scales 1 and 2; at
// whole and fractional positions; for ASCII, Latin-1, symbols and a wide
// glyph; and cut to a clip rectangle as text.Draw onto a sub-image is.
// The oracle is ebiten's own renderer; any pixel off fails.
func TestGlyphsMatchTextDraw(t *testing.T) {
	uitest.NeedLoop(t)
	faces := []struct {
		name string
		face font.Face
	}{
		{"Go Mono 10", render.NewTextFace(10)},
		{"Go Mono 12.5", render.NewTextFace(12.5)},
		{"Go Mono 20", render.NewTextFace(20)},
		{"Go Mono 45", render.NewTextFace(45)},
		{"bitmapfont", bitmapfont.Face},
	}
	texts := []string{"B", "Root", "[  0.00  0.24  0.97  3.50 ]", "volume     1.000, matrices 1.000, +0.0%", "é ü ° × → ≤", "skew あ 亜"}
	places := []struct{ x, y, s float64 }{{0, 0, 1}, {7, 3, 1}, {5, 2, 2}, {-4, 9, 1}, {3, 1, 3}}
	c := render.Color{R: 0.2, G: 0.8, B: 0.9, A: 0.8}
	const w, h = 640, 96
	want, got := ebiten.NewImage(w, h), ebiten.NewImage(w, h)
	defer want.Deallocate()
	defer got.Deallocate()
	pw, pg := make([]byte, 4*w*h), make([]byte, 4*w*h)
	for _, f := range faces {
		gf := text.NewGoXFace(f.face)
		g := NewGlyphs(f.face)
		for _, s := range texts {
			for _, p := range places {
				for _, clip := range []image.Rectangle{{}, image.Rect(9, 6, 61, 19)} {
					want.Clear()
					got.Clear()
					var op text.DrawOptions
					op.GeoM.Translate(p.x, p.y)
					op.GeoM.Scale(p.s, p.s)
					op.ColorScale.Scale(c.R*c.A, c.G*c.A, c.B*c.A, c.A)
					dst := want
					if !clip.Empty() {
						dst = want.SubImage(clip).(*ebiten.Image)
					}
					text.Draw(dst, s, gf, &op)
					g.Reset()
					g.Add(s, p.x, p.y, p.s, c, clip)
					g.Draw(got)
					want.ReadPixels(pw)
					got.ReadPixels(pg)
					where := fmt.Sprintf("%s, %q at (%g, %g) x%g, clip %v", f.name, s, p.x, p.y, p.s, clip)
					if n, first := diffPixels(pw, pg, w); n > 0 {
						t.Errorf("%s: %d pixels differ from text.Draw's, the first at %v", where, n, first)
					}
					if clip.Empty() && nonZero(pw) == 0 {
						t.Fatalf("%s: text.Draw drew nothing: the comparison is empty", where)
					}
				}
			}
		}
		if adv, want := g.Advance("Root: scale"), text.AdvanceAt("Root: scale", len("Root: scale"), gf); adv != want {
			t.Errorf("%s: Advance = %g, text.Advance = %g", f.name, adv, want)
		}
	}
}

// TestGlyphsAllocateNothing: once a string's glyphs are in the atlas,
// laying it out again and drawing the batch allocates nothing (in skewlab's
// code; ebiten's DrawTriangles32 keeps its own per-call uniforms, so the
// draw is counted apart: at most its one call's).
func TestGlyphsAllocateNothing(t *testing.T) {
	uitest.NeedLoop(t)
	g := NewGlyphs(render.NewTextFace(10))
	dst := ebiten.NewImage(200, 40)
	defer dst.Deallocate()
	b := []byte("[  0.00  0.24  0.97  3.50 ]")
	lay := func() {
		g.Reset()
		g.Add("Root", 2, 3, 1, render.White, image.Rectangle{})
		g.AddBytes(b, 2, 20, 2, render.Warning, image.Rect(0, 0, 100, 40))
		g.AddFill(image.Rect(0, 0, 5, 5), render.White)
	}
	lay()
	g.Draw(dst)
	if n := testing.AllocsPerRun(50, lay); n != 0 {
		t.Errorf("laying out known glyphs: %.1f allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(50, func() { g.Draw(dst) }); n > 2 {
		t.Errorf("drawing the batch: %.1f allocations, want at most ebiten's 2 per call", n)
	}
}

// diffPixels counts the pixels of two RGBA buffers (w wide) that differ
// and returns the first.
func diffPixels(a, b []byte, w int) (int, image.Point) {
	n, first := 0, image.Point{-1, -1}
	for i := 0; i+3 < len(a); i += 4 {
		if a[i] != b[i] || a[i+1] != b[i+1] || a[i+2] != b[i+2] || a[i+3] != b[i+3] {
			if n == 0 {
				first = image.Pt(i/4%w, i/4/w)
			}
			n++
		}
	}
	return n, first
}

func nonZero(p []byte) int {
	n := 0
	for i := 3; i < len(p); i += 4 {
		if p[i] != 0 {
			n++
		}
	}
	return n
}

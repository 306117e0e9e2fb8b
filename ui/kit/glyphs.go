package kit

import (
	"image"
	"image/color"
	"math"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"skewlab/render"
)

// Glyphs draws text as ebiten's text.Draw draws it with a text.GoXFace of
// the same face (the same glyph images at the same pixels:
// TestGlyphsMatchTextDraw), but in batches: Add lays a string out as one
// quad per glyph, whose image sits in an atlas shared by every string of
// the face, and Draw draws everything added since Reset in one
// DrawTriangles32 call. A glyph is rasterised once, the first time it is
// laid out at its subpixel offset; after that Add and Draw allocate
// nothing, where text.Draw allocates on every call (its layout buffers and
// one draw call per glyph), which was most of what a frame allocated.
//
// Layout follows text.Draw with default LayoutOptions (left and top
// aligned): a line's baseline lies floor(ascent) below its top, each
// glyph's origin is the sum of the advances and kernings before it,
// taken to ebiten's subpixel granularity, and the glyph's image is placed
// at whole pixels from there. Add's options are text.Draw's GeoM when it
// is a translation by (x, y) followed by a scale by s. Only the first line
// of a string is drawn (the callers draw one line at a time). Colours are
// straight alpha (render.Color), drawn premultiplied as ColorScale.Scale
// does. Glyphs is not safe for concurrent use (only the game loop draws).
type Glyphs struct {
	face   font.Face
	ascent fixed.Int26_6 // the face's ascent, to 1/64 pixel
	gran   fixed.Int26_6 // the subpixel granularity of glyph origins, 1/64 pixel units
	info   map[rune]runeInfo
	ascii  [128]runeInfo
	kern   map[[2]rune]fixed.Int26_6
	kernOK bool // the face kerns some pair (else Kern is skipped)
	slots  map[glyphKey]image.Rectangle

	atlas      *ebiten.Image
	aw, ah     int // the atlas's size
	cx, cy     int // where the next glyph goes: the current shelf's x, its top
	shelf      int // the current shelf's height
	white      image.Rectangle
	vs         []ebiten.Vertex
	is         []uint32
	op         ebiten.DrawTrianglesOptions
	scratchRGB *image.RGBA
	scratchPix []byte     // a glyph's pixels packed for WritePixels (as large as scratchRGB's)
	glyphRGB   image.RGBA // the glyph's corner of scratchRGB, where the face draws it
}

// runeInfo is what the layout needs of a rune: its advance and, when it
// has an image, the bounds of its glyph.
type runeInfo struct {
	known bool
	adv   fixed.Int26_6
	image bool            // the glyph has pixels (w and h not 0)
	min   fixed.Point26_6 // the glyph's bounds, relative to its origin
	w, h  int             // the glyph image's size: the bounds' size rounded up, plus one
}

// glyphKey is one rasterisation of a rune: at a subpixel offset.
type glyphKey struct {
	r      rune
	sx, sy fixed.Int26_6
}

// glyphSlots is the glyph rasterisations the atlas's index holds before
// its map grows: printable ASCII at every subpixel offset of a small face
// (95 x 8) and more, so that the index does not grow in the frames after
// the first.
const glyphSlots = 2048

// NewGlyphs returns a Glyphs for face (which it keeps; not used
// concurrently elsewhere).
func NewGlyphs(face font.Face) *Glyphs {
	g := &Glyphs{face: face, info: map[rune]runeInfo{}, kern: map[[2]rune]fixed.Int26_6{}, slots: make(map[glyphKey]image.Rectangle, glyphSlots)}
	m := face.Metrics()
	g.ascent = m.Ascent
	// ebiten's glyph variations by line height (text.glyphVariationCount):
	// 8 subpixel positions under 20 px, 4 under 40, 2 under 80, else 1.
	s := float64(m.Ascent+m.Descent) / 64
	n := 1
	switch {
	case s < 20:
		n = 8
	case s < 40:
		n = 4
	case s < 80:
		n = 2
	}
	g.gran = fixed.Int26_6(64 / n)
	// Kerning is looked up per pair only when the face kerns at all: a
	// monospaced face (Go Mono, the bitmap font) has no pairs.
	for _, p := range [...][2]rune{{'A', 'V'}, {'T', 'o'}, {'L', 'T'}, {'W', 'a'}, {'f', 'i'}} {
		if face.Kern(p[0], p[1]) != 0 {
			g.kernOK = true
		}
	}
	g.op.ColorScaleMode = ebiten.ColorScaleModePremultipliedAlpha
	return g
}

// Face returns the face the glyphs come from.
func (g *Glyphs) Face() font.Face { return g.face }

// Reset empties the batch, keeping the atlas and the storage.
func (g *Glyphs) Reset() { g.vs, g.is = g.vs[:0], g.is[:0] }

// Len returns the number of quads in the batch.
func (g *Glyphs) Len() int { return len(g.vs) / 4 }

// Draw draws the batch onto dst in one call (nothing when it is empty).
func (g *Glyphs) Draw(dst *ebiten.Image) {
	if len(g.is) == 0 {
		return
	}
	dst.DrawTriangles32(g.vs, g.is, g.atlas, &g.op)
}

// runeOf returns r's layout information, asking the face the first time.
func (g *Glyphs) runeOf(r rune) runeInfo {
	if r >= 0 && r < 128 && g.ascii[r].known {
		return g.ascii[r]
	}
	if ri, ok := g.info[r]; ok {
		return ri
	}
	ri := runeInfo{known: true}
	ri.adv, _ = g.face.GlyphAdvance(r)
	b, _, _ := g.face.GlyphBounds(r)
	w, h := (b.Max.X - b.Min.X).Ceil(), (b.Max.Y - b.Min.Y).Ceil()
	if w > 0 && h > 0 {
		ri.image, ri.min, ri.w, ri.h = true, b.Min, w+1, h+1
	}
	if r >= 0 && r < 128 {
		g.ascii[r] = ri
	} else {
		g.info[r] = ri
	}
	return ri
}

// kernOf returns the kerning between a and b.
func (g *Glyphs) kernOf(a, b rune) fixed.Int26_6 {
	if !g.kernOK {
		return 0
	}
	k, ok := g.kern[[2]rune{a, b}]
	if !ok {
		k = g.face.Kern(a, b)
		g.kern[[2]rune{a, b}] = k
	}
	return k
}

// Advance returns the width of s's first line at scale 1, in pixels: the
// sum of its advances and kernings (text.Advance for a GoXFace).
func (g *Glyphs) Advance(s string) float64 {
	var x fixed.Int26_6
	prev := rune(-1)
	for _, r := range s {
		if r == '\n' {
			break
		}
		if prev >= 0 {
			x += g.kernOf(prev, r)
		}
		x += g.runeOf(r).adv
		prev = r
	}
	return float64(x) / 64
}

// AdvanceBytes is Advance for text held in bytes.
func (g *Glyphs) AdvanceBytes(b []byte) float64 {
	var x fixed.Int26_6
	prev := rune(-1)
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		i += n
		if r == '\n' {
			break
		}
		if prev >= 0 {
			x += g.kernOf(prev, r)
		}
		x += g.runeOf(r).adv
		prev = r
	}
	return float64(x) / 64
}

// AddFill adds the rectangle r of dst pixels filled with c to the batch
// (drawn in order with the text: a row's background, then its text).
func (g *Glyphs) AddFill(r image.Rectangle, c render.Color) {
	if r.Empty() {
		return
	}
	g.ensureAtlas()
	w := g.white
	g.quad(float32(r.Min.X), float32(r.Min.Y), float32(r.Max.X), float32(r.Max.Y), float32(w.Min.X), float32(w.Min.Y), float32(w.Max.X), float32(w.Max.Y), c)
}

// Add adds s's first line to the batch as text.Draw(dst, s, face, op)
// draws it with op.GeoM a translation by (x, y) followed by a scale by
// scale, in colour c, for x and y whole numbers (as every caller places
// text; at a fraction of a pixel the nearest filter may pick other source
// pixels than DrawImage's); clip, when not empty, keeps only the pixels
// inside it, as drawing onto dst.SubImage(clip) would.
func (g *Glyphs) Add(s string, x, y, scale float64, c render.Color, clip image.Rectangle) {
	l, ok := g.begin(x, y, scale, c, clip)
	if !ok {
		return
	}
	for _, r := range s {
		if r == '\n' {
			break
		}
		g.addRune(&l, r)
	}
}

// AddBytes is Add for text held in bytes (a buffer rewritten every frame:
// no string is made).
func (g *Glyphs) AddBytes(b []byte, x, y, scale float64, c render.Color, clip image.Rectangle) {
	l, ok := g.begin(x, y, scale, c, clip)
	if !ok {
		return
	}
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		i += n
		if r == '\n' {
			break
		}
		g.addRune(&l, r)
	}
}

// lineState is where Add is in a line.
type lineState struct {
	x, y, scale float64
	c           render.Color
	clip        image.Rectangle
	ox, oy      fixed.Int26_6 // the next glyph's origin, text space
	prev        rune
}

// begin starts a line; false for a scale or position that cannot draw.
func (g *Glyphs) begin(x, y, scale float64, c render.Color, clip image.Rectangle) (lineState, bool) {
	if !(scale > 0) || math.IsInf(x+y+scale, 0) || math.IsNaN(x+y) {
		return lineState{}, false
	}
	g.ensureAtlas()
	// The baseline: the line's top plus the ascent, to whole pixels, as
	// ebiten's GoXFace places it.
	return lineState{x: x, y: y, scale: scale, c: c, clip: clip, oy: g.ascent &^ 63, prev: -1}, true
}

// addRune lays out r at the line's current origin and advances it.
func (g *Glyphs) addRune(l *lineState, r rune) {
	if l.prev >= 0 {
		l.ox += g.kernOf(l.prev, r)
	}
	l.prev = r
	ri := g.runeOf(r)
	at := l.ox
	l.ox += ri.adv
	if !ri.image {
		return
	}
	at = at / g.gran * g.gran
	gx, gy := at+ri.min.X, l.oy+ri.min.Y
	src := g.slot(r, gx&63, gy&63, ri)
	if src.Empty() {
		return
	}
	px, py := float64(gx.Floor()), float64(gy.Floor())
	x0, y0 := (px+l.x)*l.scale, (py+l.y)*l.scale
	x1, y1 := x0+float64(ri.w)*l.scale, y0+float64(ri.h)*l.scale
	g.clippedQuad(x0, y0, x1, y1, src, l.scale, l.c, l.clip)
}

// clippedQuad adds the glyph quad (x0, y0)-(x1, y1) showing src, cut to
// clip when it is not empty (the source cut in proportion: with the
// nearest filter each pixel inside still shows the source pixel it showed
// uncut).
func (g *Glyphs) clippedQuad(x0, y0, x1, y1 float64, src image.Rectangle, scale float64, c render.Color, clip image.Rectangle) {
	sx0, sy0, sx1, sy1 := float64(src.Min.X), float64(src.Min.Y), float64(src.Max.X), float64(src.Max.Y)
	if !clip.Empty() {
		cx0, cy0, cx1, cy1 := float64(clip.Min.X), float64(clip.Min.Y), float64(clip.Max.X), float64(clip.Max.Y)
		if x0 >= cx1 || y0 >= cy1 || x1 <= cx0 || y1 <= cy0 {
			return
		}
		if x0 < cx0 {
			sx0 += (cx0 - x0) / scale
			x0 = cx0
		}
		if y0 < cy0 {
			sy0 += (cy0 - y0) / scale
			y0 = cy0
		}
		if x1 > cx1 {
			sx1 -= (x1 - cx1) / scale
			x1 = cx1
		}
		if y1 > cy1 {
			sy1 -= (y1 - cy1) / scale
			y1 = cy1
		}
	}
	g.quad(float32(x0), float32(y0), float32(x1), float32(y1), float32(sx0), float32(sy0), float32(sx1), float32(sy1), c)
}

// quad appends a rectangle of dst pixels showing the source rectangle
// (sx0, sy0)-(sx1, sy1) of the atlas, coloured c
// (premultiplied here).
func (g *Glyphs) quad(x0, y0, x1, y1, sx0, sy0, sx1, sy1 float32, c render.Color) {
	cr, cg, cb, ca := c.R*c.A, c.G*c.A, c.B*c.A, c.A
	n := uint32(len(g.vs))
	g.vs = append(g.vs,
		ebiten.Vertex{DstX: x0, DstY: y0, SrcX: sx0, SrcY: sy0, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca},
		ebiten.Vertex{DstX: x1, DstY: y0, SrcX: sx1, SrcY: sy0, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca},
		ebiten.Vertex{DstX: x1, DstY: y1, SrcX: sx1, SrcY: sy1, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca},
		ebiten.Vertex{DstX: x0, DstY: y1, SrcX: sx0, SrcY: sy1, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca})
	g.is = append(g.is, n, n+1, n+2, n, n+2, n+3)
}

// atlasSize is the atlas's first size; it doubles in height when full.
const atlasSize = 512

// ensureAtlas makes the atlas, with a white block for fills.
func (g *Glyphs) ensureAtlas() {
	if g.atlas != nil {
		return
	}
	g.aw, g.ah = atlasSize, atlasSize
	g.atlas = ebiten.NewImage(g.aw, g.ah)
	// A 3x3 white block whose middle pixel fills (no filtering reaches
	// past it).
	g.atlas.SubImage(image.Rect(0, 0, 3, 3)).(*ebiten.Image).Fill(color.White)
	g.white = image.Rect(1, 1, 2, 2)
	g.cx, g.cy, g.shelf = 4, 0, 4
}

// slot returns where the atlas holds r rasterised at subpixel offset (sx,
// sy) (its glyph bounds' corner at that fraction of a pixel), drawing it
// there the first time.
func (g *Glyphs) slot(r rune, sx, sy fixed.Int26_6, ri runeInfo) image.Rectangle {
	k := glyphKey{r, sx, sy}
	if s, ok := g.slots[k]; ok {
		return s
	}
	// As ebiten's GoXFace rasterises a glyph: drawn with a font.Drawer
	// into an image one pixel larger than its bounds, the bounds' corner
	// at the subpixel offset.
	w, h := ri.w, ri.h
	if w > g.aw-2 {
		g.slots[k] = image.Rectangle{} // wider than the atlas: not drawn
		return image.Rectangle{}
	}
	if g.cx+w+1 > g.aw {
		g.cx, g.cy, g.shelf = 0, g.cy+g.shelf+1, 0
	}
	for g.cy+h+1 > g.ah {
		g.grow()
	}
	rect := image.Rect(g.cx, g.cy, g.cx+w, g.cy+h)
	g.cx += w + 1
	g.shelf = max(g.shelf, h)
	// The scratch image and the packed pixels are kept and grow only for
	// a glyph larger than any before (at least 64 by 64): a new glyph in
	// a later frame (a moving label meets a new subpixel offset) then
	// allocates nothing but the slot's map entry.
	if g.scratchRGB == nil || g.scratchRGB.Rect.Dx() < w || g.scratchRGB.Rect.Dy() < h {
		g.scratchRGB = image.NewRGBA(image.Rect(0, 0, max(w, 64), max(h, 64)))
		g.scratchPix = make([]byte, len(g.scratchRGB.Pix))
	}
	g.glyphRGB = image.RGBA{Pix: g.scratchRGB.Pix, Stride: g.scratchRGB.Stride, Rect: image.Rect(0, 0, w, h)}
	clear(g.scratchRGB.Pix)
	d := font.Drawer{Dst: &g.glyphRGB, Src: image.White, Face: g.face, Dot: fixed.Point26_6{X: -ri.min.X + sx, Y: -ri.min.Y + sy}}
	var one [utf8.UTFMax]byte
	d.DrawBytes(one[:utf8.EncodeRune(one[:], r)])
	pix := g.scratchPix[:4*w*h]
	for y := 0; y < h; y++ {
		copy(pix[4*w*y:4*w*(y+1)], g.glyphRGB.Pix[y*g.glyphRGB.Stride:y*g.glyphRGB.Stride+4*w])
	}
	g.atlas.SubImage(rect).(*ebiten.Image).WritePixels(pix)
	g.slots[k] = rect
	return rect
}

// Release frees the atlas (the Glyphs makes a new one if used again).
func (g *Glyphs) Release() {
	if g.atlas != nil {
		g.atlas.Deallocate()
		g.atlas = nil
		clear(g.slots)
		g.Reset()
	}
}

// grow doubles the atlas's height, keeping what it holds where it is (the
// batch's source coordinates stay valid).
func (g *Glyphs) grow() {
	old := g.atlas
	g.ah *= 2
	g.atlas = ebiten.NewImage(g.aw, g.ah)
	g.atlas.DrawImage(old, nil)
	old.Deallocate()
}

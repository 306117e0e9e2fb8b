package kit

import (
	"image"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/bitmapfont/v4"
	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/render"
)

// Live rows: the App keeps the debugui windows as a picture (its UI
// layer) and lays them out and draws them again only on input or a
// change, not on every frame of an animation (ui/uilayer.go). A line of a
// window whose text changes while the picture animates (the Readouts
// while B spins) is a LiveRow: debugui lays it out as an empty widget,
// and its text is drawn every frame from what the view wrote into it,
// under the UI layer, through a hole the row leaves there. The hole keeps
// the windows' order: a window dragged over the row covers it. Rows and
// the layer are drawn only by the game loop, so no lock.

// The look of debugui's text (its default style), which live rows copy.
var (
	// UIText is debugui's text colour.
	UIText = render.Color{R: 230.0 / 255, G: 230.0 / 255, B: 230.0 / 255, A: 1}
	// uiWindowBG is debugui's window background, under a row's text:
	// color.RGBA{45, 45, 45, 230}, which is premultiplied, as a straight
	// colour.
	uiWindowBG = render.Color{R: 45.0 / 230, G: 45.0 / 230, B: 45.0 / 230, A: 230.0 / 255}
)

// debugui's text padding in a widget, UI units (its default style).
const uiPadding = 5

// LiveRow is one line of a window drawn every frame with the text the
// view last wrote into it. The zero value is ready; a row must stay at
// one address (a field of the view).
type LiveRow struct {
	// Text is what the row shows: rewrite it whenever the picture
	// changes (append into Text[:0]); it is read when the frame is drawn.
	Text []byte
	// Color is the text's colour; the zero Color is UIText.
	Color render.Color

	at       image.Rectangle // the widget's bounds at the last layout, UI units
	scale    int             // the UI's pixel scale at the last layout
	wrapped  string          // the text laid out as debugui text, when too wide for one line
	laidWrap bool            // the last layout was debugui text
	vis      image.Rectangle // its visible part at the last drawing of the UI, device pixels
	ctx      *debugui.Context
	layoutFn func()
	holeFn   func(*ebiten.Image)
}

// Lay makes the row the next grid cell of the window being laid out, as
// ctx.Text would for a line of text (its width the cell's, its height a
// line's). A text wider than the cell is laid out as ctx.Text (wrapped
// onto more lines, and not live: Still is false once it changes).
func (r *LiveRow) Lay(ctx *debugui.Context) {
	if r.layoutFn == nil {
		r.layoutFn, r.holeFn = r.layout, r.hole
	}
	r.ctx, r.scale = ctx, ctx.Scale()
	Track(ctx, &r.at, r.layoutFn)
}

// Bounds returns the row's widget bounds at the last layout, in UI units.
func (r *LiveRow) Bounds() image.Rectangle { return r.at }

func (r *LiveRow) layout() {
	// debugui wraps a text wider than the cell less its padding.
	r.laidWrap = uiGlyphs().AdvanceBytes(r.Text) > float64(r.at.Dx()-uiPadding)
	if r.laidWrap {
		r.wrapped = string(r.Text)
		r.ctx.Text(r.wrapped)
		return
	}
	r.ctx.DrawOnlyWidget(r.holeFn)
}

// Still reports whether the row's text can be shown as laid out: it fits
// on the row's line, or, laid out as wrapped text, it has not changed.
func (r *LiveRow) Still() bool {
	if r.laidWrap {
		return string(r.Text) == r.wrapped
	}
	return uiGlyphs().AdvanceBytes(r.Text) <= float64(r.at.Dx()-uiPadding)
}

// livePass is how rows act while debugui draws: punching the App's UI
// layer (leave a hole, register for DrawLive) or painting (draw the text
// in place: the layout record's picture of the UI, a test).
var (
	punching bool
	liveRows []*LiveRow
	uiFaces  *Glyphs
)

// BeginUILayer starts a drawing of the UI into the App's layer: the live
// rows met until EndUILayer leave holes and are drawn by DrawLive.
func BeginUILayer() { punching, liveRows = true, liveRows[:0] }

// EndUILayer ends it.
func EndUILayer() { punching = false }

// ForgetLiveRows drops the rows of the last layer (the UI is hidden).
func ForgetLiveRows() { liveRows = liveRows[:0] }

// hole runs when debugui draws the row, target being the window's
// clipped part of the image drawn on.
func (r *LiveRow) hole(target *ebiten.Image) {
	s := r.scale
	r.vis = image.Rect(r.at.Min.X*s, r.at.Min.Y*s, r.at.Max.X*s, r.at.Max.Y*s).Intersect(target.Bounds())
	if r.vis.Empty() {
		return
	}
	if punching {
		target.SubImage(r.vis).(*ebiten.Image).Clear()
		liveRows = append(liveRows, r)
		return
	}
	g := uiGlyphs()
	g.Reset()
	r.addText(g)
	g.Draw(target)
}

// uiGlyphs is debugui's font as Glyphs.
func uiGlyphs() *Glyphs {
	if uiFaces == nil {
		uiFaces = NewGlyphs(bitmapfont.Face)
	}
	return uiFaces
}

// addText lays the row's text out where debugui puts a widget's text:
// its padding in from the left, centred in the row's height, at the UI
// scale, cut to the visible part.
func (r *LiveRow) addText(g *Glyphs) {
	m := g.Face().Metrics()
	line := int(float64(m.Height) / 64) // debugui's lineHeight: ascent, descent and gap
	x := r.at.Min.X + uiPadding
	y := r.at.Min.Y + (r.at.Dy()-line)/2
	c := r.Color
	if c == (render.Color{}) {
		c = UIText
	}
	g.AddBytes(r.Text, float64(x), float64(y), float64(r.scale), c, r.vis)
}

// DrawLive draws the rows the last UI layer left holes for, each on the
// window's background with its current text, in one batch: the App calls
// it after the picture and before the UI layer.
func DrawLive(dst *ebiten.Image) {
	if len(liveRows) == 0 {
		return
	}
	g := uiGlyphs()
	g.Reset()
	for _, r := range liveRows {
		g.AddFill(r.vis, uiWindowBG)
		r.addText(g)
	}
	g.Draw(dst)
}

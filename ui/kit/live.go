package kit

import (
	"image"
	"strconv"

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
	liveRows []liveWidget
	uiFaces  *Glyphs
)

// liveWidget is a LiveRow or a LiveSlider: it adds its current look to
// the batch DrawLive draws.
type liveWidget interface{ addLive(g *Glyphs) }

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
		r.addLive(g)
	}
	g.Draw(dst)
}

// addLive adds the row on the window's background.
func (r *LiveRow) addLive(g *Glyphs) {
	g.AddFill(r.vis, uiWindowBG)
	r.addText(g)
}

// The colours of debugui's slider (its default style; color.RGBA values
// are premultiplied, and these are opaque).
var (
	uiBorder = render.Color{R: 60.0 / 255, G: 60.0 / 255, B: 60.0 / 255, A: 1}
	uiBase   = render.Color{R: 30.0 / 255, G: 30.0 / 255, B: 30.0 / 255, A: 1}
	uiButton = render.Color{R: 75.0 / 255, G: 75.0 / 255, B: 75.0 / 255, A: 1}
)

// uiThumb is the width of debugui's slider thumb, UI units.
const uiThumb = 8

// LiveSlider is a debugui SliderF drawn every frame at the value the view
// last set, for a slider that moves by itself while the view plays (the
// Timeline's time): it looks as debugui draws a slider that is neither
// hovered nor focused, so lay it out only while the pointer is not on it
// (and the real slider otherwise, to be dragged). The zero value is
// ready; it must stay at one address.
type LiveSlider struct {
	// Value, Low and High are the slider's value and range, Digits the
	// decimals its number shows (SliderF's).
	Value, Low, High float64
	Digits           int

	at     image.Rectangle // bounds at the last layout, UI units
	scale  int
	vis    image.Rectangle // the frame's visible part (bounds grown by the border), device pixels
	clip   image.Rectangle // the window's clip, device pixels
	ctx    *debugui.Context
	holeFn func(*ebiten.Image)
	text   []byte
}

// Lay lays the slider out in bounds, the current grid cell's (kit.Track's
// rectangle), as the widget the cell holds.
func (s *LiveSlider) Lay(ctx *debugui.Context, bounds image.Rectangle) {
	if s.holeFn == nil {
		s.holeFn = s.hole
	}
	s.ctx, s.scale, s.at = ctx, ctx.Scale(), bounds
	ctx.DrawOnlyWidget(s.holeFn)
}

func (s *LiveSlider) hole(target *ebiten.Image) {
	k := s.scale
	s.clip = target.Bounds()
	frame := s.at.Inset(-1) // the border lies outside the bounds
	s.vis = image.Rect(frame.Min.X*k, frame.Min.Y*k, frame.Max.X*k, frame.Max.Y*k).Intersect(s.clip)
	if s.vis.Empty() {
		return
	}
	if punching {
		target.SubImage(s.vis).(*ebiten.Image).Clear()
		liveRows = append(liveRows, s)
		return
	}
	g := uiGlyphs()
	g.Reset()
	s.add(g)
	g.Draw(target)
}

// addLive adds the slider on the window's background.
func (s *LiveSlider) addLive(g *Glyphs) {
	g.AddFill(s.vis, uiWindowBG)
	s.add(g)
}

// add adds the slider as debugui draws it: the base with its border, the
// thumb with its, the number centred.
func (s *LiveSlider) add(g *Glyphs) {
	k := s.scale
	dev := func(r image.Rectangle) image.Rectangle {
		return image.Rect(r.Min.X*k, r.Min.Y*k, r.Max.X*k, r.Max.Y*k).Intersect(s.vis)
	}
	box := func(r image.Rectangle, c render.Color) {
		// debugui's drawFrame: the fill, then a one-unit border around it.
		g.AddFill(dev(r), c)
		o := r.Inset(-1)
		g.AddFill(dev(image.Rect(o.Min.X+1, o.Min.Y, o.Max.X-1, o.Min.Y+1)), uiBorder)
		g.AddFill(dev(image.Rect(o.Min.X+1, o.Max.Y-1, o.Max.X-1, o.Max.Y)), uiBorder)
		g.AddFill(dev(image.Rect(o.Min.X, o.Min.Y, o.Min.X+1, o.Max.Y)), uiBorder)
		g.AddFill(dev(image.Rect(o.Max.X-1, o.Min.Y, o.Max.X, o.Max.Y)), uiBorder)
	}
	v := min(max(s.Value, s.Low), s.High) // debugui clamps the bound value
	box(s.at, uiBase)
	var x int
	if s.Low < s.High {
		x = int((v - s.Low) * float64(s.at.Dx()-uiThumb) / (s.High - s.Low))
	}
	box(image.Rect(s.at.Min.X+x, s.at.Min.Y, s.at.Min.X+x+uiThumb, s.at.Max.Y), uiButton)
	s.text = strconv.AppendFloat(s.text[:0], v, 'f', s.Digits, 64) // as debugui's "%.Nf"
	m := g.Face().Metrics()
	line := int(float64(m.Height) / 64)
	tw := int(g.AdvanceBytes(s.text))
	px := s.at.Min.X + (s.at.Dx()-tw)/2
	py := s.at.Min.Y + (s.at.Dy()-line)/2
	clip := image.Rect(s.at.Min.X*k, s.at.Min.Y*k, s.at.Max.X*k, s.at.Max.Y*k).Intersect(s.clip)
	g.AddBytes(s.text, float64(px), float64(py), float64(k), UIText, clip)
}

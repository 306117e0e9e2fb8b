package ui

import (
	"image"
	"math"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"skewlab/render"
	"skewlab/tour"
	"skewlab/ui/kit"
)

// Presenter mode (K, -present, the URL's present=1): every window hidden,
// the picture takes the screen above a thin strip, and the views draw
// their text and lines for a hall (kit.TextScale, kit.LineScale: labels
// at least 1/40 of the screen's height). The strip carries, in the tour,
// Prev and Next buttons (a click, as a clicker's PageUp and PageDown
// keys) and the step's counter and title (the caption is for reading,
// not for a hall: the lecturer says it); out of the tour, the view's
// title (the lab and its modes); and at the right the keys that matter.
// The picture's own legend names what it draws.

// presentState is the App's part of presenter mode.
type presentState struct {
	on         bool
	labels     kit.Labels
	prev, next image.Rectangle // the strip's buttons (device pixels), empty out of the tour
	top        float64         // the strip's top edge, device pixels
	text       string          // the strip's middle text, made for textOf
	textOf     struct {
		step  int
		title string
	}
	keysText     string
	pressOnStrip bool
	// Laid out by layoutPresent for drawPresent: the middle text cut to
	// the room left (made again only when the text or the room changes),
	// and where the texts start (device pixels; base is their line's top).
	shown   string
	shownOf struct {
		text string
		room int
	}
	textX, keysX, base float64
}

// PresentStrip is the strip's height in ems of its text (kit.TextScale
// times render.TextSize).
const PresentStrip = 1.9

// presentKeys and presentTourKeys are the keys the strip names.
const (
	presentKeys     = "K leave  ? keys"
	presentTourKeys = "<- -> steps  K leave"
)

// SetPresenting turns presenter mode on or off.
func (a *App) SetPresenting(on bool) {
	a.present.on = on
	a.calm = 0
}

// Presenting reports whether presenter mode is on.
func (a *App) Presenting() bool { return a.present.on }

// layoutPresent lays the strip out for this tick's screen and sets the
// picture's height above it (Input.ViewH); out of presenter mode it does
// nothing.
func (a *App) layoutPresent() {
	in := &a.in
	p := &a.present
	p.prev, p.next = image.Rectangle{}, image.Rectangle{}
	if !p.on {
		return
	}
	s := kit.TextScale(in)
	em := s * render.TextSize
	h := math.Round(PresentStrip * em)
	p.top = in.Height - h
	in.ViewH = p.top
	title := a.view().Title()
	if p.textOf.step != a.tour.step || p.textOf.title != title {
		p.textOf.step, p.textOf.title = a.tour.step, title
		p.text = title
		p.keysText = presentKeys
		if a.tour.step > 0 && a.cfg.Tour != nil {
			p.text = tour.Counter(a.tour.step, a.cfg.Tour.Len()) + "  " + a.cfg.Tour.Steps[a.tour.step-1].Title
			p.keysText = presentTourKeys
		}
	}
	adv := render.TextMetricsAt(em).Advance
	pad := math.Round(0.5 * em)
	x := pad
	if a.tour.step > 0 {
		bw := int(math.Ceil(6*adv + 2*pad))
		p.prev = image.Rect(int(x), int(p.top+0.2*em), int(x)+bw, int(in.Height-0.2*em))
		x += float64(bw) + pad
	}
	keysW := float64(len(p.keysText)) * adv
	right := in.Width - pad - keysW
	if a.tour.step > 0 {
		bw := int(math.Ceil(6*adv + 2*pad))
		right -= float64(bw) + 2*pad
		p.next = image.Rect(int(right+pad), int(p.top+0.2*em), int(right+pad)+bw, int(in.Height-0.2*em))
	}
	// The middle text, cut to the room between the buttons and the keys.
	room := int((right - pad - x) / adv)
	if p.shownOf.text != p.text || p.shownOf.room != room {
		p.shownOf.text, p.shownOf.room = p.text, room
		p.shown = p.text
		if n := utf8.RuneCountInString(p.text); room < n {
			p.shown = ""
			if room > 1 {
				p.shown = string([]rune(p.text)[:room-1]) + "…"
			}
		}
	}
	p.base = p.top + (h-em)/2 - 0.1*em
	p.textX, p.keysX = x, in.Width-pad-keysW
	p.labels.Scale = s
}

// presentClick steps the tour when Prev or Next on the strip is clicked,
// and reports whether the pointer is on the strip (a press there is not a
// click on the picture).
func (a *App) presentClick() bool {
	p := &a.present
	if !p.on {
		return false
	}
	x, y := ebiten.CursorPosition()
	pt := image.Pt(x, y)
	onStrip := float64(y) >= p.top
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		p.pressOnStrip = onStrip
	}
	if p.pressOnStrip && inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) {
		p.pressOnStrip = false
		switch {
		case pt.In(p.prev):
			a.prevStep()
		case pt.In(p.next):
			a.nextStep(false)
		}
		return true
	}
	return p.pressOnStrip || onStrip
}

// drawPresent draws the strip: its background, a rule on top, the
// buttons' frames and the text.
func (a *App) drawPresent(screen *ebiten.Image) {
	p := &a.present
	if !p.on {
		return
	}
	w, h := float32(a.w), float32(a.h)
	top := float32(math.Floor(p.top))
	vector.FillRect(screen, 0, top, w, h-top, render.StripBackground, false)
	lw := float32(max(1, math.Round(kit.LineScale(&a.in))))
	vector.StrokeLine(screen, 0, top, w, top, lw, render.LabelGrey, false)
	for _, r := range [2]image.Rectangle{p.prev, p.next} {
		if !r.Empty() {
			vector.StrokeRect(screen, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), lw, render.LabelGrey, false)
		}
	}
	l := &p.labels
	l.Text(screen, p.shown, p.textX, p.base, render.White)
	l.Text(screen, p.keysText, p.keysX, p.base, render.LabelGrey)
	if !p.prev.Empty() {
		pad := math.Round(0.5 * l.PixelScale() * render.TextSize)
		l.Text(screen, "< Prev", float64(p.prev.Min.X)+pad, p.base, render.White)
		l.Text(screen, "Next >", float64(p.next.Min.X)+pad, p.base, render.White)
	}
}

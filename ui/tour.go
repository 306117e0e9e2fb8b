package ui

import (
	"image"
	"math"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"skewlab/state"
	"skewlab/tour"
	"skewlab/ui/kit"
)

// The guided tour in the app: a step opens as a fresh view of its lab
// made from the step's state, plays its gesture (kit.Player), and its
// caption is drawn at the bottom of the picture's band (tour.Layout, the
// layout the exported figures use). Right/PageDown and Left/PageUp move,
// Esc leaves keeping the view as it is; the Tour window has Prev, the
// counter, Next and Leave; with the UI off a click steps on.

// tourState is the App's part of the tour.
type tourState struct {
	step    int          // the step shown, from 1; 0 when not touring
	overlay tour.Overlay // the caption as laid out for the last tick
	labels  kit.Labels   // draws the caption (Scale 1: the labels carry their pixel size)
	press   bool         // a left press outside the UI that may become a click (UI off)
	moved   float64      // how far it has moved, device pixels
	err     string       // why the last step could not open, shown instead of its caption
	title   string       // the window title's tour part, made for titleOf
	titleOf struct {     // the step and view title title was made for
		step int
		view string
	}
}

// tourTitle returns the window title for view title t: during the tour
// "tour step N of M - t" (made only when the step or t changes), else t.
func (a *App) tourTitle(t string) string {
	if a.tour.step == 0 {
		return t
	}
	if a.tour.titleOf.step != a.tour.step || a.tour.titleOf.view != t {
		a.tour.titleOf.step, a.tour.titleOf.view = a.tour.step, t
		a.tour.title = "tour " + tour.Counter(a.tour.step, a.cfg.Tour.Len()) + " - " + t
	}
	return a.tour.title
}

// Touring reports whether a tour step is shown, and which (from 1).
func (a *App) Touring() (step int, ok bool) { return a.tour.step, a.tour.step > 0 }

// TourText returns what the tour shows now: the counter, title and
// caption of the step (its CaptionNoUI while the UI is off, when it has
// one; "" when not touring), for the web page and tests.
func (a *App) TourText() (counter, title, caption string) {
	if a.tour.step == 0 || a.cfg.Tour == nil {
		return "", "", ""
	}
	s := a.cfg.Tour.Steps[a.tour.step-1]
	return tour.Counter(a.tour.step, a.cfg.Tour.Len()), s.Title, s.CaptionFor(a.level != kit.LevelOff)
}

// OpenStep shows tour step n (from 1): its lab's view made afresh from
// the step's state (the UI level, UI scale and anti-aliasing stay the
// app's), playing its gesture. A step out of range is
// state.TourRangeError and changes nothing; a view that cannot be made
// shows the missing view with the reason.
func (a *App) OpenStep(n int) error {
	t := a.cfg.Tour
	if t == nil {
		return state.TourRangeError(n)
	}
	s, err := t.Step(n)
	if err != nil {
		return err
	}
	a.uiLayer.force = true // the Tour window shows the step
	st := s.Open()
	st.UI, st.UIScale, st.AntiAlias = a.st.UI, a.in.UIScale, a.st.AntiAlias
	i := max(0, indexOf(a.names, st.Lab))
	a.lab, a.tour.step, a.tour.err = i, n, ""
	a.calm = 0
	if l := a.labs[i]; l.NewView != nil {
		v, err := l.NewView(st)
		if err != nil {
			a.views[i] = a.missing(err)
			return nil
		}
		a.views[i] = v
		if p, ok := v.(kit.Player); ok && s.Gesture.Kind != "" {
			if err := p.Play(s.Gesture); err != nil {
				a.tour.err = err.Error()
			}
		}
	} else {
		a.views[i] = a.missing(nil)
	}
	return nil
}

// LeaveTour ends the tour, keeping the view as the step left it.
func (a *App) LeaveTour() {
	a.tour.step, a.st.Tour = 0, 0
	a.calm = 0
}

// nextStep and prevStep move by one step, staying at the ends; wrap
// makes Next at the last step go back to the first (a click with the UI
// off, for one embedded frame that steps through everything).
func (a *App) nextStep(wrap bool) {
	switch n := a.tour.step; {
	case n < a.cfg.Tour.Len():
		_ = a.OpenStep(n + 1)
	case wrap:
		_ = a.OpenStep(1)
	}
}

func (a *App) prevStep() {
	if a.tour.step > 1 {
		_ = a.OpenStep(a.tour.step - 1)
	}
}

// tourKeys handles the tour's keys while a step is shown: Right and
// PageDown next, Left and PageUp back (Esc, which leaves, is in keys).
func (a *App) tourKeys() {
	just := inpututil.IsKeyJustPressed
	switch {
	case just(ebiten.KeyArrowRight), just(ebiten.KeyPageDown):
		a.nextStep(false)
	case just(ebiten.KeyArrowLeft), just(ebiten.KeyPageUp):
		a.prevStep()
	}
}

// tourClick steps on at a click (press and release moving at most
// clickSlop device-independent pixels) outside the UI while the UI is
// off, wrapping from the last step to the first.
func (a *App) tourClick() {
	if a.in.Level != kit.LevelOff {
		a.tour.press = false
		return
	}
	in := &a.in
	switch {
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && a.capture == 0:
		a.tour.press, a.tour.moved = true, 0
	case a.tour.press && ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft):
		a.tour.moved += math.Abs(in.DX) + math.Abs(in.DY)
	case a.tour.press:
		a.tour.press = false
		if a.tour.moved <= clickSlop*max(1, in.DeviceScale) {
			a.nextStep(true)
		}
	}
}

// clickSlop is how far, in device-independent pixels, a press may move
// and still count as a click.
const clickSlop = 4.0

// layoutTour lays the caption out for this tick's band and tells the
// view the picture's height (Input.ViewH).
func (a *App) layoutTour() {
	in := &a.in
	in.ViewH, in.TourKeys = 0, a.tour.step > 0
	if a.tour.step == 0 || a.present.on {
		return // presenter mode: the strip names the step (present.go)
	}
	x, w := in.ViewX, in.ViewW
	if !(w > 0) {
		x, w = 0, in.Width
	}
	s := a.cfg.Tour.Steps[a.tour.step-1]
	s.Caption = s.CaptionFor(a.level != kit.LevelOff) // say only what the reader can do
	if a.tour.err != "" {
		s.Caption = a.tour.err
	}
	px := float64(kit.UIPixels(in))
	h := in.Height
	if a.level != kit.LevelOff {
		h -= (tourWindowH + kit.Margin) * px // the Tour window sits under the caption
	}
	a.tour.overlay = tour.Layout(s, a.tour.step, a.cfg.Tour.Len(), x, w, h, px)
	in.ViewH = float64(tour.PictureHeight(a.tour.overlay.PictureH))
	a.tour.labels.Reset()
	a.tour.labels.Scale = 1
	a.tour.labels.Add(a.tour.overlay.Labels)
}

// drawTour draws the caption band: its background, the rule and the
// text.
func (a *App) drawTour(screen *ebiten.Image) {
	if a.tour.step == 0 || a.present.on {
		return
	}
	o := &a.tour.overlay
	top := float32(math.Floor(o.PictureH))
	vector.FillRect(screen, 0, top, float32(a.w), float32(a.h)-top, a.cfg.Background, false)
	kit.RecordFill(0, float64(top), float64(a.w), float64(a.h)-float64(top))
	r := o.Rule
	vector.StrokeLine(screen, float32(r.A[0]), float32(r.A[1]), float32(r.B[0]), float32(r.B[1]), r.Width, r.Color, false)
	a.tour.labels.Draw(screen)
}

// tourWindowH is the Tour window's height in UI units.
const tourWindowH = 52

// tourWindow is the Tour window while a step is shown (with the UI on):
// Prev, "step N of M", Next and Leave (Esc), or with the host's Share
// Prev, Next, Leave and Share (the caption shows the counter), under the
// caption, in the middle of the picture's band (the Lab window is hidden
// meanwhile). Not touring, the Lab window's Tour button opens step 1.
func (a *App) tourWindow(ctx *debugui.Context) {
	ctx.Window("Tour", a.tourRect(), func(debugui.ContainerLayout) {
		if a.cfg.Share != nil {
			// Share takes the counter's place: the caption shows it.
			ctx.SetGridLayout([]int{-1, -1, -1, -1}, nil)
			ctx.Button("< Prev").On(a.prevStep)
		} else {
			ctx.SetGridLayout([]int{-2, -3, -2, -2}, nil)
			ctx.Button("< Prev").On(a.prevStep)
			ctx.Text(tour.Counter(a.tour.step, a.cfg.Tour.Len()))
		}
		ctx.Button("Next >").On(func() { a.nextStep(false) })
		ctx.Button("Leave").On(a.LeaveTour)
		if a.cfg.Share != nil {
			a.shareButton()
		}
	})
}

// tourRect is the Tour window's rectangle in UI units: 330 wide, in the
// middle of the picture's band, at the bottom of the screen.
func (a *App) tourRect() image.Rectangle {
	px := float64(kit.UIPixels(&a.in))
	x, w := a.in.ViewX, a.in.ViewW
	if !(w > 0) {
		x, w = 0, a.in.Width
	}
	const ww = 330
	left := int((x+w/2)/px) - ww/2
	bottom := int(a.in.Height/px) - kit.Margin
	return image.Rect(left, bottom-tourWindowH, left+ww, bottom)
}

// tourButton is the Lab window's Tour button: it opens step 1.
func (a *App) tourButton() {
	a.ctxNow.Button("Tour").On(func() { _ = a.OpenStep(1) })
}

// tourShare is the state a Share link carries during the tour: the
// step, with the UI level and scale shown; every other setting is the
// step's own.
func (a *App) tourShare(level kit.Level) state.State {
	st := state.Default()
	st.Tour = a.tour.step
	st.UI, st.UIScale, st.AntiAlias = state.UILevels[level], a.in.UIScale, a.st.AntiAlias
	return st
}

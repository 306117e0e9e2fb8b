package ui

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"skewlab/ui/kit"
	"slices"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"skewlab/render"
	"skewlab/state"
	"skewlab/tour"
)

// Config is what the program decides outside the state: a screenshot file
// to write after the first fully drawn frame (then the app ends; during a
// tour step, once the step's gesture has played, see shotReady), and the
// background colour.
type Config struct {
	Screenshot string
	Background color.Color
	// Measure, when positive, ends the app after that long and records
	// the frame and tick rates in FPS and TPS (for performance checks).
	// Frames then come at the display's rate all the time.
	Measure time.Duration
	// Probe, when positive, is a check of the idle frame rate (for
	// tests): once the app is first quiet (the anti-aliasing choice is
	// final and settleFrames frames were drawn after the last input; a
	// view may still animate), it calls ProbeStart (if not nil), counts
	// the frames drawn for Probe, records them in ProbeFrames and ends.
	Probe      time.Duration
	ProbeStart func()
	// Tour is the guided tour the app offers (the Tour button, the
	// tour setting); nil for none.
	Tour *tour.Tour
	// Opened, when not nil, hears the result of every file opened by a
	// drop (OpenFiles): the file's name and the error, nil on success.
	// The web page shows the error over the canvas.
	Opened func(name string, err error)
	// Share, when not nil, is the host's Share action (the web page's:
	// a link to what is shown, State, in the address bar and the
	// clipboard): the Lab window and the Tour window then show a Share
	// button that calls it (SharePlace).
	Share func()
}

// App is the ebiten Game: it routes input between debugui and the current
// view, switches labs, hides the UI, toggles fullscreen, shows the help
// overlay and takes screenshots. Once settled it draws only on input
// (idle.go). It keeps the UI's picture and lays the UI out only when it
// can have changed (uilayer.go), so a frame of an animation whose windows
// stay still (B spinning) allocates nothing outside Ebitengine's own
// graphics queue (TestFrameAllocatesNothing).
type App struct {
	st      state.State
	cfg     Config
	labs    []kit.Lab
	names   []string // the labs' names, the kit.Lab window's choices
	lab     int
	views   []kit.View // by lab index, made on first use
	open    openQueue  // a page's dropped files, opened at the next Update
	ui      debugui.DebugUI
	uiFunc  func(ctx *debugui.Context) error
	ctxNow  *debugui.Context // the context during windows
	in      kit.Input
	level   kit.Level
	shown   kit.Level // the level H returns to
	help    bool
	tour    tourState    // the guided tour (tour.go)
	present presentState // presenter mode (present.go)
	capture debugui.InputCapturingState

	dragging, panning bool
	lastX, lastY      int
	camTouches        [2]camTouch // touches that started outside the UI, driving the camera
	nCamTouches       int
	w, h              int
	scale             float64
	chars             []rune
	title             string
	text              kit.Labels

	backRect    image.Rectangle // the Lab window's UI 1x button, UI units (when shown)
	shareRect   image.Rectangle // the Share button (Lab or Tour window), UI units; empty when not shown
	layoutGen   int             // bumped on every screen size change
	layoutScope string          // debugui ID scope of the current layout

	updates, draws int
	aaAuto         bool // the aa setting is auto: watchFPS makes the choice
	aaFinal        bool // the anti-aliasing choice will not change any more
	calm           int  // frames drawn since the last input or resize
	keyBuf         []ebiten.Key
	touchBuf       []ebiten.TouchID
	shotPath       string      // a screenshot to take at the end of the next Draw
	tickedAt       int         // updates at the last Draw: a Draw after no new tick repeats the picture
	onDemand       bool        // ebiten runs frames only on input or ScheduleFrame (see pace)
	hidden         atomic.Bool // nobody can see the app (SetHidden): no work, no frames
	woken          atomic.Bool // Wake was called: draw as after an input
	probeFrom      int         // draws when the Probe window began; -1 before
	probeDue       atomic.Bool // the Probe window is over
	done           bool        // -screenshot written: end at the next Update
	Err            error       // why the app ended early, if it did
	start          time.Time

	// layout records what a frame drew where, when asked (layout.go).
	layout layoutRecord
	// uiLayer is the UI's picture and when it is made again (uilayer.go).
	uiLayer uiState

	// FPS and TPS are ebiten's frame and tick rates when a Measure run
	// ended.
	FPS, TPS float64
	// ProbeFrames is the number of frames drawn in a Probe run's window
	// (-1 until it ends).
	ProbeFrames int
}

// NewApp makes the app for st showing labs (in the Lab window's order; at
// least one), starting in st.Lab, or the first lab when st.Lab is none of
// them. An error is the starting lab's view refusing st.
func NewApp(st state.State, cfg Config, labs []kit.Lab) (*App, error) {
	if len(labs) == 0 {
		return nil, errors.New("no labs to show")
	}
	a := &App{st: st, cfg: cfg, labs: labs, views: make([]kit.View, len(labs)), scale: 1, chars: make([]rune, 0, 16),
		probeFrom: -1, ProbeFrames: -1}
	for _, l := range labs {
		a.names = append(a.names, l.State.Name)
	}
	if a.cfg.Background == nil {
		a.cfg.Background = render.Background
	}
	for i, l := range state.UILevels {
		if l == st.UI {
			a.level = kit.Level(i)
		}
	}
	a.shown = a.level
	if a.shown == kit.LevelOff {
		a.shown = kit.LevelFull
	}
	a.in.AntiAlias = st.AntiAlias != "off"
	a.aaAuto = st.AntiAlias == "auto" || st.AntiAlias == ""
	a.aaFinal = !a.aaAuto
	a.keyBuf, a.touchBuf = make([]ebiten.Key, 0, 8), make([]ebiten.TouchID, 0, 4)
	a.in.UIScale = max(1, st.UIScale)
	a.present.on = st.Present
	a.in.SetUIScale = func(n int) { a.in.UIScale = max(1, min(3, n)) }
	a.uiFunc = a.windows
	a.lab = max(0, indexOf(a.names, st.Lab))
	if err := a.ensureView(); err != nil {
		return nil, err
	}
	if st.Tour > 0 {
		if err := a.OpenStep(st.Tour); err != nil {
			return nil, err
		}
	}
	return a, nil
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// ensureView builds the current lab's view on first use. A lab without a
// constructor gets a missingView; a constructor error is returned.
func (a *App) ensureView() error {
	if a.views[a.lab] != nil {
		return nil
	}
	l := a.labs[a.lab]
	if l.NewView == nil {
		a.views[a.lab] = a.missing(nil)
		return nil
	}
	v, err := l.NewView(a.st)
	if err != nil {
		return err
	}
	a.views[a.lab] = v
	return nil
}

// view returns the current lab's view.
func (a *App) view() kit.View { return a.views[a.lab] }

// Layout returns the screen size in device pixels, so lines and text stay
// crisp on HiDPI screens (ebiten calls LayoutF; this serves the interface).
func (a *App) Layout(outsideWidth, outsideHeight int) (int, int) {
	w, h := a.LayoutF(float64(outsideWidth), float64(outsideHeight))
	return int(w), int(h)
}

// LayoutF returns the screen size in device pixels (the outside size
// times the device scale factor).
func (a *App) LayoutF(outsideWidth, outsideHeight float64) (float64, float64) {
	s := 1.0
	if m := ebiten.Monitor(); m != nil {
		s = m.DeviceScaleFactor()
	}
	if !(s >= 1) {
		s = 1
	}
	a.scale = s
	w, h := math.Ceil(outsideWidth*s), math.Ceil(outsideHeight*s)
	if int(w) != a.w || int(h) != a.h {
		a.calm = 0 // a new size is a change: not settled until redrawn
	}
	a.w, a.h = int(w), int(h)
	return w, h
}

// Update routes one tick of input: the UI first, then app keys, then the
// view's keys and camera gestures (only outside the UI).
func (a *App) Update() error {
	if a.done {
		return ebiten.Termination
	}
	if a.updates == 0 {
		a.start = time.Now()
	}
	if a.cfg.Measure > 0 && time.Since(a.start) >= a.cfg.Measure {
		a.FPS, a.TPS = ebiten.ActualFPS(), ebiten.ActualTPS()
		return ebiten.Termination
	}
	if a.probeEnded() {
		return ebiten.Termination
	}
	if a.hidden.Load() {
		return nil // nobody can see it: no work (see SetHidden)
	}
	if a.woken.Swap(false) {
		a.calm = 0
	}
	a.updates++
	in := &a.in
	in.Resized = in.Width != float64(a.w) || in.Height != float64(a.h)
	in.Width, in.Height, in.DeviceScale, in.Level = float64(a.w), float64(a.h), a.scale, a.level
	in.OpenErrorsShown = a.cfg.Opened != nil
	in.AtDraw = true // Draw calls the view's Prepare
	in.Present = a.present.on
	if in.Present {
		in.Level = kit.LevelOff // presenter mode: no windows
	}
	if in.Level == kit.LevelFull && smallScreen(in) {
		// A phone-sized frame: every window would cover the picture, so
		// show only the mode chooser and the seed's slider.
		in.Level = kit.LevelMin
	}
	in.ViewX, in.ViewW = kit.FreeBand(in)
	if in.Resized {
		// Windows keep the place they were first given: a new ID scope
		// per screen size lays them out afresh for the new size (an
		// iframe resized, a phone turned). debugui drops the old ones.
		a.layoutGen++
		a.layoutScope = "size" + strconv.Itoa(a.layoutGen)
	}
	if in.Level == kit.LevelOff {
		a.capture = 0
	} else if a.uiDue(in) {
		c, err := a.ui.Update(a.uiFunc)
		if err != nil {
			return err
		}
		a.capture = c
		a.laidOut(in)
	}
	in.Keys = a.capture&debugui.InputCapturingStateFocus == 0
	in.Shift = ebiten.IsKeyPressed(ebiten.KeyShift)
	a.takeOpens()
	a.pointer()
	a.watchFPS()
	if in.Keys {
		a.keys()
	}
	onStrip := a.presentClick()
	if a.tour.step > 0 && !onStrip {
		a.tourClick()
	}
	a.layoutTour()
	a.layoutPresent()
	a.text.Scale = float64(kit.UIPixels(in))
	if err := a.view().Update(in); err != nil {
		return err
	}
	a.stir()
	if anim := a.view().Animating(); anim != a.uiLayer.animating {
		// An animation that ends by itself (a timeline played out) is a
		// change: the frames after it lay the UI out again (its Play
		// button, a live slider made a slider again) and settle.
		if !anim {
			a.calm = 0
		}
		a.uiLayer.animating = anim
	}
	if t := a.tourTitle(a.view().Title()); t != a.title {
		a.title = t
		ebiten.SetWindowTitle("skewlab - " + t)
	}
	return nil
}

// watchFPS makes the auto anti-aliasing choice, once: anti-aliasing goes
// off for good when the frame rate is under slowFPS more than 4 s after
// the start (a software rasterizer such as Xvfb's pays several times for
// it), and the choice is final after 5 s, or at once for a -screenshot
// run (which keeps anti-aliasing). With aa on or off it is final from the
// start.
func (a *App) watchFPS() {
	if a.aaFinal {
		return
	}
	if a.cfg.Screenshot != "" {
		a.aaFinal = true
		return
	}
	t := time.Since(a.start)
	if t > 4*time.Second && ebiten.ActualFPS() < slowFPS {
		a.in.AntiAlias, a.aaFinal = false, true
	} else if t >= 5*time.Second {
		a.aaFinal = true
	}
}

// stir restarts the count of calm frames when this tick had input that
// can change the picture: pointer motion, a held or released button, key
// or touch, the wheel, or a new screen size.
func (a *App) stir() {
	in := &a.in
	_, wy := ebiten.Wheel()
	changed := in.Resized || in.DX != 0 || in.DY != 0 || wy != 0
	for b := ebiten.MouseButton0; b <= ebiten.MouseButtonMax; b++ {
		changed = changed || ebiten.IsMouseButtonPressed(b) || inpututil.IsMouseButtonJustReleased(b)
	}
	a.keyBuf = inpututil.AppendPressedKeys(a.keyBuf[:0])
	a.keyBuf = inpututil.AppendJustReleasedKeys(a.keyBuf)
	a.touchBuf = ebiten.AppendTouchIDs(a.touchBuf[:0])
	a.touchBuf = inpututil.AppendJustReleasedTouchIDs(a.touchBuf)
	if changed || len(a.keyBuf) > 0 || len(a.touchBuf) > 0 {
		a.calm = 0
	}
}

// shotPatience is how many ticks a -screenshot of a tour step waits for
// the view to stop animating (the step's gesture: a 2 s sweep is 120
// ticks, the drift lab's fast-forward a few hundred) before it takes the
// frame anyway (a view that animates for good).
const shotPatience = 3600

// shotReady reports whether the -screenshot frame is drawn: input and
// layout are calm; an animated view never settles, so outside the tour
// the frame is taken then; during a tour step, once the view stops
// animating (its gesture has played), or after shotPatience ticks.
func (a *App) shotReady() bool {
	if a.updates < settleFrames || a.calm < settleFrames {
		return false
	}
	return a.tour.step == 0 || !a.view().Animating() || a.updates >= shotPatience
}

// settleFrames is how many frames the App draws after the last input or
// resize before it counts as settled (debugui shows a hover or a new
// layout one frame late; two more are margin).
const settleFrames = 3

// Settled reports whether the picture stays as it is until the next
// input: the anti-aliasing choice is final, the view is not animating,
// and settleFrames frames have been drawn since the last input or resize.
// Screenshot tests (and the web page's skewlab.frame()) wait for it
// instead of sleeping, so two pictures of one state are drawn alike.
func (a *App) Settled() bool {
	return a.aaFinal && a.calm >= settleFrames && a.updates >= settleFrames && !a.view().Animating()
}

// Frames returns the ticks (Update calls) and frames drawn so far.
func (a *App) Frames() (ticks, draws int) { return a.updates, a.draws }

// AntiAliased reports whether lines are drawn anti-aliased now (views may
// still draw very large pictures without it).
func (a *App) AntiAliased() bool { return a.in.AntiAlias }

// slowFPS is the frame rate under which the app drops anti-aliasing.
const slowFPS = 24

// pointer turns mouse, wheel and touch input into camera gestures,
// starting a drag (or taking a touch) only when the press is not over
// the UI. CursorX and CursorY are the mouse cursor, or a pinch's midpoint.
func (a *App) pointer() {
	in := &a.in
	x, y := ebiten.CursorPosition()
	in.DX, in.DY = float64(x-a.lastX), float64(y-a.lastY)
	in.CursorX, in.CursorY = float64(x), float64(y)
	a.lastX, a.lastY = x, y
	free := a.capture == 0
	if free && inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		a.dragging, a.panning = !in.Shift, in.Shift
	}
	if free && inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) {
		a.dragging, a.panning = false, true
	}
	if !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) && !ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight) {
		a.dragging, a.panning = false, false
	}
	in.Orbit, in.Pan = a.dragging, a.panning
	in.Wheel = 0
	if free {
		_, wy := ebiten.Wheel()
		in.Wheel = wy
	}
	a.touches(free)
}

// camTouch is a touch that drives the camera and where it was last tick.
type camTouch struct {
	id   ebiten.TouchID
	x, y float64
}

// touches turns the touches that started outside the UI (free when they
// went down) into gestures: one finger orbits as a left drag does (unless
// the mouse is dragging), two pinch (Input.Pinch, toward their midpoint)
// and hold the orbit still. A third finger is ignored. It uses touchBuf
// as scratch (stir refills it later in the tick).
func (a *App) touches(free bool) {
	in := &a.in
	in.Pinch = 0
	a.touchBuf = ebiten.AppendTouchIDs(a.touchBuf[:0])
	n := 0 // keep the camera touches still down, in order
	for _, t := range a.camTouches[:a.nCamTouches] {
		if slices.Contains(a.touchBuf, t.id) {
			a.camTouches[n] = t
			n++
		}
	}
	a.nCamTouches = n
	a.touchBuf = inpututil.AppendJustPressedTouchIDs(a.touchBuf[:0])
	for _, id := range a.touchBuf {
		if free && a.nCamTouches < len(a.camTouches) {
			x, y := ebiten.TouchPosition(id)
			a.camTouches[a.nCamTouches] = camTouch{id: id, x: float64(x), y: float64(y)}
			a.nCamTouches++
		}
	}
	var now [2][2]float64
	for i, t := range a.camTouches[:a.nCamTouches] {
		x, y := ebiten.TouchPosition(t.id)
		now[i] = [2]float64{float64(x), float64(y)}
	}
	switch a.nCamTouches {
	case 1:
		if !a.dragging && !a.panning {
			t := &a.camTouches[0]
			in.DX, in.DY, in.Orbit = now[0][0]-t.x, now[0][1]-t.y, true
			in.CursorX, in.CursorY = now[0][0], now[0][1]
		}
	case 2:
		t0, t1 := &a.camTouches[0], &a.camTouches[1]
		was := math.Hypot(t1.x-t0.x, t1.y-t0.y)
		is := math.Hypot(now[1][0]-now[0][0], now[1][1]-now[0][1])
		if was > 0 && is > 0 {
			in.Pinch = is / was
		}
		in.CursorX, in.CursorY = (now[0][0]+now[1][0])/2, (now[0][1]+now[1][1])/2
		in.DX, in.DY, in.Orbit, in.Pan = 0, 0, false, false
	}
	for i := range a.camTouches[:a.nCamTouches] {
		a.camTouches[i].x, a.camTouches[i].y = now[i][0], now[i][1]
	}
}

// keys handles the app's own shortcuts: H, F, K, P, +, -, ? and Escape.
func (a *App) keys() {
	if inpututil.IsKeyJustPressed(ebiten.KeyH) {
		if a.level == kit.LevelOff {
			a.level = a.shown
		} else {
			a.shown, a.level = a.level, kit.LevelOff
		}
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyF) {
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyK) {
		a.SetPresenting(!a.present.on)
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyP) {
		a.shotPath = time.Now().Format("skewlab-20060102-150405.png")
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
		if a.help {
			a.help = false
		} else if a.tour.step > 0 {
			a.LeaveTour()
		}
	}
	if a.tour.step > 0 {
		a.tourKeys()
	}
	a.chars = ebiten.AppendInputChars(a.chars[:0])
	for _, r := range a.chars {
		switch r {
		case '?':
			a.help = !a.help
		case '+', '=':
			a.in.SetUIScale(a.in.UIScale + 1)
		case '-':
			a.in.SetUIScale(a.in.UIScale - 1)
		}
	}
}

// windows is the debugui update: the lab chooser, then the view's windows.
func (a *App) windows(ctx *debugui.Context) error {
	a.ctxNow = ctx
	a.shareRect = image.Rectangle{}
	px := kit.UIPixels(&a.in)
	ctx.SetScale(px)
	// Windows keep the place they were first given; a scope per scale
	// lays them out afresh when the UI scale changes.
	ctx.IDScope(scaleScopes[min(px, len(scaleScopes)-1)], a.sizedWindows)
	return nil
}

var scaleScopes = []string{"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9"}

func (a *App) sizedWindows() { a.ctxNow.IDScope(a.layoutScope, a.scopedWindows) }

func (a *App) scopedWindows() {
	a.view().Windows(a.ctxNow, &a.in)
	if a.in.Level == kit.LevelFull && a.tour.step == 0 {
		a.labWindow(a.ctxNow)
	}
	if a.tour.step > 0 {
		a.tourWindow(a.ctxNow)
	}
}

func (a *App) labWindow(ctx *debugui.Context) {
	r := kit.NewColumns(&a.in).LabWindow()
	ctx.Window("Lab", r, func(debugui.ContainerLayout) {
		back := a.in.UIScale > 1 // the way back to UI 1x, whatever the lab shows
		cols := []int{-2, -1}
		if back {
			cols = append(cols, -1)
		}
		if a.cfg.Tour != nil && a.tour.step == 0 {
			cols = append(cols, -1)
		}
		if a.cfg.Share != nil {
			cols = append(cols, -1)
		}
		ctx.SetGridLayout(cols, nil)
		ctx.Dropdown(&a.lab, a.names).On(func() {
			if err := a.ensureView(); err != nil {
				a.views[a.lab] = a.missing(err)
			}
		})
		if back {
			kit.Track(ctx, &a.backRect, a.backButton)
		}
		ctx.Button("Help ?").On(func() { a.help = !a.help })
		if a.cfg.Tour != nil && a.tour.step == 0 {
			a.tourButton()
		}
		if a.cfg.Share != nil {
			a.shareButton()
		}
	})
}

// shareButton is the Share button of the Lab and Tour windows (when the
// host offers Share): it records where it is (shareRect) and calls
// Config.Share.
func (a *App) shareButton() {
	kit.Track(a.ctxNow, &a.shareRect, func() { a.ctxNow.Button("Share").On(a.cfg.Share) })
}

// SharePlace says where Share is offered now: "app" when the App shows
// its Share button (the host offers Share and the Lab or Tour window is
// shown), "page" when the host should show its own (the minimal UI
// outside the tour, which has neither window; nothing else of the App's
// lies at the screen's bottom right there), "" when no Share is offered
// (the UI off, or no host Share).
func (a *App) SharePlace() string {
	switch {
	case a.cfg.Share == nil || a.level == kit.LevelOff:
		return ""
	case a.tour.step > 0 || a.in.Level == kit.LevelFull:
		return "app"
	}
	return "page"
}

// ShareButton returns the App's Share button in device pixels, ok false
// when it is not shown (SharePlace is not "app", or before the first
// layout): for the web page's tests.
func (a *App) ShareButton() (r image.Rectangle, ok bool) {
	if a.shareRect.Empty() || a.SharePlace() != "app" {
		return image.Rectangle{}, false
	}
	px := kit.UIPixels(&a.in)
	return image.Rect(a.shareRect.Min.X*px, a.shareRect.Min.Y*px, a.shareRect.Max.X*px, a.shareRect.Max.Y*px), true
}

// backButton is the Lab window's "UI 1x" button.
func (a *App) backButton() {
	a.ctxNow.Button("UI 1x").On(func() { a.in.SetUIScale(1) })
}

// Draw draws the view, the UI and the help overlay, writes a requested
// screenshot, then chooses how ebiten runs the next frames (pace: at the
// display's rate until settled, on demand after). Every call counts in
// Frames, also while hidden, when it draws nothing.
func (a *App) Draw(screen *ebiten.Image) {
	a.probeEnded()
	a.draws++
	if a.hidden.Load() {
		a.pace(true)
		return
	}
	ticked := a.updates != a.tickedAt
	if ticked {
		// Only a frame after a tick shows what the input did (debugui
		// updates hovers in Update).
		a.tickedAt = a.updates
		a.calm++
	}
	recording := a.beginRecord()
	if p, ok := a.view().(kit.Preparer); ok {
		p.Prepare() // the picture of the last tick, made once per drawn frame
	}
	screen.Fill(a.cfg.Background)
	a.view().Draw(screen)
	a.drawTour(screen)
	a.drawPresent(screen)
	if a.in.Level != kit.LevelOff && a.updates > 0 {
		a.drawUI(screen)
	}
	if recording {
		a.endRecord()
	}
	if a.help {
		a.drawHelp(screen)
	}
	if a.cfg.Screenshot != "" && !a.done && a.shotReady() {
		a.Err = savePNG(screen, a.cfg.Screenshot)
		a.done = true
	}
	if a.shotPath != "" {
		if err := savePNG(screen, a.shotPath); err != nil {
			fmt.Fprintln(os.Stderr, "skewlab: screenshot:", err)
		} else {
			fmt.Println("skewlab: screenshot saved to", a.shotPath)
		}
		a.shotPath = ""
	}
	a.probe()
	a.pace(ticked)
}

// appHelp lists the app's own keys for the help overlay.
var appHelp = []string{
	"H           hide or show the UI",
	"F           fullscreen",
	"K           presenter mode: no windows, a strip with Prev/Next, big labels",
	"P           save a PNG screenshot (the path is printed)",
	"Right, PgDn next tour step; Left, PgUp the step before (Tour button)",
	"Esc         leave the tour, keeping what it shows",
	"+ / -       UI scale up or down (1x to 3x)",
	"?           this help (Esc closes)",
	"(no shortcut fires while a text or number field has focus)",
}

func (a *App) drawHelp(screen *ebiten.Image) {
	s := a.text.PixelScale()
	lines := a.view().Help()
	n := len(lines) + len(appHelp) + 2
	lh := 16 * s
	w, h := float32(560*s), float32(float64(n)*lh+20*s)
	x, y := (float32(a.w)-w)/2, (float32(a.h)-h)/2
	vector.FillRect(screen, x, y, w, h, render.HelpPanel, false)
	ty := float64(y) + 10*s
	a.text.Text(screen, "Keys", float64(x)+10*s, ty, render.White)
	for _, group := range [2][]string{lines, appHelp} {
		for _, l := range group {
			ty += lh
			a.text.Text(screen, l, float64(x)+10*s, ty, render.LabelGrey)
		}
		ty += lh / 2
	}
}

// savePNG writes img (the screen) as a PNG file.
func savePNG(img *ebiten.Image, path string) error {
	b := img.Bounds()
	pix := make([]byte, 4*b.Dx()*b.Dy())
	img.ReadPixels(pix)
	rgba := &image.RGBA{Pix: pix, Stride: 4 * b.Dx(), Rect: image.Rect(0, 0, b.Dx(), b.Dy())}
	var buf bytes.Buffer
	if err := png.Encode(&buf, rgba); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// missing returns the missingView of the current lab, which failed to
// start with err (nil: it has no view).
func (a *App) missing(err error) *missingView {
	return &missingView{Lab: a.names[a.lab], Home: a.names[0], Err: err}
}

// missingView stands in for a lab that is not built yet (or failed to
// start): it says so in the middle of the screen.
type missingView struct {
	Lab  string
	Home string // the lab to choose instead (the default lab)
	Err  error
	text kit.Labels
	msg  string
	w, h float64
}

// Title names the lab.
func (v *missingView) Title() string { return v.Lab + " (not available)" }

// Update records the screen size.
func (v *missingView) Update(in *kit.Input) error {
	v.w, v.h, v.text.Scale = in.Width, in.Height, float64(kit.UIPixels(in))
	if v.msg == "" {
		v.msg = "The " + v.Lab + " lab is not part of this build yet. Choose " + v.Home + " in the Lab window."
		if v.Err != nil {
			v.msg = "The " + v.Lab + " lab could not start: " + v.Err.Error()
		}
	}
	return nil
}

// Draw writes the message.
func (v *missingView) Draw(screen *ebiten.Image) {
	size := v.text.PixelScale() * render.TextSize
	v.text.Text(screen, v.msg, v.w/2-render.TextWidth(v.msg, size)/2, v.h/2, render.White)
}

// Windows makes no windows.
func (v *missingView) Windows(*debugui.Context, *kit.Input) {}

// Help has no keys of its own.
func (v *missingView) Help() []string { return nil }

// Animating is false: the message does not change.
func (v *missingView) Animating() bool { return false }

// Share adds nothing: the lab has no settings.
func (v *missingView) Share(*state.State) {}

// smallScreen reports a screen under 720x400 device-independent pixels
// (for example a phone in landscape, or a small embedded frame), where
// the full UI would hide the picture. It looks at the screen, not at the
// UI scale: a user who chose UI 2x on a projector gets the Compact layout
// with every control a lecturer needs, never this rule.
func smallScreen(in *kit.Input) bool {
	s := float64(max(1, int(math.Round(in.DeviceScale))))
	return in.Width/s < 720 || in.Height/s < 400
}

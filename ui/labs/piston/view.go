// Package pistonlab is the piston lab's view: package piston's model
// drawn as a wireframe with its windows (Mode, Piston, Nodes, Readouts,
// Compare, View, Presets). It exports only Lab; main.go lists it.
package pistonlab

import (
	"fmt"
	"image"
	"math"
	"slices"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"skewlab/modes"
	"skewlab/piston"
	"skewlab/render"
	"skewlab/scene"
	"skewlab/state"
	"skewlab/tour"
	"skewlab/ui/kit"
)

// Lab is the piston lab: package piston's model, presets and figure,
// shown by this package's view.
var Lab = kit.Lab{State: piston.Lab, NewView: newLabView, Figure: figure, Motion: motion}

// newLabView is the piston lab's NewView: the model of st.
func newLabView(st state.State) (kit.View, error) {
	m, err := piston.NewModel(st)
	if err != nil {
		return nil, err
	}
	v := newView(m)
	v.rules.open = st.Table
	return v, nil
}

// view is the piston lab's view: seed 000's hierarchy in 3D
// wireframe under a chosen accumulation mode, with the Mode, Piston,
// Nodes, Readouts, Compare, View and Presets windows bound to its
// piston.Model.
type view struct {
	M       *piston.Model
	strokes kit.Strokes
	labels  kit.Labels
	x, w, h float64 // the picture's band of the screen
	aa      bool
	uiScale int
	title   string
	titleOf [2]int // mode and compare the title was made for
	win     windowState
	rules   rulesTable       // the Rules window (compare_window.go)
	ctx     *debugui.Context // the debugui context during Windows
	uiPx    int              // the UI's pixel scale (kit.UIPixels) at the last Update
	press   press            // a press that may become a click on a wall pane
	sweep   sweepPlay        // a sweep gesture under way (Play)
	notes   notesCache       // the lines drawn at the picture's foot (drawNotes)
	tl      timeline         // the Timeline window's bindings (timeline.go)
	in      *kit.Input       // the input during Windows
	nodesAt image.Rectangle  // the Nodes window's bounds at the last update (UI units), for tests

	pending bool      // a tick changed the model; Prepare makes the picture (Input.AtDraw)
	pendIn  kit.Input // the input of that tick, for Prepare

	scopedWindows func() // v.layWindows, made once: Windows runs every frame
	editedFn      func() // v.edited, made once
	follow        followWatch
}

// followWatch is what the view last saw of the actions after which the
// camera follows (piston.Model.FollowNext): the mode, the comparison,
// the split, the wall and the scene; an edit made with a slider or a
// number field waits in edited until the pointer is released.
type followWatch struct {
	mode, compare int
	split, wall   bool
	scene         *scene.Scene
	edited        bool
	seen          bool
	touches       []ebiten.TouchID
}

// edited is a slider's or number field's change: the model is touched,
// and once the pointer is up the camera follows (watchFollow).
func (v *view) edited() {
	v.M.Touch()
	v.follow.edited = true
}

// watchFollow asks the model for a follow check (FollowNext) after an
// action that can move the model out of the picture: an edit released, a
// new scene or preset, a mode change, the comparison or split toggled
// (C), the wall shown or hidden (W). A new band (H, a resize) is seen by
// Update.
func (v *view) watchFollow() {
	m, f := v.M, &v.follow
	now := followWatch{mode: m.Mode, compare: m.Compare, split: m.Split, wall: m.Wall.On, scene: m.Scene}
	changed := f.seen && (now.mode != f.mode || now.compare != f.compare || now.split != f.split || now.wall != f.wall || now.scene != f.scene)
	f.mode, f.compare, f.split, f.wall, f.scene, f.seen = now.mode, now.compare, now.split, now.wall, now.scene, true
	if f.edited {
		f.touches = ebiten.AppendTouchIDs(f.touches[:0])
		if !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) && len(f.touches) == 0 {
			f.edited, changed = false, true
		}
	}
	if changed {
		m.FollowNext()
	}
}

// notesCache holds the notes drawn under the picture: the last Open's
// error and the model's Notes (a glTF file's ignored parts, the rules a
// wall pane put in place, the edge cap), rebuilt only when the scene, the
// pane's note or the thinning changes, so a spinning picture allocates
// nothing for them.
type notesCache struct {
	scene        *scene.Scene
	err          string
	drawn, total int
	chars        int      // the line length the notes were wrapped to
	pane         string   // the model's PaneNote they hold
	lines        []string // wrapped
	errLines     int      // how many of lines are the open error's
}

// newView returns the piston lab's view of m.
func newView(m *piston.Model) *view {
	v := &view{M: m, titleOf: [2]int{-2, -2}}
	v.scopedWindows = v.layWindows
	v.editedFn = v.edited
	v.win.init(m)
	return v
}

// Title returns "piston: MODE" (and the compare mode when one is shown).
// It allocates only when the mode changes.
func (v *view) Title() string {
	if v.titleOf != [2]int{v.M.Mode, v.M.Compare} {
		v.titleOf = [2]int{v.M.Mode, v.M.Compare}
		v.title = piston.Name + ": " + piston.ModeName(v.M.Mode)
		if v.M.Compare >= 0 {
			v.title += " vs " + piston.ModeName(v.M.Compare)
		}
	}
	return v.title
}

// Model returns the view's model (for the app's tests, which set edits
// as a user would).
func (v *view) Model() *piston.Model { return v.M }

// Animating reports whether B spins, a sweep plays or the timeline
// plays, or the camera glides to follow the model: the App then draws at
// the display's rate; paused, it is quiet.
func (v *view) Animating() bool {
	return v.M.Spinning() || v.sweep.on || v.M.Player.Playing || v.M.Gliding()
}

// WindowsStill reports whether the windows show nothing new since their
// last layout but the Readouts' live rows (kit.StillWindows): true while
// only B spins or the camera glides (the spin turns B on top of its
// rotation, so no slider moves), with the Rules table closed (its
// numbers follow the spin) and the readouts' lines as laid out, and
// while a timeline plays with its time slider and readout live (the
// pointer off the slider). A sweep moves sliders: not still.
func (v *view) WindowsStill() bool {
	return !v.sweep.on && !v.rules.open && v.win.still() && (!v.M.Timeline() || v.tl.still(v))
}

// TimelineLive reports whether the last layout drew the Timeline's time
// slider and readout live (for the App's tests).
func (v *view) TimelineLive() bool { return v.tl.live }

// pointerOn reports whether the pointer is on r (UI units, a widget's
// bounds at the last layout).
func (v *view) pointerOn(r image.Rectangle) bool {
	if v.in == nil || v.uiPx <= 0 {
		return false
	}
	x, y := int(v.in.CursorX)/v.uiPx, int(v.in.CursorY)/v.uiPx
	return image.Pt(x, y).In(r)
}

// LiveReadout returns readout row i's text as drawn now (for the App's
// tests), nil when there is no such row.
func (v *view) LiveReadout(i int) []byte {
	if i < 0 || i >= v.win.readout.Len() {
		return nil
	}
	return v.win.rows[i].live.Text
}

// sweepPlay is a sweep gesture under way: the gesture and the ticks
// played.
type sweepPlay struct {
	g       state.Gesture
	tick    int
	on      bool
	framing bool // the first picture is still to be framed, for the sweep's end
}

// Play starts a sweep (the piston lab's only gesture) at its From
// value; Update moves it one tick at a time to To over its Seconds at
// state.TicksPerSecond. A camera to be framed (the default) is framed
// for the whole sweep (piston.Model.FrameSweep), as the step's exported
// figure is, and stays put while the sweep plays. Another kind, or a sweep of a node the scene
// lacks, is an error and changes nothing.
func (v *view) Play(g state.Gesture) error {
	if g.Kind != state.GestureSweep {
		return fmt.Errorf("gesture %s: the piston lab plays only sweeps", g.Kind)
	}
	end, err := g.SweepSet(1)
	if err != nil {
		return err
	}
	if err := v.M.ApplySet(end); err != nil {
		return err
	}
	v.M.FrameSweep(g)
	v.sweep = sweepPlay{g: g, on: true, framing: v.M.Framing()}
	if !v.sweep.framing {
		start, _ := g.SweepSet(0)
		_ = v.M.ApplySet(start)
	}
	return nil
}

// playSweep advances a sweep under way by one tick; on its first tick it
// frames the picture (for the whole sweep), then goes back to the start.
func (v *view) playSweep() {
	if !v.sweep.on {
		return
	}
	if v.sweep.framing && v.w > 0 && v.h > 0 {
		v.sweep.framing = false
		v.M.Recompute(v.x, v.w, v.h)
		start, _ := v.sweep.g.SweepSet(0)
		_ = v.M.ApplySet(start)
		return
	}
	v.sweep.tick++
	n := v.sweep.g.SweepTicks()
	if set, err := v.sweep.g.SweepSet(float64(v.sweep.tick) / float64(n)); err == nil {
		_ = v.M.ApplySet(set)
	}
	v.sweep.on = v.sweep.tick < n
}

// Share writes the model's part of a Share link (piston.Model.Share).
func (v *view) Share(st *state.State) {
	v.M.Share(st)
	st.Table = v.rules.open
}

// Help lists the piston lab's keys.
func (v *view) Help() []string { return pistonHelp }

// pistonHelp lists the piston keys; its first two lines name the modes
// and presets there are.
var pistonHelp = slices.Concat(numberedHelp("1..", "choose a mode (1-4 the seeds', then the engines')", modes.Names()),
	numberedHelp("Shift+1..", "load a preset", scene.PresetNames()), []string{
		"Space       play or pause the animation (a scene with one); else spin B",
		"Shift+Space spin B about its own x axis (scenes with a B)",
		", .         one frame (1/30 s) back, forward; pauses (Timeline window)",
		"C           compare with accumulate-matrices (from it: accumulate-trs):",
		"            a ghost, then side by side, then off",
		"R           reset the scene and the camera (framed)",
		"Z, KP.      frame: fit the pistons into the picture",
		"T V S I     top, front, side, iso view, framed",
		"            (Blender's numpad: KP7 top, KP1 front, KP3 side)",
		"O, KP5      orthographic on/off",
		"W           comparison wall: one pane per mode, one camera; click a",
		"            pane to draw it in the main view (the wall stays); a",
		"            rule on B only becomes B's own until a mode is chosen",
		"drag        orbit; right or shift drag: pan",
		"wheel       zoom toward the cursor (up = in)",
		"touch       one finger orbits; pinch zooms",
	})

// Update applies keys and camera gestures, advances a playing timeline
// by one tick (1/state.TicksPerSecond s of real time), then recomputes
// the picture when anything changed (or spin is on); under the App
// (Input.AtDraw) it turns the spin and leaves the picture to Prepare, so
// the ticks between two drawn frames make one picture, not one each.
func (v *view) Update(in *kit.Input) error {
	m := v.M
	if in.Keys {
		v.keys(in)
	}
	v.wallClick(in)
	if kit.CameraGesturesIn(&m.Camera, in, m.PaneAt(mgl64.Vec2{in.CursorX, in.CursorY})) {
		m.Touch()
	}
	x, w := in.ViewX, in.ViewW
	if !(w > 0) {
		x, w = 0, in.Width
	}
	if h := in.PictureHeight(); in.Resized || w != v.w || h != v.h || x != v.x || in.AntiAlias != v.aa || in.UIScale != v.uiScale {
		if v.w > 0 && (w != v.w || h != v.h || x != v.x) {
			m.FollowNext() // hiding the UI, the split's band, a resize
		}
		v.aa, v.uiScale = in.AntiAlias, in.UIScale
		v.x, v.w, v.h = x, w, h
		m.Touch()
	}
	v.watchFollow()
	v.playSweep()
	m.Tick(1.0 / state.TicksPerSecond) // a playing timeline: one tick of real time
	if !m.Dirty() {
		return nil
	}
	if in.AtDraw && !m.Gliding() {
		// The App calls Prepare before it draws: the picture is made
		// there, once per drawn frame, for the last tick's model; a tick
		// only turns the spin (a glide, which moves per picture, is drawn
		// every tick as before).
		m.StepSpin()
		v.pending, v.pendIn = true, *in
		return nil
	}
	v.pending = false
	v.rebuild(in, true)
	return nil
}

// Prepare makes the picture the ticks since the last drawn frame left to
// it (kit.Preparer): nothing when none did.
func (v *view) Prepare() {
	if !v.pending {
		return
	}
	v.pending = false
	v.rebuild(&v.pendIn, false)
}

// rebuild recomputes the picture (Recompute, or Redraw when the spin
// was already turned for this tick: step false) and what is drawn from it:
// the strokes, the labels, the wall, the windows' readouts and notes.
func (v *view) rebuild(in *kit.Input, step bool) {
	m := v.M
	m.LabelScale = kit.TextScale(in) // the drawn labels' size, so the spread boxes match them
	m.LineScale = kit.LineScale(in)  // and the lines' width, which the labels keep clear of
	if step {
		m.Recompute(v.x, v.w, v.h)
	} else {
		m.Redraw(v.x, v.w, v.h)
	}
	v.strokes.Reset()
	v.strokes.MinLength = subPixel
	v.strokes.WidthScale = kit.LineScale(in)
	v.strokes.AntiAlias = in.AntiAlias && len(m.Frames[0].Segments)+len(m.Frames[1].Segments)+v.wallSegments() < maxAntiAliased
	v.labels.Reset()
	v.labels.Scale = kit.TextScale(in)
	v.uiPx = kit.UIPixels(in)
	for k := range m.Frames {
		v.strokes.Add(m.Frames[k].Segments)
		v.labels.Add(m.Frames[k].Labels)
	}
	if m.Wall.On {
		v.addWall()
	}
	v.win.refresh(m)
	v.tl.refreshLive(m)
	v.refreshNotes(in.OpenErrorsShown)
}

// refreshNotes rebuilds the notes when what they say changed; the open
// error stays out of them when the host shows it (errShown).
func (v *view) refreshNotes(errShown bool) {
	m, n := v.M, &v.notes
	openErr := v.win.openErr
	if errShown {
		openErr = ""
	}
	drawn, total := m.Thinned()
	sc := v.labels.PixelScale()
	chars := math.MaxInt // before the first picture the width is unknown
	if v.w > 0 {
		chars = max(20, int((v.w-20*sc)/render.TextMetricsAt(render.TextSize*sc).Advance))
	}
	pane := m.PaneNote()
	if n.scene == m.Scene && n.err == openErr && n.drawn == drawn && n.total == total && n.chars == chars && n.pane == pane {
		return
	}
	n.scene, n.err, n.drawn, n.total, n.chars, n.pane = m.Scene, openErr, drawn, total, chars, pane
	n.lines, n.errLines = n.lines[:0], 0
	if n.err != "" {
		n.lines = append(n.lines, tour.Wrap("cannot open: "+n.err, chars)...)
		n.errLines = len(n.lines)
	}
	for _, note := range m.Notes() {
		n.lines = append(n.lines, tour.Wrap(note, chars)...)
	}
}

// drawNotes draws the notes at the top left of the picture, below where
// the split view's titles go, wrapped to its width, the open error
// (first) in the warning colour.
func (v *view) drawNotes(dst *ebiten.Image) {
	n := &v.notes
	s := v.labels.PixelScale()
	step := 1.5 * render.TextSize * s
	for i, l := range n.lines {
		c := render.LabelGrey
		if i < n.errLines {
			c = render.Warning
		}
		v.labels.Text(dst, l, v.x+10*s, step*(float64(i)+1.5), c)
	}
}

// Drawing policy: segments shorter than subPixel pixels are drawn as
// dots subPixel long (kit.Strokes.MinLength), and pictures of more than maxAntiAliased segments are
// drawn without anti-aliasing, which costs the software rasterizer of a
// virtual display several times more.
const (
	subPixel       = 0.75
	maxAntiAliased = 20000
)

func (v *view) keys(in *kit.Input) {
	m := v.M
	for k := 0; k < 10; k++ {
		if !keyJustPressed(digitKey(k)) {
			continue
		}
		if in.Shift {
			if k < len(scene.Presets) {
				_ = m.LoadPreset(scene.Presets[k].Name)
				v.win.init(m)
			}
		} else if k < len(modes.All) {
			m.ChooseMode(k) // withdraws the rules a wall pane put in place
		}
	}
	just := keyJustPressed
	if just(ebiten.KeySpace) {
		// Space plays a scene's animation; spin keeps Shift+Space (and
		// Space in a scene without animations, as before).
		if m.Timeline() && !in.Shift {
			m.TogglePlaying()
		} else {
			m.Spin = !m.Spin
			m.Touch()
		}
	}
	if m.Timeline() {
		if just(ebiten.KeyComma) {
			m.StepFrames(-1)
		}
		if just(ebiten.KeyPeriod) {
			m.StepFrames(1)
		}
	}
	if just(ebiten.KeyC) {
		v.M.CycleCompare()
	}
	if just(ebiten.KeyW) {
		m.ToggleWall()
	}
	if just(ebiten.KeyR) {
		m.Reset()
		v.win.init(m)
	}
	if just(ebiten.KeyZ) || just(ebiten.KeyKPDecimal) {
		m.FrameNext()
	}
	for _, k := range viewKeys {
		if just(k.key) || just(k.kp) {
			m.SetView(k.view)
		}
	}
	if just(ebiten.KeyO) || just(ebiten.KeyKP5) {
		m.ToggleOrtho()
	}
}

// keyJustPressed reports whether a key went down this tick
// (inpututil.IsKeyJustPressed); the tests replace it to press keys.
var keyJustPressed = inpututil.IsKeyJustPressed

// viewKeys are the standard views' keys: a letter (V for front, as F is
// fullscreen) and Blender's numpad key (Iso has none there).
var viewKeys = []struct {
	key, kp ebiten.Key
	view    piston.View
}{
	{ebiten.KeyT, ebiten.KeyKP7, piston.ViewTop},
	{ebiten.KeyV, ebiten.KeyKP1, piston.ViewFront},
	{ebiten.KeyS, ebiten.KeyKP3, piston.ViewSide},
	{ebiten.KeyI, ebiten.KeyI, piston.ViewIso},
}

// Draw fills the strokes and the labels; it computes nothing.
func (v *view) Draw(screen *ebiten.Image) {
	v.strokes.Draw(screen)
	v.labels.Draw(screen)
	v.drawNotes(screen)
	if v.M.Compare >= 0 && v.M.Split && !v.M.Wall.On {
		v.labels.DrawSplitTitles(screen, v.x, v.w, piston.ModeName(v.M.Mode), piston.ModeName(v.M.Compare))
	}
}

// digitKey is the key of the k-th numbered choice: 1 to 9, then 0 for
// the tenth (k = 9), as on a keyboard's top row.
func digitKey(k int) ebiten.Key {
	if k == 9 {
		return ebiten.Key0
	}
	return ebiten.Key1 + ebiten.Key(k)
}

// digit is the label of digitKey(k): "1".."9", "0".
func digit(k int) string { return fmt.Sprint((k + 1) % 10) }

// numberedHelp returns the help lines for the digit keys that choose one
// of names: "1..4        what: 1 a, 2 b, ..." wrapped at helpWidth
// characters, continued lines indented under the text; the tenth name's
// key is 0 ("1..0").
func numberedHelp(keys, what string, names []string) []string {
	const indent = "            "
	head := keys + digit(len(names)-1)
	line := head + indent[min(len(head), len(indent)-1):] + what + ":"
	var out []string
	for i, n := range names {
		item := fmt.Sprintf(" %s %s", digit(i), n)
		if i < len(names)-1 {
			item += ","
		}
		if len(line)+len(item) > helpWidth {
			out = append(out, line)
			line = indent[:len(indent)-1]
		}
		line += item
	}
	return append(out, line)
}

// helpWidth is the help overlay's line length in characters.
const helpWidth = 72

package driftlab

import (
	"fmt"
	"image"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"skewlab/drift"
	"skewlab/state"
	"skewlab/ui/kit"
)

// driftView is the drift lab's view: it draws drift.Picture (one
// spinning box per storage drawn from the storage's own float32 matrix, a
// live plot of the scale error against frames, a progress bar toward the
// target frame, the table of first crossings beside the article's) and
// makes the Drift window with speed, pause, reset and the plot and
// display options. The picture is rebuilt in Update whenever a frame was
// computed; Draw only fills it.
type driftView struct {
	M       *drift.Model
	pic     drift.Picture
	strokes kit.Strokes // the picture's segments
	labels  kit.Labels  // the font and scale for text (the picture's, lay.Scale)
	lay     drift.Layout
	layKey  layoutKey // what lay was made for
	w, h    float64
	built   int  // the frame the picture shows, -1 for none
	dirty   bool // options changed: rebuild even at the same frame
}

// newDriftView returns the drift lab over m.
func newDriftView(m *drift.Model) *driftView {
	return &driftView{M: m, built: -1}
}

// Title says the speed, or that the run is paused or done.
func (v *driftView) Title() string {
	switch {
	case v.M.Done():
		return "drift: target reached"
	case v.M.Paused:
		return "drift: paused"
	}
	return driftSpeedTitles[clampIndex(v.M.Speed, len(driftSpeedTitles))]
}

var driftSpeedTitles = [len(drift.Speeds)]string{"drift: x1", "drift: x100", "drift: x10,000"}

// Help lists the drift lab's keys.
func (v *driftView) Help() []string { return driftHelp }

// Animating reports whether the run is computing frames (not paused, not
// at its target).
func (v *driftView) Animating() bool { return !v.M.Paused && !v.M.Done() }

// Play plays the drift lab's gesture, fast-forward: the run restarts
// from frame 0 toward g.Frames at the fastest speed (drift.Model.FastForward).
// Another kind is an error.
func (v *driftView) Play(g state.Gesture) error {
	if g.Kind != state.GestureFastForward {
		return fmt.Errorf("gesture %s: the drift lab plays only fast-forward", g.Kind)
	}
	if err := v.M.FastForward(g.Frames); err != nil {
		return err
	}
	v.dirty = true
	return nil
}

// Update applies keys, computes this tick's frames and rebuilds the
// picture when the frame, the options or the size changed.
func (v *driftView) Update(in *kit.Input) error {
	if in.Keys {
		v.keys()
	}
	v.M.Tick()
	if h := in.PictureHeight(); in.Width != v.w || h != v.h {
		v.w, v.h, v.dirty = in.Width, h, true
	}
	if key := (layoutKey{in.Width, in.Height, v.h, kit.UIPixels(in), in.Level}); key != v.layKey {
		// A new size, scale or UI level: lay out afresh (not every tick:
		// kit.NewColumns allocates).
		v.layKey = key
		if lay := driftLayout(in, v.w, v.h); lay != v.lay {
			v.lay, v.labels.Scale, v.dirty = lay, lay.Scale, true
		}
	}
	if ls := kit.LineScale(in); ls != v.strokes.WidthScale {
		v.strokes.WidthScale, v.dirty = ls, true // presenter mode: lines a hall can see
	}
	if v.dirty || v.built != v.M.Lab.Frame() {
		v.rebuild()
	}
	return nil
}

// layoutKey is what driftLayout depends on: the screen, the picture's
// height, the UI's pixel scale and its level.
type layoutKey struct {
	w, h, pictureH float64
	ui             int
	level          kit.Level
}

// driftLayout lays the picture out in a w by h pixel picture for in: the
// Drift window's column at the left (at the UI scale; none with the UI
// off), the Lab window's band at the bottom (none in the tour, whose
// caption lies below the picture and hides the Lab window, none with the
// UI off, and none in a Compact layout, which keeps the Lab window at
// the bottom of the column), and the picture's own scale as large as the
// UI scale where it fits (drift.FitScale: at UI 2x on 1920x1080 the texts
// would otherwise run into each other).
func driftLayout(in *kit.Input, w, h float64) drift.Layout {
	ui := float64(kit.UIPixels(in))
	col := driftColumn(in)
	lay := drift.Layout{W: w, H: h, CharW: driftCharW, LineH: drift.LinePitch,
		Left: float64(col.Dx()+2*kit.Margin) * ui, Bottom: driftLabBarH * ui, UI: in.Level != kit.LevelOff}
	lay.PanelBottom = float64(col.Max.Y+kit.Margin) * ui
	if in.PictureHeight() < in.Height {
		lay.Bottom = 0
	}
	if c := kit.NewColumns(in); c.Compact() {
		// The Lab window sits at the bottom of the column, as wide as
		// the column: the column takes the whole height.
		lay.Bottom = 0
		if in.Level == kit.LevelFull && in.PictureHeight() == in.Height {
			lay.Left = max(lay.Left, float64(c.LabWindow().Max.X+kit.Margin)*ui)
			lay.PanelBottom = h
		}
	}
	if in.Level == kit.LevelOff {
		lay.Left, lay.Bottom, lay.PanelBottom = 0, 0, 0 // no windows: the boxes take the width, as in the exported figure
	}
	lay.Scale = drift.FitScale(w, h, lay.Left, lay.Bottom, kit.TextScale(in)) // presenter mode: the hall's size where it fits
	return lay
}

// driftColumn returns the Drift window's rectangle in UI units: the top
// of the left column, driftPanelWidth wide and driftPanelH high, or in a
// Compact layout (a lecture-size UI scale on a small screen) the
// column's width and at most the room above the Lab window.
func driftColumn(in *kit.Input) image.Rectangle {
	w, h := driftPanelWidth, driftPanelH
	if in.Level == kit.LevelMin {
		w, h = driftMinPanelWidth, driftMinPanelH
	}
	c := kit.NewColumns(in)
	if !c.Compact() {
		return image.Rect(kit.Margin, kit.Margin, kit.Margin+w, kit.Margin+h)
	}
	r := c.Left(h)
	r.Max.X = r.Min.X + min(r.Dx(), w)
	return r
}

func (v *driftView) keys() {
	m := v.M
	for i := range drift.Speeds {
		if inpututil.IsKeyJustPressed(ebiten.Key1 + ebiten.Key(i)) {
			m.Speed, m.Paused = i, false
		}
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeySpace):
		m.Paused = !m.Paused
	case inpututil.IsKeyJustPressed(ebiten.KeyR):
		m.Reset()
	case inpututil.IsKeyJustPressed(ebiten.KeyL):
		m.LogY = !m.LogY
	case inpututil.IsKeyJustPressed(ebiten.KeyX):
		m.LogX = !m.LogX
	case inpututil.IsKeyJustPressed(ebiten.KeyA):
		m.SetAxis((m.Axis + 1) % len(drift.Axes))
	case inpututil.IsKeyJustPressed(ebiten.KeyT):
		m.Target = (m.Target + 1) % len(drift.Targets)
	case inpututil.IsKeyJustPressed(ebiten.KeyM):
		m.Magnify = (m.Magnify + 1) % len(drift.Magnifications)
	case inpututil.IsKeyJustPressed(ebiten.KeyN):
		m.SetNorm((m.Norm + 1) % drift.NumNorms)
	default:
		return
	}
	v.dirty = true
}

// driftHelp is the help overlay's list of the keys keys handles.
var driftHelp = []string{
	"1 2 3       speed x1, x100, x10,000 frames per tick (fast speeds use at most 4 ms a tick)",
	"Space       pause or run",
	"R           reset to frame 0",
	"L / X       log or linear error axis / frame axis",
	"A           next spin axis (restarts)",
	"T           next target frame count",
	"M           magnify the drawn scale error (1, 100, 1,000, 10,000 times)",
	"N           normalize the axis in float64 or with mgl32's float32 Normalize (restarts)",
}

// Layout of the drift lab, in UI units (scaled by the UI scale).
const (
	driftPanelWidth = 240 // the Drift window's column
	driftPanelH     = 192
	driftLabBarH    = 74 // room left at the bottom for the app's Lab window (labWindowRect: 70 units) and a gap
	// The Drift window at the minimal UI level (speeds, pause, reset, the
	// log axes): narrower and shorter, leaving a small screen's width to
	// the boxes.
	driftMinPanelWidth = 186
	driftMinPanelH     = 112
)

// driftCharW is a character's width in UI units: the one font's advance
// at render.TextSize (6, as the layout was built on); the line pitch is
// drift.LinePitch (14), wider than the font's own line height.
var driftCharW = drift.CharWidth()

// rebuild lays out and rebuilds the picture for the current frame.
func (v *driftView) rebuild() {
	v.dirty, v.built = false, v.M.Lab.Frame()
	v.pic.Build(v.M, v.lay)
	v.strokes.Reset()
	v.strokes.Add(v.pic.Segments)
}

// clampIndex returns i limited to [0, n-1] (n > 0).
func clampIndex(i, n int) int { return max(0, min(n-1, i)) }

// Draw fills the strokes, the progress bar and the labels; it computes
// nothing.
func (v *driftView) Draw(screen *ebiten.Image) {
	v.strokes.Draw(screen)
	v.labels.DrawBarAndTexts(screen, v.pic.Bar, v.pic.Labels)
}

// Windows makes the Drift window: speed, pause, reset, the axes and the
// display options.
func (v *driftView) Windows(ctx *debugui.Context, in *kit.Input) {
	if in.Level == kit.LevelOff {
		return
	}
	m := v.M
	ctx.Window("Drift", driftColumn(in), func(debugui.ContainerLayout) {
		ctx.SetGridLayout([]int{-1, -1, -1}, nil)
		ctx.Button("x1").On(func() { m.Speed, m.Paused, v.dirty = 0, false, true })
		ctx.Button("x100").On(func() { m.Speed, m.Paused, v.dirty = 1, false, true })
		ctx.Button("x10,000").On(func() { m.Speed, m.Paused, v.dirty = 2, false, true })
		ctx.SetGridLayout([]int{-1, -1}, nil)
		label := "Pause"
		if m.Paused {
			label = "Run"
		}
		ctx.Button(label).On(func() { m.Paused, v.dirty = !m.Paused, true })
		ctx.Button("Reset").On(func() { m.Reset(); v.dirty = true })
		ctx.Checkbox(&m.LogY, "log error").On(func() { v.dirty = true })
		ctx.Checkbox(&m.LogX, "log frames").On(func() { v.dirty = true })
		if in.Level != kit.LevelFull {
			return
		}
		ctx.SetGridLayout([]int{-1, -2}, nil)
		ctx.Text("target")
		ctx.Dropdown(&m.Target, drift.TargetNames[:]).On(func() { v.dirty = true })
		ctx.Text("spin")
		axis := m.Axis
		ctx.Dropdown(&axis, drift.AxisNames[:]).On(func() { m.SetAxis(axis); v.dirty = true })
		ctx.Text("axis norm")
		norm := m.Norm
		ctx.Dropdown(&norm, drift.NormMenuNames[:]).On(func() { m.SetNorm(norm); v.dirty = true })
		ctx.Text("boxes")
		ctx.Dropdown(&m.Magnify, drift.MagnifyNames[:]).On(func() { v.dirty = true })
	})
}

package costlab

import (
	"fmt"
	"image"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"skewlab/cost"
	"skewlab/ui/kit"
)

// costView is the cost lab's view: it measures a slice of the plan every
// tick (cost.Model.Tick, within its budget), rebuilds cost.Picture when
// anything was measured or the layout changed, and draws it; the Cost
// window pauses, restarts and chooses the hierarchy and the curves shown.
// Update allocates nothing in steady state (once the nodes and buffers of
// the size being measured have grown); Draw only draws.
type costView struct {
	M       *cost.Model
	pic     cost.Picture
	strokes kit.Strokes
	labels  kit.Labels
	lay     cost.Layout
	layKey  layoutKey
	shapes  []string // the bench's shapes' titles, for the menu
	dirty   bool
}

// newCostView returns the cost lab over m.
func newCostView(m *cost.Model) *costView {
	v := &costView{M: m, dirty: true}
	for _, s := range m.Bench.Config().Shapes {
		for i, n := range cost.Shapes {
			if n == s {
				v.shapes = append(v.shapes, cost.ShapeTitles[i])
			}
		}
	}
	return v
}

// errUnknownShape is newView's error for a hierarchy the lab does not
// measure.
func errUnknownShape(s string) error {
	return fmt.Errorf("the cost lab does not measure hierarchy %q", s)
}

// Title says whether the lab is measuring, paused or done.
func (v *costView) Title() string {
	switch {
	case v.M.Bench.Done():
		return "cost: done"
	case v.M.Paused:
		return "cost: paused"
	}
	return "cost: measuring"
}

// Help lists the cost lab's keys.
func (v *costView) Help() []string { return costHelp }

// costHelp is the help overlay's list of the keys keys handles.
var costHelp = []string{
	"Space       pause or go on measuring",
	"R           measure again from the start",
	"S           show the next hierarchy (4-ary tree, chain)",
	"T           curves: 1 thread and all cores, 1 thread, all cores",
}

// Animating reports whether the lab is measuring (the picture changes
// every tick).
func (v *costView) Animating() bool { return v.M.Measuring() }

// Update applies keys, measures this tick's slice and rebuilds the
// picture when something was measured or the layout, options or size
// changed.
func (v *costView) Update(in *kit.Input) error {
	if in.Keys {
		v.keys()
	}
	if v.M.Tick() {
		v.dirty = true
	}
	if key := (layoutKey{in.Width, in.Height, in.PictureHeight(), kit.UIPixels(in), in.Level, kit.TextScale(in)}); key != v.layKey {
		// A new size, scale or UI level: lay out afresh (not every tick:
		// kit.NewColumns allocates).
		v.layKey = key
		// The picture's line widths grow with its scale (the text's, a
		// hall's where the picture is shown alone, HiDPI included), so
		// the strokes keep them as they are.
		v.lay = costLayout(in)
		v.labels.Scale = v.lay.Scale
		v.dirty = true
	}
	if v.strokes.AntiAlias != in.AntiAlias {
		v.strokes.AntiAlias, v.dirty = in.AntiAlias, true
	}
	if v.dirty {
		v.dirty = false
		v.pic.Build(v.M, v.lay)
		v.strokes.Reset()
		v.strokes.Add(v.pic.Segments)
	}
	return nil
}

// layoutKey is what costLayout depends on.
type layoutKey struct {
	w, h, pictureH float64
	ui             int
	level          kit.Level
	text           float64
}

func (v *costView) keys() {
	m := v.M
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeySpace):
		m.Paused = !m.Paused
	case inpututil.IsKeyJustPressed(ebiten.KeyR):
		m.Restart()
	case inpututil.IsKeyJustPressed(ebiten.KeyS):
		m.NextShape()
	case inpututil.IsKeyJustPressed(ebiten.KeyT):
		m.Threads = (m.Threads + 1) % cost.NumThreads
	default:
		return
	}
	v.dirty = true
}

// Layout of the cost lab, in UI units (scaled by the UI scale).
const (
	costPanelWidth = 230 // the Cost window's column
	costPanelH     = 96
	costMinPanelH  = 52 // the minimal UI: the two buttons
	costLabBarH    = 74 // room left at the bottom for the app's Lab window (70 units) and a gap
)

// costColumn returns the Cost window's rectangle in UI units: the top of
// the left column, or in a Compact layout the column's width and at most
// the room above the Lab window.
func costColumn(in *kit.Input) image.Rectangle {
	w, h := costPanelWidth, costPanelH
	if in.Level == kit.LevelMin {
		h = costMinPanelH
	}
	c := kit.NewColumns(in)
	if !c.Compact() {
		return image.Rect(kit.Margin, kit.Margin, kit.Margin+w, kit.Margin+h)
	}
	r := c.Left(h)
	r.Max.X = r.Min.X + min(r.Dx(), w)
	return r
}

// costLayout lays the picture out for in: right of the Cost window's
// column (none with the UI off), above the Lab window's band (only with
// the full UI outside the tour; in a Compact layout the Lab window sits
// at the bottom of the column, and the picture lies right of the
// column's full width), at the text scale where it fits (cost.FitScale).
func costLayout(in *kit.Input) cost.Layout {
	ui := float64(kit.UIPixels(in))
	col := costColumn(in)
	lay := cost.Layout{W: in.Width, H: in.PictureHeight(), Left: float64(col.Max.X+kit.Margin) * ui,
		Bottom: costLabBarH * ui, UI: in.Level != kit.LevelOff}
	if in.PictureHeight() < in.Height || in.Level != kit.LevelFull {
		lay.Bottom = 0 // the tour's caption, or no Lab window
	}
	if c := kit.NewColumns(in); c.Compact() {
		lay.Bottom = 0
		if in.Level == kit.LevelFull && in.PictureHeight() == in.Height {
			lay.Left = max(lay.Left, float64(c.LabWindow().Max.X+kit.Margin)*ui)
		}
	}
	if in.Level == kit.LevelOff {
		lay.Left, lay.Bottom = 0, 0
	}
	lay.Scale = cost.FitScale(lay.W, lay.H, lay.Left, lay.Bottom, kit.TextScale(in))
	return lay
}

// Draw fills the strokes, the progress bar and the labels; it computes
// nothing.
func (v *costView) Draw(screen *ebiten.Image) {
	v.strokes.Draw(screen)
	v.labels.DrawBarAndTexts(screen, v.pic.Bar, v.pic.Labels)
}

// Windows makes the Cost window: pause or go on, measure again, and
// (full UI) the hierarchy and the curves shown.
func (v *costView) Windows(ctx *debugui.Context, in *kit.Input) {
	if in.Level == kit.LevelOff {
		return
	}
	m := v.M
	ctx.Window("Cost", costColumn(in), func(debugui.ContainerLayout) {
		ctx.SetGridLayout([]int{-1, -1}, nil)
		label := "Pause"
		if m.Paused {
			label = "Measure"
		}
		ctx.Button(label).On(func() { m.Paused, v.dirty = !m.Paused, true })
		ctx.Button("Restart").On(func() { m.Restart(); v.dirty = true })
		if in.Level != kit.LevelFull {
			return
		}
		ctx.SetGridLayout([]int{-1, -2}, nil)
		ctx.Text("hierarchy")
		shape := m.Shape
		ctx.Dropdown(&shape, v.shapes).On(func() { m.Shape, v.dirty = shape, true })
		ctx.Text("curves")
		ctx.Dropdown(&m.Threads, cost.ThreadNames[:]).On(func() { v.dirty = true })
	})
}

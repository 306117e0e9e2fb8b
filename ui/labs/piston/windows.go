package pistonlab

import (
	"bytes"
	"fmt"
	"image"
	"slices"
	"strings"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/piston"
	"skewlab/render"
	"skewlab/scene"
	"skewlab/ui/kit"
)

// windowState is what the piston windows bind to besides the model: the
// dropdown indices and the texts, formatted when the picture changes
// rather than on every frame.
type windowState struct {
	modeNames    []string
	compareNames []string // "none" then the modes
	presetNames  []string
	nodeNames    []string
	parentNames  []string // "(root)" then every node; choosing the node itself is refused
	parentSel    []int
	ruleNames    []string // scene.RuleNames: "global", then the matrix-based modes
	ruleSel      []int    // per node: its scene.Rule
	engines      []string // by mode: "Engines: ..." from modes.Engines
	compareSel   int
	path         string
	fileMsg      string
	readout      piston.ReadoutText // the picked node's readout lines, rewritten by every recompute without allocating
	readoutKey   []bool             // the line is an artifact (skew, volume): shown in the compact layout too
	rows         []readoutRow       // one per readout line: its live row (drawn every frame)
	laid         int                // readout lines at the last layout, -1 when it showed none (WindowsStill)
	laidKey      []bool             // their readoutKey then
	readoutHead  string
	headBuf      []byte
	ownRule      string   // the Mode window's line on the picked node's own rule ("" when it follows the mode)
	root, a      int      // indices of the piston's Root and A, -1 when absent
	scaleLabel   string   // the x scale slider's label (Root's, or the first node's)
	scaleShort   string   // the same, short, for the compact layout
	rotLabel     string   // A's rotation slider's label
	compareHint  []string // by mode: what C does from it
	openErr      string   // the last Open's error, shown over the picture until the next Open
	tree         tree     // the Nodes window's tree (nodes.go)
}

func (w *windowState) init(m *piston.Model) {
	w.modeNames = modes.Names()
	w.compareNames = append([]string{"none"}, w.modeNames...)
	w.presetNames = scene.PresetNames()
	w.nodeNames = m.Scene.Names()
	w.parentNames = append(append(w.parentNames[:0], "(root)"), w.nodeNames...)
	w.parentSel, w.ruleSel = w.parentSel[:0], w.ruleSel[:0]
	for _, nd := range m.Scene.Nodes {
		w.parentSel = append(w.parentSel, nd.Parent+1)
		w.ruleSel = append(w.ruleSel, int(nd.Rule))
	}
	w.ruleNames = scene.RuleNames()
	if w.engines == nil {
		for _, md := range modes.All {
			w.engines = append(w.engines, "Engines: "+strings.Join(modes.EngineNames(md.Name), "; ")+".")
		}
	}
	w.root, w.a = m.Scene.Index("Root"), m.Scene.Index("A")
	w.scaleLabel, w.scaleShort, w.rotLabel = "Root: scale on x", "Root sx", "A: rotation about y (deg)"
	if w.root < 0 && len(w.nodeNames) > 0 {
		w.scaleLabel, w.scaleShort = w.nodeNames[0]+": scale on x", w.nodeNames[0]+" sx"
	}
	if w.compareHint == nil {
		for i := range modes.All {
			w.compareHint = append(w.compareHint, "C: a ghost of "+piston.ModeName(piston.CompareTarget(i))+", then side by side, then off")
		}
	}
	if m.File != nil && m.File.Path != "" {
		w.path = m.File.Path
	}
	if w.path == "" {
		w.path = "scene.json"
	}
	w.initTree(m)
}

// refresh formats the readouts of the picked node after a recompute,
// into the rows' buffers: a spinning picture's readouts allocate nothing
// (new strings only when the head or the own-rule line changes).
func (w *windowState) refresh(m *piston.Model) {
	w.compareSel = m.Compare + 1
	if len(w.nodeNames) != len(m.Scene.Nodes) {
		w.init(m)
	}
	w.headBuf = m.AppendReadoutHead(w.headBuf[:0])
	if string(w.headBuf) != w.readoutHead {
		w.readoutHead = string(w.headBuf)
	}
	w.ownRule = ownRuleLine(m) // "" without allocating unless the node has a rule of its own
	w.syncRules(m)
	m.ReadoutInto(&w.readout)
	n := w.readout.Len()
	w.readoutKey = w.readoutKey[:0]
	for len(w.rows) < n {
		w.rows = append(w.rows, readoutRow{})
	}
	for i := 0; i < n; i++ {
		text, warn := w.readout.Line(i)
		w.readoutKey = append(w.readoutKey, bytes.HasPrefix(text, []byte("skew")) || bytes.HasPrefix(text, []byte("volume")))
		r := &w.rows[i].live
		r.Text = append(r.Text[:0], text...)
		r.Color = render.Color{}
		if warn {
			r.Color = render.Warning
		}
	}
}

// still reports whether the readouts can be shown as laid out last: the
// same lines (count and which are artifacts), each still fitting its row
// (or unchanged, when laid out wrapped).
func (w *windowState) still() bool {
	if w.laid < 0 {
		return true // the last layout showed no readouts
	}
	if w.laid != w.readout.Len() || !slices.Equal(w.laidKey, w.readoutKey) {
		return false
	}
	for i := 0; i < w.laid; i++ {
		if w.rows[i].shown && !w.rows[i].live.Still() {
			return false
		}
	}
	return true
}

// syncRules sets the Nodes window's rule choosers to the scene's rules
// (a wall pane's click or ChooseMode changes them), without allocating.
func (w *windowState) syncRules(m *piston.Model) {
	if len(w.ruleSel) != len(m.Scene.Nodes) {
		return
	}
	for i := range m.Scene.Nodes {
		w.ruleSel[i] = int(m.Scene.Nodes[i].Rule)
	}
}

// ownRuleLine is the Mode window's line when the picked node is drawn
// under a rule of its own rather than the chosen mode: the rule, where it
// applies and its point ("B: maya-ssc (on B only), from the wall: ...");
// "" otherwise.
func ownRuleLine(m *piston.Model) string {
	mode, where := m.DrawnUnder(m.Picked)
	if mode == m.Mode || mode < 0 || mode >= len(modes.All) {
		return ""
	}
	from := "its own rule (Nodes)"
	if m.PaneRules() {
		from = "from the wall; choosing a mode undoes it"
	}
	return fmt.Sprintf("%s: %s (%s), %s. %s", m.Scene.Nodes[m.Picked].Name, modes.All[mode].Name, where, from, modes.All[mode].Point)
}

// Windows makes the piston lab's windows for the UI level in in. At the
// full level on a wide screen: Mode, Piston, Timeline (a scene with
// animations only) and Nodes on the left, Readouts, Compare, View and
// Presets on the right. In a Compact layout (a big UI scale, as in a
// lecture hall) the Timeline and one window in the left column hold what
// the lecturer needs: the mode and its point, the seed's sliders, the
// picked node's artifacts, the view and UI scale buttons. At the min
// level: Mode, Piston (with the way back to UI 1x when the scale is above
// 1) and Timeline. Every window stays in the columns, off the picture's
// band (kit.FreeBand).
func (v *view) Windows(ctx *debugui.Context, in *kit.Input) {
	v.ctx, v.in = ctx, in
	v.win.laid = -1 // no readouts until readoutRows lays them out
	ctx.IDScope(layoutScopes[timelineRows(v.M)], v.scopedWindows)
}

// layWindows lays the windows out (Windows) inside the ID scope of the
// Timeline's rows.
func (v *view) layWindows() {
	ctx, in := v.ctx, v.in
	lay := kit.NewColumns(in)
	if in.Level == kit.LevelFull && lay.Compact() {
		if h := timelineHeightFor(v.M); h > 0 {
			v.timelineWindow(ctx, lay.Left(h))
		}
		v.lectureWindow(ctx, lay.Left(-1), in)
		v.rulesWindow(ctx, in) // -table, or the checkbox in the Piston window
		return
	}
	v.modeWindow(ctx, lay.Left(200), in)
	v.pistonWindow(ctx, lay.Left(140), in)
	if h := timelineHeightFor(v.M); h > 0 {
		v.timelineWindow(ctx, lay.Left(h))
	}
	if in.Level != kit.LevelFull {
		return
	}
	v.nodesWindow(ctx, lay.Left(-1))
	v.readoutsWindow(ctx, lay.Right(265))
	v.compareWindow(ctx, lay.Right(141))  // 26 more for the Rules checkbox, from View
	v.viewWindow(ctx, lay.Right(188), in) // views, the wall row, options and the UI scale row without scrolling at 720 px
	v.presetsWindow(ctx, lay.Right(-1))
	v.rulesWindow(ctx, in) // compare_window.go: shown from the Compare window
}

func (v *view) modeWindow(ctx *debugui.Context, r image.Rectangle, in *kit.Input) {
	m := v.M
	ctx.Window("Mode", r, func(debugui.ContainerLayout) {
		v.modeRows(ctx)
		ctx.Text(v.win.engines[m.Mode])
		ctx.Text(modes.All[m.Mode].Explanation)
	})
}

// modeRows are the mode chooser (piston.Model.ChooseMode: it withdraws
// the rules a wall pane put in place), the mode's point in one sentence,
// the picked node's own rule when it has one that applies (ownRule) and,
// where the mode folds residuals, the Fold button (foldRows).
func (v *view) modeRows(ctx *debugui.Context) {
	m := v.M
	ctx.Dropdown(&m.Mode, v.win.modeNames).On(func() { m.ChooseMode(m.Mode) })
	ctx.Text(modes.All[m.Mode].Point)
	if v.win.ownRule != "" {
		ctx.Text(v.win.ownRule)
	}
	v.foldRows(ctx)
}

// foldRows offers the Fold button (and its last result) in a mode that
// folds residuals.
func (v *view) foldRows(ctx *debugui.Context) {
	m := v.M
	if !modes.All[m.Mode].Folds {
		return
	}
	ctx.Button("Fold residuals into the children").On(func() {
		m.Fold()
		v.win.init(m)
	})
	if m.Residual != "" {
		ctx.Text(m.Residual)
	}
}

// lectureWindow is the Compact layout's one window (see Windows).
func (v *view) lectureWindow(ctx *debugui.Context, r image.Rectangle, in *kit.Input) {
	m := v.M
	ctx.Window("Piston", r, func(debugui.ContainerLayout) {
		v.modeRows(ctx)
		v.sliderRows(ctx, true)
		v.readoutRows(ctx, true)
		v.viewRows(ctx, true)
		ctx.Header("About this mode", false, func() {
			ctx.Text(modes.All[m.Mode].Explanation)
		})
		ctx.SetGridLayout([]int{-1}, nil)
		v.rulesToggle(ctx)
		v.uiScaleRow(ctx, in)
	})
}

func (v *view) pistonWindow(ctx *debugui.Context, r image.Rectangle, in *kit.Input) {
	ctx.Window("Piston", r, func(debugui.ContainerLayout) {
		v.sliderRows(ctx, false)
		if in.Level != kit.LevelFull && in.UIScale > 1 {
			v.uiScaleRow(ctx, in)
		}
	})
}

// sliderRows are the seed's sliders: Root's x scale and A's rotation
// about y (each only when the scene has that node), and Spin only when
// it has B. A scene with neither gets a slider for its first node's x
// scale. Compact rows put the label beside the slider.
func (v *view) sliderRows(ctx *debugui.Context, compact bool) {
	m, w := v.M, &v.win
	row := func(label, short string) {
		if compact {
			ctx.SetGridLayout([]int{-2, -5}, nil)
			ctx.Text(short)
			return
		}
		ctx.SetGridLayout([]int{-1}, nil)
		ctx.Text(label)
	}
	scaled := w.root
	if scaled < 0 && w.a < 0 && len(m.Edits) > 0 {
		scaled = 0
	}
	if scaled >= 0 {
		row(w.scaleLabel, w.scaleShort)
		sx := &m.Edits[scaled].Scale[0]
		if *sx >= 0 && *sx <= 5 {
			ctx.SliderF(sx, 0, 5, 0.01, 2).On(v.editedFn)
		} else {
			ctx.Text(fmt.Sprintf("%.2f (outside 0..5: edit it in Nodes)", *sx))
		}
	}
	if w.a >= 0 {
		row(w.rotLabel, "A rot y")
		ctx.SliderF(&m.Edits[w.a].Euler[1], -180, 180, 1, 0).On(v.editedFn)
	}
	ctx.SetGridLayout([]int{-1}, nil)
	if m.SpinAt >= 0 {
		ctx.Checkbox(&m.Spin, spinLabels[b2i(m.Timeline())][b2i(compact)]).On(m.Touch)
	}
}

// Slider ranges of the Nodes window.
const (
	posRange   = 10.0  // position -10..10
	eulerRange = 180.0 // degrees -180..180
	scaleRange = 5.0   // scale -5..5 (zero and negative allowed)
)

var axisNames = [3]string{"x", "y", "z"}

// vecRows makes three rows (x, y, z) of label, slider and number field
// bound to vec; a number typed past the slider's range is clamped to it.
func (v *view) vecRows(ctx *debugui.Context, label string, vec *mgl64.Vec3, rng, step float64, digits int) {
	rng = sliderRange(*vec, rng)
	ctx.IDScope(label, func() {
		ctx.SetGridLayout([]int{40, -3, -2}, nil)
		ctx.Loop(3, func(k int) {
			ctx.Text(label + axisNames[k])
			ctx.SliderF(&vec[k], -rng, rng, step, digits).On(v.editedFn)
			ctx.NumberFieldF(&vec[k], step, digits).On(func() {
				vec[k] = max(-rng, min(rng, vec[k]))
				v.edited()
			})
		})
	})
}

func (v *view) readoutsWindow(ctx *debugui.Context, r image.Rectangle) {
	m, w := v.M, &v.win
	ctx.Window("Readouts", r, func(debugui.ContainerLayout) {
		ctx.Dropdown(&m.Picked, w.nodeNames).On(m.Touch)
		v.readoutRows(ctx, false)
	})
}

// readoutRows shows the picked node's readout lines, artifacts in the
// warning colour; compact keeps only the artifacts' lines (skew and
// volume; a skewed node is the one that is not TRS-representable). The
// lines are live rows: their text is drawn every frame from the last
// recompute, so B's spin changes them without laying the windows out
// again (WindowsStill).
func (v *view) readoutRows(ctx *debugui.Context, compact bool) {
	w := &v.win
	ctx.SetGridLayout([]int{-1}, nil)
	ctx.Text(w.readoutHead)
	w.laid = w.readout.Len()
	w.laidKey = append(w.laidKey[:0], w.readoutKey...)
	for i := 0; i < w.laid; i++ {
		w.rows[i].shown = !compact || w.readoutKey[i]
		if w.rows[i].shown {
			w.rows[i].live.Lay(ctx)
		}
	}
}

// readoutRow is one readout line's widget: a live row, and whether the
// last layout showed it.
type readoutRow struct {
	live  kit.LiveRow
	shown bool
}

// readoutLines returns the readout lines as strings (for tests).
func (w *windowState) readoutLines() []piston.ReadoutLine { return w.readout.AppendLines(nil) }

func (v *view) compareWindow(ctx *debugui.Context, r image.Rectangle) {
	m, w := v.M, &v.win
	ctx.Window("Compare", r, func(debugui.ContainerLayout) {
		ctx.Dropdown(&w.compareSel, w.compareNames).On(func() {
			m.Compare = w.compareSel - 1
			m.Touch()
		})
		ctx.Checkbox(&m.Split, "side by side (else ghost)").On(m.Touch)
		ctx.Text(w.compareHint[m.Mode])
		v.rulesToggle(ctx) // compare_window.go
	})
}

func (v *view) viewWindow(ctx *debugui.Context, r image.Rectangle, in *kit.Input) {
	m := v.M
	ctx.Window("View", r, func(debugui.ContainerLayout) {
		v.viewRows(ctx, false)
		ctx.SetGridLayout([]int{-1, -1}, nil)
		ctx.Checkbox(&m.Opt.Grid, "grid").On(m.Touch)
		ctx.Checkbox(&m.Opt.Basis, "basis").On(m.Touch)
		ctx.Checkbox(&m.Opt.LocalAxes, "local axes").On(m.Touch)
		ctx.Checkbox(&m.Opt.Labels, "labels").On(m.Touch)
		ctx.Checkbox(&m.Ghost, "ghost").On(m.Touch)
		ctx.Checkbox(&m.Follow, "camera follows").On(m.FollowNext)
		v.uiScaleRow(ctx, in)
	})
}

// viewRows are the camera buttons: Frame and the four views (compact:
// Frame, Top and Iso; Front and Side are on keys), and the orthographic
// toggle.
func (v *view) viewRows(ctx *debugui.Context, compact bool) {
	m := v.M
	if compact {
		ctx.SetGridLayout([]int{-1, -1, -1, -1}, nil)
		ctx.Button("Frame").On(func() { m.FrameNext() })
		ctx.Button("Top").On(func() { m.SetView(piston.ViewTop) })
		ctx.Button("Iso").On(func() { m.SetView(piston.ViewIso) })
		ctx.Checkbox(&m.Camera.Ortho, "ortho").On(m.Touch)
		v.wallRows(ctx)
		return
	}
	ctx.SetGridLayout([]int{-1, -1, -1}, nil)
	ctx.Button("Frame Z").On(func() { m.FrameNext() })
	ctx.Button("Top T").On(func() { m.SetView(piston.ViewTop) })
	ctx.Button("Front V").On(func() { m.SetView(piston.ViewFront) })
	ctx.Button("Side S").On(func() { m.SetView(piston.ViewSide) })
	ctx.Button("Iso I").On(func() { m.SetView(piston.ViewIso) })
	ctx.Checkbox(&m.Camera.Ortho, "ortho O").On(m.Touch)
	v.wallRows(ctx)
}

// spinLabels are the Spin checkbox's labels, by whether the scene has a
// timeline (Space then plays it; spin keeps Shift+Space) and by compact.
var spinLabels = [2][2]string{
	{"Spin B about its own x axis (Space)", "Spin B (Space)"},
	{"Spin B about its own x axis (Shift+Space)", "Spin B (Shift+Space)"},
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// uiScaleRow is the UI scale buttons (also the + and - keys).
func (v *view) uiScaleRow(ctx *debugui.Context, in *kit.Input) {
	if in.SetUIScale == nil {
		return
	}
	ctx.SetGridLayout([]int{-1, -1, -1}, nil)
	ctx.Button("UI 1x").On(func() { in.SetUIScale(1) })
	ctx.Button("UI 2x").On(func() { in.SetUIScale(2) })
	ctx.Button("UI 3x").On(func() { in.SetUIScale(3) })
	ctx.SetGridLayout([]int{-1}, nil)
}

func (v *view) presetsWindow(ctx *debugui.Context, r image.Rectangle) {
	m, w := v.M, &v.win
	ctx.Window("Presets", r, func(debugui.ContainerLayout) {
		ctx.Loop(len(w.presetNames), func(i int) {
			ctx.Button(w.presetNames[i]).On(func() {
				_ = m.LoadPreset(w.presetNames[i])
				w.init(m)
			})
		})
	})
}

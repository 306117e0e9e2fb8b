package pistonlab

import (
	"fmt"
	"image"
	"slices"

	"github.com/ebitengine/debugui"

	"skewlab/compare"
	"skewlab/modes"
	"skewlab/scene"
	"skewlab/ui/kit"
)

// rulesTable is the Rules window's state: `skewlab compare`'s table for
// the picked node, every rule side by side, with a Copy as Markdown
// button. The table is recomputed only when the scene's nodes, the pick
// or the scope change (the spin is not part of the table), so showing the
// window allocates nothing per frame once it is made.
type rulesTable struct {
	open     bool // the window is shown (the Compare window's checkbox)
	scopeAll bool // engine rules on every node, else on the picked node only

	nodes  []scene.Node // the scene's nodes when the table was made
	base   []scene.Node // the nodes compared (piston.Model.ComparedNodes)
	picked int
	scope  bool
	made   bool

	table compare.Table
	cells [][]string // per row: Cells, the engines abbreviated
	title string
	msg   string // what the last copy did
}

// rulesHeader is the Rules window's column titles: compare.Header's
// columns, shorter, with "on" (where the row's rule applies,
// modes.ReachText: "on B only", "all nodes") after the mode.
var rulesHeader = []string{"mode", "on", "skew deg", "volume", "vol vs mat", "lossy scale", "polar stretch", "pos vs mat", "TRS", "engines"}

// rulesWidths are the columns' widths in UI units (debugui's font is 6
// units a character, plus padding).
var rulesWidths = []int{124, 70, 58, 62, 70, 136, 136, 70, 30, 210}

// rulesToggle is the Compare window's row that shows or hides the Rules
// window.
func (v *view) rulesToggle(ctx *debugui.Context) {
	ctx.Checkbox(&v.rules.open, "table of every rule (Rules)")
}

// rulesWindow shows the Rules window while it is open: centred at the
// bottom of the screen above the Lab window, as wide as the table or the
// screen.
func (v *view) rulesWindow(ctx *debugui.Context, in *kit.Input) {
	if !v.rules.open {
		return
	}
	v.rules.update(v)
	s := float64(kit.UIPixels(in))
	sw, sh := int(in.Width/s), int(in.Height/s)
	w := min(sw-2*kit.Margin, 1030)
	bottom := sh - 76 // above the App's Lab window
	top := max(kit.Margin, bottom-350)
	r := image.Rect((sw-w)/2, top, (sw-w)/2+w, bottom)
	ctx.Window("Rules", r, func(debugui.ContainerLayout) { v.rulesRows(ctx) })
}

// rulesRows lay out the Rules window: the title, the scope checkbox and
// the copy button, the table, and the last copy's message.
func (v *view) rulesRows(ctx *debugui.Context) {
	t := &v.rules
	ctx.SetGridLayout([]int{-1}, nil)
	ctx.Text(t.title)
	ctx.SetGridLayout([]int{-2, -1}, nil)
	ctx.Checkbox(&t.scopeAll, "engine rules on every node (else on the picked node only)")
	ctx.Button("Copy as Markdown").On(func() { copyMarkdown(t.table.Markdown(), t.table.Node, t.setMsg) })
	ctx.SetGridLayout(rulesWidths, nil)
	ctx.Loop(len(rulesHeader), func(k int) { ctx.Text(rulesHeader[k]) })
	ctx.Loop(len(t.cells), func(i int) {
		ctx.Loop(len(t.cells[i]), func(k int) { ctx.Text(t.cells[i][k]) })
	})
	if t.msg != "" {
		ctx.SetGridLayout([]int{-1}, nil)
		ctx.Text(t.msg)
	}
}

// setMsg shows what the last copy did.
func (t *rulesTable) setMsg(msg string) { t.msg = msg }

// update remakes the table when the model's nodes, pick or the scope
// changed since it was made.
func (t *rulesTable) update(v *view) {
	m := v.M
	if t.made && t.picked == m.Picked && t.scope == t.scopeAll && slices.EqualFunc(t.nodes, m.Scene.Nodes, func(a, b scene.Node) bool { return a.Equal(&b) }) {
		return
	}
	t.made, t.picked, t.scope = true, m.Picked, t.scopeAll
	t.nodes = append(t.nodes[:0], m.Scene.Nodes...)
	t.cells = t.cells[:0]
	if m.Picked < 0 || m.Picked >= len(m.Scene.Nodes) {
		t.table = compare.Table{}
		t.title = "no node picked (choose one in Readouts)"
		return
	}
	scope := compare.ScopeNode
	if t.scopeAll {
		scope = compare.ScopeAll
	}
	// The rows start from the rules before any wall pane's click, as the
	// wall's panes do: a click's rules show in the main view only.
	t.base = m.ComparedNodes(t.base)
	t.table = compare.Table{Preset: m.Preset, Node: m.Scene.Nodes[m.Picked].Name,
		Scope: scope.String(), Rows: compare.Compute(t.base, m.Picked, modes.All, scope)}
	switch {
	case m.Preset == "":
		t.table.Scene = "a file, edited in the app"
	case edited(m.Scene.Nodes, m.Base.Nodes):
		t.table.Preset += ", edited in the app"
	}
	t.title = t.table.Caption()
	var scoped []scene.Node
	for i := range t.table.Rows {
		r := &t.table.Rows[i]
		c := r.Cells()
		c[len(c)-1] = abbreviate(r.Engines)
		var run modes.Mode
		md := modes.All[i] // Compute's rows follow the list: modes.All
		scoped, run = modes.Scoped(scoped, t.base, md, m.Picked, t.scopeAll)
		count, only := modes.Reach(scoped, run, md)
		c = append([]string{c[0], modes.ReachText(scoped, count, only)}, c[1:]...)
		t.cells = append(t.cells, c)
	}
}

// edited reports whether the local transforms or rules of a differ
// from b's (the scene as loaded) by more than rounding: the sliders' Euler
// angles give back a preset's quaternion only to about 1e-16.
func edited(a, b []scene.Node) bool {
	if len(a) != len(b) {
		return true
	}
	const tol = 1e-12
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Name != y.Name || x.Parent != y.Parent || x.Rule != y.Rule ||
			!x.Local.Position.ApproxEqualThreshold(y.Local.Position, tol) ||
			!x.Local.Scale.ApproxEqualThreshold(y.Local.Scale, tol) ||
			!x.Local.Rotation.ApproxEqualThreshold(y.Local.Rotation, tol) {
			return true
		}
	}
	return false
}

// abbreviate names the first engine and how many more there are (the
// Markdown copy has them all).
func abbreviate(engines []string) string {
	switch len(engines) {
	case 0:
		return "-"
	case 1:
		return engines[0]
	}
	return fmt.Sprintf("%s +%d", engines[0], len(engines)-1)
}

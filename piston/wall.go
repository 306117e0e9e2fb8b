package piston

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/render"
	"skewlab/scene"
)

// The comparison wall: small multiples of the scene, one pane per chosen
// mode, in a grid that fills the picture's band, all seen by the one
// camera (Model.Camera), so orbiting or zooming one pane turns them all.
// A seed-mode pane applies its mode to the whole hierarchy; an
// engine-rule pane applies its rule to the picked node only (scope node)
// or to every node (scope all), as modes.Scoped says. Each pane is framed
// and labelled with its mode and where it applies ("on B only", "all
// nodes"), the engines that use it (wrapped, never cut while the pane is
// at least WallMinChars wide) and the picked node's skew and volume under
// it.
//
// The panes compare rules on the scene as the user made it: the per-node
// rules a click on a pane puts in place for the main view (ChoosePane)
// are not part of what the panes start from, so clicking one pane after
// another leaves the wall as it is.

// Wall is the comparison wall's state in the Model.
type Wall struct {
	On       bool   // the wall replaces the single (or split) picture
	Modes    []int  // the panes' modes, indices in modes.All, in pane order
	ScopeAll bool   // engine rules apply to every node (modes.ScopeAll), else to the picked node only
	Panes    []Pane // one per Modes entry, as the last Recompute laid them out
	Cols     int    // the grid's columns at the last Recompute (0 before)
	Rows     int    // the grid's rows
	// Level is how much text each pane shows (paneLevel): LevelFull, or
	// less in panes too short for it.
	Level int
	// Scale is the panes' text scale: the labels' (Model.LabelScale), or
	// smaller where that would cost the numbers (wallFit).
	Scale float64

	titleLines, engineLines int // the header's lines for the names and scopes, and for the engines (wallLines)
}

// How much text a wall pane shows (Wall.Level), from most to least: the
// name with its scope, the engines and the numbers; without the engines;
// one line (the name, then the scope and the numbers where they fit
// beside it); nothing.
const (
	LevelNone = iota
	LevelOneLine
	LevelNoEngines
	LevelFull
)

// Pane is one pane of the wall: its mode, where it is on the screen, its
// picture and the picked node's readout under its mode. Text is in the
// Frame's Labels; the pane's border is among its Segments.
type Pane struct {
	Mode    int             // index in modes.All
	Rect    render.Viewport // the whole pane, border included, in pixels (y down)
	Picture render.Viewport // the part of Rect the pistons are drawn in, below the text
	Frame   render.Frame    // the pane's segments and labels
	World   []mgl64.Mat4    // the world matrices drawn (of the scoped nodes)
	Readout modes.Readout   // the picked node's readout under the pane's mode (zero when no node is picked)
	// Scope says where the pane's mode applies, as drawn beside its
	// name: modes.ReachText of the scoped nodes ("on B only", "all
	// nodes").
	Scope string
	// Engines are the engines lines as drawn (FitEngines), at most
	// WallEngineLines, fitted to the pane's width.
	Engines []string
	// Chosen reports that the main view draws exactly this pane's worlds:
	// the same running mode and the same rule on every node (the pane
	// ChoosePane chose, while nothing changed them since). Its border is
	// then white.
	Chosen bool

	nodes    []scene.Node // the scoped nodes (modes.Scoped)
	ws       modes.Workspace
	num      []byte   // the numbers line's volume, rebuilt per Recompute
	reach    [3]int   // the count, node and node count Scope was written for
	fitChars int      // the width in characters Engines was fitted for
	fitLines int      // the lines it was fitted into
	fitMode  int      // the mode it was fitted for
	engBuf   []string // Engines' storage
}

// Layout sizes of the wall, in pixels at label scale 1 (they grow with
// Model.LabelScale).
const (
	WallPad         = 4.0  // space between a pane's border and its text or picture
	WallLinePitch   = 14.0 // the text's line pitch (render.TextSize's layouts use 14)
	WallEngineLines = 2    // the most lines the engines take (FitEngines)
	WallMinChars    = 24   // a grid whose panes hold fewer characters per line is not chosen while another fits
	WallMinPicture  = 24.0 // the least picture (pixels at scale 1) a pane keeps under its text before the text loses lines
	WallBorder      = 1.0  // a pane border's width
	WallChosenLine  = 2.0  // the border's width around the pane of the main mode
	// WallMargin is FrameMargin for the wall's small pictures: the
	// pistons of every pane (their union) fill the middle 75%.
	WallMargin = 0.125
)

// allModes returns every index of modes.All in order.
func allModes() []int {
	out := make([]int, len(modes.All))
	for i := range out {
		out[i] = i
	}
	return out
}

// SetWall shows (on) or hides the wall, framing the scene for the new
// picture (FrameNext). With no modes chosen, the wall shows every mode.
func (m *Model) SetWall(on bool) {
	if on && len(m.Wall.Modes) == 0 {
		m.Wall.Modes = allModes()
	}
	if m.Wall.On != on {
		m.Wall.On = on
		m.FrameNext()
	}
	m.Touch()
}

// ToggleWall shows the wall when it is hidden and hides it when shown
// (SetWall): the W key and the View window's Wall button.
func (m *Model) ToggleWall() { m.SetWall(!m.Wall.On) }

// SetWallScope sets where the engine rules apply (all: every node; else
// the picked node only) and redraws.
func (m *Model) SetWallScope(all bool) {
	m.Wall.ScopeAll = all
	m.Touch()
}

// walling reports whether the last or next Recompute draws the wall: On
// with at least one mode.
func (m *Model) walling() bool { return m.Wall.On && len(m.Wall.Modes) > 0 }

// PaneIndex returns the index in Wall.Panes of the pane whose Rect holds
// the pixel p at the last Recompute, or -1 (no wall, or between panes).
func (m *Model) PaneIndex(p mgl64.Vec2) int {
	if !m.walling() {
		return -1
	}
	for i := range m.Wall.Panes {
		r := m.Wall.Panes[i].Rect
		if p[0] >= r.X && p[0] < r.X+r.W && p[1] >= r.Y && p[1] < r.Y+r.H {
			return i
		}
	}
	return -1
}

// ChoosePane makes the main view draw what pane i draws, as a click on
// the pane does; the wall stays shown, the chosen pane outlined. The
// main view takes the pane's running mode as its Mode and the pane's
// per-node rules as the scene's (modes.Scoped from the rules before any
// pane click): with scope node an engine rule's pane gives the picked
// node that rule and makes accumulate-matrices the global mode, so the
// picked node's skew and volume stay what the pane showed; with scope all
// it clears every node's own rule and makes the rule the global mode; a
// seed mode's pane gives its mode and the rules as they were. The rules
// it replaced are kept (PaneRules reports them in place): ChooseMode
// gives them back, SetRule keeps the rules as they then are, and Reset,
// Load and Reparent forget them. It reports false, changing nothing, for
// an index outside the panes.
func (m *Model) ChoosePane(i int) bool {
	if i < 0 || i >= len(m.Wall.Panes) {
		return false
	}
	base := m.ComparedNodes(nil)
	was := make([]scene.Rule, len(base))
	for k := range base {
		was[k] = base[k].Rule
	}
	nodes, run := modes.Scoped(nil, base, modes.All[m.Wall.Panes[i].Mode], m.Picked, m.Wall.ScopeAll)
	changed := false
	for k := range m.Scene.Nodes {
		m.Scene.Nodes[k].Rule = nodes[k].Rule
		changed = changed || nodes[k].Rule != was[k]
	}
	m.authored = nil
	if changed {
		m.authored = was
	}
	m.Mode = modes.Index(run.Name)
	m.notePane()
	m.Touch()
	return true
}

// wallPanes makes one pane per chosen mode, in order.
func (m *Model) wallPanes() {
	wl := &m.Wall
	if len(wl.Panes) != len(wl.Modes) {
		wl.Panes = make([]Pane, len(wl.Modes))
	}
	for i := range wl.Panes {
		wl.Panes[i].Mode = wl.Modes[i]
	}
}

// wallGrid returns the grid (cols, rows) for the panes in a band w by h
// pixels with text at scale s, the lines of the panes' full headers in
// it (wallLines) and the level of text its panes show (paneLevel): among
// the grids whose panes are at least WallMinChars characters wide (every
// grid when none is), those whose panes show the most text, and among
// those the one whose pictures (the panes less their text and padding)
// hold the largest square. No panes, or a band that is not a number,
// give (0, 0). It allocates nothing.
func (m *Model) wallGrid(w, h, s float64) (cols, rows, title, engines, level int) {
	n := len(m.Wall.Panes)
	adv := render.TextMetricsAt(s * render.TextSize).Advance
	best, bestWide, bestLevel := math.Inf(-1), false, -1
	for c := 1; c <= n; c++ {
		r := (n + c - 1) / c
		pw, ph := w/float64(c), h/float64(r)
		chars := paneChars(pw, s, adv)
		tl, el := m.wallLines(chars)
		lv := paneLevel(ph, s, tl, el)
		side := math.Min(pw-2*WallPad*s, ph-wallHeader(s, levelLines(lv, tl, el))-WallPad*s)
		if math.IsNaN(side) {
			continue
		}
		wide := pw-2*WallPad*s >= WallMinChars*adv
		if (wide && !bestWide) || (wide == bestWide && (lv > bestLevel || lv == bestLevel && side > best)) {
			best, bestWide, bestLevel = side, wide, lv
			cols, rows, title, engines, level = c, r, tl, el, lv
		}
	}
	return cols, rows, title, engines, level
}

// paneLevel returns how much text a pane ph pixels high shows at scale s
// with tl title lines and el engines lines: LevelFull where the whole
// header (and the numbers' line) leaves the picture at least
// WallMinPicture, else LevelNoEngines, else LevelOneLine, else LevelNone.
func paneLevel(ph, s float64, tl, el int) int {
	for lv := LevelFull; lv > LevelNone; lv-- {
		if ph-wallHeader(s, levelLines(lv, tl, el))-WallPad*s >= WallMinPicture*s {
			return lv
		}
	}
	return LevelNone
}

// levelLines is the lines of text a pane shows at level lv with tl title
// and el engines lines.
func levelLines(lv, tl, el int) int {
	switch lv {
	case LevelFull:
		return tl + el + 1
	case LevelNoEngines:
		return tl + 1
	case LevelOneLine:
		return 1
	}
	return 0
}

// wallFit is wallGrid at the text scale at which the panes show their
// names and numbers: ui (the labels' scale), or a quarter less at a time
// down to 1 while the panes would show fewer than the names and numbers
// (LevelNoEngines), or 1 where no scale does. It returns that scale last.
func (m *Model) wallFit(w, h, ui float64) (cols, rows, title, engines, level int, s float64) {
	for s = ui; s > 1; s = max(1, s-0.25) {
		if cols, rows, title, engines, level = m.wallGrid(w, h, s); level >= LevelNoEngines {
			return cols, rows, title, engines, level, s
		}
	}
	cols, rows, title, engines, level = m.wallGrid(w, h, 1)
	return cols, rows, title, engines, level, 1
}

// paneChars is how many characters of advance adv a line of a pane pw
// pixels wide holds at scale s (at least 1).
func paneChars(pw, s, adv float64) int {
	c := math.Floor((pw - 2*WallPad*s) / adv)
	if !(c >= 1) {
		return 1
	}
	return int(min(c, 1e6))
}

// wallLines returns the lines every pane's header gives its title (the
// mode's name and its Scope: 1 when every pane's fit on one line of
// chars characters, else as many as the longest needs wrapped) and its
// engines (FitEngines: 1 or WallEngineLines), the most any pane needs,
// so that the panes' pictures line up. It allocates nothing.
func (m *Model) wallLines(chars int) (title, engines int) {
	title, engines = 1, 1
	for i := range m.Wall.Panes {
		p := &m.Wall.Panes[i]
		title = max(title, titleLines(modes.All[p.Mode].Name, p.Scope, chars))
		engines = max(engines, engineLines(p.Mode, chars))
	}
	return title, engines
}

// titleLines is how many lines of chars characters a pane's name and
// scope take: 1 when "name scope" fits, else each wrapped on lines of its
// own.
func titleLines(name, scope string, chars int) int {
	if fitsLine(name, scope, chars) {
		return 1
	}
	return wrapCount(name, chars) + wrapCount(scope, chars)
}

// fitsLine reports whether "name scope" fits on one line of chars
// characters.
func fitsLine(name, scope string, chars int) bool {
	return utf8.RuneCountInString(name)+1+utf8.RuneCountInString(scope) <= chars
}

// wallHeader is the height of a pane's text block of lines lines at
// scale s, padding included (the top padding alone for none).
func wallHeader(s float64, lines int) float64 {
	if lines <= 0 {
		return WallPad * s
	}
	return (WallPad + float64(lines)*WallLinePitch + WallPad) * s
}

// layoutWall places the panes in the band x..x+w, h high (wallGrid),
// filling the grid row by row.
func (m *Model) layoutWall(x, w, h float64) {
	wl := &m.Wall
	m.wallPanes()
	var tl, el int
	var s float64
	wl.Cols, wl.Rows, tl, el, wl.Level, s = m.wallFit(w, h, render.LabelScale(m.LabelScale))
	wl.titleLines, wl.engineLines, wl.Scale = tl, el, s
	if wl.Cols == 0 {
		return
	}
	pw, ph := w/float64(wl.Cols), h/float64(wl.Rows)
	for i := range wl.Panes {
		p := &wl.Panes[i]
		c, r := i%wl.Cols, i/wl.Cols
		p.Rect = render.Viewport{X: x + float64(c)*pw, Y: float64(r) * ph, W: pw, H: ph}
		top := wallHeader(s, levelLines(wl.Level, tl, el))
		p.Picture = render.Viewport{X: p.Rect.X + WallPad*s, Y: p.Rect.Y + top,
			W: math.Max(0, pw-2*WallPad*s), H: math.Max(0, ph-top-WallPad*s)}
	}
}

// wallWorlds computes each pane's scoped nodes and world matrices, the
// picked node's readout under it, where its mode applies (Scope) and
// whether the main view draws the same (Chosen). The panes start from
// the posed nodes with the rules as they were before any pane click
// (ChoosePane). It allocates nothing once the buffers have grown, except
// to write a Scope that changed.
func (m *Model) wallWorlds() {
	m.wallPanes()
	base := m.nodes
	if m.authored != nil && len(m.authored) == len(m.nodes) {
		m.wallBase = append(m.wallBase[:0], m.nodes...)
		for k := range m.wallBase {
			m.wallBase[k].Rule = m.authored[k]
		}
		base = m.wallBase
	}
	for i := range m.Wall.Panes {
		p := &m.Wall.Panes[i]
		var run modes.Mode
		mode := modes.All[p.Mode]
		p.nodes, run = modes.Scoped(p.nodes, base, mode, m.Picked, m.Wall.ScopeAll)
		n := len(p.nodes)
		if cap(p.World) < n {
			p.World = make([]mgl64.Mat4, n)
		}
		p.World = p.World[:n]
		modes.Shared().World(run, p.nodes, &p.ws, p.World)
		p.Readout = modes.Readout{}
		if m.Picked >= 0 && m.Picked < n {
			p.Readout = modes.AnalyzeWorld(p.World[m.Picked], modes.WorldRotation(p.nodes, m.Picked))
		}
		count, only := modes.Reach(p.nodes, run, mode)
		if key := [3]int{count, only, n}; key != p.reach || p.Scope == "" {
			p.reach, p.Scope = key, modes.ReachText(p.nodes, count, only)
		}
		p.Chosen = modes.Index(run.Name) == m.Mode && sameRules(p.nodes, m.nodes, run)
	}
}

// sameRules reports whether every node of a and b (the same scene, rules
// aside) is drawn under the same rule by the mode run: always under a
// TRS-based run, where per-node rules do not apply; else node by node,
// a node without its own rule following run's.
func sameRules(a, b []scene.Node, run modes.Mode) bool {
	if len(a) != len(b) {
		return false
	}
	if !run.PerNode() {
		return true
	}
	for i := range a {
		ra, rb := a[i].Rule, b[i].Rule
		if ra == scene.RuleFollow {
			ra = run.Rule
		}
		if rb == scene.RuleFollow {
			rb = run.Rule
		}
		if ra != rb {
			return false
		}
	}
	return true
}

// wallAspect returns the panes' picture aspect for a band w by h, and
// false when the band has no room for a picture.
func (m *Model) wallAspect(w, h float64) (float64, bool) {
	m.wallPanes()
	c, r, tl, el, lv, s := m.wallFit(w, h, render.LabelScale(m.LabelScale))
	if c == 0 {
		return 0, false
	}
	pw := w/float64(c) - 2*WallPad*s
	ph := h/float64(r) - wallHeader(s, levelLines(lv, tl, el)) - WallPad*s
	if !(pw > 0 && ph > 0) {
		return 0, false
	}
	return pw / ph, true
}

// drawWall draws every pane: the pistons under its world (no node names:
// the panes are small), the picked node's skew arc, the border and the
// text: the mode's name in render.White with its Scope in
// render.PaneScope (beside it when both fit on a line, else on lines of
// their own), the engines lines in render.LabelGrey and the numbers
// (paneNumbers). It allocates nothing once the panes' buffers have grown,
// except to refit a pane's engines when its width, lines or mode changed.
func (m *Model) drawWall() {
	ui, s := render.LabelScale(m.LabelScale), render.LabelScale(m.Wall.Scale)
	adv := render.TextMetricsAt(s * render.TextSize).Advance
	opt := m.Opt
	opt.Labels = false
	opt.EdgeCap = SplitCap(m.Opt.EdgeCap, len(m.Wall.Panes))
	volRef, volRefOK := MatricesVolume(m.nodes, m.Picked)
	for i := range m.Wall.Panes {
		p := &m.Wall.Panes[i]
		f := &p.Frame
		f.Begin(m.Camera, p.Picture)
		f.Scene(&m.posed, p.World, opt)
		if !m.HideArc && m.Picked >= 0 && m.Picked < len(p.World) {
			if a, ok := FindSkewArc(p.World[m.Picked], m.Camera.U()); ok {
				f.Arc(a.Origin, a.U, a.V, a.Radius, ArcSegments, render.Warning, ArcWidth)
			}
		}
		m.paneBorder(p, ui)
		text := len(f.Labels)
		chars := paneChars(p.Rect.W, s, adv)
		el := m.Wall.engineLines
		if chars != p.fitChars || p.fitMode != p.Mode || p.fitLines != el || p.Engines == nil {
			p.fitChars, p.fitMode, p.fitLines = chars, p.Mode, el
			p.engBuf = FitEngines(p.engBuf[:0], modes.EngineNames(modes.All[p.Mode].Name), chars, el)
			p.Engines = p.engBuf
		}
		x, y := p.Rect.X+WallPad*s, p.Rect.Y+WallPad*s
		line := func(k int) float64 { return y + float64(k)*WallLinePitch*s }
		name := modes.All[p.Mode].Name
		switch m.Wall.Level {
		case LevelNone:
			continue
		case LevelOneLine:
			// The name, then the scope and the numbers where they fit.
			f.Labels = append(f.Labels, textLabel(x, y, s, name, render.White))
			used := utf8.RuneCountInString(name) + 1
			if n := utf8.RuneCountInString(p.Scope); used+n <= chars {
				f.Labels = append(f.Labels, textLabel(x+float64(used)*adv, y, s, p.Scope, render.PaneScope))
				used += n + 1
			}
			if used+1+paneNumbersChars <= chars {
				m.paneNumbers(p, x+float64(used+1)*adv, y, s, adv, volRef, volRefOK)
			}
			rescaleLabels(f.Labels[text:], s, ui)
			continue
		}
		// Every pane's scope goes on a line of its own when one pane's
		// does not fit beside its name, so that the panes read alike.
		if m.Wall.titleLines == 1 && fitsLine(name, p.Scope, chars) {
			f.Labels = append(f.Labels, textLabel(x, y, s, name, render.White))
			f.Labels = append(f.Labels, textLabel(x+float64(utf8.RuneCountInString(name)+1)*adv, y, s, p.Scope, render.PaneScope))
		} else {
			k := 0
			for rest := name; rest != ""; k++ {
				var l string
				l, rest = nextLine(rest, chars)
				f.Labels = append(f.Labels, textLabel(x, line(k), s, l, render.White))
			}
			for rest := p.Scope; rest != ""; k++ {
				var l string
				l, rest = nextLine(rest, chars)
				f.Labels = append(f.Labels, textLabel(x, line(k), s, l, render.PaneScope))
			}
		}
		tl := m.Wall.titleLines
		if m.Wall.Level == LevelNoEngines {
			el = 0
		}
		for k := 0; k < el && k < len(p.Engines); k++ {
			f.Labels = append(f.Labels, textLabel(x, line(tl+k), s, p.Engines[k], render.LabelGrey))
		}
		m.paneNumbers(p, x, line(tl+el), s, adv, volRef, volRefOK)
		rescaleLabels(f.Labels[text:], s, ui)
	}
}

// paneNumbersChars is the widest numbers line, in characters: "skew
// 52.3°  vol 24.000".
const paneNumbersChars = 22

// rescaleLabels makes labels laid out for text scale s draw the same when
// the window draws them at its labels' scale ui (render.LabelBaseline
// and the em both scale with it): the same baseline, an em of
// render.TextSize*s/ui at scale 1. Nothing changes when s is ui.
func rescaleLabels(ls []render.Label, s, ui float64) {
	if s == ui {
		return
	}
	for i := range ls {
		l := &ls[i]
		b := render.LabelBaseline(l.At, s)
		l.At = mgl64.Vec2{b[0] - ui*render.LabelOffset[0], b[1] - ui*render.LabelOffset[1]}
		l.Anchor, l.Size = l.At, render.TextSize*s/ui
	}
}

// paneBorder outlines p's Rect, inset by half a pixel so the line stays
// inside it: WallChosenLine wide in render.White around the pane the main
// view shows (Pane.Chosen), WallBorder wide in render.PaneBorder around
// the others.
func (m *Model) paneBorder(p *Pane, s float64) {
	c, wd := render.PaneBorder, float32(WallBorder)
	if p.Chosen {
		c, wd = render.White, float32(WallChosenLine)
	}
	in := float64(wd) * s / 2
	x0, y0, x1, y1 := p.Rect.X+in, p.Rect.Y+in, p.Rect.X+p.Rect.W-in, p.Rect.Y+p.Rect.H-in
	corners := [5]mgl64.Vec2{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}
	for k := 0; k < 4; k++ {
		p.Frame.Segments = append(p.Frame.Segments, render.Segment{A: corners[k], B: corners[k+1], Color: c, Width: wd})
	}
}

// paneNumbers writes the picked node's skew and volume under p's mode at
// (x, y) (the top-left of the line): "skew 12.3°  vol 3.000", each part
// in render.Warning when it is an artifact (a visible skew; a volume that
// is flat, negative or VolumeWarnRel away from accumulate-matrices'). An
// undefined value is "-". The volume is drawn one character per label,
// so nothing is allocated.
func (m *Model) paneNumbers(p *Pane, x, y, s, adv, volRef float64, volRefOK bool) {
	f, r := &p.Frame, p.Readout
	skew, sc := "skew -", render.LabelGrey
	if r.SkewOK {
		skew = ArcText(r.SkewDeg)
		if r.Skewed() {
			sc = render.Warning
		}
	}
	f.Labels = append(f.Labels, textLabel(x, y, s, skew, sc))
	x += float64(utf8.RuneCountInString(skew)+2) * adv
	f.Labels = append(f.Labels, textLabel(x, y, s, "vol", render.LabelGrey))
	x += 4 * adv
	vc := render.LabelGrey
	p.num = p.num[:0]
	if r.VolumeOK {
		p.num = appendUINum(p.num, r.Volume, 0, 3)
		bad := r.Flat() || r.Volume < 0
		if volRefOK && volRef != 0 && math.Abs(r.Volume-volRef)/math.Abs(volRef) > VolumeWarnRel {
			bad = true
		}
		if bad {
			vc = render.Warning
		}
	} else {
		p.num = append(p.num, '-')
	}
	for j := range p.num {
		if p.num[j] != ' ' {
			f.Labels = append(f.Labels, textLabel(x+float64(j)*adv, y, s, string(p.num[j:j+1]), vc))
		}
	}
}

// textLabel is a label whose text's line has its top-left corner at (x,
// y) when drawn at scale s: the anchor that render.LabelBaseline moves to
// a baseline one em (render.TextSize*s) below y.
func textLabel(x, y, s float64, text string, c render.Color) render.Label {
	at := mgl64.Vec2{x - s*render.LabelOffset[0], y + s*render.TextSize - s*render.LabelOffset[1]}
	return render.Label{At: at, Text: text, Color: c, Anchor: at}
}

// FitEngines appends to dst the engines lines of a pane at most chars
// characters wide, in at most lines lines, and returns it: the first of
// these that wraps (wordwise, nextLine) into lines lines: the first two
// names and "+N" for the N more ("Unity GameObject, Godot Node3D +6"),
// the first name and "+N", then the first name in short form and "+N"
// (ShortEngine: "Blender bone, Fix Shear"). A name is
// never cut while one of them fits; when none does (a pane narrower than
// its longest word), the last is broken inside words and its last line
// ends in "…". It appends nothing when names is empty, chars < 1 or
// lines < 1.
func FitEngines(dst, names []string, chars, lines int) []string {
	if len(names) == 0 || chars < 1 || lines < 1 {
		return dst
	}
	cands := engineCandidates(names)
	text := cands[len(cands)-1]
	for _, c := range cands {
		if wrapCount(c, chars) <= lines {
			text = c
			break
		}
	}
	for k := 0; k < lines && text != ""; k++ {
		var l string
		l, text = nextLine(text, chars)
		if k == lines-1 && text != "" {
			r := []rune(l)
			l = strings.TrimRight(string(r[:min(len(r), chars-1)]), " ") + "…"
		}
		dst = append(dst, l)
	}
	return dst
}

// engineCandidates are FitEngines' texts for names (not empty), the most
// informative first.
func engineCandidates(names []string) []string {
	more := func(k int) string {
		if k < len(names) {
			return " +" + strconv.Itoa(len(names)-k)
		}
		return ""
	}
	var out []string
	for k := min(2, len(names)); k >= 1; k-- {
		out = append(out, strings.Join(names[:k], ", ")+more(k))
	}
	if short := ShortEngine(names[0]) + more(1); short != out[len(out)-1] {
		out = append(out, short)
	}
	return out
}

// paneEngines holds each mode's engineCandidates (nil for a mode no
// engine uses), made once, so that the layout counts their lines
// without allocating (engineLines).
var paneEngines = func() [][]string {
	out := make([][]string, len(modes.All))
	for i, md := range modes.All {
		if names := modes.EngineNames(md.Name); len(names) > 0 {
			out[i] = engineCandidates(names)
		}
	}
	return out
}()

// engineLines is how many lines FitEngines gives mode's engines in
// lines of chars characters and at most WallEngineLines: 1 when one of
// its texts fits on one line, else WallEngineLines (and 1 for a mode no
// engine uses). It allocates nothing.
func engineLines(mode, chars int) int {
	if mode < 0 || mode >= len(paneEngines) || paneEngines[mode] == nil {
		return 1
	}
	for _, c := range paneEngines[mode] {
		if wrapCount(c, chars) <= 1 {
			return 1
		}
	}
	return WallEngineLines
}

// nextLine splits text at the end of its first line of at most chars
// characters (runes; chars below 1 counts as 1): at the last space that
// keeps the line within chars (a space before "+", the engines' "+N",
// does not count, so a count stays with its name), or inside a word
// longer than chars. The
// line has no trailing space and rest no leading one; rest is "" after
// the last line. It allocates nothing: both are substrings of text.
func nextLine(text string, chars int) (line, rest string) {
	chars = max(chars, 1)
	text = strings.TrimLeft(text, " ")
	if utf8.RuneCountInString(text) <= chars {
		return text, ""
	}
	breaks := func(i int) bool { return text[i] == ' ' && (i+1 >= len(text) || text[i+1] != '+') }
	space, cut, n := -1, len(text), 0
	for i := range text {
		if n == chars {
			cut = i
			if breaks(i) {
				space = i
			}
			break
		}
		if breaks(i) {
			space = i
		}
		n++
	}
	if space > 0 {
		return strings.TrimRight(text[:space], " "), strings.TrimLeft(text[space:], " ")
	}
	return strings.TrimRight(text[:cut], " "), strings.TrimLeft(text[cut:], " ")
}

// wrapCount is how many lines nextLine makes of text (0 for ""). It
// allocates nothing.
func wrapCount(text string, chars int) int {
	n := 0
	for text = strings.TrimLeft(text, " "); text != ""; n++ {
		_, text = nextLine(text, chars)
	}
	return n
}

// ShortEngine returns an engines-table name of the form "Engine object,
// Setting = Value" as "Engine object, Value" ("Blender bone, Inherit
// Scale = Fix Shear" gives "Blender bone, Fix Shear"); any other name is
// returned as it is.
func ShortEngine(name string) string {
	head, _, ok := strings.Cut(name, ", ")
	eq := strings.LastIndex(name, " = ")
	if !ok || eq < len(head) {
		return name
	}
	return head + ", " + name[eq+len(" = "):]
}

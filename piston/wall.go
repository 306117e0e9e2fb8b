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
// and labelled with its mode, the engines that use it and the picked
// node's skew and volume under it.

// Wall is the comparison wall's state in the Model.
type Wall struct {
	On       bool    // the wall replaces the single (or split) picture
	Modes    []int   // the panes' modes, indices in modes.All, in pane order
	ScopeAll bool    // engine rules apply to every node (modes.ScopeAll), else to the picked node only
	Panes    []Pane  // one per Modes entry, as the last Recompute laid them out
	Cols     int     // the grid's columns at the last Recompute (0 before)
	Rows     int     // the grid's rows
	Lines    int     // the lines of text each pane shows (wallLines): 3, or fewer in short panes
	Scale    float64 // the panes' text scale: the labels' (Model.LabelScale), or smaller where that would cost the numbers (wallFit)
}

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
	Engines string          // the engines line as drawn, fitted to the pane's width

	nodes     []scene.Node // the scoped nodes (modes.Scoped)
	ws        modes.Workspace
	num       []byte // the numbers line's volume, rebuilt per Recompute
	fitChars  int    // the width in characters Engines was fitted for
	fitMode   int    // the mode it was fitted for
	fitScoped bool   // ... and the scope
}

// Layout sizes of the wall, in pixels at label scale 1 (they grow with
// Model.LabelScale).
const (
	WallPad        = 4.0  // space between a pane's border and its text or picture
	WallLinePitch  = 14.0 // the text's line pitch (render.TextSize's layouts use 14)
	WallTextLines  = 3    // mode, engines, skew and volume
	WallMinPicture = 24.0 // the least picture a pane keeps under its text before the text loses a line
	WallMinChars   = 24   // a grid whose panes hold fewer characters per line is not chosen while another fits
	WallBorder     = 1.0  // a pane border's width
	WallChosenLine = 2.0  // the border's width around the pane of the main mode
	// WallMargin is FrameMargin for the wall's small pictures: the
	// pistons of every pane (their union) fill the middle 90%.
	WallMargin = 0.05
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

// ChoosePane makes pane i's mode the main mode (Mode), as a click on
// the pane does; the wall stays shown, the chosen pane outlined. It
// reports false, changing nothing, for an index outside the panes.
func (m *Model) ChoosePane(i int) bool {
	if i < 0 || i >= len(m.Wall.Panes) {
		return false
	}
	m.Mode = m.Wall.Panes[i].Mode
	m.Touch()
	return true
}

// wallGrid returns the grid (cols, rows) for n panes in a band w by h
// pixels with text at scale s, and the lines of text its panes show
// (wallLines): among the grids whose panes are at least WallMinChars
// characters wide (every grid when none is), those whose panes show the
// most lines, and among those the one whose pictures (the panes less
// their text and padding) hold the largest square. n < 1 gives (0, 0,
// 0).
func wallGrid(n int, w, h, s float64) (cols, rows, lines int) {
	adv := render.TextMetricsAt(s * render.TextSize).Advance
	best, bestWide, bestLines := math.Inf(-1), false, -1
	for c := 1; c <= n; c++ {
		r := (n + c - 1) / c
		pw, ph := w/float64(c), h/float64(r)
		ln := wallLines(ph, s)
		side := math.Min(pw-2*WallPad*s, ph-wallHeader(ln, s)-WallPad*s)
		wide := pw-2*WallPad*s >= WallMinChars*adv
		if math.IsNaN(side) {
			continue // a band that is not a number: no grid
		}
		if (wide && !bestWide) || (wide == bestWide && (ln > bestLines || ln == bestLines && side > best)) {
			best, bestWide, bestLines, cols, rows, lines = side, wide, ln, c, r, ln
		}
	}
	return cols, rows, lines
}

// wallFit is wallGrid at the text scale the panes can show their mode
// and numbers at: ui (the labels' scale), or a quarter less at a time
// down to 1 where the panes would show fewer than two lines, or 1 where
// none shows two. It returns that scale last.
func wallFit(n int, w, h, ui float64) (cols, rows, lines int, s float64) {
	for s = ui; s > 1; s = max(1, s-0.25) {
		if cols, rows, lines = wallGrid(n, w, h, s); lines >= 2 {
			return cols, rows, lines, s
		}
	}
	cols, rows, lines = wallGrid(n, w, h, 1)
	return cols, rows, lines, 1
}

// wallLines returns how many lines of text a pane ph pixels high shows at
// scale s: WallTextLines (mode, engines, skew and volume), or 2 (the
// engines left out) or 1 (the mode, and the numbers when they fit
// beside it) where that would leave the picture less than
// WallMinPicture, or 0 where even one line would.
func wallLines(ph, s float64) int {
	for ln := WallTextLines; ln > 0; ln-- {
		if ph-wallHeader(ln, s)-WallPad*s >= WallMinPicture*s {
			return ln
		}
	}
	return 0
}

// wallHeader is the height of a pane's text block of lines lines at
// scale s, padding included (the top padding alone for none).
func wallHeader(lines int, s float64) float64 {
	if lines <= 0 {
		return WallPad * s
	}
	return (WallPad + float64(lines)*WallLinePitch + WallPad) * s
}

// layoutWall places the panes in the band x..x+w, h high (wallGrid),
// filling the grid row by row.
func (m *Model) layoutWall(x, w, h float64) {
	wl := &m.Wall
	if len(wl.Panes) != len(wl.Modes) {
		wl.Panes = make([]Pane, len(wl.Modes))
	}
	for i := range wl.Panes {
		wl.Panes[i].Mode = wl.Modes[i]
	}
	var s float64
	wl.Cols, wl.Rows, wl.Lines, s = wallFit(len(wl.Panes), w, h, render.LabelScale(m.LabelScale))
	wl.Scale = s
	if wl.Cols == 0 {
		return
	}
	pw, ph := w/float64(wl.Cols), h/float64(wl.Rows)
	for i := range wl.Panes {
		p := &wl.Panes[i]
		c, r := i%wl.Cols, i/wl.Cols
		p.Rect = render.Viewport{X: x + float64(c)*pw, Y: float64(r) * ph, W: pw, H: ph}
		top := wallHeader(wl.Lines, s)
		p.Picture = render.Viewport{X: p.Rect.X + WallPad*s, Y: p.Rect.Y + top,
			W: math.Max(0, pw-2*WallPad*s), H: math.Max(0, ph-top-WallPad*s)}
	}
}

// wallWorlds computes each pane's scoped nodes and world matrices, and
// the picked node's readout under it.
func (m *Model) wallWorlds() {
	for i := range m.Wall.Panes {
		p := &m.Wall.Panes[i]
		var run modes.Mode
		p.nodes, run = modes.Scoped(p.nodes, m.nodes, modes.All[p.Mode], m.Picked, m.Wall.ScopeAll)
		n := len(p.nodes)
		if cap(p.World) < n {
			p.World = make([]mgl64.Mat4, n)
		}
		p.World = p.World[:n]
		run.World(p.nodes, &p.ws, p.World)
		p.Readout = modes.Readout{}
		if m.Picked >= 0 && m.Picked < n {
			p.Readout = modes.AnalyzeWorld(p.World[m.Picked], modes.WorldRotation(p.nodes, m.Picked))
		}
	}
}

// wallBounds returns the box of every pane's meshes under its world.
func (m *Model) wallBounds() (lo, hi mgl64.Vec3, ok bool) {
	for i := range m.Wall.Panes {
		plo, phi, pok := render.MeshBoundsWith(&m.bounds, &m.posed, m.Wall.Panes[i].World)
		lo, hi, ok = render.UnionBounds(lo, hi, ok, plo, phi, pok)
	}
	return lo, hi, ok
}

// wallAspect returns the panes' picture aspect for a band w by h, and
// false when the band has no room for a picture.
func (m *Model) wallAspect(w, h float64) (float64, bool) {
	c, r, ln, s := wallFit(len(m.Wall.Modes), w, h, render.LabelScale(m.LabelScale))
	if c == 0 {
		return 0, false
	}
	pw := w/float64(c) - 2*WallPad*s
	ph := h/float64(r) - wallHeader(ln, s) - WallPad*s
	if !(pw > 0 && ph > 0) {
		return 0, false
	}
	return pw / ph, true
}

// drawWall draws every pane: the pistons under its world (no node names:
// the panes are small), the picked node's skew arc, the border and the
// text. It allocates nothing once the panes' buffers have grown, except
// to refit a pane's engines line when its width, mode or scope changed.
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
		chars := int(math.Floor((p.Rect.W - 2*WallPad*s) / adv))
		if chars != p.fitChars || p.fitMode != p.Mode || p.fitScoped != m.Wall.ScopeAll || p.Engines == "" {
			p.fitChars, p.fitMode, p.fitScoped = chars, p.Mode, m.Wall.ScopeAll
			p.Engines = FitEngines(modes.EngineNames(modes.All[p.Mode].Name), chars)
		}
		x, y := p.Rect.X+WallPad*s, p.Rect.Y+WallPad*s
		name := modes.All[p.Mode].Name
		switch m.Wall.Lines {
		case 0:
		case 1: // the mode, and the numbers after it when they fit
			f.Labels = append(f.Labels, textLabel(x, y, s, name, render.White))
			if nx := float64(utf8.RuneCountInString(name)+2) * adv; float64(chars)*adv-nx >= paneNumbersChars*adv {
				m.paneNumbers(p, x+nx, y, s, adv, volRef, volRefOK)
			}
		case 2: // the engines left out
			f.Labels = append(f.Labels, textLabel(x, y, s, name, render.White))
			m.paneNumbers(p, x, y+WallLinePitch*s, s, adv, volRef, volRefOK)
		default:
			f.Labels = append(f.Labels, textLabel(x, y, s, name, render.White))
			f.Labels = append(f.Labels, textLabel(x, y+WallLinePitch*s, s, p.Engines, render.LabelGrey))
			m.paneNumbers(p, x, y+2*WallLinePitch*s, s, adv, volRef, volRefOK)
		}
		rescaleLabels(f.Labels[text:], s, ui)
	}
}

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
// inside it: WallChosenLine wide in render.White around the main mode's
// pane, WallBorder wide in render.PaneBorder around the others.
func (m *Model) paneBorder(p *Pane, s float64) {
	c, wd := render.PaneBorder, float32(WallBorder)
	if p.Mode == m.Mode {
		c, wd = render.White, float32(WallChosenLine)
	}
	in := float64(wd) * s / 2
	x0, y0, x1, y1 := p.Rect.X+in, p.Rect.Y+in, p.Rect.X+p.Rect.W-in, p.Rect.Y+p.Rect.H-in
	corners := [5]mgl64.Vec2{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}
	for k := 0; k < 4; k++ {
		p.Frame.Segments = append(p.Frame.Segments, render.Segment{A: corners[k], B: corners[k+1], Color: c, Width: wd})
	}
}

// paneNumbersChars is the widest numbers line, in characters: "skew
// 52.3°  vol 24.000".
const paneNumbersChars = 22

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

// FitEngines returns the engines line of a pane at most chars characters
// wide: the first two names and "+N" for the N more ("Unity GameObject,
// Godot Node3D +6"), or fewer names when that is too long; then the
// first name in short form (ShortEngine: "Blender bone, Fix Shear"), and
// last that cut with "…". It returns "" when names is empty or chars <
// 1.
func FitEngines(names []string, chars int) string {
	if len(names) == 0 || chars < 1 {
		return ""
	}
	more := func(k int) string {
		if k < len(names) {
			return " +" + strconv.Itoa(len(names)-k)
		}
		return ""
	}
	for k := min(2, len(names)); k >= 1; k-- {
		if line := strings.Join(names[:k], ", ") + more(k); utf8.RuneCountInString(line) <= chars {
			return line
		}
	}
	first := []rune(ShortEngine(names[0]))
	tail := more(1)
	if len(first)+utf8.RuneCountInString(tail) <= chars {
		return string(first) + tail
	}
	keep := chars - utf8.RuneCountInString(tail) - 1 // one for the ellipsis
	if keep < 1 {
		return string(first[:min(chars, len(first))])
	}
	return string(first[:keep]) + "…" + tail
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

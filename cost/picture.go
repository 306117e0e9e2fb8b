package cost

import (
	"image"
	"math"
	"slices"

	"skewlab/modes"
	"skewlab/render"
)

// LinePitch is the picture's line height in UI units (render.TextSize's
// em plus leading, as the drift lab's).
const LinePitch = 14.0

// CharWidth returns a character's width in UI units: the advance of the
// one text font at render.TextSize, 6.
func CharWidth() float64 { return render.TextMetricsAt(render.TextSize).Advance }

// Layout is where a Picture goes and the room it leaves for the app's
// windows. Lengths in UI units are multiplied by Scale; the room for
// windows is in pixels.
type Layout struct {
	// W and H are the picture's size in pixels.
	W, H float64
	// Scale is the picture's scale, pixels per UI unit; below 1 counts
	// as 1 (FitScale picks one that fits).
	Scale float64
	// Left is the width in pixels kept free at the left (the window
	// column), Bottom the height kept free at the bottom (the app's Lab
	// window).
	Left, Bottom float64
	// UI says windows are shown: a picture that leaves something out
	// for want of room then says that H (which hides them) makes room.
	UI bool
}

// Sizes of the picture, in characters or lines of its text.
const (
	tickChars     = 6  // a value axis' tick labels and their gap ("100k" and more)
	plotMinChars  = 24 // the narrowest inner area drawn
	plotMinLines  = 4  // the lowest inner area drawn
	tagChars      = 4  // right of the ns plot: the last tick label's overhang and a gap
	legendName    = 20 // a legend line's name column ("blender-none-legacy" and a space)
	legendNumbers = 14 // the legend's two numbers ("  52.1  30.2" and a space)
	legendSwatch  = 18 // units before a legend line's name: the swatch and a gap
)

// FitScale returns the scale to draw the picture at for a UI scale ui:
// ui, or less where the full picture (two plots and the legend with its
// numbers, 16 lines high with the status and claims) would not fit a w
// by h picture beside a left column of left pixels and above a bottom
// band of bottom pixels, but never below 1, and a whole number of pixels
// per character. Input that is not finite gives 1.
func FitScale(w, h, left, bottom, ui float64) float64 {
	cw := CharWidth()
	wide := (w - left - 12) / (2*(tickChars+plotMinChars+tagChars)*cw + 24 + (legendName+legendNumbers)*cw + legendSwatch)
	tall := (h - bottom - 12) / ((4+legendLines)*LinePitch + 40)
	s := min(ui, wide, tall)
	if !(s >= 1) || math.IsInf(s, 1) {
		return 1
	}
	// A whole number of pixels per character, so a line's pieces (a
	// fixed text, then its numbers one label per character) meet where
	// the drawn glyphs do.
	return math.Floor(s*cw) / cw
}

// legendLines is the legend's height in lines: its heading, the rules,
// the two floors, and the three line styles.
const legendLines = 1 + 10 + 2 + 3

// Picture is the cost lab as display-free geometry: the status line and
// progress bar, the plot of ns per node against nodes and the plot of
// updates per second against nodes (log-log, the floor, one 60 Hz
// frame), the legend with each rule's cost at the legend's size, and the
// seeds' claims with their measured ratios, tagged on the plot. Build
// fills it; its buffers are kept, so a Build allocates nothing once they
// have grown. The zero value is ready for Build.
type Picture struct {
	// Segments are the lines in drawing order.
	Segments []render.Segment
	// Labels are the texts; a label's At is the top-left corner of its
	// line box (pixels, y down), not render's anchor (ExportLabels
	// converts). A fixed text is one label; a line holding numbers is
	// one label per non-space character, CharW apart, so the changing
	// numbers need no new strings.
	Labels []render.Label
	// Bar is the progress bar's track and its filled part, in whole
	// pixels.
	Bar [2]image.Rectangle
	// NS and FPS are the two plots' inner areas (W 0 for a plot left
	// out); Legend says whether the legend was drawn.
	NS, FPS image.Rectangle
	Legend  bool
	// Claims is how many claim lines were written.
	Claims int
	// CharW and LineH are the character width and line height Build
	// used, in pixels.
	CharW, LineH float64

	text text
	s    float64
	ui   bool // windows are shown: the keys' hints apply
	ns   logPlot
	fps  logPlot
	tags [3]tagMark
}

// tagMark is a claim's tag on the ns plot: its marker's centre and the
// tag's text position.
type tagMark struct {
	x, y, ty float64
	on       bool
}

// Build lays out m's current state in lay and rebuilds every segment,
// label and the progress bar.
//
// From the top, right of Left: the status line and a line on the
// threads, the progress bar, then the plots (ns per node, and beside it
// updates per second when both fit with the legend) with the legend at
// the right, and at the bottom one line per claim, the longest wording
// that fits. What does not fit goes, the least needed first: the updates
// plot, the legend's numbers, the legend, the claims; then a line says
// what went and, with windows shown, that H makes room.
func (p *Picture) Build(m *Model, lay Layout) {
	s := math.Max(1, lay.Scale)
	p.s, p.ui = s, lay.UI
	p.CharW, p.LineH = CharWidth()*s, LinePitch*s
	cw, lh := p.CharW, p.LineH
	p.Segments = p.Segments[:0]
	p.text.Reset(cw)
	p.NS, p.FPS, p.Legend, p.Claims = image.Rectangle{}, image.Rectangle{}, false, 0
	x0, x1 := lay.Left+6*s, lay.W-6*s
	y := 4 * s
	p.status(m, x0, y, x1-x0)
	barY := y + 2*lh + 2*s
	p.Bar[0] = image.Rect(int(x0), int(barY), int(x1), int(barY+8*s))
	p.Bar[1] = image.Rect(int(x0), int(barY), int(x0+(x1-x0)*m.Bench.Progress()), int(barY+8*s))
	top := barY + 16*s
	bottom := lay.H - lay.Bottom - 4*s

	// Down: the plots, the claims' lines under them if the plots keep
	// their least height, and when something is left out a line saying
	// so at the bottom. Across: the plots and the legend at the right.
	plotMinH := 1.5*lh + 4*s + plotMinLines*lh + lh/2 + 2*s + 2*lh // title, inner area, tick labels and axis name
	claimsH := float64(len(Claims)) * lh
	legendW := (legendName+legendNumbers)*cw + legendSwatch*s
	legendNarrowW := legendName*cw + legendSwatch*s
	plotW := (tickChars + plotMinChars + tagChars) * cw // a plot's least outer width
	legendH := float64(legendLines) * lh
	var (
		withClaims, two, legend, numbers, plot bool
		plotsBottom, plotsX1, claimsY          float64
	)
	for pass := 0; pass < 2; pass++ {
		b := bottom
		if pass == 1 {
			b -= lh + 2*s // the note's line
		}
		withClaims = b-top-claimsH-6*s >= plotMinH
		plotsBottom, claimsY = b, b-claimsH
		if withClaims {
			plotsBottom = b - claimsH - 6*s
		}
		legendFits := plotsBottom-top >= legendH
		wa := x1 - x0
		two, legend, numbers = false, false, false
		switch {
		case legendFits && wa >= 2*plotW+12*s+legendW:
			two, legend, numbers = true, true, true
		case legendFits && wa >= plotW+12*s+legendW:
			legend, numbers = true, true
		case legendFits && wa >= plotW+12*s+legendNarrowW:
			legend = true
		}
		plotsX1 = x1
		if legend {
			plotsX1 = x1 - legendNarrowW - 12*s
			if numbers {
				plotsX1 = x1 - legendW - 12*s
			}
		}
		plot = plotsBottom-top >= plotMinH && plotsX1-x0 >= plotW
		if plot && legend && withClaims {
			break
		}
	}
	if legend {
		p.legend(m, plotsX1+12*s, top, numbers)
		p.Legend = true
	}
	if plot {
		if two {
			mid := x0 + (plotsX1-x0)/2
			p.plots(m, x0, mid-6*s, mid+6*s, plotsX1, top, plotsBottom)
		} else {
			p.plots(m, x0, plotsX1, 0, 0, top, plotsBottom)
		}
	}
	if withClaims {
		p.claims(m, x0, claimsY, x1-x0)
	}
	if !(plot && legend && withClaims) {
		p.note(x0, bottom-lh, x1-x0, plot, legend, lay.UI)
	}
	p.Labels = append(p.Labels[:0], p.text.Labels...)
}

// noRoom are the note's wordings, longest first, for what was left out.
var noRoom = [...][2]string{
	{"no room for the plot (H hides the windows)", "no room for the plot"},
	{"no room for the legend (H hides the windows)", "no room for the legend"},
	{"no room for the seeds' claims (H hides the windows)", "no room for the claims"},
}

// note writes, at (x, y) in at most w pixels, the first thing left out
// (the plot, else the legend, else the claims), mentioning H when
// windows are shown, in the longest wording that fits; nothing when none
// fits.
func (p *Picture) note(x, y, w float64, plot, legend, ui bool) {
	i := 2
	switch {
	case !plot:
		i = 0
	case !legend:
		i = 1
	}
	for j, n := range noRoom[i] {
		if j == 0 && !ui {
			continue
		}
		if float64(len(n))*p.CharW <= w {
			p.text.Str(x, y, n, render.LabelGrey)
			return
		}
	}
}

// status writes the status line (progress and what is measured, or
// paused, or done) and under it the threads line, in at most w pixels:
// what does not fit is cut at a whole piece.
func (p *Picture) status(m *Model, x, y, w float64) {
	t := &p.text
	b := m.Bench
	chars := int(w / p.CharW)
	a, done := len(t.Buf), len(doneText)
	if b.Done() {
		// The fixed words as one label (a page's test reads it whole),
		// the time and the hint after it.
		t.Str(x, y, doneText, render.White)
		t.Begin(x+float64(done)*p.CharW, y, render.White)
		a -= done
	} else {
		t.Begin(x, y, render.White)
	}
	room := func(n int) bool { return len(t.Buf)-a+n <= chars }
	switch {
	case b.Done():
		if m.Took > 0 && room(len(" in 999 s")) {
			t.s(" in ")
			t.Buf = render.AppendFixed(t.Buf, m.Took.Seconds(), 0, 0)
			t.s(" s")
		}
		if p.ui && room(len(doneHint)) {
			t.s(doneHint)
		}
	default:
		t.Buf = render.AppendFixed(t.Buf, 100*b.Progress(), 0, 0)
		t.s(" %")
		if m.Paused {
			t.s("  paused")
			if p.ui && room(len(pausedHint)) {
				t.s(pausedHint)
			}
			break
		}
		shape, nodes, what, par := b.Current()
		if room(len(", 1,000,000 nodes") + 2 + len(shapeTitle(shape))) {
			t.s("  ")
			t.s(shapeTitle(shape))
			t.s(", ")
			t.frames(nodes)
			t.s(" nodes")
			if room(len(": blender-none-legacy, all cores")) {
				t.s(": ")
				t.s(what)
				if par {
					t.s(", all cores")
				} else {
					t.s(", 1 thread")
				}
			}
		}
	}
	t.End()
	y += p.LineH
	if n := b.AllCores(); n > 0 {
		t.Begin(x, y, render.LabelGrey)
		a := len(t.Buf)
		t.s("all cores: ")
		t.frames(n)
		t.s(" threads")
		if len(t.Buf)-a+len(poolNote) <= chars {
			t.s(poolNote)
		}
		t.End()
		return
	}
	reason := OneThreadReason(0)
	if float64(len(oneThread)+len(reason))*p.CharW <= w {
		t.Str(x, y, oneThread, render.Warning)
		t.Str(x+float64(len(oneThread))*p.CharW, y, reason, render.Warning)
	} else if float64(len(oneThread))*p.CharW <= w {
		t.Str(x, y, oneThread[:len(oneThread)-2], render.Warning)
	}
}

// The status line's optional parts.
const (
	doneHint   = "  (R measures again)"
	pausedHint = "  (Space runs)"
	oneThread  = "one thread only: "
	doneText   = "done: every cost measured"
)

// poolNote follows the threads: where modes.Pool runs on one thread
// (modes.DefaultParallelMin; a chain does not split).
var poolNote = " (under " + string(render.AppendGrouped(nil, modes.DefaultParallelMin)) + " nodes, and on a chain, the pool runs on one)"

// claimRow returns the row the claims and the legend's numbers are read
// from for the shape shown: the claims' row (Bench.ClaimRow) once
// measured, else the row at ClaimNodes, else the largest, of the shape
// shown; nil for none.
func claimRow(m *Model) *Row {
	shape := m.ShapeName()
	if r := m.Bench.ClaimRow(shape); r != nil {
		return r
	}
	if r := m.Bench.Row(shape, ClaimNodes); r != nil {
		return r
	}
	var last *Row
	for i := range m.Bench.rows {
		if m.Bench.rows[i].Shape == shape {
			last = &m.Bench.rows[i]
		}
	}
	return last
}

// legend writes the legend at (x, y): a heading, each rule with its
// colour and, with numbers, its cost per node at the claims' row on one
// thread and on all cores, the two floors, and the line styles.
func (p *Picture) legend(m *Model, x, y float64, numbers bool) {
	t := &p.text
	s, lh, cw := p.s, p.LineH, p.CharW
	r := claimRow(m)
	nx := x + legendSwatch*s
	if numbers && r != nil {
		// "ns/node at 100k" over the names, "1 thr" and "all" over their
		// numbers, right-aligned.
		t.Begin(nx, y, render.DriftAxis)
		t.s("ns/node at ")
		t.Buf = render.AppendCompact(t.Buf, float64(r.Nodes))
		t.End()
		t.Str(nx+(legendName+1)*cw, y, "1 thr", render.DriftAxis)
		t.Str(nx+(legendName+10)*cw, y, "all", render.DriftAxis)
	} else {
		t.Str(nx, y, "rules", render.DriftAxis)
	}
	line := func(i int, c render.Color, dash bool, name string, one, all float64) {
		ly := y + float64(i)*lh
		if dash {
			p.Segments = dashed(p.Segments, x, ly+lh/2, x+14*s, ly+lh/2, c, 1.5*s, 4*s, 3*s)
		} else {
			p.Segments = segment(p.Segments, x, ly+lh/2, x+14*s, ly+lh/2, c, 2*s)
		}
		t.Str(nx, ly, name, c)
		if numbers && r != nil {
			t.Begin(nx+legendName*cw, ly, c)
			t.Buf = render.AppendFixed(t.Buf, one, 6, 1)
			t.Buf = render.AppendFixed(t.Buf, all, 7, 1)
			t.End()
		}
	}
	nan := math.NaN()
	for k, md := range modes.All {
		one, all := nan, nan
		if r != nil {
			one, all = r.Serial[k].NsPerNode, r.Parallel[k].NsPerNode
		}
		line(1+k, render.CostColors[k%len(render.CostColors)], false, md.Name, one, all)
	}
	n := 1 + len(modes.All)
	fl, st := nan, nan
	if r != nil {
		fl, st = r.Floor.NsPerNode, r.Stored.NsPerNode
	}
	line(n, render.CostFloor, false, "floor (3x4, TRS)", fl, nan)
	line(n+1, render.CostStored, false, "stored floor", st, nan)
	styles := [3]struct {
		c    render.Color
		dash bool
		s    string
	}{{render.DriftAxis, false, "1 thread"}, {render.DriftAxis, true, "all cores"}, {render.CostFrame, true, "one 60 Hz frame"}}
	for i, st := range styles {
		ly := y + float64(n+2+i)*lh
		if st.dash {
			p.Segments = dashed(p.Segments, x, ly+lh/2, x+14*s, ly+lh/2, st.c, 1.5*s, 4*s, 3*s)
		} else {
			p.Segments = segment(p.Segments, x, ly+lh/2, x+14*s, ly+lh/2, st.c, 2*s)
		}
		t.Str(nx, ly, st.s, st.c)
	}
}

// plots draws the ns plot in the outer box x0..x1 and, when fx1 > fx0,
// the updates-per-second plot in fx0..fx1, both from y0 to y1 (title,
// inner area, tick labels and the nodes axis' name).
func (p *Picture) plots(m *Model, x0, x1, fx0, fx1, y0, y1 float64) {
	cw, lh, s := p.CharW, p.LineH, p.s
	rows := m.Bench.rows
	shape := m.ShapeName()
	// The ranges: nodes over the sizes measured; costs and rates over
	// every measured value of the shape shown (the rates also over 60).
	var xr, nsr, fr decadeRange
	fr.add(60)
	for i := range rows {
		r := &rows[i]
		if r.Shape != shape {
			continue
		}
		xr.add(float64(r.Nodes))
		for j := 0; j < r.count(); j++ {
			if ms := r.at(j); ms.Done() {
				nsr.add(ms.NsPerNode)
				fr.add(ms.FPS(r.Nodes))
			}
		}
	}
	// The title's line, then half a line where the top tick label
	// reaches up, then the inner area; under it the tick labels and the
	// axis' name.
	innerY := y0 + 1.5*lh + 4*s
	innerH := y1 - innerY - (lh/2 + 2*s + 2*lh)
	xlo, xhi := xr.decades([2]float64{3, 6})
	p.ns = logPlot{X: x0 + tickChars*cw, Y: innerY, W: x1 - tagChars*cw - (x0 + tickChars*cw), H: innerH, xlo: xlo, xhi: xhi}
	p.ns.ylo, p.ns.yhi = nsr.decades([2]float64{0, 3})
	p.NS = rect(&p.ns)
	p.axes(&p.ns, nsTitles[clampIndex(slices.Index(Shapes, shape), len(Shapes))])
	p.curves(m, &p.ns, false)
	p.frameLine(&p.ns, false)
	p.claimTags(m)
	if fx1 > fx0 {
		p.fps = logPlot{X: fx0 + tickChars*cw, Y: innerY, W: fx1 - 2*cw - (fx0 + tickChars*cw), H: innerH, xlo: xlo, xhi: xhi}
		p.fps.ylo, p.fps.yhi = fr.decades([2]float64{0, 5})
		p.FPS = rect(&p.fps)
		p.axes(&p.fps, "updates per second")
		p.curves(m, &p.fps, true)
		p.frameLine(&p.fps, true)
	}
}

// nsTitles are the ns plot's titles, one per shape of Shapes.
var nsTitles = func() []string {
	t := make([]string, len(Shapes))
	for i := range Shapes {
		t[i] = "ns per node, " + ShapeTitles[i]
	}
	return t
}()

// rect returns a plot's inner area in whole pixels.
func rect(pl *logPlot) image.Rectangle {
	return image.Rect(int(pl.X), int(pl.Y), int(pl.X+pl.W), int(pl.Y+pl.H))
}

// count is the number of r's measures: the floor, the stored floor,
// then every rule on one thread and on all cores.
func (r *Row) count() int { return 2 + 2*len(r.Serial) }

// at returns r's measure i of count: 0 the floor, 1 the stored floor,
// then pairs of rule k's one-thread and all-cores measures.
func (r *Row) at(i int) Measure {
	switch {
	case i == 0:
		return r.Floor
	case i == 1:
		return r.Stored
	case i%2 == 0:
		return r.Serial[(i-2)/2]
	}
	return r.Parallel[(i-2)/2]
}

// axes draws pl's grid, frame, decade tick labels (every decade, or
// every k-th when they would crowd), its title above and the nodes
// axis' name below. The value labels are centred on their lines, so the
// top one reaches half a line above the inner area and the lowest half
// a line below it: the title and the nodes labels keep clear of them.
func (p *Picture) axes(pl *logPlot, title string) {
	t := &p.text
	cw, lh, s := p.CharW, p.LineH, p.s
	x0, y0, x1, y1 := pl.X, pl.Y, pl.X+pl.W, pl.Y+pl.H
	t.Str(x0-tickChars*cw, y0-1.5*lh-4*s, title, render.White)
	ky := max(1, int(math.Ceil(lh/(pl.H/(pl.yhi-pl.ylo)))))
	for e := pl.ylo; e <= pl.yhi+0.5; e++ {
		yy := pl.py(math.Pow(10, e))
		p.Segments = segment(p.Segments, x0, yy, x1, yy, render.DriftGrid, s)
		if int(e-pl.ylo)%ky == 0 {
			n := decadeName(int(e))
			t.Str(x0-cw*float64(len(n)+1), yy-lh/2, n, render.DriftAxis)
		}
	}
	kx := max(1, int(math.Ceil(5*cw/(pl.W/(pl.xhi-pl.xlo)))))
	for e := pl.xlo; e <= pl.xhi+0.5; e++ {
		xx := pl.px(math.Pow(10, e))
		p.Segments = segment(p.Segments, xx, y0, xx, y1, render.DriftGrid, s)
		if int(e-pl.xlo)%kx == 0 {
			n := decadeName(int(e))
			t.Str(xx-cw*float64(len(n))/2, y1+lh/2+2*s, n, render.DriftAxis) // under the lowest value label's half
		}
	}
	t.Str(x1-cw*5, y1+lh/2+2*s+lh, "nodes", render.DriftAxis)
	p.Segments = segment(p.Segments, x0, y0, x0, y1, render.DriftAxis, s)
	p.Segments = segment(p.Segments, x0, y1, x1, y1, render.DriftAxis, s)
}

// curves draws, for the shape shown, the stored floor, the floor, and
// every rule's one-thread and all-cores curves as m.Threads says, as
// costs per node or (fps) updates per second, each measured point
// marked.
func (p *Picture) curves(m *Model, pl *logPlot, fps bool) {
	p.curve(m, pl, fps, 1, render.CostStored, 1.2, false)
	for k := len(modes.All) - 1; k >= 0; k-- {
		c := render.CostColors[k%len(render.CostColors)]
		if m.Threads != ThreadsOne {
			p.curve(m, pl, fps, 3+2*k, c, 1.4, true)
		}
		if m.Threads != ThreadsAll {
			p.curve(m, pl, fps, 2+2*k, c, 1.6, false)
		}
	}
	p.curve(m, pl, fps, 0, render.CostFloor, 2.2, false)
}

// curve draws measure i (Row.at) of the shape shown's rows, joined from
// size to size where both are measured, each point marked with a small
// cross, in colour c, w units wide, dashed or solid.
func (p *Picture) curve(m *Model, pl *logPlot, fps bool, i int, c render.Color, w float64, dash bool) {
	s := p.s
	rows := m.Bench.rows
	shape := m.ShapeName()
	px, py, have := 0.0, 0.0, false
	for j := range rows {
		r := &rows[j]
		if r.Shape != shape {
			continue
		}
		ms := r.at(i)
		if !ms.Done() {
			have = false
			continue
		}
		v := ms.NsPerNode
		if fps {
			v = ms.FPS(r.Nodes)
		}
		x, y := pl.px(float64(r.Nodes)), pl.py(v)
		if have {
			if dash {
				p.Segments = dashed(p.Segments, px, py, x, y, c, w*s, 5*s, 3*s)
			} else {
				p.Segments = segment(p.Segments, px, py, x, y, c, w*s)
			}
		}
		p.Segments = segment(p.Segments, x-2.5*s, y, x+2.5*s, y, c, 1.5*s)
		p.Segments = segment(p.Segments, x, y-2.5*s, x, y+2.5*s, c, 1.5*s)
		px, py, have = x, y, true
	}
}

// frameLine draws one 60 Hz frame: on the ns plot the cost per node at
// which n nodes take 1/60 s (a diagonal), on the fps plot 60 updates a
// second (a level line), clipped to the inner area.
func (p *Picture) frameLine(pl *logPlot, fps bool) {
	s := p.s
	a, b := math.Pow(10, pl.xlo), math.Pow(10, pl.xhi)
	va, vb := 60.0, 60.0
	if !fps {
		va, vb = FrameMs*1e6/a, FrameMs*1e6/b
	}
	ax, ay, bx, by, ok := clipLine(pl.px(a), pl.py(va), pl.px(b), pl.py(vb), pl.X, pl.Y, pl.X+pl.W, pl.Y+pl.H)
	if ok {
		p.Segments = dashed(p.Segments, ax, ay, bx, by, render.CostFrame, 1.5*s, 6*s, 4*s)
	}
}

// claimTags marks each claim on the ns plot at the claims' row: a ring
// on its curve (the floor, or the rule's one-thread curve) and its tag
// beside it, the tags spread to a line apart and kept inside the plot.
func (p *Picture) claimTags(m *Model) {
	r := m.Bench.ClaimRow(m.ShapeName())
	pl := &p.ns
	for i := range p.tags {
		p.tags[i].on = false
	}
	if r == nil {
		return
	}
	s, lh := p.s, p.LineH
	for i := range Claims {
		if i >= len(p.tags) {
			break
		}
		c := &Claims[i]
		v := r.Floor.NsPerNode
		if c.Rule != "" {
			v = r.Serial[modes.Index(c.Rule)].NsPerNode
		}
		x, y := pl.px(float64(r.Nodes)), pl.py(v)
		if !pl.inside(x, y) {
			continue
		}
		p.tags[i] = tagMark{x: x, y: y, ty: y - lh/2, on: true}
	}
	// Spread: in order of height, each tag at least a line below the one
	// above it, then the whole column pulled up into the plot.
	order := [3]int{0, 1, 2}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && p.tags[order[j]].ty < p.tags[order[j-1]].ty; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	prev := math.Inf(-1)
	for _, i := range order {
		tg := &p.tags[i]
		if !tg.on {
			continue
		}
		tg.ty = math.Max(math.Max(tg.ty, prev+lh), pl.Y)
		prev = tg.ty
	}
	if over := prev + lh - (pl.Y + pl.H); over > 0 {
		for _, i := range order {
			if p.tags[i].on {
				p.tags[i].ty -= over
			}
		}
	}
	for i := range p.tags {
		tg := &p.tags[i]
		if !tg.on {
			continue
		}
		for a := 0; a < 8; a++ { // a ring of radius 4 units
			a0, a1 := float64(a)*math.Pi/4, float64(a+1)*math.Pi/4
			p.Segments = segment(p.Segments, tg.x+4*s*math.Cos(a0), tg.y+4*s*math.Sin(a0), tg.x+4*s*math.Cos(a1), tg.y+4*s*math.Sin(a1), render.CostClaim, 1.5*s)
		}
		tx := tg.x + 7*s
		if tx+3*p.CharW > pl.X+pl.W {
			tx = tg.x - 7*s - 3*p.CharW
		}
		p.text.Str(tx, tg.ty, tagNames[i], render.CostClaim)
	}
}

// tagNames are the claims' tags as drawn on the plot.
var tagNames = [3]string{"[1]", "[2]", "[3]"}

// claims writes one line per claim from (x, y), each in the longest of
// its wordings that fits w with its measured ratio at the claims' row.
func (p *Picture) claims(m *Model, x, y, w float64) {
	t := &p.text
	r := m.Bench.ClaimRow(m.ShapeName())
	for i := range Claims {
		c := &Claims[i]
		ratio := math.NaN()
		if r != nil {
			ratio = c.Ratio(r)
		}
		ly := y + float64(i)*p.LineH
		for _, l := range c.Lines {
			n := len(l[0]) + ratioChars(c, ratio) + len(l[1])
			if float64(n)*p.CharW > w {
				continue
			}
			t.Str(x, ly, l[0], render.CostClaim)
			t.Begin(x+float64(len(l[0]))*p.CharW, ly, render.White)
			t.Buf = appendRatio(t.Buf, c, ratio)
			t.End()
			if l[1] != "" {
				t.Str(x+float64(len(l[0])+ratioChars(c, ratio))*p.CharW, ly, l[1], render.CostClaim)
			}
			p.Claims++
			break
		}
	}
}

// appendRatio appends RatioText's wording of ratio to b without
// allocating: "+14 %", "1.31x", or "." until measured.
func appendRatio(b []byte, c *Claim, ratio float64) []byte {
	if math.IsNaN(ratio) || math.IsInf(ratio, 0) {
		return append(b, "..."...)
	}
	if c.Unit == "%" {
		v := math.Round((ratio - 1) * 100)
		if v >= 0 {
			b = append(b, '+')
		}
		b = render.AppendFixed(b, v, 0, 0)
		return append(b, " %"...)
	}
	b = render.AppendFixed(b, ratio, 0, 2)
	return append(b, 'x')
}

// ratioChars is appendRatio's length in characters.
func ratioChars(c *Claim, ratio float64) int {
	var buf [32]byte
	return len(appendRatio(buf[:0], c, ratio))
}

// ExportLabels returns labels whose At is the top-left corner of their
// text, drawn at picture scale s (a Picture's Labels, built at
// Layout.Scale s), re-anchored for render.WritePNG and WriteSVG: each
// label's Size becomes s times render.TextSize and its At moves so that
// the exporters' baseline (render.LabelOffset from the anchor) falls one
// em below the top, where the window's labels put it. It appends to dst
// and returns it. A scale below 1 counts as 1.
func ExportLabels(dst, labels []render.Label, s float64) []render.Label {
	s = math.Max(1, s)
	for _, l := range labels {
		l.Size = s * render.TextSize
		l.At[0] -= render.LabelOffset[0]
		l.At[1] += s*render.TextSize - render.LabelOffset[1]
		dst = append(dst, l)
	}
	return dst
}

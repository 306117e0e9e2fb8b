package drift

import (
	"image"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/render"
	"skewlab/transform"
)

// Layout is where a Picture goes and the room it leaves for the app's
// windows. Lengths in UI units (CharW, LineH and the picture's own
// spacing) are multiplied by Scale; the room for windows is in pixels.
type Layout struct {
	// W and H are the picture's size in pixels.
	W, H float64
	// Scale is the picture's scale, pixels per UI unit; below 1 counts as
	// 1 (FitScale picks one that fits).
	Scale float64
	// CharW and LineH are a character's width and the line height of the
	// text, in UI units (6 and 14 for debugui's bitmap font).
	CharW, LineH float64
	// Left is the width in pixels kept free at the left of the boxes'
	// band (a column of windows); Bottom the height in pixels kept free at
	// the bottom of the picture (the app's Lab window).
	Left, Bottom float64
	// PanelBottom is where, in pixels from the top, that column of windows
	// ends (0 for none). When it reaches below the boxes' band, the status
	// line, the progress bar and the plot start right of the column too,
	// instead of under it.
	PanelBottom float64
	// UI says windows are shown: a picture with no room for its table
	// then says that H (which hides them) makes room.
	UI bool
}

// Sizes FitScale fits, in UI units at scale 1.
const (
	// boxUnits is the width one box's band needs: its scale line
	// ("1.000000 0.999990 0.999910", 26 characters) after an 8-unit
	// indent, with a little room.
	boxUnits = 170
	// boxShare is the share of the picture's height the boxes' band
	// takes.
	boxShare = 0.42
	// tableLines is the table's height in lines (the header, a row per
	// threshold, final, max and exponent, and the notes under it: see
	// table), tableGap the units above it.
	tableLines = float64(NumThresholds) + 4 + 4.7
	tableGap   = 6
)

// FitScale returns the picture scale to draw at for a UI scale ui: ui,
// or less where the picture would not fit a w by h pixel picture beside a
// left column of left pixels and above a bottom band of bottom pixels at
// that scale (the boxes' scale lines must fit their bands, the table
// the height under the boxes), but never below 1. A picture that does
// not fit at 1 is drawn at 1 (crowded, as before this function). Input
// that is not finite gives 1.
func FitScale(w, h, left, bottom, ui float64) float64 {
	wide := (w - left) / (NumKinds * boxUnits)
	tall := (h - bottom - math.Round(h*boxShare)) / (tableGap + tableLines*LinePitch)
	s := min(ui, wide, tall)
	if !(s >= 1) || math.IsInf(s, 1) {
		return 1
	}
	return s
}

// tableChars is the table's width in characters.
const tableChars = 70

// Picture is the whole drift lab as display-free geometry: one box per
// storage drawn from its own float32 matrix (magnified as Model.Magnify
// says) with its scale and error, the error Plot, the table of first
// crossings beside the article's, the status line and the progress bar.
// Build fills it; its buffers are kept, so a Build allocates nothing once
// they have grown. The zero value is ready for Build.
type Picture struct {
	// Segments are the lines in drawing order: the boxes, then the plot.
	Segments []render.Segment
	// Labels are the texts in drawing order: the plot's first (PlotLabels
	// of them), then the boxes', the table's and the status line. A
	// label's At is the top-left corner of its text's line box (pixels, y
	// down), not render's anchor (ExportLabels converts). A fixed text is
	// one label; a line holding numbers is one label per non-space
	// character, placed CharW apart, so the changing numbers need no new
	// strings.
	Labels     []render.Label
	PlotLabels int
	// Bar is the progress bar's track and its filled part, in whole pixels
	// (empty when there is no room).
	Bar [2]image.Rectangle
	// Plot is the error plot, laid out by Build.
	Plot Plot
	// CharW and LineH are the character width and line height Build used,
	// in pixels.
	CharW, LineH float64

	text  text // boxes, table, status
	frame render.Frame
	boxes []render.Segment
}

// Build lays out m's current state in lay and rebuilds every segment,
// label and the progress bar.
//
// The boxes take the top boxShare of the height, right of Left (in two
// rows when five boxes would not hold their names). Under them, right of
// the window column when it reaches that low (PanelBottom), come the
// status line and the progress bar, then the plot and the table of
// first crossings: the table beside the plot when both fit, else below
// it, else (with its notes left out first) not at all, and then, when
// windows are shown (Layout.UI), a line saying that H makes room for it.
// The plot takes what is left (Plot.Place).
func (p *Picture) Build(m *Model, lay Layout) {
	s := math.Max(1, lay.Scale)
	p.CharW, p.LineH = lay.CharW*s, lay.LineH*s
	w, h := lay.W, lay.H
	p.boxes = p.boxes[:0]
	p.text.reset(p.CharW)
	objX, objH := lay.Left, math.Round(h*boxShare)
	lowX := 0.0 // the left edge of what lies under the boxes
	if lay.PanelBottom > objH {
		lowX = objX
	}
	p.drawBoxes(m, objX, 0, w-objX, objH, s)
	bottom := h - lay.Bottom
	top := objH + 24*s + p.LineH // under the status line and the bar
	tw := tableChars*p.CharW + 12*s
	plotMinW := (9+plotMinChars)*p.CharW + 3*p.CharW + 2*s
	plotMinH := plotMinLines * p.LineH
	pl := &p.Plot
	pl.CharW, pl.LineH, pl.Scale = p.CharW, p.LineH, s
	px0, px1, py1 := lowX, w-6*s, bottom
	full, bare := tableH(s, p.LineH, true), tableH(s, p.LineH, false)
	beside := w-lowX-tw >= plotMinW
	table := true
	switch {
	case beside && bottom-objH >= full: // beside the plot and the status line
		p.table(m, w-tw, objH+tableGap*s, true)
		px1 = w - tw - 12*s
	case beside && bottom-objH >= bare:
		p.table(m, w-tw, objH+tableGap*s, false)
		px1 = w - tw - 12*s
	case w-lowX >= tw && bottom-top-plotMinH >= full: // under the plot
		p.table(m, lowX+6*s, bottom-full+tableGap*s, true)
		py1 = bottom - full
	case w-lowX >= tw && bottom-top-plotMinH >= bare:
		p.table(m, lowX+6*s, bottom-bare+tableGap*s, false)
		py1 = bottom - bare
	default:
		table = false
		if lay.UI {
			py1 = bottom - p.LineH // the note's line
		}
	}
	p.status(m, lowX+6*s, objH+4*s, px1-6*s-lowX, s)
	pl.Place(px0, top, px1, py1, m.Lab, m.LogY)
	plot := pl.Fits()
	if plot {
		pl.Build(m.Lab, m.LogX, m.LogY)
	} else {
		pl.Segments, pl.Labels = pl.Segments[:0], pl.Labels[:0]
	}
	if lay.UI && !(plot && table) {
		p.note(lowX+6*s, bottom-p.LineH, w-12*s-lowX, plot, table)
	}
	p.Segments = append(append(p.Segments[:0], p.boxes...), pl.Segments...)
	p.Labels = append(append(p.Labels[:0], pl.Labels...), p.text.Labels...)
	p.PlotLabels = len(pl.Labels)
}

// note writes, at (x, y) in at most w pixels, what was left out for want
// of room (the table, the plot, or both, as plot and table say they were
// drawn) and that H (hiding the windows) makes room, in the longest
// wording that fits, or nothing.
func (p *Picture) note(x, y, w float64, plot, table bool) {
	i := 0 // the table left out
	switch {
	case !plot && !table:
		i = 1
	case !plot:
		i = 2
	}
	for _, n := range noRoomNotes[i] {
		if float64(len(n))*p.CharW <= w {
			p.text.str(x, y, n, render.LabelGrey)
			return
		}
	}
}

// noRoomNotes are note's wordings, longest first: without the table,
// without the plot and the table, without the plot.
var noRoomNotes = [3][3]string{
	{"no room for the table of first crossings (H hides the windows)", "no room for the table (H hides the windows)", "H: room for the table"},
	{"no room for the plot and the table (H hides the windows)", "no room for the plot and table (H)", "H: room for the plot"},
	{"no room for the plot (H hides the windows)", "no room for the plot (H)", "H: room for the plot"},
}

// The plot's smallest inner area before the table gives way: plotMinChars
// characters across (three frame labels), plotMinLines lines down with
// its legend and frame labels.
const (
	plotMinChars = 24
	plotMinLines = 8
)

// tableH returns the table's height in pixels at scale s and line
// height lineH, with its notes or without (the header, a row per
// threshold, final, max and exponent: NumThresholds+4 lines).
func tableH(s, lineH float64, notes bool) float64 {
	if notes {
		return tableGap*s + tableLines*lineH
	}
	return tableGap*s + float64(NumThresholds+4)*lineH
}

// drawBoxes draws one box per storage in the band (x, y, w, h): the
// storage's matrix, magnified as chosen, over a faint ghost at the exact
// starting scale, with the storage's name, scale and error. The boxes
// stand in one row, or in two (three and two) when a fifth of the width
// would not hold the longest name, or, when the band is too low for two
// rows, in one row with every other name a line lower. A box too narrow for its scale line
// ("1.000000 0.999990 0.999910") leaves it out, and one too narrow for
// "error 8.64e-06" writes the number alone.
func (p *Picture) drawBoxes(m *Model, x, y, w, h, s float64) {
	cols, rows, stagger := NumKinds, 1, false
	if narrow := w/NumKinds < boxNameChars*p.CharW+4*s; narrow && h/2 >= 2*p.LineH+30*s {
		cols, rows = 3, 2
	} else if narrow {
		stagger = true // every other name a line lower, clear of its neighbours'
	}
	bw, bh := w/float64(cols), h/float64(rows)
	indent := 8 * s
	if bw < scaleLineChars*p.CharW+16*s {
		indent = 2 * s
	}
	scaleLine := bw-indent >= (scaleLineChars+2)*p.CharW // two spaces before the next box's
	longErr := bw-indent >= 15*p.CharW                   // a space before the next box's
	below := 1.0                                         // text lines under a box
	if scaleLine {
		below = 2
	}
	cfg := m.Lab.Config()
	for k := 0; k < NumKinds; k++ {
		r := m.Lab.Run(Kind(k))
		bx, by := x+float64(k%cols)*bw, y+float64(k/cols)*bh
		names := 1.0 // lines of names above the box
		if stagger {
			names = 2
		}
		vp := render.Viewport{X: bx, Y: by + names*p.LineH + 6*s, W: bw, H: bh - (below+names)*p.LineH - 12*s}
		p.frame.Begin(BoxCamera(vp), vp)
		mat, ghost := BoxModels(r.Storage().Matrix(), cfg.Scale, m.MagnifyFactor())
		p.frame.Mesh(render.Box, ghost, render.LabelGrey.Dim(0.3), float32(s))
		p.frame.Mesh(render.Box, mat, render.DriftColors[k], float32(1.6*s))
		p.boxes = append(p.boxes, p.frame.Segments...)
		tx := bx + indent
		ny := by + 4*s
		if stagger && k%2 == 1 {
			ny += p.LineH
		}
		p.text.str(tx, ny, Kind(k).String(), render.DriftColors[k])
		if scaleLine {
			sc := r.Scale()
			p.text.begin(tx, by+bh-2*p.LineH-2*s, render.LabelGrey)
			for i := 0; i < 3; i++ {
				p.text.f(float64(sc[i]), 6)
				p.text.s(" ")
			}
			p.text.end()
		}
		p.text.begin(tx, by+bh-p.LineH-2*s, render.DriftColors[k])
		if longErr {
			p.text.s("error ")
		}
		p.text.e(r.Error(), 2)
		p.text.end()
	}
	if f := m.MagnifyFactor(); f != 1 {
		p.text.str(x+indent, y+h-(below+1)*p.LineH-4*s, magnifyNotes[clampIndex(m.Magnify, len(magnifyNotes))], render.White)
	}
}

// boxNameChars is the longest storage name ("set-together"), and
// scaleLineChars a box's scale line, in characters.
const (
	boxNameChars   = 12
	scaleLineChars = 26
)

// BoxCamera looks at the origin from above and to the side, close enough
// that a box of scale 1 in any orientation fills most of vp. A viewport
// with a non-positive or non-finite aspect is treated as square.
func BoxCamera(vp render.Viewport) render.Camera {
	c := render.DefaultCamera()
	c.Target, c.Yaw, c.Pitch, c.Fov = mgl64.Vec3{}, 35, 25, 35
	a := vp.Aspect()
	if !transform.Finite(a) || a <= 0 {
		a = 1
	}
	c.Distance = 1.0 / (math.Tan(mgl64.DegToRad(c.Fov/2)) * math.Min(1, a))
	return c
}

// BoxModels converts a storage's float32 matrix m32 to the model matrix to
// draw (its columns' lengths moved away from s0 by the factor magnify,
// kept within [0.2, 1.6] s0) and a ghost with the same rotation at exactly
// s0. Columns of zero or non-finite length are left as they are.
func BoxModels(m32 [16]float32, s0 [3]float64, magnify float64) (m, ghost mgl64.Mat4) {
	for i := range m32 {
		m[i] = float64(m32[i])
	}
	ghost = m
	for c := 0; c < 3; c++ {
		col := mgl64.Vec3{m[4*c], m[4*c+1], m[4*c+2]}
		l := col.Len()
		if !transform.Finite(l) || l <= 0 {
			continue
		}
		g := col.Mul(s0[c] / l)
		ghost[4*c], ghost[4*c+1], ghost[4*c+2] = g[0], g[1], g[2]
		if magnify != 1 {
			want := math.Min(math.Max(s0[c]+magnify*(l-s0[c]), 0.2*s0[c]), 1.6*s0[c])
			d := col.Mul(want / l)
			m[4*c], m[4*c+1], m[4*c+2] = d[0], d[1], d[2]
		}
	}
	return m, ghost
}

// table writes the first crossings of every threshold, ours beside the
// article's, then the final and largest error and the growth exponent.
func (p *Picture) table(m *Model, x, y float64, notes bool) {
	t := &p.text
	rows := m.Lab.Rows()
	done := m.Done()
	col := func(i int) float64 { return x + p.CharW*float64(tableCols[i]) }
	t.str(col(0), y, "error", render.White)
	t.str(col(1), y, "article", render.ArticleColor)
	for k := 0; k < NumKinds; k++ {
		t.str(col(k+2), y, Kind(k).String(), render.DriftColors[k])
	}
	for i := range Thresholds {
		ry := y + float64(i+1)*p.LineH
		t.str(col(0), ry, thresholdNames[i], render.White)
		t.str(col(1), ry, articleNames[i], render.ArticleColor)
		for k := 0; k < NumKinds; k++ {
			c := rows[k].Cross[i]
			switch {
			case c > 0:
				t.begin(col(k+2), ry, render.DriftColors[k])
				t.frames(c)
				t.end()
			case done:
				t.str(col(k+2), ry, "never", render.LabelGrey)
			default:
				t.str(col(k+2), ry, ".", render.LabelGrey)
			}
		}
	}
	ry := y + float64(NumThresholds+1)*p.LineH
	for j, name := range [...]string{"final", "max", "exponent"} {
		t.str(col(0), ry, name, render.White)
		t.str(col(1), ry, [...]string{"-", "-", "~1"}[j], render.ArticleColor)
		for k := 0; k < NumKinds; k++ {
			t.begin(col(k+2), ry, render.DriftColors[k])
			switch j {
			case 0:
				t.e(rows[k].Final, 2)
			case 1:
				t.e(rows[k].Max, 2)
			default:
				t.f(rows[k].Exponent, 2)
			}
			t.end()
		}
		ry += p.LineH
	}
	if !notes {
		return
	}
	t.str(col(0), ry+p.LineH/2, "first frame with error above the threshold (. not yet);", render.LabelGrey)
	t.str(col(0), ry+p.LineH*1.5, "exponent: slope of log error on log frame from frame 100", render.LabelGrey)
	for i, line := range normNotes[clampIndex(m.Norm, NumNorms)] {
		t.str(col(0), ry+p.LineH*(2.7+float64(i)), line, render.White)
	}
}

// normNotes explain, per axis normalization, that the rate of drift
// depends on the pipeline's rounding (docs/drift.md has both tables).
var normNotes = [NumNorms][2]string{
	{"axis normalized in float64, rounded once: matrix stalls near",
		"9e-5 on axis (1,2,3). N: mgl32's float32 Normalize instead"},
	{"axis normalized by mgl32 in float32: one ulp off, so matrix",
		"drifts on to 1e-3 at 18,470. Same maths, other rounding (N)"},
}

// tableCols are the table's column offsets in characters.
var tableCols = [NumKinds + 2]int{0, 9, 18, 28, 42, 52, 62}

// thresholdNames and articleNames are the table's fixed cells.
var thresholdNames, articleNames = func() (th, ar [NumThresholds]string) {
	for i := range th {
		th[i] = string(render.AppendNum(nil, Thresholds[i], 'g', -1))
		ar[i] = string(render.AppendGrouped(nil, Article[i]))
	}
	return th, ar
}()

// status writes the frame, speed and cost line above the plot and lays out
// the progress bar under it, across (x, w). What does not fit w is left
// out, the least needed first: the budget's note, then the keys' hint.
func (p *Picture) status(m *Model, x, y, w, s float64) {
	t := &p.text
	chars := int(w / p.CharW)
	t.begin(x, y, render.White)
	a := len(t.Buf)
	t.s("frame ")
	t.frames(m.Lab.Frame())
	t.s(" / ")
	t.frames(m.TargetFrames())
	room := func(n int) bool { return len(t.Buf)-a+n <= chars }
	switch {
	case m.Done():
		t.s("   target reached")
		if room(len(keysHint)) {
			t.s(keysHint)
		}
	case m.Paused:
		t.s("   paused")
	default:
		t.s("   x")
		t.frames(m.FramesPerTick())
		if m.LastFrames < m.FramesPerTick() && m.LastFrames > 0 && room(len(budgetNote)+9) {
			t.s(" (")
			t.frames(m.LastFrames)
			t.s(budgetNote)
		}
	}
	t.end()
	by := y + p.LineH + 2*s
	bh := 8 * s
	fill := x + w*m.Progress()
	p.Bar[0] = image.Rect(int(x), int(by), int(x+w), int(by+bh))
	p.Bar[1] = image.Rect(int(x), int(by), int(fill), int(by+bh))
}

// The status line's optional parts.
const (
	keysHint   = " (R resets, T changes it)"
	budgetNote = " frames/tick, the budget's limit)"
)

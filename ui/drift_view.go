package ui

import (
	"image"
	"image/color"
	"math"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"skewlab/drift"
	"skewlab/render"
)

// DriftView is the drift lab: one spinning box per storage drawn from the
// storage's own float32 matrix, a live plot of the scale error against
// frames, a progress bar toward the target frame, the table of first
// crossings beside the article's, and a Drift window with speed, pause,
// reset and the plot and display options. The picture is rebuilt in
// Update whenever a frame was computed; Draw only fills it.
type DriftView struct {
	M       *DriftModel
	LogX    bool    // frames on a log axis
	strokes Strokes // the boxes
	lines   Strokes // the plot
	frame   render.Frame
	plot    driftPlot
	text    driftText // box labels, table, status
	labels  Labels    // the font and scale for text
	w, h    float64
	built   int  // the frame the picture shows, -1 for none
	dirty   bool // options changed: rebuild even at the same frame
	bar     [2]image.Rectangle
	cw, lh  float64 // character width and line height in pixels

	axisNames, targetNames, magnifyNames, normNames []string
}

// NewDriftView returns the drift lab over m.
func NewDriftView(m *DriftModel) *DriftView {
	v := &DriftView{M: m, built: -1,
		axisNames:    []string{"axis (1, 2, 3)", "axis (-0.3, 0.7, 2)"},
		targetNames:  []string{"10,000", "100,000", "1,000,000", "10,000,000"},
		magnifyNames: []string{"as stored", "error x100", "error x1,000", "error x10,000"},
		normNames:    []string{"in float64", "mgl32 (float32)"},
	}
	return v
}

// Title says the speed, or that the run is paused or done.
func (v *DriftView) Title() string {
	switch {
	case v.M.Done():
		return "drift: target reached"
	case v.M.Paused:
		return "drift: paused"
	}
	return driftSpeedTitles[clampIndex(v.M.Speed, len(driftSpeedTitles))]
}

var driftSpeedTitles = [len(DriftSpeeds)]string{"drift: x1", "drift: x100", "drift: x10,000"}

// Help lists the drift lab's keys.
func (v *DriftView) Help() []string { return driftHelp }

// Animating reports whether the run is computing frames (not paused, not
// at its target).
func (v *DriftView) Animating() bool { return !v.M.Paused && !v.M.Done() }

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

// Update applies keys, computes this tick's frames and rebuilds the
// picture when the frame, the options or the size changed.
func (v *DriftView) Update(in *Input) error {
	if in.Keys {
		v.keys()
	}
	v.M.Tick()
	if in.Width != v.w || in.Height != v.h {
		v.w, v.h, v.dirty = in.Width, in.Height, true
	}
	s := float64(UIPixels(in))
	if v.labels.Scale != s {
		v.labels.Scale, v.dirty = s, true
	}
	if v.dirty || v.built != v.M.Lab.Frame() {
		v.rebuild()
	}
	return nil
}

func (v *DriftView) keys() {
	m := v.M
	for i := range DriftSpeeds {
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
		v.LogX = !v.LogX
	case inpututil.IsKeyJustPressed(ebiten.KeyA):
		m.SetAxis((m.Axis + 1) % len(DriftAxes))
	case inpututil.IsKeyJustPressed(ebiten.KeyT):
		m.Target = (m.Target + 1) % len(DriftTargets)
	case inpututil.IsKeyJustPressed(ebiten.KeyM):
		m.Magnify = (m.Magnify + 1) % len(DriftMagnify)
	case inpututil.IsKeyJustPressed(ebiten.KeyN):
		m.SetNorm((m.Norm + 1) % drift.NumNorms)
	default:
		return
	}
	v.dirty = true
}

// Layout of the drift lab, in UI units (scaled by the UI scale).
const (
	driftPanelWidth = 240 // the Drift window's column
	driftPanelH     = 192
	driftTableChars = 70  // the table's width in characters
	driftLabBarH    = 74  // room left at the bottom for the app's Lab window (labWindowRect: 70 units) and a gap
	driftCharW      = 6.0 // debugui's bitmap font: 6 by 12 pixels for ASCII
	driftLineH      = 14.0
)

// rebuild lays out and rebuilds the boxes, the plot, the table and the
// progress bar for the current frame.
func (v *DriftView) rebuild() {
	v.dirty, v.built = false, v.M.Lab.Frame()
	s := v.labels.scale()
	v.cw, v.lh = driftCharW*s, driftLineH*s
	w, h := v.w, v.h
	v.strokes.Reset()
	v.lines.Reset()
	v.text.reset()
	objX, objH := (driftPanelWidth+2*margin)*s, math.Round(h*0.42)
	v.boxes(objX, 0, w-objX, objH)
	tw := driftTableChars*v.cw + 12*s
	tx := math.Max(objX, w-tw)
	v.table(tx, objH+6*s)
	v.status(6*s, objH+4*s, tx-18*s)
	p := &v.plot
	p.cw, p.lh, p.sc = v.cw, v.lh, s
	p.x, p.y = 9*v.cw, objH+24*s+3*v.lh
	// Under the plot: the frame axis's tick labels and its name (4 units
	// and two lines, see driftPlot.axes), then the Lab window's band.
	p.w, p.h = tx-18*s-p.x, h-driftLabBarH*s-(4*s+2*v.lh)-p.y
	p.build(v.M.Lab, v.LogX, v.M.LogY)
	v.lines.Add(p.segs)
}

// boxes draws one box per storage in the band (x, y, w, h): the storage's
// matrix, magnified as chosen, over a faint ghost at the exact starting
// scale, with the storage's name, scale and error.
func (v *DriftView) boxes(x, y, w, h float64) {
	s := v.labels.scale()
	bw := w / drift.NumKinds
	cfg := v.M.Lab.Config()
	for k := 0; k < drift.NumKinds; k++ {
		r := v.M.Lab.Run(drift.Kind(k))
		vp := render.Viewport{X: x + float64(k)*bw, Y: y + v.lh + 6*s, W: bw, H: h - 3*v.lh - 12*s}
		v.frame.Begin(driftCamera(vp), vp)
		m, ghost := driftModels(r.Storage().Matrix(), cfg.Scale, v.M.MagnifyFactor())
		v.frame.Mesh(render.Box, ghost, render.LabelGrey.Dim(0.3), float32(s))
		v.frame.Mesh(render.Box, m, DriftColors[k], float32(1.6*s))
		v.strokes.Add(v.frame.Segments)
		tx := vp.X + 8*s
		v.text.str(tx, y+4*s, drift.Kind(k).String(), DriftColors[k])
		sc := r.Scale()
		v.text.begin(tx, y+h-2*v.lh-2*s, render.LabelGrey)
		for i := 0; i < 3; i++ {
			v.text.f(float64(sc[i]), 6)
			v.text.s(" ")
		}
		v.text.end()
		v.text.begin(tx, y+h-v.lh-2*s, DriftColors[k])
		v.text.s("error ")
		v.text.e(r.Error(), 2)
		v.text.end()
	}
	if f := v.M.MagnifyFactor(); f != 1 {
		v.text.str(x+8*s, y+h-3*v.lh-4*s, v.magnifyNames[clampIndex(v.M.Magnify, len(v.magnifyNames))]+" (drawn boxes only)", render.White)
	}
}

// driftCamera looks at the origin from above and to the side, close
// enough that a box of scale 1 in any orientation fills most of vp.
func driftCamera(vp render.Viewport) render.Camera {
	c := render.DefaultCamera()
	c.Target, c.Yaw, c.Pitch, c.Fov = mgl64.Vec3{}, 35, 25, 35
	a := vp.Aspect()
	if !(a > 0) || math.IsInf(a, 0) {
		a = 1
	}
	c.Distance = 1.0 / (math.Tan(mgl64.DegToRad(c.Fov/2)) * math.Min(1, a))
	return c
}

// driftModels converts a storage's float32 matrix to the model matrix to
// draw (its columns' lengths moved away from s0 by the factor magnify,
// kept within [0.2, 1.6] s0) and a ghost with the same rotation at exactly
// s0. Columns of zero or non-finite length are left as they are.
func driftModels(m32 [16]float32, s0 [3]float64, magnify float64) (m, ghost mgl64.Mat4) {
	for i := range m32 {
		m[i] = float64(m32[i])
	}
	ghost = m
	for c := 0; c < 3; c++ {
		col := mgl64.Vec3{m[4*c], m[4*c+1], m[4*c+2]}
		l := col.Len()
		if !(l > 0) || math.IsInf(l, 0) {
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
func (v *DriftView) table(x, y float64) {
	t := &v.text
	rows := v.M.Lab.Rows()
	done := v.M.Done()
	col := func(i int) float64 { return x + v.cw*float64(driftTableCols[i]) }
	t.str(col(0), y, "error", render.White)
	t.str(col(1), y, "article", ArticleColor)
	for k := 0; k < drift.NumKinds; k++ {
		t.str(col(k+2), y, drift.Kind(k).String(), DriftColors[k])
	}
	for i := range drift.Thresholds {
		ry := y + float64(i+1)*v.lh
		t.str(col(0), ry, thresholdNames[i], render.White)
		t.str(col(1), ry, articleNames[i], ArticleColor)
		for k := 0; k < drift.NumKinds; k++ {
			c := rows[k].Cross[i]
			switch {
			case c > 0:
				t.begin(col(k+2), ry, DriftColors[k])
				t.frames(c)
				t.end()
			case done:
				t.str(col(k+2), ry, "never", render.LabelGrey)
			default:
				t.str(col(k+2), ry, ".", render.LabelGrey)
			}
		}
	}
	ry := y + float64(drift.NumThresholds+1)*v.lh
	for j, name := range [...]string{"final", "max", "exponent"} {
		t.str(col(0), ry, name, render.White)
		t.str(col(1), ry, [...]string{"-", "-", "~1"}[j], ArticleColor)
		for k := 0; k < drift.NumKinds; k++ {
			t.begin(col(k+2), ry, DriftColors[k])
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
		ry += v.lh
	}
	t.str(col(0), ry+v.lh/2, "first frame with error above the threshold (. not yet);", render.LabelGrey)
	t.str(col(0), ry+v.lh*1.5, "exponent: slope of log error on log frame from frame 100", render.LabelGrey)
	for i, line := range driftNormNotes[clampIndex(v.M.Norm, drift.NumNorms)] {
		t.str(col(0), ry+v.lh*(2.7+float64(i)), line, render.White)
	}
}

// driftNormNotes explain, per axis normalization, that the rate of drift
// depends on the pipeline's rounding (docs/drift.md has both tables).
var driftNormNotes = [drift.NumNorms][2]string{
	{"axis normalized in float64, rounded once: matrix stalls near",
		"9e-5 on axis (1,2,3). N: mgl32's float32 Normalize instead"},
	{"axis normalized by mgl32 in float32: one ulp off, so matrix",
		"drifts on to 1e-3 at 18,470. Same maths, other rounding (N)"},
}

// driftTableCols are the table's column offsets in characters.
var driftTableCols = [drift.NumKinds + 2]int{0, 9, 18, 28, 42, 52, 62}

// thresholdNames and articleNames are the table's fixed cells.
var thresholdNames, articleNames = func() (th, ar [drift.NumThresholds]string) {
	for i := range th {
		th[i] = string(appendNum(nil, drift.Thresholds[i], 'g', -1))
		ar[i] = string(appendGrouped(nil, drift.Article[i]))
	}
	return th, ar
}()

// status writes the frame, speed and cost line above the plot and lays
// out the progress bar under it, across (x, w).
func (v *DriftView) status(x, y, w float64) {
	m, t, s := v.M, &v.text, v.labels.scale()
	t.begin(x, y, render.White)
	t.s("frame ")
	t.frames(m.Lab.Frame())
	t.s(" / ")
	t.frames(m.TargetFrames())
	switch {
	case m.Done():
		t.s("   target reached (R resets, T changes it)")
	case m.Paused:
		t.s("   paused")
	default:
		t.s("   x")
		t.frames(m.FramesPerTick())
		if m.LastFrames < m.FramesPerTick() && m.LastFrames > 0 {
			t.s(" (")
			t.frames(m.LastFrames)
			t.s(" frames/tick, the budget's limit)")
		}
	}
	t.end()
	by := y + v.lh + 2*s
	bh := 8 * s
	fill := x + w*m.Progress()
	v.bar[0] = image.Rect(int(x), int(by), int(x+w), int(by+bh))
	v.bar[1] = image.Rect(int(x), int(by), int(fill), int(by+bh))
}

var (
	barBack color.Color = color.RGBA{60, 62, 72, 255}
	barFill color.Color = color.RGBA{90, 170, 255, 255}
)

// Draw fills the strokes, the progress bar and the text; it computes
// nothing.
func (v *DriftView) Draw(screen *ebiten.Image) {
	v.strokes.Draw(screen)
	v.lines.Draw(screen)
	for i, c := range [2]color.Color{barBack, barFill} {
		r := v.bar[i]
		if r.Dx() > 0 && r.Dy() > 0 {
			vector.FillRect(screen, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), c, false)
		}
	}
	v.plot.text.draw(screen, &v.labels, v.cw)
	v.text.draw(screen, &v.labels, v.cw)
}

// Windows makes the Drift window: speed, pause, reset, the axes and the
// display options.
func (v *DriftView) Windows(ctx *debugui.Context, in *Input) {
	if in.Level == LevelOff {
		return
	}
	m := v.M
	r := image.Rect(margin, margin, margin+driftPanelWidth, margin+driftPanelH)
	ctx.Window("Drift", r, func(debugui.ContainerLayout) {
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
		ctx.Checkbox(&v.LogX, "log frames").On(func() { v.dirty = true })
		if in.Level != LevelFull {
			return
		}
		ctx.SetGridLayout([]int{-1, -2}, nil)
		ctx.Text("target")
		ctx.Dropdown(&m.Target, v.targetNames).On(func() { v.dirty = true })
		ctx.Text("spin")
		axis := m.Axis
		ctx.Dropdown(&axis, v.axisNames).On(func() { m.SetAxis(axis); v.dirty = true })
		ctx.Text("axis norm")
		norm := m.Norm
		ctx.Dropdown(&norm, v.normNames).On(func() { m.SetNorm(norm); v.dirty = true })
		ctx.Text("boxes")
		ctx.Dropdown(&m.Magnify, v.magnifyNames).On(func() { v.dirty = true })
	})
}

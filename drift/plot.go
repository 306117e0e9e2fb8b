package drift

import (
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/render"
)

// LogFloor is the bottom of the log error axis: smaller errors, zero
// included, are drawn on it.
const LogFloor = 1e-8

// decadeNames are "1e-12" to "1e+03", made once, for the log axes.
var decadeNames = func() (n [16]string) {
	for i := range n {
		n[i] = strconv.FormatFloat(math.Pow(10, float64(i-12)), 'g', -1, 64)
	}
	n[12], n[13], n[14], n[15] = "1", "10", "100", "1k"
	return n
}()

// frameDecadeNames label a log frame axis: 1, 10, ..., 10M, 100M.
var frameDecadeNames = [...]string{"1", "10", "100", "1k", "10k", "100k", "1M", "10M", "100M"}

// Plot is the drift lab's error plot: every storage's error series against
// frames, the article's first crossings, axes with tick labels, and a
// legend. Build fills Segments and Labels in pixels (y down); it keeps its
// buffers, so rebuilding allocates nothing once they have grown. The zero
// value is ready to use once the rectangle and metrics are set.
type Plot struct {
	// X, Y, W, H is the plot's inner area in pixels. The left margin must
	// leave room for the tick labels (8 characters), the bottom margin for
	// the frame axis's labels and name (4 UI units and two lines), and the
	// top margin for the legend (two lines).
	X, Y, W, H float64
	// CharW and LineH are a character's width and the line height in
	// pixels; Scale is the UI scale (pixels per UI unit), which multiplies
	// line widths and gaps.
	CharW, LineH, Scale float64
	// Segments and Labels are the picture, in drawing order; a label's At
	// is the top-left corner of its text (Picture.Labels says more). Both
	// are reused by the next Build: copy them to keep them.
	Segments []render.Segment
	Labels   []render.Label
	// Short leaves the storages out of the legend (Place sets it where
	// the full legend would crowd the plot).
	Short bool

	text        text
	scratch     []byte // for measuring tick labels
	legendCount int    // the legend's lines, above Y
	logX, logY  bool
	xmax        float64 // frames at the right edge
	ylo, yhi    float64 // errors at the bottom and top (decades for log)
}

// Place lays the plot out in the box from (x0, y0) to (x1, y1) (pixels,
// y down) that holds all of it: the tick labels at the left (8
// characters and a gap), the legend's lines above (as many as its items
// need at that width, see legend), the frame axis's labels and name below
// (4 UI units and two lines), and the last frame label's overhang at the
// right. It sets X, Y, W and H, the inner area, for lab's legend with the
// error axis on a log scale when logY (its name is part of the legend);
// CharW, LineH and Scale must be set. A box too small for that gives a W
// or H of 0 or less.
//
// When the full legend would leave the inner area less than MinLines
// lines high, the legend is Short: the axis's name and the article's
// curve only (the storages' names stand in their colours over the
// boxes).
func (p *Plot) Place(x0, y0, x1, y1 float64, lab *Lab, logY bool) {
	p.logY = logY
	p.X = x0 + 9*p.CharW
	p.W = x1 - p.rightMargin() - p.X
	for _, short := range [2]bool{false, true} {
		p.Short = short
		p.Y = y0 + float64(p.legendLines(lab))*p.LineH + p.legendGap()
		p.H = y1 - (4*p.Scale + 2*p.LineH) - p.Y
		if p.H >= MinLines*p.LineH {
			return
		}
	}
}

// Fits reports whether the inner area Place left is at least MinChars
// characters wide and MinLines lines high, room for three frame labels
// and three error labels.
func (p *Plot) Fits() bool { return p.W >= MinChars*p.CharW && p.H >= MinLines*p.LineH }

// The smallest inner area a plot is drawn in (Fits).
const (
	MinChars = 24
	MinLines = 3
)

// legendGap is the space between the legend's last line and the inner
// area: half a line, where the top tick label reaches up, and 4 units.
func (p *Plot) legendGap() float64 { return p.LineH/2 + 4*p.Scale }

// rightMargin is how far the frame axis's last label reaches right of
// the inner area: "100k" starts a character left of its tick.
func (p *Plot) rightMargin() float64 { return 3*p.CharW + 2*p.Scale }

// Build draws lab's series with the frame axis on a log scale when logX and
// the error axis when logY.
func (p *Plot) Build(lab *Lab, logX, logY bool) {
	p.Segments = p.Segments[:0]
	p.text.reset(p.CharW)
	p.logX, p.logY = logX, logY
	p.scales(lab)
	p.axes()
	p.article()
	for k := NumKinds - 1; k >= 0; k-- {
		p.series(lab.Series(Kind(k)).Points(), render.DriftColors[k])
	}
	p.legendCount = p.legendLines(lab)
	p.legend(lab)
	p.Labels = p.text.Labels
}

// scales picks the axis ranges: frames up to a 1-2-5 value above the
// current frame (decade for log), errors up to one above the largest.
func (p *Plot) scales(lab *Lab) {
	top := 0.0
	for k := 0; k < NumKinds; k++ {
		for _, pt := range lab.Series(Kind(k)).Points() {
			if pt.Err > top {
				top = pt.Err
			}
		}
	}
	f := float64(max(lab.Frame(), 600))
	if p.logX {
		p.xmax = math.Pow(10, math.Ceil(math.Log10(f)))
	} else {
		p.xmax = niceCeil(f)
	}
	if p.logY {
		p.ylo = LogFloor
		p.yhi = math.Max(1e-3, math.Pow(10, math.Ceil(math.Log10(math.Max(top, LogFloor)))))
	} else {
		p.ylo, p.yhi = 0, niceCeil(math.Max(top*1.05, 1e-7))
	}
}

// niceCeil returns the smallest 1, 2 or 5 times a power of ten at least v
// (v > 0).
func niceCeil(v float64) float64 {
	d := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range [...]float64{1, 2, 5, 10} {
		if m*d >= v*(1-1e-12) {
			return m * d
		}
	}
	return 10 * d
}

// px maps a frame to a pixel column; py maps an error to a pixel row,
// clamped to the plot (NaN and, on the log axis, zero go to the bottom).
func (p *Plot) px(f float64) float64 {
	if p.logX {
		return p.X + p.W*math.Log10(math.Max(f, 1))/math.Log10(p.xmax)
	}
	return p.X + p.W*f/p.xmax
}

func (p *Plot) py(e float64) float64 {
	var t float64
	if p.logY {
		e = math.Min(math.Max(e, p.ylo), p.yhi)
		t = math.Log10(e/p.ylo) / math.Log10(p.yhi/p.ylo)
	} else {
		t = e / p.yhi
	}
	if !(t >= 0) {
		t = 0
	}
	return p.Y + p.H*(1-math.Min(t, 1))
}

func (p *Plot) line(ax, ay, bx, by float64, c render.Color, w float64) {
	p.Segments = append(p.Segments, render.Segment{A: mgl64.Vec2{ax, ay}, B: mgl64.Vec2{bx, by}, Color: c, Width: float32(w * p.Scale)})
}

// axes draws the frame, grid lines and tick labels. Where the ticks lie
// closer than their labels need (a line apart down the error axis, the
// widest label and a space across the frame axis), only every k-th tick
// is labelled (labelEvery), counting from the first, so labels never run
// together ("0 40k80k" on a narrow plot).
func (p *Plot) axes() {
	x0, y0, x1, y1 := p.X, p.Y, p.X+p.W, p.Y+p.H
	t := &p.text
	if p.logY {
		lo := math.Log10(p.ylo)
		k := labelEvery(p.LineH, p.H/math.Max(1, math.Log10(p.yhi)-lo))
		for e := lo; e <= math.Log10(p.yhi)+0.5; e++ {
			y := p.py(math.Pow(10, e))
			p.line(x0, y, x1, y, render.DriftGrid, 1)
			if i := int(e) + 12; i >= 0 && i < len(decadeNames) && int(e-lo)%k == 0 {
				t.str(x0-p.CharW*float64(len(decadeNames[i])+1), y-p.LineH/2, decadeNames[i], render.DriftAxis)
			}
		}
	} else {
		k := labelEvery(p.LineH, p.H/5)
		for i := 0; i <= 5; i++ {
			v := p.yhi * float64(i) / 5
			y := p.py(v)
			p.line(x0, y, x1, y, render.DriftGrid, 1)
			if i%k != 0 {
				continue
			}
			a := len(t.Buf)
			t.g(v, 3)
			n := len(t.Buf) - a
			t.Buf = t.Buf[:a]
			t.begin(x0-p.CharW*float64(n+1), y-p.LineH/2, render.DriftAxis)
			t.g(v, 3)
			t.end()
		}
	}
	if p.logX {
		decades := math.Max(1, math.Log10(p.xmax))
		k := labelEvery(5*p.CharW, p.W/decades) // "100k" and a space
		for i, f := 0, 1.0; f <= p.xmax*1.01 && i < len(frameDecadeNames); i, f = i+1, f*10 {
			x := p.px(f)
			p.line(x, y0, x, y1, render.DriftGrid, 1)
			if i%k == 0 {
				t.str(x-p.CharW*float64(len(frameDecadeNames[i]))/2, y1+4*p.Scale, frameDecadeNames[i], render.DriftAxis)
			}
		}
	} else {
		widest := 0
		for i := 0; i <= 5; i++ {
			p.scratch = render.AppendCompact(p.scratch[:0], p.xmax*float64(i)/5)
			widest = max(widest, len(p.scratch))
		}
		k := labelEvery(float64(widest+1)*p.CharW, p.W/5)
		for i := 0; i <= 5; i++ {
			f := p.xmax * float64(i) / 5
			x := p.px(f)
			p.line(x, y0, x, y1, render.DriftGrid, 1)
			if i%k != 0 {
				continue
			}
			t.begin(x-p.CharW, y1+4*p.Scale, render.DriftAxis)
			t.Buf = render.AppendCompact(t.Buf, f)
			t.end()
		}
	}
	t.str(x1-p.CharW*6, y1+4*p.Scale+p.LineH, "frames", render.DriftAxis)
	p.line(x0, y0, x0, y1, render.DriftAxis, 1)
	p.line(x0, y1, x1, y1, render.DriftAxis, 1)
}

// labelEvery returns k, label every k-th tick, for ticks spacing pixels
// apart whose labels need need pixels each: the smallest of 1, 2, 3 and 5
// that leaves them room (5 labels only the first and last of six ticks),
// 5 when none does or the spacing is not a positive number.
func labelEvery(need, spacing float64) int {
	for _, k := range [...]int{1, 2, 3} {
		if float64(k)*spacing >= need {
			return k
		}
	}
	return 5
}

// article draws the article's matrix storage as the points (frame of
// first crossing, threshold) joined, in grey.
func (p *Plot) article() {
	for i := 1; i < NumThresholds; i++ {
		a, b := float64(Article[i-1]), float64(Article[i])
		if a > p.xmax {
			break
		}
		ay, by := Thresholds[i-1], Thresholds[i]
		if b > p.xmax { // cut at the right edge
			by = ay + (by-ay)*(p.xmax-a)/(b-a)
			b = p.xmax
		}
		if !p.logY && (ay > p.yhi || by > p.yhi) {
			break
		}
		p.line(p.px(a), p.py(ay), p.px(b), p.py(by), render.ArticleColor.Dim(0.8), 1.5)
	}
}

// series draws one storage's error points joined by lines.
func (p *Plot) series(pts []Point, c render.Color) {
	for i := 1; i < len(pts); i++ {
		p.line(p.px(float64(pts[i-1].Frame)), p.py(pts[i-1].Err), p.px(float64(pts[i].Frame)), p.py(pts[i].Err), c, 1.5)
	}
}

// legend writes the error axis's name, then the storages' names (and the
// article's) in their colours, each after a short line, flowing in lines
// across the plot's width from the tick labels' left edge, above the
// plot (Place leaves legendLines lines for them). A storage whose error
// has equalled an earlier one's at every frame (Lab.SameAs), so that its
// curve lies exactly under that one's, says so: "quantized (=
// set-together)".
func (p *Plot) legend(lab *Lab) {
	p.legendFlow(lab, true)
}

// legendLines returns the number of lines the legend takes at the plot's
// X and W.
func (p *Plot) legendLines(lab *Lab) int { return p.legendFlow(lab, false) }

// legendFlow lays the legend out, drawing it when draw is set, and
// returns its number of lines. An item goes on the next line when it
// would pass the right edge (the inner area's and the frame labels'
// overhang) and its line already holds something.
func (p *Plot) legendFlow(lab *Lab, draw bool) int {
	name := "error (log)"
	if !p.logY {
		name = "error (linear)"
	}
	left, right := p.X-p.CharW*8, p.X+p.W+p.rightMargin()
	lines := p.legendCount
	top := p.Y - p.legendGap() - float64(lines)*p.LineH
	x, line := left, 0
	place := func(w float64) (float64, float64) {
		if x > left && x+w > right {
			x, line = left, line+1
		}
		at := x
		x += w
		return at, top + float64(line)*p.LineH
	}
	if ax, ay := place(p.CharW * float64(len(name)+3)); draw {
		p.text.str(ax, ay, name, render.DriftAxis)
	}
	for k := 0; k <= NumKinds; k++ {
		if p.Short && k < NumKinds {
			continue
		}
		c, item := render.ArticleColor, "article"
		if k < NumKinds {
			c, item = render.DriftColors[k], legendNames[k][lab.SameAs(Kind(k))]
		}
		ix, iy := place(18*p.Scale + p.CharW*float64(len(item)+2))
		if draw {
			p.line(ix, iy+p.LineH/2, ix+14*p.Scale, iy+p.LineH/2, c, 2)
			p.text.str(ix+18*p.Scale, iy, item, c)
		}
	}
	return line + 1
}

// legendNames[k][i] is storage k's legend entry when its curve coincides
// with storage i's ("quantized (= set-together)"), or its name for i = k.
var legendNames = func() (n [NumKinds][NumKinds]string) {
	for k := range n {
		for i := range n[k] {
			n[k][i] = Kind(k).String()
			if i != k {
				n[k][i] += " (= " + Kind(i).String() + ")"
			}
		}
	}
	return n
}()

// ExportLabels returns labels whose At is the top-left corner of their
// text (a Plot's or Picture's) re-anchored for render.WritePNG and
// WriteSVG, whose text baseline sits at LabelOffset from the anchor: the
// baseline goes 10 pixels (render.TextSize, one em) below the top, as the
// window's labels place it. It appends to dst and returns it.
func ExportLabels(dst, labels []render.Label) []render.Label {
	for _, l := range labels {
		l.At = mgl64.Vec2{l.At[0] - render.LabelOffset[0], l.At[1] + 10 - render.LabelOffset[1]}
		dst = append(dst, l)
	}
	return dst
}

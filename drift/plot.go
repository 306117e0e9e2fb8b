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

	text       text
	logX, logY bool
	xmax       float64 // frames at the right edge
	ylo, yhi   float64 // errors at the bottom and top (decades for log)
}

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
	p.legend(lab)
	p.Labels = p.text.labels
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

// axes draws the frame, grid lines and tick labels.
func (p *Plot) axes() {
	x0, y0, x1, y1 := p.X, p.Y, p.X+p.W, p.Y+p.H
	t := &p.text
	if p.logY {
		for e := math.Log10(p.ylo); e <= math.Log10(p.yhi)+0.5; e++ {
			y := p.py(math.Pow(10, e))
			p.line(x0, y, x1, y, render.DriftGrid, 1)
			if i := int(e) + 12; i >= 0 && i < len(decadeNames) {
				t.str(x0-p.CharW*float64(len(decadeNames[i])+1), y-p.LineH/2, decadeNames[i], render.DriftAxis)
			}
		}
	} else {
		for i := 0; i <= 5; i++ {
			v := p.yhi * float64(i) / 5
			y := p.py(v)
			p.line(x0, y, x1, y, render.DriftGrid, 1)
			a := len(t.buf)
			t.g(v, 3)
			n := len(t.buf) - a
			t.buf = t.buf[:a]
			t.begin(x0-p.CharW*float64(n+1), y-p.LineH/2, render.DriftAxis)
			t.g(v, 3)
			t.end()
		}
	}
	if p.logX {
		for i, f := 0, 1.0; f <= p.xmax*1.01 && i < len(frameDecadeNames); i, f = i+1, f*10 {
			x := p.px(f)
			p.line(x, y0, x, y1, render.DriftGrid, 1)
			t.str(x-p.CharW*float64(len(frameDecadeNames[i]))/2, y1+4*p.Scale, frameDecadeNames[i], render.DriftAxis)
		}
	} else {
		for i := 0; i <= 5; i++ {
			f := p.xmax * float64(i) / 5
			x := p.px(f)
			p.line(x, y0, x, y1, render.DriftGrid, 1)
			t.begin(x-p.CharW, y1+4*p.Scale, render.DriftAxis)
			t.buf = render.AppendCompact(t.buf, f)
			t.end()
		}
	}
	t.str(x1-p.CharW*6, y1+4*p.Scale+p.LineH, "frames", render.DriftAxis)
	p.line(x0, y0, x0, y1, render.DriftAxis, 1)
	p.line(x0, y1, x1, y1, render.DriftAxis, 1)
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

// legend writes the storages' names in their colours in a row above the
// plot, each after a short line. A storage whose error has equalled an
// earlier one's at every frame (Lab.SameAs), so that its curve lies
// exactly under that one's, says so: "quantized (= set-together)". Items
// that do not fit the plot's width go on the line above, after the y
// axis's name.
func (p *Plot) legend(lab *Lab) {
	name := "error (log)"
	if !p.logY {
		name = "error (linear)"
	}
	y2, x2 := p.Y-p.LineH*2-10*p.Scale, p.X-p.CharW*6
	p.text.str(x2, y2, name, render.DriftAxis)
	x2 += p.CharW * float64(len(name)+3)
	x, y, upper := p.X, p.Y-p.LineH-6*p.Scale, false
	for k := 0; k <= NumKinds; k++ {
		c, name := render.ArticleColor, "article"
		if k < NumKinds {
			c, name = render.DriftColors[k], legendNames[k][lab.SameAs(Kind(k))]
		}
		w := 18*p.Scale + p.CharW*float64(len(name)+2)
		if !upper && x+w-2*p.CharW > p.X+p.W && x > p.X {
			x, y, upper = x2, y2, true // the rest go on the upper line
		}
		p.line(x, y+p.LineH/2, x+14*p.Scale, y+p.LineH/2, c, 2)
		p.text.str(x+18*p.Scale, y, name, c)
		x += w
	}
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

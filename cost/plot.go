package cost

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/render"
)

// logPlot maps values to pixels on log-log axes: decades xlo..xhi across
// (log10 of nodes) and ylo..yhi up, in the inner area X, Y, W, H (pixels,
// y down).
type logPlot struct {
	X, Y, W, H float64
	xlo, xhi   float64
	ylo, yhi   float64
}

// px maps a positive value to a pixel column; py to a pixel row (up is
// larger). Values outside the range map outside the area.
func (p *logPlot) px(v float64) float64 {
	return p.X + p.W*(math.Log10(v)-p.xlo)/(p.xhi-p.xlo)
}

func (p *logPlot) py(v float64) float64 {
	return p.Y + p.H*(1-(math.Log10(v)-p.ylo)/(p.yhi-p.ylo))
}

// inside reports whether pixel (x, y) lies in the inner area (to a
// hundredth of a pixel).
func (p *logPlot) inside(x, y float64) bool {
	const e = 0.01
	return x >= p.X-e && x <= p.X+p.W+e && y >= p.Y-e && y <= p.Y+p.H+e
}

// decadeRange returns the whole decades lo < hi (log10) that hold every
// positive finite value given to it through add, at least one decade
// apart; def when none was given.
type decadeRange struct {
	lo, hi float64 // log10 of the smallest and largest value seen
	any    bool
}

func (d *decadeRange) add(v float64) {
	if !(v > 0) || math.IsInf(v, 0) {
		return
	}
	l := math.Log10(v)
	if !d.any {
		d.lo, d.hi, d.any = l, l, true
		return
	}
	d.lo, d.hi = math.Min(d.lo, l), math.Max(d.hi, l)
}

// decades returns the range's whole decades, or def's when empty.
func (d *decadeRange) decades(def [2]float64) (lo, hi float64) {
	if !d.any {
		return def[0], def[1]
	}
	lo, hi = math.Floor(d.lo+1e-9), math.Ceil(d.hi-1e-9)
	if hi <= lo {
		hi = lo + 1
	}
	return lo, hi
}

// decadeName returns the tick label of 10^e: 0.001 ... 1, 10, 100, 1k,
// 10k, 100k, 1M ... 100G; "" outside -3..11.
func decadeName(e int) string {
	if e < -3 || e-(-3) >= len(decadeNames) {
		return ""
	}
	return decadeNames[e+3]
}

var decadeNames = [...]string{"0.001", "0.01", "0.1", "1", "10", "100", "1k", "10k", "100k", "1M", "10M", "100M", "1G", "10G", "100G"}

// clipLine clips the segment from (ax, ay) to (bx, by) to the rectangle
// [x0, x1] x [y0, y1] (Liang-Barsky) and reports whether any of it is
// left.
func clipLine(ax, ay, bx, by, x0, y0, x1, y1 float64) (float64, float64, float64, float64, bool) {
	t0, t1 := 0.0, 1.0
	dx, dy := bx-ax, by-ay
	for _, e := range [4][2]float64{{-dx, ax - x0}, {dx, x1 - ax}, {-dy, ay - y0}, {dy, y1 - ay}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return 0, 0, 0, 0, false
			}
			continue
		}
		r := q / p
		if p < 0 {
			t0 = math.Max(t0, r)
		} else {
			t1 = math.Min(t1, r)
		}
		if t0 > t1 {
			return 0, 0, 0, 0, false
		}
	}
	return ax + t0*dx, ay + t0*dy, ax + t1*dx, ay + t1*dy, true
}

// segment appends a line of width w (pixels) to segs.
func segment(segs []render.Segment, ax, ay, bx, by float64, c render.Color, w float64) []render.Segment {
	return append(segs, render.Segment{A: mgl64.Vec2{ax, ay}, B: mgl64.Vec2{bx, by}, Color: c, Width: float32(w)})
}

// dashed appends the line from (ax, ay) to (bx, by) as dashes dash
// pixels long with gaps gap pixels long, starting with a dash.
func dashed(segs []render.Segment, ax, ay, bx, by float64, c render.Color, w, dash, gap float64) []render.Segment {
	l := math.Hypot(bx-ax, by-ay)
	if !(l > 0) || !(dash > 0) || gap < 0 {
		return segs
	}
	ux, uy := (bx-ax)/l, (by-ay)/l
	for s := 0.0; s < l; s += dash + gap {
		e := math.Min(s+dash, l)
		segs = segment(segs, ax+ux*s, ay+uy*s, ax+ux*e, ay+uy*e, c, w)
	}
	return segs
}

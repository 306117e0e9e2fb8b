package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// occGrid is SpreadLabels' occupancy grid: the viewport cut into square
// cells, each holding the weight of the heaviest line through it (0 to
// 255 for inkWeight 0 to 1).
//
// It is filled on demand: only a region (a rectangle of cells) is
// rasterised, at first the one around the labels' anchors (seed), and it
// grows, by at least half again, when a box reaches past it, so a frame
// of 50,000 segments pays for the few near its labels and one bounding
// box test for the others. A row's prefix sums are made the first time a
// box touches the row after the region changed, so the weight under a
// box costs two reads per row. Its buffers are kept across frames.
type occGrid struct {
	x0, y0    float64 // the viewport's top-left corner, pixels
	cell, inv float64 // a cell's side in pixels, and its inverse
	nx, ny    int     // cells across and down
	w         []uint8 // nx*ny cell weights, row by row
	// pre[y*(nx+1)+x] holds, for the region's cells of row y left of
	// cell x (rx0 <= x <= rx1), the sum of their weights (low 32 bits) and
	// the count of those of weight 255 (high 32 bits), once done[y] is
	// set.
	pre  []uint64
	done []bool
	segs []Segment // the frame's segments (SpreadLabels' f.Segments)
	wide float64   // the factor the segments are widened by when drawn (Frame.LineScale)
	// The region rasterised so far: cells rx0 <= x < rx1, ry0 <= y < ry1
	// (empty at first).
	rx0, ry0, rx1, ry1 int
}

// reset empties g for the viewport vp (valid), with cells of side cell
// pixels (larger when more than MaxLabelCells would be needed) and the
// lines segs, drawn wide times their width (at least 1), none
// rasterised yet.
func (g *occGrid) reset(vp Viewport, cell float64, segs []Segment, wide float64) {
	if a := vp.W * vp.H / MaxLabelCells; a > cell*cell {
		cell = math.Sqrt(a)
	}
	for math.Ceil(vp.W/cell)*math.Ceil(vp.H/cell) > MaxLabelCells {
		cell *= 1.25
	}
	g.x0, g.y0, g.cell, g.inv = vp.X, vp.Y, cell, 1/cell
	g.nx, g.ny = max(1, int(math.Ceil(vp.W/cell))), max(1, int(math.Ceil(vp.H/cell)))
	g.w = grown(g.w, g.nx*g.ny)
	clear(g.w)
	g.pre = grown(g.pre, (g.nx+1)*g.ny)
	g.done = grown(g.done, g.ny)
	clear(g.done)
	g.segs, g.wide = segs, wide
	g.rx0, g.ry0, g.rx1, g.ry1 = 0, 0, 0, 0
}

// grown returns s with length n, reallocated only when its capacity is
// short.
func grown[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// cells returns the cells b touches, x0 <= x < x1, y0 <= y < y1, clamped
// to the grid (empty when b misses it).
func (g *occGrid) cells(b box) (x0, y0, x1, y1 int) {
	x0 = max(0, floorInt((b.lo[0]-g.x0)*g.inv))
	y0 = max(0, floorInt((b.lo[1]-g.y0)*g.inv))
	x1 = min(g.nx, floorInt((b.hi[0]-g.x0)*g.inv)+1)
	y1 = min(g.ny, floorInt((b.hi[1]-g.y0)*g.inv)+1)
	return x0, y0, x1, y1
}

// floorInt is math.Floor as an int, clamped to ±2^40 (far past any grid)
// so a huge or NaN value cannot wrap; NaN gives -2^40.
func floorInt(v float64) int {
	const lim = 1 << 40
	if !(v > -lim) {
		return -lim
	}
	if v > lim {
		return lim
	}
	return int(math.Floor(v))
}

// seed makes the region the cells b touches grown by m cells on each side,
// rasterised.
func (g *occGrid) seed(b box, m int) {
	x0, y0, x1, y1 := g.cells(b)
	g.grow(x0-m, y0-m, x1+m, y1+m)
}

// cover makes sure the region holds the cells b touches, growing it
// first when it does not: to the smallest rectangle holding both, grown
// on each side by a quarter of its width plus height (at least 4 cells).
func (g *occGrid) cover(b box) {
	x0, y0, x1, y1 := g.cells(b)
	if x0 >= x1 || y0 >= y1 || (x0 >= g.rx0 && y0 >= g.ry0 && x1 <= g.rx1 && y1 <= g.ry1) {
		return
	}
	if g.rx0 < g.rx1 {
		x0, y0, x1, y1 = min(x0, g.rx0), min(y0, g.ry0), max(x1, g.rx1), max(y1, g.ry1)
	}
	m := max(4, (x1-x0+y1-y0)/4)
	g.grow(x0-m, y0-m, x1+m, y1+m)
}

// grow makes the region the cells x0 <= x < x1, y0 <= y < y1 (clamped to
// the grid; it should hold the region) and rasterises every segment that
// reaches it, except those whose stroke lies inside the old region
// (already marked). A segment reaching both is marked again, which
// changes nothing in the old part.
func (g *occGrid) grow(x0, y0, x1, y1 int) {
	x0, y0, x1, y1 = max(0, x0), max(0, y0), min(g.nx, x1), min(g.ny, y1)
	if x0 >= x1 || y0 >= y1 {
		return
	}
	// The old and new regions in pixels, for the bounding-box tests (the
	// old one empty at first: no box lies inside it).
	ox0, oy0, ox1, oy1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	if g.rx0 < g.rx1 {
		ox0, oy0 = g.x0+float64(g.rx0)*g.cell, g.y0+float64(g.ry0)*g.cell
		ox1, oy1 = g.x0+float64(g.rx1)*g.cell, g.y0+float64(g.ry1)*g.cell
	}
	g.rx0, g.ry0, g.rx1, g.ry1 = x0, y0, x1, y1
	clear(g.done[y0:y1])
	px0, py0 := g.x0+float64(x0)*g.cell, g.y0+float64(y0)*g.cell
	px1, py1 := g.x0+float64(x1)*g.cell, g.y0+float64(y1)*g.cell
	for i := range g.segs {
		s := &g.segs[i]
		hw := 0.5 * g.wide
		if w := float64(s.Width); w > 1 && w < math.Inf(1) {
			hw = w * g.wide / 2
		}
		lx, hx := s.A[0], s.B[0]
		if lx > hx {
			lx, hx = hx, lx
		}
		ly, hy := s.A[1], s.B[1]
		if ly > hy {
			ly, hy = hy, ly
		}
		lx, hx, ly, hy = lx-hw, hx+hw, ly-hw, hy+hw
		if lx > px1 || hx < px0 || ly > py1 || hy < py0 {
			continue // apart, or not finite (caught by the clip if it passes)
		}
		if lx >= ox0 && hx <= ox1 && ly >= oy0 && hy <= oy1 {
			continue // marked when the region was smaller
		}
		wt := inkWeight(s.Color, s.Width)
		if wt <= 0 {
			continue
		}
		g.stroke(s.A, s.B, hw, uint8(math.Round(255*wt)))
	}
}

// stroke marks in the region, with weight wt, every cell that a point of
// the stroke a-b of half width hw pixels may lie in: the cells meeting
// the segment grown by a square of half side hw (which holds the stroke's
// round disc), found a row at a time: the part of the segment within hw
// of the row's band, grown by hw on both sides, gives the row's span of
// cells. A stroke within two rows or two columns marks its bounding
// rectangle, which holds those spans (a cell or so more, never fewer).
// A segment that is not finite marks nothing.
func (g *occGrid) stroke(a, b mgl64.Vec2, hw float64, wt uint8) {
	h := hw * g.inv // the square's half side, cells
	ax, ay := (a[0]-g.x0)*g.inv, (a[1]-g.y0)*g.inv
	dx, dy := (b[0]-g.x0)*g.inv-ax, (b[1]-g.y0)*g.inv-ay
	// Clip to the region grown by h: nothing outside it reaches a region
	// cell. A non-finite segment clips to nothing.
	lox, loy := float64(g.rx0)-h, float64(g.ry0)-h
	hix, hiy := float64(g.rx1)+h, float64(g.ry1)+h
	t0, t1 := 0.0, 1.0
	xlo, xhi, ylo, yhi := min(ax, ax+dx), max(ax, ax+dx), min(ay, ay+dy), max(ay, ay+dy)
	if !(xlo >= lox && ylo >= loy && xhi <= hix && yhi <= hiy) {
		var ok bool
		if t0, t1, ok = clipT(ax, ay, dx, dy, lox, loy, hix, hiy); !ok {
			return
		}
		xa, xb, ya, yb := ax+dx*t0, ax+dx*t1, ay+dy*t0, ay+dy*t1
		xlo, xhi, ylo, yhi = min(xa, xb), max(xa, xb), min(ya, yb), max(ya, yb)
	}
	r0, r1 := max(g.ry0, int(math.Floor(ylo-h))), min(g.ry1-1, int(math.Floor(yhi+h)))
	c0, c1 := max(g.rx0, int(math.Floor(xlo-h))), min(g.rx1-1, int(math.Floor(xhi+h)))
	if r1-r0 <= 1 || c1-c0 <= 1 || dy == 0 {
		// At most two rows or columns, or level: the rectangle's span in
		// each row holds the row's span.
		for r := r0; r <= r1; r++ {
			g.mark(r, c0, c1, wt)
		}
		return
	}
	idy := 1 / dy
	for r := r0; r <= r1; r++ {
		// The segment's part whose y is within h of the row [r, r+1].
		ta, tb := (float64(r)-h-ay)*idy, (float64(r+1)+h-ay)*idy
		if ta > tb {
			ta, tb = tb, ta
		}
		u0, u1 := max(t0, ta), min(t1, tb)
		if u0 > u1 {
			continue
		}
		xa, xb := ax+dx*u0, ax+dx*u1
		if xa > xb {
			xa, xb = xb, xa
		}
		g.mark(r, max(c0, int(math.Floor(xa-h))), min(c1, int(math.Floor(xb+h))), wt)
	}
}

// mark raises the cells c0..c1 of row r to weight wt.
func (g *occGrid) mark(r, c0, c1 int, wt uint8) {
	if c0 > c1 {
		return
	}
	row := g.w[r*g.nx+c0 : r*g.nx+c1+1]
	for i, c := range row {
		if c < wt {
			row[i] = wt
		}
	}
}

// clipT returns the parameter interval [t0, t1] of the part of the
// segment p + t*d, t in [0, 1], inside the box lo..hi, and false when
// none (or only a point) of it is, or the input is not finite
// (Liang-Barsky).
func clipT(px, py, dx, dy, lox, loy, hix, hiy float64) (t0, t1 float64, ok bool) {
	t0, t1 = 0, 1
	for _, c := range [4][2]float64{{-dx, px - lox}, {dx, hix - px}, {-dy, py - loy}, {dy, hiy - py}} {
		// The part with c[0]*t <= c[1] is inside this side.
		switch {
		case c[0] == 0:
			if !(c[1] >= 0) {
				return 0, 0, false
			}
		case c[0] < 0:
			t0 = max(t0, c[1]/c[0])
		default:
			t1 = min(t1, c[1]/c[0])
		}
	}
	return t0, t1, t1 > t0
}

// sum returns the weight (in cells of weight 1) of the cells b touches
// and how many of them weigh 1 (255: full), rasterising more of the grid
// first if b reaches past the region; the part of b outside the grid
// touches nothing.
func (g *occGrid) sum(b box) (w float64, full int) {
	g.cover(b)
	x0, y0, x1, y1 := g.cells(b)
	if x1 <= x0 || y1 <= y0 {
		return 0, 0
	}
	n := g.nx + 1
	var s uint64
	for y := y0; y < y1; y++ {
		pre := g.pre[y*n : (y+1)*n]
		if !g.done[y] {
			// Only the region's columns: boxes stay inside it.
			var run uint64
			for x, c := range g.w[y*g.nx+g.rx0 : y*g.nx+g.rx1] {
				pre[g.rx0+x] = run
				run += uint64(c) + uint64(c/255)<<32
			}
			pre[g.rx1] = run
			g.done[y] = true
		}
		s += pre[x1] - pre[x0]
	}
	return float64(s&(1<<32-1)) / 255, int(s >> 32)
}

package render

import (
	"cmp"
	"image"
	"image/color"
	"math"
	"slices"
)

// spanRaster fills anti-aliased polygons of one colour at a time into an
// *image.RGBA, in one pass over the paths: the work for a path is
// proportional to the pixels its edges cross and the spans between them,
// never to the picture's area.
//
// It computes the same coverage as golang.org/x/image/vector's floating
// point rasterizer (exact signed area, nonzero-like: |winding area|
// clamped to 1) and composites with the same draw.Over arithmetic, but it
// keeps, per path, a list of the row intervals its edges touched, and
// accumulates and clears only those, instead of the whole w*h buffer. The
// algorithm of line below is vector's floatingLineTo (BSD licence, The Go
// Authors), with the buffer row and touched interval bookkept.
type spanRaster struct {
	w, h  int
	acc   []float32 // w*h signed area deltas; all zero outside fill
	spans []span    // row intervals touched since the last fill
	lo    []int32   // per row, the current polygon's touched x range
	hi    []int32
	penX  float32
	penY  float32
	// compactAt is the length of spans at which polygon merges them
	compactAt int
	// the current polygon's row range, for lo/hi
	y0, y1 int32
}

// span is a touched interval [lo, hi] of row y.
type span struct{ y, lo, hi int32 }

// reset prepares r for a w x h picture, reusing its buffers.
func (r *spanRaster) reset(w, h int) {
	r.w, r.h = w, h
	if cap(r.acc) < w*h {
		r.acc = make([]float32, w*h)
	} else {
		r.acc = r.acc[:w*h]
		clear(r.acc)
	}
	if cap(r.lo) < h {
		r.lo, r.hi = make([]int32, h), make([]int32, h)
	}
	r.lo, r.hi = r.lo[:h], r.hi[:h]
	r.spans = r.spans[:0]
	r.compactAt = max(w*h/4, 1024)
}

// polygon adds the closed polygon pts (x, y pairs in pixels) to the
// current path. Coordinates must be finite and within a few thousand
// pixels of the picture (clipSegment sees to that).
func (r *spanRaster) polygon(pts [][2]float32) {
	ymin, ymax := pts[0][1], pts[0][1]
	for _, p := range pts[1:] {
		ymin, ymax = min(ymin, p[1]), max(ymax, p[1])
	}
	r.y0 = max(int32(math.Floor(float64(ymin))), 0)
	r.y1 = min(int32(math.Ceil(float64(ymax))), int32(r.h))
	if r.y0 >= r.y1 {
		return
	}
	for y := r.y0; y < r.y1; y++ {
		r.lo[y], r.hi[y] = math.MaxInt32, -1
	}
	r.penX, r.penY = pts[0][0], pts[0][1]
	for _, p := range pts[1:] {
		r.line(p[0], p[1])
	}
	r.line(pts[0][0], pts[0][1])
	for y := r.y0; y < r.y1; y++ {
		if r.hi[y] >= r.lo[y] {
			r.spans = append(r.spans, span{y, r.lo[y], r.hi[y]})
		}
	}
	if len(r.spans) > r.compactAt {
		r.compact()
	}
}

// add adds v to the delta of cell x (clamped like vector's: left of the
// picture counts as column 0, right of it is dropped) in row y, and
// widens the row's touched interval; a delta right of the picture makes
// the interval run to the last column, where its coverage still shows.
func (r *spanRaster) add(row []float32, y, x int32, v float32) {
	if x < 0 {
		x = 0
	}
	if x >= int32(r.w) {
		r.hi[y] = int32(r.w) - 1
		r.lo[y] = min(r.lo[y], int32(r.w)-1)
		return
	}
	row[x] += v
	r.lo[y], r.hi[y] = min(r.lo[y], x), max(r.hi[y], x)
}

// line is vector's floatingLineTo from the pen to (bx, by).
func (r *spanRaster) line(bx, by float32) {
	ax, ay := r.penX, r.penY
	r.penX, r.penY = bx, by
	dir := float32(1)
	if ay > by {
		dir, ax, ay, bx, by = -1, bx, by, ax, ay
	}
	if by-ay <= 0.000001 {
		return
	}
	dxdy := (bx - ax) / (by - ay)
	x := ax
	y := int32(math.Floor(float64(ay)))
	yMax := min(int32(math.Ceil(float64(by))), int32(r.h))
	for ; y < yMax; y++ {
		dy := min(float32(y+1), by) - max(float32(y), ay)
		// float32(...) around products keeps the compiler from fusing
		// multiply-adds, as vector does, for the same rounding everywhere.
		xNext := x + float32(dy*dxdy)
		if y < 0 {
			x = xNext
			continue
		}
		row := r.acc[int(y)*r.w : int(y+1)*r.w]
		d := float32(dy * dir)
		x0, x1 := x, xNext
		if x > xNext {
			x0, x1 = x1, x0
		}
		x0i := int32(math.Floor(float64(x0)))
		x0Floor := float32(x0i)
		x1i := int32(math.Ceil(float64(x1)))
		x1Ceil := float32(x1i)
		if x1i <= x0i+1 {
			xmf := float32(0.5*(x+xNext)) - x0Floor
			r.add(row, y, x0i, d-float32(d*xmf))
			r.add(row, y, x0i+1, float32(d*xmf))
		} else {
			s := 1 / (x1 - x0)
			x0f := x0 - x0Floor
			oneMinusX0f := 1 - x0f
			a0 := float32(0.5 * s * oneMinusX0f * oneMinusX0f)
			x1f := x1 - x1Ceil + 1
			am := float32(0.5 * s * x1f * x1f)
			r.add(row, y, x0i, float32(d*a0))
			if x1i == x0i+2 {
				r.add(row, y, x0i+1, float32(d*(1-a0-am)))
			} else {
				a1 := float32(s * (1.5 - x0f))
				r.add(row, y, x0i+1, float32(d*(a1-a0)))
				dTimesS := float32(d * s)
				for xi := x0i + 2; xi < x1i-1; xi++ {
					r.add(row, y, xi, dTimesS)
				}
				a2 := a1 + float32(s*float32(x1i-x0i-3))
				r.add(row, y, x1i-1, float32(d*(1-a2-am)))
			}
			r.add(row, y, x1i, float32(d*am))
		}
		x = xNext
	}
}

// compact sorts the touched intervals by row and start and merges those
// that overlap or abut, in place. Merged, a row holds at most w/2
// intervals, so however many segments one colour's path has, the list
// stays within the picture's size.
func (r *spanRaster) compact() {
	slices.SortFunc(r.spans, func(a, b span) int {
		if a.y != b.y {
			return cmp.Compare(a.y, b.y)
		}
		return cmp.Compare(a.lo, b.lo)
	})
	out := r.spans[:0]
	for _, s := range r.spans {
		if k := len(out) - 1; k >= 0 && out[k].y == s.y && s.lo <= out[k].hi+1 {
			out[k].hi = max(out[k].hi, s.hi)
			continue
		}
		out = append(out, s)
	}
	r.spans = out
	r.compactAt = max(2*len(out), r.w*r.h/4, 1024)
}

// almost65536 scales coverage in [0, 1] to [0, 0xffff] as vector does.
const almost65536 = 255.99998 * 256

// fill composites the current path onto dst (same size as r) in colour c
// with draw.Over, as vector.Rasterizer.Draw does for a uniform source,
// and clears the path: it accumulates each merged touched interval from
// zero (left of its first delta the path's coverage is zero, and a closed
// polygon's deltas in a row sum to zero).
func (r *spanRaster) fill(dst *image.RGBA, c color.Color) {
	sr, sg, sb, sa := c.RGBA()
	r.compact()
	for _, s := range r.spans {
		row := r.acc[int(s.y)*r.w : int(s.y+1)*r.w]
		pix := dst.Pix[int(s.y)*dst.Stride:]
		acc := float32(0)
		for x := s.lo; x <= s.hi; x++ {
			acc += row[x]
			row[x] = 0
			a := acc
			if a < 0 {
				a = -a
			}
			if a > 1 {
				a = 1
			}
			ma := uint32(almost65536 * a)
			if ma == 0 {
				continue
			}
			k := 4 * int(x)
			ia := 0xffff - (sa * ma / 0xffff)
			pix[k+0] = uint8(((uint32(pix[k+0])*0x101*ia + sr*ma) / 0xffff) >> 8)
			pix[k+1] = uint8(((uint32(pix[k+1])*0x101*ia + sg*ma) / 0xffff) >> 8)
			pix[k+2] = uint8(((uint32(pix[k+2])*0x101*ia + sb*ma) / 0xffff) >> 8)
			pix[k+3] = uint8(((uint32(pix[k+3])*0x101*ia + sa*ma) / 0xffff) >> 8)
		}
	}
	r.spans = r.spans[:0]
}

package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Shapes built from Frame.Line: circles, arrows, ground grids and long
// polylines, in world coordinates like Line (render's world is y up; a
// lab whose model is z up maps its points first). Each clips like Line,
// so a shape partly off screen keeps its visible part, and none allocates.

// Sizes of the shapes.
const (
	// ArrowHeadFrac caps an arrow head's length at this fraction of the
	// arrow's length, so a short arrow keeps a visible shaft.
	ArrowHeadFrac = 0.3
	// ArrowHeadWidth is each barb's sideways reach as a fraction of the
	// head's length (the head is 0.9 head lengths wide).
	ArrowHeadWidth = 0.45
	// MaxGridLines is the most lines Grid draws in each direction; a
	// finer grid draws nothing rather than stall a frame.
	MaxGridLines = 4096
)

// Circle appends a closed polygon of n segments through the points
// c + cos(t) u + sin(t) v for t = 2 pi i / n, i = 0..n: starting at c + u
// and turning from u towards v. With u and v perpendicular and of length
// r it is a circle of radius r about c in their plane. n < 3 appends
// nothing.
func (f *Frame) Circle(c, u, v mgl64.Vec3, n int, col Color, w float32) {
	if n < 3 {
		return
	}
	prev := c.Add(u)
	for i := 1; i <= n; i++ {
		s, co := math.Sincos(2 * math.Pi * float64(i) / float64(n))
		p := c.Add(u.Mul(co)).Add(v.Mul(s))
		f.Line(prev, p, col, w)
		prev = p
	}
}

// ArrowHead returns the tips of the two barbs of an arrow from a to b.
// With d the unit direction b - a and l its length, the head's length is
// h = min(ArrowHeadFrac l, head); the barbs end at
//
//	b - h d + ArrowHeadWidth h s   and   b - h d - ArrowHeadWidth h s,
//
// where s is the unit vector along up x d, so the head lies in the plane
// through the shaft perpendicular to up (up need not be unit length).
// When the shaft is parallel to up (or up is zero), s is the unit x axis
// with its component along d removed, or the z axis for a shaft along x.
// ok is false, and the barbs zero, when a = b or the length is not a
// finite positive number.
func ArrowHead(a, b, up mgl64.Vec3, head float64) (left, right mgl64.Vec3, ok bool) {
	d := b.Sub(a)
	l := d.Len()
	if !(l > 0) || math.IsInf(l, 0) {
		return mgl64.Vec3{}, mgl64.Vec3{}, false
	}
	d = d.Mul(1 / l)
	side := mgl64.Vec3{}
	if u := up.Len(); u > 0 {
		side = up.Mul(1 / u).Cross(d)
	}
	if !(side.Len() >= 1e-6) {
		side = perpendicular(d)
	}
	side = side.Normalize()
	h := math.Min(ArrowHeadFrac*l, head)
	back := b.Sub(d.Mul(h))
	return back.Add(side.Mul(h * ArrowHeadWidth)), back.Sub(side.Mul(h * ArrowHeadWidth)), true
}

// perpendicular returns a vector perpendicular to the unit vector d: the x
// axis minus its component along d, or the z axis one when d is nearly x.
func perpendicular(d mgl64.Vec3) mgl64.Vec3 {
	if math.Abs(d[0]) < 0.9 {
		return mgl64.Vec3{1, 0, 0}.Sub(d.Mul(d[0]))
	}
	return mgl64.Vec3{0, 0, 1}.Sub(d.Mul(d[2]))
}

// Arrow appends an arrow from a to b: the shaft a-b and the two barbs from
// b to the points ArrowHead gives (head is the head's length in world
// units, capped at ArrowHeadFrac of the arrow; up is the normal of the
// head's plane). A zero-length or non-finite arrow appends nothing.
func (f *Frame) Arrow(a, b, up mgl64.Vec3, head float64, c Color, w float32) {
	left, right, ok := ArrowHead(a, b, up, head)
	if !ok {
		return
	}
	f.Line(a, b, c, w)
	f.Line(b, left, c, w)
	f.Line(b, right, c, w)
}

// ZoomScale returns max(1, D/ref) for the frame camera's distance D: 1
// while the camera is within ref of its target, growing as it backs away,
// so that a world-size detail (an arrow head) scaled by it stays visible
// from afar. A non-finite result (ref not positive, D not finite) gives 1.
func (f *Frame) ZoomScale(ref float64) float64 {
	s := f.cam.Distance / ref
	if !(s > 1) || math.IsInf(s, 0) {
		return 1
	}
	return s
}

// Grid appends a square grid in the horizontal plane y = height: a line
// of constant x at every multiple of step in [lo[0], hi[0]], running in z
// from lo[1] to hi[1], then a line of constant z at every multiple of
// step in [lo[1], hi[1]], running in x from lo[0] to hi[0]. A step that is
// not a finite positive number, or one that would need more than
// MaxGridLines lines in a direction, appends nothing.
func (f *Frame) Grid(lo, hi mgl64.Vec2, step, height float64, c Color, w float32) {
	if !(step > 0) || math.IsInf(step, 0) {
		return
	}
	var k0, k1 [2]float64
	for a := 0; a < 2; a++ {
		k0[a], k1[a] = math.Ceil(lo[a]/step), math.Floor(hi[a]/step)
		if !(k1[a]-k0[a] < MaxGridLines) {
			return // also NaN bounds
		}
	}
	for k := k0[0]; k <= k1[0]; k++ {
		x := k * step
		f.Line(mgl64.Vec3{x, height, lo[1]}, mgl64.Vec3{x, height, hi[1]}, c, w)
	}
	for k := k0[1]; k <= k1[1]; k++ {
		z := k * step
		f.Line(mgl64.Vec3{lo[0], height, z}, mgl64.Vec3{hi[0], height, z}, c, w)
	}
}

// Polyline appends the polyline through the n points at(0), ...,
// at(n-1), thinned to at most maxSegs segments: it keeps the points
// 0, k, 2k, ... for the stride k = ceil(n / maxSegs) and always the last
// one. n < 2 appends nothing; maxSegs < 1 counts as 1. at is called once
// per kept point and is not retained.
func (f *Frame) Polyline(n, maxSegs int, at func(i int) mgl64.Vec3, c Color, w float32) {
	if n < 2 {
		return
	}
	maxSegs = max(1, maxSegs)
	stride := (n + maxSegs - 1) / maxSegs
	prev := at(0)
	for i := stride; ; i += stride {
		if i > n-1 {
			i = n - 1
		}
		p := at(i)
		f.Line(prev, p, c, w)
		prev = p
		if i == n-1 {
			return
		}
	}
}

// ArcDir returns the unit direction at fraction t (0 to 1) of the way
// from the direction of u to that of v, turning in their plane the
// shorter way (spherical interpolation of the unit vectors): u's
// direction at t = 0, v's at t = 1. ok is false, and the direction zero,
// when u or v is zero or not finite, or they are parallel or opposite
// (no single plane, or no shorter way).
func ArcDir(u, v mgl64.Vec3, t float64) (mgl64.Vec3, bool) {
	lu, lv := u.Len(), v.Len()
	if !(lu > 0) || !(lv > 0) || math.IsInf(lu, 0) || math.IsInf(lv, 0) {
		return mgl64.Vec3{}, false
	}
	a, b := u.Mul(1/lu), v.Mul(1/lv)
	sin := a.Cross(b).Len()
	theta := math.Atan2(sin, a.Dot(b))
	if !(sin > 1e-9) {
		return mgl64.Vec3{}, false
	}
	wa, wb := math.Sin((1-t)*theta)/sin, math.Sin(t*theta)/sin
	return a.Mul(wa).Add(b.Mul(wb)), true
}

// Arc appends a circular arc of radius r about c from the direction of u
// to that of v, the shorter way in their plane (see ArcDir), as n
// segments. It appends nothing, and returns false, when ArcDir does not
// apply, r is not a finite positive number, or n < 1.
func (f *Frame) Arc(c, u, v mgl64.Vec3, r float64, n int, col Color, w float32) bool {
	if n < 1 || !(r > 0) || math.IsInf(r, 0) {
		return false
	}
	d, ok := ArcDir(u, v, 0)
	if !ok {
		return false
	}
	prev := c.Add(d.Mul(r))
	for i := 1; i <= n; i++ {
		d, _ = ArcDir(u, v, float64(i)/float64(n))
		p := c.Add(d.Mul(r))
		f.Line(prev, p, col, w)
		prev = p
	}
	return true
}

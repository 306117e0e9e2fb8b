package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// Fitter frames a camera to a cloud of world points given one at a time
// (the drawn vertices of a scene, at several poses if it moves), so the
// projection of the points themselves, not of their bounding box, fills
// the viewport: a rotated cylinder fills the picture instead of the
// larger shadow of its box. Start it with the camera whose direction,
// field of view and projection are kept, Add the points, then Fit.
//
// It keeps only sums of the points (the largest value of a few linear
// functions of them and their box), so any number of points costs no
// memory and Add allocates nothing. The zero value is not started: Add
// ignores points and Fit reports false until Start.
type Fitter struct {
	cam            Camera
	aspect, margin float64
	r, up, b       mgl64.Vec3 // the camera's right, up and toward-the-eye axes
	kx, ky         float64    // inner half-width and half-height per unit of depth
	started        bool
	n              int
	lo, hi         mgl64.Vec3 // the points' box
	// Over the points p: largest x + kx z and y + ky z, smallest
	// x - kx z and y - ky z, largest z, and the extremes of x and y, where
	// x, y, z = p·r, p·up, p·b (not yet about the centre).
	px, qx, py, qy, zmax   float64
	xlo, xhi, ylo, yhi     float64
	badAspect, badCameraFn bool
	// cand holds, per side of the picture (right, left, top, bottom) and
	// per slope s of fitSlopes, the point (in camera axes x, y, z) that
	// reaches farthest toward that side, e.g. the largest x + s*kx*z: the
	// points that can touch that side from any distance, so Fit can
	// centre the dimension that does not limit (see centre).
	cand  [4][fitSlopes]mgl64.Vec3
	score [4][fitSlopes]float64
}

// fitSlopes is the number of depth slopes per side Fitter keeps a
// candidate point for: the slopes run evenly from -2 to 2 times the
// frustum's (a point touching a side from any distance at which the
// points fit has a slope within +-1 of it).
const fitSlopes = 17

// Start begins a fit of cam for a viewport of the given aspect (width /
// height) leaving margin (a fraction of the width and height, clamped to
// [0, 0.45]) free on each side; points added before are forgotten.
func (f *Fitter) Start(cam Camera, aspect, margin float64) {
	*f = Fitter{cam: cam, aspect: aspect, margin: margin, started: true}
	f.badAspect = !transform.Finite(aspect, margin) || !(aspect > 0)
	f.badCameraFn = !(cam.Fov > 0 && cam.Fov < 180)
	s := 1 - 2*mgl64.Clamp(margin, 0, 0.45) // the inner rectangle's share of the viewport
	ty := math.Tan(mgl64.DegToRad(cam.Fov) / 2)
	f.kx, f.ky = s*aspect*ty, s*ty
	f.r, f.up, f.b = cam.Right(), cam.Up(), cam.Offset()
	inf := math.Inf(1)
	f.px, f.qx, f.py, f.qy, f.zmax = -inf, inf, -inf, inf, -inf
	f.xlo, f.xhi, f.ylo, f.yhi = inf, -inf, inf, -inf
	f.lo, f.hi = mgl64.Vec3{inf, inf, inf}, mgl64.Vec3{-inf, -inf, -inf}
	for i := range f.score {
		for j := range f.score[i] {
			f.score[i][j] = -inf
		}
	}
}

// slope returns the j-th depth slope of fitSlopes for a side whose
// frustum slope is k.
func slope(j int, k float64) float64 {
	return k * (4*float64(j)/(fitSlopes-1) - 2)
}

// Add counts the world point p; a point that is not finite is skipped.
func (f *Fitter) Add(p mgl64.Vec3) {
	if !f.started || !transform.Finite(p[0], p[1], p[2]) {
		return
	}
	x, y, z := p.Dot(f.r), p.Dot(f.up), p.Dot(f.b)
	f.px, f.qx = math.Max(f.px, x+f.kx*z), math.Min(f.qx, x-f.kx*z)
	f.py, f.qy = math.Max(f.py, y+f.ky*z), math.Min(f.qy, y-f.ky*z)
	f.zmax = math.Max(f.zmax, z)
	f.xlo, f.xhi = math.Min(f.xlo, x), math.Max(f.xhi, x)
	f.ylo, f.yhi = math.Min(f.ylo, y), math.Max(f.yhi, y)
	for k := 0; k < 3; k++ {
		f.lo[k], f.hi[k] = math.Min(f.lo[k], p[k]), math.Max(f.hi[k], p[k])
	}
	q := mgl64.Vec3{x, y, z}
	for j := 0; j < fitSlopes; j++ {
		sx, sy := slope(j, f.kx)*z, slope(j, f.ky)*z
		for side, v := range [4]float64{x + sx, -x + sx, y + sy, -y + sy} {
			if v > f.score[side][j] {
				f.score[side][j], f.cand[side][j] = v, q
			}
		}
	}
	f.n++
}

// centre returns the shift e along one screen axis (0 for x, 1 for y)
// that centres the points' projection from distance d (in front of the
// centre c, in camera axes): the e at which the largest and smallest
// (a - e) / (d - z) over the side candidates (a the point's coordinate on
// that axis about c) are opposite, found by bisection (the sum falls as
// e grows). ok is false when a candidate is not in front of the eye.
func (f *Fitter) centre(axis int, d float64, c mgl64.Vec3) (e float64, ok bool) {
	sum := func(e float64) float64 {
		hi, lo := math.Inf(-1), math.Inf(1)
		for side := 2 * axis; side < 2*axis+2; side++ {
			for j := range f.cand[side] {
				q := f.cand[side][j].Sub(c)
				v := (q[axis] - e) / (d - q[2])
				hi, lo = math.Max(hi, v), math.Min(lo, v)
			}
		}
		return hi + lo
	}
	for side := 2 * axis; side < 2*axis+2; side++ {
		for j := range f.cand[side] {
			if !(d-(f.cand[side][j][2]-c[2]) > 0) {
				return 0, false
			}
		}
	}
	span := max(f.xhi-f.xlo, f.yhi-f.ylo, f.hi.Sub(f.lo).Len())
	a, b := -span, span
	for i := 0; i < 60 && b-a > 1e-12*span; i++ {
		m := (a + b) / 2
		if sum(m) > 0 {
			a = m
		} else {
			b = m
		}
	}
	return (a + b) / 2, true
}

// SetUnit sets the unit (Camera.Unit) of the camera Fit returns, which
// its limits are measured in: give UnitFor of the points' size (Box).
func (f *Fitter) SetUnit(u float64) { f.cam.Unit = u }

// Count returns the points added since Start.
func (f *Fitter) Count() int { return f.n }

// Box returns the axis-aligned box of the points added, and false when
// none was.
func (f *Fitter) Box() (lo, hi mgl64.Vec3, ok bool) {
	if f.n == 0 {
		return mgl64.Vec3{}, mgl64.Vec3{}, false
	}
	return f.lo, f.hi, true
}

// Fit returns the started camera aimed and placed so the points'
// projection fits the viewport, as Camera.Fit says for a box's corners:
// Yaw, Pitch, Fov, Ortho and Unit are kept; Target moves within the plane
// through the points' box centre facing the camera and Distance is the
// least at which every point lies in the inner rectangle (1 - 2*margin of
// the viewport), which it then touches on two opposite sides of the
// limiting dimension, centred there; in the other dimension the
// projection is centred too (exactly for an orthographic camera, to first
// order in the points' depth for a perspective one). Every point stays at
// least 2*Near (times the unit) in front of the eye, and Distance is
// clamped to [MinDistance, MaxDistance] times the unit.
//
// Degenerate input: no points, a non-positive or non-finite aspect or
// margin, or a Fov outside (0, 180) give the camera unchanged and false.
// Points that fit in a box smaller than FitMinRadius (times the unit) in
// every direction (a scene scaled to a point) are framed as that box
// about their centre.
func (f *Fitter) Fit() (Camera, bool) {
	c := f.cam
	if f.n == 0 || f.badAspect || f.badCameraFn {
		return c, false
	}
	ctr := f.lo.Add(f.hi).Mul(0.5)
	u := c.U()
	if rad := FitMinRadius * u; max(f.hi[0]-f.lo[0], f.hi[1]-f.lo[1], f.hi[2]-f.lo[2])/2 < rad {
		var g Fitter
		g.Start(c, f.aspect, f.margin)
		h := mgl64.Vec3{rad, rad, rad}
		addBox(&g, ctr.Sub(h), ctr.Add(h))
		g.n = f.n // the corners stand for the points
		ctr = g.lo.Add(g.hi).Mul(0.5)
		*f = g
	}
	// About the centre: x' = x - cx and so on, for cx, cy, cz = ctr·r,
	// ctr·up, ctr·b. A point at depth D - z' is inside the inner
	// rectangle when |x' - ex| <= kx (D - z'), and likewise for y: with
	// px = max(x' + kx z') and qx = min(x' - kx z'), the smallest D is
	// (px - qx) / (2 kx) at ex = (px + qx) / 2.
	cx, cy, cz := ctr.Dot(f.r), ctr.Dot(f.up), ctr.Dot(f.b)
	px, qx := f.px-(cx+f.kx*cz), f.qx-(cx-f.kx*cz)
	py, qy := f.py-(cy+f.ky*cz), f.qy-(cy-f.ky*cz)
	zmax := f.zmax - cz
	var d, ex, ey float64
	if c.Ortho {
		ex, ey = (f.xlo+f.xhi)/2-cx, (f.ylo+f.yhi)/2-cy
		d = max((f.xhi-f.xlo)/2/f.kx, (f.yhi-f.ylo)/2/f.ky)
	} else {
		dx, dy := (px-qx)/(2*f.kx), (py-qy)/(2*f.ky)
		d = max(dx, dy, zmax+2*Near*u)
		ex, ey = (px+qx)/2, (py+qy)/2
		// The limiting dimension is centred by its own formula; the other
		// is centred at the distance d found, not at its own (smaller)
		// one, where its (px + qx) / 2 would leave it off centre.
		cc := mgl64.Vec3{cx, cy, cz}
		if e, ok := f.centre(1, d, cc); ok && dx >= dy {
			ey = e
		}
		if e, ok := f.centre(0, d, cc); ok && dy > dx {
			ex = e
		}
	}
	if !transform.Finite(d, ex, ey) {
		return c, false
	}
	if d > MaxDistance*u {
		ex, ey = 0, 0 // cropped anyway: keep the centre in the middle
	}
	c.Target = ctr.Add(f.r.Mul(ex)).Add(f.up.Mul(ey))
	c.Distance = mgl64.Clamp(d, MinDistance*u, MaxDistance*u)
	return c, true
}

// addBox adds the 8 corners of the box lo..hi.
func addBox(f *Fitter, lo, hi mgl64.Vec3) {
	for i := 0; i < 8; i++ {
		q := lo
		for k := 0; k < 3; k++ {
			if i>>k&1 == 1 {
				q[k] = hi[k]
			}
		}
		f.Add(q)
	}
}

// MeshScreenBox returns the pixel box (y down) of the points FitMeshes
// would add, seen through f (after Begin; the frame's camera and
// viewport), whether or not they fall inside the viewport: how much of
// the picture the drawn model fills and whether it leaves it. ok is false
// when no point counted or the frame cannot draw; front is false when a
// point lies on or behind the eye's plane (it then projects nowhere, and
// the model does not fit the picture). It allocates nothing once d has
// grown.
func MeshScreenBox(f *Frame, d *scene.Deformer, s *scene.Scene, world []mgl64.Mat4) (lo, hi mgl64.Vec2, ok, front bool) {
	lo, hi, front = mgl64.Vec2{math.Inf(1), math.Inf(1)}, mgl64.Vec2{math.Inf(-1), math.Inf(-1)}, true
	if !f.ok {
		return lo, hi, false, false
	}
	eachMeshPoint(d, s, world, func(q mgl64.Vec3) {
		h := f.toClip(&f.viewProj, &f.depth, q)
		if !(h.c[3] > 0) {
			front = false
			return
		}
		p := f.toScreen(&h.c)
		if !transform.Finite(p[0], p[1]) {
			front = false
			return
		}
		lo[0], lo[1] = math.Min(lo[0], p[0]), math.Min(lo[1], p[1])
		hi[0], hi[1] = math.Max(hi[0], p[0]), math.Max(hi[1], p[1])
		ok = true
	})
	return lo, hi, ok, front
}

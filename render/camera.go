package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/transform"
)

// Near and Far are the camera's clip plane distances, as in the original
// demo, in the camera's unit (Camera.Unit; world units for unit 1).
const (
	Near = 0.1
	Far  = 500.0
)

// Limits of the camera controls.
const (
	MaxPitch    = 89.0  // Orbit clamps Pitch to [-MaxPitch, MaxPitch] degrees (see Orbit for a view preset beyond it)
	MinDistance = 0.5   // Zoom and Fit clamp Distance to [MinDistance, MaxDistance]
	MaxDistance = 500.0 // in the camera's unit (Camera.Unit)
)

// The sizes, in world units, between which a model's unit is 1 (UnitFor):
// from the unit cube's diagonal, sqrt(3), the smallest model FitMinRadius
// leaves as it is, to 50, a tenth of MaxDistance.
const (
	UnitBandLo = 1.7320508075688772
	UnitBandHi = 50.0
)

// UnitFor returns the unit a view of a model of the given size (the
// diagonal of the bounding box of its drawn vertices, in world units)
// measures its limits and decorations in (Camera.Unit): 1 for a size from
// UnitBandLo to UnitBandHi (the presets, and models in metres: the fixed
// limits were made for them); above, the power of ten that puts the size
// between 5 and 50 units of it (a model 800 units across, in
// millimetres, gets 100; one of 1e5 gets 1e4); below, the largest power
// of ten whose unit cube's diagonal (sqrt(3) units) is at most the size
// (a model 0.001 across gets 1e-4). So the far plane and the largest
// distance (Far and MaxDistance times the unit) are at least 10 times the
// size, the smallest distance (MinDistance) at most 0.29 of it, and
// FitMinRadius frames only a model that has collapsed. A size that is 0,
// negative or not finite gives 1.
func UnitFor(size float64) float64 {
	if !(size > 0) || math.IsInf(size, 0) || size >= UnitBandLo && size < UnitBandHi {
		return 1
	}
	lo := 5.0 // size/u in [lo, 10*lo)
	if size < UnitBandLo {
		lo = UnitBandLo
	}
	u := math.Pow(10, math.Floor(math.Log10(size/lo)))
	// Log10 and Pow can round across a power of ten: keep size/u in range.
	switch {
	case size/u >= 10*lo:
		u *= 10
	case size/u < lo:
		u /= 10
	}
	if !(u > 0) || math.IsInf(u, 0) {
		return 1
	}
	return u
}

// Camera is an orbit camera looking at Target from Distance world units
// away. Yaw is in degrees about +y, measured from +z toward +x (yaw 0 puts
// the eye on +z of the target, yaw 90 on +x); Pitch is in degrees up from
// the xz-plane (positive looks down on the target), in [-90, 90]: at 90
// the camera looks straight down (the Top view). Fov is the vertical field
// of view in degrees. Ortho selects an orthographic projection sized so
// the plane through Target matches the perspective view. The screen's
// right is horizontal and follows the yaw alone (Right), and its up is
// perpendicular to it and to the view direction (Up): world +y leans
// toward the viewer as the pitch grows, and at pitch 90 the screen's up is
// the horizontal direction away from the eye's yaw, so the view never
// degenerates. Unit is the length the camera's limits and the scene's
// decorations are measured in (UnitFor of the model's size; 0 counts as
// 1): the clip planes (Near, Far), the distance limits (MinDistance,
// MaxDistance), Fit's FitMinRadius, and the grid, basis rods and axis cap
// Frame.Scene draws are all multiplied by it, so a model in millimetres or
// kilometres is seen as one in metres is. The zero value is not usable
// (Distance and Fov are zero); start from DefaultCamera.
type Camera struct {
	Target        mgl64.Vec3
	Yaw, Pitch    float64
	Distance, Fov float64
	Ortho         bool
	Unit          float64
}

// U returns the camera's unit: Unit, or 1 when Unit is 0, negative or
// not finite.
func (c Camera) U() float64 {
	if c.Unit > 0 && !math.IsInf(c.Unit, 0) {
		return c.Unit
	}
	return 1
}

// DefaultEye and DefaultTarget are the original demo's camera placement.
var (
	DefaultEye    = mgl64.Vec3{15, 10, 10}
	DefaultTarget = mgl64.Vec3{2, 0, 0}
)

// DefaultCamera returns the original demo's view: eye (15, 10, 10) looking
// at (2, 0, 0) with a 60 degree vertical field of view, perspective. Yaw
// (about 52.43), pitch (about 31.38) and distance (sqrt(369), about
// 19.209) are derived from the eye, so Eye() returns it to rounding.
func DefaultCamera() Camera {
	d := DefaultEye.Sub(DefaultTarget)
	return Camera{
		Target:   DefaultTarget,
		Yaw:      mgl64.RadToDeg(math.Atan2(d[0], d[2])),
		Pitch:    mgl64.RadToDeg(math.Atan2(d[1], math.Hypot(d[0], d[2]))),
		Distance: d.Len(),
		Fov:      60,
	}
}

// Offset returns the unit vector from Target toward the eye:
// (cos p sin y, sin p, cos p cos y) for yaw y and pitch p.
// Angles that are whole multiples of 90 degrees give exact 0 and 1 (so
// the Top view looks exactly along -y).
func (c Camera) Offset() mgl64.Vec3 {
	sy, cy := sinCosDeg(c.Yaw)
	sp, cp := sinCosDeg(c.Pitch)
	return mgl64.Vec3{cp * sy, sp, cp * cy}
}

// sinCosDeg returns the sine and cosine of a degrees, exact (0 or +-1)
// when a is a whole multiple of 90.
func sinCosDeg(a float64) (sin, cos float64) {
	if q := a / 90; q == math.Trunc(q) && math.Abs(q) < 1<<52 {
		switch int64(math.Mod(q, 4)+4) % 4 {
		case 0:
			return 0, 1
		case 1:
			return 1, 0
		case 2:
			return 0, -1
		default:
			return -1, 0
		}
	}
	return math.Sincos(mgl64.DegToRad(a))
}

// Eye returns the camera position: Target + Distance * Offset().
func (c Camera) Eye() mgl64.Vec3 {
	return c.Target.Add(c.Offset().Mul(c.Distance))
}

// Right and Up return the camera's unit right and up vectors in world
// space (the screen's +x and its upward direction). Up is not world +y
// unless Pitch is 0.
// Right depends on the yaw alone: (cos y, 0, -sin y).
func (c Camera) Right() mgl64.Vec3 {
	sy, cy := sinCosDeg(c.Yaw)
	return mgl64.Vec3{cy, 0, -sy}
}

// Up returns the camera's unit up vector in world space (see Right):
// Offset() x Right(), so at pitch 90 (looking down) it is the horizontal
// (-sin y, 0, -cos y).
func (c Camera) Up() mgl64.Vec3 {
	return c.Offset().Cross(c.Right())
}

// View returns the world-to-camera matrix: its rows are Right, Up and
// Offset (the camera looks along -Offset), and it moves Eye to the
// origin. For |Pitch| < 90 this is mgl64.LookAtV from Eye to Target with
// world +y up; at 90 it stays well defined (LookAt's would not). A
// Distance that is not positive (the eye on the target) or non-finite
// fields give NaN entries; Frame.Begin then draws nothing.
func (c Camera) View() mgl64.Mat4 {
	if !(c.Distance > 0) {
		nan := math.NaN()
		return mgl64.Mat4{nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan}
	}
	r, u, b, e := c.Right(), c.Up(), c.Offset(), c.Eye()
	return mgl64.Mat4FromRows(
		mgl64.Vec4{r[0], r[1], r[2], -r.Dot(e)},
		mgl64.Vec4{u[0], u[1], u[2], -u.Dot(e)},
		mgl64.Vec4{b[0], b[1], b[2], -b.Dot(e)},
		mgl64.Vec4{0, 0, 0, 1},
	)
}

// HalfHeight returns half the height, in world units, of the view at the
// target's distance: Distance * tan(Fov/2).
func (c Camera) HalfHeight() float64 {
	return c.Distance * math.Tan(mgl64.DegToRad(c.Fov)/2)
}

// Projection returns the camera-to-clip matrix for a viewport of the given
// aspect (width / height), OpenGL conventions (NDC z in [-1, 1]).
// Perspective uses Fov, near Near and far Far (times the unit, U).
// Orthographic spans 2*HalfHeight() vertically, so objects in the plane
// of Target keep their size when switching, and keeps depths from -Far to
// Far (times the unit): an orthographic
// picture has no eye point to be behind, so nothing near the camera is
// cut off however close Fit or a zoom brings it. A non-positive or
// non-finite aspect gives a matrix with Inf or NaN (Frame.Begin then
// draws nothing).
func (c Camera) Projection(aspect float64) mgl64.Mat4 {
	if c.Ortho {
		h := c.HalfHeight()
		return mgl64.Ortho(-h*aspect, h*aspect, -h, h, -Far*c.U(), Far*c.U())
	}
	return mgl64.Perspective(mgl64.DegToRad(c.Fov), aspect, Near*c.U(), Far*c.U())
}

// Orbit turns the camera about Target by dYaw and dPitch degrees. Pitch is
// clamped to [-MaxPitch, MaxPitch] and Yaw wrapped to [-180, 180).
// A camera a view preset put beyond MaxPitch (the Top view's 90) keeps
// its pitch while it only turns, and a drag brings it back toward the
// range without a jump: the clamp is then [-|Pitch|, |Pitch|], at most
// 90. Distance and Target are unchanged. Non-finite deltas are ignored.
func (c *Camera) Orbit(dYaw, dPitch float64) {
	if transform.Finite(dYaw) {
		c.Yaw = wrap180(c.Yaw + dYaw)
	}
	if transform.Finite(dPitch) {
		limit := MaxPitch
		if a := math.Abs(c.Pitch); a > limit {
			limit = math.Min(a, 90)
		}
		c.Pitch = mgl64.Clamp(c.Pitch+dPitch, -limit, limit)
	}
}

// Zoom multiplies Distance by factor (below 1 moves closer), clamped to
// [MinDistance, MaxDistance] times the unit (U). A non-finite or non-positive factor is
// ignored. Target and angles are unchanged.
func (c *Camera) Zoom(factor float64) {
	if !transform.Finite(factor) || factor <= 0 {
		return
	}
	c.Distance = mgl64.Clamp(c.Distance*factor, MinDistance*c.U(), MaxDistance*c.U())
}

// ZoomAt zooms like Zoom(factor) toward the pixel at of the viewport vp
// (pixels, y down): the point under at on the plane through Target facing
// the camera stays under at, in both projections. It moves Target within
// that plane toward the point by 1 - f, where f is the distance factor
// left after the clamp (the eye then stays on the ray through the point,
// and an orthographic view scales about it). A non-finite or non-positive
// factor is ignored; an invalid viewport or a non-finite at zooms about
// the centre, as Zoom does.
func (c *Camera) ZoomAt(factor float64, at mgl64.Vec2, vp Viewport) {
	if !transform.Finite(factor) || factor <= 0 {
		return
	}
	old, p, ok := c.Distance, c.Target, vp.valid() && transform.Finite(at[0], at[1])
	if ok {
		h := c.HalfHeight()
		nx, ny := 2*(at[0]-vp.X)/vp.W-1, 1-2*(at[1]-vp.Y)/vp.H
		p = p.Add(c.Right().Mul(nx * h * vp.Aspect())).Add(c.Up().Mul(ny * h))
	}
	c.Zoom(factor)
	if ok && old > 0 && transform.Finite(p[0], p[1], p[2]) {
		c.Target = p.Add(c.Target.Sub(p).Mul(c.Distance / old))
	}
}

// Pan moves Target (and so the eye) along the camera's Right and Up
// vectors by dx and dy viewport heights measured at the target's distance
// (2*HalfHeight() world units each). Pan(0.5, 0) moves the view half a
// screen height to the right, so the scene appears to move left: a UI that
// drags the scene with the pointer calls Pan(-dxPixels/H, dyPixels/H) for
// a viewport H pixels high and y-down pixel deltas. Non-finite deltas are
// ignored.
func (c *Camera) Pan(dx, dy float64) {
	if !transform.Finite(dx, dy) {
		return
	}
	h := 2 * c.HalfHeight()
	c.Target = c.Target.Add(c.Right().Mul(dx * h)).Add(c.Up().Mul(dy * h))
}

func wrap180(a float64) float64 {
	a = math.Mod(a+180, 360)
	if a < 0 {
		a += 360
	}
	return a - 180
}

// Orientation is a camera direction: Yaw and Pitch in degrees, as in
// Camera.
type Orientation struct{ Yaw, Pitch float64 }

// The standard views, named after what the camera sees, as in Blender's
// numpad views. Front looks along -z (the eye on +z), Side along -x (the
// eye on +x), Top straight down along -y with world x to the screen's
// right and world +z down the screen, and Iso along (-1, -1, -1) (yaw 45,
// pitch atan(1/sqrt 2), about 35.264, so the three axes are equally
// foreshortened).
var (
	TopView   = Orientation{Yaw: 0, Pitch: 90}
	FrontView = Orientation{Yaw: 0, Pitch: 0}
	SideView  = Orientation{Yaw: 90, Pitch: 0}
	IsoView   = Orientation{Yaw: 45, Pitch: mgl64.RadToDeg(math.Atan(1 / math.Sqrt2))}
)

// Face turns the camera to o about Target; Distance, Target, Fov and
// Ortho stay. Pitch is clamped to [-90, 90] and Yaw wrapped to
// [-180, 180); a non-finite angle leaves that angle as it was.
func (c *Camera) Face(o Orientation) {
	if transform.Finite(o.Yaw) {
		c.Yaw = wrap180(o.Yaw)
	}
	if transform.Finite(o.Pitch) {
		c.Pitch = mgl64.Clamp(o.Pitch, -90, 90)
	}
}

// FitMinRadius is the smallest half-size, in the camera's unit, that Fit
// frames: a box smaller than this in every direction (a scene scaled to
// a point) is framed as a sphere of this radius about its centre.
const FitMinRadius = 0.5

// Fit aims the camera at the axis-aligned box lo..hi and sets Distance so
// the box's projection fits a viewport of the given aspect (width /
// height) with margin (a fraction of the viewport's width and height left
// free on each side, clamped to [0, 0.45]); Yaw, Pitch, Fov and Ortho are
// kept, so only Target and Distance change.
//
// Orthographic: Target is the box's centre, and the box's extent along
// Right and Up fills exactly 1 - 2*margin of the viewport's width or
// height, whichever limits. Perspective: the box's corners are fitted
// between the frustum's planes moved in by the margin, so the projection
// is centred and again spans exactly 1 - 2*margin of the limiting
// dimension; for that, Target is the box's centre moved within the plane
// through it facing the camera (by at most the box's half-depth along the
// view times tan(Fov/2) times the aspect on x, and without the aspect on
// y; zero when the box looks symmetric, as a cube from the front), and every
// corner stays at least 2*Near (times the unit) in front of the eye.
//
// Fit keeps the camera's Unit: give it UnitFor of the box's size first
// (as the piston model does) and every box is framed whole. Lengths
// below are in that unit (U).
//
// Degenerate input: a box smaller than FitMinRadius in every direction is
// framed as a cube of that half-size (a zero-scale scene); lo > hi on an
// axis is read as the box between them. A non-finite corner, aspect or
// margin, a non-positive aspect or a Fov outside (0, 180) leaves the
// camera as it is. Distance is clamped to [MinDistance, MaxDistance]: a
// box too big to fit from MaxDistance (over about 460 units across at 60
// degrees, with a unit too small for it) is centred and cropped, since the
// far plane (Far) would cut it anyway.
func (c *Camera) Fit(lo, hi mgl64.Vec3, aspect, margin float64) {
	if !transform.Finite(lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]) {
		return
	}
	var f Fitter
	f.Start(*c, aspect, margin)
	addBox(&f, lo, hi)
	if fit, ok := f.Fit(); ok {
		*c = fit
	}
}

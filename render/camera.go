package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/transform"
)

// Near and Far are the camera's clip plane distances (world units), as in
// the original demo.
const (
	Near = 0.1
	Far  = 500.0
)

// Limits of the camera controls.
const (
	MaxPitch    = 89.0  // Orbit clamps Pitch to [-MaxPitch, MaxPitch] degrees
	MinDistance = 0.5   // Zoom clamps Distance to [MinDistance, MaxDistance]
	MaxDistance = 500.0 // world units
)

// Camera is an orbit camera looking at Target from Distance world units
// away. Yaw is in degrees about +y, measured from +z toward +x (yaw 0 puts
// the eye on +z of the target, yaw 90 on +x); Pitch is in degrees up from
// the xz-plane (positive looks down on the target). Fov is the vertical
// field of view in degrees. Ortho selects an orthographic projection sized
// so the plane through Target matches the perspective view. Up is always
// world +y. The zero value is not usable (Distance and Fov are zero); start
// from DefaultCamera.
type Camera struct {
	Target        mgl64.Vec3
	Yaw, Pitch    float64
	Distance, Fov float64
	Ortho         bool
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
func (c Camera) Offset() mgl64.Vec3 {
	y, p := mgl64.DegToRad(c.Yaw), mgl64.DegToRad(c.Pitch)
	return mgl64.Vec3{math.Cos(p) * math.Sin(y), math.Sin(p), math.Cos(p) * math.Cos(y)}
}

// Eye returns the camera position: Target + Distance * Offset().
func (c Camera) Eye() mgl64.Vec3 {
	return c.Target.Add(c.Offset().Mul(c.Distance))
}

// Right and Up return the camera's unit right and up vectors in world
// space (the screen's +x and its upward direction). Up is not world +y
// unless Pitch is 0.
func (c Camera) Right() mgl64.Vec3 {
	y := mgl64.DegToRad(c.Yaw)
	return mgl64.Vec3{math.Cos(y), 0, -math.Sin(y)}
}

// Up returns the camera's unit up vector in world space (see Right).
func (c Camera) Up() mgl64.Vec3 {
	return c.Offset().Cross(c.Right())
}

// View returns the world-to-camera matrix (mgl64.LookAtV from Eye to
// Target with world +y up). For a zero Distance or non-finite fields the
// result contains NaN; Frame.Begin then draws nothing.
func (c Camera) View() mgl64.Mat4 {
	return mgl64.LookAtV(c.Eye(), c.Target, mgl64.Vec3{0, 1, 0})
}

// HalfHeight returns half the height, in world units, of the view at the
// target's distance: Distance * tan(Fov/2).
func (c Camera) HalfHeight() float64 {
	return c.Distance * math.Tan(mgl64.DegToRad(c.Fov)/2)
}

// Projection returns the camera-to-clip matrix for a viewport of the given
// aspect (width / height), OpenGL conventions (NDC z in [-1, 1]), near
// Near and far Far. Perspective uses Fov; orthographic spans
// 2*HalfHeight() vertically, so objects in the plane of Target keep their
// size when switching. A non-positive or non-finite aspect gives a matrix
// with Inf or NaN (Frame.Begin then draws nothing).
func (c Camera) Projection(aspect float64) mgl64.Mat4 {
	if c.Ortho {
		h := c.HalfHeight()
		return mgl64.Ortho(-h*aspect, h*aspect, -h, h, Near, Far)
	}
	return mgl64.Perspective(mgl64.DegToRad(c.Fov), aspect, Near, Far)
}

// Orbit turns the camera about Target by dYaw and dPitch degrees. Pitch is
// clamped to [-MaxPitch, MaxPitch] and Yaw wrapped to [-180, 180).
// Distance and Target are unchanged. Non-finite deltas are ignored.
func (c *Camera) Orbit(dYaw, dPitch float64) {
	if transform.Finite(dYaw) {
		c.Yaw = wrap180(c.Yaw + dYaw)
	}
	if transform.Finite(dPitch) {
		c.Pitch = mgl64.Clamp(c.Pitch+dPitch, -MaxPitch, MaxPitch)
	}
}

// Zoom multiplies Distance by factor (below 1 moves closer), clamped to
// [MinDistance, MaxDistance]. A non-finite or non-positive factor is
// ignored. Target and angles are unchanged.
func (c *Camera) Zoom(factor float64) {
	if !transform.Finite(factor) || factor <= 0 {
		return
	}
	c.Distance = mgl64.Clamp(c.Distance*factor, MinDistance, MaxDistance)
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

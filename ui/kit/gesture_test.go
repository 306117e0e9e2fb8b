package kit

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/render"
)

// TestCameraGesturesDeviceScale: a drag orbits by OrbitDegPerPixel per
// device-independent pixel, and a device scale below 1 (or 0, unset)
// counts as 1 instead of speeding the orbit up or dividing by zero.
func TestCameraGesturesDeviceScale(t *testing.T) {
	const tol = 1e-12
	orbit := func(ds float64) float64 {
		cam := render.DefaultCamera()
		in := Input{Orbit: true, DX: -10, Height: 720, DeviceScale: ds}
		if !CameraGestures(&cam, &in) {
			t.Fatalf("device scale %g: no change", ds)
		}
		return cam.Yaw - render.DefaultCamera().Yaw
	}
	one := orbit(1)
	if d := one - 10*OrbitDegPerPixel; d > tol || d < -tol {
		t.Errorf("scale 1: yaw moved %g, want %g", one, 10*OrbitDegPerPixel)
	}
	for _, ds := range []float64{0, 0.5} {
		if d := orbit(ds) - one; d > tol || d < -tol {
			t.Errorf("scale %g: yaw moved %g, want %g as at scale 1", ds, orbit(ds), one)
		}
	}
	if d := orbit(2) - one/2; d > tol || d < -tol {
		t.Errorf("scale 2: yaw moved %g, want %g", orbit(2), one/2)
	}
	cam := render.DefaultCamera()
	if CameraGestures(&cam, &Input{DeviceScale: 1, Height: 720}) || cam != render.DefaultCamera() {
		t.Error("no gesture changed the camera")
	}
}

// TestWheelUpZoomsInTowardTheCursor: a wheel step away from the user
// brings the camera closer by ZoomPerStep (Blender's and three.js's
// direction), a step toward the user moves it away, and the point of the
// target's plane under the cursor keeps its pixel; a pinch that doubles
// the fingers' distance halves the distance, aimed at their midpoint.
func TestWheelUpZoomsInTowardTheCursor(t *testing.T) {
	const tol = 1e-6 // pixels
	in := Input{Width: 1280, Height: 720, ViewX: 336, ViewW: 608, DeviceScale: 1, CursorX: 800, CursorY: 200}
	vp := BandViewport(&in)
	if vp != (render.Viewport{X: 336, W: 608, H: 720}) {
		t.Fatalf("band viewport %v", vp)
	}
	// The point of the target's plane under the cursor, by hand: NDC
	// (nx, ny) times the half sizes along Right and Up.
	under := func(cam render.Camera) mgl64.Vec3 {
		nx, ny := 2*(in.CursorX-vp.X)/vp.W-1, 1-2*(in.CursorY-vp.Y)/vp.H
		h := cam.HalfHeight()
		return cam.Target.Add(cam.Right().Mul(nx * h * vp.Aspect())).Add(cam.Up().Mul(ny * h))
	}
	for _, ortho := range []bool{false, true} {
		for _, c := range []struct {
			wheel, pinch, factor float64
		}{{1, 0, ZoomPerStep}, {-1, 0, 1 / ZoomPerStep}, {2, 0, ZoomPerStep * ZoomPerStep}, {0, 2, 0.5}, {0, 0.8, 1.25}} {
			cam := render.DefaultCamera()
			cam.Ortho = ortho
			p := under(cam)
			var f render.Frame
			f.Begin(cam, vp)
			before, ok := f.Project(p)
			if !ok || before.Sub(mgl64.Vec2{in.CursorX, in.CursorY}).Len() > tol {
				t.Fatalf("the hand-made point %v projects to %v, not the cursor", p, before)
			}
			step := in
			step.Wheel, step.Pinch = c.wheel, c.pinch
			if !CameraGestures(&cam, &step) {
				t.Fatalf("wheel %g pinch %g: no change", c.wheel, c.pinch)
			}
			if d := cam.Distance - render.DefaultCamera().Distance*c.factor; d > 1e-9 || d < -1e-9 {
				t.Errorf("ortho %v wheel %g pinch %g: distance %g, want %g", ortho, c.wheel, c.pinch, cam.Distance, render.DefaultCamera().Distance*c.factor)
			}
			f.Begin(cam, vp)
			after, ok := f.Project(p)
			if !ok || after.Sub(before).Len() > tol {
				t.Errorf("ortho %v wheel %g pinch %g: the point under the cursor moved %v -> %v", ortho, c.wheel, c.pinch, before, after)
			}
		}
	}
	cam := render.DefaultCamera()
	if CameraGestures(&cam, &Input{Height: 720, Pinch: 1}) || cam != render.DefaultCamera() {
		t.Error("a pinch ratio of 1 changed the camera")
	}
	if vp := BandViewport(&Input{Width: 640, Height: 480}); vp != (render.Viewport{W: 640, H: 480}) {
		t.Errorf("no band: %v, want the screen", vp)
	}
}

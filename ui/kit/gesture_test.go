package kit

import (
	"testing"

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

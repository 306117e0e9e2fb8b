package kit

import (
	"math"

	"skewlab/render"
)

// Camera gesture rates.
const (
	OrbitDegPerPixel = 0.3 // degrees of orbit per (device-independent) pixel dragged
	ZoomPerStep      = 0.9 // distance factor per wheel step toward the target
)

// CameraGestures applies this tick's camera gestures in in to cam: a drag
// orbits (OrbitDegPerPixel per device-independent pixel; a device scale
// below 1, such as 0 when unset, counts as 1), a right or shift drag pans (by the
// drag over the screen height; nothing while the height is 0), and the
// wheel zooms by ZoomPerStep a step. It reports whether cam changed.
func CameraGestures(cam *render.Camera, in *Input) bool {
	moved := false
	if in.Orbit && (in.DX != 0 || in.DY != 0) {
		ds := max(1, in.DeviceScale)
		cam.Orbit(-in.DX*OrbitDegPerPixel/ds, in.DY*OrbitDegPerPixel/ds)
		moved = true
	}
	if in.Pan && (in.DX != 0 || in.DY != 0) && in.Height > 0 {
		cam.Pan(-in.DX/in.Height, in.DY/in.Height)
		moved = true
	}
	if in.Wheel != 0 {
		cam.Zoom(math.Pow(ZoomPerStep, -in.Wheel))
		moved = true
	}
	return moved
}

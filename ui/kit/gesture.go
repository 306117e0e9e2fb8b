package kit

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/render"
)

// Camera gesture rates.
const (
	OrbitDegPerPixel = 0.3 // degrees of orbit per (device-independent) pixel dragged
	ZoomPerStep      = 0.9 // distance factor per wheel step away from the user (toward the scene)
)

// CameraGestures applies this tick's camera gestures in in to cam, with
// the zoom aimed in the band the windows leave free (BandViewport); see
// CameraGesturesIn. It reports whether cam changed.
func CameraGestures(cam *render.Camera, in *Input) bool {
	return CameraGesturesIn(cam, in, BandViewport(in))
}

// CameraGesturesIn applies this tick's camera gestures in in to cam, for
// a picture drawn in vp (device pixels): a drag orbits
// (OrbitDegPerPixel per device-independent pixel; a device scale below 1,
// such as 0 when unset, counts as 1), a right or shift drag pans (by the
// drag over the screen height; nothing while the height is 0), the wheel
// zooms by ZoomPerStep a step toward the point under the cursor (wheel up,
// away from the user, zooms in, as in Blender and three.js), and a pinch
// zooms by its distance ratio toward its midpoint (render.Camera.ZoomAt:
// the point of the target's plane under the cursor stays there). With an
// invalid vp the zoom aims at the centre. It reports whether cam changed.
func CameraGesturesIn(cam *render.Camera, in *Input, vp render.Viewport) bool {
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
	at := mgl64.Vec2{in.CursorX, in.CursorY}
	if in.Wheel != 0 {
		cam.ZoomAt(math.Pow(ZoomPerStep, in.Wheel), at, vp)
		moved = true
	}
	if in.Pinch > 0 && in.Pinch != 1 {
		cam.ZoomAt(1/in.Pinch, at, vp)
		moved = true
	}
	return moved
}

// BandViewport returns the band of in's screen the windows leave free
// (ViewX, ViewW, the picture's height; all of the width when ViewW is 0), as
// a render.Viewport in device pixels.
func BandViewport(in *Input) render.Viewport {
	if !(in.ViewW > 0) {
		return render.Viewport{W: in.Width, H: in.PictureHeight()}
	}
	return render.Viewport{X: in.ViewX, W: in.ViewW, H: in.PictureHeight()}
}

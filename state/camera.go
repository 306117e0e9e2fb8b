package state

import "skewlab/render"

// Apply returns the default camera with this spec's yaw, pitch and
// distance, and its target and field of view where given.
func (c CameraSpec) Apply(cam render.Camera) render.Camera {
	cam.Yaw, cam.Pitch, cam.Distance = c.Yaw, c.Pitch, c.Distance
	if c.HasTarget {
		cam.Target = c.Target
	}
	if c.HasFov {
		cam.Fov = c.Fov
	}
	return cam
}

// CameraView returns the camera the state asks for: the default view, changed
// by the camera setting when there is one.
func (s State) CameraView() render.Camera {
	cam := render.DefaultCamera()
	if s.Camera != nil {
		cam = s.Camera.Apply(cam)
	}
	return cam
}

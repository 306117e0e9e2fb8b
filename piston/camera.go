package piston

import (
	"strings"

	"skewlab/render"
	"skewlab/state"
)

// CameraFromSpec returns base with the parts of spec applied: yaw, pitch
// and distance always, the target and field of view where spec has them.
func CameraFromSpec(spec state.CameraSpec, base render.Camera) render.Camera {
	base.Yaw, base.Pitch, base.Distance = spec.Yaw, spec.Pitch, spec.Distance
	if spec.HasTarget {
		base.Target = spec.Target
	}
	if spec.HasFov {
		base.Fov = spec.Fov
	}
	return base
}

// HomeCamera returns the camera st asks for: render.DefaultCamera, changed
// by st's camera setting when there is one. With a setting it is the
// model's starting (and Reset) camera and the export command's camera, as
// is; without one, the model and Figure frame the scene from its
// direction (Model.FrameNext), so only its Yaw, Pitch and Fov matter.
//
// st's view setting turns it to that standard view first (a camera
// setting's yaw and pitch still win), and its ortho setting makes it
// orthographic.
func HomeCamera(st state.State) render.Camera {
	cam := render.DefaultCamera()
	for _, v := range Views {
		if strings.EqualFold(v.String(), st.View) {
			o := v.Orientation()
			cam.Yaw, cam.Pitch = o.Yaw, o.Pitch
		}
	}
	cam.Ortho = st.Ortho
	if st.Camera != nil {
		cam = CameraFromSpec(*st.Camera, cam)
	}
	return cam
}

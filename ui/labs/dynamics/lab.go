package dynamicslab

import (
	"skewlab/dynamics"
	"skewlab/state"
	"skewlab/ui/kit"
)

// Lab is the dynamics lab as a unit: its presets are the models of
// package dynamics (not scenes), the turntable first; its view plays the
// model in the window; its command is `skewlab dynamics`; its figure is
// dynamics.GestureFigure, the picture of a preset played by a gesture,
// drawn with no display, and its motion dynamics.GestureMotion, the
// pictures at moments of the gesture.
var Lab = kit.Lab{
	State:   dynamics.LabState,
	NewView: newLabView,
	Command: command,
	Figure:  figure,
	Motion:  motion,
}

// Share writes the dynamics preset shown and the crash's counteraction
// (on or off), while the dynamics lab is the lab shown (st.Lab): a
// dynamics preset needs its lab.
func (v *view) Share(st *state.State) {
	if st.Lab == Lab.State.Name {
		st.Preset = dynamics.PresetNames()[v.Preset]
		st.Counteract = "on"
		if !v.Counteract {
			st.Counteract = "off"
		}
	}
}

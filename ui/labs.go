package ui

import (
	"skewlab/dynamics"
	"skewlab/state"
	"skewlab/ui/kit"
)

// The dynamics lab as a unit: what it contributes to the
// state, its view's constructor, and the part of a Share link its view
// writes.

// DynamicsLab is the dynamics lab: its presets are the models of package
// dynamics (not scenes), the turntable first.
var DynamicsLab = kit.Lab{
	State:   state.Lab{Name: "dynamics", Presets: dynamics.PresetNames()},
	NewView: newDynamicsView,
}

// Share writes the dynamics preset shown, while the dynamics lab is the
// lab shown (st.Lab): a dynamics preset needs its lab.
func (v *DynamicsView) Share(st *state.State) {
	if st.Lab == DynamicsLab.State.Name {
		st.Preset = dynamics.PresetNames()[v.Preset]
	}
}

package ui

import (
	"skewlab/ui/kit"
	"strings"

	"skewlab/drift"
	"skewlab/dynamics"
	"skewlab/state"
)

// The drift and dynamics labs as units: what each contributes to the
// state, its view's constructor, and the part of a Share link its view
// writes.

// DriftLab is the drift lab: no presets, and its own setting normalize
// (how the spin axis is normalized, drift.NormNames, float64 by default).
var DriftLab = kit.Lab{
	State: state.Lab{Name: "drift", Params: []state.Param{
		state.Choice("normalize", "drift lab: normalize the spin axis in "+strings.Join(drift.NormNames(), " or "),
			drift.NormNames(), drift.NormNames()[0], func(s *state.State) *string { return &s.Normalize }),
	}},
	NewView: newDriftView,
	Command: drift.Command,
}

// DynamicsLab is the dynamics lab: its presets are the models of package
// dynamics (not scenes), the turntable first.
var DynamicsLab = kit.Lab{
	State:   state.Lab{Name: "dynamics", Presets: dynamics.PresetNames()},
	NewView: newDynamicsView,
}

// Share writes the drift lab's normalization, the one the lab runs now.
func (v *DriftView) Share(st *state.State) {
	st.Normalize = drift.Norm(v.M.Norm).String()
}

// Share writes the dynamics preset shown, while the dynamics lab is the
// lab shown (st.Lab): a dynamics preset needs its lab.
func (v *DynamicsView) Share(st *state.State) {
	if st.Lab == DynamicsLab.State.Name {
		st.Preset = dynamics.PresetNames()[v.Preset]
	}
}

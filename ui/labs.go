package ui

import (
	"skewlab/ui/kit"
	"strings"

	"skewlab/drift"
	"skewlab/state"
)

// The drift lab as a unit: what it contributes to the state, its view's
// constructor, and the part of a Share link its view writes.

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

// Share writes the drift lab's normalization, the one the lab runs now.
func (v *DriftView) Share(st *state.State) {
	st.Normalize = drift.Norm(v.M.Norm).String()
}

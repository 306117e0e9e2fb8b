package drift

import (
	"strings"

	"skewlab/state"
)

// LabState is what the drift lab contributes to the state (kit.Lab's
// State; drift.Lab is the experiment): its name, no presets, and its own
// setting normalize (how the spin axis is normalized, NormNames, float64
// by default), a flag of skewlab app and a URL parameter.
var LabState = state.Lab{Name: "drift", Params: []state.Param{
	state.Choice("normalize", "drift lab: normalize the spin axis in "+strings.Join(NormNames(), " or "),
		NormNames(), NormNames()[0], func(s *state.State) *string { return &s.Normalize }),
}, CheckGesture: CheckGesture}

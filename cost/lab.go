package cost

import (
	"strings"

	"skewlab/state"
)

// LabState is what the cost lab contributes to the state (kit.Lab's
// State): its name, no presets, and its own setting hierarchy (the
// generated hierarchy shown, Shapes, 4ary by default), a flag of skewlab
// app and export and a URL parameter.
var LabState = state.Lab{Name: "cost", Params: []state.Param{
	state.Choice("hierarchy", "cost lab: the generated hierarchy shown, "+strings.Join(Shapes, " or "),
		Shapes, Shapes[0], func(s *state.State) *string { return &s.Hierarchy }),
}}

package main

import (
	"skewlab/state"
	"skewlab/ui"
)

// labs are the labs of the app, in the order of its Lab window; the first
// is the default lab. Adding a lab is one line here (docs/architecture.md).
var labs = []ui.Lab{ui.PistonLab, ui.DriftLab, ui.DynamicsLab}

// init installs the labs' names, presets and settings in package state,
// before any flag or URL is parsed (dispatch and the tests run after
// every init).
func init() { state.UseLabs(ui.LabStates(labs)...) }

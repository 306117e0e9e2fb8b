//go:build js

package costlab

import (
	"skewlab/cli"
	"skewlab/render"
	"skewlab/state"
)

// The web build has no commands (export, tour -export, cost), so the lab
// carries no figure and no command there (kit.Lab's Figure nil, Command
// zero), and the page's download stays small: the cost tables' writers
// and their JSON are not in it.
var (
	command cli.Command
	figure  func(st state.State, w, h int, g state.Gesture) ([]render.Segment, []render.Label, error)
)

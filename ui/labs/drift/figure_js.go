//go:build js

package driftlab

import (
	"skewlab/cli"
	"skewlab/render"
	"skewlab/state"
)

// The web build has no commands (export, tour -export, the lab's own),
// so the lab carries no figure, motion or command there (kit.Lab's
// Figure and Motion nil, Command the zero Command), and the page's
// download stays small (the two labs' commands were 21 KB of its gzip).
var (
	figure  func(st state.State, w, h int, g state.Gesture) ([]render.Segment, []render.Label, error)
	motion  func(st state.State, w, h int, g state.Gesture, ps []float64) ([]render.Picture, error)
	command cli.Command
)

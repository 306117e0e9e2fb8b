//go:build js

package dynamicslab

import (
	"skewlab/render"
	"skewlab/state"
)

// The web build has no commands (export, tour -export), so the lab
// carries no figure or motion there (kit.Lab's Figure and Motion nil),
// and the page's download stays small.
var (
	figure func(st state.State, w, h int, g state.Gesture) ([]render.Segment, []render.Label, error)
	motion func(st state.State, w, h int, g state.Gesture, ps []float64) ([]render.Picture, error)
)

//go:build js

package costlab

import (
	"skewlab/render"
	"skewlab/state"
)

// The web build has no commands (export, tour -export), so the lab
// carries no figure there (kit.Lab's Figure nil), and the page's
// download stays small.
var figure func(st state.State, w, h int, g state.Gesture) ([]render.Segment, []render.Label, error)

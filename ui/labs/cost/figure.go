//go:build !js

package costlab

import (
	"errors"

	"skewlab/cost"
	"skewlab/render"
	"skewlab/state"
)

// command is the lab's kit.Lab Command, skewlab cost; the web build,
// which has no commands, leaves it zero (figure_js.go), and the page's
// download without the tables' writers.
var command = cost.Command

// figure is the lab's kit.Lab Figure for the commands (cost.Figure); the
// cost lab plays no gestures, so a gesture is an error. The web build,
// which has no commands, leaves it nil (figure_js.go).
func figure(st state.State, w, h int, g state.Gesture) ([]render.Segment, []render.Label, error) {
	if g.Kind != "" {
		return nil, nil, errors.New("the cost lab plays no gestures")
	}
	return cost.Figure(st, w, h)
}

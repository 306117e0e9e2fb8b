//go:build !js

package pistonlab

import (
	"skewlab/piston"
	"skewlab/render"
	"skewlab/state"
)

// figure is the piston lab's Figure: piston.Figure of st, or with a
// gesture (a sweep; the piston does not run in time) the last picture
// of its motion: the sweep's end with its start as a dashed ghost, framed
// for the whole sweep (piston.Motion at progress 1).
func figure(st state.State, w, h int, g state.Gesture) ([]render.Segment, []render.Label, error) {
	if g.Kind == "" {
		return piston.Figure(st, w, h)
	}
	pics, err := piston.Motion(st, g, w, h, []float64{1})
	if err != nil {
		return nil, nil, err
	}
	return pics[0].Segments, pics[0].Labels, nil
}

// motion is the piston lab's Motion: piston.Motion, the pictures of a
// sweep with one camera and the start as a ghost.
func motion(st state.State, w, h int, g state.Gesture, ps []float64) ([]render.Picture, error) {
	return piston.Motion(st, g, w, h, ps)
}

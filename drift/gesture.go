package drift

import (
	"errors"
	"fmt"

	"skewlab/render"
	"skewlab/state"
)

// CheckGesture is the drift lab's state.Lab.CheckGesture: it plays
// fast-forward to one of Targets' frame counts; any other kind is an
// error.
func CheckGesture(_ state.State, g state.Gesture) error {
	if g.Kind != state.GestureFastForward {
		return fmt.Errorf("gesture %s: the drift lab plays only fast-forward", g.Kind)
	}
	if targetIndex(g.Frames) < 0 {
		return fmt.Errorf("gesture fast-forward: frames %d is not a target (valid: %v)", g.Frames, Targets)
	}
	return nil
}

// targetIndex returns the index of frames in Targets, or -1.
func targetIndex(frames int) int {
	for i, t := range Targets {
		if t == frames {
			return i
		}
	}
	return -1
}

// FastForward restarts the run from frame 0 toward frames (one of
// Targets; another count is an error and changes nothing) at the fastest
// speed, playing: the drift lab's fast-forward gesture. Tick then runs it
// there.
func (m *Model) FastForward(frames int) error {
	i := targetIndex(frames)
	if i < 0 {
		return fmt.Errorf("fast-forward: %d frames is not a target (valid: %v)", frames, Targets)
	}
	m.Target, m.Speed, m.Paused = i, len(Speeds)-1, false
	m.Reset()
	return nil
}

// GestureFigure is Figure for a tour step: the run fast-forwarded to
// g.Frames (GestureFastForward) or to the default target (the zero
// Gesture), with st's normalization, at w by h pixels.
func GestureFigure(st state.State, w, h int, g state.Gesture) ([]render.Segment, []render.Label, error) {
	frames := Targets[DefaultTarget]
	if g.Kind != "" {
		if err := CheckGesture(st, g); err != nil {
			return nil, nil, err
		}
		frames = g.Frames
	}
	return figureTo(st.Normalize, frames, w, h)
}

// errStopped is the figure's error when the lab stops short of its target.
var errStopped = errors.New("the drift lab stopped before its target")

package dynamics

import (
	"slices"
	"testing"

	"skewlab/render"
	"skewlab/state"
)

// samePicture reports whether p holds exactly segs and labels.
func samePicture(p render.Picture, segs []render.Segment, labels []render.Label) bool {
	return slices.Equal(p.Segments, segs) && slices.Equal(p.Labels, labels)
}

// TestGestureMotion: the motion's pictures, asked for out of order, are
// the pictures GestureFigure draws of fresh runs: at 1 the gesture's
// end; at 0 the preset at time 0 (the zero Gesture); before the
// turntable's reversal the same run played (play) to that time, since a
// reverse gesture plays as play does until its At; on the crash with
// counteraction off, play truncated likewise. Each run here is a fresh
// model, so the pictures drawn along one run match pictures drawn from
// scratch.
func TestGestureMotion(t *testing.T) {
	const w, h = 320, 180
	for _, c := range []struct {
		st state.State
		g  state.Gesture
	}{
		{state.State{Preset: "turntable"}, state.Gesture{Kind: state.GestureReverse, At: 3, Seconds: 6}},
		{state.State{Preset: "crash", Counteract: "off"}, state.Gesture{Kind: state.GesturePlay, Seconds: 3}},
	} {
		st := c.st
		ps := []float64{1, 0.25, 0, 0.4}
		pics, err := GestureMotion(st, w, h, c.g, ps)
		if err != nil {
			t.Fatal(err)
		}
		if len(pics) != len(ps) {
			t.Fatalf("%s: %d pictures for %d moments", st.Preset, len(pics), len(ps))
		}
		for i, p := range ps {
			g := state.Gesture{Kind: state.GesturePlay, Seconds: p * c.g.Seconds} // before At (2.4 s at most): play
			switch p {
			case 0:
				g = state.Gesture{}
			case 1:
				g = c.g
			}
			segs, labels, err := GestureFigure(st, w, h, g)
			if err != nil {
				t.Fatal(err)
			}
			if !samePicture(pics[i], segs, labels) {
				t.Errorf("%s at %v: the motion's picture differs from GestureFigure's of %+v", st.Preset, p, g)
			}
		}
		if samePicture(pics[0], pics[2].Segments, pics[2].Labels) {
			t.Errorf("%s: the end is the start", st.Preset)
		}
	}
	st := state.State{Preset: "crash"}
	for name, g := range map[string]state.Gesture{
		"no gesture":       {},
		"reverse on crash": {Kind: state.GestureReverse, At: 1, Seconds: 2},
		"fast-forward":     {Kind: state.GestureFastForward, Frames: 1000},
	} {
		if pics, err := GestureMotion(st, w, h, g, []float64{0, 1}); err == nil || pics != nil {
			t.Errorf("%s: %d pictures, error %v; want an error", name, len(pics), err)
		}
	}
}

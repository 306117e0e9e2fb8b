package drift

import (
	"slices"
	"testing"

	"skewlab/state"
)

// TestGestureMotion: the fast-forward's pictures, asked for out of
// order from one run, are those of fresh runs: at 1 GestureFigure's; at
// 0 and 0.37 a new model run to frame 0 and to round(0.37 * 100,000) =
// 37,000 frames and drawn there; and they differ.
func TestGestureMotion(t *testing.T) {
	const w, h = 640, 360
	st, errs := state.FromSearch("lab=drift")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	g := state.Gesture{Kind: state.GestureFastForward, Frames: 100000}
	pics, err := GestureMotion(st, w, h, g, []float64{1, 0.37, 0})
	if err != nil {
		t.Fatal(err)
	}
	segs, labels, err := GestureFigure(st, w, h, g)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(pics[0].Segments, segs) || !slices.Equal(pics[0].Labels, labels) {
		t.Error("at 1: the motion's picture differs from GestureFigure's")
	}
	for i, frames := range map[int]int{1: 37000, 2: 0} {
		m, err := figureModel("", g.Frames)
		if err != nil {
			t.Fatal(err)
		}
		if err := runTo(m, frames); err != nil {
			t.Fatal(err)
		}
		if m.Lab.Frame() != frames {
			t.Fatalf("ran to frame %d, want %d", m.Lab.Frame(), frames)
		}
		want := figurePicture(m, w, h)
		if !slices.Equal(pics[i].Segments, want.Segments) || !slices.Equal(pics[i].Labels, want.Labels) {
			t.Errorf("at frame %d: the motion's picture differs from a fresh run's", frames)
		}
	}
	if slices.Equal(pics[1].Segments, pics[2].Segments) || slices.Equal(pics[0].Segments, pics[1].Segments) {
		t.Error("the pictures at frames 0, 37,000 and 100,000 are not all different")
	}
	for name, bad := range map[string]state.Gesture{
		"no gesture": {},
		"play":       {Kind: state.GesturePlay, Seconds: 1},
		"no target":  {Kind: state.GestureFastForward, Frames: 12345},
	} {
		if pics, err := GestureMotion(st, w, h, bad, []float64{0, 1}); err == nil || pics != nil {
			t.Errorf("%s: %d pictures, error %v; want an error", name, len(pics), err)
		}
	}
}

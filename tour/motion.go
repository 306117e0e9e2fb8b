package tour

import (
	"fmt"
	"math"
	"time"

	"skewlab/render"
	"skewlab/state"
)

// A step's animated figure: the pictures of its gesture from its start
// to its end, each with the caption band, as `tour -export` writes them
// (NN-slug.anim.png) and `export -animated -tour N`.

// MotionFunc draws a lab's picture for st at moments of gesture g, w by
// h pixels, with no display (kit.Lab's Motion): one picture per progress
// p of ps, 0 the state before g plays and 1 what the lab's FigureFunc
// draws after it.
type MotionFunc func(st state.State, w, h int, g state.Gesture, ps []float64) ([]render.Picture, error)

// AnimSuffix ends the file name of a step's animated figure, after
// FileName: NN-slug.anim.png, a PNG file (APNG) beside the still NN-slug.png.
const AnimSuffix = ".anim.png"

// Frame counts and timing of an animated figure.
const (
	// AnimFrames is the number of pictures `tour -export` draws of a
	// gesture, its start and end included (frames that come out equal
	// are written once, shown for their total time).
	AnimFrames = 24
	// MinAnimFrames and MaxAnimFrames bound the pictures asked of a
	// gesture (export -animated -frames).
	MinAnimFrames = 8
	MaxAnimFrames = 120
	// HoldStart and HoldEnd are how long the first and the last picture
	// show: the start long enough to be seen, the end long enough to be
	// read before the animation starts again.
	HoldStart = 600 * time.Millisecond
	HoldEnd   = 2 * time.Second
)

// PlaySeconds returns how long gesture g takes to play in an animated
// figure, without the holds: a sweep's Seconds (as the window plays it);
// play and reverse their simulated Seconds, at most 4 s (a longer run is
// shown faster); fast-forward 3 s (the window's speed depends on the
// machine). The zero Gesture takes 0.
func PlaySeconds(g state.Gesture) float64 {
	switch g.Kind {
	case state.GestureSweep:
		return g.Seconds
	case state.GesturePlay, state.GestureReverse:
		return math.Min(g.Seconds, 4)
	case state.GestureFastForward:
		return 3
	}
	return 0
}

// MotionPlan returns the progress values and delays of an animated
// figure of gesture g in frames pictures (at least 2): progress k/(frames
// - 1) for k = 0 .. frames-1, evenly spaced from the start (0) to the end
// (1), and each picture's delay: HoldStart for the first, HoldEnd for the
// last, PlaySeconds(g)/(frames-1) for each between, so the motion plays
// in PlaySeconds(g) plus the holds. frames under 2 counts as 2.
func MotionPlan(g state.Gesture, frames int) ([]float64, []time.Duration) {
	frames = max(2, frames)
	ps := make([]float64, frames)
	ds := make([]time.Duration, frames)
	step := time.Duration(math.Round(PlaySeconds(g) / float64(frames-1) * float64(time.Second)))
	for k := range ps {
		ps[k] = float64(k) / float64(frames-1)
		ds[k] = step
	}
	ps[frames-1] = 1
	ds[0], ds[frames-1] = HoldStart, HoldEnd
	return ps, ds
}

// Motion draws step n's animated figure: for each progress p of ps, the
// step's lab picture at that point of its gesture (motion(lab), the lab
// of the step's state) with the caption band below, laid out as Figure
// lays it out, so the picture at p = 1 is Figure's still. A step out of
// range or without a gesture, a lab that plays none, or a size under 16
// pixels is an error.
func (t *Tour) Motion(n, w, h int, ps []float64, motion func(lab string) (MotionFunc, bool)) ([]render.Picture, error) {
	s, err := t.Step(n)
	if err != nil {
		return nil, err
	}
	if s.Gesture.Kind == "" {
		return nil, fmt.Errorf("tour: step %d has no gesture to animate", n)
	}
	if w < 16 || h < 16 {
		return nil, fmt.Errorf("tour: figure size %dx%d: both must be at least 16", w, h)
	}
	play, ok := motion(s.State.Lab)
	if !ok {
		return nil, fmt.Errorf("tour: step %d: lab %s plays no gestures", n, s.State.Lab)
	}
	o := Layout(s, n, t.Len(), 0, float64(w), float64(h), 1)
	pics, err := play(s.State, w, PictureHeight(o.PictureH), s.Gesture, ps)
	if err != nil {
		return nil, fmt.Errorf("tour: step %d: %v", n, err)
	}
	if len(pics) != len(ps) {
		return nil, fmt.Errorf("tour: step %d: %d pictures for %d moments", n, len(pics), len(ps))
	}
	for i := range pics {
		if len(o.Labels) > 0 {
			pics[i].Segments = append(pics[i].Segments, o.Rule)
			pics[i].Labels = append(pics[i].Labels, o.Labels...)
		}
	}
	return pics, nil
}

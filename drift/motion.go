package drift

import (
	"errors"
	"math"
	"slices"

	"skewlab/render"
	"skewlab/state"
)

// GestureMotion draws the drift lab's picture of st at moments of the
// fast-forward gesture g (the zero Gesture is an error): for each
// progress p of ps (0 to 1, clamped), the run at frame round(p *
// g.Frames), with st's normalization, at w by h pixels. The run is
// computed once, in order, and drawn whenever it reaches a frame asked
// for, so the picture at p = 1 is GestureFigure's and the one at p = 0
// the run before its first frame. An error means g or st does not suit
// the lab, or the size is under 1 by 1; nothing partial is returned.
func GestureMotion(st state.State, w, h int, g state.Gesture, ps []float64) ([]render.Picture, error) {
	if g.Kind == "" {
		return nil, errors.New("drift motion: no gesture to play")
	}
	if err := CheckGesture(st, g); err != nil {
		return nil, err
	}
	if w < 1 || h < 1 {
		return nil, errSize
	}
	m, err := figureModel(st.Normalize, g.Frames)
	if err != nil {
		return nil, err
	}
	frame := func(p float64) int {
		if !(p > 0) {
			return 0
		}
		return int(math.Round(min(p, 1) * float64(g.Frames)))
	}
	order := make([]int, len(ps))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return frame(ps[a]) - frame(ps[b]) })
	out := make([]render.Picture, len(ps))
	for _, i := range order {
		if err := runTo(m, frame(ps[i])); err != nil {
			return nil, err
		}
		out[i] = figurePicture(m, w, h)
	}
	return out, nil
}

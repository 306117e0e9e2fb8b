package dynamics

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"skewlab/render"
	"skewlab/state"
)

// GestureMotion draws the dynamics lab's picture of st at moments of the
// gesture g (play or reverse; the zero Gesture is an error): for each
// progress p of ps (0 to 1, clamped, in any order), the picture at time
// p * g.Seconds, rounded to whole steps Dt, into a w by h pixel viewport.
// The model plays through g once, as GestureFigure plays it (Perform:
// the spin reversed at g.At, the crash's camera following the car and
// the box), and is drawn whenever it reaches a moment asked for, so the
// picture at p = 1 is GestureFigure's and the one at p = 0 the preset at
// time 0. An error means g, st or the size does not suit the lab; nothing
// partial is returned.
func GestureMotion(st state.State, w, h int, g state.Gesture, ps []float64) ([]render.Picture, error) {
	if g.Kind == "" {
		return nil, errors.New("dynamics motion: no gesture to play")
	}
	if w < 1 || h < 1 {
		return nil, fmt.Errorf("dynamics figure: size %dx%d: both must be at least 1", w, h)
	}
	if err := g.Check(); err != nil {
		return nil, err
	}
	if err := CheckGesture(st, g); err != nil {
		return nil, err
	}
	m := NewModel()
	m.Configure(st)
	text, line := render.FigureScales(h)
	m.LabelScale = text
	m.setAspect(float64(w), float64(h))
	end := gestureSteps(m, g.Seconds)
	steps := func(p float64) int {
		if !(p > 0) {
			return 0
		}
		return min(end, int(math.Round(min(p, 1)*g.Seconds/m.dt())))
	}
	order := make([]int, len(ps))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return steps(ps[a]) - steps(ps[b]) })
	out := make([]render.Picture, len(ps))
	reversed := false
	l := m.Lab()
	for _, i := range order {
		for n := steps(ps[i]); m.stepsDone(l) < n && m.Perform(g, &reversed); {
		}
		f := render.Frame{LineScale: line}
		m.Picture(&f, render.Viewport{W: float64(w), H: float64(h)})
		render.ScaleFigure(f.Segments, f.Labels, text, line)
		out[i] = render.Picture{Segments: f.Segments, Labels: f.Labels}
	}
	return out, nil
}

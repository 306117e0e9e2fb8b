package cost

import (
	"errors"
	"fmt"
	"time"

	"skewlab/render"
	"skewlab/state"
)

// Figure measures the hierarchy st.Hierarchy names ("" for the first of
// Shapes) at DefaultSizes, one thread and all cores, to the end (about
// 10 s on the 2-core machine of docs/cost.md), and returns the lab's
// picture of it at w by h pixels as the window draws it with the UI off
// (no room kept for windows, text at render.FigureScales' size where it
// fits): the segments in pixels (y down) and the labels anchored for
// render.WritePNG and WriteSVG. It needs no display. An unknown
// hierarchy, or a w or h below 1, is an error and measures nothing.
func Figure(st state.State, w, h int) ([]render.Segment, []render.Label, error) {
	shape := st.Hierarchy
	if shape == "" {
		shape = Shapes[0]
	}
	return figure(Config{Sizes: DefaultSizes, Shapes: []string{shape}}, CommandCellTime, w, h)
}

// figure measures c to the end, each cost over cellTime of timed work (0:
// the window's), and draws it at w by h pixels (Figure's work, for any
// Config). A figure is measured as the command measures, not as the
// window does: it is kept, so its curves should be as steady.
func figure(c Config, cellTime time.Duration, w, h int) ([]render.Segment, []render.Label, error) {
	if w < 1 || h < 1 {
		return nil, nil, errors.New("the cost figure needs a size of at least 1 by 1 pixels")
	}
	m, err := NewModel(c)
	if err != nil {
		return nil, nil, fmt.Errorf("the cost figure: %w", err)
	}
	m.Budget, m.Bench.CellTime = time.Second, cellTime
	for m.Tick() {
	}
	m.Bench.Close()
	// As the window draws it with the UI off: at the hall's text size
	// for the figure's height where it fits (lines widen with it).
	text, _ := render.FigureScales(h)
	s := FitScale(float64(w), float64(h), 0, 0, text)
	var p Picture
	p.Build(m, Layout{W: float64(w), H: float64(h), Scale: s})
	return p.Segments, ExportLabels(nil, p.Labels, s), nil
}

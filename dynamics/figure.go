package dynamics

import (
	"fmt"
	"math"

	"skewlab/render"
	"skewlab/state"
)

// Figure draws the dynamics lab's picture with no display, as the window
// shows it with the UI off: the preset st.Preset names (the turntable
// when st.Preset is not a dynamics preset, as the lab opens), from its
// reset state and home camera, played for t seconds with the steps the
// window takes (whole steps Dt, round(t/Dt) of them, the crash's camera
// following the car and the box after each), then drawn with
// Model.Picture into a w by h pixel viewport. Segments and labels are in
// pixels, y down, as render.WritePNG and WriteSVG take them. st.Counteract
// "off" turns the crash's counteraction off. A size under 1 pixel, or a t that is negative,
// not finite or above MaxTime, is an error.
func Figure(st state.State, w, h int, t float64) ([]render.Segment, []render.Label, error) {
	if w < 1 || h < 1 {
		return nil, nil, fmt.Errorf("dynamics figure: size %dx%d: both must be at least 1", w, h)
	}
	if err := checkTime(t); err != nil {
		return nil, nil, fmt.Errorf("dynamics figure: %w", err)
	}
	m := NewModel()
	m.Configure(st)
	text, line := render.FigureScales(h)
	m.LabelScale = text
	m.setAspect(float64(w), float64(h))
	m.advanceTo(t)
	f := render.Frame{LineScale: line}
	m.Picture(&f, render.Viewport{W: float64(w), H: float64(h)})
	render.ScaleFigure(f.Segments, f.Labels, text, line)
	return f.Segments, f.Labels, nil
}

// advanceTo plays the shown preset from its current state for t seconds
// as the window does: round(t/Dt) steps of Dt, the crash's camera
// following (when Follow is on) after each, as Picture moves it every
// frame the window draws while playing.
func (m *Model) advanceTo(t float64) {
	l := m.Lab()
	dt := m.Turn.Dt
	if m.Preset == PresetCrash {
		dt = m.Crash.Dt
	}
	n := int(math.Round(t / dt))
	for i := 0; i < n; i++ {
		l.Step()
		if m.Preset == PresetCrash && m.Follow {
			m.follow()
		}
	}
}

package dynamics

import (
	"fmt"
	"math"

	"skewlab/render"
	"skewlab/state"
)

// LabState is what the dynamics lab contributes to the state (kit.Lab's
// State): its name, its presets (the models, the turntable first), its
// own setting counteract (the crash's "counteract inherited change", on
// by default) and the gestures it plays (CheckGesture).
var LabState = state.Lab{Name: "dynamics", Presets: PresetNames(),
	Params: []state.Param{
		state.Choice("counteract", "dynamics lab: the crash's counteract inherited change, on or off",
			[]string{"on", "off"}, "on", func(s *state.State) *string { return &s.Counteract }),
	},
	CheckGesture: CheckGesture}

// CheckGesture is the dynamics lab's state.Lab.CheckGesture: it plays
// play (the shown preset from time 0 to Seconds, then paused) and, on the
// turntable, reverse (the spin reverses when the time reaches At), with
// Seconds at most MaxTime.
func CheckGesture(st state.State, g state.Gesture) error {
	switch g.Kind {
	case state.GesturePlay, state.GestureReverse:
	default:
		return fmt.Errorf("gesture %s: the dynamics lab plays only play and reverse", g.Kind)
	}
	if g.Seconds > MaxTime {
		return fmt.Errorf("gesture %s: seconds %v above the lab's %v", g.Kind, g.Seconds, MaxTime)
	}
	if p, _ := PresetByName(st.Preset); g.Kind == state.GestureReverse && p != PresetTurntable {
		return fmt.Errorf("gesture reverse: only the turntable spins (preset %q)", st.Preset)
	}
	return nil
}

// Configure sets the model from st: the preset st.Preset names (the
// turntable when it is none of the lab's) and the crash's counteraction
// (st.Counteract "off" turns it off; anything else leaves it on).
func (m *Model) Configure(st state.State) {
	if p, ok := PresetByName(st.Preset); ok {
		m.SetPreset(p)
	}
	if st.Counteract == "off" {
		m.SetCounteract(false)
	}
}

// Playing a gesture: Perform advances a gesture by one window tick.

// Perform plays g one window tick on: the shown simulation steps once
// (one Dt) while its time is under g.Seconds, the turntable's spin
// reverses once the time reaches g.At (GestureReverse), and the
// simulation pauses at the end. It reports whether the gesture is still
// under way; a kind the lab does not play is over at once.
func (m *Model) Perform(g state.Gesture, reversed *bool) bool {
	if g.Kind != state.GesturePlay && g.Kind != state.GestureReverse {
		return false
	}
	l := m.Lab()
	l.Pause()
	if n := gestureSteps(m, g.Seconds); m.stepsDone(l) >= n {
		return false
	}
	m.Step()
	m.follow0()
	if g.Kind == state.GestureReverse && !*reversed && m.stepsDone(l) >= gestureSteps(m, g.At) {
		m.ReverseSpin()
		*reversed = true
	}
	return m.stepsDone(l) < gestureSteps(m, g.Seconds)
}

// gestureSteps is the number of whole steps Dt of the shown preset in t
// seconds, rounded (as Figure plays).
func gestureSteps(m *Model, t float64) int { return int(math.Round(t / m.dt())) }

// stepsDone is the number of whole steps the simulation has taken.
func (m *Model) stepsDone(l Lab) int { return int(math.Round(l.Time() / m.dt())) }

// dt is the shown preset's step.
func (m *Model) dt() float64 {
	if m.Preset == PresetCrash {
		return m.Crash.Dt
	}
	return m.Turn.Dt
}

// follow0 moves the crash's camera after a step, as the window does while
// playing (Follow).
func (m *Model) follow0() {
	if m.Preset == PresetCrash && m.Follow {
		m.follow()
	}
}

// GestureFigure is Figure for a tour step: st's preset and counteraction,
// played through g to its end as Perform plays it (play or reverse; the
// zero Gesture draws time 0), into a w by h pixel viewport.
func GestureFigure(st state.State, w, h int, g state.Gesture) ([]render.Segment, []render.Label, error) {
	if w < 1 || h < 1 {
		return nil, nil, fmt.Errorf("dynamics figure: size %dx%d: both must be at least 1", w, h)
	}
	if g.Kind != "" {
		if err := g.Check(); err != nil {
			return nil, nil, err
		}
		if err := CheckGesture(st, g); err != nil {
			return nil, nil, err
		}
	}
	m := NewModel()
	m.Configure(st)
	text, line := render.FigureScales(h)
	m.LabelScale = text
	m.setAspect(float64(w), float64(h))
	reversed := false
	for m.Perform(g, &reversed) {
	}
	f := render.Frame{LineScale: line}
	m.Picture(&f, render.Viewport{W: float64(w), H: float64(h)})
	render.ScaleFigure(f.Segments, f.Labels, text, line)
	return f.Segments, f.Labels, nil
}

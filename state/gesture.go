package state

import (
	"fmt"
	"math"
	"strings"
)

// The gesture kinds: what a lab plays by itself when a tour step opens.
const (
	// GestureSweep moves one node field (Gesture.Set, NODE.position,
	// NODE.euler in degrees or NODE.scale) from From to To over Seconds,
	// as a hand on the slider would (the piston lab).
	GestureSweep = "sweep"
	// GesturePlay plays a lab that runs in time from 0 to Seconds of its
	// time, then pauses (the dynamics lab).
	GesturePlay = "play"
	// GestureReverse plays as GesturePlay does and reverses the
	// turntable's spin when the time reaches At (the dynamics lab).
	GestureReverse = "reverse"
	// GestureFastForward runs the drift lab from frame 0 to Frames.
	GestureFastForward = "fast-forward"
)

// GestureKinds lists the gesture kinds, in the order of the constants.
var GestureKinds = []string{GestureSweep, GesturePlay, GestureReverse, GestureFastForward}

// Gesture is a change a lab plays by itself over time: a tour step's
// motion (a slider swept, a simulation played, the drift run
// fast-forwarded). The zero Gesture (Kind "") plays nothing. Which fields
// a kind reads is said at its constant; Check checks them, and the lab's
// own Lab.CheckGesture checks that the lab plays it. Times are seconds:
// of the window's clock for a sweep (at 60 ticks per second), of the
// lab's simulated time for play and reverse.
type Gesture struct {
	Kind    string    `json:"kind"`
	Set     string    `json:"set,omitempty"`
	From    []float64 `json:"from,omitempty"`
	To      []float64 `json:"to,omitempty"`
	Seconds float64   `json:"seconds,omitempty"`
	At      float64   `json:"at,omitempty"`
	Frames  int       `json:"frames,omitempty"`
}

// TicksPerSecond is the window's tick rate, at which a sweep is played:
// a sweep of Seconds takes round(Seconds * TicksPerSecond) ticks.
const TicksPerSecond = 60

// MaxSweepSeconds is the longest sweep a gesture may ask for, and
// MaxPlaySeconds the longest simulated time of play and reverse (the
// lab's own CheckGesture may allow less).
const (
	MaxSweepSeconds = 10.0
	MaxPlaySeconds  = 1e6
)

// sweepFields are the node fields a sweep may move (three numbers each).
var sweepFields = []string{"position", "euler", "scale"}

// Check checks the gesture's fields for its kind: a known kind; a sweep's
// NODE.FIELD with FIELD position, euler or scale, From and To of three
// finite numbers each within transform.MaxMagnitude, Seconds in (0,
// MaxSweepSeconds]; play's Seconds in (0, maxTime]; reverse's also At in
// (0, Seconds); fast-forward's Frames positive. Fields a kind does not
// read must be left out. The zero Gesture is valid.
func (g Gesture) Check() error {
	maxTime := MaxPlaySeconds
	unused := func(names ...string) error {
		for _, n := range names {
			set := false
			switch n {
			case "set":
				set = g.Set != ""
			case "from":
				set = g.From != nil
			case "to":
				set = g.To != nil
			case "seconds":
				set = g.Seconds != 0
			case "at":
				set = g.At != 0
			case "frames":
				set = g.Frames != 0
			}
			if set {
				return fmt.Errorf("gesture %s: %s does not apply", g.Kind, n)
			}
		}
		return nil
	}
	switch g.Kind {
	case "":
		return unused("set", "from", "to", "seconds", "at", "frames")
	case GestureSweep:
		if _, err := g.SweepSet(0); err != nil {
			return err
		}
		if !(g.Seconds > 0 && g.Seconds <= MaxSweepSeconds) {
			return fmt.Errorf("gesture sweep: seconds %v out of range (0, %v]", g.Seconds, MaxSweepSeconds)
		}
		return unused("at", "frames")
	case GesturePlay, GestureReverse:
		if !(g.Seconds > 0 && g.Seconds <= maxTime) {
			return fmt.Errorf("gesture %s: seconds %v out of range (0, %v]", g.Kind, g.Seconds, maxTime)
		}
		if g.Kind == GestureReverse && !(g.At > 0 && g.At < g.Seconds) {
			return fmt.Errorf("gesture reverse: at %v must be in (0, seconds %v)", g.At, g.Seconds)
		}
		if g.Kind == GesturePlay {
			return unused("set", "from", "to", "at", "frames")
		}
		return unused("set", "from", "to", "frames")
	case GestureFastForward:
		if g.Frames <= 0 {
			return fmt.Errorf("gesture fast-forward: frames %d must be positive", g.Frames)
		}
		return unused("set", "from", "to", "seconds", "at")
	}
	return fmt.Errorf("unknown gesture kind %q (valid: %s)", g.Kind, strings.Join(GestureKinds, ", "))
}

// SweepSet returns the edit a sweep makes at progress p (0 at the start,
// 1 at the end, clamped): NODE.FIELD = From + (To - From) * ease(p), with
// ease the smooth start and stop 3p² - 2p³, so p = 0 gives From and p = 1
// exactly To. An error names what is wrong with Set, From or To.
func (g Gesture) SweepSet(p float64) (Set, error) {
	i := strings.LastIndex(g.Set, ".")
	if i <= 0 {
		return Set{}, fmt.Errorf("gesture sweep: set %q: want NODE.FIELD", g.Set)
	}
	node, field := g.Set[:i], g.Set[i+1:]
	if oneOf("sweep field", field, sweepFields) != nil {
		return Set{}, fmt.Errorf("gesture sweep: set %q: field %q cannot be swept (valid: %s)", g.Set, field, strings.Join(sweepFields, ", "))
	}
	if len(g.From) != 3 || len(g.To) != 3 {
		return Set{}, fmt.Errorf("gesture sweep: from and to take 3 numbers each, got %d and %d", len(g.From), len(g.To))
	}
	for _, v := range append(append([]float64(nil), g.From...), g.To...) {
		if !(math.Abs(v) <= 1e6) {
			return Set{}, fmt.Errorf("gesture sweep: %v is not a finite number of magnitude at most 1e6", v)
		}
	}
	p = max(0, min(1, p))
	e := p * p * (3 - 2*p)
	vals := make([]float64, 3)
	for i := range vals {
		vals[i] = g.From[i] + (g.To[i]-g.From[i])*e
		if p == 1 {
			vals[i] = g.To[i]
		}
	}
	return Set{Node: node, Field: field, Values: vals}, nil
}

// SweepTicks returns how many window ticks a sweep lasts: Seconds times
// TicksPerSecond, rounded, at least 1.
func (g Gesture) SweepTicks() int { return max(1, int(math.Round(g.Seconds*TicksPerSecond))) }

// End returns st as it is when a sweep has ended: st with the sweep's
// final edit appended to its Sets. For other kinds it returns st.
func (g Gesture) End(st State) State { return g.withSweep(st, 1) }

// Start returns st as a sweep begins: st with the sweep's first edit
// appended (the state the step opens in). For other kinds it returns st.
func (g Gesture) Start(st State) State { return g.withSweep(st, 0) }

// withSweep returns st with a sweep's edit at progress p appended to a
// copy of its Sets; st itself for other kinds or a sweep that does not
// check.
func (g Gesture) withSweep(st State, p float64) State {
	if g.Kind != GestureSweep {
		return st
	}
	set, err := g.SweepSet(p)
	if err != nil {
		return st
	}
	st.Sets = append(append([]Set(nil), st.Sets...), set)
	return st
}

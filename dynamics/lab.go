package dynamics

import (
	"errors"
	"fmt"
	"math"

	"skewlab/transform"
)

// clock is the simulated time and the play state a model embeds: it
// gives the model Play, Pause, Playing, Time, Tick, Step and RunTo. sim
// is the model itself (set by its constructor), which the clock asks to
// validate, reset and advance.
type clock struct {
	t       float64    // simulated time, s
	playing bool       // Tick advances the model
	sim     simulation // the embedding model
}

// simulation is what a clock drives: a model's own parameter check, reset,
// fixed step size (s) and one advance by h seconds.
type simulation interface {
	Validate() error
	Reset()
	stepSize() float64
	step(h float64)
}

// Play makes Tick advance the model.
func (c *clock) Play() { c.playing = true }

// Pause makes Tick do nothing (Step still advances).
func (c *clock) Pause() { c.playing = false }

// Playing reports whether Tick advances the model.
func (c *clock) Playing() bool { return c.playing }

// Time returns the simulated time, s.
func (c *clock) Time() float64 { return c.t }

// Tick advances one step if playing.
func (c *clock) Tick() {
	if c.playing {
		c.Step()
	}
}

// Step advances one fixed step. Invalid parameters (see the model's
// Validate) make it a no-op.
func (c *clock) Step() {
	if c.sim.Validate() != nil {
		return
	}
	c.sim.step(c.sim.stepSize())
}

// RunTo resets and advances to time t (s): whole steps, then the
// remainder. Step i ends at i*dt (not a running sum), so the end time is t
// up to one rounding. Invalid parameters or t leave the model reset and
// return the error.
func (c *clock) RunTo(t float64) error {
	c.sim.Reset()
	if err := c.sim.Validate(); err != nil {
		return err
	}
	if err := checkTime(t); err != nil {
		return err
	}
	dt := c.sim.stepSize()
	n := math.Floor(t / dt)
	for i := 1.0; i <= n; i++ {
		c.sim.step(i*dt - c.t)
	}
	if rest := t - c.t; rest > 0 {
		c.sim.step(rest)
	}
	return nil
}

// Lab is a simulation model of the dynamics lab: a fixed time step, play
// and pause, and a reset to its parameters. Models are pure (no drawing)
// and allocation-free per step.
type Lab interface {
	// Reset returns to time 0 with the current parameters, clears the
	// paths and pauses.
	Reset()
	// Step advances one fixed step Dt, playing or not.
	Step()
	// Tick advances one step if playing (call it once per UI update).
	Tick()
	// Play and Pause start and stop Tick; Playing reports the state.
	Play()
	Pause()
	Playing() bool
	// Time returns the simulated time in seconds.
	Time() float64
	// RunTo resets and advances to time t (s) exactly: whole steps, then
	// one partial step. Invalid t (negative, not finite, above MaxTime)
	// returns an error and leaves the model reset.
	RunTo(t float64) error
	// Validate reports the first parameter that is out of range; a model
	// with invalid parameters does not move.
	Validate() error
}

// MaxTime is the largest time (s) RunTo accepts, so that a command-line
// request stays within a second or so of computing.
const MaxTime = 100.0

// PresetNames returns the preset names in display order (indexed by
// Preset).
func PresetNames() []string { return append([]string(nil), presetNames[:]...) }

// NewPreset returns a new model for a preset name ("turntable" or
// "crash", see NewTurntable and NewCrash); ok is false for other names.
func NewPreset(name string) (l Lab, ok bool) {
	switch p, ok := PresetByName(name); {
	case ok && p == PresetTurntable:
		return NewTurntable(), true
	case ok && p == PresetCrash:
		return NewCrash(), true
	}
	return nil, false
}

// errTime is RunTo's answer to a bad time.
func checkTime(t float64) error {
	if !(t >= 0) || !(t <= MaxTime) {
		return fmt.Errorf("time %v s out of range [0, %v]", t, MaxTime)
	}
	return nil
}

// checkParams returns an error naming the first value that is not finite
// or exceeds transform.MaxMagnitude.
func checkParams(names []string, vals ...float64) error {
	for i, v := range vals {
		if !transform.Finite(v) || math.Abs(v) > transform.MaxMagnitude {
			return fmt.Errorf("%s = %v is not finite or exceeds %g", names[i], v, float64(transform.MaxMagnitude))
		}
	}
	return nil
}

// checkStep checks a time step: positive, at most 1 s.
func checkStep(dt float64) error {
	if !(dt > 0) || !(dt <= 1) {
		return errors.New("step Dt must be in (0, 1] s")
	}
	return nil
}

var errMass = errors.New("mass must be positive")

var errNegTime = errors.New("CrashTime and SpinDown must not be negative")

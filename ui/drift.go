package ui

import (
	"time"

	"skewlab/drift"
	"skewlab/state"
)

// The drift lab (issue 5): package drift's Lab spinning its five pose
// storages side by side, a live plot of their scale error, and the
// article's table beside ours. DriftModel is the part without ebiten (speed,
// fast-forward budget, target, reset); DriftView draws it.

// DriftSpeeds are the speeds in frames per tick (the article's 60 Hz
// frames, so x1 is real time). Fast speeds are limited by Budget.
var DriftSpeeds = [...]int{1, 100, 10000}

// DriftTargets are the frame counts a run can stop at; the progress bar
// measures toward the chosen one.
var DriftTargets = [...]int{10_000, 100_000, 1_000_000, 10_000_000}

// DriftAxes are the spin axes offered: the default, whose matrix
// storage shrinks linearly for about 10,000 frames and then stops near
// -9e-5, and one whose two float32 biases share a sign, so it drifts for
// the whole run (docs/drift.md).
var DriftAxes = [...][3]float64{{1, 2, 3}, {-0.3, 0.7, 2}}

// Defaults and limits of the fast-forward.
const (
	// DriftChunk is the most frames one Lab.Advance call of a tick
	// computes; the tick checks its time budget between chunks. 250
	// frames of all five storages cost about 0.3 ms.
	DriftChunk = 250
	// DriftBudget is the default time a tick may spend computing frames:
	// at 60 ticks per second it leaves most of the frame to drawing.
	DriftBudget = 4 * time.Millisecond
	// DriftPlotPoints is the capacity of each storage's error series.
	DriftPlotPoints = 512
	// DriftDefaultTarget is the index in DriftTargets of the default
	// target, 1,000,000 frames (the article's table).
	DriftDefaultTarget = 2
)

// DriftModel is the drift lab's state: the Lab, the speed, pause, the
// target and the plot and display options. Tick advances it; everything
// here is independent of ebiten so tests can drive it headless.
type DriftModel struct {
	// Lab is the current axis's and normalization's lab; Labs holds one
	// per DriftAxes entry and drift.Norm, made once so switching does not
	// allocate.
	Lab  *drift.Lab
	Labs [len(DriftAxes)][drift.NumNorms]*drift.Lab
	// Axis indexes DriftAxes, Speed DriftSpeeds, Target DriftTargets.
	Axis, Speed, Target int
	// Norm is the axis normalization (a drift.Norm: 0 float64, the
	// default, 1 float32). The rate of drift depends on it.
	Norm int
	// Magnify indexes DriftMagnify: how much the drawn boxes exaggerate
	// each storage's scale error (index 0 draws the matrix as stored).
	Magnify int
	// Paused stops Tick; LogY draws the plot's y axis in decades.
	Paused, LogY bool
	// Budget is the time one Tick may spend computing frames (at least one
	// chunk is always computed).
	Budget time.Duration
	// LastFrames and LastCost are the frames the last Tick computed and
	// the time it took.
	LastFrames int
	LastCost   time.Duration
}

// DriftMagnify are the factors the drawn boxes may exaggerate the scale
// error by (1 draws each storage's actual float32 matrix).
var DriftMagnify = [...]float64{1, 100, 1000, 10000}

// NewDriftModel returns the lab at frame 0 with the default axis, x100,
// target 1,000,000, log y axis, running.
func NewDriftModel() (*DriftModel, error) {
	m := &DriftModel{Speed: 1, Target: DriftDefaultTarget, LogY: true, Budget: DriftBudget}
	for i, a := range DriftAxes {
		for n := range m.Labs[i] {
			c := drift.DefaultConfig()
			c.Axis, c.Normalize = a, drift.Norm(n)
			l, err := drift.NewLab(c, DriftPlotPoints)
			if err != nil {
				return nil, err
			}
			m.Labs[i][n] = l
		}
	}
	m.Lab = m.Labs[0][0]
	return m, nil
}

// TargetFrames returns the chosen target frame count.
func (m *DriftModel) TargetFrames() int { return DriftTargets[clampIndex(m.Target, len(DriftTargets))] }

// FramesPerTick returns the chosen speed in frames per tick.
func (m *DriftModel) FramesPerTick() int { return DriftSpeeds[clampIndex(m.Speed, len(DriftSpeeds))] }

// Progress returns the fraction of the target computed, in [0, 1].
func (m *DriftModel) Progress() float64 {
	return min(1, float64(m.Lab.Frame())/float64(m.TargetFrames()))
}

// Done reports whether the run has reached its target.
func (m *DriftModel) Done() bool { return m.Lab.Frame() >= m.TargetFrames() }

// Tick computes this tick's frames: FramesPerTick of them (fewer at the
// target), in chunks of at most DriftChunk, stopping early once Budget is
// spent. It returns the number computed (0 when paused or done) and never
// allocates.
func (m *DriftModel) Tick() int {
	m.LastFrames, m.LastCost = 0, 0
	if m.Paused || m.Done() {
		return 0
	}
	want := min(m.FramesPerTick(), m.TargetFrames()-m.Lab.Frame())
	start := time.Now()
	done := 0
	for done < want {
		n := m.Lab.Advance(min(want-done, DriftChunk))
		if n <= 0 {
			break
		}
		done += n
		if time.Since(start) >= m.Budget {
			break
		}
	}
	m.LastFrames, m.LastCost = done, time.Since(start)
	return done
}

// Reset returns every lab to frame 0 and empties the plot; speed, target,
// pause and options stay.
func (m *DriftModel) Reset() {
	for _, ls := range m.Labs {
		for _, l := range ls {
			l.Reset()
		}
	}
}

// SetAxis switches to DriftAxes[i] (clamped) and restarts it from frame 0.
func (m *DriftModel) SetAxis(i int) {
	m.Axis = clampIndex(i, len(DriftAxes))
	m.Lab = m.Labs[m.Axis][m.Norm]
	m.Lab.Reset()
}

// SetNorm switches to axis normalization i (a drift.Norm, clamped) and
// restarts from frame 0.
func (m *DriftModel) SetNorm(i int) {
	m.Norm = clampIndex(i, drift.NumNorms)
	m.SetAxis(m.Axis)
}

// MagnifyFactor returns the chosen exaggeration of the drawn scale error.
func (m *DriftModel) MagnifyFactor() float64 {
	return DriftMagnify[clampIndex(m.Magnify, len(DriftMagnify))]
}

func clampIndex(i, n int) int { return max(0, min(n-1, i)) }

// newDriftView is the drift lab's LabViews entry: it takes the state's
// normalize setting ("" is the default); the scene settings do not apply.
func newDriftView(st state.State) (View, error) {
	m, err := NewDriftModel()
	if err != nil {
		return nil, err
	}
	if st.Normalize != "" {
		n, err := drift.ParseNorm(st.Normalize)
		if err != nil {
			return nil, err
		}
		m.SetNorm(int(n))
	}
	return NewDriftView(m), nil
}

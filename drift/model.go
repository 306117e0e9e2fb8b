package drift

import "time"

// The drift lab's model (issue 5): the Lab of the chosen spin axis and axis
// normalization, the speed and fast-forward budget, the target frame count,
// and the plot and display options. Model imports no display code, so tests
// and the export drive it headless; ui's DriftView draws it.

// Speeds are the speeds in frames per tick (the article's 60 Hz frames, so
// x1 is real time). Fast speeds are limited by Model.Budget.
var Speeds = [...]int{1, 100, 10000}

// Targets are the frame counts a run can stop at; the progress bar measures
// toward the chosen one.
var Targets = [...]int{10_000, 100_000, 1_000_000, 10_000_000}

// Axes are the spin axes offered: the default, whose matrix storage
// shrinks linearly for about 10,000 frames and then stops near -9e-5, and
// one whose two float32 biases share a sign, so it drifts for the whole run
// (docs/drift.md).
var Axes = [...][3]float64{{1, 2, 3}, {-0.3, 0.7, 2}}

// Magnifications are the factors the drawn boxes may exaggerate the scale
// error by (1 draws each storage's actual float32 matrix).
var Magnifications = [...]float64{1, 100, 1000, 10000}

// The names of the choices above and of the axis normalizations, in the
// same order, for menus and the picture's notes.
var (
	AxisNames     = [len(Axes)]string{"axis (1, 2, 3)", "axis (-0.3, 0.7, 2)"}
	TargetNames   = [len(Targets)]string{"10,000", "100,000", "1,000,000", "10,000,000"}
	MagnifyNames  = [len(Magnifications)]string{"as stored", "error x100", "error x1,000", "error x10,000"}
	NormMenuNames = [NumNorms]string{"in float64", "mgl32 (float32)"}
	magnifyNotes  = func() (n [len(Magnifications)]string) {
		for i, s := range MagnifyNames {
			n[i] = s + " (drawn boxes only)"
		}
		return n
	}()
)

// Defaults and limits of the fast-forward.
const (
	// TickChunk is the most frames one Lab.Advance call of a tick computes;
	// the tick checks its time budget between chunks. 250 frames of all five
	// storages cost about 0.3 ms.
	TickChunk = 250
	// DefaultBudget is the default time a tick may spend computing frames:
	// at 60 ticks per second it leaves most of the frame to drawing.
	DefaultBudget = 4 * time.Millisecond
	// PlotPoints is the capacity of each storage's error series.
	PlotPoints = 512
	// DefaultTarget is the index in Targets of the default target,
	// 1,000,000 frames (the article's table).
	DefaultTarget = 2
)

// Model is the drift lab's state: the Lab, the speed, pause, the target
// and the plot and display options. Tick advances it. Indices out of range
// are clamped where they are used.
type Model struct {
	// Lab is the current axis's and normalization's lab; Labs holds one per
	// Axes entry and Norm, made once so switching does not allocate.
	Lab  *Lab
	Labs [len(Axes)][NumNorms]*Lab
	// Axis indexes Axes, Speed Speeds, Target Targets.
	Axis, Speed, Target int
	// Norm is the axis normalization (a Norm: 0 float64, the default, 1
	// float32). The rate of drift depends on it.
	Norm int
	// Magnify indexes Magnifications: how much the drawn boxes exaggerate
	// each storage's scale error (index 0 draws the matrix as stored).
	Magnify int
	// Paused stops Tick; LogY draws the plot's error axis in decades, LogX
	// its frame axis.
	Paused, LogY, LogX bool
	// Budget is the time one Tick may spend computing frames (at least one
	// chunk is always computed).
	Budget time.Duration
	// LastFrames and LastCost are the frames the last Tick computed and the
	// time it took.
	LastFrames int
	LastCost   time.Duration
}

// NewModel returns the lab at frame 0 with the default axis, x100, target
// 1,000,000, log error axis, linear frame axis, running. The error can only
// come from a bad built-in Config.
func NewModel() (*Model, error) {
	m := &Model{Speed: 1, Target: DefaultTarget, LogY: true, Budget: DefaultBudget}
	for i, a := range Axes {
		for n := range m.Labs[i] {
			c := DefaultConfig()
			c.Axis, c.Normalize = a, Norm(n)
			l, err := NewLab(c, PlotPoints)
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
func (m *Model) TargetFrames() int { return Targets[clampIndex(m.Target, len(Targets))] }

// FramesPerTick returns the chosen speed in frames per tick.
func (m *Model) FramesPerTick() int { return Speeds[clampIndex(m.Speed, len(Speeds))] }

// Progress returns the fraction of the target computed, in [0, 1].
func (m *Model) Progress() float64 {
	return min(1, float64(m.Lab.Frame())/float64(m.TargetFrames()))
}

// Done reports whether the run has reached its target.
func (m *Model) Done() bool { return m.Lab.Frame() >= m.TargetFrames() }

// Tick computes this tick's frames: FramesPerTick of them (fewer at the
// target), in chunks of at most TickChunk, stopping early once Budget is
// spent. It returns the number computed (0 when paused or done) and never
// allocates.
func (m *Model) Tick() int {
	m.LastFrames, m.LastCost = 0, 0
	if m.Paused || m.Done() {
		return 0
	}
	want := min(m.FramesPerTick(), m.TargetFrames()-m.Lab.Frame())
	start := time.Now()
	done := 0
	for done < want {
		n := m.Lab.Advance(min(want-done, TickChunk))
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
func (m *Model) Reset() {
	for _, ls := range m.Labs {
		for _, l := range ls {
			l.Reset()
		}
	}
}

// SetAxis switches to Axes[i] (clamped) and restarts it from frame 0.
func (m *Model) SetAxis(i int) {
	m.Axis = clampIndex(i, len(Axes))
	m.Lab = m.Labs[m.Axis][m.Norm]
	m.Lab.Reset()
}

// SetNorm switches to axis normalization i (a Norm, clamped) and restarts
// from frame 0.
func (m *Model) SetNorm(i int) {
	m.Norm = clampIndex(i, NumNorms)
	m.SetAxis(m.Axis)
}

// MagnifyFactor returns the chosen exaggeration of the drawn scale error.
func (m *Model) MagnifyFactor() float64 {
	return Magnifications[clampIndex(m.Magnify, len(Magnifications))]
}

// clampIndex returns i limited to [0, n-1] (n > 0).
func clampIndex(i, n int) int { return max(0, min(n-1, i)) }

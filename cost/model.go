package cost

import (
	"runtime"
	"slices"
	"time"
)

// DefaultBudget is the time one Model.Tick may spend measuring: at 60
// ticks a second it leaves half of a frame to drawing. A unit of work
// can outlast it (one update of 10^6 nodes takes 20 to 200 ms), so the
// window draws less often while the largest size is measured.
const DefaultBudget = 8 * time.Millisecond

// WebSizes are the sizes the lab measures in a browser: 10^3 to 10^5
// nodes. 10^6 would need about 0.75 GB of the page's memory.
var WebSizes = []int{1_000, 10_000, 100_000}

// LabCellTime is the timed work behind each cost the window measures
// (Bench.CellTime): 30 ms, and 100 ms in a browser, where a page's clock
// is coarser and its one thread shares the machine with the browser's
// drawing.
func LabCellTime() time.Duration {
	if runtime.GOOS == "js" {
		return 100 * time.Millisecond
	}
	return cellTarget
}

// LabConfig returns what the lab's window measures: every shape at
// DefaultSizes on all cores, or in a browser (GOOS js, one thread) at
// WebSizes after a rehearsal (Config.Rehearse).
func LabConfig() Config {
	c := DefaultConfig()
	if runtime.GOOS == "js" {
		c.Sizes, c.Rehearse = slices.Clone(WebSizes), true
	}
	return c
}

// Threads are the curves the plot shows: both, one thread only, all
// cores only (ThreadNames names them).
const (
	ThreadsBoth = iota
	ThreadsOne
	ThreadsAll
	NumThreads
)

// ThreadNames name the Threads choices, for menus.
var ThreadNames = [NumThreads]string{"both", "1 thread", "all cores"}

// Model is the cost lab's state: the Bench being measured, which of its
// shapes is shown, which threads' curves, and whether measuring is
// paused. Tick measures a budget's worth. Indices out of range are
// clamped where they are used.
type Model struct {
	Bench *Bench
	// Shape indexes the Bench's Config().Shapes: the hierarchy shown.
	Shape int
	// Threads is ThreadsBoth, ThreadsOne or ThreadsAll.
	Threads int
	// Paused stops Tick.
	Paused bool
	// Budget is the time one Tick may measure for (at least one unit of
	// work is done).
	Budget time.Duration
	// Started and Took time the whole plan: Took is set when the bench
	// is done (0 while measuring).
	Started, Took time.Duration
}

// NewModel returns the lab at the start of c's plan, running, showing
// c's first shape, or c's validation error.
func NewModel(c Config) (*Model, error) {
	b, err := NewBench(c)
	if err != nil {
		return nil, err
	}
	return &Model{Bench: b, Budget: DefaultBudget, Started: -1}, nil
}

// ShapeName returns the name of the shape shown.
func (m *Model) ShapeName() string {
	s := m.Bench.cfg.Shapes
	return s[clampIndex(m.Shape, len(s))]
}

// SetShape shows the shape called name; it reports false (and shows
// what it showed) when the bench does not measure it.
func (m *Model) SetShape(name string) bool {
	i := slices.Index(m.Bench.cfg.Shapes, name)
	if i < 0 {
		return false
	}
	m.Shape = i
	return true
}

// NextShape shows the next measured shape, round.
func (m *Model) NextShape() {
	m.Shape = (clampIndex(m.Shape, len(m.Bench.cfg.Shapes)) + 1) % len(m.Bench.cfg.Shapes)
}

// Measuring reports whether Tick measures: not paused, not done.
func (m *Model) Measuring() bool { return !m.Paused && !m.Bench.Done() }

// Tick measures for Budget (Bench.Step) unless paused or done, and
// reports whether it measured. It allocates nothing once the buffers of
// the size being measured have grown.
func (m *Model) Tick() bool {
	if !m.Measuring() {
		return false
	}
	b := m.Bench
	if m.Started < 0 {
		m.Started = b.clock()
	}
	if !b.Step(m.Budget) {
		m.Took = b.clock() - m.Started
	}
	return true
}

// Restart forgets every measurement and measures again from the start,
// running.
func (m *Model) Restart() {
	m.Bench.Restart()
	m.Paused, m.Started, m.Took = false, -1, 0
}

// clampIndex returns i limited to [0, n-1] (n > 0).
func clampIndex(i, n int) int { return max(0, min(n-1, i)) }

package cost

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"time"

	"skewlab/internal/bigscene"
	"skewlab/modes"
	"skewlab/scene"
)

// The sizes the lab measures, in nodes.
const (
	// MinNodes and MaxNodes bound a measured size: 10^6 nodes take about
	// 0.75 GB (the nodes, the output matrices and a mode's workspace).
	MinNodes = 10
	MaxNodes = 1_000_000
)

// DefaultSizes are the sizes measured unless told otherwise: 10^3 to
// 10^6 nodes, a decade apart.
var DefaultSizes = []int{1_000, 10_000, 100_000, 1_000_000}

// Shapes are the generated hierarchies measured (bigscene's): "4ary",
// node i's parent (i-1)/4, a tree about log4(n) deep; and "chain", node
// i's parent i-1, one path n deep, which no split by subtrees can share
// among cores.
var Shapes = bigscene.Shapes

// ShapeTitles name Shapes for people, in the same order.
var ShapeTitles = []string{"4-ary tree", "chain"}

// Config is what a Bench measures.
type Config struct {
	// Sizes are the node counts, ascending, each MinNodes to MaxNodes,
	// no repeats.
	Sizes []int
	// Shapes are names from Shapes, no repeats, in the order measured.
	Shapes []string
	// Workers is the all-cores worker count: 0 for runtime.GOMAXPROCS, 1
	// (or a machine or build with one thread) to measure one thread only.
	Workers int
	// Rehearse measures the floors and every rule once on the first
	// shape's smallest size before the plan, and forgets it: a browser
	// compiles a function's optimized code in the background after its
	// first calls, so the first costs would be its baseline code's.
	Rehearse bool
}

// DefaultConfig returns every default size of every shape, on all cores.
func DefaultConfig() Config {
	return Config{Sizes: slices.Clone(DefaultSizes), Shapes: slices.Clone(Shapes)}
}

// Validate reports the first thing wrong with c: no sizes or shapes, a
// size out of range, sizes not ascending, an unknown or repeated shape,
// or a negative Workers.
func (c Config) Validate() error {
	if len(c.Sizes) == 0 {
		return errors.New("no sizes to measure")
	}
	for i, n := range c.Sizes {
		if n < MinNodes || n > MaxNodes {
			return fmt.Errorf("size %d is outside %d to %d nodes", n, MinNodes, MaxNodes)
		}
		if i > 0 && n <= c.Sizes[i-1] {
			return fmt.Errorf("sizes must ascend without repeats: %d after %d", n, c.Sizes[i-1])
		}
	}
	if len(c.Shapes) == 0 {
		return errors.New("no shapes to measure")
	}
	for i, s := range c.Shapes {
		if !slices.Contains(Shapes, s) {
			return fmt.Errorf("unknown shape %q (valid: %s)", s, strings.Join(Shapes, ", "))
		}
		if slices.Contains(c.Shapes[:i], s) {
			return fmt.Errorf("shape %s given twice", s)
		}
	}
	if c.Workers < 0 {
		return fmt.Errorf("workers must be 0 (all cores) or more, got %d", c.Workers)
	}
	return nil
}

// Measure is one measured cost: the median over Samples timed batches
// of Calls/Samples world updates each, in nanoseconds per node.
// NsPerNode is NaN and Samples 0 while not measured.
type Measure struct {
	NsPerNode float64
	Samples   int
	Calls     int
}

// Done reports whether m has been measured.
func (m Measure) Done() bool { return m.Samples > 0 }

// FrameNs returns the time of one update of n nodes at m's cost, in
// nanoseconds (NaN when not measured).
func (m Measure) FrameNs(n int) float64 { return m.NsPerNode * float64(n) }

// FPS returns the updates per second of n nodes at m's cost: 1e9 over
// FrameNs (NaN when not measured, +Inf for a cost of 0).
func (m Measure) FPS(n int) float64 { return 1e9 / m.FrameNs(n) }

// notMeasured is the zero Measure with NsPerNode NaN.
var notMeasured = Measure{NsPerNode: math.NaN()}

// Row is every measurement of one shape at one size. Serial and
// Parallel have one entry per rule, in modes.All order; Parallel stays
// not measured when the bench measures one thread only.
type Row struct {
	Shape string
	Nodes int
	// Floor is the floor (Floor: the 3x4 product from TRS, one thread);
	// Stored the same from stored local matrices (StoredFloor).
	Floor, Stored    Measure
	Serial, Parallel []Measure
}

// kernel is what one cell measures: a rule (its index in modes.All), or
// the floor or the stored floor.
type kernel int

const (
	kernelFloor  kernel = -1
	kernelStored kernel = -2
)

// cell is one measurement of the plan: a kernel on row's nodes, on one
// thread or all cores.
type cell struct {
	row      int // index into Bench.rows
	k        kernel
	parallel bool
	rehearse bool // measured and forgotten (Config.Rehearse)
}

// Sampling rules. A cell's first updates are untimed (they grow the
// buffers and warm the caches) and estimate a call's time; then the
// cell times batches of calls, each about batchTarget long (at least one
// call), until it has at least minSamples batches and its CellTime
// (cellTarget unless set) of timed work, or maxSamples batches. The cost
// is the median batch.
const (
	batchTarget = 2 * time.Millisecond
	cellTarget  = 30 * time.Millisecond
	minSamples  = 3
	maxSamples  = 25
	// warmCalls bounds a cell's untimed first updates, which estimate an
	// update's time (until the clock has moved warmTime, warm_*.go), and
	// caps a batch.
	warmCalls = 1 << 16
	// growChunk is how many nodes one step of a Bench generates (about
	// 10 ms), so building 10^6 nodes does not stall a window.
	growChunk = 20_000
)

// run is the state of the cell being measured.
type run struct {
	warmed  bool
	per     int // calls per batch
	n       int // batches timed
	calls   int
	spent   time.Duration
	samples [maxSamples]float64 // ns per node of each batch
}

// Bench measures the world update of every rule in modes.All in the 3x4
// layout (Mode.Affine, as modes' benchmarks time it) on one thread and
// on all cores (modes.Pool.Affine), and the floor, on generated hierarchies of
// each configured shape and size, a little at a time: Step does a slice
// of the work and returns, so a window can draw between slices (a
// progress bar) and the command line can run it to the end. The plan is
// fixed by NewBench: per shape, per size ascending: the floor, the
// stored floor, every rule on one thread, every rule on all cores. Only
// one shape's nodes are held at a time. Once its buffers have grown for
// a size, Step allocates nothing. A Bench is not safe for concurrent use.
type Bench struct {
	cfg     Config
	workers int // all-cores threads; 0 when only one thread is measured
	rows    []Row
	plan    []cell
	next    int // the cell being measured (len(plan) when done)
	cur     run
	weights []float64 // per cell, for Progress
	total   float64
	doneW   float64 // weight of the cells done

	shape  string // the shape nodes hold
	nodes  []scene.Node
	out    []Affine // the floors' and the rules' output
	locals []Affine
	stored int // len(nodes) locals holds (0: not computed for this shape)
	ws     modes.Workspace
	pool   pool
	// collect asks for a garbage collection before the next timed work:
	// nodes or buffers were just allocated.
	collect bool

	clock func() time.Duration // monotonic time (tests set a fake one)

	// Settle is how long each Step first runs the current cell's update
	// untimed (0 for none): a window that draws between Steps sets it,
	// so its drawing (a software rasterizer's threads finishing the last
	// frame) and the caches it evicts do not count in the costs.
	Settle time.Duration
	// CellTime is the timed work each cost is measured over, at least
	// (in at most maxSamples batches, longer ones when CellTime is long);
	// 0 means 30 ms, what the window uses. The command line takes 100 ms
	// unless its -time says otherwise: steadier medians on a busy
	// machine, for about three times as long a run.
	CellTime time.Duration
}

// epoch is the origin of the default clock.
var epoch = time.Now()

// NewBench returns a Bench at the start of c's plan, or c's validation
// error. It allocates the results, not the hierarchies: those grow as
// Step reaches them.
func NewBench(c Config) (*Bench, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	b := &Bench{cfg: Config{Sizes: slices.Clone(c.Sizes), Shapes: slices.Clone(c.Shapes), Workers: c.Workers, Rehearse: c.Rehearse},
		clock: func() time.Duration { return time.Since(epoch) }}
	b.workers = c.Workers
	if b.workers == 0 {
		b.workers = runtime.GOMAXPROCS(0)
	}
	b.workers = min(b.workers, modes.MaxWorkers)
	if b.workers <= 1 {
		b.workers = 0
	}
	nr := len(modes.All)
	if c.Rehearse {
		b.plan = append(b.plan, cell{0, kernelFloor, false, true}, cell{0, kernelStored, false, true})
		for k := 0; k < nr; k++ {
			b.plan = append(b.plan, cell{0, kernel(k), false, true})
		}
	}
	for _, s := range b.cfg.Shapes {
		for _, n := range b.cfg.Sizes {
			r := Row{Shape: s, Nodes: n, Floor: notMeasured, Stored: notMeasured,
				Serial: make([]Measure, nr), Parallel: make([]Measure, nr)}
			for k := range r.Serial {
				r.Serial[k], r.Parallel[k] = notMeasured, notMeasured
			}
			ri := len(b.rows)
			b.rows = append(b.rows, r)
			b.plan = append(b.plan, cell{ri, kernelFloor, false, false}, cell{ri, kernelStored, false, false})
			for k := 0; k < nr; k++ {
				b.plan = append(b.plan, cell{ri, kernel(k), false, false})
			}
			if b.workers > 0 {
				for k := 0; k < nr; k++ {
					b.plan = append(b.plan, cell{ri, kernel(k), true, false})
				}
			}
		}
	}
	b.weights = make([]float64, len(b.plan))
	for i, c := range b.plan {
		// A cell's time grows with its nodes once a call outlasts the
		// cell's target (about 10^5 nodes); below, it is cellTarget.
		b.weights[i] = float64(max(b.rows[c.row].Nodes, 100_000))
		b.total += b.weights[i]
	}
	return b, nil
}

// Config returns what b measures.
func (b *Bench) Config() Config { return b.cfg }

// AllCores returns the number of threads b measures the all-cores
// column on, or 0 when it measures one thread only (a single-core
// machine, GOMAXPROCS 1, WebAssembly in a browser, or Workers 1).
func (b *Bench) AllCores() int { return b.workers }

// Rows returns every row, shapes in Config order, each shape's sizes
// ascending. The slice is b's own: read it, do not keep or change it.
func (b *Bench) Rows() []Row { return b.rows }

// Row returns the row of shape at nodes, or nil when b does not measure
// it.
func (b *Bench) Row(shape string, nodes int) *Row {
	for i := range b.rows {
		if b.rows[i].Shape == shape && b.rows[i].Nodes == nodes {
			return &b.rows[i]
		}
	}
	return nil
}

// Done reports whether every cell is measured.
func (b *Bench) Done() bool { return b.next >= len(b.plan) }

// Progress returns the share of the plan done, in [0, 1]: cells weighted
// by their expected time, the current cell by its batches so far.
func (b *Bench) Progress() float64 {
	if b.Done() || b.total == 0 {
		return 1
	}
	part := b.weights[b.next] * min(1, float64(b.cur.n)/minSamples) * 0.99
	return min(1, (b.doneW+part)/b.total)
}

// Current returns what is being measured: the shape, the nodes, the
// rule's name ("floor" or "stored floor" for those, "warm-up" for a
// rehearsal) and whether on all cores; zero values when done.
func (b *Bench) Current() (shape string, nodes int, what string, parallel bool) {
	if b.Done() {
		return "", 0, "", false
	}
	c := b.plan[b.next]
	r := &b.rows[c.row]
	if c.rehearse {
		return r.Shape, r.Nodes, "warm-up", false
	}
	return r.Shape, r.Nodes, kernelName(c.k), c.parallel
}

// kernelName is a kernel's name: the rule's, "floor" or "stored floor".
func kernelName(k kernel) string {
	switch k {
	case kernelFloor:
		return "floor"
	case kernelStored:
		return "stored floor"
	}
	return modes.All[k].Name
}

// Restart forgets every measurement and starts the plan again, keeping
// the nodes and buffers grown so far.
func (b *Bench) Restart() {
	for i := range b.rows {
		r := &b.rows[i]
		r.Floor, r.Stored = notMeasured, notMeasured
		for k := range r.Serial {
			r.Serial[k], r.Parallel[k] = notMeasured, notMeasured
		}
	}
	b.next, b.cur, b.doneW = 0, run{}, 0
}

// Step measures for about budget: whole units of work (a slice of nodes
// generated, a buffer grown, one untimed update, or one timed batch)
// until budget has passed or the plan is done; at least one unit when
// any is left. It returns whether work is left. A unit can outlast the
// budget: one update of 10^6 nodes takes 20 to 200 ms.
func (b *Bench) Step(budget time.Duration) bool {
	start := b.clock()
	if b.Settle > 0 && !b.Done() && b.cur.warmed {
		// Untimed updates first: the caches refill and whatever ran
		// between two Steps (a window's drawing) ends before timing.
		c := b.plan[b.next]
		for b.clock()-start < b.Settle {
			b.call(c, b.rows[c.row].Nodes)
		}
	}
	for !b.Done() {
		b.unit()
		if b.clock()-start >= budget {
			break
		}
	}
	return !b.Done()
}

// Close stops the all-cores workers, if any were started. b can still
// report its rows; a later Step starts them again.
func (b *Bench) Close() {
	if b.pool != nil {
		b.pool.Close()
		b.pool = nil
	}
}

// unit does one unit of the current cell's work.
func (b *Bench) unit() {
	c := b.plan[b.next]
	r := &b.rows[c.row]
	n := r.Nodes
	if b.shape != r.Shape {
		// The next shape reuses the node storage (Grow appends from 0),
		// but not the workspace: the pool keeps its plan there, and a
		// plan made for another hierarchy of the same size could keep
		// this one on one thread.
		b.shape, b.nodes, b.stored = r.Shape, b.nodes[:0], 0
		b.ws = modes.Workspace{}
	}
	if len(b.nodes) < n {
		var err error
		if b.nodes, err = bigscene.Grow(b.nodes, min(n, len(b.nodes)+growChunk), r.Shape); err != nil {
			panic(err) // Validate admits only bigscene's shapes
		}
		b.collect = true
		return
	}
	if !b.buffers(c.k, n) {
		b.collect = true
		return
	}
	if b.collect {
		// A collection now, not one started by the allocations above
		// running beside the timed updates (its mark workers take a
		// core of two).
		runtime.GC()
		b.collect = false
		return
	}
	if c.parallel && b.pool == nil {
		b.pool = newPool(b.workers)
		return
	}
	cr := &b.cur
	if !cr.warmed {
		// Untimed updates until the clock has moved warmTime (or
		// warmCalls of them): a browser's clock moves in steps of up to
		// 0.1 ms, longer than one update of 1,000 nodes, so one update
		// could read 0 and ask for millions a batch.
		t0 := b.clock()
		calls, el := 0, time.Duration(0)
		for calls < warmCalls && el < warmTime {
			b.call(c, n)
			calls++
			el = b.clock() - t0
		}
		est := max(el/time.Duration(calls), 1)
		cr.warmed, cr.per = true, int(min(max(b.batchTime()/est, 1), warmCalls))
		return
	}
	t0 := b.clock()
	for i := 0; i < cr.per; i++ {
		b.call(c, n)
	}
	el := b.clock() - t0
	cr.samples[cr.n] = float64(el.Nanoseconds()) / float64(cr.per) / float64(n)
	cr.n++
	cr.calls += cr.per
	cr.spent += el
	target := b.CellTime
	if target <= 0 {
		target = cellTarget
	}
	if cr.n >= maxSamples || (cr.n >= minSamples && cr.spent >= target) {
		b.finish(c, r)
	}
}

// batchTime is how long a timed batch of the current cell should take:
// batchTarget, or longer when CellTime asks for more timed work than
// maxSamples batches of batchTarget hold (a cell then still reaches its
// CellTime in about maxSamples batches, each the mean of more calls).
func (b *Bench) batchTime() time.Duration {
	return max(batchTarget, b.CellTime/(maxSamples-5))
}

// buffers grows the buffers kernel k needs for n nodes; it reports false
// when it did some work (a unit), true when they are ready.
func (b *Bench) buffers(k kernel, n int) bool {
	switch k {
	case kernelStored:
		if len(b.locals) < n {
			b.locals, b.stored = make([]Affine, n), 0
			return false
		}
		if b.stored < n {
			StoredLocals(b.nodes[:n], b.locals[:n])
			b.stored = n
			return false
		}
	}
	if len(b.out) < n {
		b.out = make([]Affine, n)
		return false
	}
	return true
}

// call runs cell c's kernel once on the first n nodes.
func (b *Bench) call(c cell, n int) {
	nodes := b.nodes[:n]
	switch {
	case c.k == kernelFloor:
		Floor(nodes, b.out[:n])
	case c.k == kernelStored:
		StoredFloor(nodes, b.locals[:n], b.out[:n])
	case c.parallel:
		b.pool.Affine(modes.All[c.k], nodes, &b.ws, b.out[:n])
	default:
		modes.All[c.k].Affine(nodes, &b.ws, b.out[:n])
	}
}

// finish stores the current cell's median and moves to the next cell.
func (b *Bench) finish(c cell, r *Row) {
	cr := &b.cur
	m := Measure{NsPerNode: median(cr.samples[:cr.n]), Samples: cr.n, Calls: cr.calls}
	switch {
	case c.rehearse:
		// forgotten
	case c.k == kernelFloor:
		r.Floor = m
	case c.k == kernelStored:
		r.Stored = m
	case c.parallel:
		r.Parallel[c.k] = m
	default:
		r.Serial[c.k] = m
	}
	b.doneW += b.weights[b.next]
	b.next++
	b.cur = run{}
	if b.Done() {
		b.Close() // idle workers have nothing left to do
	}
}

// median returns the median of xs (the mean of the middle two for an
// even count), sorting xs in place; NaN for none. It allocates nothing.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	for i := 1; i < len(xs); i++ { // insertion sort: at most maxSamples
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
	h := len(xs) / 2
	if len(xs)%2 == 1 {
		return xs[h]
	}
	return (xs[h-1] + xs[h]) / 2
}

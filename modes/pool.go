package modes

import (
	"container/heap"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
)

// MaxWorkers is the most workers a Pool runs; NewPool clamps larger
// counts to it.
const MaxWorkers = 64

// DefaultParallelMin is the smallest scene (in nodes) a Pool splits
// across its workers; smaller scenes (the piston, a rig) run on the
// calling goroutine alone, where waking a worker would cost more than it
// saves. On the 2-core machine (BenchmarkFloorSizes, 4-ary tree, quiet)
// two workers were slower than one at 10^4 nodes for every rule but
// blender-average (the floor 1.21x, accumulate-matrices 1.78x against
// 1.65x), even at 2x10^4 (the floor 1.02x, accumulate-trs 1.13x against
// 1.13x) and faster from 4x10^4 (the floor 0.76x).
const DefaultParallelMin = 16384

// Pool runs world updates split across a fixed set of worker goroutines,
// started once by NewPool and parked between updates: an update starts
// no goroutine and allocates nothing once its Workspace has planned the
// hierarchy.
//
// The hierarchy is split by subtrees: the largest subtrees are opened
// (their root joins a small shared top, computed first on the calling
// goroutine) until every one is at most 1/(8*workers) of the nodes, and
// the subtrees are then dealt to the workers largest first, each to the
// least loaded (balanced by node count). Each worker computes its
// subtrees' nodes in index order, so parents come before children. The
// plan is kept in the Workspace and made again when the node count or
// the worker count changes, or when a node's parent no longer fits it (a
// reparented node): such an update is finished on the calling goroutine
// alone, with the same result. A hierarchy that does not split well (a
// chain) runs on the calling goroutine alone, and stays so planned until
// its node count changes (a fresh Workspace plans again).
//
// Each worker's share is taken by the worker or, once it has finished
// its own share, by the calling goroutine, whichever claims it first: on
// a machine whose other cores are busy, an update does not wait for a
// worker the system has not scheduled.
//
// A Pool runs one update at a time (concurrent calls wait for each
// other); each concurrent caller needs its own Workspace anyway. Results
// are the same numbers as the single-threaded Mode.World and
// Mode.Affine, bit for bit: every node is computed by the same kernel
// from the same parent.
type Pool struct {
	workers int
	// min is the smallest scene split across the workers
	// (DefaultParallelMin; tests lower it).
	min int

	mu     sync.Mutex
	closed bool
	round  uint64
	// Helper i (worker i+2) is started by a round number on start[i];
	// claim[i] holds round<<1 while its share of that round is free and
	// round<<1|1 once the helper or the caller has taken it; fin[i]
	// tells the caller that the helper finished a share it took.
	start  []chan uint64
	claim  []atomic.Uint64
	fin    []chan struct{}
	exited sync.WaitGroup

	// The running update, set under mu before the helpers start.
	kern kernel
	plan *plan
	args []paddedArgs // indexed by owner: 0 the top, 1..workers
}

// paddedArgs keeps each worker's kargs on its own cache lines.
type paddedArgs struct {
	kargs
	_ [64]byte
}

// NewPool starts a pool of workers goroutines' worth of update capacity:
// workers <= 0 means runtime.GOMAXPROCS(0); 1 means every update runs on
// the calling goroutine; at most MaxWorkers. The calling goroutine is
// one of the workers, so workers-1 goroutines are started, parked until
// an update needs them. Close stops them.
func NewPool(workers int) *Pool { return newPool(workers, true) }

// newPool is NewPool; without helpers (a test of the caller taking every
// share) no goroutine is started.
func newPool(workers int, helpers bool) *Pool {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, MaxWorkers)
	p := &Pool{workers: workers, min: DefaultParallelMin, args: make([]paddedArgs, workers+1)}
	p.claim = make([]atomic.Uint64, workers-1)
	p.start = make([]chan uint64, workers-1)
	p.fin = make([]chan struct{}, workers-1)
	for i := range p.start {
		p.start[i], p.fin[i] = make(chan uint64, 1), make(chan struct{}, 1)
	}
	if helpers {
		p.exited.Add(workers - 1)
		for i := range p.start {
			go p.helper(i, p.start[i])
		}
	}
	return p
}

// Shared returns the program's own Pool of GOMAXPROCS workers, made by
// NewPool(0) at the first call: the one the app's views update their
// scenes with, so that a big scene (a loaded file of 10^5 nodes) uses
// every core and the piston stays on the calling goroutine. It is never
// closed: its helper goroutines, parked between updates, live as long as
// the process. Safe for concurrent use (see Pool); in the web build
// (GOMAXPROCS 1) it has no helpers and every update is serial.
func Shared() *Pool {
	sharedOnce.Do(func() { shared = NewPool(0) })
	return shared
}

var (
	sharedOnce sync.Once
	shared     *Pool
)

// Workers returns the number of workers an update may use, the calling
// goroutine included (1 for a serial pool).
func (p *Pool) Workers() int { return p.workers }

// Close stops the pool's goroutines and waits for them to exit. Updates
// after Close run on the calling goroutine. Close may be called more
// than once.
func (p *Pool) Close() {
	p.mu.Lock()
	if !p.closed {
		p.closed = true
		for _, c := range p.start {
			close(c)
		}
	}
	p.mu.Unlock()
	p.exited.Wait()
}

// helper is helper goroutine i: worker i+2. A round's share is taken by
// whichever of the helper and the caller (once done with its own share)
// claims it first, so an update never waits for a helper the system has
// not scheduled: on a loaded machine the caller does that share itself.
func (p *Pool) helper(i int, start chan uint64) {
	defer p.exited.Done()
	for r := range start {
		if p.claim[i].CompareAndSwap(r<<1, r<<1|1) {
			p.share(i + 2)
			p.fin[i] <- struct{}{}
		}
	}
}

// World computes the world matrices of nodes into out with mode m, as
// m.World does (same contract, same numbers), split across the pool's
// workers when the scene has at least DefaultParallelMin nodes and
// splits well. A Mode without a 3x4 update (a zero Mode) runs m.World.
func (p *Pool) World(m Mode, nodes []scene.Node, ws *Workspace, out []mgl64.Mat4) {
	if m.kern == nil {
		m.World(nodes, ws, out)
		return
	}
	n := count(nodes, out)
	ws.grow(n, m.need)
	p.run(m.kern, m.need, nodes[:n], ws, nil, out[:n])
}

// Affine computes the world matrices of nodes into out in the 3x4 layout,
// as m.Affine does (same contract, same numbers), split across the
// pool's workers as World is.
func (p *Pool) Affine(m Mode, nodes []scene.Node, ws *Workspace, out []mgl64.Mat3x4) {
	if m.kern == nil {
		return
	}
	n := min(len(nodes), len(out))
	ws.grow(n, m.need)
	p.run(m.kern, m.need, nodes[:n], ws, out[:n], nil)
}

// run computes len(nodes) nodes with kernel k (using the workspace
// buffers need) into out4 when it is not nil, into aff otherwise.
func (p *Pool) run(k kernel, need uint8, nodes []scene.Node, ws *Workspace, aff []mgl64.Mat3x4, out4 []mgl64.Mat4) {
	n := len(nodes)
	if p == nil || p.workers < 2 || n < p.min {
		serial(k, need, nodes, ws, aff, out4)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		serial(k, need, nodes, ws, aff, out4)
		return
	}
	pl := &ws.plan
	if pl.n != n || pl.workers != p.workers {
		pl.make(nodes, p.workers)
	}
	if pl.serial {
		serial(k, need, nodes, ws, aff, out4)
		return
	}
	var kids []uint64
	if need != 0 {
		kids = ws.kidsOf(nodes, false)
	}
	p.kern, p.plan = k, pl
	for w := range p.args {
		p.args[w].kargs = kargs{nodes: nodes, ws: ws, out: aff, out4: out4, own: pl.owner, me: uint8(w), kids: kids}
	}
	p.share(0) // the top, before any worker reads it
	stale := p.args[0].stale
	if !stale {
		p.round++
		r := p.round
		for i := range p.start {
			p.claim[i].Store(r << 1)
			select {
			case p.start[i] <- r:
			default: // the helper has not read an older round yet; it will find that round over
			}
		}
		p.share(1)
		for i := range p.start {
			if p.claim[i].CompareAndSwap(r<<1, r<<1|1) {
				p.share(i + 2) // not started: the caller does it
			} else {
				<-p.fin[i]
			}
		}
		for w := range p.args {
			stale = stale || p.args[w].stale
		}
	}
	for w := range p.args {
		p.args[w].kargs = kargs{}
	}
	p.kern, p.plan = nil, nil
	if stale {
		// A parent moved out of the plan (or gained its first child):
		// plan again, and compute this update alone (every node is
		// written again).
		pl.make(nodes, p.workers)
		if need != 0 {
			ws.kidsOf(nodes, true)
		}
		serial(k, need, nodes, ws, aff, out4)
	}
}

// share computes worker w's stretches of the running update (w 0: the
// top).
func (p *Pool) share(w int) {
	a := &p.args[w].kargs
	for _, s := range p.plan.runs[w] {
		p.kern(a, int(s.lo), int(s.hi))
	}
}

// serial computes every node of nodes on the calling goroutine (into
// out4 when it is not nil, into aff otherwise), with
// the workspace's own kargs (a kargs on the stack would escape through
// the kernel call). A kernel that keeps records for children (need not
// 0) finds which nodes have children in ws.kids; when a node's parent
// is not marked there (the hierarchy changed), the marks are made again
// and the update runs again.
func serial(k kernel, need uint8, nodes []scene.Node, ws *Workspace, aff []mgl64.Mat3x4, out4 []mgl64.Mat4) {
	a := &ws.args
	for pass := 0; pass < 2; pass++ {
		var kids []uint64
		if need != 0 {
			kids = ws.kidsOf(nodes, pass > 0)
		}
		*a = kargs{nodes: nodes, ws: ws, out: aff, out4: out4, kids: kids}
		k(a, 0, len(nodes))
		if !a.stale {
			break
		}
	}
	*a = kargs{}
}

// span is a stretch of node indices [lo, hi).
type span struct{ lo, hi int32 }

// plan is a split of a hierarchy of n nodes across workers: owner[i] is
// the worker that computes node i (0 the shared top, computed first),
// runs[w] the stretches of consecutive nodes that worker w computes, in
// index order. serial marks a hierarchy that does not split well (or
// too large for int32 indices): it runs on one goroutine.
type plan struct {
	n, workers int
	serial     bool
	owner      []uint8
	runs       [][]span
}

// Splitting parameters: subtrees are opened until the largest is at most
// 1/(planGrain*workers) of the nodes, or the top holds planTopMax of
// them; a split whose busiest worker (top included) has more than
// planWorthMax of the nodes is not worth it.
const (
	planGrain    = 8
	planTopMax   = 1.0 / 64
	planWorthMax = 0.8
)

// make plans nodes (parents first) for workers workers.
func (pl *plan) make(nodes []scene.Node, workers int) {
	n := len(nodes)
	*pl = plan{n: n, workers: workers, serial: true, runs: pl.runs[:0], owner: pl.owner}
	if n > math.MaxInt32 || workers < 2 {
		return
	}
	// Subtree sizes, children lists (CSR, ascending).
	size := make([]int32, n)
	first := make([]int32, n+1)
	for i := n - 1; i >= 0; i-- {
		size[i]++
		if q := nodes[i].Parent; q >= 0 {
			size[q] += size[i]
			first[q+1]++
		}
	}
	for i := 0; i < n; i++ {
		first[i+1] += first[i]
	}
	kids := make([]int32, n)
	next := slices.Clone(first[:n])
	for i := 0; i < n; i++ {
		if q := nodes[i].Parent; q >= 0 {
			kids[next[q]] = int32(i)
			next[q]++
		}
	}
	// Open the largest subtree until all are small enough.
	h := &bySize{size: size}
	for i := 0; i < n; i++ {
		if nodes[i].Parent < 0 {
			h.idx = append(h.idx, int32(i))
		}
	}
	heap.Init(h)
	own := slices.Grow(pl.owner[:0], n)[:n]
	for i := range own {
		own[i] = 0xff // inherits its parent's owner
	}
	target := int32(n / (planGrain * workers))
	topMax := int(float64(n)*planTopMax) + 1
	top := 0
	for h.Len() > 0 && size[h.idx[0]] > target && top < topMax {
		r := heap.Pop(h).(int32)
		own[r] = 0
		top++
		for _, c := range kids[first[r]:first[r+1]] {
			heap.Push(h, c)
		}
	}
	// Deal the subtrees, largest first, each to the least loaded.
	slices.SortFunc(h.idx, func(a, b int32) int { return int(size[b]) - int(size[a]) })
	load := make([]int, workers+1)
	for _, r := range h.idx {
		w := 1
		for v := 2; v <= workers; v++ {
			if load[v] < load[w] {
				w = v
			}
		}
		load[w] += int(size[r])
		own[r] = uint8(w)
	}
	pl.owner = own
	if float64(slices.Max(load[1:])+top) > planWorthMax*float64(n) {
		return
	}
	for i := 0; i < n; i++ {
		if own[i] == 0xff {
			own[i] = own[nodes[i].Parent]
		}
	}
	pl.runs = slices.Grow(pl.runs[:0], workers+1)[:workers+1]
	for w := range pl.runs {
		pl.runs[w] = pl.runs[w][:0]
	}
	for i := 0; i < n; {
		j := i + 1
		for j < n && own[j] == own[i] {
			j++
		}
		pl.runs[own[i]] = append(pl.runs[own[i]], span{int32(i), int32(j)})
		i = j
	}
	pl.serial = false
}

// bySize is a max-heap of node indices by subtree size.
type bySize struct {
	idx  []int32
	size []int32
}

func (h *bySize) Len() int           { return len(h.idx) }
func (h *bySize) Less(i, j int) bool { return h.size[h.idx[i]] > h.size[h.idx[j]] }
func (h *bySize) Swap(i, j int)      { h.idx[i], h.idx[j] = h.idx[j], h.idx[i] }
func (h *bySize) Push(x any)         { h.idx = append(h.idx, x.(int32)) }
func (h *bySize) Pop() any {
	x := h.idx[len(h.idx)-1]
	h.idx = h.idx[:len(h.idx)-1]
	return x
}

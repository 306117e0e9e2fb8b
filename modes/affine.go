package modes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
)

// The update runs on the affine 3x4 layout: mgl64.Mat3x4, column-major
// (entry (row r, column c) at index 3*c+r), columns 0 to 2 the linear
// part and column 3 the position; the implied last row is 0 0 0 1. A
// node's world matrix in this layout is 96 bytes against Mat4's 128, and
// no product computes the last row. Mode.World's Mat4 output is the same
// numbers expanded (expand), so both entry points give identical
// matrices.

// kernel computes the world matrices of the nodes with indices in
// [lo, hi) into a.out, parents first, in the 3x4 layout: a mode's update
// on one stretch of nodes. Every parent of a node in the stretch must be
// computed already (earlier in the stretch, or before the call).
type kernel func(a *kargs, lo, hi int)

// kargs is what a kernel works on. own and me make a parallel stretch
// safe against a hierarchy that changed since the plan was made (see
// Pool): with own non-nil, a node whose parent is owned by another worker
// (own[parent] neither 0, the shared top, nor me) is not computed and
// stale is set; it reads nothing another worker writes.
type kargs struct {
	nodes []scene.Node
	ws    *Workspace
	out   []mgl64.Mat3x4
	own   []uint8
	me    uint8
	stale bool
}

// foreign reports a parent pi that the running worker may not read (see
// kargs), and marks the stretch stale.
func (a *kargs) foreign(pi int) bool {
	if a.own == nil {
		return false
	}
	if o := a.own[pi]; o != 0 && o != a.me {
		a.stale = true
		return true
	}
	return false
}

// undefBits is the bit pattern of every entry of the undefined marker in
// the 3x4 layout (markUndefined3): a quiet NaN with a payload no
// arithmetic produces (an overflow's Inf-Inf or 0*Inf gives the default
// NaN, and finite input carries no NaN to propagate), so an overflowed
// matrix is never taken for the marker.
const undefBits = 0x7ff80000000c0de1

// markUndefined3 writes the marker of an undefined world matrix in the
// 3x4 layout: every entry the NaN of undefBits.
func markUndefined3(o *mgl64.Mat3x4) {
	nan := math.Float64frombits(undefBits)
	for k := range o {
		o[k] = nan
	}
}

// isUndefined3 reports the marker of markUndefined3 (tested on the
// position's x, which every marker carries).
func isUndefined3(w *mgl64.Mat3x4) bool { return math.Float64bits(w[9]) == undefBits }

// IsUndefinedAffine reports whether w, a world matrix in the 3x4 layout
// (Mode.Affine, Pool.Affine), is the marker of a node the rule leaves
// undefined (ReasonUndefined: every entry NaN). An overflowed matrix is
// not the marker: it is an ordinary matrix with Inf or NaN entries.
func IsUndefinedAffine(w *mgl64.Mat3x4) bool { return isUndefined3(w) }

// expand writes the 3x4 matrices a[lo:hi] into o[lo:hi] as Mat4 (last
// row 0 0 0 1), the marker as Mat4's marker (every entry NaN).
func expand(a []mgl64.Mat3x4, o []mgl64.Mat4, lo, hi int) {
	a, o = a[lo:hi], o[lo:hi]
	for i := range a {
		w, m := &a[i], &o[i]
		if isUndefined3(w) {
			markUndefined(m)
			continue
		}
		m[0], m[1], m[2], m[3] = w[0], w[1], w[2], 0
		m[4], m[5], m[6], m[7] = w[3], w[4], w[5], 0
		m[8], m[9], m[10], m[11] = w[6], w[7], w[8], 0
		m[12], m[13], m[14], m[15] = w[9], w[10], w[11], 1
	}
}

// expandChunk is how many nodes a Mat4 update computes in the 3x4 layout
// before expanding them into the caller's Mat4s: small enough that the
// chunk is still in cache when it is copied.
const expandChunk = 512

// runMat4 computes nodes[lo:hi] with k into the workspace's 3x4 buffer
// a.out, expanding each chunk into out as it goes.
func runMat4(k kernel, a *kargs, out []mgl64.Mat4, lo, hi int) {
	for c := lo; c < hi; c += expandChunk {
		e := min(c+expandChunk, hi)
		k(a, c, e)
		expand(a.out, out, c, e)
	}
}

// worldOf returns the Mat4 WorldFunc of kernel k: the 3x4 update into
// the workspace's buffer, expanded into out.
func worldOf(k kernel, need uint8) WorldFunc {
	return func(nodes []scene.Node, ws *Workspace, out []mgl64.Mat4) {
		n := count(nodes, out)
		ws.grow(n, need)
		ws.growAffine(n)
		serial(k, nodes[:n], ws, ws.aff[:n], out[:n])
	}
}

// Affine computes the world matrices of nodes (parents first, as
// scene.Scene keeps them) into out in the affine 3x4 layout
// (mgl64.Mat3x4, column-major, the last row 0 0 0 1 implied), on the
// calling goroutine: the same numbers World writes as Mat4, without the
// last row. Only the first min(len(nodes), len(out)) entries are
// computed. A node the rule leaves undefined (ReasonUndefined) gets
// every entry NaN (IsUndefinedAffine). It allocates nothing once ws has
// grown to the scene's size. A Mode without a 3x4 update (a zero Mode)
// computes nothing.
func (m Mode) Affine(nodes []scene.Node, ws *Workspace, out []mgl64.Mat3x4) {
	if m.kern == nil {
		return
	}
	n := min(len(nodes), len(out))
	ws.grow(n, m.need)
	serial(m.kern, nodes[:n], ws, out[:n], nil)
}

// withKernel returns m with its 3x4 update k (using the workspace
// buffers need) and the Mat4 World made from it.
func withKernel(m Mode, k kernel, need uint8) Mode {
	m.kern, m.need = k, need
	m.World = worldOf(k, need)
	return m
}

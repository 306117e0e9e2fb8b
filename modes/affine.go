package modes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
)

// The update runs on the affine layout: every product is a 3x4 one (the
// last row 0 0 0 1 is never computed). It writes either mgl64.Mat3x4
// (Mode.Affine: column-major, entry (row r, column c) at index 3*c+r,
// the position in column 3; 96 bytes a node) or mgl64.Mat4 (Mode.World:
// the same entries at 4*c+r and the row 0 0 0 1 stored; 128 bytes), by
// one kernel written once for both (type parameter T layout) and
// compiled for each: stride[T]() is then a constant, 3 or 4, and the
// indices c*st+r constants. Both layouts hold the same numbers.

// layout is the output of a kernel: the 3x4 or the Mat4 world matrix.
type layout interface{ mgl64.Mat3x4 | mgl64.Mat4 }

// stride is the column stride of layout T: 3 for Mat3x4, 4 for Mat4.
func stride[T layout]() int {
	var z T
	return len(z) / 4
}

// kernel computes the world matrices of the nodes with indices in
// [lo, hi) into a.out (3x4) or a.out4 (Mat4, when not nil), parents
// first: a mode's update on one stretch of nodes. Every parent of a node
// in the stretch must be computed already (earlier in the stretch, or
// before the call).
type kernel func(a *kargs, lo, hi int)

// kern4 makes a kernel from a kernel generic over the layout: the Mat4
// instance when a.out4 is set, the 3x4 one otherwise.
func kern4(k3 func(a *kargs, out []mgl64.Mat3x4, lo, hi int), k4 func(a *kargs, out []mgl64.Mat4, lo, hi int)) kernel {
	return func(a *kargs, lo, hi int) {
		if a.out4 != nil {
			k4(a, a.out4, lo, hi)
		} else {
			k3(a, a.out, lo, hi)
		}
	}
}

// kargs is what a kernel works on. own and me make a parallel stretch
// safe against a hierarchy that changed since the plan was made (see
// Pool): with own non-nil, a node whose parent is owned by another worker
// (own[parent] neither 0, the shared top, nor me) is not computed and
// stale is set; it reads nothing another worker writes.
//
// kids marks the nodes that have children (bit i%64 of kids[i/64]), for
// the kernels that keep a workspace record per node for its children
// (accumulate-trs, uniform-inner-scale, skew-stripping): only marked
// nodes write one, so leaves (three quarters of a 4-ary tree) cost no
// memory beyond their world matrix. A child whose parent is not marked
// (the hierarchy changed since the marks were made) sets stale, and the
// caller marks again and runs again.
type kargs struct {
	nodes []scene.Node
	ws    *Workspace
	out   []mgl64.Mat3x4
	out4  []mgl64.Mat4
	own   []uint8
	me    uint8
	stale bool
	kids  []uint64
}

// hasKids reports the mark of node i in kids.
func hasKids(kids []uint64, i int) bool { return kids[uint(i)>>6]&(1<<(uint(i)&63)) != 0 }

// kidsOf returns ws.kids marking the nodes of nodes that have children,
// made again when again is set or when they were made for another node
// count.
func (w *Workspace) kidsOf(nodes []scene.Node, again bool) []uint64 {
	n := len(nodes)
	if !again && w.kidsN == n+1 {
		return w.kids
	}
	w.kids = growTo(w.kids, (n+63)/64)
	clear(w.kids)
	for i := range nodes {
		if q := nodes[i].Parent; q >= 0 && q < n {
			w.kids[uint(q)>>6] |= 1 << (uint(q) & 63)
		}
	}
	w.kidsN = n + 1
	return w.kids
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

// undefBits is the bit pattern of every entry of the undefined marker
// the kernels write (markUndef): a quiet NaN with a payload no arithmetic
// produces (an overflow's Inf-Inf or 0*Inf gives the default NaN, and
// finite input carries no NaN to propagate), so an overflowed matrix is
// never taken for the marker. In Mat4 it is also the marker isUndefined
// knows (every entry NaN, the last one not 1).
const undefBits = 0x7ff80000000c0de1

// markUndef writes the marker of an undefined world matrix into out[i]:
// every entry the NaN of undefBits.
func markUndef[T layout](out []T, i int) {
	nan := math.Float64frombits(undefBits)
	for k := 0; k < len(out[i]); k++ {
		out[i][k] = nan
	}
}

// isUndef reports the marker of markUndef in out[i] (tested on the
// position's x, which every marker carries; the NaN test first, so that
// a finite matrix costs one comparison).
func isUndef[T layout](out []T, i int) bool {
	x := out[i][3*stride[T]()]
	return x != x && math.Float64bits(x) == undefBits
}

// markUndefined3 and isUndefined3 are markUndef and isUndef on one 3x4
// matrix.
func markUndefined3(o *mgl64.Mat3x4) {
	nan := math.Float64frombits(undefBits)
	for k := range o {
		o[k] = nan
	}
}

func isUndefined3(w *mgl64.Mat3x4) bool { return w[9] != w[9] && math.Float64bits(w[9]) == undefBits }

// IsUndefinedAffine reports whether w, a world matrix in the 3x4 layout
// (Mode.Affine, Pool.Affine), is the marker of a node the rule leaves
// undefined (ReasonUndefined: every entry NaN). An overflowed matrix is
// not the marker: it is an ordinary matrix with Inf or NaN entries.
func IsUndefinedAffine(w *mgl64.Mat3x4) bool { return isUndefined3(w) }

// load3x4 copies out[i] into p in the 3x4 layout.
func load3x4[T layout](out []T, i int, p *mgl64.Mat3x4) {
	st := stride[T]()
	for c := 0; c < 4; c++ {
		p[3*c], p[3*c+1], p[3*c+2] = out[i][c*st], out[i][c*st+1], out[i][c*st+2]
	}
}

// store3x4 writes the 3x4 matrix o into out[i] (with the row 0 0 0 1 in
// Mat4); the 3x4 marker becomes out's marker.
func store3x4[T layout](out []T, i int, o *mgl64.Mat3x4) {
	if isUndefined3(o) {
		markUndef(out, i)
		return
	}
	st := stride[T]()
	for c := 0; c < 4; c++ {
		out[i][c*st], out[i][c*st+1], out[i][c*st+2] = o[3*c], o[3*c+1], o[3*c+2]
	}
	lastRow(out, i)
}

// lastRow writes Mat4's row 0 0 0 1 into out[i]; nothing in 3x4.
func lastRow[T layout](out []T, i int) {
	if st := stride[T](); st == 4 {
		out[i][st-1], out[i][2*st-1], out[i][3*st-1], out[i][4*st-1] = 0, 0, 0, 1
	}
}

// worldOf returns the Mat4 WorldFunc of kernel k.
func worldOf(k kernel, need uint8) WorldFunc {
	return func(nodes []scene.Node, ws *Workspace, out []mgl64.Mat4) {
		n := count(nodes, out)
		ws.grow(n, need)
		serial(k, need, nodes[:n], ws, nil, out[:n])
	}
}

// Affine computes the world matrices of nodes (parents first, as
// scene.Scene keeps them) into out in the affine 3x4 layout
// (mgl64.Mat3x4, column-major, the last row 0 0 0 1 implied), on the
// calling goroutine: the same numbers World writes as Mat4, without the
// last row, and a quarter fewer bytes written. Only the first min(len(nodes), len(out)) entries are
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
	serial(m.kern, m.need, nodes[:n], ws, out[:n], nil)
}

// withKernel returns m with its update k (using the workspace buffers
// need) and the Mat4 World made from it.
func withKernel(m Mode, k kernel, need uint8) Mode {
	m.kern, m.need = k, need
	m.World = worldOf(k, need)
	return m
}

// unreadyRecord reports a parent pi whose record (the workspace entry a
// kernel keeps for a node's children) the running worker may not read:
// a parent of another worker (foreign), or one not marked as having
// children (the hierarchy changed since the marks were made, see
// kidsOf). Either marks the stretch stale.
func (a *kargs) unreadyRecord(pi int) bool {
	if a.foreign(pi) {
		return true
	}
	if !hasKids(a.kids, pi) {
		a.stale = true
		return true
	}
	return false
}

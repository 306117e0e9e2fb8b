package cost

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
)

// Affine is an affine transform stored as a 3x4 matrix, the layout of
// modes' 3x4 updates (Mode.Affine): mgl64.Mat3x4, column-major, columns
// 0, 1 and 2 (entries 0-2, 3-5, 6-8) the images of the x, y and z axes,
// column 3 (entries 9-11) the translation; the implied last row is
// (0, 0, 0, 1). Column vectors: a point p maps to L*p + t.
type Affine = mgl64.Mat3x4

// LocalAffine writes node n's local transform T*R*S into a, from its
// Local TRS alone: the rotation by the unit-quaternion formula (no
// division by the quaternion's length: scene.New and the generated
// scenes hold unit rotations; a quaternion of another length gives a
// matrix scaled by its squared length), each rotation column times its
// axis' scale, the position as the translation. Shear, the rest rotation
// and per-node rules are not read: this is the floor's local, for the
// generated hierarchies, which have none.
func LocalAffine(n *scene.Node, a *Affine) {
	q, p, s := &n.Local.Rotation, &n.Local.Position, &n.Local.Scale
	w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
	x2, y2, z2 := x+x, y+y, z+z
	xx, xy, xz := x*x2, x*y2, x*z2
	yy, yz, zz := y*y2, y*z2, z*z2
	wx, wy, wz := w*x2, w*y2, w*z2
	sx, sy, sz := s[0], s[1], s[2]
	a[0], a[1], a[2] = (1-(yy+zz))*sx, (xy+wz)*sx, (xz-wy)*sx
	a[3], a[4], a[5] = (xy-wz)*sy, (1-(xx+zz))*sy, (yz+wx)*sy
	a[6], a[7], a[8] = (xz+wy)*sz, (yz-wx)*sz, (1-(xx+yy))*sz
	a[9], a[10], a[11] = p[0], p[1], p[2]
}

// mulAffine writes p*l into o (affine product: o's linear part is p's
// times l's, o's translation p's linear part times l's translation plus
// p's translation). o may alias l but not p.
func mulAffine(p, l, o *Affine) {
	p0, p1, p2, p3, p4, p5, p6, p7, p8 := p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8]
	for c := 0; c < 12; c += 3 {
		l0, l1, l2 := l[c], l[c+1], l[c+2]
		o[c] = p0*l0 + p3*l1 + p6*l2
		o[c+1] = p1*l0 + p4*l1 + p7*l2
		o[c+2] = p2*l0 + p5*l1 + p8*l2
	}
	o[9] += p[9]
	o[10] += p[10]
	o[11] += p[11]
}

// Floor is the floor the cost lab measures every rule against: the
// hand-written float64 3x4 affine product, single-threaded, with each
// node's local built from its TRS in place (LocalAffine), world =
// parentWorld * local down the parents-first nodes, into out. It is
// accumulate-matrices without per-node rules, shear or rest rotations,
// the 4x4's last row or any copy of a matrix value: the least work any
// rule's world update can do on the same nodes. It computes the first
// min(len(nodes), len(out)) entries, allocates nothing, and reads a
// parent only from out (nodes must be parents first, as scene.Scene and
// bigscene guarantee).
//
// It is the loop of modes' floor (floorKernel in modes/bench_test.go,
// which make bench measures), so that the lab and make bench measure
// one floor: like it, it reads one word of the node beyond its TRS on
// each of the node's further cache lines (the shear, the rule, the rest
// rotation) and ignores them, as the rule kernels read those lines; a
// loop that skips them leaves gaps in the stream the hardware prefetcher
// follows, and is slower than the rules it is the floor of.
func Floor(nodes []scene.Node, out []Affine) {
	n := min(len(nodes), len(out))
	var touch uint64
	for i := 0; i < n; i++ {
		nd := &nodes[i]
		touch |= math.Float64bits(nd.Shear[0]) | uint64(nd.Rule) | math.Float64bits(nd.Rest.W)
		// The local in registers (LocalAffine written out), then one
		// store of the product.
		q, t, sc := &nd.Local.Rotation, &nd.Local.Position, &nd.Local.Scale
		w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
		x2, y2, z2 := x+x, y+y, z+z
		xx, xy, xz := x*x2, x*y2, x*z2
		yy, yz, zz := y*y2, y*z2, z*z2
		wx, wy, wz := w*x2, w*y2, w*z2
		s0, s1, s2 := sc[0], sc[1], sc[2]
		l0, l1, l2 := (1-(yy+zz))*s0, (xy+wz)*s0, (xz-wy)*s0
		l3, l4, l5 := (xy-wz)*s1, (1-(xx+zz))*s1, (yz+wx)*s1
		l6, l7, l8 := (xz+wy)*s2, (yz-wx)*s2, (1-(xx+yy))*s2
		o := &out[i]
		pi := nd.Parent
		if pi < 0 {
			*o = Affine{l0, l1, l2, l3, l4, l5, l6, l7, l8, t[0], t[1], t[2]}
			continue
		}
		p := &out[pi]
		p0, p1, p2, p3, p4, p5, p6, p7, p8 := p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8]
		*o = Affine{
			p0*l0 + p3*l1 + p6*l2, p1*l0 + p4*l1 + p7*l2, p2*l0 + p5*l1 + p8*l2,
			p0*l3 + p3*l4 + p6*l5, p1*l3 + p4*l4 + p7*l5, p2*l3 + p5*l4 + p8*l5,
			p0*l6 + p3*l7 + p6*l8, p1*l6 + p4*l7 + p7*l8, p2*l6 + p5*l7 + p8*l8,
			p0*t[0] + p3*t[1] + p6*t[2] + p[9], p1*t[0] + p4*t[1] + p7*t[2] + p[10], p2*t[0] + p5*t[1] + p8*t[2] + p[11],
		}
	}
	floorTouched = touch
}

// floorTouched keeps Floor's reads of the words it ignores: stored, never
// read, so that the compiler keeps the loads.
//
//lint:ignore U1000 written only, on purpose (see above)
var floorTouched uint64

// StoredLocals writes every node's LocalAffine into locals (the first
// min(len(nodes), len(locals)) entries): the local matrices an engine
// that stores matrices instead of TRS keeps, StoredFloor's input.
func StoredLocals(nodes []scene.Node, locals []Affine) {
	n := min(len(nodes), len(locals))
	for i := 0; i < n; i++ {
		LocalAffine(&nodes[i], &locals[i])
	}
}

// StoredFloor is Floor with the locals already stored as matrices
// (StoredLocals): world = parentWorld * locals[i], nothing built from
// TRS. Floor over StoredFloor is the cost of building the local matrix
// from TRS every update, the cost seed 004 puts at "about 12 %". It
// computes the first min(len(nodes), len(locals), len(out)) entries and
// allocates nothing.
func StoredFloor(nodes []scene.Node, locals, out []Affine) {
	n := min(len(nodes), len(locals), len(out))
	for i := 0; i < n; i++ {
		if p := nodes[i].Parent; p >= 0 {
			mulAffine(&out[p], &locals[i], &out[i])
		} else {
			out[i] = locals[i]
		}
	}
}

package audit

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/scene"
	"skewlab/transform"
)

// Cause kinds (Cause.Kind): what in a node's hierarchy makes the rules
// place it differently. A node's causes are listed in this order (the
// ones that explain its farthest pair first, see Node.Causes).
const (
	// CauseOwnShear: the node's own matrix is sheared (a glTF matrix no
	// TRS holds, scene.Node.Shear); only accumulate-matrices keeps the
	// shear as stored.
	CauseOwnShear = "own-shear"
	// CauseShearedParent: an ancestor's world under accumulate-matrices
	// is sheared (no TRS holds it), and the rules inherit that shear
	// differently or straighten it.
	CauseShearedParent = "sheared-parent"
	// CauseScaleAboveTurn: a non-uniform scale above a turned child: an
	// ancestor's scale that the rotation of the node (or of an ancestor
	// below the scale) does not map onto itself, so accumulate-matrices
	// applies it along the parent's axes and the TRS rules
	// (accumulate-trs, blender-aligned) along the child's own. When the
	// turn does not map axes onto axes the matrices also shear the child
	// (Cause.Shears).
	CauseScaleAboveTurn = "scale-above-turn"
	// CauseZeroScale: an ancestor's scale is zero on some axis: what is
	// under it is flat, and the rules rebuild the lost axis differently
	// (maya-ssc leaves the node undefined).
	CauseZeroScale = "zero-scale"
	// CauseNonUniform: an ancestor's scale is not uniform (or mirrors one
	// axis: Cause.Mirror), which uniform-inner-scale and blender-average
	// pass on only as its average.
	CauseNonUniform = "non-uniform-scale"
	// CauseScale: an ancestor's scale is not 1, which blender-none,
	// blender-none-legacy and maya-ssc do not pass on to the child's
	// size.
	CauseScale = "scale"
	// CauseRule: the node or an ancestor below a scale carries its own
	// rule (scene.Node.Rule), which accumulate-matrices keeps and every
	// other rule replaces with itself.
	CauseRule = "per-node-rule"
)

// Tolerances of the causes, relative: a scale is uniform, 1, or
// commutes with a rotation when it does so to this fraction of its
// largest component, and a world counts as sheared when the cosine
// between two of its columns exceeds it. 1e-6 is about float32 rounding
// (glTF stores float32): a shear or a non-uniformity of that size moves
// nothing by more than 1e-6 of the model's size, far below the audit's
// tolerance, and is no cause.
const causeTol = 1e-6

// Cause is one reason, found in the hierarchy, why the rules compared can
// place a node differently. Indices are into the scene's nodes (parents
// first, as Node.Index); a name is the node's name.
type Cause struct {
	// Kind is one of the Cause* kinds.
	Kind string
	// Parent (sheared-parent) reports that At is the node's parent, not
	// a farther ancestor.
	Parent bool
	// At is the node the cause names first: the node itself
	// (own-shear), the nearest sheared ancestor (sheared-parent), the
	// ancestor whose scale it is (scale-above-turn, zero-scale,
	// non-uniform-scale, scale), or the node that carries its own rule
	// (per-node-rule). AtName is its name.
	At     int
	AtName string
	// Scale is the local scale (x, y, z) of the scaled ancestor: At's,
	// or OriginAt's for a sheared-parent whose shear starts at a scale
	// above a turn; zero otherwise.
	Scale mgl64.Vec3
	// Turned is the node turned under that scale (scale-above-turn, and
	// a sheared-parent whose Origin is scale-above-turn), -1 otherwise;
	// TurnedName its name; TurnDeg the angle of its local rotation in
	// degrees, in [0, 180], about the unit Axis (right-handed).
	Turned     int
	TurnedName string
	TurnDeg    float64
	Axis       mgl64.Vec3
	// Shears (scale-above-turn) reports that the turned node's world is
	// sheared under accumulate-matrices (by this turn, and perhaps by a
	// sheared parent too); when false its world is still a TRS (a turn
	// that maps axes onto axes of another scale, such as a quarter turn
	// under (2, 1, 1)), but the rules that apply a parent's scale along
	// the child's own axes (accumulate-trs, blender-aligned) draw it
	// otherwise.
	Shears bool
	// Mirror reports that the scale named is non-uniform in its signs
	// only, such as (-1, 1, 1): a mirrored ancestor.
	Mirror bool
	// Origin (sheared-parent) says where the sheared ancestor's shear
	// starts: CauseOwnShear (OriginAt's own matrix),
	// CauseScaleAboveTurn (OriginAt's Scale above Turned), or "" when
	// the audit finds neither (a shear made by a per-node rule or a zero
	// scale). OriginAt is -1 for "", OriginName its name.
	Origin     string
	OriginAt   int
	OriginName string
	// Rule (per-node-rule) is the mode name of At's own rule.
	Rule string
}

// affects reports whether the cause can make rule m place a node
// differently from accumulate-matrices (with the scene's per-node
// rules, as the audit applies it).
func (c *Cause) affects(m modes.Mode) bool {
	if m.Name == modes.AccumulateMatrices.Name {
		return false
	}
	switch c.Kind {
	case CauseScaleAboveTurn:
		switch m.Name {
		case modes.AccumulateTRS.Name, modes.BlenderAligned.Name:
			return true
		case modes.SkewStripping.Name, modes.BlenderFixShear.Name:
			return c.Shears
		}
		return false
	case CauseNonUniform:
		return m.Name == modes.UniformInnerScale.Name || m.Name == modes.BlenderAverage.Name
	case CauseScale:
		return m.DropsInheritedScale
	}
	return true // shear, zero scale, per-node rule: any other rule
}

// Affected returns the rules of r the cause can make differ from
// accumulate-matrices, in r's order.
func (r *Report) Affected(c *Cause) []modes.Mode {
	var out []modes.Mode
	for _, m := range r.Rules {
		if c.affects(m) {
			out = append(out, m)
		}
	}
	return out
}

// hierarchy is what the causes need per node, filled parents first by
// Checker.hierarchy; indices are -1 for none.
type hierarchy struct {
	parent      []int32
	sheared     []bool       // world under accumulate-matrices sheared beyond causeTol
	nearSheared []int32      // nearest strict ancestor that is sheared
	shearStart  []int32      // for a sheared node: the top of its run of sheared ancestors-or-self
	trsScale    []mgl64.Vec3 // accumulate-trs's world scale, divided by its largest component
	event       []int32      // the ancestor whose scale this node's turn does not commute with
	nearEvent   []int32      // nearest ancestor-or-self with an event
	nonUniIncl  []int32      // nearest ancestor-or-self with a non-uniform scale
	nearScaled  []int32      // nearest strict ancestor with a scale other than 1
	nearZero    []int32      // nearest strict ancestor with a zero scale component
	nearRule    []int32      // nearest ancestor-or-self with a rule of its own (not matrices) below a scale or shear
}

// grow sizes every slice of h to n.
func (h *hierarchy) grow(n int) {
	h.parent = resize(h.parent, n)
	h.sheared = resize(h.sheared, n)
	h.nearSheared = resize(h.nearSheared, n)
	h.shearStart = resize(h.shearStart, n)
	h.trsScale = resize(h.trsScale, n)
	h.event = resize(h.event, n)
	h.nearEvent = resize(h.nearEvent, n)
	h.nonUniIncl = resize(h.nonUniIncl, n)
	h.nearScaled = resize(h.nearScaled, n)
	h.nearZero = resize(h.nearZero, n)
	h.nearRule = resize(h.nearRule, n)
}

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// maxEventWalk bounds the walk up the non-uniform ancestors that names
// the scale a turn does not commute with; past it the nearest
// non-uniform ancestor is named. It keeps a deep chain linear.
const maxEventWalk = 64

// hierarchy fills c.h for nodes (parents first) with ref their worlds
// under accumulate-matrices. It takes time linear in the nodes (times at
// most maxEventWalk at a turned node) and allocates nothing once grown.
func (c *Checker) hierarchy(nodes []scene.Node, ref []mgl64.Mat4) {
	h := &c.h
	h.grow(len(nodes))
	for i := range nodes {
		nd := &nodes[i]
		p := nd.Parent
		if p < 0 || p >= i {
			p = -1 // a root (or not parents first: read as a root)
		}
		h.parent[i] = int32(p)
		s := nd.Local.Scale
		h.sheared[i] = transform.Finite(ref[i][:]...) && !transform.Representable(transform.Linear(ref[i]), causeTol)
		h.nearSheared[i], h.shearStart[i], h.nearScaled[i], h.nearZero[i], h.event[i] = -1, -1, -1, -1, -1
		ps := mgl64.Vec3{1, 1, 1}
		if p >= 0 {
			ps = h.trsScale[p]
			h.nearSheared[i] = h.nearSheared[p]
			if h.sheared[p] {
				h.nearSheared[i] = int32(p)
			}
			h.nearScaled[i], h.nearZero[i] = h.nearScaled[p], h.nearZero[p]
			if !isOne(nodes[p].Local.Scale) {
				h.nearScaled[i] = int32(p)
			}
			if hasZero(nodes[p].Local.Scale) {
				h.nearZero[i] = int32(p)
			}
		}
		if h.sheared[i] {
			h.shearStart[i] = int32(i)
			if p >= 0 && h.sheared[p] {
				h.shearStart[i] = h.shearStart[p]
			}
		}
		h.trsScale[i] = unitMax(mgl64.Vec3{ps[0] * s[0], ps[1] * s[1], ps[2] * s[2]})
		h.nonUniIncl[i] = -1
		if !isUniform(s) {
			h.nonUniIncl[i] = int32(i)
		} else if p >= 0 {
			h.nonUniIncl[i] = h.nonUniIncl[p]
		}
		if p >= 0 && !isUniform(ps) {
			r := transform.RotMat3(nd.Rotation())
			if !commutes(r, ps) {
				h.event[i] = h.scaleAgainst(nodes, p, r)
			}
		}
		h.nearEvent[i] = -1
		if h.event[i] >= 0 {
			h.nearEvent[i] = int32(i)
		} else if p >= 0 {
			h.nearEvent[i] = h.nearEvent[p]
		}
		h.nearRule[i] = -1
		if nd.Rule != scene.RuleFollow && nd.Rule != scene.RuleMatrices && (h.nearScaled[i] >= 0 || h.nearSheared[i] >= 0) {
			h.nearRule[i] = int32(i)
		} else if p >= 0 {
			h.nearRule[i] = h.nearRule[p]
		}
	}
}

// scaleAgainst returns the ancestor-or-self of p whose own scale the
// rotation r does not commute with: the nearest whose scale's magnitudes
// do not (the one that shears, when the turn shears), else the nearest
// whose signs do not (a mirror), walking at most maxEventWalk
// non-uniform ancestors; failing both, the nearest non-uniform one, or
// p.
func (h *hierarchy) scaleAgainst(nodes []scene.Node, p int, r mgl64.Mat3) int32 {
	a, signed := h.nonUniIncl[p], int32(-1)
	for k := 0; a >= 0 && k < maxEventWalk; k++ {
		s := nodes[a].Local.Scale
		if !commutes(r, absVec(s)) {
			return a
		}
		if signed < 0 && !commutes(r, s) {
			signed = a
		}
		if q := h.parent[a]; q >= 0 {
			a = h.nonUniIncl[q]
		} else {
			a = -1
		}
	}
	switch {
	case signed >= 0:
		return signed
	case h.nonUniIncl[p] >= 0:
		return h.nonUniIncl[p]
	}
	return int32(p)
}

// causes appends node i's causes, for the rules compared, to out and
// returns it: every kind found in its hierarchy whose rules include one
// of rules (Cause.affects), in kind order, those that explain the
// node's farthest pair (one rule of the pair affected, the other not)
// first.
func (c *Checker) causes(out []Cause, nodes []scene.Node, rules []modes.Mode, i int, worst Disagreement) []Cause {
	h := &c.h
	start := len(out)
	add := func(k Cause) {
		for _, m := range rules {
			if k.affects(m) {
				out = append(out, k)
				return
			}
		}
	}
	none := Cause{At: -1, Turned: -1, OriginAt: -1}
	if nodes[i].Sheared() {
		k := none
		k.Kind, k.At, k.AtName = CauseOwnShear, i, nodes[i].Name
		add(k)
	}
	if a := int(h.nearSheared[i]); a >= 0 {
		k := none
		k.Kind, k.At, k.AtName, k.Parent = CauseShearedParent, a, nodes[a].Name, a == int(h.parent[i])
		o := int(h.shearStart[a])
		switch {
		case o >= 0 && nodes[o].Sheared():
			k.Origin, k.OriginAt, k.OriginName = CauseOwnShear, o, nodes[o].Name
		case o >= 0 && h.event[o] >= 0:
			x := int(h.event[o])
			k.Origin, k.OriginAt, k.OriginName, k.Scale = CauseScaleAboveTurn, x, nodes[x].Name, nodes[x].Local.Scale
			k.Mirror = isUniform(absVec(k.Scale))
			c.turn(&k, nodes, o)
		}
		add(k)
	}
	if t := int(h.nearEvent[i]); t >= 0 && (t == i || !h.sheared[t]) {
		x := int(h.event[t])
		k := none
		k.Kind, k.At, k.AtName, k.Scale = CauseScaleAboveTurn, x, nodes[x].Name, nodes[x].Local.Scale
		k.Mirror = isUniform(absVec(k.Scale))
		k.Shears = h.sheared[t]
		c.turn(&k, nodes, t)
		add(k)
	}
	for _, sc := range [...]struct {
		kind string
		at   int32
	}{{CauseZeroScale, h.nearZero[i]}, {CauseNonUniform, h.nonUniAbove(i)}, {CauseScale, h.nearScaled[i]}} {
		if sc.at < 0 {
			continue
		}
		a := int(sc.at)
		k := none
		k.Kind, k.At, k.AtName, k.Scale = sc.kind, a, nodes[a].Name, nodes[a].Local.Scale
		k.Mirror = sc.kind == CauseNonUniform && isUniform(absVec(k.Scale))
		add(k)
	}
	if r := int(h.nearRule[i]); r >= 0 && slices.ContainsFunc(rules, func(m modes.Mode) bool { return m.Name == modes.AccumulateMatrices.Name }) {
		k := none
		k.Kind, k.At, k.AtName, k.Rule = CauseRule, r, nodes[r].Name, nodes[r].Rule.String()
		add(k)
	}
	// The causes that explain the farthest pair first, in kind order.
	if p := worst.Pair; p[0] >= 0 && p[1] >= 0 && p[0] < len(rules) && p[1] < len(rules) {
		explains := func(k *Cause) bool {
			return k.affects(rules[p[0]]) != k.affects(rules[p[1]])
		}
		mine := out[start:]
		slices.SortStableFunc(mine, func(a, b Cause) int {
			ea, eb := explains(&a), explains(&b)
			switch {
			case ea && !eb:
				return -1
			case eb && !ea:
				return 1
			}
			return 0
		})
	}
	return out
}

// nonUniAbove returns the nearest strict ancestor of i with a
// non-uniform scale, or -1.
func (h *hierarchy) nonUniAbove(i int) int32 {
	if p := h.parent[i]; p >= 0 {
		return h.nonUniIncl[p]
	}
	return -1
}

// turn sets k's turned node to t, with its rotation's angle and axis.
func (c *Checker) turn(k *Cause, nodes []scene.Node, t int) {
	k.Turned, k.TurnedName = t, nodes[t].Name
	k.TurnDeg, k.Axis = angleAxis(nodes[t].Rotation())
}

// angleAxis returns the angle in degrees, in [0, 180], and the unit axis
// of the rotation q ((w, x, y, z), normalised first); the axis is +x for
// the identity.
func angleAxis(q mgl64.Quat) (float64, mgl64.Vec3) {
	q = transform.Normalize(q)
	if q.W < 0 {
		q = mgl64.Quat{W: -q.W, V: q.V.Mul(-1)}
	}
	l := q.V.Len()
	if !(l > 0) {
		return 0, mgl64.Vec3{1, 0, 0}
	}
	return 2 * math.Atan2(l, q.W) * 180 / math.Pi, q.V.Mul(1 / l)
}

// commutes reports whether the rotation r maps diag(s) onto itself,
// R^T diag(s) R = diag(s), to causeTol of s's largest component: every
// axis onto an axis of the same scale (up to sign).
func commutes(r mgl64.Mat3, s mgl64.Vec3) bool {
	m := max(math.Abs(s[0]), math.Abs(s[1]), math.Abs(s[2]))
	if !(m > 0) || math.IsInf(m, 0) {
		return true
	}
	s = s.Mul(1 / m)
	for a := range 3 {
		for b := range 3 {
			// (R^T D R)_ab = sum_k R_ka s_k R_kb; R is column-major (r[3c+row]).
			v := 0.0
			for k := range 3 {
				v += r[3*a+k] * s[k] * r[3*b+k]
			}
			want := 0.0
			if a == b {
				want = s[a]
			}
			if math.Abs(v-want) > causeTol {
				return false
			}
		}
	}
	return true
}

// isUniform reports s's components equal to causeTol of the largest.
func isUniform(s mgl64.Vec3) bool {
	m := max(math.Abs(s[0]), math.Abs(s[1]), math.Abs(s[2]))
	tol := causeTol * m
	return math.Abs(s[0]-s[1]) <= tol && math.Abs(s[1]-s[2]) <= tol && math.Abs(s[0]-s[2]) <= tol
}

// isOne reports s = (1, 1, 1) to causeTol.
func isOne(s mgl64.Vec3) bool {
	return math.Abs(s[0]-1) <= causeTol && math.Abs(s[1]-1) <= causeTol && math.Abs(s[2]-1) <= causeTol
}

// hasZero reports a component of s that is zero, or below ZeroColumnRel
// of the largest (the readouts' "zero scale").
func hasZero(s mgl64.Vec3) bool {
	m := max(math.Abs(s[0]), math.Abs(s[1]), math.Abs(s[2]))
	lim := transform.ZeroColumnRel * m
	return math.Abs(s[0]) <= lim || math.Abs(s[1]) <= lim || math.Abs(s[2]) <= lim
}

// unitMax returns s divided by its largest component's magnitude (s when
// that is 0 or not finite), so products of scales keep their ratios
// without overflow.
func unitMax(s mgl64.Vec3) mgl64.Vec3 {
	m := max(math.Abs(s[0]), math.Abs(s[1]), math.Abs(s[2]))
	if !(m > 0) || math.IsInf(m, 0) || math.IsNaN(m) {
		return s
	}
	return s.Mul(1 / m)
}

func absVec(s mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{math.Abs(s[0]), math.Abs(s[1]), math.Abs(s[2])}
}

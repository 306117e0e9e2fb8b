// Package audit checks a hierarchy for asset pipelines and CI: for every
// node it measures how far the accumulation rules (the four seed modes
// and the engine rules of package modes, or a chosen few) disagree about
// where the node's mesh vertices and its origin land in the world, and
// says whether the node's world under accumulate-matrices is skewed or
// TRS-representable. `skewlab audit FILE` prints it (docs/audit.md).
//
// Conventions are the project's: column vectors, world = parentWorld *
// local, local = T*R*S, angles in degrees, distances in world units and
// as a fraction of the model's size, the diagonal of the axis-aligned
// bounding box of every mesh vertex under accumulate-matrices. Every rule
// is applied to every node, as `compare -scope all` and the comparison
// wall's "rule on all nodes" do (modes.Scoped): a seed mode keeps the
// scene's per-node rules (they apply under accumulate-matrices), an
// engine rule clears them.
//
// A value that cannot be computed (a world matrix or a vertex that
// overflows float64) is undefined: its ok flag is false, its value zero,
// and Node.Undefined names the reason (modes.ReasonOverflow,
// modes.ReasonZeroScale); the writers print "-" and null, never NaN.
//
// The package is pure: it imports no display code.
package audit

import (
	"cmp"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/render"
	"skewlab/scene"
	"skewlab/transform"
)

// DefaultTolerance is the tolerance of `skewlab audit`: rules agree at a
// node when they place its vertices and its origin within this fraction
// of the model's size (1e-4: a tenth of a millimetre on a 1 m model, far
// below what shows, far above float64 rounding).
const DefaultTolerance = 1e-4

// RepresentableTol is the tolerance of Node.Representable
// (transform.Representable): two columns of the world linear part count
// as perpendicular when the cosine of their angle is at most this; it is
// the readouts' (modes.RepresentableTol).
const RepresentableTol = modes.RepresentableTol

// How the size was found (Report.SizeFrom).
const (
	// SizeFromMesh: the bounding box of the mesh vertices (the normal
	// case).
	SizeFromMesh = "mesh"
	// SizeFromPositions: no node draws a mesh, so the bounding box of the
	// nodes' world positions.
	SizeFromPositions = "positions"
	// SizeFromUnit: the bounding box has zero size (one point, or every
	// vertex in one place), so 1 unit is used.
	SizeFromUnit = "unit"
)

// Report is the audit of one scene.
type Report struct {
	// Rules are the rules compared, in the order given to Check;
	// Disagreement.Pair indexes them.
	Rules []modes.Mode
	// Tolerance is the fraction of Size within which rules agree.
	Tolerance float64
	// Size is the model's size in world units: the diagonal of the
	// bounding box of every mesh vertex under accumulate-matrices
	// (SizeFrom says whether of vertices, of node positions, or 1 for a
	// box of zero size). Nodes whose world overflows, and vertices that
	// overflow, are left out of the box. SizeOK is false when no point
	// is left or the diagonal overflows; Size is then 0 and no node
	// agrees.
	Size     float64
	SizeOK   bool
	SizeFrom string
	// Nodes are the scene's nodes, worst first: by the larger of the two
	// disagreements (an undefined one first of all), then by skew (an
	// undefined skew last), then in scene order.
	Nodes []Node
	// Disagreeing counts the nodes that do not agree (Node.Agrees false).
	Disagreeing int
	// Clips are the animations an audit over time sampled
	// (CheckAnimations), in the order sampled, and FPS its sampling rate
	// on top of the key times (samples per second); nil and 0 for a
	// static Check.
	Clips []Clip
	FPS   float64
}

// Agrees reports whether every rule agrees at every node, within the
// tolerance: no node disagrees.
func (r *Report) Agrees() bool { return r.Disagreeing == 0 }

// Limit is Tolerance times Size: the largest disagreement in world units
// that still agrees (0 when the size is undefined).
func (r *Report) Limit() float64 {
	if !r.SizeOK {
		return 0
	}
	return r.Tolerance * r.Size
}

// Fraction returns d as a fraction of the size; ok is false when d or
// the size is undefined.
func (r *Report) Fraction(d Disagreement) (f float64, ok bool) {
	if !d.OK || !r.SizeOK {
		return 0, false
	}
	return d.Distance / r.Size, true
}

// Node is the audit of one node.
type Node struct {
	// Index is the node's index in the scene's nodes (parents first).
	Index int
	// Name is the node's name.
	Name string
	// SkewDeg is the skew of the node's world linear part under
	// accumulate-matrices (transform.SkewDeg: the largest departure from
	// 90 degrees between two of its columns). SkewOK is false when a
	// column counts as zero (a zero scale) or the world overflows; SkewDeg
	// is then the largest departure over the defined pairs, or 0.
	SkewDeg float64
	SkewOK  bool
	// Representable reports that a TRS can hold the node's world under
	// accumulate-matrices: its columns are perpendicular within
	// RepresentableTol. RepresentableOK is false when the world overflows.
	Representable   bool
	RepresentableOK bool
	// Vertices is the number of vertices of what the node draws: its
	// mesh, or the shape's wireframe (render.NodeMesh); 0 for a node that
	// draws nothing, whose Mesh disagreement is then 0 and not shown.
	Vertices int
	// Mesh is the largest disagreement, over the node's vertices, between
	// the places two rules give one vertex. A skinned node's vertices are
	// skinned by its joints' worlds under each rule (glTF skinning, as
	// drawn), not placed by its own world.
	Mesh Disagreement
	// Joint is, for a skinned node whose vertices disagree, the scene
	// index of the joint with the largest weight on the vertex that
	// disagrees most (its causes are the node's Causes), -1 otherwise;
	// JointName is its name.
	Joint     int
	JointName string
	// Position is the largest disagreement between the places two rules
	// give the node's origin (the translation of its world matrix).
	Position Disagreement
	// Agrees reports that both disagreements are defined and at most
	// Report.Limit (and the size is defined).
	Agrees bool
	// Undefined names the reasons some value is undefined
	// (modes.ReasonOverflow, modes.ReasonZeroScale, joined by ", "), or
	// is "".
	Undefined string
	// Causes say why the rules compared place the node differently, as
	// found in its hierarchy (see Cause and the Cause* kinds): set for a
	// node that does not agree, nil for one that does. Those that explain
	// the pair of rules farthest apart come first. A disagreeing node
	// with none has no cause the audit knows (TestEveryDisagreementHasACause
	// finds none on random hierarchies).
	Causes []Cause
	// At is the moment of the node's comparison: in an audit over time
	// (CheckAnimations) the sample where its disagreement is worst, and
	// the node's skew and TRS are those of that sample too; {-1, 0} (the
	// static pose) in a static Check.
	At Moment
}

// Worst returns the larger of the node's two disagreements (the mesh one
// when they are equal); an undefined one is the larger.
func (n *Node) Worst() Disagreement {
	if !n.Mesh.OK || n.Position.OK && n.Mesh.Distance >= n.Position.Distance {
		return n.Mesh
	}
	return n.Position
}

// Disagreement is the largest distance, in world units, between the
// places two rules give one point, and which two rules give it.
type Disagreement struct {
	// Distance is the largest distance; 0 when every rule gives the same
	// place (or fewer than two rules are compared, or there is no
	// vertex). OK is false, and Distance 0, when a place or a distance
	// overflows float64.
	Distance float64
	OK       bool
	// Pair are the indices in Report.Rules of two rules that are
	// Distance apart, the first pair in rule order among equals; {-1, -1}
	// when Distance is 0 or undefined.
	Pair [2]int
}

var noPair = [2]int{-1, -1}

// Checker holds the buffers of Check: every rule's world matrices and the
// scoped copy of the nodes. The zero value is ready; buffers grow on
// first use and are reused, so checking a scene again allocates only the
// report's node list and one slice of the disagreeing nodes' causes. It
// uses 128 bytes per node per rule (about 1.3 KB per node for all ten
// rules), plus about 100 bytes per node for the causes' hierarchy facts
// and 150 bytes per cause. CheckAnimations adds a posed copy of the
// nodes (and their morph weights), reused from sample to sample. A
// Checker is not safe for concurrent use.
type Checker struct {
	ws    modes.Workspace
	nodes []scene.Node
	// def[k] skins under rule k (skinned nodes' vertices); refDef under
	// accumulate-matrices for the size.
	def    []scene.Deformer
	refDef scene.Deformer
	pts    [][]mgl64.Vec3
	morph  []mgl64.Vec3   // a morphed node's points (scene.MorphPoints)
	world  [][]mgl64.Mat4 // world[k][i]: rule k's world matrix of node i, k < rules
	rules  int            // how many of world this check uses
	ref    []mgl64.Mat4   // accumulate-matrices, when not among the rules
	// Per node: the rules whose matrices differ (the first of each group
	// of equal ones), and their places of one point.
	distinct []int
	at       []mgl64.Vec3
	// The causes' per-node hierarchy facts, and every disagreeing node's
	// causes with their spans, before they are copied into the report.
	h    hierarchy
	why  []Cause
	span [][2]int32
	// The audit over time: the nodes posed by an animation, their own
	// morph weights, and the node being compared at a sample.
	pose    []scene.Node
	weights []float64
	cur     Node
}

// Check audits nodes (parents first, as in a scene.Scene) under rules
// (nil or empty: modes.All) with tol the fraction of the size within
// which rules agree (DefaultTolerance for the command; 0 asks for exact
// agreement, and a NaN or negative tol lets no node agree). It takes
// time linear in the nodes and in their vertices (times the rules, and
// at a node where the rules differ, their pairs).
func Check(nodes []scene.Node, rules []modes.Mode, tol float64) Report {
	var c Checker
	return c.Check(nodes, rules, tol)
}

// Check is the package's Check with c's buffers.
func (c *Checker) Check(nodes []scene.Node, rules []modes.Mode, tol float64) Report {
	if len(rules) == 0 {
		rules = modes.All
	}
	r := Report{Rules: rules, Tolerance: tol}
	ref := c.worlds(nodes, rules)
	r.Size, r.SizeOK, r.SizeFrom = c.size(nodes, ref)
	limit := r.Limit()
	r.Nodes = make([]Node, len(nodes))
	c.hierarchy(nodes, ref)
	c.why, c.span = c.why[:0], resize(c.span, len(nodes))
	for i := range nodes {
		n := &r.Nodes[i]
		c.node(nodes, ref, i, n)
		n.Agrees = r.SizeOK && n.Mesh.OK && n.Position.OK && n.Mesh.Distance <= limit && n.Position.Distance <= limit
		start := len(c.why)
		if !n.Agrees {
			r.Disagreeing++
			at := i
			if n.Joint >= 0 {
				at = n.Joint // a skinned mesh disagrees through its joints
			}
			c.why = c.causes(c.why, nodes, rules, at, n.Worst())
		}
		c.span[i] = [2]int32{int32(start), int32(len(c.why))}
	}
	if len(c.why) > 0 {
		all := slices.Clone(c.why) // the report's own: the Checker's buffer is reused
		for i := range r.Nodes {
			if s := c.span[i]; s[1] > s[0] {
				r.Nodes[i].Causes = all[s[0]:s[1]:s[1]]
			}
		}
	}
	slices.SortStableFunc(r.Nodes, worseFirst)
	return r
}

// worlds computes every rule's world matrices into c.world and returns
// the accumulate-matrices ones (one of them, or c.ref).
func (c *Checker) worlds(nodes []scene.Node, rules []modes.Mode) (ref []mgl64.Mat4) {
	for len(c.world) < len(rules) {
		c.world = append(c.world, nil)
	}
	c.rules = len(rules)
	for k, m := range rules {
		w := c.run(nodes, m, &c.world[k])
		if m.Rule == scene.RuleMatrices && ref == nil {
			ref = w
		}
	}
	if ref == nil {
		ref = c.run(nodes, modes.AccumulateMatrices, &c.ref)
	}
	return ref
}

// run writes mode m's world matrices of nodes, the rule on every node
// (modes.Scoped), into *out, grown to len(nodes), and returns them.
func (c *Checker) run(nodes []scene.Node, m modes.Mode, out *[]mgl64.Mat4) []mgl64.Mat4 {
	n := len(nodes)
	if cap(*out) < n {
		*out = make([]mgl64.Mat4, n)
	}
	*out = (*out)[:n]
	var g modes.Mode
	c.nodes, g = modes.Scoped(c.nodes, nodes, m, -1, true)
	g.World(c.nodes, &c.ws, *out)
	return *out
}

// node fills n with the audit of node i, given the accumulate-matrices
// worlds ref. It allocates nothing once c.distinct and c.at have grown to
// the number of rules.
func (c *Checker) node(nodes []scene.Node, ref []mgl64.Mat4, i int, n *Node) {
	*n = Node{Index: i, Name: nodes[i].Name, Mesh: Disagreement{OK: true, Pair: noPair}, Position: Disagreement{OK: true, Pair: noPair}, Joint: -1, At: static}
	overflow, zero := true, false
	if transform.Finite(ref[i][:]...) {
		l := transform.Linear(ref[i])
		n.SkewDeg, n.SkewOK = transform.SkewDeg(l)
		n.Representable, n.RepresentableOK = transform.Representable(l, RepresentableTol), true
		overflow, zero = false, !n.SkewOK
	}
	m := render.NodeMesh(&nodes[i])
	if m != nil {
		n.Vertices = len(m.Points)
	}
	if nd := &nodes[i]; nd.Skin != nil && m != nil && m.Skinned() {
		c.skinned(nodes, i, n)
		return
	}
	if !c.distinctAt(i) {
		n.Mesh, n.Position = Disagreement{Pair: noPair}, Disagreement{Pair: noPair}
		n.Undefined = reasons(true, zero)
		return
	}
	n.Position = c.spread(i, mgl64.Vec3{})
	if m != nil && len(c.distinct) > 1 {
		pts := m.Points
		if w := nodes[i].Weights; w != nil && len(m.Targets) > 0 {
			c.morph = scene.MorphPoints(m, w, c.morph)
			pts = c.morph // drawn with its morph weights
		}
		for _, p := range pts {
			d := c.spread(i, p)
			if !d.OK || d.Distance > n.Mesh.Distance {
				n.Mesh = d
			}
			if !d.OK {
				break
			}
		}
	}
	n.Undefined = reasons(overflow || !n.Mesh.OK || !n.Position.OK, zero)
}

// skinned fills n's Mesh disagreement for skinned node i: its vertices
// skinned under every rule (scene.Deformer with the rule's worlds), the
// largest distance between two rules' places of one vertex, and the
// joint with the largest weight on the worst vertex. Its Position is
// that of its own origin, which does not move its vertices but is still
// its place in the hierarchy. A vertex that is not finite under a rule (a
// joint undefined or overflowed) makes the Mesh disagreement undefined.
func (c *Checker) skinned(nodes []scene.Node, i int, n *Node) {
	nd := &nodes[i]
	for len(c.def) < c.rules {
		c.def = append(c.def, scene.Deformer{})
		c.pts = append(c.pts, nil)
	}
	c.distinctJoints(nd.Skin)
	for _, k := range c.distinct {
		c.pts[k] = c.def[k].Points(nd, c.world[k])
	}
	worst := -1
	for v := range nd.Mesh.Points {
		d := c.spreadOf(func(k int) mgl64.Vec3 { return c.pts[k][v] })
		if !d.OK {
			n.Mesh, worst = d, v
			break
		}
		if d.Distance > n.Mesh.Distance {
			n.Mesh, worst = d, v
		}
	}
	if worst >= 0 {
		best := -1.0
		for _, in := range nd.Mesh.Influences(worst) {
			if in.Weight > best {
				best, n.Joint = in.Weight, nd.Skin.Joints[in.Joint]
			}
		}
		if n.Joint >= 0 {
			n.JointName = nodes[n.Joint].Name
		}
	}
	if c.distinctAt(i) {
		n.Position = c.spread(i, mgl64.Vec3{})
	} else {
		n.Position = Disagreement{Pair: noPair}
	}
	n.Undefined = reasons(!n.Mesh.OK || !n.Position.OK, false)
}

// distinctJoints sets c.distinct to the rules whose world matrices of
// skin's joints differ: the first rule of every group of rules that give
// every joint the same matrix, in rule order. Rules in one group skin
// every vertex to the same place, so only one of them needs skinning.
func (c *Checker) distinctJoints(skin *scene.Skin) {
	c.distinct = c.distinct[:0]
	for k := range c.rules {
		seen := false
		for _, j := range c.distinct {
			same := true
			for _, ji := range skin.Joints {
				if c.world[j][ji] != c.world[k][ji] {
					same = false
					break
				}
			}
			if same {
				seen = true
				break
			}
		}
		if !seen {
			c.distinct = append(c.distinct, k)
		}
	}
}

// distinctAt sets c.distinct to the rules whose world matrices of node i
// differ: the first rule of every group of rules with equal matrices, in
// rule order. It returns false when one of them is not finite.
func (c *Checker) distinctAt(i int) bool {
	c.distinct = c.distinct[:0]
	for k := range c.rules {
		w := &c.world[k][i]
		if !transform.Finite(w[:]...) {
			return false
		}
		seen := false
		for _, j := range c.distinct {
			if c.world[j][i] == *w {
				seen = true
				break
			}
		}
		if !seen {
			c.distinct = append(c.distinct, k)
		}
	}
	return true
}

// The squared distances spread takes as they are: far from underflow,
// and finite. Outside, it measures again with distance, which scales
// first.
const (
	safeLo2 = 1e-280
	safeHi2 = math.MaxFloat64
)

// spread returns the largest distance between the places the distinct
// rules (c.distinct) give the point p of node i's local space, and the
// first pair of rules, in rule order, that is that far apart. It is
// undefined when a place or a distance overflows.
func (c *Checker) spread(i int, p mgl64.Vec3) Disagreement {
	return c.spreadOf(func(k int) mgl64.Vec3 { return apply(&c.world[k][i], p) })
}

// spreadOf is spread of the places place(k) that the distinct rules k
// give one point.
func (c *Checker) spreadOf(place func(k int) mgl64.Vec3) Disagreement {
	d := Disagreement{OK: true, Pair: noPair}
	if len(c.distinct) < 2 {
		return d
	}
	c.at = c.at[:0]
	for _, k := range c.distinct {
		q := place(k)
		if !transform.FiniteVec3(q) {
			return Disagreement{Pair: noPair}
		}
		c.at = append(c.at, q)
	}
	best2, pa, pb := 0.0, 0, 0
	for a := range c.at {
		qa := &c.at[a]
		for b := a + 1; b < len(c.at); b++ {
			qb := &c.at[b]
			dx, dy, dz := qa[0]-qb[0], qa[1]-qb[1], qa[2]-qb[2]
			if d2 := dx*dx + dy*dy + dz*dz; d2 > best2 {
				best2, pa, pb = d2, a, b
			}
		}
	}
	if best2 >= safeLo2 && best2 <= safeHi2 {
		d.Distance, d.Pair = math.Sqrt(best2), [2]int{c.distinct[pa], c.distinct[pb]}
		return d
	}
	if best2 == 0 && !slices.ContainsFunc(c.at, func(q mgl64.Vec3) bool { return q != c.at[0] }) {
		return d // every rule gives the same place
	}
	// Tiny or huge: the squares underflowed or overflowed, so compare
	// the distances themselves.
	for a := range c.at {
		for b := a + 1; b < len(c.at); b++ {
			dist := distance(c.at[a], c.at[b])
			if math.IsInf(dist, 1) {
				return Disagreement{Pair: noPair}
			}
			if dist > d.Distance {
				d.Distance, d.Pair = dist, [2]int{c.distinct[a], c.distinct[b]}
			}
		}
	}
	return d
}

// reasons names the undefined reasons that hold, joined by ", ".
func reasons(overflow, zero bool) string {
	switch {
	case overflow && zero:
		return modes.ReasonOverflow + ", " + modes.ReasonZeroScale
	case overflow:
		return modes.ReasonOverflow
	case zero:
		return modes.ReasonZeroScale
	}
	return ""
}

// worseFirst orders nodes worst first: the larger disagreement (an
// undefined one first), then the larger skew (an undefined skew last),
// then scene order.
func worseFirst(a, b Node) int {
	if c := cmp.Compare(badness(b.Worst()), badness(a.Worst())); c != 0 {
		return c
	}
	if c := cmp.Compare(skewKey(b), skewKey(a)); c != 0 {
		return c
	}
	return cmp.Compare(a.Index, b.Index)
}

func badness(d Disagreement) float64 {
	if !d.OK {
		return math.Inf(1)
	}
	return d.Distance
}

func skewKey(n Node) float64 {
	if !n.SkewOK {
		return -1
	}
	return n.SkewDeg
}

// size returns the diagonal of the bounding box of every vertex that
// nodes draw under the accumulate-matrices worlds ref, or of the nodes'
// positions when none draws anything; 1 when that box has zero size. ok
// is false when no point is finite or the diagonal overflows.
func (c *Checker) size(nodes []scene.Node, ref []mgl64.Mat4) (s float64, ok bool, from string) {
	var z sizer
	c.addSize(&z, nodes, ref)
	return z.size()
}

// sizer gathers the boxes size measures over one pose (Check) or over
// every sampled pose of an animation (CheckAnimations): the box of the
// drawn vertices and that of the node positions. It allocates nothing.
type sizer struct{ mesh, pos box }

// addSize puts the vertices nodes draw under the accumulate-matrices
// worlds ref (skinned and morphed as drawn), and the nodes' positions,
// into z's boxes. It allocates nothing once the Checker's buffers have
// grown.
func (c *Checker) addSize(z *sizer, nodes []scene.Node, ref []mgl64.Mat4) {
	for i := range nodes {
		w := &ref[i]
		z.pos.add(mgl64.Vec3{w[12], w[13], w[14]})
		m := render.NodeMesh(&nodes[i])
		if m == nil {
			continue
		}
		if nd := &nodes[i]; nd.Skin != nil && m.Skinned() {
			for _, p := range c.refDef.Points(nd, ref) {
				z.mesh.add(p) // non-finite points are left out
			}
			continue
		}
		if !transform.Finite(w[:]...) {
			continue
		}
		pts := m.Points
		if wt := nodes[i].Weights; wt != nil && len(m.Targets) > 0 {
			c.morph = scene.MorphPoints(m, wt, c.morph)
			pts = c.morph
		}
		for _, p := range pts {
			z.mesh.add(apply(w, p))
		}
	}
}

// size is the diagonal of the vertices' box, or of the positions' when
// no vertex was added (see size).
func (z *sizer) size() (s float64, ok bool, from string) {
	b, from := z.mesh, SizeFromMesh
	if b.empty() {
		b, from = z.pos, SizeFromPositions
	}
	if b.empty() {
		return 0, false, from
	}
	d := distance(b.lo, b.hi)
	switch {
	case math.IsInf(d, 1):
		return 0, false, from
	case d == 0:
		return 1, true, SizeFromUnit
	}
	return d, true, from
}

// box is an axis-aligned bounding box of finite points.
type box struct {
	lo, hi mgl64.Vec3
	n      int
}

func (b *box) add(p mgl64.Vec3) {
	if !transform.FiniteVec3(p) {
		return
	}
	if b.n == 0 {
		b.lo, b.hi = p, p
	}
	for k := range 3 {
		b.lo[k], b.hi[k] = min(b.lo[k], p[k]), max(b.hi[k], p[k])
	}
	b.n++
}

func (b *box) empty() bool { return b.n == 0 }

// apply returns w * (p, 1) for an affine w.
func apply(w *mgl64.Mat4, p mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{
		w[0]*p[0] + w[4]*p[1] + w[8]*p[2] + w[12],
		w[1]*p[0] + w[5]*p[1] + w[9]*p[2] + w[13],
		w[2]*p[0] + w[6]*p[1] + w[10]*p[2] + w[14],
	}
}

// distance returns |a - b| for finite a and b without overflow or
// underflow in the squares: +Inf only when a difference itself overflows
// (points more than 1.8e308 apart along an axis).
func distance(a, b mgl64.Vec3) float64 {
	dx, dy, dz := a[0]-b[0], a[1]-b[1], a[2]-b[2]
	m := max(math.Abs(dx), math.Abs(dy), math.Abs(dz))
	if !(m > 0) || math.IsInf(m, 1) {
		return m
	}
	dx, dy, dz = dx/m, dy/m, dz/m
	return m * math.Sqrt(dx*dx+dy*dy+dz*dz)
}

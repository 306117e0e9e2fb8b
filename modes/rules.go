package modes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// The matrix-based rules: accumulate-matrices and the engine rules
// (Blender's inherit-scale modes, Maya's segment scale compensate). They
// share one parents-first loop, because a node may carry its own rule
// (scene.Node.Rule, as Blender sets Inherit Scale per bone): under a
// matrix-based global mode every node follows its own rule if it has
// one, the global mode's otherwise. Each rule is one file holding its
// linear part (fast and readable) and its Mode value. In every rule a
// root is T*R*S and a child's position is P*(t, 1), P the parent's world
// matrix; the rules differ only in the linear part W3. Every rule's W3 is
// some G(P3, R, parent's scale) * diag(S); a node with a residual shear
// (scene.Node.Shear, from a glTF matrix no TRS holds) gets
// G(P3, R, parent's scale) * U instead, U its whole stretch, so that
// accumulate-matrices reproduces the stored matrix.

// A rule's fast form (called through ruleLinear) has the signature
// func(p *mgl64.Mat3x4, r *mgl64.Mat3, s, ps mgl64.Vec3, o *mgl64.Mat3x4) bool:
// it writes the rule's world linear part W3 into o's three
// columns (o[0:9], the 3x4 layout) from the parent's world matrix p, the
// node's rotation columns r and scale s, and the parent's local scale
// ps. It returns false when W3 is undefined (maya-ssc under a zero
// parent scale); o is then left for the caller to mark.

// refLinear is the readable form of a rule's W3, with mgl64 and
// transform operations: P3 the parent's linear part, R the rotation, S
// the scale, ps the parent's local scale; ok false when undefined.
type refLinear func(p3, r mgl64.Mat3, s, ps mgl64.Vec3) (w3 mgl64.Mat3, ok bool)

// ruleRef holds the rules' readable implementations, indexed by
// scene.Rule; each rule's file fills its entry. The fast ones are called
// through ruleLinear.
var ruleRef [8]refLinear

// ReasonUndefined is the readout reason of a node whose world matrix a
// rule leaves undefined: maya-ssc divides by its parent's local scale,
// which is zero (or so small that its inverse overflows) on some axis, or
// an ancestor is so undefined. Such a node, and its subtree under the
// matrix-based rules, is not drawn and is null in JSON; no other node is
// affected.
const ReasonUndefined = "zero parent scale"

// markUndefined writes the marker of an undefined world matrix: every
// entry NaN. Every drawing and readout path already skips a non-finite
// matrix, and AnalyzeWorld tells the marker from an overflow by its
// last entry (an overflowed affine matrix keeps w[15] = 1).
func markUndefined(o *mgl64.Mat4) {
	for k := range o {
		o[k] = math.NaN()
	}
}

// isUndefined reports the marker of markUndefined.
func isUndefined(w *mgl64.Mat4) bool { return w[15] != 1 }

// ruleKernel returns the update of the matrix-based global rule g:
// each node follows its own rule, or g.
func ruleKernel(g scene.Rule) kernel {
	switch g {
	case scene.RuleMatrices:
		return kern4(matricesRange[mgl64.Mat3x4], matricesRange[mgl64.Mat4])
	case scene.RuleMayaSSC:
		return kern4(mayaRange[mgl64.Mat3x4], mayaRange[mgl64.Mat4])
	}
	return kern4(func(a *kargs, out []mgl64.Mat3x4, lo, hi int) { ruleRange(a, out, lo, hi, g) },
		func(a *kargs, out []mgl64.Mat4, lo, hi int) { ruleRange(a, out, lo, hi, g) })
}

// plain reports a node with neither a residual shear nor a rest
// rotation, by the bits of those fields: a -0 among them counts as not
// plain, which only sends the node down the general path (ruleNode),
// which handles it.
func plain(nd *scene.Node) bool {
	return math.Float64bits(nd.Shear[0])|math.Float64bits(nd.Shear[1])|math.Float64bits(nd.Shear[2])|
		math.Float64bits(nd.Rest.W)|math.Float64bits(nd.Rest.V[0])|math.Float64bits(nd.Rest.V[1])|math.Float64bits(nd.Rest.V[2]) == 0
}

// matricesRange is ruleRange under accumulate-matrices, the common node
// (a plain child following the global rule) written out in full: the
// rotation (see rotFactor), T*R*S and the affine product, nothing
// called. Any other node goes through ruleNode.
func matricesRange[T layout](a *kargs, out []T, lo, hi int) {
	st := stride[T]()
	nodes := a.nodes[:hi]
	out = out[:hi]
	own, me := a.own, a.me
	for i := lo; i < hi; i++ {
		nd := &nodes[i]
		pi := nd.Parent
		if pi < 0 || nd.Rule > scene.RuleMatrices || !plain(nd) {
			rule := nd.Rule
			if rule == scene.RuleFollow {
				rule = scene.RuleMatrices
			}
			ruleNode(a, out, i, rule)
			continue
		}
		if own != nil {
			if ow := own[pi]; ow != 0 && ow != me {
				a.stale = true
				continue
			}
		}
		if isUndef(out, pi) {
			markUndef(out, i)
			continue
		}
		q := &nd.Local.Rotation
		w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
		k := rotFactor(w*w + x*x + y*y + z*z)
		xs, ys, zs := x*k, y*k, z*k
		wx, wy, wz := w*xs, w*ys, w*zs
		xx, xy, xz := x*xs, x*ys, x*zs
		yy, yz, zz := y*ys, y*zs, z*zs
		s0, s1, s2 := nd.Local.Scale[0], nd.Local.Scale[1], nd.Local.Scale[2]
		b0, b1, b2 := (1-(yy+zz))*s0, (xy+wz)*s0, (xz-wy)*s0
		b3, b4, b5 := (xy-wz)*s1, (1-(xx+zz))*s1, (yz+wx)*s1
		b6, b7, b8 := (xz+wy)*s2, (yz-wx)*s2, (1-(xx+yy))*s2
		out[i][0] = out[pi][0]*b0 + out[pi][st]*b1 + out[pi][2*st]*b2
		out[i][1] = out[pi][1]*b0 + out[pi][st+1]*b1 + out[pi][2*st+1]*b2
		out[i][2] = out[pi][2]*b0 + out[pi][st+2]*b1 + out[pi][2*st+2]*b2
		out[i][st] = out[pi][0]*b3 + out[pi][st]*b4 + out[pi][2*st]*b5
		out[i][st+1] = out[pi][1]*b3 + out[pi][st+1]*b4 + out[pi][2*st+1]*b5
		out[i][st+2] = out[pi][2]*b3 + out[pi][st+2]*b4 + out[pi][2*st+2]*b5
		out[i][2*st] = out[pi][0]*b6 + out[pi][st]*b7 + out[pi][2*st]*b8
		out[i][2*st+1] = out[pi][1]*b6 + out[pi][st+1]*b7 + out[pi][2*st+1]*b8
		out[i][2*st+2] = out[pi][2]*b6 + out[pi][st+2]*b7 + out[pi][2*st+2]*b8
		t := &nd.Local.Position
		out[i][3*st] = out[pi][0]*t[0] + out[pi][st]*t[1] + out[pi][2*st]*t[2] + out[pi][3*st]
		out[i][3*st+1] = out[pi][1]*t[0] + out[pi][st+1]*t[1] + out[pi][2*st+1]*t[2] + out[pi][3*st+1]
		out[i][3*st+2] = out[pi][2]*t[0] + out[pi][st+2]*t[1] + out[pi][2*st+2]*t[2] + out[pi][3*st+2]
		lastRow(out, i)
	}
}

// mayaRange is ruleRange under maya-ssc, written out as matricesRange
// is, with the parent's inverse local scale kept for its next child. The
// products keep mayaSSC's order, P3 * ((R * diag(1/s_parent)) * S), to
// the bit: blender-none draws the same matrix in exact arithmetic, and a
// different rounding would decide which of the two the audit names.
func mayaRange[T layout](a *kargs, out []T, lo, hi int) {
	st := stride[T]()
	nodes := a.nodes[:hi]
	out = out[:hi]
	own, me := a.own, a.me
	mayaP := -1
	var i0, i1, i2 float64 // 1/s_parent of parent mayaP
	mayaOK := false
	for i := lo; i < hi; i++ {
		nd := &nodes[i]
		pi := nd.Parent
		if pi < 0 || (nd.Rule != scene.RuleFollow && nd.Rule != scene.RuleMayaSSC) || !plain(nd) {
			rule := nd.Rule
			if rule == scene.RuleFollow {
				rule = scene.RuleMayaSSC
			}
			ruleNode(a, out, i, rule)
			continue
		}
		if own != nil {
			if ow := own[pi]; ow != 0 && ow != me {
				a.stale = true
				continue
			}
		}
		if isUndef(out, pi) {
			markUndef(out, i)
			continue
		}
		if pi != mayaP {
			ps := &nodes[pi].Local.Scale
			i0, i1, i2 = 1/ps[0], 1/ps[1], 1/ps[2]
			mayaOK = !math.IsInf(i0, 0) && !math.IsInf(i1, 0) && !math.IsInf(i2, 0)
			mayaP = pi
		}
		if !mayaOK {
			markUndef(out, i)
			continue
		}
		q := &nd.Local.Rotation
		w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
		k := rotFactor(w*w + x*x + y*y + z*z)
		xs, ys, zs := x*k, y*k, z*k
		wx, wy, wz := w*xs, w*ys, w*zs
		xx, xy, xz := x*xs, x*ys, x*zs
		yy, yz, zz := y*ys, y*zs, z*zs
		s0, s1, s2 := nd.Local.Scale[0], nd.Local.Scale[1], nd.Local.Scale[2]
		b0, b1, b2 := (1-(yy+zz))*i0*s0, (xy+wz)*i1*s0, (xz-wy)*i2*s0
		b3, b4, b5 := (xy-wz)*i0*s1, (1-(xx+zz))*i1*s1, (yz+wx)*i2*s1
		b6, b7, b8 := (xz+wy)*i0*s2, (yz-wx)*i1*s2, (1-(xx+yy))*i2*s2
		out[i][0] = out[pi][0]*b0 + out[pi][st]*b1 + out[pi][2*st]*b2
		out[i][1] = out[pi][1]*b0 + out[pi][st+1]*b1 + out[pi][2*st+1]*b2
		out[i][2] = out[pi][2]*b0 + out[pi][st+2]*b1 + out[pi][2*st+2]*b2
		out[i][st] = out[pi][0]*b3 + out[pi][st]*b4 + out[pi][2*st]*b5
		out[i][st+1] = out[pi][1]*b3 + out[pi][st+1]*b4 + out[pi][2*st+1]*b5
		out[i][st+2] = out[pi][2]*b3 + out[pi][st+2]*b4 + out[pi][2*st+2]*b5
		out[i][2*st] = out[pi][0]*b6 + out[pi][st]*b7 + out[pi][2*st]*b8
		out[i][2*st+1] = out[pi][1]*b6 + out[pi][st+1]*b7 + out[pi][2*st+1]*b8
		out[i][2*st+2] = out[pi][2]*b6 + out[pi][st+2]*b7 + out[pi][2*st+2]*b8
		t := &nd.Local.Position
		out[i][3*st] = out[pi][0]*t[0] + out[pi][st]*t[1] + out[pi][2*st]*t[2] + out[pi][3*st]
		out[i][3*st+1] = out[pi][1]*t[0] + out[pi][st+1]*t[1] + out[pi][2*st+1]*t[2] + out[pi][3*st+1]
		out[i][3*st+2] = out[pi][2]*t[0] + out[pi][st+2]*t[1] + out[pi][2*st+2]*t[2] + out[pi][3*st+2]
		lastRow(out, i)
	}
}

// linearOf copies the linear part of out[i] into q.
func linearOf[T layout](out []T, i int, q *mgl64.Mat3) {
	st := stride[T]()
	q[0], q[1], q[2] = out[i][0], out[i][1], out[i][2]
	q[3], q[4], q[5] = out[i][st], out[i][st+1], out[i][st+2]
	q[6], q[7], q[8] = out[i][2*st], out[i][2*st+1], out[i][2*st+2]
}

// ruleRange is the matrix-based rules' update of nodes [lo, hi) under
// a Blender global rule g. The common node (a child without a residual
// shear or a rest rotation, following a Blender rule) is written out by
// hand here; roots, per-node accumulate-matrices and maya-ssc (and any
// rule after blender-aligned in scene.Rule order), and the rest go
// through ruleNode. The parent factor of the rules that take one
// (blenderFactor: none, average, none-legacy, aligned) is kept for the
// next node with the same parent and rule: siblings stored together (a
// breadth-first tree) compute it, cube root included, once.
func ruleRange[T layout](a *kargs, out []T, lo, hi int, g scene.Rule) {
	st := stride[T]()
	nodes := a.nodes[:hi]
	out = out[:hi]
	own, me := a.own, a.me
	blP, blRule := -1, scene.RuleFollow
	var fq mgl64.Mat3 // the parent factor Q of blP and its column factors fk
	var fk mgl64.Vec3
	var m mgl64.Mat3
	for i := lo; i < hi; i++ {
		nd := &nodes[i]
		pi := nd.Parent
		rule := nd.Rule
		if rule == scene.RuleFollow {
			rule = g
		}
		if pi < 0 || rule < scene.RuleBlenderFixShear || rule > scene.RuleBlenderAligned || !plain(nd) {
			ruleNode(a, out, i, rule)
			continue
		}
		if own != nil {
			if w := own[pi]; w != 0 && w != me {
				a.stale = true
				continue
			}
		}
		if isUndef(out, pi) {
			markUndef(out, i)
			continue
		}
		// The rotation of q, written out (see rotFactor).
		q := &nd.Local.Rotation
		w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
		k := rotFactor(w*w + x*x + y*y + z*z)
		xs, ys, zs := x*k, y*k, z*k
		wx, wy, wz := w*xs, w*ys, w*zs
		xx, xy, xz := x*xs, x*ys, x*zs
		yy, yz, zz := y*ys, y*zs, z*zs
		r0, r1, r2 := 1-(yy+zz), xy+wz, xz-wy
		r3, r4, r5 := xy-wz, 1-(xx+zz), yz+wx
		r6, r7, r8 := xz+wy, yz-wx, 1-(xx+yy)
		s0, s1, s2 := nd.Local.Scale[0], nd.Local.Scale[1], nd.Local.Scale[2]
		if rule == scene.RuleBlenderFixShear {
			m[0] = out[pi][0]*r0 + out[pi][st]*r1 + out[pi][2*st]*r2
			m[1] = out[pi][1]*r0 + out[pi][st+1]*r1 + out[pi][2*st+1]*r2
			m[2] = out[pi][2]*r0 + out[pi][st+2]*r1 + out[pi][2*st+2]*r2
			m[3] = out[pi][0]*r3 + out[pi][st]*r4 + out[pi][2*st]*r5
			m[4] = out[pi][1]*r3 + out[pi][st+1]*r4 + out[pi][2*st+1]*r5
			m[5] = out[pi][2]*r3 + out[pi][st+2]*r4 + out[pi][2*st+2]*r5
			m[6] = out[pi][0]*r6 + out[pi][st]*r7 + out[pi][2*st]*r8
			m[7] = out[pi][1]*r6 + out[pi][st+1]*r7 + out[pi][2*st+1]*r8
			m[8] = out[pi][2]*r6 + out[pi][st+2]*r7 + out[pi][2*st+2]*r8
			orthoY(&m, false)
			out[i][0], out[i][1], out[i][2] = m[0]*s0, m[1]*s0, m[2]*s0
			out[i][st], out[i][st+1], out[i][st+2] = m[3]*s1, m[4]*s1, m[5]*s1
			out[i][2*st], out[i][2*st+1], out[i][2*st+2] = m[6]*s2, m[7]*s2, m[8]*s2
		} else {
			if pi != blP || rule != blRule {
				linearOf(out, pi, &fq)
				blenderFactor(rule, &fq, &fk)
				blP, blRule = pi, rule
			}
			k0, k1, k2 := s0*fk[0], s1*fk[1], s2*fk[2]
			r0, r1, r2 = r0*k0, r1*k0, r2*k0
			r3, r4, r5 = r3*k1, r4*k1, r5*k1
			r6, r7, r8 = r6*k2, r7*k2, r8*k2
			out[i][0] = fq[0]*r0 + fq[3]*r1 + fq[6]*r2
			out[i][1] = fq[1]*r0 + fq[4]*r1 + fq[7]*r2
			out[i][2] = fq[2]*r0 + fq[5]*r1 + fq[8]*r2
			out[i][st] = fq[0]*r3 + fq[3]*r4 + fq[6]*r5
			out[i][st+1] = fq[1]*r3 + fq[4]*r4 + fq[7]*r5
			out[i][st+2] = fq[2]*r3 + fq[5]*r4 + fq[8]*r5
			out[i][2*st] = fq[0]*r6 + fq[3]*r7 + fq[6]*r8
			out[i][2*st+1] = fq[1]*r6 + fq[4]*r7 + fq[7]*r8
			out[i][2*st+2] = fq[2]*r6 + fq[5]*r7 + fq[8]*r8
		}
		t := &nd.Local.Position
		out[i][3*st] = out[pi][0]*t[0] + out[pi][st]*t[1] + out[pi][2*st]*t[2] + out[pi][3*st]
		out[i][3*st+1] = out[pi][1]*t[0] + out[pi][st+1]*t[1] + out[pi][2*st+1]*t[2] + out[pi][3*st+1]
		out[i][3*st+2] = out[pi][2]*t[0] + out[pi][st+2]*t[1] + out[pi][2*st+2]*t[2] + out[pi][3*st+2]
		lastRow(out, i)
	}
}

// The rotation matrix of a node's quaternion (w, x, y, z) is written
// out in each loop (a call there costs more than it), as rotCols writes
// it, bit for bit: the factor 2/|q|^2 by a division (rotFactor). Taking
// it as 2 for a quaternion within 4e-15 of unit length, decided by a
// predicted branch, was measured faster (accumulate-matrices 1.29 against
// 1.65 times the floor at 10^4 nodes, 1.02-1.05 against 1.13 at 10^6)
// and stays within 1e-12 of the old update, but it changes last bits,
// and audit groups rules by bitwise-equal matrices: under it the
// piston's B drawn by blender-none and maya-ssc, equal before, differed
// by an ulp and audit named the other pair (its TestPistonAtRest).
// Branching on |q|^2 == 1 exactly keeps the bits but mispredicts on
// normalised quaternions whose last bits vary (18 against 27 ns a node
// on BenchmarkWorldUpdate's scene).

// rotFactor is rotCols's factor 2/n for a squared quaternion length n,
// 0 (the identity) where rotCols gives the identity.
func rotFactor(n float64) float64 {
	if !(n > 1e-300) || n > 1e300 {
		return 0
	}
	return 2 / n
}

// blenderFactor turns q, the linear part P3 of the parent's world
// matrix, into the factor that Blender's rules none, average, none-legacy
// and aligned take from the parent alone: W3 = q * R * diag(S ∘ k) (each
// rule's file gives its formula).
func blenderFactor(rule scene.Rule, q *mgl64.Mat3, k *mgl64.Vec3) {
	*k = mgl64.Vec3{1, 1, 1}
	switch rule {
	case scene.RuleBlenderAverage:
		c := averageScale(q)
		orthoY(q, true)
		*k = mgl64.Vec3{c, c, c}
	case scene.RuleBlenderNone:
		orthoY(q, true)
	case scene.RuleBlenderNoneLegacy:
		colNormalize(q)
	case scene.RuleBlenderAligned:
		orthoY(q, false)
		*k = colNormalize(q)
	}
}

// blenderLinear writes W3 = q * R * diag(S ∘ k) of blenderFactor into
// o's linear part, r the node's rotation columns.
func blenderLinear(rule scene.Rule, p *mgl64.Mat3x4, r *mgl64.Mat3, s mgl64.Vec3, o *mgl64.Mat3x4) {
	var q mgl64.Mat3
	var k mgl64.Vec3
	linear3(p, &q)
	blenderFactor(rule, &q, &k)
	writeQRS(&q, r, mgl64.Vec3{s[0] * k[0], s[1] * k[1], s[2] * k[2]}, o)
}

// ruleNode computes node i under rule into out[i]: the general path,
// for roots, nodes with a residual shear or a rest rotation, and rules a
// loop does not write out, on 3x4 copies of the parent and the node.
func ruleNode[T layout](a *kargs, out []T, i int, rule scene.Rule) {
	var o, p mgl64.Mat3x4
	if pi := a.nodes[i].Parent; pi >= 0 {
		if a.foreign(pi) {
			return
		}
		load3x4(out, pi, &p)
	}
	ruleNode3(a.nodes, i, rule, &p, &o)
	store3x4(out, i, &o)
}

// ruleNode3 writes node i's world matrix under rule into o, p its
// parent's (unused for a root).
func ruleNode3(nodes []scene.Node, i int, rule scene.Rule, p, o *mgl64.Mat3x4) {
	nd := &nodes[i]
	var r mgl64.Mat3
	rotCols(nd.Rotation(), &r)
	pi := nd.Parent
	sheared := nd.Sheared()
	if pi < 0 {
		if sheared {
			r = r.Mul3(nd.Stretch())
			localAffine(nd.Local.Position, &r, mgl64.Vec3{1, 1, 1}, o)
		} else {
			localAffine(nd.Local.Position, &r, nd.Local.Scale, o)
		}
		return
	}
	if isUndefined3(p) {
		markUndefined3(o)
		return
	}
	if rule == scene.RuleMatrices {
		if sheared {
			r = r.Mul3(nd.Stretch())
			mulLocal(p, &r, mgl64.Vec3{1, 1, 1}, nd.Local.Position, o)
		} else {
			mulLocal(p, &r, nd.Local.Scale, nd.Local.Position, o)
		}
		return
	}
	s := nd.Local.Scale
	if sheared {
		s = mgl64.Vec3{1, 1, 1}
	}
	if rule == scene.RuleBlenderFixShear && nd.HasRest() {
		blenderFixShearRest(p, nd, s, o)
	} else if !ruleLinear(rule, p, &r, s, nodes[pi].Local.Scale, o) {
		markUndefined3(o)
		return
	}
	if sheared {
		shearLinear(o, nd.Stretch())
	}
	placeChild(p, nd.Local.Position, o)
}

// ruleReference returns the readable ReferenceFunc of the matrix-based
// global rule g (see ruleKernel): roots T*R*S, children
// T(P*(t,1)) * W3(P3, R, S, parent's local scale) by the node's rule.
func ruleReference(g scene.Rule) ReferenceFunc {
	return func(nodes []scene.Node) []mgl64.Mat4 {
		out := make([]mgl64.Mat4, len(nodes))
		for i, n := range nodes {
			if n.Parent < 0 {
				out[i] = n.LocalMat4()
				continue
			}
			p := out[n.Parent]
			if isUndefined(&p) {
				out[i] = undefinedMat()
				continue
			}
			rule := n.Rule
			if rule == scene.RuleFollow {
				rule = g
			}
			if rule == scene.RuleMatrices {
				out[i] = p.Mul4(n.LocalMat4())
				continue
			}
			// A sheared node (scene.Node.Shear): the rule with unit
			// scale, then the node's whole stretch U on the right.
			s := n.Local.Scale
			if n.Sheared() {
				s = mgl64.Vec3{1, 1, 1}
			}
			w3, ok := ruleRef[rule](p.Mat3(), transform.RotMat3(n.Rotation()), s, nodes[n.Parent].Local.Scale)
			if rule == scene.RuleBlenderFixShear && n.HasRest() {
				w3, ok = blenderFixShearRestRef(p.Mat3(), transform.RotMat3(n.Rest), transform.RotMat3(n.Local.Rotation), s), true
			}
			if !ok {
				out[i] = undefinedMat()
				continue
			}
			if n.Sheared() {
				w3 = w3.Mul3(n.Stretch())
			}
			pos := p.Mul4x1(n.Local.Position.Vec4(1)).Vec3()
			out[i] = mgl64.Translate3D(pos[0], pos[1], pos[2]).Mul4(w3.Mat4())
		}
		return out
	}
}

// shearLinear replaces o's linear columns W3 by W3 * u.
func shearLinear(o *mgl64.Mat3x4, u mgl64.Mat3) {
	var w mgl64.Mat3
	linear3(o, &w)
	for c := 0; c < 3; c++ {
		u0, u1, u2 := u[3*c], u[3*c+1], u[3*c+2]
		o[3*c] = w[0]*u0 + w[3]*u1 + w[6]*u2
		o[3*c+1] = w[1]*u0 + w[4]*u1 + w[7]*u2
		o[3*c+2] = w[2]*u0 + w[5]*u1 + w[8]*u2
	}
}

// ruleLinear calls rule's fast nodeLinear. A switch of direct calls, not
// a call through a table: the compiler then sees that r does not escape,
// and the update allocates nothing.
func ruleLinear(rule scene.Rule, p *mgl64.Mat3x4, r *mgl64.Mat3, s, ps mgl64.Vec3, o *mgl64.Mat3x4) bool {
	switch rule {
	case scene.RuleBlenderFixShear:
		return blenderFixShear(p, r, s, ps, o)
	case scene.RuleBlenderAverage:
		return blenderAverage(p, r, s, ps, o)
	case scene.RuleBlenderNone:
		return blenderNone(p, r, s, ps, o)
	case scene.RuleBlenderNoneLegacy:
		return blenderNoneLegacy(p, r, s, ps, o)
	case scene.RuleBlenderAligned:
		return blenderAligned(p, r, s, ps, o)
	case scene.RuleMayaSSC:
		return mayaSSC(p, r, s, ps, o)
	}
	return false
}

func undefinedMat() mgl64.Mat4 {
	var m mgl64.Mat4
	markUndefined(&m)
	return m
}

// scaleCols returns m with column k multiplied by s[k] (m * diag(s)).
func scaleCols(m mgl64.Mat3, s mgl64.Vec3) mgl64.Mat3 {
	return m.Mul3(mgl64.Diag3(s))
}

// The fast helpers below work in place on column-major arrays.

// orthoY is transform.OrthogonalizeY in place, without trig functions:
// the turned directions are (b +- d)/sqrt 2, b and d the unit bisector
// and difference of ux and uz (each then lies 45 degrees from b, as
// Blender's target angle places them), and sqrt(sin θ) is (1 - c^2)^(1/4).
func orthoY(m *mgl64.Mat3, unit bool) {
	x0, x1, x2 := m[0], m[1], m[2]
	y0, y1, y2 := m[3], m[4], m[5]
	z0, z1, z2 := m[6], m[7], m[8]
	if yy := y0*y0 + y1*y1 + y2*y2; yy > 0 {
		const rel2 = transform.OrthoNoiseRel * transform.OrthoNoiseRel
		bx, bz := x0*x0+x1*x1+x2*x2, z0*z0+z1*z1+z2*z2
		kx := (x0*y0 + x1*y1 + x2*y2) / yy
		kz := (z0*y0 + z1*y1 + z2*y2) / yy
		x0, x1, x2 = x0-kx*y0, x1-kx*y1, x2-kx*y2
		z0, z1, z2 = z0-kz*y0, z1-kz*y1, z2-kz*y2
		if x0*x0+x1*x1+x2*x2 <= rel2*bx {
			x0, x1, x2 = 0, 0, 0
		}
		if z0*z0+z1*z1+z2*z2 <= rel2*bz {
			z0, z1, z2 = 0, 0, 0
		}
		if unit {
			k := 1 / math.Sqrt(yy)
			m[3], m[4], m[5] = y0*k, y1*k, y2*k
		}
	}
	lx := math.Sqrt(x0*x0 + x1*x1 + x2*x2)
	lz := math.Sqrt(z0*z0 + z1*z1 + z2*z2)
	var ux0, ux1, ux2, uz0, uz1, uz2 float64
	if lx > 0 {
		k := 1 / lx
		ux0, ux1, ux2 = x0*k, x1*k, x2*k
	}
	if lz > 0 {
		k := 1 / lz
		uz0, uz1, uz2 = z0*k, z1*k, z2*k
	}
	c := ux0*uz0 + ux1*uz1 + ux2*uz2
	if ac := math.Abs(c); ac > transform.OrthoMinCos && ac < transform.OrthoMaxCos {
		b0, b1, b2 := ux0+uz0, ux1+uz1, ux2+uz2
		d0, d1, d2 := ux0-uz0, ux1-uz1, ux2-uz2
		kb := math.Sqrt2 / 2 / math.Sqrt(b0*b0+b1*b1+b2*b2)
		kd := math.Sqrt2 / 2 / math.Sqrt(d0*d0+d1*d1+d2*d2)
		b0, b1, b2 = b0*kb, b1*kb, b2*kb
		d0, d1, d2 = d0*kd, d1*kd, d2*kd
		ux0, ux1, ux2 = b0+d0, b1+d1, b2+d2
		uz0, uz1, uz2 = b0-d0, b1-d1, b2-d2
		if !unit {
			f := math.Sqrt(math.Sqrt(1 - c*c))
			kx, kz := lx*f, lz*f
			x0, x1, x2 = ux0*kx, ux1*kx, ux2*kx
			z0, z1, z2 = uz0*kz, uz1*kz, uz2*kz
		}
	}
	if unit {
		x0, x1, x2, z0, z1, z2 = ux0, ux1, ux2, uz0, uz1, uz2
	}
	m[0], m[1], m[2] = x0, x1, x2
	m[6], m[7], m[8] = z0, z1, z2
}

// writeQRS writes q * r * diag(k) into o's linear columns: column c is
// q times r's column c, times k[c].
func writeQRS(q, r *mgl64.Mat3, k mgl64.Vec3, o *mgl64.Mat3x4) {
	for c := 0; c < 3; c++ {
		r0, r1, r2 := r[3*c]*k[c], r[3*c+1]*k[c], r[3*c+2]*k[c]
		o[3*c] = q[0]*r0 + q[3]*r1 + q[6]*r2
		o[3*c+1] = q[1]*r0 + q[4]*r1 + q[7]*r2
		o[3*c+2] = q[2]*r0 + q[5]*r1 + q[8]*r2
	}
}

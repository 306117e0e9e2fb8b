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

// ruleKernel returns the 3x4 update of the matrix-based global rule g:
// each node follows its own rule, or g.
func ruleKernel(g scene.Rule) kernel {
	return func(a *kargs, lo, hi int) { ruleRange(a, lo, hi, g) }
}

// ruleRange is the matrix-based rules' update of nodes [lo, hi) under
// global rule g. The common node (a child without a residual shear or a
// rest rotation) is written out by hand here, rule by rule; roots and
// the rest go through ruleNode. What depends on the parent alone (maya's
// inverse scale, the Blender rules' parent factor) is kept for the next
// node with the same parent and rule: siblings stored together (a
// breadth-first tree) compute it once.
func ruleRange(a *kargs, lo, hi int, g scene.Rule) {
	nodes, out := a.nodes[:hi], a.out[:hi]
	own, me := a.own, a.me
	mayaP, blP, blRule := -1, -1, scene.RuleFollow
	var i0, i1, i2 float64 // maya: 1 / the parent's local scale
	mayaOK := false
	var fq mgl64.Mat3 // Blender: the parent factor Q and its column factors fk
	var fk mgl64.Vec3
	for i := lo; i < hi; i++ {
		nd := &nodes[i]
		pi := nd.Parent
		rule := nd.Rule
		if rule == scene.RuleFollow {
			rule = g
		}
		if pi < 0 || nd.Shear != [3]float64{} || nd.Rest != (mgl64.Quat{}) {
			ruleNode(a, i, rule)
			continue
		}
		if own != nil {
			if w := own[pi]; w != 0 && w != me {
				a.stale = true
				continue
			}
		}
		p, o := &out[pi], &out[i]
		if isUndefined3(p) {
			markUndefined3(o)
			continue
		}
		q := &nd.Local.Rotation
		r0, r1, r2, r3, r4, r5, r6, r7, r8 := rotation(q.W, q.V[0], q.V[1], q.V[2])
		s0, s1, s2 := nd.Local.Scale[0], nd.Local.Scale[1], nd.Local.Scale[2]
		switch rule {
		case scene.RuleMatrices:
			r0, r1, r2 = r0*s0, r1*s0, r2*s0
			r3, r4, r5 = r3*s1, r4*s1, r5*s1
			r6, r7, r8 = r6*s2, r7*s2, r8*s2
			mulLinear(p[:9], r0, r1, r2, r3, r4, r5, r6, r7, r8, o)
		case scene.RuleMayaSSC:
			if pi != mayaP {
				ps := &nodes[pi].Local.Scale
				i0, i1, i2 = 1/ps[0], 1/ps[1], 1/ps[2]
				mayaOK = !math.IsInf(i0, 0) && !math.IsInf(i1, 0) && !math.IsInf(i2, 0)
				mayaP = pi
			}
			if !mayaOK {
				markUndefined3(o)
				continue
			}
			r0, r1, r2 = r0*i0*s0, r1*i1*s0, r2*i2*s0
			r3, r4, r5 = r3*i0*s1, r4*i1*s1, r5*i2*s1
			r6, r7, r8 = r6*i0*s2, r7*i1*s2, r8*i2*s2
			mulLinear(p[:9], r0, r1, r2, r3, r4, r5, r6, r7, r8, o)
		case scene.RuleBlenderFixShear:
			var m mgl64.Mat3
			mulLinear3(p[:9], r0, r1, r2, r3, r4, r5, r6, r7, r8, &m)
			orthoY(&m, false)
			o[0], o[1], o[2] = m[0]*s0, m[1]*s0, m[2]*s0
			o[3], o[4], o[5] = m[3]*s1, m[4]*s1, m[5]*s1
			o[6], o[7], o[8] = m[6]*s2, m[7]*s2, m[8]*s2
		default:
			if pi != blP || rule != blRule {
				blenderFactor(rule, p, &fq, &fk)
				blP, blRule = pi, rule
			}
			k0, k1, k2 := s0*fk[0], s1*fk[1], s2*fk[2]
			r0, r1, r2 = r0*k0, r1*k0, r2*k0
			r3, r4, r5 = r3*k1, r4*k1, r5*k1
			r6, r7, r8 = r6*k2, r7*k2, r8*k2
			mulLinear(fq[:], r0, r1, r2, r3, r4, r5, r6, r7, r8, o)
		}
		t := &nd.Local.Position
		o[9] = p[0]*t[0] + p[3]*t[1] + p[6]*t[2] + p[9]
		o[10] = p[1]*t[0] + p[4]*t[1] + p[7]*t[2] + p[10]
		o[11] = p[2]*t[0] + p[5]*t[1] + p[8]*t[2] + p[11]
	}
}

// rotation returns the rotation matrix of the quaternion (w, x, y, z)
// column-major, as rotCols writes it: for a quaternion of unit length to
// within 1e-8 the factor 2/|q|^2 is taken as 2(2 - |q|^2), which differs
// from it by (|q|^2 - 1)^2, at most 1e-16 relative, and needs no
// division.
func rotation(w, x, y, z float64) (r0, r1, r2, r3, r4, r5, r6, r7, r8 float64) {
	n := w*w + x*x + y*y + z*z
	k := 2 * (2 - n)
	if d := n - 1; d > 1e-8 || d < -1e-8 {
		k = rotFactor(n)
	}
	xs, ys, zs := x*k, y*k, z*k
	wx, wy, wz := w*xs, w*ys, w*zs
	xx, xy, xz := x*xs, x*ys, x*zs
	yy, yz, zz := y*ys, y*zs, z*zs
	return 1 - (yy + zz), xy + wz, xz - wy, xy - wz, 1 - (xx + zz), yz + wx, xz + wy, yz - wx, 1 - (xx + yy)
}

// rotFactor is rotCols's factor 2/n for a squared quaternion length n,
// 0 (the identity) where rotCols gives the identity.
func rotFactor(n float64) float64 {
	if !(n > 1e-300) || n > 1e300 {
		return 0
	}
	return 2 / n
}

// mulLinear writes the 3x3 product m * b (m column-major in m[0:9], b
// by its columns (b0, b1, b2), (b3, b4, b5), (b6, b7, b8)) into o's
// linear part.
func mulLinear(m []float64, b0, b1, b2, b3, b4, b5, b6, b7, b8 float64, o *mgl64.Mat3x4) {
	m = m[:9]
	o[0] = m[0]*b0 + m[3]*b1 + m[6]*b2
	o[1] = m[1]*b0 + m[4]*b1 + m[7]*b2
	o[2] = m[2]*b0 + m[5]*b1 + m[8]*b2
	o[3] = m[0]*b3 + m[3]*b4 + m[6]*b5
	o[4] = m[1]*b3 + m[4]*b4 + m[7]*b5
	o[5] = m[2]*b3 + m[5]*b4 + m[8]*b5
	o[6] = m[0]*b6 + m[3]*b7 + m[6]*b8
	o[7] = m[1]*b6 + m[4]*b7 + m[7]*b8
	o[8] = m[2]*b6 + m[5]*b7 + m[8]*b8
}

// mulLinear3 is mulLinear into a 3x3 matrix.
func mulLinear3(m []float64, b0, b1, b2, b3, b4, b5, b6, b7, b8 float64, o *mgl64.Mat3) {
	m = m[:9]
	o[0] = m[0]*b0 + m[3]*b1 + m[6]*b2
	o[1] = m[1]*b0 + m[4]*b1 + m[7]*b2
	o[2] = m[2]*b0 + m[5]*b1 + m[8]*b2
	o[3] = m[0]*b3 + m[3]*b4 + m[6]*b5
	o[4] = m[1]*b3 + m[4]*b4 + m[7]*b5
	o[5] = m[2]*b3 + m[5]*b4 + m[8]*b5
	o[6] = m[0]*b6 + m[3]*b7 + m[6]*b8
	o[7] = m[1]*b6 + m[4]*b7 + m[7]*b8
	o[8] = m[2]*b6 + m[5]*b7 + m[8]*b8
}

// blenderFactor writes the factor that Blender's rules none, average,
// none-legacy and aligned take from the parent's world matrix p alone:
// W3 = q * R * diag(S ∘ k) (each rule's file gives its formula).
func blenderFactor(rule scene.Rule, p *mgl64.Mat3x4, q *mgl64.Mat3, k *mgl64.Vec3) {
	linear3(p, q)
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
	blenderFactor(rule, p, &q, &k)
	writeQRS(&q, r, mgl64.Vec3{s[0] * k[0], s[1] * k[1], s[2] * k[2]}, o)
}

// ruleNode computes node i under rule: the general path, for roots,
// nodes with a residual shear and nodes with a rest rotation.
func ruleNode(a *kargs, i int, rule scene.Rule) {
	nodes, out := a.nodes, a.out
	nd := &nodes[i]
	o := &out[i]
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
	if a.foreign(pi) {
		return
	}
	p := &out[pi]
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

// colLen returns the length of column c of m.
func colLen(m *mgl64.Mat3, c int) float64 {
	return math.Sqrt(m[3*c]*m[3*c] + m[3*c+1]*m[3*c+1] + m[3*c+2]*m[3*c+2])
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

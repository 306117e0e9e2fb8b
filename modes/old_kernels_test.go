package modes

// The fast world updates as they were before the 3x4 kernels (issue 32),
// frozen verbatim (names prefixed old, the workspace replaced by
// oldWorkspace): the exactness tests hold today's kernels to these.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// oldWorkspace is the Workspace the frozen updates ran on.
type oldWorkspace struct {
	m    []mgl64.Mat4
	r    []mgl64.Mat3
	l    []mgl64.Mat3
	rot  []mgl64.Quat
	scl  []mgl64.Vec3
	uKey []mgl64.Vec3
	u    []float64
}

func (w *oldWorkspace) growOld(n int) {
	if cap(w.m) < n {
		w.m = make([]mgl64.Mat4, n)
		w.r = make([]mgl64.Mat3, n)
		w.l = make([]mgl64.Mat3, n)
		w.rot = make([]mgl64.Quat, n)
		w.scl = make([]mgl64.Vec3, n)
		w.uKey = make([]mgl64.Vec3, n)
		w.u = make([]float64, n)
	}
	w.m, w.r, w.l, w.rot, w.scl = w.m[:n], w.r[:n], w.l[:n], w.rot[:n], w.scl[:n]
	w.uKey, w.u = w.uKey[:n], w.u[:n]
}

// oldIsUndefined is the Mat4 marker test the frozen updates used.
func oldIsUndefined(w *mgl64.Mat4) bool { return w[15] != 1 }

// oldWorldFunc is the frozen updates' signature.
type oldWorldFunc func(nodes []scene.Node, ws *oldWorkspace, out []mgl64.Mat4)

func oldRotCols(q mgl64.Quat, r *mgl64.Mat3) {
	w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
	n := w*w + x*x + y*y + z*z
	if !(n > 1e-300) || n > 1e300 {
		*r = mgl64.Ident3()
		return
	}
	s := 2 / n
	xs, ys, zs := x*s, y*s, z*s
	wx, wy, wz := w*xs, w*ys, w*zs
	xx, xy, xz := x*xs, x*ys, x*zs
	yy, yz, zz := y*ys, y*zs, z*zs
	r[0], r[1], r[2] = 1-(yy+zz), xy+wz, xz-wy
	r[3], r[4], r[5] = xy-wz, 1-(xx+zz), yz+wx
	r[6], r[7], r[8] = xz+wy, yz-wx, 1-(xx+yy)
}

func oldLocalMat(p mgl64.Vec3, r *mgl64.Mat3, s mgl64.Vec3, m *mgl64.Mat4) {
	m[0], m[1], m[2], m[3] = r[0]*s[0], r[1]*s[0], r[2]*s[0], 0
	m[4], m[5], m[6], m[7] = r[3]*s[1], r[4]*s[1], r[5]*s[1], 0
	m[8], m[9], m[10], m[11] = r[6]*s[2], r[7]*s[2], r[8]*s[2], 0
	m[12], m[13], m[14], m[15] = p[0], p[1], p[2], 1
}

func oldAffMul(a, b, o *mgl64.Mat4) {
	for c := 0; c < 4; c++ {
		b0, b1, b2 := b[4*c], b[4*c+1], b[4*c+2]
		o[4*c] = a[0]*b0 + a[4]*b1 + a[8]*b2
		o[4*c+1] = a[1]*b0 + a[5]*b1 + a[9]*b2
		o[4*c+2] = a[2]*b0 + a[6]*b1 + a[10]*b2
		o[4*c+3] = 0
	}
	o[12] += a[12]
	o[13] += a[13]
	o[14] += a[14]
	o[15] = 1
}

func oldLin3Mul(a *mgl64.Mat4, r *mgl64.Mat3, o *mgl64.Mat3) {
	for c := 0; c < 3; c++ {
		r0, r1, r2 := r[3*c], r[3*c+1], r[3*c+2]
		o[3*c] = a[0]*r0 + a[4]*r1 + a[8]*r2
		o[3*c+1] = a[1]*r0 + a[5]*r1 + a[9]*r2
		o[3*c+2] = a[2]*r0 + a[6]*r1 + a[10]*r2
	}
}

func oldMarkUndefined(o *mgl64.Mat4) {
	for k := range o {
		o[k] = math.NaN()
	}
}

func oldRuleWorld(g scene.Rule) oldWorldFunc {
	return func(nodes []scene.Node, _ *oldWorkspace, out []mgl64.Mat4) {
		n := count(nodes, out)
		var r mgl64.Mat3
		var l mgl64.Mat4
		for i := 0; i < n; i++ {
			nd := &nodes[i]
			oldRotCols(nd.Rotation(), &r)
			pi := nd.Parent
			if pi < 0 {
				if nd.Sheared() {
					r = r.Mul3(nd.Stretch())
					oldLocalMat(nd.Local.Position, &r, mgl64.Vec3{1, 1, 1}, &out[i])
				} else {
					oldLocalMat(nd.Local.Position, &r, nd.Local.Scale, &out[i])
				}
				continue
			}
			p, o := &out[pi], &out[i]
			if oldIsUndefined(p) {
				oldMarkUndefined(o)
				continue
			}
			rule := nd.Rule
			if rule == scene.RuleFollow {
				rule = g
			}
			sheared := nd.Sheared()
			if rule == scene.RuleMatrices {
				if sheared {
					u := nd.Stretch()
					r = r.Mul3(u)
					oldLocalMat(nd.Local.Position, &r, mgl64.Vec3{1, 1, 1}, &l)
				} else {
					oldLocalMat(nd.Local.Position, &r, nd.Local.Scale, &l)
				}
				oldAffMul(p, &l, o)
				continue
			}
			s := nd.Local.Scale
			if sheared {
				s = mgl64.Vec3{1, 1, 1}
			}
			if rule == scene.RuleBlenderFixShear && nd.HasRest() {
				oldBlenderFixShearRest(p, nd, s, o)
			} else if !oldRuleLinear(rule, p, &r, s, nodes[pi].Local.Scale, o) {
				oldMarkUndefined(o)
				continue
			}
			if sheared {
				oldShearLinear(o, nd.Stretch())
			}
			t := nd.Local.Position
			o[3], o[7], o[11] = 0, 0, 0
			o[12] = p[0]*t[0] + p[4]*t[1] + p[8]*t[2] + p[12]
			o[13] = p[1]*t[0] + p[5]*t[1] + p[9]*t[2] + p[13]
			o[14] = p[2]*t[0] + p[6]*t[1] + p[10]*t[2] + p[14]
			o[15] = 1
		}
	}
}

func oldShearLinear(o *mgl64.Mat4, u mgl64.Mat3) {
	var w mgl64.Mat3
	oldLinear3(o, &w)
	for c := 0; c < 3; c++ {
		u0, u1, u2 := u[3*c], u[3*c+1], u[3*c+2]
		o[4*c] = w[0]*u0 + w[3]*u1 + w[6]*u2
		o[4*c+1] = w[1]*u0 + w[4]*u1 + w[7]*u2
		o[4*c+2] = w[2]*u0 + w[5]*u1 + w[8]*u2
	}
}

func oldRuleLinear(rule scene.Rule, p *mgl64.Mat4, r *mgl64.Mat3, s, ps mgl64.Vec3, o *mgl64.Mat4) bool {
	switch rule {
	case scene.RuleBlenderFixShear:
		return oldBlenderFixShear(p, r, s, ps, o)
	case scene.RuleBlenderAverage:
		return oldBlenderAverage(p, r, s, ps, o)
	case scene.RuleBlenderNone:
		return oldBlenderNone(p, r, s, ps, o)
	case scene.RuleBlenderNoneLegacy:
		return oldBlenderNoneLegacy(p, r, s, ps, o)
	case scene.RuleBlenderAligned:
		return oldBlenderAligned(p, r, s, ps, o)
	case scene.RuleMayaSSC:
		return oldMayaSSC(p, r, s, ps, o)
	}
	return false
}

func oldOrthoY(m *mgl64.Mat3, unit bool) {
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

func oldLinear3(a *mgl64.Mat4, o *mgl64.Mat3) {
	o[0], o[1], o[2] = a[0], a[1], a[2]
	o[3], o[4], o[5] = a[4], a[5], a[6]
	o[6], o[7], o[8] = a[8], a[9], a[10]
}

func oldColLen(m *mgl64.Mat3, c int) float64 {
	return math.Sqrt(m[3*c]*m[3*c] + m[3*c+1]*m[3*c+1] + m[3*c+2]*m[3*c+2])
}

func oldWriteQRS(q, r *mgl64.Mat3, k mgl64.Vec3, o *mgl64.Mat4) {
	for c := 0; c < 3; c++ {
		r0, r1, r2 := r[3*c]*k[c], r[3*c+1]*k[c], r[3*c+2]*k[c]
		o[4*c] = q[0]*r0 + q[3]*r1 + q[6]*r2
		o[4*c+1] = q[1]*r0 + q[4]*r1 + q[7]*r2
		o[4*c+2] = q[2]*r0 + q[5]*r1 + q[8]*r2
	}
}

func oldAccumulateTRS(nodes []scene.Node, ws *oldWorkspace, out []mgl64.Mat4) {
	n := count(nodes, out)
	ws.growOld(n)
	rot, scl := ws.rot[:n], ws.scl[:n]
	for i := 0; i < n; i++ {
		nd := &nodes[i]
		q, s, p := nd.Rotation(), nd.Local.Scale, nd.Local.Position
		o := &out[i]
		if pi := nd.Parent; pi >= 0 {
			// The parent's W has columns R_p * S_p, so W_p * p is
			// position_p + R_p(S_p ∘ p): the seed's position rule.
			w := &out[pi]
			p = mgl64.Vec3{
				w[0]*p[0] + w[4]*p[1] + w[8]*p[2] + w[12],
				w[1]*p[0] + w[5]*p[1] + w[9]*p[2] + w[13],
				w[2]*p[0] + w[6]*p[1] + w[10]*p[2] + w[14],
			}
			a := rot[pi]
			q = mgl64.Quat{
				W: a.W*q.W - a.V[0]*q.V[0] - a.V[1]*q.V[1] - a.V[2]*q.V[2],
				V: mgl64.Vec3{
					a.W*q.V[0] + a.V[0]*q.W + a.V[1]*q.V[2] - a.V[2]*q.V[1],
					a.W*q.V[1] - a.V[0]*q.V[2] + a.V[1]*q.W + a.V[2]*q.V[0],
					a.W*q.V[2] + a.V[0]*q.V[1] - a.V[1]*q.V[0] + a.V[2]*q.W,
				},
			}
			ps := scl[pi]
			s = mgl64.Vec3{ps[0] * s[0], ps[1] * s[1], ps[2] * s[2]}
		}
		rot[i], scl[i] = q, s
		// Rotation matrix of q (2/|q|^2 form, exact for non-unit q), times S.
		w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
		nn := w*w + x*x + y*y + z*z
		if !(nn > 1e-300) || nn > 1e300 {
			w, x, y, z, nn = 1, 0, 0, 0, 1
		}
		k := 2 / nn
		xs, ys, zs := x*k, y*k, z*k
		wx, wy, wz := w*xs, w*ys, w*zs
		xx, xy, xz := x*xs, x*ys, x*zs
		yy, yz, zz := y*ys, y*zs, z*zs
		o[0], o[1], o[2], o[3] = (1-(yy+zz))*s[0], (xy+wz)*s[0], (xz-wy)*s[0], 0
		o[4], o[5], o[6], o[7] = (xy-wz)*s[1], (1-(xx+zz))*s[1], (yz+wx)*s[1], 0
		o[8], o[9], o[10], o[11] = (xz+wy)*s[2], (yz-wx)*s[2], (1-(xx+yy))*s[2], 0
		o[12], o[13], o[14], o[15] = p[0], p[1], p[2], 1
	}
}

func oldUniformInnerScale(nodes []scene.Node, ws *oldWorkspace, out []mgl64.Mat4) {
	n := count(nodes, out)
	ws.growOld(n)
	frames := ws.m[:n]
	var r, a mgl64.Mat3
	for i := 0; i < n; i++ {
		nd := &nodes[i]
		oldRotCols(nd.Rotation(), &r)
		p, s := nd.Local.Position, nd.Local.Scale
		if pi := nd.Parent; pi >= 0 {
			f := &frames[pi]
			p = mgl64.Vec3{
				f[0]*p[0] + f[4]*p[1] + f[8]*p[2] + f[12],
				f[1]*p[0] + f[5]*p[1] + f[9]*p[2] + f[13],
				f[2]*p[0] + f[6]*p[1] + f[10]*p[2] + f[14],
			}
			oldLin3Mul(f, &r, &a)
		} else {
			a = r
		}
		u := s[0]
		if s[1] != u || s[2] != u {
			if ws.uKey[i] != s {
				ws.uKey[i], ws.u[i] = s, UniformPart(s)
			}
			u = ws.u[i]
		}
		o, fr := &out[i], &frames[i]
		for c := 0; c < 3; c++ {
			a0, a1, a2 := a[3*c], a[3*c+1], a[3*c+2]
			o[4*c], o[4*c+1], o[4*c+2], o[4*c+3] = a0*s[c], a1*s[c], a2*s[c], 0
			fr[4*c], fr[4*c+1], fr[4*c+2], fr[4*c+3] = a0*u, a1*u, a2*u, 0
		}
		o[12], o[13], o[14], o[15] = p[0], p[1], p[2], 1
		fr[12], fr[13], fr[14], fr[15] = p[0], p[1], p[2], 1
	}
}

func oldSkewStripping(nodes []scene.Node, ws *oldWorkspace, out []mgl64.Mat4) {
	n := count(nodes, out)
	ws.growOld(n)
	ident, origin := mgl64.Ident3(), mgl64.Vec3{}
	var r mgl64.Mat3
	for i := 0; i < n; i++ {
		nd := &nodes[i]
		oldRotCols(nd.Rotation(), &r)
		sc, p := nd.Local.Scale, nd.Local.Position
		l, rw, o := &ws.l[i], &ws.r[i], &out[i]
		lp, rp, tp := &ident, &ident, &origin
		if nd.Parent >= 0 {
			lp, rp = &ws.l[nd.Parent], &ws.r[nd.Parent]
			tp = (*mgl64.Vec3)(out[nd.Parent][12:15])
		}
		for c := 0; c < 3; c++ {
			r0, r1, r2 := r[3*c], r[3*c+1], r[3*c+2]
			a0 := lp[0]*r0 + lp[3]*r1 + lp[6]*r2
			a1 := lp[1]*r0 + lp[4]*r1 + lp[7]*r2
			a2 := lp[2]*r0 + lp[5]*r1 + lp[8]*r2
			q0 := rp[0]*r0 + rp[3]*r1 + rp[6]*r2
			q1 := rp[1]*r0 + rp[4]*r1 + rp[7]*r2
			q2 := rp[2]*r0 + rp[5]*r1 + rp[8]*r2
			s := sc[c]
			l[3*c], l[3*c+1], l[3*c+2] = a0*s, a1*s, a2*s
			rw[3*c], rw[3*c+1], rw[3*c+2] = q0, q1, q2
			k := s * (q0*a0 + q1*a1 + q2*a2)
			o[4*c], o[4*c+1], o[4*c+2], o[4*c+3] = q0*k, q1*k, q2*k, 0
		}
		o[12] = lp[0]*p[0] + lp[3]*p[1] + lp[6]*p[2] + tp[0]
		o[13] = lp[1]*p[0] + lp[4]*p[1] + lp[7]*p[2] + tp[1]
		o[14] = lp[2]*p[0] + lp[5]*p[1] + lp[8]*p[2] + tp[2]
		o[15] = 1
	}
}

func oldBlenderFixShear(p *mgl64.Mat4, r *mgl64.Mat3, s, _ mgl64.Vec3, o *mgl64.Mat4) bool {
	var m mgl64.Mat3
	oldLin3Mul(p, r, &m)
	oldOrthoY(&m, false)
	for c := 0; c < 3; c++ {
		o[4*c], o[4*c+1], o[4*c+2] = m[3*c]*s[c], m[3*c+1]*s[c], m[3*c+2]*s[c]
	}
	return true
}

func oldBlenderFixShearRest(p *mgl64.Mat4, nd *scene.Node, s mgl64.Vec3, o *mgl64.Mat4) {
	var rr, rp, m mgl64.Mat3
	oldRotCols(nd.Rest, &rr)
	oldRotCols(nd.Local.Rotation, &rp)
	oldLin3Mul(p, &rr, &m)
	oldOrthoY(&m, false)
	oldWriteQRS(&m, &rp, s, o)
}

func oldBlenderAverage(p *mgl64.Mat4, r *mgl64.Mat3, s, _ mgl64.Vec3, o *mgl64.Mat4) bool {
	var q mgl64.Mat3
	oldLinear3(p, &q)
	// mgl64's Mat3.Det, term for term: where P3 is singular (a zero
	// scale above) the determinant is rounding noise, and its cube root
	// magnifies any difference in how the noise was summed.
	det := q[0]*q[4]*q[8] + q[3]*q[7]*q[2] + q[6]*q[1]*q[5] - q[6]*q[4]*q[2] - q[3]*q[1]*q[8] - q[0]*q[7]*q[5]
	k := math.Cbrt(math.Abs(det))
	oldOrthoY(&q, true)
	oldWriteQRS(&q, r, mgl64.Vec3{s[0] * k, s[1] * k, s[2] * k}, o)
	return true
}

func oldBlenderNone(p *mgl64.Mat4, r *mgl64.Mat3, s, _ mgl64.Vec3, o *mgl64.Mat4) bool {
	var q mgl64.Mat3
	oldLinear3(p, &q)
	oldOrthoY(&q, true)
	oldWriteQRS(&q, r, s, o)
	return true
}

func oldBlenderNoneLegacy(p *mgl64.Mat4, r *mgl64.Mat3, s, _ mgl64.Vec3, o *mgl64.Mat4) bool {
	var q mgl64.Mat3
	oldLinear3(p, &q)
	for c := 0; c < 3; c++ {
		if l := oldColLen(&q, c); l > 0 {
			k := 1 / l
			q[3*c], q[3*c+1], q[3*c+2] = q[3*c]*k, q[3*c+1]*k, q[3*c+2]*k
		}
	}
	oldWriteQRS(&q, r, s, o)
	return true
}

func oldBlenderAligned(p *mgl64.Mat4, r *mgl64.Mat3, s, _ mgl64.Vec3, o *mgl64.Mat4) bool {
	var q mgl64.Mat3
	oldLinear3(p, &q)
	oldOrthoY(&q, false)
	var l mgl64.Vec3
	for c := 0; c < 3; c++ {
		l[c] = oldColLen(&q, c)
		if l[c] > 0 {
			k := 1 / l[c]
			q[3*c], q[3*c+1], q[3*c+2] = q[3*c]*k, q[3*c+1]*k, q[3*c+2]*k
		}
	}
	oldWriteQRS(&q, r, mgl64.Vec3{s[0] * l[0], s[1] * l[1], s[2] * l[2]}, o)
	return true
}

func oldMayaSSC(p *mgl64.Mat4, r *mgl64.Mat3, s, ps mgl64.Vec3, o *mgl64.Mat4) bool {
	i0, i1, i2 := 1/ps[0], 1/ps[1], 1/ps[2]
	if math.IsInf(i0, 0) || math.IsInf(i1, 0) || math.IsInf(i2, 0) {
		return false
	}
	for c := 0; c < 3; c++ {
		r0, r1, r2 := r[3*c]*i0*s[c], r[3*c+1]*i1*s[c], r[3*c+2]*i2*s[c]
		o[4*c] = p[0]*r0 + p[4]*r1 + p[8]*r2
		o[4*c+1] = p[1]*r0 + p[5]*r1 + p[9]*r2
		o[4*c+2] = p[2]*r0 + p[6]*r1 + p[10]*r2
	}
	return true
}

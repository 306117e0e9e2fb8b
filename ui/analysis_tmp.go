package ui

// TEMPORARY: this file stands in for modes.Analyze and modes.Reparent,
// which the lead is adding to package modes. Replace every use with those
// and delete the file once main has them.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/scene"
	"skewlab/transform"
)

// Readout is what the Readouts window shows for one node's world matrix.
// It mirrors modes.Readout. SkewOK is false when an axis has collapsed
// (zero scale), in which case Note says why the skew is undefined.
type Readout struct {
	World         mgl64.Mat4
	Position      mgl64.Vec3
	SkewDeg       float64
	SkewOK        bool
	Volume        float64
	LossyScale    mgl64.Vec3
	Stretch       mgl64.Vec3 // polar stretch, descending
	Representable bool
	Note          string
}

// analyze stands in for modes.Analyze.
func analyze(world []mgl64.Mat4, i int) Readout {
	var r Readout
	if i < 0 || i >= len(world) {
		r.Note = "no node"
		return r
	}
	w := world[i]
	r.World = w
	r.Position = mgl64.Vec3{w[12], w[13], w[14]}
	l := w.Mat3()
	r.Volume = l.Det()
	c := [3]mgl64.Vec3{l.Col(0), l.Col(1), l.Col(2)}
	r.LossyScale = mgl64.Vec3{c[0].Len(), c[1].Len(), c[2].Len()}
	if r.Volume < 0 {
		r.LossyScale[0] = -r.LossyScale[0]
	}
	r.SkewOK = true
	for a := 0; a < 3; a++ {
		for b := a + 1; b < 3; b++ {
			la, lb := c[a].Len(), c[b].Len()
			if la < 1e-12 || lb < 1e-12 {
				r.SkewOK = false
				r.Note = "zero scale: an axis has collapsed, so angles between axes are undefined"
				continue
			}
			cos := mgl64.Clamp(c[a].Dot(c[b])/(la*lb), -1, 1)
			if d := math.Abs(90 - mgl64.RadToDeg(math.Acos(cos))); d > r.SkewDeg {
				r.SkewDeg = d
			}
		}
	}
	r.Stretch = singularValues(l)
	r.Representable = r.SkewOK && r.SkewDeg < 1e-6
	return r
}

// singularValues returns the singular values of l, descending, from the
// eigenvalues of the symmetric l^T l (closed form for 3x3).
func singularValues(l mgl64.Mat3) mgl64.Vec3 {
	a := l.Transpose().Mul3(l)
	p1 := a[3]*a[3] + a[6]*a[6] + a[7]*a[7]
	q := (a[0] + a[4] + a[8]) / 3
	var e [3]float64
	if p1 < 1e-30 {
		e = [3]float64{a[0], a[4], a[8]}
	} else {
		p2 := (a[0]-q)*(a[0]-q) + (a[4]-q)*(a[4]-q) + (a[8]-q)*(a[8]-q) + 2*p1
		p := math.Sqrt(p2 / 6)
		b := a.Sub(mgl64.Ident3().Mul(q)).Mul(1 / p)
		rr := mgl64.Clamp(b.Det()/2, -1, 1)
		phi := math.Acos(rr) / 3
		e[0] = q + 2*p*math.Cos(phi)
		e[2] = q + 2*p*math.Cos(phi+2*math.Pi/3)
		e[1] = 3*q - e[0] - e[2]
	}
	for k := 0; k < 3; k++ {
		e[k] = math.Sqrt(math.Max(e[k], 0))
	}
	for x := 0; x < 2; x++ {
		for y := 0; y < 2-x; y++ {
			if e[y] < e[y+1] {
				e[y], e[y+1] = e[y+1], e[y]
			}
		}
	}
	return mgl64.Vec3{e[0], e[1], e[2]}
}

// reparent stands in for modes.Reparent: it moves node i under newParent
// keeping its accumulate-matrices world matrix as far as a TRS can, and
// returns the largest entry of the difference as the residual.
func reparent(s *scene.Scene, i, newParent int) (float64, []int, error) {
	world := make([]mgl64.Mat4, len(s.Nodes))
	modes.AccumulateMatrices.World(s.Nodes, &modes.Workspace{}, world)
	want := world[i]
	pw := mgl64.Ident4()
	if newParent >= 0 {
		pw = world[newParent]
	}
	local := pw.Inv().Mul4(want)
	if math.Abs(pw.Det()) < 1e-12 {
		local = want
	}
	l3 := local.Mat3()
	sc := mgl64.Vec3{l3.Col(0).Len(), l3.Col(1).Len(), l3.Col(2).Len()}
	if l3.Det() < 0 {
		sc[0] = -sc[0]
	}
	var rot mgl64.Mat3
	for k := 0; k < 3; k++ {
		col := l3.Col(k)
		if sc[k] != 0 {
			col = col.Mul(1 / sc[k])
		}
		rot.SetCol(k, col)
	}
	q := mgl64.Mat4ToQuat(mgl64.Mat3(rot).Mat4())
	if q.Len() < 1e-9 || math.IsNaN(q.W) {
		q = mgl64.QuatIdent()
	}
	t := transform.TRS{Position: mgl64.Vec3{local[12], local[13], local[14]}, Rotation: transform.Normalize(q), Scale: sc}
	res := 0.0
	diff := t.Mat4().Sub(local)
	for _, v := range diff {
		res = math.Max(res, math.Abs(v))
	}
	newIndex, err := s.SetParent(i, newParent)
	if err != nil {
		return 0, nil, err
	}
	if err := s.SetLocal(newIndex[i], t); err != nil {
		return 0, nil, err
	}
	return res, newIndex, nil
}

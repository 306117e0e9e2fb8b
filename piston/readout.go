package piston

import (
	"fmt"
	"math"

	"skewlab/modes"
	"skewlab/render"
	"skewlab/scene"
)

// ReadoutLine is one line of the Readouts window: its text, and Warn
// when it reports an artifact (skew, a volume change against
// accumulate-matrices or a flat or mirrored volume, a lossy scale that
// flips, a matrix no TRS can hold), which the window draws in
// render.Warning.
type ReadoutLine struct {
	Text string
	Warn bool
}

// VolumeCheck is what the volume line compares a node's volume with: its
// volume under accumulate-matrices (MatricesVolume), or IsMatrices when
// the readout's mode is accumulate-matrices itself.
type VolumeCheck struct {
	Matrices   float64 // det of the node's world 3x3 under accumulate-matrices
	MatricesOK bool    // false: that product overflowed (Matrices is then 0)
	IsMatrices bool    // the readout is of accumulate-matrices: nothing to compare
}

// VolumeWarnRel is the relative volume change against accumulate-matrices
// above which the volume line warns: 0.5%.
const VolumeWarnRel = 0.005

// overflowWhy is what an undefined value shows: "-" and its reason;
// undefinedWhy the same for a world matrix a rule leaves undefined
// (modes.ReasonUndefined).
const (
	overflowWhy  = "-  (overflow: beyond float64)"
	undefinedWhy = "-  (undefined: zero parent scale, maya-ssc)"
)

// AppendReadout appends the readout lines of r to dst: the world
// matrix's top three rows, skew, volume (compared with vc), lossy scale,
// polar stretch and representability. An undefined value shows as "-"
// with its reason (overflow, or a zero scale for the skew), never NaN or
// Inf; numbers of magnitude 1e6 and more print in exponent form so a line
// stays short. Warn marks r.Skewed(), a volume that is flat, negative or
// more than VolumeWarnRel away from accumulate-matrices' (or defined
// where that one overflowed), r.LossyFlipped() and a matrix that is not
// TRS-representable.
//
// A world matrix a rule leaves undefined (modes.ReasonUndefined: maya-ssc
// under a zero parent scale, the node not drawn) shows every line as "-"
// with that reason, the volume line warning.
func AppendReadout(dst []ReadoutLine, r modes.Readout, vc VolumeCheck) []ReadoutLine {
	var buf [128]byte // each line is built here and copied out once
	if r.Undefined == modes.ReasonUndefined {
		for _, h := range [...]string{"world      ", "skew       ", "volume     ", "lossy      ", "stretch    ", "TRS        "} {
			dst = append(dst, ReadoutLine{Text: h + undefinedWhy, Warn: h == "volume     "})
		}
		return dst
	}
	if r.WorldOK {
		wm := r.World
		// The bottom row of an affine world matrix is always 0 0 0 1.
		for row := 0; row < 3; row++ {
			b := append(buf[:0], '[')
			for col := 0; col < 4; col++ {
				b = appendUINum(b, wm.At(row, col), 6, 2)
			}
			dst = append(dst, ReadoutLine{Text: string(append(b, " ]"...))})
		}
	} else {
		dst = append(dst, ReadoutLine{Text: "world      " + overflowWhy})
	}
	switch {
	case r.SkewOK:
		b := append(buf[:0], "skew       "...)
		b = append(render.AppendFixed(b, r.SkewDeg, 0, 2), " deg"...)
		dst = append(dst, ReadoutLine{Text: string(b), Warn: r.Skewed()})
	case r.RepresentableOK:
		dst = append(dst, ReadoutLine{Text: "skew       -  (a zero scale collapses an axis: skew undefined)"})
	default:
		dst = append(dst, ReadoutLine{Text: "skew       " + overflowWhy})
	}
	dst = append(dst, volumeLine(buf[:0], r, vc))
	if r.LossyOK {
		dst = append(dst, ReadoutLine{Text: string(appendVec(append(buf[:0], "lossy      "...), r.LossyScale)), Warn: r.LossyFlipped()})
	} else {
		dst = append(dst, ReadoutLine{Text: "lossy      " + overflowWhy})
	}
	if r.StretchOK {
		dst = append(dst, ReadoutLine{Text: string(appendVec(append(buf[:0], "stretch    "...), r.Stretch))})
	} else {
		dst = append(dst, ReadoutLine{Text: "stretch    " + overflowWhy})
	}
	switch {
	case !r.RepresentableOK:
		dst = append(dst, ReadoutLine{Text: "TRS        " + overflowWhy})
	case r.Representable:
		dst = append(dst, ReadoutLine{Text: "TRS        representable"})
	default:
		dst = append(dst, ReadoutLine{Text: "TRS        NOT representable", Warn: true})
	}
	return dst
}

// volumeLine is the volume line, built in b: "volume     3.941, matrices
// 3.000, +31.4%", or "volume     3.000 (matrices)" under
// accumulate-matrices. The change is relative to |matrices| and left out
// when matrices is 0.
func volumeLine(b []byte, r modes.Readout, vc VolumeCheck) ReadoutLine {
	if !r.VolumeOK {
		return ReadoutLine{Text: "volume     " + overflowWhy}
	}
	bad := r.Flat() || r.Volume < 0
	b = appendUINum(append(b, "volume     "...), r.Volume, 0, 3)
	switch {
	case vc.IsMatrices:
		return ReadoutLine{Text: string(append(b, " (matrices)"...)), Warn: bad}
	case !vc.MatricesOK:
		return ReadoutLine{Text: string(append(b, ", matrices -  (overflow)"...)), Warn: true}
	}
	b = appendUINum(append(b, ", matrices "...), vc.Matrices, 0, 3)
	if vc.Matrices == 0 {
		return ReadoutLine{Text: string(b), Warn: true}
	}
	rel := (r.Volume - vc.Matrices) / math.Abs(vc.Matrices)
	if math.Abs(rel) < 5e-4 {
		rel = 0 // +0.0%, never -0.0%
	}
	b = append(b, ", "...)
	if rel >= 0 {
		b = append(b, '+')
	}
	if pct := 100 * rel; math.Abs(pct) < 1e6 {
		b = render.AppendFixed(b, pct, 0, 1)
	} else {
		b = render.AppendNum(b, pct, 'g', 3)
	}
	return ReadoutLine{Text: string(append(b, '%')), Warn: bad || math.Abs(rel) > VolumeWarnRel}
}

// appendVec appends v's three components as appendUINum with 3 decimals,
// a space apart.
func appendVec(b []byte, v [3]float64) []byte {
	for k, x := range v {
		if k > 0 {
			b = append(b, ' ')
		}
		b = appendUINum(b, x, 0, 3)
	}
	return b
}

// appendUINum appends x with prec decimals right-aligned in width bytes
// (render.AppendFixed) below 1e6, with a space in front when it fills the
// width (so columns never run together), and from there on as " %.3g"
// does (exponent form), so a line stays short.
func appendUINum(b []byte, x float64, width, prec int) []byte {
	if math.Abs(x) < 1e6 {
		start := len(b)
		b = render.AppendFixed(b, x, width, prec)
		if width > 0 && b[start] != ' ' {
			// The number fills its column (a model in millimetres):
			// a space keeps it apart from the one before.
			b = append(b, 0)
			copy(b[start+1:], b[start:])
			b[start] = ' '
		}
		return b
	}
	return render.AppendNum(append(b, ' '), x, 'g', 3)
}

// MatricesVolume returns node i's volume under accumulate-matrices, the
// determinant of its world 3x3 part: the product over i and its
// ancestors of their local scales' determinants s_x*s_y*s_z (a rotation's
// determinant is 1 and a translation does not enter the 3x3 part), in
// O(depth); a node with a residual shear (scene.Node.Shear) counts
// with the determinant of its whole stretch. ok is false, and the volume 0, when i is out of range or the
// product is not finite (overflow; a non-finite scale cannot be in a
// scene).
func MatricesVolume(nodes []scene.Node, i int) (float64, bool) {
	if i < 0 || i >= len(nodes) {
		return 0, false
	}
	v := 1.0
	for ; i >= 0 && i < len(nodes); i = nodes[i].Parent {
		if nodes[i].Sheared() {
			v *= nodes[i].Stretch().Det() // a glTF matrix's whole stretch
			continue
		}
		s := nodes[i].Local.Scale
		v *= s[0] * s[1] * s[2]
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}

// ReadoutLines appends the readout lines of the picked node under Mode
// (AppendReadout), its volume compared with accumulate-matrices', as the
// last Recompute left the world matrices. It appends nothing when Picked
// is not a node of the scene. It allocates the lines' text: call it when
// the picture changed, not on every frame.
func (m *Model) ReadoutLines(dst []ReadoutLine) []ReadoutLine {
	if m.Picked < 0 || m.Picked >= len(m.nodes) || m.Picked >= len(m.World[0]) {
		return dst
	}
	r := modes.Analyze(m.nodes, m.World[0], m.Picked)
	dst = AppendReadout(dst, r, m.volumeCheck(m.Picked))
	if note := modes.RulesNote(m.Scene.Nodes, modes.All[m.Mode]); note != "" {
		dst = append(dst, ReadoutLine{Text: note})
	}
	if n := &m.Scene.Nodes[m.Picked]; n.Sheared() {
		h := n.Shear
		how := "the TRS-based modes use its fit"
		if modes.All[m.Mode].PerNode() {
			how = "drawn as stored"
		}
		dst = append(dst, ReadoutLine{Text: fmt.Sprintf("matrix not a TRS: shear %.3f %.3f %.3f; %s", h[0], h[1], h[2], how)})
	}
	return dst
}

// volumeCheck is node i's VolumeCheck under the rule that draws it
// (DrawnUnder: Mode, or its own rule).
func (m *Model) volumeCheck(i int) VolumeCheck {
	if m.drawnMode(i) == modes.Index(modes.AccumulateMatrices.Name) {
		return VolumeCheck{IsMatrices: true}
	}
	v, ok := MatricesVolume(m.nodes, i)
	return VolumeCheck{Matrices: v, MatricesOK: ok}
}

package piston

import (
	"math"
	"strconv"

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
//
// It makes a string per line; ReadoutText.AddReadout writes the same
// lines into reused buffers.
func AppendReadout(dst []ReadoutLine, r modes.Readout, vc VolumeCheck) []ReadoutLine {
	var t ReadoutText
	t.AddReadout(r, vc)
	return t.AppendLines(dst)
}

// ReadoutText holds readout lines as bytes, each in a buffer of its own
// that Reset keeps, so a picture that changes every frame (B spinning)
// has its readouts formatted without allocating once the buffers have
// grown. Line i is Lines[i] (Len lines), Warn[i] as ReadoutLine.Warn.
type ReadoutText struct {
	Lines [][]byte
	Warn  []bool
	n     int
}

// Reset empties t, keeping its buffers.
func (t *ReadoutText) Reset() { t.n = 0 }

// Len returns the number of lines.
func (t *ReadoutText) Len() int { return t.n }

// Line returns line i's text and warning flag (i in [0, Len)).
func (t *ReadoutText) Line(i int) ([]byte, bool) { return t.Lines[i][:len(t.Lines[i])], t.Warn[i] }

// next returns the next line's buffer, emptied, and counts the line.
func (t *ReadoutText) next(warn bool) *[]byte {
	if t.n == len(t.Lines) {
		t.Lines = append(t.Lines, make([]byte, 0, 64))
		t.Warn = append(t.Warn, false)
	}
	t.Warn[t.n] = warn
	b := &t.Lines[t.n]
	*b = (*b)[:0]
	t.n++
	return b
}

// add appends a line made of parts.
func (t *ReadoutText) add(warn bool, parts ...string) {
	b := t.next(warn)
	for _, p := range parts {
		*b = append(*b, p...)
	}
}

// AppendLines appends t's lines to dst as ReadoutLines (a string each).
func (t *ReadoutText) AppendLines(dst []ReadoutLine) []ReadoutLine {
	for i := 0; i < t.n; i++ {
		dst = append(dst, ReadoutLine{Text: string(t.Lines[i]), Warn: t.Warn[i]})
	}
	return dst
}

// AddReadout appends the lines AppendReadout makes of r and vc.
func (t *ReadoutText) AddReadout(r modes.Readout, vc VolumeCheck) {
	if r.Undefined == modes.ReasonUndefined {
		for _, h := range [...]string{"world      ", "skew       ", "volume     ", "lossy      ", "stretch    ", "TRS        "} {
			t.add(h == "volume     ", h, undefinedWhy)
		}
		return
	}
	if r.WorldOK {
		wm := r.World
		// The bottom row of an affine world matrix is always 0 0 0 1.
		for row := 0; row < 3; row++ {
			b := t.next(false)
			*b = append(*b, '[')
			for col := 0; col < 4; col++ {
				*b = appendUINum(*b, wm.At(row, col), 6, 2)
			}
			*b = append(*b, " ]"...)
		}
	} else {
		t.add(false, "world      ", overflowWhy)
	}
	switch {
	case r.SkewOK:
		b := t.next(r.Skewed())
		*b = append(render.AppendFixed(append(*b, "skew       "...), r.SkewDeg, 0, 2), " deg"...)
	case r.RepresentableOK:
		t.add(false, "skew       -  (a zero scale collapses an axis: skew undefined)")
	default:
		t.add(false, "skew       ", overflowWhy)
	}
	t.volumeLine(r, vc)
	if r.LossyOK {
		b := t.next(r.LossyFlipped())
		*b = appendVec(append(*b, "lossy      "...), r.LossyScale)
	} else {
		t.add(false, "lossy      ", overflowWhy)
	}
	if r.StretchOK {
		b := t.next(false)
		*b = appendVec(append(*b, "stretch    "...), r.Stretch)
	} else {
		t.add(false, "stretch    ", overflowWhy)
	}
	switch {
	case !r.RepresentableOK:
		t.add(false, "TRS        ", overflowWhy)
	case r.Representable:
		t.add(false, "TRS        representable")
	default:
		t.add(true, "TRS        NOT representable")
	}
}

// volumeLine adds the volume line: "volume     3.941, matrices 3.000,
// +31.4%", or "volume     3.000 (matrices)" under accumulate-matrices.
// The change is relative to |matrices| and left out when matrices is 0.
func (t *ReadoutText) volumeLine(r modes.Readout, vc VolumeCheck) {
	if !r.VolumeOK {
		t.add(false, "volume     ", overflowWhy)
		return
	}
	bad := r.Flat() || r.Volume < 0
	b := t.next(false)
	*b = appendUINum(append(*b, "volume     "...), r.Volume, 0, 3)
	switch {
	case vc.IsMatrices:
		*b = append(*b, " (matrices)"...)
		t.Warn[t.n-1] = bad
		return
	case !vc.MatricesOK:
		*b = append(*b, ", matrices -  (overflow)"...)
		t.Warn[t.n-1] = true
		return
	}
	*b = appendUINum(append(*b, ", matrices "...), vc.Matrices, 0, 3)
	if vc.Matrices == 0 {
		t.Warn[t.n-1] = true
		return
	}
	rel := (r.Volume - vc.Matrices) / math.Abs(vc.Matrices)
	if math.Abs(rel) < 5e-4 {
		rel = 0 // +0.0%, never -0.0%
	}
	*b = append(*b, ", "...)
	if rel >= 0 {
		*b = append(*b, '+')
	}
	if pct := 100 * rel; math.Abs(pct) < 1e6 {
		*b = render.AppendFixed(*b, pct, 0, 1)
	} else {
		*b = render.AppendNum(*b, pct, 'g', 3)
	}
	*b = append(*b, '%')
	t.Warn[t.n-1] = bad || math.Abs(rel) > VolumeWarnRel
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
// the picture changed, not on every frame, or use ReadoutInto.
func (m *Model) ReadoutLines(dst []ReadoutLine) []ReadoutLine {
	var t ReadoutText
	m.ReadoutInto(&t)
	return t.AppendLines(dst)
}

// ReadoutInto writes ReadoutLines' lines into t (after Reset), without
// allocating once t's buffers have grown (but for a scene with per-node
// rules under a mode that ignores them, whose note is made each time).
func (m *Model) ReadoutInto(t *ReadoutText) {
	t.Reset()
	if m.Picked < 0 || m.Picked >= len(m.nodes) || m.Picked >= len(m.World[0]) {
		return
	}
	r := modes.Analyze(m.nodes, m.World[0], m.Picked)
	t.AddReadout(r, m.volumeCheck(m.Picked))
	if note := modes.RulesNote(m.Scene.Nodes, modes.All[m.Mode]); note != "" {
		t.add(false, note)
	}
	if n := &m.Scene.Nodes[m.Picked]; n.Sheared() {
		h := n.Shear
		how := "the TRS-based modes use its fit"
		if modes.All[m.Mode].PerNode() {
			how = "drawn as stored"
		}
		b := t.next(false)
		*b = append(*b, "matrix not a TRS: shear"...)
		for _, x := range h {
			*b = strconv.AppendFloat(append(*b, ' '), x, 'f', 3, 64) // as %.3f
		}
		*b = append(append(*b, "; "...), how...)
	}
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

package modes

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// RepresentableTol is the relative tolerance of the TRS-representable
// test in readouts: L^T L counts as diagonal when its off-diagonal entries
// are at most this fraction of its scale.
const RepresentableTol = 1e-9

// Reasons a readout value is undefined, as Readout.Undefined lists them.
const (
	// ReasonOverflow: a world value (the matrix, or a value derived from a
	// finite matrix, such as the volume or the polar stretch) exceeds
	// float64's range, about 1.8e308. A chain of 52 scales of 1e6 does it.
	ReasonOverflow = "overflow"
	// ReasonZeroScale: a column of the world matrix counts as zero
	// (shorter than transform.ZeroColumnRel = 1e-12 times the longest),
	// so the skew is undefined.
	ReasonZeroScale = "zero scale"
)

// Readout is the analysis of one node's world matrix: the numbers that
// prove what the picture shows. Lengths are in world units, angles in
// degrees. Every value has an ok flag: false means the value is undefined,
// and the value itself is then zero (never NaN or Inf); Undefined names
// the reasons and Note says them in a sentence. Values that are defined
// are finite.
type Readout struct {
	World           mgl64.Mat4 // the mode's world matrix for the node
	WorldOK         bool       // false: an entry overflowed (World is zero then)
	Position        mgl64.Vec3 // its translation column
	PositionOK      bool       // false: the translation overflowed
	SkewDeg         float64    // largest departure from 90 degrees between two basis columns
	SkewOK          bool       // false when a column counts as zero, or the linear part overflowed
	Volume          float64    // determinant of the 3x3 part (negative: mirrored)
	VolumeOK        bool       // false: the linear part or its determinant overflowed
	LossyScale      mgl64.Vec3 // diag(R_w^T L), R_w the product of local rotations (Unity's lossyScale)
	LossyOK         bool       // false: overflowed
	Stretch         mgl64.Vec3 // polar stretch: eigenvalues of S in L = F Q S, descending
	StretchOK       bool       // false: overflowed
	Representable   bool       // columns mutually orthogonal: some rotation times per-axis scale equals L
	RepresentableOK bool       // false: the linear part overflowed
	Undefined       string     // the reasons some value is undefined (ReasonOverflow, ReasonZeroScale, joined by ", "), or ""
	Note            string     // the same in a sentence for the UI, or ""
}

// Skewed reports a visible skew: more than 0.01 degrees.
func (r Readout) Skewed() bool { return r.SkewOK && r.SkewDeg > 0.01 }

// Flat reports a collapsed node: volume zero relative to its stretch. An
// undefined volume (overflow) is not flat.
func (r Readout) Flat() bool {
	if !r.VolumeOK {
		return false
	}
	if !r.StretchOK {
		return r.Volume == 0
	}
	return math.Abs(r.Volume) <= 1e-12*math.Max(1, r.Stretch[0]*r.Stretch[0]*r.Stretch[0])
}

// LossyFlipped reports a lossy-scale component that is zero or has the
// wrong sign for an unmirrored node: skew-stripping then draws the node
// flattened or turned inside out along that axis. It is false when the
// lossy scale, volume or stretch is undefined.
func (r Readout) LossyFlipped() bool {
	if !r.LossyOK || !r.VolumeOK || !r.StretchOK || r.Flat() {
		return false
	}
	tol := 1e-9 * math.Max(1, r.Stretch[0])
	for _, v := range r.LossyScale {
		if r.Volume > 0 && v <= tol || r.Volume < 0 && math.Abs(v) <= tol {
			return true
		}
	}
	return false
}

// WorldRotation returns R_w, the product of the local rotations from the
// root down to node i (parent * child order), as a 3x3 matrix. It walks to
// the root: O(depth). For every node at once use WorldRotations.
func WorldRotation(nodes []scene.Node, i int) mgl64.Mat3 {
	r := mgl64.Ident3()
	for ; i >= 0 && i < len(nodes); i = nodes[i].Parent {
		r = transform.RotMat3(nodes[i].Rotation()).Mul3(r)
	}
	return r
}

// WorldRotations writes R_w of every node into out in one parents-first
// pass, out[i] = out[parent] * R_i (R_i the node's local rotation; the
// identity above a root): O(n) for the whole scene, where calling
// WorldRotation per node is O(n * depth). Nodes must be parents first;
// only the first min(len(nodes), len(out)) entries are written.
func WorldRotations(nodes []scene.Node, out []mgl64.Mat3) {
	n := min(len(nodes), len(out))
	for i := 0; i < n; i++ {
		r := transform.RotMat3(nodes[i].Rotation())
		if p := nodes[i].Parent; p >= 0 && p < i {
			r = out[p].Mul3(r)
		}
		out[i] = r
	}
}

// Analyze returns the readout of node i given a mode's world matrices
// (see AnalyzeWorld); it computes R_w by WorldRotation, O(depth). An index
// out of range returns a zero Readout with every ok flag false and a Note.
func Analyze(nodes []scene.Node, world []mgl64.Mat4, i int) Readout {
	if i < 0 || i >= len(nodes) || i >= len(world) {
		return Readout{Note: fmt.Sprintf("no node %d", i)}
	}
	return AnalyzeWorld(world[i], WorldRotation(nodes, i))
}

// AnalyzeWorld returns the readout of the world matrix w of a node whose
// accumulated local rotation is rw (see WorldRotation, WorldRotations).
//
// A value that is not finite is undefined with ReasonOverflow: with
// accepted input (magnitudes up to 1e6) only overflow makes one, either in
// the mode's accumulation (then the world matrix and everything derived
// from its linear part are undefined; the position may still be defined)
// or in a readout of a finite matrix (a volume of 1e120 cubed). A column
// shorter than transform.ZeroColumnRel times the longest makes the skew
// undefined with ReasonZeroScale; representability is then judged on the
// other columns.
//
// The marker of an undefined world matrix (a rule such as maya-ssc had
// no answer: every entry NaN, see ReasonUndefined) gives a Readout with
// every ok flag false and Undefined = ReasonUndefined.
func AnalyzeWorld(w mgl64.Mat4, rw mgl64.Mat3) Readout {
	var r Readout
	if isUndefined(&w) {
		r.Undefined = ReasonUndefined
		r.Note = "undefined: maya-ssc divides by a zero parent scale here or above (not drawn)"
		return r
	}
	if transform.Finite(w[:]...) {
		r.World, r.WorldOK = w, true
	}
	if p := (mgl64.Vec3{w[12], w[13], w[14]}); transform.Finite(p[:]...) {
		r.Position, r.PositionOK = p, true
	}
	l := transform.Linear(w)
	overflow := !r.WorldOK
	if transform.Finite(l[:]...) {
		r.SkewDeg, r.SkewOK = transform.SkewDeg(l)
		if v := transform.Volume(l); transform.Finite(v) {
			r.Volume, r.VolumeOK = v, true
		}
		if ls := transform.LossyScale(rw, l); transform.Finite(ls[:]...) {
			r.LossyScale, r.LossyOK = ls, true
		}
		p, _ := transform.Polar(l)
		if st := transform.StretchEigen(p.S); transform.Finite(st[:]...) {
			r.Stretch, r.StretchOK = st, true
		}
		r.Representable, r.RepresentableOK = transform.Representable(l, RepresentableTol), true
		overflow = overflow || !r.VolumeOK || !r.LossyOK || !r.StretchOK
	}
	var why, note []string
	if overflow || !r.PositionOK {
		why = append(why, ReasonOverflow)
		note = append(note, "overflow: a world value exceeds float64 (about 1.8e308)")
	}
	if r.RepresentableOK && !r.SkewOK {
		why = append(why, ReasonZeroScale)
		note = append(note, "a zero scale collapses an axis: skew undefined")
	}
	r.Undefined, r.Note = strings.Join(why, ", "), strings.Join(note, "; ")
	return r
}

// FoldResult is what FoldResiduals did.
type FoldResult struct {
	// Residual is the largest residual among the children it folded (0
	// when every folded child's rotation maps its parent's axes onto axes,
	// as in the piston).
	Residual float64
	// Unfolded lists the children left as they were, in scene order: their
	// folded position or scale would exceed transform.MaxMagnitude.
	Unfolded []int
}

// Exact reports whether the fold kept every world matrix: every child
// folded, with residual 0.
func (f FoldResult) Exact() bool { return f.Residual == 0 && len(f.Unfolded) == 0 }

// FoldResiduals re-authors s for uniform-inner-scale: for every node, in
// parents-first order, it splits the scale into its uniform part and
// residual (transform.SplitUniform) and folds the residual into each
// child's local position and scale (transform.FoldResidual), so that
// uniform-inner-scale then draws what accumulate-matrices drew before. A
// child whose folded value would exceed transform.MaxMagnitude is left as
// it was and listed in Unfolded (its own children are still folded with
// its unchanged scale). One pass, O(n).
func FoldResiduals(s *scene.Scene) FoldResult {
	var f FoldResult
	res := make([]mgl64.Vec3, len(s.Nodes)) // each node's residual, once its own fold is done
	for c := range s.Nodes {
		if p := s.Nodes[c].Parent; p >= 0 {
			nd := &s.Nodes[c]
			folded, r := transform.FoldResidual(res[p], nd.TRS())
			if nd.HasRest() {
				// back to the pose rotation: Rest⁻¹ · whole rotation
				folded.Rotation = nd.Rest.Conjugate().Mul(folded.Rotation)
			}
			if err := s.SetLocal(c, folded); err != nil {
				f.Unfolded = append(f.Unfolded, c)
			} else {
				f.Residual = math.Max(f.Residual, r)
			}
		}
		_, res[c] = transform.SplitUniform(s.Nodes[c].Local.Scale)
	}
	return f
}

// Reparent moves node under newParent (-1 for a root) keeping its world
// matrix under accumulate-matrices (seed 001): the new local matrix is
// newParentWorld^-1 * world, stored as its polar-fit TRS. It returns the
// fit's residual (0 when the new local is TRS-representable; otherwise the
// share of a skew that the TRS could not hold) and the map from old to new
// node indices. These are errors and leave s unchanged, checked in this
// order: an index out of range; a cycle (newParent in node's subtree);
// node's world matrix not finite (overflow: nothing to keep); the new
// parent's world matrix not finite (overflow), or singular (a zero scale)
// or too small to invert; the new local matrix overflowing; a new local
// value past MaxMagnitude.
func Reparent(s *scene.Scene, node, newParent int) (residual float64, newIndex []int, err error) {
	if node < 0 || node >= len(s.Nodes) || newParent < -1 || newParent >= len(s.Nodes) {
		return 0, nil, fmt.Errorf("reparent: node index out of range")
	}
	name := s.Nodes[node].Name
	if newParent >= 0 && s.IsDescendant(newParent, node) {
		return 0, nil, fmt.Errorf("reparent: %q cannot become a child of its own descendant %q", name, s.Nodes[newParent].Name)
	}
	w := matrixChain(s.Nodes)
	if !transform.Finite(w[node][:]...) {
		return 0, nil, fmt.Errorf("reparent: %q has a world matrix that overflows float64 (under accumulate-matrices): there is no world matrix to keep", name)
	}
	pw := mgl64.Ident4()
	if newParent >= 0 {
		pw = w[newParent]
		pname := s.Nodes[newParent].Name
		if !transform.Finite(pw[:]...) {
			return 0, nil, fmt.Errorf("reparent: new parent %q has a world matrix that overflows float64 (under accumulate-matrices): nothing can be kept under it", pname)
		}
		if !transform.Invertible(pw) {
			return 0, nil, fmt.Errorf("reparent: new parent %q has a singular world matrix (a zero scale, or one too small to invert in float64): nothing can be kept under it", pname)
		}
	}
	rp, ok := transform.Reparent(w[node], pw)
	if !ok {
		return 0, nil, fmt.Errorf("reparent: %q's new local matrix would overflow float64", name)
	}
	trial := s.Clone()
	newIndex, err = trial.SetParent(node, newParent)
	if err != nil {
		return 0, nil, err
	}
	if err := trial.SetLocal(newIndex[node], rp.Fit); err != nil {
		return 0, nil, fmt.Errorf("reparent: %v", err)
	}
	*s = *trial
	return rp.Residual, newIndex, nil
}

package modes

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// RepresentableTol is the relative tolerance of the TRS-representable
// test in readouts: L^T L counts as diagonal when its off-diagonal entries
// are at most this fraction of its scale.
const RepresentableTol = 1e-9

// Readout is the analysis of one node's world matrix: the numbers that
// prove what the picture shows. Lengths are in world units, angles in
// degrees. Fields that can be undefined carry an ok flag; Note then says
// why in a few words.
type Readout struct {
	World         mgl64.Mat4 // the mode's world matrix for the node
	Position      mgl64.Vec3 // its translation column
	SkewDeg       float64    // largest departure from 90 degrees between two basis columns
	SkewOK        bool       // false when a column has zero length (skew undefined)
	Volume        float64    // determinant of the 3x3 part (negative: mirrored)
	LossyScale    mgl64.Vec3 // diag(R_w^T L), R_w the product of local rotations (Unity's lossyScale)
	Stretch       mgl64.Vec3 // polar stretch: eigenvalues of S in L = F Q S, descending
	Representable bool       // columns mutually orthogonal: some rotation times per-axis scale equals L
	Note          string     // why an undefined value is undefined, or ""
}

// Skewed reports a visible skew: more than 0.01 degrees.
func (r Readout) Skewed() bool { return r.SkewOK && r.SkewDeg > 0.01 }

// Flat reports a collapsed node: volume zero relative to its stretch.
func (r Readout) Flat() bool {
	return math.Abs(r.Volume) <= 1e-12*math.Max(1, r.Stretch[0]*r.Stretch[0]*r.Stretch[0])
}

// LossyFlipped reports a lossy-scale component that is zero or has the
// wrong sign for an unmirrored node: skew-stripping then draws the node
// flattened or turned inside out along that axis.
func (r Readout) LossyFlipped() bool {
	if r.Flat() {
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
// root down to node i (parent * child order), as a 3x3 matrix.
func WorldRotation(nodes []scene.Node, i int) mgl64.Mat3 {
	r := mgl64.Ident3()
	for ; i >= 0 && i < len(nodes); i = nodes[i].Parent {
		r = transform.RotMat3(nodes[i].Local.Rotation).Mul3(r)
	}
	return r
}

// Analyze returns the readout of node i given a mode's world matrices.
// An index out of range returns a zero Readout with a Note.
func Analyze(nodes []scene.Node, world []mgl64.Mat4, i int) Readout {
	if i < 0 || i >= len(nodes) || i >= len(world) {
		return Readout{Note: fmt.Sprintf("no node %d", i)}
	}
	w := world[i]
	l := transform.Linear(w)
	r := Readout{World: w, Position: mgl64.Vec3{w[12], w[13], w[14]}}
	r.SkewDeg, r.SkewOK = transform.SkewDeg(l)
	r.Volume = transform.Volume(l)
	r.LossyScale = transform.LossyScale(WorldRotation(nodes, i), l)
	p, _ := transform.Polar(l)
	r.Stretch = transform.StretchEigen(p.S)
	r.Representable = transform.Representable(l, RepresentableTol)
	if !r.SkewOK {
		r.Note = "a zero scale collapses an axis: skew undefined"
	}
	return r
}

// FoldResiduals re-authors s for uniform-inner-scale: for every node, in
// parents-first order, it splits the scale into its uniform part and
// residual (transform.SplitUniform) and folds the residual into each
// child's local position and scale (transform.FoldResidual), so that
// uniform-inner-scale then draws what accumulate-matrices drew before. It
// returns the largest residual that could not be folded (0 when every
// child's rotation maps its parent's axes onto axes, as in the piston).
func FoldResiduals(s *scene.Scene) float64 {
	worst := 0.0
	for i := range s.Nodes {
		_, r := transform.SplitUniform(s.Nodes[i].Local.Scale)
		for c := i + 1; c < len(s.Nodes); c++ {
			if s.Nodes[c].Parent != i {
				continue
			}
			folded, res := transform.FoldResidual(r, s.Nodes[c].Local)
			if err := s.SetLocal(c, folded); err != nil {
				continue // a fold past MaxMagnitude leaves the child as it was
			}
			worst = math.Max(worst, res)
		}
	}
	return worst
}

// Reparent moves node under newParent (-1 for a root) keeping its world
// matrix under accumulate-matrices (seed 001): the new local matrix is
// newParentWorld^-1 * world, stored as its polar-fit TRS. It returns the
// fit's residual (0 when the new local is TRS-representable; otherwise the
// share of a skew that the TRS could not hold) and the map from old to new
// node indices. A singular new parent, a cycle, or a value past
// MaxMagnitude is an error and leaves s unchanged.
func Reparent(s *scene.Scene, node, newParent int) (residual float64, newIndex []int, err error) {
	if node < 0 || node >= len(s.Nodes) || newParent < -1 || newParent >= len(s.Nodes) {
		return 0, nil, fmt.Errorf("reparent: node index out of range")
	}
	w := Reference("accumulate-matrices", s.Nodes)
	pw := mgl64.Ident4()
	if newParent >= 0 {
		pw = w[newParent]
	}
	rp, ok := transform.Reparent(w[node], pw)
	if !ok {
		return 0, nil, fmt.Errorf("reparent: %q has a singular world matrix (a zero scale): nothing can be kept under it", s.Nodes[newParent].Name)
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

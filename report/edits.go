package report

import (
	"fmt"
	"strings"

	"skewlab/modes"
	"skewlab/scene"
)

// Edits are the edits report applies to the scene after -set, in order,
// with what they reported. The zero Edits is no edit (and is left out of
// the JSON).
type Edits struct {
	Reparent []Reparented `json:"reparent,omitempty"`
	// FoldResidual is the largest residual among the children ApplyFold
	// folded; FoldUnfolded names the children it left as they were (their
	// folded value would exceed 1e6). The fold is exact only when both are
	// empty or zero. Both are unset without a fold.
	FoldResidual *float64 `json:"foldResidual,omitempty"`
	FoldUnfolded []string `json:"foldUnfolded,omitempty"`
}

// Reparented is one re-parenting: the node, its new parent (nil for a
// root) and the residual TRS could not hold (0 = the world matrix is kept
// exactly).
type Reparented struct {
	Node      string  `json:"node"`
	NewParent *string `json:"newParent"`
	Residual  float64 `json:"residual"`
}

// ApplyReparent re-parents the node named node under the node named parent
// ("-" or "none" makes it a root) in sc, keeping its world matrix under
// accumulate-matrices (modes.Reparent), and records it. An unknown name,
// a cycle, an overflowing or singular world matrix, or a new local
// transform out of range is an error naming the problem (and, for names,
// the valid ones); sc is then unchanged.
func (e *Edits) ApplyReparent(sc *scene.Scene, node, parent string) error {
	i := sc.Index(node)
	if i < 0 {
		return fmt.Errorf("reparent: unknown node %q (valid: %s)", node, strings.Join(sc.Names(), ", "))
	}
	p := -1
	if parent != "-" && parent != "none" {
		if p = sc.Index(parent); p < 0 {
			return fmt.Errorf("reparent: unknown new parent %q (valid: %s, or - for a root)", parent, strings.Join(sc.Names(), ", "))
		}
	}
	res, _, err := modes.Reparent(sc, i, p)
	if err != nil {
		return err
	}
	rr := Reparented{Node: node, Residual: res}
	if p >= 0 {
		rr.NewParent = &parent
	}
	e.Reparent = append(e.Reparent, rr)
	return nil
}

// ApplyFold re-authors sc for uniform-inner-scale by folding each scale
// residual into the children (modes.FoldResiduals) and records the
// largest residual and the children left unfolded.
func (e *Edits) ApplyFold(sc *scene.Scene) {
	f := modes.FoldResiduals(sc)
	e.FoldResidual = &f.Residual
	for _, c := range f.Unfolded {
		e.FoldUnfolded = append(e.FoldUnfolded, sc.Nodes[c].Name)
	}
}

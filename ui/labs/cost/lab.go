// Package costlab is the cost lab's view (issue 32): package cost's
// Model measuring every rule's world update live, one thread and all
// cores, on generated hierarchies of 10^3 to 10^6 nodes, with a progress
// bar, and its picture (ns per node and updates per second on log-log
// axes, the floor, one 60 Hz frame, the seeds' claims). cost.Model is the
// state and cost.Picture the picture, both without ebiten; the view draws
// them and routes keys and the Cost window to the model. The package
// exports only Lab, the unit package main lists.
package costlab

import (
	"slices"
	"time"

	"skewlab/cost"
	"skewlab/state"
	"skewlab/ui/kit"
)

// Lab is the cost lab: its state (cost.LabState: no presets, the
// hierarchy setting), its view, its command (skewlab cost) and its
// export figure (cost.Figure: the hierarchy measured to the end); the
// web build has neither command nor figure. It plays no gestures.
var Lab = kit.Lab{
	State:   cost.LabState,
	NewView: newView,
	Command: command,
	Figure:  figure,
}

// newView is Lab's NewView: it measures cost.LabConfig (every shape; in
// a browser up to 10^5 nodes, one thread), the state's hierarchy first,
// and shows that one ("" is the first shape).
func newView(st state.State) (kit.View, error) {
	c := cost.LabConfig()
	if i := slices.Index(c.Shapes, st.Hierarchy); i > 0 {
		// The hierarchy shown is measured first.
		c.Shapes = append([]string{st.Hierarchy}, slices.Delete(c.Shapes, i, i+1)...)
	}
	m, err := cost.NewModel(c)
	if err != nil {
		return nil, err
	}
	m.Budget, m.Bench.Settle, m.Bench.CellTime = windowBudget, windowSettle, cost.LabCellTime()
	if st.Hierarchy != "" && !m.SetShape(st.Hierarchy) {
		return nil, errUnknownShape(st.Hierarchy)
	}
	return newCostView(m), nil
}

// Share writes the hierarchy shown.
func (v *costView) Share(st *state.State) { st.Hierarchy = v.M.ShapeName() }

// windowBudget and windowSettle are how the window measures: in slices of
// windowBudget, each begun by windowSettle of untimed updates
// (cost.Bench.Settle), so the frame drawn between two slices, which a
// software rasterizer finishes on the same cores, does not count.
const (
	windowBudget = 60 * time.Millisecond
	windowSettle = 15 * time.Millisecond
)

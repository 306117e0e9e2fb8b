// Package driftlab is the drift lab's view (issue 5): package drift's
// Model spinning its five pose storages side by side, a live plot of their
// scale error, and the article's table beside ours. drift.Model is the
// state and drift.Picture the picture, both without ebiten; the view draws
// them and routes keys and the Drift window to the model. The package
// exports only Lab, the unit package main lists.
package driftlab

import (
	"skewlab/drift"
	"skewlab/state"
	"skewlab/ui/kit"
)

// Lab is the drift lab: its state (drift.LabState: no presets, the
// normalize setting), its view, its command (skewlab drift) and its
// export figure (drift.GestureFigure: the default target, or the
// fast-forward gesture's) and its motion (drift.GestureMotion: the run
// at moments of the fast-forward).
var Lab = kit.Lab{
	State:   drift.LabState,
	NewView: newView,
	Command: command,
	Figure:  figure,
	Motion:  motion,
}

// newView is Lab's NewView: it takes the state's normalize setting ("" is
// the default); the scene settings do not apply.
func newView(st state.State) (kit.View, error) {
	m, err := drift.NewModel()
	if err != nil {
		return nil, err
	}
	if st.Normalize != "" {
		n, err := drift.ParseNorm(st.Normalize)
		if err != nil {
			return nil, err
		}
		m.SetNorm(int(n))
	}
	return newDriftView(m), nil
}

// Share writes the drift lab's normalization, the one the lab runs now.
func (v *driftView) Share(st *state.State) {
	st.Normalize = drift.Norm(v.M.Norm).String()
}

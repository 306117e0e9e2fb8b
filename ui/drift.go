package ui

import (
	"skewlab/drift"
	"skewlab/state"
	"skewlab/ui/kit"
)

// The drift lab (issue 5): package drift's Model spinning its five pose
// storages side by side, a live plot of their scale error, and the
// article's table beside ours. drift.Model is the state and drift.Picture
// the picture, both without ebiten; DriftView draws them and routes keys
// and the Drift window to the model.

// newDriftView is the drift lab's LabViews entry: it takes the state's
// normalize setting ("" is the default); the scene settings do not apply.
func newDriftView(st state.State) (kit.View, error) {
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
	return NewDriftView(m), nil
}

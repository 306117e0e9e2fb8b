package main

import (
	"strings"
	"testing"

	"skewlab/state"
	"skewlab/ui"
)

// TestModelStateRoundTrip: the Share query of a model, opened again, gives
// a model with the same sliders, mode, comparison and camera.
func TestModelStateRoundTrip(t *testing.T) {
	for _, search := range []string{
		"",
		"?mode=accumulate-matrices&set=Root.scale=3,1,1",
		"?preset=skew&mode=skew-stripping&compare=accumulate-trs&split=1&spin=1",
		"?set=A.euler=0,45,0&set=B.position=1,2,3&camera=30,20,12,1,0,0,45&ui=min&uiscale=2",
	} {
		opened, msgs := webState(search)
		if len(msgs) != 0 {
			t.Fatalf("%q: %q", search, msgs)
		}
		m, err := ui.NewModel(opened)
		if err != nil {
			t.Fatal(err)
		}
		q := modelState(m, opened).Query()
		again, msgs := webState("?" + q)
		if len(msgs) != 0 {
			t.Fatalf("%q: share query %q gives messages %q", search, q, msgs)
		}
		m2, err := ui.NewModel(again)
		if err != nil {
			t.Fatal(err)
		}
		if q2 := modelState(m2, again).Query(); q2 != q {
			t.Errorf("%q: share query %q reopens as %q", search, q, q2)
		}
		if m2.Mode != m.Mode || m2.Compare != m.Compare || m2.Split != m.Split || m2.Spin != m.Spin || !sameCamera(m2.Camera, m.Camera) {
			t.Errorf("%q: share query %q reopens a different model", search, q)
		}
		for i := range m.Edits {
			a, b := m.Edits[i], m2.Edits[i]
			if !vecNear(a.Position, b.Position) || !vecNear(a.Euler, b.Euler) || !vecNear(a.Scale, b.Scale) {
				t.Errorf("%q: node %d edits %v reopen as %v", search, i, a, b)
			}
		}
		if again.UI != opened.UI || again.UIScale != opened.UIScale {
			t.Errorf("%q: UI level or scale lost in %q", search, q)
		}
	}
}

// TestModelStateFollowsSliders: a slider moved after opening is in the
// share query; untouched sliders are not.
func TestModelStateFollowsSliders(t *testing.T) {
	m, err := ui.NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	if q := modelState(m, state.Default()).Query(); q != "" {
		t.Errorf("untouched default model shares %q, want an empty query", q)
	}
	root := m.Scene.Index("Root")
	m.Edits[root].Scale[0] = 3.0200000000000005
	m.Camera.Yaw += 10
	q := modelState(m, state.Default()).Query()
	for _, want := range []string{"set=Root.scale%3D3.02%2C1%2C1", "camera="} {
		if !strings.Contains(q, want) {
			t.Errorf("share query %q lacks %q", q, want)
		}
	}
}

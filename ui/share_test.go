package ui

import (
	"net/url"
	"strings"
	"testing"

	"skewlab/state"
)

// openQuery parses a page's search string as the web build does.
func openQuery(search string) (state.State, []error) {
	q, err := url.ParseQuery(strings.TrimPrefix(search, "?"))
	if err != nil {
		return state.Default(), []error{err}
	}
	return state.FromQuery(q)
}

// TestModelStateRoundTrip: the Share query of a model, opened again, gives
// a model with the same sliders, mode, comparison and camera.
func TestModelStateRoundTrip(t *testing.T) {
	for _, search := range []string{
		"",
		"?mode=accumulate-matrices&set=Root.scale=3,1,1",
		"?preset=skew&mode=skew-stripping&compare=accumulate-trs&split=1&spin=1",
		"?set=A.euler=0,45,0&set=B.position=1,2,3&camera=30,20,12,1,0,0,45&ui=min&uiscale=2",
	} {
		opened, msgs := openQuery(search)
		if len(msgs) != 0 {
			t.Fatalf("%q: %q", search, msgs)
		}
		m, err := NewModel(opened)
		if err != nil {
			t.Fatal(err)
		}
		q := modelState(m, opened).Query()
		again, msgs := openQuery("?" + q)
		if len(msgs) != 0 {
			t.Fatalf("%q: share query %q gives messages %q", search, q, msgs)
		}
		m2, err := NewModel(again)
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
	m, err := NewModel(state.Default())
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

// TestAppStateReportsLabAndUI: the app's State carries the piston lab's
// edits and the app's own lab, UI level and scale, and H (hide) does not
// leak into a shared link.
func TestAppStateReportsLabAndUI(t *testing.T) {
	opened, _ := openQuery("?mode=accumulate-matrices&uiscale=2&aa=off")
	a, err := NewApp(opened, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.ensureView(); err != nil {
		t.Fatal(err)
	}
	pv := a.View().(*PistonView)
	pv.M.Edits[pv.M.Scene.Index("Root")].Scale[0] = 2.5
	a.level = LevelOff // H pressed
	a.lab = 1          // switched to the drift lab
	st := a.State()
	q := st.Query()
	for _, want := range []string{"mode=accumulate-matrices", "set=Root.scale%3D2.5%2C1%2C1", "uiscale=2", "lab=drift", "aa=off"} {
		if !strings.Contains(q, want) {
			t.Errorf("state query %q lacks %q", q, want)
		}
	}
	if st.UI != "full" {
		t.Errorf("hidden UI leaked into the link: ui=%s", st.UI)
	}
}

// The dynamics lab opens on the URL's preset and reports it back.
func TestDynamicsPresetFromState(t *testing.T) {
	opened, errs := openQuery("?preset=crash&lab=dynamics")
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	a, err := NewApp(opened, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.ensureView(); err != nil {
		t.Fatal(err)
	}
	if dv := a.View().(*DynamicsView); dv.Preset != 1 {
		t.Errorf("dynamics view on preset %d, want 1 (crash)", dv.Preset)
	}
	if q := a.State().Query(); q != "preset=crash&lab=dynamics" {
		t.Errorf("state query %q", q)
	}
}

package ui

import (
	"skewlab/ui/kit"
	"strings"
	"testing"

	"skewlab/piston"
	"skewlab/state"
)

// TestAppStateReportsLabAndUI: the app's State carries the piston lab's
// edits and the app's own lab, UI level and scale, and H (hide) does not
// leak into a shared link.
func TestAppStateReportsLabAndUI(t *testing.T) {
	opened, _ := state.FromSearch("?mode=accumulate-matrices&uiscale=2&aa=off")
	a, err := NewApp(opened, Config{}, testLabs)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.ensureView(); err != nil {
		t.Fatal(err)
	}
	pv := a.view().(interface{ Model() *piston.Model })
	pm := pv.Model()
	pm.Edits[pm.Scene.Index("Root")].Scale[0] = 2.5
	a.level = kit.LevelOff // H pressed
	a.lab = 1              // switched to the drift lab
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
	opened, errs := state.FromSearch("?preset=crash&lab=dynamics")
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	a, err := NewApp(opened, Config{}, testLabs)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.ensureView(); err != nil {
		t.Fatal(err)
	}
	// The view's title names its preset (dynamics.Preset.String).
	if title := a.view().Title(); title != "dynamics: crash" {
		t.Errorf("dynamics view %q, want preset 1 (crash)", title)
	}
	if q := a.State().Query(); q != "preset=crash&lab=dynamics" {
		t.Errorf("state query %q", q)
	}
}

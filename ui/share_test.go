package ui

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/piston"
	"skewlab/state"
	"skewlab/tour"
	"skewlab/ui/internal/uitest"
	"skewlab/ui/kit"
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

// TestSharePlace: with a host Share (the web page's), the Lab window
// (full UI) and the Tour window (in the tour) show a Share button, on
// the screen and inside that window's rectangle, and SharePlace says
// "app"; the minimal UI outside the tour (640x360) has neither window, so
// the page shows its own ("page"); with the UI off there is none (""),
// and without a host Share never.
func TestSharePlace(t *testing.T) {
	uitest.NeedLoop(t)
	guide, err := tour.Load()
	if err != nil {
		t.Fatal(err)
	}
	state.UseTour(guide.Len())
	defer state.UseTour(0)
	img := ebiten.NewImage(1280, 720)
	defer img.Deallocate()
	for _, c := range []struct {
		q     string
		w, h  int
		share bool
		want  string
	}{
		{"", 1280, 720, true, "app"},
		{"tour=4", 1280, 720, true, "app"},
		{"tour=4", 640, 360, true, "app"},
		{"", 640, 360, true, "page"},
		{"ui=off", 1280, 720, true, ""},
		{"tour=4&ui=off", 1280, 720, true, ""},
		{"", 1280, 720, false, ""},
	} {
		st, errs := state.FromSearch(c.q)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		cfg := Config{Tour: guide}
		if c.share {
			cfg.Share = func() {}
		}
		a, err := NewApp(st, cfg, testLabs)
		if err != nil {
			t.Fatal(err)
		}
		a.LayoutF(float64(c.w), float64(c.h))
		for k := 0; k < 3; k++ {
			if err := a.Update(); err != nil {
				t.Fatal(err)
			}
			a.Draw(img)
		}
		name := fmt.Sprintf("%q at %dx%d, Share %v", c.q, c.w, c.h, c.share)
		if got := a.SharePlace(); got != c.want {
			t.Errorf("%s: SharePlace %q, want %q", name, got, c.want)
		}
		r, ok := a.ShareButton()
		if ok != (c.want == "app") {
			t.Errorf("%s: Share button shown %v", name, ok)
			continue
		}
		if !ok {
			continue
		}
		win := kit.NewColumns(&a.in).LabWindow()
		if a.tour.step > 0 {
			win = a.tourRect()
		}
		px := kit.UIPixels(&a.in)
		win = image.Rect(win.Min.X*px, win.Min.Y*px, win.Max.X*px, win.Max.Y*px)
		if !r.In(image.Rect(0, 0, c.w, c.h)) || !r.In(win) {
			t.Errorf("%s: the Share button at %v, want inside the screen and its window %v", name, r, win)
		}
	}
}

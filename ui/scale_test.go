package ui

import (
	"image"
	"testing"

	"skewlab/state"
	"skewlab/ui/internal/uitest"
	"skewlab/ui/kit"
)

// TestUIScaleNoTrap: the user's UI scale beats the small-screen rule. At
// 1280x720 with UI 2x (and 1920x1080 with UI 3x) the full UI stays on,
// in the compact layout, and the Lab window's "UI 1x" button lies on
// screen; a phone-sized screen at UI 1x still gets the minimal UI.
func TestUIScaleNoTrap(t *testing.T) {
	uitest.NeedLoop(t)
	for _, c := range []struct {
		w, h, scale int
		level       kit.Level
	}{{1280, 720, 2, kit.LevelFull}, {1920, 1080, 3, kit.LevelFull}, {640, 360, 1, kit.LevelMin}} {
		st := state.Default()
		st.UIScale = c.scale
		a, err := NewApp(st, Config{}, testLabs)
		if err != nil {
			t.Fatal(err)
		}
		a.LayoutF(float64(c.w), float64(c.h))
		for k := 0; k < 3; k++ {
			if err := a.Update(); err != nil {
				t.Fatal(err)
			}
		}
		if a.in.Level != c.level {
			t.Errorf("%dx%d UI %dx: level %d, want %d", c.w, c.h, c.scale, a.in.Level, c.level)
		}
		if c.scale == 1 {
			continue
		}
		screen := image.Rect(0, 0, c.w/c.scale, c.h/c.scale)
		if a.backRect.Empty() || !a.backRect.In(screen) {
			t.Errorf("%dx%d UI %dx: the UI 1x button at %v, want on the screen %v", c.w, c.h, c.scale, a.backRect, screen)
		}
		a.in.SetUIScale(1)
		if a.in.UIScale != 1 {
			t.Errorf("UI 1x leaves the scale at %d", a.in.UIScale)
		}
	}
}

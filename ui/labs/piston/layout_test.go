package pistonlab

import (
	"image"
	"testing"

	"github.com/ebitengine/debugui"

	"skewlab/modes"
	"skewlab/piston"
	"skewlab/state"
	"skewlab/ui/internal/uitest"
	"skewlab/ui/kit"
)

// TestLectureLayout lays the piston's windows out as the App does at
// 1280x720 with UI 2x (a projector and the lecture size) and at 1920x1080
// with UI 3x: the picture's free band is at least 640 pixels wide, and
// every readout row of the picked node lies on screen, inside the one
// window's body (below its title bar, above the Lab window the column
// keeps free for the App). With Root (3, 1, 1) and A at 38 degrees under
// accumulate-matrices B's skew row is drawn as a warning. -table (the
// Rules window) is shown there too, with a row per rule.
func TestLectureLayout(t *testing.T) {
	uitest.NeedLoop(t)
	for _, c := range []struct{ w, h, scale int }{{1280, 720, 2}, {1920, 1080, 3}} {
		st := state.Default()
		st.Mode = "accumulate-matrices"
		m, err := piston.NewModel(st)
		if err != nil {
			t.Fatal(err)
		}
		m.Edits[m.Scene.Index("Root")].Scale[0] = 3
		m.Edits[m.Scene.Index("A")].Euler[1] = 38
		v := newView(m)
		v.rules.open = true // -table: the Rules window is offered in the lecture layout too
		in := kit.Input{Width: float64(c.w), Height: float64(c.h), DeviceScale: 1, UIScale: c.scale, Level: kit.LevelFull,
			SetUIScale: func(int) {}}
		in.ViewX, in.ViewW = kit.FreeBand(&in)
		if in.ViewW < 640 {
			t.Errorf("%dx%d UI %dx: free band %.0f px wide, want at least 640", c.w, c.h, c.scale, in.ViewW)
		}
		if err := v.Update(&in); err != nil {
			t.Fatal(err)
		}
		var ui debugui.DebugUI
		for k := 0; k < 3; k++ { // debugui lays a new window out on its first frames
			if _, err := ui.Update(func(ctx *debugui.Context) error {
				ctx.SetScale(kit.UIPixels(&in))
				v.Windows(ctx, &in)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		if !v.rules.made || len(v.rules.cells) != len(modes.All) {
			t.Errorf("%dx%d UI %dx: -table shows no Rules window (made %v, %d rows)", c.w, c.h, c.scale, v.rules.made, len(v.rules.cells))
		}
		lay := kit.NewColumns(&in)
		win := lay.Left(-1)
		body := image.Rect(win.Min.X, win.Min.Y+24, win.Max.X, win.Max.Y)
		screen := image.Rect(0, 0, c.w/c.scale, c.h/c.scale)
		shown, warned := 0, false
		lines := v.win.readoutLines()
		for i, r := range v.win.rows[:len(lines)] {
			if !r.shown {
				continue
			}
			shown++
			if at := r.live.Bounds(); !at.In(body) || !at.In(screen) || at.Overlaps(lay.LabWindow()) {
				t.Errorf("%dx%d UI %dx: readout %q at %v, outside the window body %v or the screen %v", c.w, c.h, c.scale, lines[i].Text, at, body, screen)
			}
			warned = warned || lines[i].Warn
		}
		if shown < 2 || !warned {
			t.Errorf("%dx%d UI %dx: %d readout rows shown, warning %v; want skew and volume, skew warned", c.w, c.h, c.scale, shown, warned)
		}
	}
}

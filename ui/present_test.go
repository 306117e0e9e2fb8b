package ui

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/state"
	"skewlab/tour"
	"skewlab/ui/internal/uitest"
	"skewlab/ui/kit"
)

// TestPresenterLayout: in presenter mode at 1920x1080 and UI 2x no window
// is laid out (the level is off), the picture ends above a strip of
// PresentStrip ems at text scale 2.7 (1080/40/10: labels of 27 px), the
// tour's caption is not shown (the picture keeps the height above the
// strip), Prev and Next sit inside the strip apart from each other, and
// Prev and Next step the tour; laying the strip out allocates nothing.
// Out of presenter mode the caption takes
// its band again.
func TestPresenterLayout(t *testing.T) {
	uitest.NeedLoop(t)
	guide, err := tour.Load()
	if err != nil {
		t.Fatal(err)
	}
	st := state.Default()
	st.Present, st.UIScale, st.Tour = true, 2, 9
	a, err := NewApp(st, Config{Tour: guide}, testLabs)
	if err != nil {
		t.Fatal(err)
	}
	a.LayoutF(1920, 1080)
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	in := &a.in
	if in.Level != kit.LevelOff || !in.Present {
		t.Errorf("presenter mode: level %v, present %v; want no windows", in.Level, in.Present)
	}
	if s := kit.TextScale(in); s != 2.7 {
		t.Errorf("text scale %g, want 1080/(40*10) = 2.7", s)
	}
	strip := 1080 - in.ViewH
	if want := PresentStrip * 27; strip < want-1 || strip > want+1 {
		t.Errorf("the strip is %g px high, want %g (PresentStrip ems of 27 px)", strip, want)
	}
	p := &a.present
	for name, r := range map[string][4]int{"prev": {p.prev.Min.X, p.prev.Min.Y, p.prev.Max.X, p.prev.Max.Y}, "next": {p.next.Min.X, p.next.Min.Y, p.next.Max.X, p.next.Max.Y}} {
		if r[2] <= r[0] || float64(r[1]) < in.ViewH || r[3] > 1080 || r[0] < 0 || r[2] > 1920 {
			t.Errorf("%s button %v is not inside the strip (from y %g)", name, r, in.ViewH)
		}
	}
	if p.prev.Overlaps(p.next) {
		t.Errorf("prev %v and next %v overlap", p.prev, p.next)
	}
	img := ebiten.NewImage(1920, 1080)
	defer img.Deallocate()
	a.Draw(img)
	// The strip is laid out every tick: once made, it allocates nothing.
	if n := testing.AllocsPerRun(20, a.layoutPresent); n != 0 {
		t.Errorf("layoutPresent allocates %v times a tick, want 0", n)
	}
	a.nextStep(false)
	if a.tour.step != 10 {
		t.Errorf("Next: step %d, want 10", a.tour.step)
	}
	a.prevStep()
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if a.tour.step != 9 || in.ViewH != 1080-strip {
		t.Errorf("Prev: step %d, picture height %g; want 9 and %g", a.tour.step, in.ViewH, 1080-strip)
	}
	a.SetPresenting(false)
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if in.Present || !(in.ViewH > 0 && in.ViewH < 1080-strip) {
		t.Errorf("out of presenter mode: present %v, picture height %g; want the caption's band under the picture", in.Present, in.ViewH)
	}
	if got := a.State(); got.Present {
		t.Error("Share carries presenter mode after it was left")
	}
}

package pistonlab

import (
	"image"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/piston"
	"skewlab/render"
	"skewlab/state"
	"skewlab/ui/internal/uitest"
	"skewlab/ui/kit"
)

// wallView returns the view of the default state with the wall of every
// mode shown, updated once at 1280x720, UI 1x, every window shown.
func wallView(t testing.TB) (*view, kit.Input) {
	st := state.Default()
	st.Wall = "all"
	m, err := piston.NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	v := newView(m)
	in := kit.Input{Width: 1280, Height: 720, DeviceScale: 1, UIScale: 1, Level: kit.LevelFull}
	in.ViewX, in.ViewW = kit.FreeBand(&in)
	step := in
	if err := v.Update(&step); err != nil {
		t.Fatal(err)
	}
	return v, in
}

// TestWallDrawsEveryPane draws the wall as the app does at 1280x720, UI
// 1x, and checks in pixels that each of the ten panes shows piston
// pixels (magenta or cyan) inside its own rectangle and bright text in
// its header, and that every label's box is on the screen.
func TestWallDrawsEveryPane(t *testing.T) {
	uitest.NeedLoop(t)
	v, in := wallView(t)
	panes := v.M.Wall.Panes
	if len(panes) != len(modes.All) {
		t.Fatalf("%d panes, want %d", len(panes), len(modes.All))
	}
	img := uitest.Picture(int(in.Width), int(in.Height), image.Black, v.Draw)
	screen := img.Bounds()
	for k, p := range panes {
		r := image.Rect(int(p.Rect.X), int(p.Rect.Y), int(p.Rect.X+p.Rect.W), int(p.Rect.Y+p.Rect.H))
		if !r.In(screen) {
			t.Errorf("pane %d %v off the screen", k, r)
		}
		box := pistonPixels(img.SubImage(r).(*image.RGBA))
		if box.Empty() || !box.In(r.Inset(1)) {
			t.Errorf("pane %d (%s) %v: piston pixels %v missing or on its edge", k, modes.All[p.Mode].Name, r, box)
		}
		head := image.Rect(r.Min.X+2, r.Min.Y+2, r.Max.X-2, int(p.Picture.Y))
		if n := brightPixels(img.SubImage(head).(*image.RGBA)); n < 50 {
			t.Errorf("pane %d (%s): %d bright text pixels in its header %v", k, modes.All[p.Mode].Name, n, head)
		}
		for _, l := range p.Frame.Labels {
			lo, hi := render.LabelBox(l, v.labels.PixelScale())
			if lo[0] < 0 || lo[1] < 0 || hi[0] > in.Width || hi[1] > in.Height {
				t.Errorf("pane %d: label %q box %v-%v off the screen", k, l.Text, lo, hi)
			}
		}
	}
}

// brightPixels counts img's pixels brighter than 150 in every channel
// (white and light grey text; the pistons and the grid are darker or
// coloured).
func brightPixels(img *image.RGBA) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := img.RGBAAt(x, y)
			if c.R > 150 && c.G > 150 && c.B > 150 {
				n++
			}
		}
	}
	return n
}

// TestWallClickInView: a press on a pane released where it went down
// makes the main view draw that pane; a press dragged further orbits and
// chooses nothing.
func TestWallClickInView(t *testing.T) {
	v, in := wallView(t)
	p := v.M.Wall.Panes[modes.Index("blender-average")]
	at := mgl64.Vec2{p.Rect.X + p.Rect.W/2, p.Rect.Y + p.Rect.H/2}
	tick := func(orbit bool, dx float64) {
		step := in
		step.Orbit, step.DX, step.CursorX, step.CursorY = orbit, dx, at[0]+dx, at[1]
		if err := v.Update(&step); err != nil {
			t.Fatal(err)
		}
	}
	was := v.M.Mode
	tick(true, 0)
	tick(true, 30)
	tick(false, 0)
	if v.M.Mode != was {
		t.Errorf("a drag chose mode %s", modes.All[v.M.Mode].Name)
	}
	tick(true, 0)
	tick(true, 1)
	tick(false, 0)
	// The main view draws the pane: accumulate-matrices with B's own
	// rule blender-average (scope node), the pane outlined.
	b := v.M.Scene.Index("B")
	if v.M.Mode != modes.Index(modes.AccumulateMatrices.Name) || v.M.Scene.Nodes[b].Rule != modes.BlenderAverage.Rule ||
		!v.M.Wall.On || !v.M.Wall.Panes[p.Mode].Chosen {
		t.Errorf("after a click on %s: mode %s, B's rule %v, wall %v, pane chosen %v", modes.All[p.Mode].Name, modes.All[v.M.Mode].Name,
			v.M.Scene.Nodes[b].Rule, v.M.Wall.On, v.M.Wall.Panes[p.Mode].Chosen)
	}
}

// TestWallUpdateAllocatesNothing: a steady-state frame of the spinning
// wall (ten panes' worlds, projection and text, then their strokes and
// labels) allocates nothing. As in TestPistonUpdateAllocatesNothing the
// Readouts window's text, formatted on change, is left out.
func TestWallUpdateAllocatesNothing(t *testing.T) {
	v, in := wallView(t)
	v.M.Spin = true
	for range 5 {
		step := in
		_ = v.Update(&step)
	}
	frame := func() {
		v.M.Recompute(in.ViewX, in.ViewW, in.Height)
		v.strokes.Reset()
		v.labels.Reset()
		v.addWall()
	}
	if n := testing.AllocsPerRun(50, frame); n != 0 {
		t.Errorf("a wall frame allocates %v times, want 0", n)
	}
}

// BenchmarkWallViewUpdate is the whole Update of a changed frame of the
// spinning ten-pane wall.
func BenchmarkWallViewUpdate(b *testing.B) {
	v, _ := wallView(b)
	v.M.Spin = true
	benchUpdate(b, v)
}

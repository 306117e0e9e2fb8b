package pistonlab

import (
	"image"
	"image/draw"
	"testing"

	"skewlab/modes"
	"skewlab/piston"
	"skewlab/render"
	"skewlab/state"
	"skewlab/ui/internal/uitest"
	"skewlab/ui/kit"
)

// settle runs the view's Update until the camera has stopped gliding and
// nothing waits to be recomputed (at most 4 glides' worth of ticks).
func settle(t *testing.T, v *view, in *kit.Input) {
	t.Helper()
	for i := 0; i < 4*piston.GlideTicks; i++ {
		step := *in
		if err := v.Update(&step); err != nil {
			t.Fatal(err)
		}
		if !v.M.Gliding() && !v.M.Dirty() && i > 0 {
			return
		}
	}
	t.Fatalf("the camera still glides after %d ticks", 4*piston.GlideTicks)
}

// checkFilled draws the view and checks, in pixels, that the pistons
// (magenta and cyan) lie inside their pictures, clear of the edges, and
// that the union of their boxes, each relative to its picture (the split's
// halves and the wall's panes share one camera, so the framing fits that
// union), spans at least 60% of the limiting side (the framing gives
// 75%) and has its centre within 12% of the middle.
func checkFilled(t *testing.T, name string, v *view, in *kit.Input, pictures []image.Rectangle) {
	t.Helper()
	img := uitest.Picture(int(in.Width), int(in.Height), image.Black, v.Draw)
	if v.M.Compare >= 0 && !v.M.Split {
		// The legend at the top left (piston.legend) is drawn in the
		// model's colours: blank it out, its two lines and their text.
		s := kit.TextScale(in)
		em := s * render.TextSize
		adv := render.TextMetricsAt(em).Advance
		legend := image.Rect(int(in.ViewX), 0,
			int(in.ViewX+(piston.LegendInset+piston.LegendSample+piston.LegendGap)*s+40*adv),
			int(piston.LegendInset*s+(1+piston.LegendLine)*em+0.5*em))
		draw.Draw(img, legend, image.Black, image.Point{}, draw.Src)
	}
	x0, y0, x1, y1 := 2.0, 2.0, -1.0, -1.0
	for _, pic := range pictures {
		box := pistonPixels(img.SubImage(pic).(*image.RGBA))
		if box.Empty() {
			continue
		}
		if box.Min.X <= pic.Min.X || box.Min.Y <= pic.Min.Y || box.Max.X >= pic.Max.X || box.Max.Y >= pic.Max.Y {
			t.Errorf("%s: piston pixels %v reach the edge of their picture %v", name, box, pic)
		}
		fw, fh := float64(pic.Dx()), float64(pic.Dy())
		x0, y0 = min(x0, float64(box.Min.X-pic.Min.X)/fw), min(y0, float64(box.Min.Y-pic.Min.Y)/fh)
		x1, y1 = max(x1, float64(box.Max.X-pic.Min.X)/fw), max(y1, float64(box.Max.Y-pic.Min.Y)/fh)
	}
	if x1 < 0 {
		t.Fatalf("%s: no piston pixels", name)
	}
	if span := max(x1-x0, y1-y0); span < 0.6 {
		t.Errorf("%s: the pistons span %.2f x %.2f of their pictures, want at least 0.60 of the limiting side", name, x1-x0, y1-y0)
	}
	if cx, cy := (x0+x1)/2-0.5, (y0+y1)/2-0.5; max(cx, -cx, cy, -cy) > 0.12 {
		t.Errorf("%s: the pistons' centre is off the middle by (%.2f, %.2f) of their pictures", name, cx, cy)
	}
	t.Logf("%s: span %.2f x %.2f", name, x1-x0, y1-y0)
}

// TestCameraFollows: after each action a lecturer takes (the Root x
// slider dragged to 4 and released, C for the ghost and again for the
// split, W for the wall, H hiding the UI, a mode change), the pistons
// stay in the picture and fill at least 60% of it; with the follow
// setting off, the slider pushes them out as before.
func TestCameraFollows(t *testing.T) {
	uitest.NeedLoop(t)
	const w, h = 1280, 720
	in := kit.Input{Width: w, Height: h, DeviceScale: 1, UIScale: 1, Level: kit.LevelFull}
	in.ViewX, in.ViewW = kit.FreeBand(&in)
	band := func() image.Rectangle { return image.Rect(int(in.ViewX), 0, int(in.ViewX+in.ViewW), h) }
	halves := func() []image.Rectangle {
		b := band()
		mid := b.Min.X + b.Dx()/2
		return []image.Rectangle{image.Rect(b.Min.X, 0, mid, h), image.Rect(mid, 0, b.Max.X, h)}
	}
	for _, follow := range []bool{true, false} {
		st := state.Default()
		st.Mode = modes.AccumulateMatrices.Name
		st.Sets = []state.Set{{Node: "A", Field: "euler", Values: []float64{0, 38, 0}}}
		st.NoFollow = !follow
		m, err := piston.NewModel(st)
		if err != nil {
			t.Fatal(err)
		}
		v := newView(m)
		in.Level = kit.LevelFull
		in.ViewX, in.ViewW = kit.FreeBand(&in)
		settle(t, v, &in)
		root := -1
		for i := range m.Scene.Nodes {
			if m.Scene.Nodes[i].Name == "Root" {
				root = i
			}
		}
		// The slider dragged to 4 and released (no button is down under
		// Xvfb): the edit a slider makes.
		m.Edits[root].Scale[0] = 4
		v.edited()
		settle(t, v, &in)
		if !follow {
			img := uitest.Picture(w, h, image.Black, v.Draw)
			box := pistonPixels(img)
			if box.In(band()) && box.Min.X > band().Min.X && box.Max.X < band().Max.X {
				t.Errorf("follow off: the stretched pistons %v stayed inside the band %v; the test shows nothing", box, band())
			}
			continue
		}
		checkFilled(t, "slider to 4", v, &in, []image.Rectangle{band()})

		m.CycleCompare() // C: a ghost
		settle(t, v, &in)
		checkFilled(t, "C (ghost)", v, &in, []image.Rectangle{band()})
		m.CycleCompare() // C: side by side
		settle(t, v, &in)
		checkFilled(t, "C (split)", v, &in, halves())
		m.CycleCompare() // C: off

		m.ToggleWall() // W
		settle(t, v, &in)
		var panes []image.Rectangle
		for _, p := range m.Wall.Panes {
			r := p.Picture
			panes = append(panes, image.Rect(int(r.X), int(r.Y), int(r.X+r.W), int(r.Y+r.H)))
		}
		checkFilled(t, "W (wall)", v, &in, panes)
		m.ToggleWall()
		settle(t, v, &in)

		in.Level = kit.LevelOff // H: the band is the whole screen
		in.ViewX, in.ViewW = kit.FreeBand(&in)
		settle(t, v, &in)
		checkFilled(t, "H", v, &in, []image.Rectangle{band()})

		m.Mode = modes.Index(modes.AccumulateTRS.Name) // a mode change
		m.Touch()
		settle(t, v, &in)
		checkFilled(t, "mode accumulate-trs", v, &in, []image.Rectangle{band()})
	}
}

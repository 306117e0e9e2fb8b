package driftlab

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"skewlab/drift"
	"skewlab/render"
	"skewlab/state"
	"skewlab/ui/internal/uitest"
	"skewlab/ui/kit"
)

// driftImages, when set, makes TestDriftImages write drift-plot.png (and,
// under a display, drift-lab.png) into that directory:
// xvfb-run -a go test ./ui/labs/drift -run DriftImages -drift-images ../../../docs/img
var driftImages = flag.String("drift-images", "", "write the drift lab's documentation images into `DIR`")

func newTestDriftModel(t testing.TB) *drift.Model {
	t.Helper()
	m, err := drift.NewModel()
	if err != nil {
		t.Fatal(err)
	}
	m.Budget = time.Hour // exact frame counts, whatever the machine's speed
	return m
}

func driftInput() kit.Input {
	return kit.Input{Width: 1280, Height: 720, DeviceScale: 1, UIScale: 1}
}

// A running lab rebuilds its whole picture every tick; once its buffers
// have grown, that allocates nothing.
func TestDriftUpdateAllocs(t *testing.T) {
	v := newDriftView(newTestDriftModel(t))
	in := driftInput()
	for i := 0; i < 200; i++ { // grow every buffer, and the series to full width
		if err := v.Update(&in); err != nil {
			t.Fatal(err)
		}
	}
	for _, speed := range []int{0, 1} {
		v.M.Speed = speed
		v.Update(&in)
		if a := testing.AllocsPerRun(100, func() { v.Update(&in) }); a != 0 {
			t.Errorf("running at x%d: %g allocations per Update, want 0", drift.Speeds[speed], a)
		}
	}
	v.M.Paused = true
	if a := testing.AllocsPerRun(50, func() { v.Update(&in) }); a != 0 {
		t.Errorf("paused: %g allocations per Update, want 0", a)
	}
}

// TestDriftLabRegistered: the state of lab drift names this lab, and its
// NewView opens the drift view.
func TestDriftLabRegistered(t *testing.T) {
	st := state.Default()
	st.Lab = "drift"
	if st.Lab != Lab.State.Name {
		t.Fatalf("lab %q, the lab is named %q", st.Lab, Lab.State.Name)
	}
	v, err := Lab.NewView(st)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := v.(*driftView); !ok {
		t.Errorf("lab drift opens %T, want *driftView", v)
	}
}

// shareQuery is the Share link's query while the drift lab is shown, as
// the app builds it: st with the lab shown and the view's part.
func shareQuery(v *driftView, st state.State) string {
	st.Lab = Lab.State.Name
	v.Share(&st)
	return st.Query()
}

// The drift lab draws each storage's colour: its box, its curve, its
// legend and its table column.
func TestDriftDrawsEachColour(t *testing.T) {
	uitest.NeedLoop(t)
	v := newDriftView(newTestDriftModel(t))
	in := driftInput()
	v.M.Speed = 2
	for i := 0; i < 3; i++ {
		if err := v.Update(&in); err != nil {
			t.Fatal(err)
		}
	}
	pix := uitest.Picture(1280, 720, image.Black, v.Draw)
	for k, c := range render.DriftColors {
		n := 0
		for i := 0; i < len(pix.Pix); i += 4 {
			if near(pix.Pix[i], c.R) && near(pix.Pix[i+1], c.G) && near(pix.Pix[i+2], c.B) {
				n++
			}
		}
		if n < 200 {
			t.Errorf("%s: %d pixels of its colour, want at least 200", drift.Kind(k), n)
		}
	}
}

// appLabWindow is the app's Lab window in UI units (package ui's
// labWindowRect, which driftLabBarH leaves room for).
func appLabWindow(w, h int) image.Rectangle { return image.Rect(w/2-130, h-70, w/2+130, h-6) }

func near(b uint8, c float32) bool { return math.Abs(float64(b)-float64(c)*255) < 12 }

// TestDriftImages writes the documentation images when -drift-images is
// given: the plot after 1,000,000 frames (render.WritePNG, no display
// needed) and the lab's picture at 300,000 frames of 1,000,000 (under a
// display; the app's windows are not drawn: they are the app's).
func TestDriftImages(t *testing.T) {
	if *driftImages == "" {
		t.Skip("give -drift-images DIR to write the images")
	}
	m := newTestDriftModel(t)
	for m.Lab.Frame() < 1_000_000 {
		m.Lab.Advance(1_000_000 - m.Lab.Frame())
	}
	p := drift.Plot{X: 70, Y: 70, W: 820, H: 380, CharW: 7, LineH: 15, Scale: 1}
	p.Build(m.Lab, true, true)
	var buf bytes.Buffer
	if err := render.WritePNG(&buf, 920, 490, render.Background, p.Segments, drift.ExportLabels(nil, p.Labels)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*driftImages, "drift-plot.png"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	uitest.NeedLoop(t)
	v := newDriftView(newTestDriftModel(t))
	v.M.Speed, v.M.Magnify, v.M.LogX = 2, 2, true
	in := driftInput()
	for v.M.Lab.Frame() < 300_000 {
		if err := v.Update(&in); err != nil {
			t.Fatal(err)
		}
	}
	pix := uitest.Picture(1280, 720, render.Background, v.Draw)
	buf.Reset()
	if err := png.Encode(&buf, pix); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*driftImages, "drift-lab.png"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestDriftTickLabelsInside: every label of the plot (tick labels, axis
// names, legend; a number is one label per character) lies inside the
// window and clear of the app's Lab window (when the app shows it), at
// several window sizes and UI scales, on log and linear axes. A label
// covers len*cw by one line height from its top-left corner. Before the fix the frame axis's labels ran
// into the Lab window (the plot left 86 units at the bottom, the labels
// needed 32 of them and the Lab window takes 70).
func TestDriftTickLabelsInside(t *testing.T) {
	for _, in := range []kit.Input{
		{Width: 1280, Height: 720, DeviceScale: 1, UIScale: 1},
		{Width: 1024, Height: 600, DeviceScale: 1, UIScale: 1},
		{Width: 1920, Height: 1080, DeviceScale: 1, UIScale: 1},
		{Width: 2560, Height: 1440, DeviceScale: 2, UIScale: 1},
		{Width: 2560, Height: 1440, DeviceScale: 1, UIScale: 2},
		{Width: 1280, Height: 720, DeviceScale: 1, UIScale: 2},
	} {
		v := newDriftView(newTestDriftModel(t))
		v.M.Paused = true
		s := float64(kit.UIPixels(&in))
		cols := kit.NewColumns(&in)
		lab := image.Rectangle{}
		if !cols.Compact() {
			r := appLabWindow(int(in.Width/s), int(in.Height/s))
			lab = image.Rect(int(float64(r.Min.X)*s), int(float64(r.Min.Y)*s), int(float64(r.Max.X)*s), int(float64(r.Max.Y)*s))
		}
		for _, frames := range []int{0, 5000} {
			v.M.Lab.Advance(frames - v.M.Lab.Frame())
			for _, logs := range [][2]bool{{false, false}, {true, true}} {
				v.M.LogX, v.M.LogY, v.dirty = logs[0], logs[1], true
				if err := v.Update(&in); err != nil {
					t.Fatal(err)
				}
				p := &v.pic
				for _, it := range p.Labels[:p.PlotLabels] {
					r := image.Rect(int(math.Floor(it.At[0])), int(math.Floor(it.At[1])), int(math.Ceil(it.At[0]+p.CharW*float64(len(it.Text)))), int(math.Ceil(it.At[1]+p.LineH)))
					if !r.In(image.Rect(0, 0, int(in.Width), int(in.Height))) {
						t.Errorf("%vx%v scale %v frame %d logs %v: %q at %v outside the window", in.Width, in.Height, s, frames, logs, it.Text, r)
					}
					if r.Overlaps(lab) {
						t.Errorf("%vx%v scale %v frame %d logs %v: %q at %v under the Lab window %v", in.Width, in.Height, s, frames, logs, it.Text, r, lab)
					}
				}
			}
		}
	}
}

// TestDriftNormalizeSetting: normalize=float32 in the URL (the same Param
// as the -normalize flag) opens the drift lab with mgl32's float32 axis
// normalization, the lab's text says so, Share keeps it, and switching
// back restarts with the float64 axis; a bad value is an error naming the
// parameter.
func TestDriftNormalizeSetting(t *testing.T) {
	st, errs := state.FromQuery(url.Values{"lab": {"drift"}, "normalize": {"float32"}})
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	nv, err := Lab.NewView(st)
	if err != nil {
		t.Fatal(err)
	}
	dv := nv.(*driftView)
	if dv.M.Norm != int(drift.NormFloat32) || dv.M.Lab.Config().Normalize != drift.NormFloat32 {
		t.Fatalf("normalize=float32 opened norm %d, lab %v", dv.M.Norm, dv.M.Lab.Config().Normalize)
	}
	if q := shareQuery(dv, st); !strings.Contains(q, "normalize=float32") {
		t.Errorf("share query %q lacks normalize=float32", q)
	}
	dv.M.Lab.Advance(10)
	dv.M.SetNorm(int(drift.NormFloat64))
	if dv.M.Lab.Frame() != 0 || dv.M.Lab.Config().Normalize != drift.NormFloat64 {
		t.Error("SetNorm did not restart with the float64 axis")
	}
	if q := shareQuery(dv, st); strings.Contains(q, "normalize") {
		t.Errorf("share query %q keeps the default normalize", q)
	}
	in := driftInput()
	dv.M.Paused, dv.dirty = true, true
	dv.M.SetNorm(int(drift.NormFloat32))
	if err := dv.Update(&in); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, l := range dv.pic.Labels {
		found = found || strings.Contains(l.Text, "mgl32 in float32")
	}
	if !found {
		t.Error("the lab's text does not say the axis is normalized by mgl32")
	}
	if _, errs := state.FromQuery(url.Values{"normalize": {"float16"}}); len(errs) != 1 || !strings.Contains(errs[0].Error(), "normalize") {
		t.Errorf("normalize=float16: errors %v", errs)
	}
}

// TestDriftShareRoundTrip: for every normalization, state -> view ->
// Share -> query -> state gives the lab and normalization back.
func TestDriftShareRoundTrip(t *testing.T) {
	for _, norm := range drift.NormNames() {
		st, errs := state.FromQuery(url.Values{"lab": {"drift"}, "normalize": {norm}})
		if len(errs) != 0 {
			t.Fatal(errs)
		}
		v, err := Lab.NewView(st)
		if err != nil {
			t.Fatal(err)
		}
		q, err := url.ParseQuery(shareQuery(v.(*driftView), st))
		if err != nil {
			t.Fatal(err)
		}
		back, errs := state.FromQuery(q)
		if len(errs) != 0 || back.Lab != "drift" || drift.Norm(v.(*driftView).M.Norm).String() != norm || (back.Normalize != norm && !(back.Normalize == "" && norm == drift.NormNames()[0])) {
			t.Errorf("normalize %s: back %q %q %v", norm, back.Lab, back.Normalize, errs)
		}
	}
}

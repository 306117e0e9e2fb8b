package pistonlab

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/piston"
	"skewlab/scene"
	"skewlab/state"
	"skewlab/ui/internal/uitest"
	"skewlab/ui/kit"
)

// spinningPiston is the piston with spin on, so every update recomputes.
func spinningPiston(tb testing.TB) *view {
	m, err := piston.NewModel(state.Default())
	if err != nil {
		tb.Fatal(err)
	}
	m.Spin = true
	return newView(m)
}

func stressView(tb testing.TB) *view {
	sc, err := scene.Pistons(1000)
	if err != nil {
		tb.Fatal(err)
	}
	m, err := piston.NewModel(state.Default())
	if err != nil {
		tb.Fatal(err)
	}
	m.Load(sc, nil)
	m.Spin = true
	m.Opt.Labels = false // 3,000 names would hide the pistons
	m.Camera.Target = mgl64.Vec3{128, 0, 128}
	m.Camera.Distance = 300
	return newView(m)
}

var benchInput = kit.Input{Width: 1280, Height: 720, DeviceScale: 1, UIScale: 1}

// TestPistonUpdateAllocatesNothing checks that a steady-state frame of the
// piston (spin, world matrices, projection, stroke outlines) allocates
// nothing.
func TestPistonUpdateAllocatesNothing(t *testing.T) {
	v := spinningPiston(t)
	in := benchInput
	for i := 0; i < 5; i++ {
		_ = v.Update(&in)
	}
	// The readouts are text formatted on change; measure the picture only.
	if n := testing.AllocsPerRun(100, func() { v.M.Recompute(0, in.Width, in.Height) }); n != 0 {
		t.Errorf("Model.Recompute allocates %v times per frame, want 0", n)
	}
}

// benchRecompute times v's model Recompute for a 1280x720 picture.
func benchRecompute(b *testing.B, v *view) {
	v.M.Recompute(0, 1280, 720)
	b.ReportAllocs()
	for b.Loop() {
		v.M.Recompute(0, 1280, 720)
	}
}

// benchUpdate times v's whole Update of a changed frame at benchInput.
func benchUpdate(b *testing.B, v *view) {
	b.Helper()
	in := benchInput
	_ = v.Update(&in)
	b.ReportAllocs()
	for b.Loop() {
		_ = v.Update(&in)
	}
}

// BenchmarkPistonRecompute is the per-frame cost of the piston with spin
// on: spin, edits, world matrices and projection to segments.
func BenchmarkPistonRecompute(b *testing.B) { benchRecompute(b, spinningPiston(b)) }

// BenchmarkPistonViewUpdate adds the stroke outlines and readout text to
// BenchmarkPistonRecompute: the whole Update of a changed frame.
func BenchmarkPistonViewUpdate(b *testing.B) { benchUpdate(b, spinningPiston(b)) }

// BenchmarkStressRecompute is BenchmarkPistonRecompute for 1,000 pistons.
func BenchmarkStressRecompute(b *testing.B) { benchRecompute(b, stressView(b)) }

// BenchmarkStressViewUpdate is BenchmarkPistonViewUpdate for 1,000 pistons.
func BenchmarkStressViewUpdate(b *testing.B) { benchUpdate(b, stressView(b)) }

// BenchmarkStressDraw is the Draw cost of 1,000 pistons in the game loop
// (filling the outlines), including a one-pixel read-back that waits for
// the GPU to finish.
func BenchmarkStressDraw(b *testing.B) {
	uitest.NeedLoop(b)
	v := stressView(b)
	in := benchInput
	_ = v.Update(&in)
	img := ebiten.NewImage(1280, 720)
	defer img.Deallocate()
	b.ReportAllocs()
	for b.Loop() {
		img.Clear()
		v.Draw(img)
		_ = img.At(0, 0) // reading a pixel waits for the drawing to finish
	}
}

func TestStressSize(t *testing.T) {
	v := stressView(t)
	in := benchInput
	_ = v.Update(&in)
	t.Logf("stress: %d nodes, %d segments, %d quads", len(v.M.Scene.Nodes), len(v.M.Frames[0].Segments), v.strokes.Len())
}

// BenchmarkStrokesPistonFrame is the stroke drawer's share of a piston
// frame: Reset and Add of the spinning piston's segments (both modes'
// frames), as view.Update does on every changed frame.
func BenchmarkStrokesPistonFrame(b *testing.B) {
	v := spinningPiston(b)
	in := benchInput
	_ = v.Update(&in)
	var s kit.Strokes
	s.MinLength, s.WidthScale = subPixel, 1
	add := func() {
		s.Reset()
		for k := range v.M.Frames {
			s.Add(v.M.Frames[k].Segments)
		}
	}
	add()
	b.ReportAllocs()
	for b.Loop() {
		add()
	}
}

package render

import (
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
)

// A node whose world matrix overflowed is not drawn at all: no shape, no
// local axes, no label, even when its translation is still finite. The
// picture equals the one without that node (world cut before it).
func TestOverflowedNodeNotDrawn(t *testing.T) {
	s, err := scene.NewPreset("piston")
	if err != nil {
		t.Fatal(err)
	}
	last := len(s.Nodes) - 1
	world := make([]mgl64.Mat4, len(s.Nodes))
	for i := range world {
		world[i] = mgl64.Translate3D(float64(i)*0.5, 0, 0)
	}
	for _, bad := range []float64{math.Inf(1), math.NaN()} {
		world[last] = mgl64.Scale3D(bad, 1, 1) // translation (0, 0, 0), in view
		opt := Options{LocalAxes: true, Labels: true}
		var f, want Frame
		f.Begin(DefaultCamera(), Viewport{0, 0, 800, 400})
		f.Scene(s, world, opt)
		want.Begin(DefaultCamera(), Viewport{0, 0, 800, 400})
		want.Scene(s, world[:last], opt)
		if !slices.Equal(f.Segments, want.Segments) || !slices.Equal(f.Labels, want.Labels) {
			t.Errorf("entry %g: drew %d segments and labels %v, want %d and %v", bad, len(f.Segments), f.Labels, len(want.Segments), want.Labels)
		}
		if len(want.Labels) != last {
			t.Fatalf("the other %d nodes should be labelled: %v", last, want.Labels)
		}
	}
}

package render

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/scene"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// r3 rounds to 1e-3 and drops negative zero, so the text is stable across
// CPUs with and without fused multiply-add.
func r3(x float64) float64 {
	x = math.Round(x*1000) / 1000
	if x == 0 {
		return 0
	}
	return x
}

func dump(f *Frame) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# piston, accumulate-trs, DefaultCamera, 800x400, DefaultOptions\n")
	fmt.Fprintf(&b, "# seg ax ay bx by depth r g b a width\n")
	for _, s := range f.Segments {
		fmt.Fprintf(&b, "seg %.3f %.3f %.3f %.3f %.3f %.2f %.2f %.2f %.2f %.1f\n",
			r3(s.A[0]), r3(s.A[1]), r3(s.B[0]), r3(s.B[1]), r3(s.Depth), s.Color.R, s.Color.G, s.Color.B, s.Color.A, s.Width)
	}
	for _, l := range f.Labels {
		fmt.Fprintf(&b, "label %q %.3f %.3f\n", l.Text, r3(l.At[0]), r3(l.At[1]))
	}
	return b.Bytes()
}

func pistonFrame(t testing.TB, m modes.Mode) (*scene.Scene, []mgl64.Mat4, *Frame) {
	s, err := scene.NewPreset("piston")
	if err != nil {
		t.Fatal(err)
	}
	world := make([]mgl64.Mat4, len(s.Nodes))
	m.World(s.Nodes, &modes.Workspace{}, world)
	f := &Frame{}
	f.Begin(DefaultCamera(), Viewport{0, 0, 800, 400})
	f.Scene(s, world, DefaultOptions())
	return s, world, f
}

func TestPistonGolden(t *testing.T) {
	_, _, f := pistonFrame(t, modes.AccumulateTRS)
	got := dump(f)
	path := filepath.Join("testdata", "piston.golden")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -run Golden -update)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
		for i := 0; i < len(gl) && i < len(wl); i++ {
			if !bytes.Equal(gl[i], wl[i]) {
				t.Fatalf("line %d differs:\n got %s\nwant %s", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("got %d lines, want %d", len(gl), len(wl))
	}
}

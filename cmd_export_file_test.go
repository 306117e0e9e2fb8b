//go:build !js

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/internal/bigscene"
	"skewlab/modes"
	"skewlab/render"
	"skewlab/scene"
)

// TestExportWritesOnlyTheFile: export streams into a temporary file and
// renames it, so a good run leaves exactly the figure in the folder and a
// run that cannot write leaves nothing and says so in one line.
func TestExportWritesOnlyTheFile(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"fig.svg", "fig.png"} {
		if code, _, errs := runCmd(t, "export", "-o", filepath.Join(dir, name), "-size", "64x48"); code != 0 {
			t.Fatalf("export %s: code %d, %s", name, code, errs)
		}
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "fig.png fig.svg" {
		t.Errorf("folder holds %v, want fig.png and fig.svg only", names)
	}
	if info, err := os.Stat(filepath.Join(dir, "fig.png")); err != nil || info.Mode().Perm() != 0o644 || info.Size() == 0 {
		t.Errorf("fig.png: %v, %v", info, err)
	}
	bad := filepath.Join(dir, "missing", "fig.png")
	code, out, errs := runCmd(t, "export", "-o", bad)
	if code == 0 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, bad) {
		t.Errorf("export to a missing folder: code %d, stdout %q, stderr %q", code, out, errs)
	}
	if _, err := os.Stat(filepath.Dir(bad)); !os.IsNotExist(err) {
		t.Errorf("missing folder appeared: %v", err)
	}
}

// TestReserveIsAnUpperBound: after reserve, drawing the scene as export
// does (with and without a ghost) never outgrows the buffers, for the
// presets and a generated tree, seen from a camera that takes it all in.
func TestReserveIsAnUpperBound(t *testing.T) {
	tree, err := bigscene.Nodes(341, "4ary")
	if err != nil {
		t.Fatal(err)
	}
	scenes := []*scene.Scene{{Nodes: tree}}
	for _, name := range []string{"piston", "skew"} {
		sc, err := scene.NewPreset(name)
		if err != nil {
			t.Fatal(err)
		}
		scenes = append(scenes, sc)
	}
	cam := render.DefaultCamera()
	cam.Distance *= 3
	for _, sc := range scenes {
		for _, compare := range []bool{false, true} {
			var f render.Frame
			f.Begin(cam, render.Viewport{W: 1280, H: 720})
			reserve(&f, sc, compare)
			segs, labels := cap(f.Segments), cap(f.Labels)
			world := make([]mgl64.Mat4, len(sc.Nodes))
			var ws modes.Workspace
			for _, m := range modes.All {
				f.Begin(cam, render.Viewport{W: 1280, H: 720})
				m.World(sc.Nodes, &ws, world)
				if compare {
					f.Scene(sc, world, render.Options{Dim: 0.35})
				}
				f.Scene(sc, world, render.DefaultOptions())
				if cap(f.Segments) != segs || cap(f.Labels) != labels || len(f.Segments) < len(sc.Nodes) {
					t.Errorf("%d nodes, %s, compare %v: %d segments and %d labels for %d and %d reserved",
						len(sc.Nodes), m.Name, compare, len(f.Segments), len(f.Labels), segs, labels)
				}
			}
		}
	}
}

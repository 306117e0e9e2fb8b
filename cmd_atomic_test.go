//go:build !js

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"skewlab/cli"

	"skewlab/internal/testkit"
	"skewlab/tour"
)

// fullDisk is an io.Writer that takes limit bytes and then fails as a
// full disk does (ENOSPC), for outputFault.
type fullDisk struct {
	w     io.Writer
	limit int
}

func (d *fullDisk) Write(p []byte) (int, error) {
	if len(p) > d.limit {
		n, _ := d.w.Write(p[:d.limit])
		d.limit = 0
		return n, &os.PathError{Op: "write", Path: "disk", Err: syscall.ENOSPC}
	}
	d.limit -= len(p)
	return d.w.Write(p)
}

// failOn makes the file called name (its base name) fail after 100
// bytes, for the rest of the test.
func failOn(t *testing.T, name string) {
	t.Helper()
	outputFault = func(path string, w io.Writer) io.Writer {
		if filepath.Base(path) == name {
			return &fullDisk{w: w, limit: 100}
		}
		return w
	}
	t.Cleanup(func() { outputFault = nil })
}

// tree lists every path under dir (relative, slash-separated, sorted),
// with the content of each file, so two listings compare whole.
func tree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		r, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			out = append(out, filepath.ToSlash(r)+"/")
			return nil
		}
		b, err := os.ReadFile(p)
		out = append(out, fmt.Sprintf("%s=%x", filepath.ToSlash(r), b))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// TestTourExportAllOrNothing (issue 28, item 13): tour -export writes
// into a temporary folder and puts it in place only when every file is
// written. A full disk at step 3's SVG (the sixth file; injected through
// outputFault, 100 bytes in) leaves no folder at all when DIR was
// missing (nor the missing parents of -export a/b/c), and leaves an
// existing DIR exactly as it was; one line on stderr names the error,
// exit 1. Before, the figures of steps 1 and 2 stayed in a half folder.
// A run that succeeds into an existing DIR replaces the step files and
// keeps the rest, as the usage promises ("DIR is created if missing").
func TestTourExportAllOrNothing(t *testing.T) {
	failing := guide.FileName(3) + ".svg"
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := runTour(append(args, "-size", "64x36"), &out, &errb)
		return code, out.String(), errb.String()
	}
	checkFailure := func(code int, out, errs string) {
		t.Helper()
		if code != 1 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "skewlab: tour: ") ||
			!strings.Contains(errs, "no space left on device") {
			t.Errorf("exit %d, stdout %q, stderr %q; want 1 and one line naming the full disk", code, out, errs)
		}
		if got := cli.Temps(); len(got) != 0 {
			t.Errorf("temporary paths still listed: %q", got)
		}
	}

	t.Run("new folder", func(t *testing.T) {
		failOn(t, failing)
		parent := t.TempDir()
		code, out, errs := run("-export", filepath.Join(parent, "a", "b", "tour"))
		checkFailure(code, out, errs)
		if got := tree(t, parent); len(got) != 0 {
			t.Errorf("left %q", got)
		}
	})

	t.Run("existing folder", func(t *testing.T) {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
		os.WriteFile(filepath.Join(dir, guide.FileName(1)+".png"), []byte("old figure"), 0o644)
		os.WriteFile(filepath.Join(dir, "tour.md"), []byte("old handout"), 0o644)
		before := tree(t, dir)
		failOn(t, failing)
		code, out, errs := run("-export", dir)
		checkFailure(code, out, errs)
		if got := tree(t, dir); !slices.Equal(got, before) {
			t.Errorf("the folder changed:\n%q\nwant\n%q", got, before)
		}
	})

	t.Run("handout elsewhere", func(t *testing.T) {
		// -md FILE: the handout is written after the figures; a full disk
		// on a figure writes neither.
		failOn(t, failing)
		parent := t.TempDir()
		code, out, errs := run("-export", filepath.Join(parent, "figs"), "-md", filepath.Join(parent, "tour.md"))
		checkFailure(code, out, errs)
		if got := tree(t, parent); len(got) != 0 {
			t.Errorf("left %q", got)
		}
	})

	t.Run("success into an existing folder", func(t *testing.T) {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
		os.WriteFile(filepath.Join(dir, guide.FileName(1)+".png"), []byte("old figure"), 0o644)
		os.Chmod(dir, 0o750)
		was, err := os.Stat(dir)
		if err != nil {
			t.Fatal(err)
		}
		code, out, errs := run("-export", dir)
		if code != 0 || errs != "" || !strings.Contains(out, "wrote") {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
		}
		want := []string{"notes.txt", "tour.md"}
		for n := 1; n <= guide.Len(); n++ {
			want = append(want, guide.FileName(n)+".png", guide.FileName(n)+".svg")
			if guide.Steps[n-1].Gesture.Kind != "" {
				want = append(want, guide.FileName(n)+tour.AnimSuffix)
			}
		}
		slices.Sort(want)
		if got := testkit.DirNames(t, dir); !slices.Equal(got, want) {
			t.Errorf("folder holds %q, want %q", got, want)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "notes.txt")); string(b) != "mine" {
			t.Errorf("notes.txt holds %q", b)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, guide.FileName(1)+".png")); !bytes.HasPrefix(b, []byte("\x89PNG")) {
			t.Errorf("step 1's PNG was not replaced: %q...", b[:min(len(b), 16)])
		}
		// The folder itself is kept, not replaced by another.
		if fi, err := os.Stat(dir); err != nil || !os.SameFile(fi, was) || fi.Mode().Perm() != 0o750 {
			t.Errorf("the folder was replaced or its mode changed: %v, %v", fi, err)
		}
	})

	t.Run("success into a new folder", func(t *testing.T) {
		parent := t.TempDir()
		dir := filepath.Join(parent, "a", "tour")
		code, _, errs := run("-export", dir)
		if code != 0 || errs != "" {
			t.Fatalf("exit %d, stderr %q", code, errs)
		}
		if got := testkit.DirNames(t, parent); !slices.Equal(got, []string{"a"}) {
			t.Errorf("parent holds %q, want a only", got)
		}
		for _, d := range []string{filepath.Join(parent, "a"), dir} {
			if fi, err := os.Stat(d); err != nil || fi.Mode().Perm() != 0o755 {
				t.Errorf("%s: %v, %v; want a folder of mode 0755", d, fi, err)
			}
		}
		anims := 0
		for _, s := range guide.Steps {
			if s.Gesture.Kind != "" {
				anims++
			}
		}
		if got := testkit.DirNames(t, dir); len(got) != 2*guide.Len()+anims+1 {
			t.Errorf("%s holds %d entries, want %d (a PNG and an SVG per step, an animated PNG per gesture, tour.md)", dir, len(got), 2*guide.Len()+anims+1)
		}
	})
}

// TestExportWriteFailureLeavesNothing: export and bake write through
// writeAtomic; a full disk part-way through removes the temporary file
// and writes no output, with one line on stderr and exit 1.
func TestExportWriteFailureLeavesNothing(t *testing.T) {
	fixtures := writeFixtures(t, 100)
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
	}{
		{"fig.svg", []string{"export", "-o", filepath.Join(dir, "fig.svg")}},
		{"fig.png", []string{"export", "-o", filepath.Join(dir, "fig.png")}},
		{"baked.glb", []string{"bake", filepath.Join(fixtures, "rig.glb"), "-o", filepath.Join(dir, "baked.glb")}},
	} {
		failOn(t, c.name)
		code, out, errs := runCmd(t, c.args...)
		if code != 1 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "no space left on device") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 1 and one line naming the full disk", c.name, code, out, errs)
		}
		if got := testkit.DirNames(t, dir); len(got) != 0 {
			t.Errorf("%s: left %q", c.name, got)
		}
	}
}

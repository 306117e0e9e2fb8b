package cli

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"skewlab/internal/testkit"
)

// TestTempRegistry: a temporary file or folder is listed from its
// creation until Commit, CommitInto or Discard, and each of those leaves
// exactly what it promises on disk.
func TestTempRegistry(t *testing.T) {
	dir := t.TempDir()
	f, err := CreateTemp(dir, ".out.*.tmp")
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("whole")
	f.Close()
	folder, err := MkdirTemp(dir, ".folder.*.tmp")
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(folder); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("temporary folder: %v, %v; want mode 0755", fi, err)
	}
	if got := Temps(); !slices.Equal(got, slices.Sorted(slices.Values([]string{f.Name(), folder}))) {
		t.Errorf("listed %q, want the file and the folder", got)
	}
	if err := Commit(f.Name(), filepath.Join(dir, "out")); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "out")); err != nil || string(b) != "whole" {
		t.Errorf("committed file: %q, %v", b, err)
	}
	if got := Temps(); !slices.Equal(got, []string{folder}) {
		t.Errorf("after Commit listed %q, want the folder only", got)
	}
	os.WriteFile(filepath.Join(folder, "a.txt"), []byte("a"), 0o644)
	Discard(folder)
	if got := Temps(); len(got) != 0 {
		t.Errorf("after Discard listed %q", got)
	}
	if got := testkit.DirNames(t, dir); !slices.Equal(got, []string{"out"}) {
		t.Errorf("folder holds %q, want out only", got)
	}
	// CommitInto moves every entry into an existing folder, replacing
	// one of the same name and keeping the others.
	dest := filepath.Join(dir, "dest")
	os.Mkdir(dest, 0o755)
	os.WriteFile(filepath.Join(dest, "keep.txt"), []byte("old"), 0o644)
	os.WriteFile(filepath.Join(dest, "a.txt"), []byte("old"), 0o644)
	tmp, err := MkdirTemp(dest, ".t.*.tmp")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(tmp, "a.txt"), []byte("new"), 0o644)
	os.WriteFile(filepath.Join(tmp, "b.txt"), []byte("new"), 0o644)
	if err := CommitInto(tmp, dest); err != nil {
		t.Fatal(err)
	}
	if got := testkit.DirNames(t, dest); !slices.Equal(got, []string{"a.txt", "b.txt", "keep.txt"}) {
		t.Errorf("after CommitInto %q", got)
	}
	for name, want := range map[string]string{"a.txt": "new", "b.txt": "new", "keep.txt": "old"} {
		if b, _ := os.ReadFile(filepath.Join(dest, name)); string(b) != want {
			t.Errorf("%s holds %q, want %q", name, b, want)
		}
	}
	if got := Temps(); len(got) != 0 {
		t.Errorf("after CommitInto listed %q", got)
	}
	// A failed Commit (the destination folder is missing) keeps the
	// temporary listed, for the caller to Discard.
	g, _ := CreateTemp(dir, ".g.*.tmp")
	g.Close()
	if err := Commit(g.Name(), filepath.Join(dir, "missing", "g")); err == nil {
		t.Error("Commit into a missing folder succeeded")
	}
	if got := Temps(); !slices.Equal(got, []string{g.Name()}) {
		t.Errorf("after a failed Commit listed %q", got)
	}
	Discard(g.Name())
}

// TestRemoveTemps: what the signal handler removes is every listed path,
// a folder with everything in it, and it reports only what it found (a
// file inside a removed folder is not named twice).
func TestRemoveTemps(t *testing.T) {
	dir := t.TempDir()
	folder, err := MkdirTemp(dir, ".f.*.tmp")
	if err != nil {
		t.Fatal(err)
	}
	inner, err := CreateTemp(folder, ".in.*.tmp")
	if err != nil {
		t.Fatal(err)
	}
	inner.Close()
	os.WriteFile(filepath.Join(folder, "done.png"), []byte("x"), 0o644)
	f, err := CreateTemp(dir, ".out.*.tmp")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	temps.Lock()
	removed, err := removeTemps()
	temps.Unlock()
	want := slices.Sorted(slices.Values([]string{folder, f.Name()}))
	if err != nil || !slices.Equal(removed, want) {
		t.Errorf("removed %q, %v; want %q", removed, err, want)
	}
	if got := testkit.DirNames(t, dir); len(got) != 0 {
		t.Errorf("left %q", got)
	}
	if got := Temps(); len(got) != 0 {
		t.Errorf("still listed %q", got)
	}
}

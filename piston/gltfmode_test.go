package piston

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"skewlab/internal/gltfgen"
	"skewlab/modes"
	"skewlab/state"
)

// writeFile writes f into dir and returns its path.
func writeFile(t *testing.T, dir string, f gltfgen.File) string {
	t.Helper()
	p := filepath.Join(dir, f.Name)
	if err := os.WriteFile(p, f.Data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// modelFrom makes the model of st with args parsed as the app's flags.
func modelFrom(t *testing.T, args ...string) (*Model, error) {
	t.Helper()
	st := state.Default()
	fs := flag.NewFlagSet("skewlab", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	state.RegisterFlags(fs, &st, true, state.SceneParams, state.ViewParams)
	if err := fs.Parse(args); err != nil {
		t.Fatalf("%q: %v", args, err)
	}
	return NewModel(st)
}

// A glTF file opens in accumulate-matrices, what glTF means, unless the
// mode is given; a skewlab scene file and the presets keep theirs.
func TestGLTFOpensInMatrices(t *testing.T) {
	dir := t.TempDir()
	var rig string
	for _, f := range gltfgen.Rig() {
		if p := writeFile(t, dir, f); strings.HasSuffix(p, ".gltf") {
			rig = p
		}
	}
	json := filepath.Join("..", "assets", "presets", "piston.json")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-scene", rig}, "accumulate-matrices"},
		{[]string{"-scene", rig, "-mode", "accumulate-trs"}, "accumulate-trs"},
		{[]string{"-mode", "blender-none", "-scene", rig}, "blender-none"},
		{[]string{"-scene", json}, modes.Default},
		{[]string{}, modes.Default},
		{[]string{"-preset", "skew"}, "accumulate-matrices"},
	} {
		m, err := modelFrom(t, c.args...)
		if err != nil {
			t.Fatal(err)
		}
		if got := ModeName(m.Mode); got != c.want {
			t.Errorf("%q: the model opens in %s, want %s", c.args, got, c.want)
		}
	}
}

// A glTF file opened in the window or dropped on the page (Model.Open)
// switches to accumulate-matrices unless the mode was given (mode=) or
// chosen since the last load; a skewlab scene keeps the mode shown; a
// preset loaded later replaces a given mode, as it always has.
func TestOpenGLTFMode(t *testing.T) {
	fsys := fstest.MapFS{}
	for _, f := range gltfgen.Rig() {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	data, err := os.ReadFile(filepath.Join("..", "assets", "presets", "skew.json"))
	if err != nil {
		t.Fatal(err)
	}
	fsys["skew.json"] = &fstest.MapFile{Data: data}
	open := func(m *Model, name string) {
		t.Helper()
		if err := m.Open(fsys, name, ""); err != nil {
			t.Fatal(err)
		}
	}
	page := func(search string) *Model {
		t.Helper()
		st, errs := state.FromSearch(search)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		m, err := NewModel(st)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	m := page("")
	open(m, "rig.gltf")
	if ModeName(m.Mode) != "accumulate-matrices" {
		t.Errorf("dropped on a fresh page: %s, want accumulate-matrices", ModeName(m.Mode))
	}
	open(m, "skew.json")
	if ModeName(m.Mode) != "accumulate-matrices" {
		t.Errorf("a skewlab scene after it: %s, want the mode shown", ModeName(m.Mode))
	}
	m = page("?mode=accumulate-trs")
	open(m, "rig.gltf")
	if ModeName(m.Mode) != "accumulate-trs" {
		t.Errorf("dropped on ?mode=accumulate-trs: %s", ModeName(m.Mode))
	}
	m = page("")
	m.Mode = modes.Index("blender-fix-shear") // chosen in the Mode window
	open(m, "rig.gltf")
	if ModeName(m.Mode) != "blender-fix-shear" {
		t.Errorf("dropped after choosing blender-fix-shear: %s", ModeName(m.Mode))
	}
	m = page("?mode=skew-stripping")
	if err := m.LoadPreset("piston"); err != nil {
		t.Fatal(err)
	}
	open(m, "rig.gltf")
	if ModeName(m.Mode) != "accumulate-matrices" {
		t.Errorf("dropped after loading a preset: %s, want accumulate-matrices", ModeName(m.Mode))
	}
}

// Share links keep a glTF view's mode: from the command line (a file's
// path travels as -scene), the link leaves accumulate-matrices out and
// reopens in it, and writes another mode; from a page (a dropped file
// cannot travel), the link writes mode=accumulate-matrices, so the page
// it opens shows the mode that was shown.
func TestShareKeepsGLTFMode(t *testing.T) {
	dir := t.TempDir()
	var rig string
	for _, f := range gltfgen.Rig() {
		if p := writeFile(t, dir, f); strings.HasSuffix(p, ".gltf") {
			rig = p
		}
	}
	for _, mode := range []string{"accumulate-matrices", "accumulate-trs"} {
		args := []string{"-scene", rig}
		if mode != "accumulate-matrices" {
			args = append(args, "-mode", mode)
		}
		m, err := modelFrom(t, args...)
		if err != nil {
			t.Fatal(err)
		}
		m.Recompute(bandX, bandW, bandH)
		st := state.Default()
		m.Share(&st)
		q := st.Query()
		if has := strings.Contains(q, "mode="); has != (mode != "accumulate-matrices") {
			t.Errorf("%s: the link %q", mode, q)
		}
		back := []string{"-scene", st.ScenePath}
		for _, kv := range strings.Split(q, "&") {
			if k, v, ok := strings.Cut(kv, "="); ok && k == "mode" {
				back = append(back, "-mode", v)
			}
		}
		again, err := modelFrom(t, back...)
		if err != nil {
			t.Fatal(err)
		}
		if ModeName(again.Mode) != mode {
			t.Errorf("%s: the link reopens in %s", mode, ModeName(again.Mode))
		}
	}
	fsys := fstest.MapFS{}
	for _, f := range gltfgen.Rig() {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	st, _ := state.FromSearch("")
	m, err := NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Open(fsys, "rig.gltf", ""); err != nil {
		t.Fatal(err)
	}
	m.Recompute(bandX, bandW, bandH)
	m.Share(&st)
	q := st.Query()
	back, errs := state.FromSearch(q)
	if len(errs) > 0 || !strings.Contains(q, "mode=accumulate-matrices") || back.SceneMode() != "accumulate-matrices" {
		t.Errorf("a dropped glTF's link %q reopens in %s (%v)", q, back.SceneMode(), errs)
	}
}

package state

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"skewlab/internal/gltfgen"
	"skewlab/modes"
)

// OpenMode's rule: a glTF scene opened without a given mode is
// accumulate-matrices; everything else keeps the mode it was handed.
func TestOpenMode(t *testing.T) {
	for _, c := range []struct {
		mode        string
		given, gltf bool
		want        string
	}{
		{"accumulate-trs", false, true, "accumulate-matrices"},
		{"blender-none", false, true, "accumulate-matrices"},
		{"accumulate-trs", true, true, "accumulate-trs"},
		{"blender-none", true, true, "blender-none"},
		{"accumulate-trs", false, false, "accumulate-trs"},
		{"skew-stripping", false, false, "skew-stripping"},
	} {
		if got := OpenMode(c.mode, c.given, c.gltf); got != c.want {
			t.Errorf("OpenMode(%q, given %v, glTF %v) = %q, want %q", c.mode, c.given, c.gltf, got, c.want)
		}
	}
}

// sceneFiles writes the rig as rig.gltf (and rig.bin), the same rig as a
// GLB without an extension (read as glTF by its magic), and a skewlab
// scene file, and returns their paths.
func sceneFiles(t *testing.T) (gltf, glbNoExt, json string) {
	t.Helper()
	dir := t.TempDir()
	for _, f := range append(gltfgen.Rig(), gltfgen.RigGLB()...) {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	glbNoExt = filepath.Join(dir, "rig-model")
	if err := os.Rename(filepath.Join(dir, "rig.glb"), glbNoExt); err != nil {
		t.Fatal(err)
	}
	json = filepath.Join(dir, "scene.json")
	scene := `{"nodes":[{"name":"Root","position":[0,0,0],"rotation":[1,0,0,0],"scale":[2,1,1],"shape":"box"}]}`
	if err := os.WriteFile(json, []byte(scene), 0o644); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, "rig.gltf"), glbNoExt, json
}

// parseFlags parses args into a fresh state as the app's flags do.
func parseFlags(t *testing.T, args ...string) State {
	t.Helper()
	s := Default()
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	RegisterFlags(fs, &s, true, SceneParams, ViewParams)
	if err := fs.Parse(args); err != nil {
		t.Fatalf("%q: %v", args, err)
	}
	return s
}

// A glTF -scene opens in accumulate-matrices, found by name or by the GLB
// magic; -mode wins whether it comes before or after -scene; a skewlab
// scene file and the presets keep their modes (modes.Default, skew's
// own). PresetDefaults, the mode a Share link leaves out, is the same
// mode, so a glTF view in accumulate-matrices needs no mode= and one in
// accumulate-trs keeps it.
func TestSceneMode(t *testing.T) {
	gltf, glb, json := sceneFiles(t)
	matrices := modes.AccumulateMatrices.Name
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-scene", gltf}, matrices},
		{[]string{"-scene", glb}, matrices},
		{[]string{"-scene", gltf, "-mode", "accumulate-trs"}, "accumulate-trs"},
		{[]string{"-mode", "blender-aligned", "-scene", gltf}, "blender-aligned"},
		{[]string{"-preset", "skew", "-scene", gltf}, matrices},
		{[]string{"-scene", json}, modes.Default},
		{[]string{"-scene", json, "-mode", "maya-ssc"}, "maya-ssc"},
		{[]string{}, modes.Default},
		{[]string{"-preset", "skew"}, matrices}, // the skew preset's own mode
		{[]string{"-preset", "volume"}, "skew-stripping"},
	} {
		s := parseFlags(t, c.args...)
		if got := s.SceneMode(); got != c.want {
			t.Errorf("%q: SceneMode %q, want %q", c.args, got, c.want)
		}
	}
	for _, c := range []struct {
		path, want string
	}{{gltf, matrices}, {glb, matrices}, {json, modes.Default}} {
		s := parseFlags(t, "-scene", c.path)
		if m, cmp := s.PresetDefaults(); m != c.want || cmp != "" {
			t.Errorf("%s: PresetDefaults %q, %q; want %q, none", c.path, m, cmp, c.want)
		}
	}
	s := parseFlags(t, "-scene", gltf)
	s.Mode = s.SceneMode()
	if q := s.Query(); strings.Contains(q, "mode=") {
		t.Errorf("a glTF view in accumulate-matrices writes %q", q)
	}
	s.Mode = "accumulate-trs"
	if q := s.Query(); !strings.Contains(q, "mode=accumulate-trs") {
		t.Errorf("a glTF view in accumulate-trs writes %q", q)
	}
}

package gltfio

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"skewlab/internal/gltfgen"
)

// writeRig writes rig.gltf into dir with its buffer file named bin.
func writeRig(t *testing.T, dir, bin string) string {
	t.Helper()
	files := gltfgen.Rig()
	text := strings.Replace(string(files[0].Data), `"uri": "rig.bin"`, `"uri": "`+bin+`"`, 1)
	if !strings.Contains(text, bin) {
		t.Fatal("rig.gltf's buffer uri was not found")
	}
	p := filepath.Join(dir, "rig.gltf")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A buffer that is a symbolic link is followed while it stays inside the
// model's folder, and refused when it leads out of it (bake copied
// /etc/passwd into its output before); Load and the command's Folder
// both go through an os.Root.
func TestBufferLinkOutsideFolder(t *testing.T) {
	root := t.TempDir()
	model, outside := filepath.Join(root, "model"), filepath.Join(root, "outside")
	for _, d := range []string{model, outside, filepath.Join(model, "sub")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	bin := gltfgen.Rig()[1].Data
	if err := os.WriteFile(filepath.Join(outside, "secret.bin"), bin, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(model, "sub", "real.bin"), bin, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../outside/secret.bin", filepath.Join(model, "out.bin")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "secret.bin"), filepath.Join(model, "abs.bin")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("sub/real.bin", filepath.Join(model, "in.bin")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		bin string
		ok  bool
	}{{"in.bin", true}, {"out.bin", false}, {"abs.bin", false}} {
		p := writeRig(t, model, c.bin)
		f, err := Load(p)
		if c.ok {
			if err != nil {
				t.Errorf("%s (a link inside the folder): %v", c.bin, err)
			} else if _, err := f.Build(0); err != nil {
				t.Errorf("%s: %v", c.bin, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), "leads out of the file's folder") || !strings.Contains(err.Error(), c.bin) {
			t.Errorf("%s (a link out of the folder): error %v, want a refusal naming it", c.bin, err)
		}
	}
}

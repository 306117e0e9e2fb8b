package memfs

import (
	"io/fs"
	"testing"
	"testing/fstest"
)

// TestFS runs the standard library's file system checks on a folder of
// two files, and checks what it refuses.
func TestFS(t *testing.T) {
	f := FS{"rig.gltf": []byte(`{"asset":{"version":"2.0"}}`), "rig.bin": {1, 2, 3}}
	if err := fstest.TestFS(f, "rig.gltf", "rig.bin"); err != nil {
		t.Fatal(err)
	}
	b, err := fs.ReadFile(f, "rig.bin")
	if err != nil || len(b) != 3 || b[2] != 3 {
		t.Errorf("ReadFile rig.bin = %v, %v", b, err)
	}
	for _, bad := range []string{"missing.bin", "a/rig.bin", "/rig.bin", "../rig.bin"} {
		if _, err := f.Open(bad); err == nil {
			t.Errorf("Open(%q) succeeded", bad)
		}
	}
}

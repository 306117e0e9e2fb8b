package gltfio

import (
	"strings"
	"testing"

	"skewlab/internal/gltfgen"
)

// Every hostile file (gltfgen.HostileFiles: overflows, allocation bombs,
// undefined enumerations, lying lengths) is refused with one line that
// starts with the file's name and says what is at fault, by Read, by
// building its default scene, or (for a file whose default scene is
// fine) by CheckNodes before building them all; and Bake refuses it
// too. None panics.
func TestHostileFilesRefused(t *testing.T) {
	for _, h := range gltfgen.HostileFiles() {
		t.Run(h.Name, func(t *testing.T) {
			f, err := Read(h.Name, h.Data, nil)
			if err == nil {
				_, err = f.Build(f.Default)
				if h.Readable {
					if err != nil {
						t.Fatalf("its default scene does not build: %v", err)
					}
					err = f.CheckNodes(nil)
				}
			}
			if err == nil {
				t.Fatal("accepted")
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, h.Name+": ") || strings.Contains(msg, "\n") {
				t.Errorf("%q: not one line starting with the file's name", msg)
			}
			for _, w := range h.Want {
				if !strings.Contains(msg, w) {
					t.Errorf("%q does not say %q", msg, w)
				}
			}
			if _, err := Bake(h.Name, h.Data, nil); err == nil && !h.Readable {
				t.Errorf("Bake accepted it")
			}
		})
	}
}

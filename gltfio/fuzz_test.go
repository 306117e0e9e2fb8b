package gltfio

import (
	"testing"
	"testing/fstest"

	"skewlab/internal/gltfgen"
)

// FuzzRead feeds the reader every fixture (good and bad) and mutations
// of them: it must never panic, and whatever it accepts is a complete,
// valid set of scenes (scene.New checked each) with at least one node.
// CI runs it for a fixed number of inputs (scripts/fuzz.sh).
func FuzzRead(f *testing.F) {
	for _, file := range gltfgen.All(200) {
		f.Add(file.Name, file.Data)
	}
	bin := gltfgen.Rig()[1]
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		fsys := fstest.MapFS{bin.Name: &fstest.MapFile{Data: bin.Data}}
		file, err := Read(name, data, fsys)
		if err != nil {
			if file != nil {
				t.Fatalf("error %v with a file", err)
			}
			return
		}
		if len(file.Scenes) == 0 || file.Default < 0 || file.Default >= len(file.Scenes) {
			t.Fatalf("%d scenes, default %d", len(file.Scenes), file.Default)
		}
		for _, s := range file.Scenes {
			if len(s.Scene.Nodes) == 0 {
				t.Fatalf("scene %s has no nodes", s.Label)
			}
			for i, n := range s.Scene.Nodes {
				if n.Parent >= i {
					t.Fatalf("node %d's parent %d comes after it", i, n.Parent)
				}
				if m := n.Mesh; m != nil {
					for _, e := range m.Edges {
						if int(e[0]) >= len(m.Points) || int(e[1]) >= len(m.Points) || e[0] < 0 || e[1] < 0 {
							t.Fatalf("edge %v outside %d points", e, len(m.Points))
						}
					}
				}
			}
		}
	})
}

package ui

import (
	"strings"
	"testing"
	"testing/fstest"

	"skewlab/internal/gltfgen"
	"skewlab/piston"
	"skewlab/state"
)

// dropped is the folder of files a drop hands over.
func dropped(files ...[]gltfgen.File) fstest.MapFS {
	fsys := fstest.MapFS{}
	for _, list := range files {
		for _, f := range list {
			fsys[f.Name] = &fstest.MapFile{Data: f.Data}
		}
	}
	return fsys
}

// A drop opens the glTF file among the dropped files (with its .bin
// beside it) in the piston lab and shows that lab; a bad file leaves the
// lab and the scene as they were and says why.
func TestOpenFilesDrop(t *testing.T) {
	st := state.Default()
	st.Lab = "drift"
	a, err := NewApp(st, Config{}, testLabs)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.ensureView(); err != nil {
		t.Fatal(err)
	}
	files := dropped(gltfgen.Rig())
	files["notes.txt"] = &fstest.MapFile{Data: []byte("hello")}
	name, err := a.OpenFiles(files)
	if err != nil || name != "rig.gltf" {
		t.Fatalf("open rig: %q, %v", name, err)
	}
	if a.labs[a.lab].State.Name != piston.Name {
		t.Fatalf("showing lab %s after the drop, want piston", a.labs[a.lab].State.Name)
	}
	m := a.view().(interface{ Model() *piston.Model }).Model()
	if got := strings.Join(m.Scene.Names(), ","); got != "Hips,Spine,Head,Tail" {
		t.Fatalf("scene %s after the drop", got)
	}
	if m.File == nil || m.File.Path != "" || m.File.GLTF == nil {
		t.Fatalf("File %+v: want the glTF file and no disk path", m.File)
	}

	// A bad file: an error naming it, the rig still shown.
	a.lab = 1 // drift
	name, err = a.OpenFiles(dropped(gltfgen.Cycle()))
	if err == nil || name != "cycle.gltf" || !strings.Contains(err.Error(), "cycle.gltf: ") {
		t.Fatalf("cycle: %q, %v", name, err)
	}
	if a.lab != 1 {
		t.Errorf("a refused drop switched the lab to %d", a.lab)
	}
	if got := strings.Join(m.Scene.Names(), ","); got != "Hips,Spine,Head,Tail" {
		t.Errorf("scene %s after a refused drop, want the rig", got)
	}

	// No scene file among them; nothing at all.
	if _, err := a.OpenFiles(fstest.MapFS{"a.txt": {Data: []byte("x")}}); err == nil || !strings.Contains(err.Error(), "not a scene file") {
		t.Errorf("a text file: %v", err)
	}
	if name, err := a.OpenFiles(fstest.MapFS{}); name != "" || err != nil {
		t.Errorf("an empty drop: %q, %v", name, err)
	}
	// A page's drop: queued, opened at the next tick, reported.
	var heard []string
	a.cfg.Opened = func(name string, err error) { heard = append(heard, name+" "+errText(err)) }
	a.QueueOpen(dropped(gltfgen.Piston()))
	a.takeOpens()
	a.takeOpens() // the queue is empty now: nothing more is heard
	if len(heard) != 1 || heard[0] != "piston.gltf ok" || m.Scene.Index("B") < 0 {
		t.Errorf("queued drop: heard %q, scene %v", heard, m.Scene.Names())
	}
	// A .glb beside a .json: the glTF file wins.
	files = dropped(gltfgen.RigGLB())
	files["scene.json"] = &fstest.MapFile{Data: []byte("{}")}
	if name, err := a.OpenFiles(files); err != nil || name != "rig.glb" {
		t.Errorf("glb and json: %q, %v", name, err)
	}
}

func errText(err error) string {
	if err == nil {
		return "ok"
	}
	return err.Error()
}

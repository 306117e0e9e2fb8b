package piston

import (
	"errors"
	"fmt"
	"io/fs"
	"path"

	"skewlab/gltfio"
	"skewlab/modes"
	"skewlab/scene"
	"skewlab/state"
)

// Opened is where the model's scene came from when it was opened from a
// file (Model.Open, or -scene on the command line).
type Opened struct {
	// Name is the file's name as given (a path on the command line, the
	// dropped file's name in a page).
	Name string
	// Path is the file's path on disk, for Share; "" for a dropped file.
	Path string
	// GLTF is the glTF file read, nil for a skewlab scene file; Scene is
	// the index of the scene shown in GLTF.Scenes.
	GLTF  *gltfio.File
	Scene int
}

// Folder opens the folder dir for Open (gltfio.Folder: an os.Root, so a
// buffer that is a symbolic link out of the folder is refused); the
// caller calls done once Open returns.
func Folder(dir string) (fsys fs.FS, done func(), err error) { return gltfio.Folder(dir) }

// FileMax is the largest scene file Open reads, in bytes.
const FileMax = gltfio.MaxFileBytes

// Open reads the scene file name from fsys (a glTF 2.0 .gltf or .glb,
// whose buffers are read from beside it in fsys, or a skewlab .json
// scene) and makes it the scene being edited, framed. A skewlab scene
// keeps the mode shown; a glTF file opens in accumulate-matrices, what
// glTF means, unless the mode was given (-mode, the URL's mode=) or
// chosen in the window since the last scene was loaded, which it keeps
// (state.OpenMode). A glTF file shows its default scene (ChooseScene
// picks another). A file with animations shows its first, paused at its
// first key, unless the model was made with timeline settings (-anim,
// -t, -play; the URL's anim=, t=, play=1), which apply to it as to the
// first scene: the animation named when the file has it, the time, and
// playback. On
// error the model is unchanged and the error names the file and the
// node, accessor or field at fault. diskPath, when not "", is the file's
// path on disk, which Share writes as -scene.
func (m *Model) Open(fsys fs.FS, name, diskPath string) error {
	label := path.Base(name)
	if diskPath != "" {
		label = diskPath
	}
	data, err := scene.ReadFS(fsys, name, FileMax)
	if err != nil {
		return fmt.Errorf("%s: %w", label, err)
	}
	o := Opened{Name: label, Path: diskPath}
	var sc *scene.Scene
	if gltfio.IsGLTF(name, data) {
		dir, derr := fs.Sub(fsys, path.Dir(name))
		if derr != nil {
			dir = nil
		}
		f, err := gltfio.Read(label, data, dir)
		if err != nil {
			return err
		}
		b, err := f.Build(f.Default)
		if err != nil {
			return err
		}
		o.GLTF, o.Scene = f, f.Default
		sc = b.Scene
	} else {
		if sc, err = scene.Unmarshal(label, data); err != nil {
			return err
		}
	}
	m.Preset, m.Picked = "", -1
	m.File = &o
	given := m.modeGiven || m.Mode != m.loadedMode
	m.Mode = modes.Index(state.OpenMode(ModeName(m.Mode), given, o.GLTF != nil))
	m.loadedMode = m.Mode
	m.Load(sc, nil)
	m.openedTimeline()
	m.Touch()
	return nil
}

// ChooseScene shows scene i of the glTF file the model opened (an index
// in File.GLTF.Scenes), built now (gltfio.File.Build). It changes
// nothing and returns an error naming the file when no glTF file is
// open, i is out of range, or the scene cannot be built.
func (m *Model) ChooseScene(i int) error {
	if m.File == nil || m.File.GLTF == nil {
		return errors.New("no glTF file is open")
	}
	b, err := m.File.GLTF.Build(i)
	if err != nil {
		return err
	}
	m.File.Scene, m.Picked = i, -1
	m.Load(b.Scene, nil)
	m.Touch()
	return nil
}

// SceneLabels returns the scene names of the open glTF file ("scene N"
// for one without a name), nil when no glTF file is open.
func (m *Model) SceneLabels() []string {
	if m.File == nil || m.File.GLTF == nil {
		return nil
	}
	out := make([]string, len(m.File.GLTF.Scenes))
	for i, s := range m.File.GLTF.Scenes {
		out[i] = s.Label
	}
	return out
}

// Notes returns what the picture leaves out, one sentence each: the
// scene's notes (a glTF file's ignored cameras, skins...), the per-node
// rules a wall pane put in place (PaneNote) and, when the last picture
// thinned its meshes to the edge cap, how many edges it drew.
func (m *Model) Notes() []string {
	out := append([]string(nil), m.Scene.Notes...)
	if note := m.PaneNote(); note != "" {
		out = append(out, note)
	}
	if drawn, total := m.Thinned(); drawn < total {
		out = append(out, fmt.Sprintf("edge cap: drawing %d of %d mesh edges (every %s), so the frame stays interactive", drawn, total, ordinal((total+drawn-1)/max(drawn, 1))))
	}
	return out
}

// Thinned sums render.Frame.Thinned over the last picture's frames (the
// main one and the split's half, or the wall's panes): the mesh edges
// drawn and how many the meshes hold.
func (m *Model) Thinned() (drawn, total int) {
	for k := range m.Frames {
		d, t := m.Frames[k].Thinned()
		drawn, total = drawn+d, total+t
	}
	for k := range m.Wall.Panes {
		d, t := m.Wall.Panes[k].Frame.Thinned()
		drawn, total = drawn+d, total+t
	}
	return drawn, total
}

// ordinal returns "2nd", "3rd", "4th"...
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

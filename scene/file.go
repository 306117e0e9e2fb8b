package scene

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/transform"
)

// FileFormat is the scene file's format tag; files must carry it.
const FileFormat = "skewlab-scene/1"

// fileScene is the JSON form of a scene (see docs/scene-files.md).
type fileScene struct {
	Format string     `json:"format"`
	Nodes  []fileNode `json:"nodes"`
}

// fileNode is one node in JSON: parent by name (null or absent for a
// root), position (x,y,z), rotation quaternion (w,x,y,z; normalized on
// load), scale (x,y,z), shape name, colour (r,g,b in [0,1]) and the
// node's own rule (a mode name from RuleNames; absent: follow the global
// mode), and the residual shear of a node that came from a non-TRS matrix
// (Node.Shear; absent: none), and a bone's rest rotation (Node.Rest, a
// quaternion w,x,y,z like rotation; absent: none).
type fileNode struct {
	Name     string    `json:"name"`
	Parent   *string   `json:"parent"`
	Position []float64 `json:"position"`
	Rotation []float64 `json:"rotation"`
	Scale    []float64 `json:"scale"`
	Shape    string    `json:"shape,omitempty"`
	Color    []float64 `json:"color,omitempty"`
	Rule     string    `json:"rule,omitempty"`
	Shear    []float64 `json:"shear,omitempty"`
	Rest     []float64 `json:"rest,omitempty"`
}

// Marshal returns the scene as JSON in FileFormat, one node per line.
func (s *Scene) Marshal() []byte {
	f := fileScene{Format: FileFormat, Nodes: make([]fileNode, len(s.Nodes))}
	for i, n := range s.Nodes {
		p, q, sc := n.Local.Position, n.Local.Rotation, n.Local.Scale
		fn := fileNode{
			Name:     n.Name,
			Position: []float64{p[0], p[1], p[2]},
			Rotation: []float64{q.W, q.V[0], q.V[1], q.V[2]},
			Scale:    []float64{sc[0], sc[1], sc[2]},
			Shape:    n.Shape.String(),
			Color:    []float64{n.Color[0], n.Color[1], n.Color[2]},
		}
		if n.Rule != RuleFollow {
			fn.Rule = n.Rule.String()
		}
		if n.Sheared() {
			fn.Shear = []float64{n.Shear[0], n.Shear[1], n.Shear[2]}
		}
		if n.HasRest() {
			fn.Rest = []float64{n.Rest.W, n.Rest.V[0], n.Rest.V[1], n.Rest.V[2]}
		}
		if n.Parent >= 0 {
			name := s.Nodes[n.Parent].Name
			fn.Parent = &name
		}
		f.Nodes[i] = fn
	}
	// One node per line, as in docs/scene-files.md: readable, diffable, and about
	// half the size of fully indented JSON. json.Marshal cannot fail here:
	// plain values only, all finite (New checked them).
	b := []byte("{\n  \"format\": \"" + FileFormat + "\",\n  \"nodes\": [\n")
	for i, fn := range f.Nodes {
		line, _ := json.Marshal(fn)
		b = append(b, "    "...)
		b = append(b, line...)
		if i < len(f.Nodes)-1 {
			b = append(b, ',')
		}
		b = append(b, '\n')
	}
	return append(b, "  ]\n}\n"...)
}

// MaxFileBytes is the largest scene file Load reads: 64 MiB, about four
// times a 100,000-node scene as Marshal writes it.
const MaxFileBytes = 64 << 20

// Unmarshal parses and validates a scene file's bytes. name labels errors
// (usually the file path). The reader is strict (see
// docs/scene-files.md): keys match exactly and appear at most once, null
// is allowed only as a root's parent, strings must be valid UTF-8, and unknown fields, a
// missing or wrong format tag, missing position/rotation/scale, an unknown
// parent or shape, and every check of New are errors naming the node (its
// name, or "#i" counting from 0 before the name is known) and the field.
// Nothing partial is returned.
func Unmarshal(name string, data []byte) (*Scene, error) {
	f, err := decodeFile(data)
	if err != nil {
		return nil, withFile(err, name)
	}
	if f.Format != FileFormat {
		return nil, &Error{File: name, Field: "format", Msg: fmt.Sprintf("must be %q, got %q", FileFormat, f.Format)}
	}
	if len(f.Nodes) == 0 {
		return nil, &Error{File: name, Field: "nodes", Msg: "a scene needs at least one node"}
	}
	nodes := make([]Node, len(f.Nodes))
	index := make(map[string]int, len(f.Nodes))
	for i, fn := range f.Nodes {
		label := fn.Name
		if label == "" {
			label = fmt.Sprintf("#%d", i)
		}
		n := Node{Name: fn.Name, Parent: -1, Color: Grey}
		if fn.Parent != nil {
			p, ok := index[*fn.Parent]
			if !ok {
				return nil, &Error{File: name, Node: label, Field: "parent", Msg: fmt.Sprintf("%q is not a node listed before this one", *fn.Parent)}
			}
			n.Parent = p
		}
		for _, f := range []struct {
			name string
			v    []float64
			n    int
		}{{"position", fn.Position, 3}, {"rotation", fn.Rotation, 4}, {"scale", fn.Scale, 3}, {"color", fn.Color, 3}, {"shear", fn.Shear, 3}, {"rest", fn.Rest, 4}} {
			if f.v == nil && f.name != "color" && f.name != "shear" && f.name != "rest" {
				return nil, &Error{File: name, Node: label, Field: f.name, Msg: "is required"}
			}
			if f.v != nil && len(f.v) != f.n {
				return nil, &Error{File: name, Node: label, Field: f.name, Msg: fmt.Sprintf("needs %d numbers, got %d", f.n, len(f.v))}
			}
		}
		n.Local = transform.TRS{
			Position: mgl64.Vec3{fn.Position[0], fn.Position[1], fn.Position[2]},
			Rotation: mgl64.Quat{W: fn.Rotation[0], V: mgl64.Vec3{fn.Rotation[1], fn.Rotation[2], fn.Rotation[3]}},
			Scale:    mgl64.Vec3{fn.Scale[0], fn.Scale[1], fn.Scale[2]},
		}
		if fn.Shape != "" {
			sh, ok := ParseShape(fn.Shape)
			if !ok {
				return nil, &Error{File: name, Node: label, Field: "shape", Msg: fmt.Sprintf("unknown shape %q (valid: none, cylinder, box)", fn.Shape)}
			}
			n.Shape = sh
		}
		if fn.Color != nil {
			n.Color = Color{fn.Color[0], fn.Color[1], fn.Color[2]}
		}
		if fn.Shear != nil {
			n.Shear = [3]float64{fn.Shear[0], fn.Shear[1], fn.Shear[2]}
		}
		if fn.Rest != nil {
			n.Rest = mgl64.Quat{W: fn.Rest[0], V: mgl64.Vec3{fn.Rest[1], fn.Rest[2], fn.Rest[3]}}
			if !n.HasRest() {
				return nil, &Error{File: name, Node: label, Field: "rest", Msg: "quaternion (w, x, y, z) must not be zero"}
			}
		}
		if fn.Rule != "" {
			r, err := ParseRule(fn.Rule)
			if err != nil {
				return nil, &Error{File: name, Node: label, Field: "rule", Msg: err.Error()}
			}
			n.Rule = r
		}
		nodes[i] = n
		if _, dup := index[fn.Name]; !dup {
			index[fn.Name] = i
		}
	}
	s, err := New(nodes)
	if err != nil {
		return nil, withFile(err, name)
	}
	return s, nil
}

// withFile sets the file name of a validation error.
func withFile(err error, name string) error {
	if e, ok := err.(*Error); ok {
		e.File = name
	}
	return err
}

// Load reads and validates the scene file at path; errors name the file.
// Only regular files of at most MaxFileBytes are read: a directory, device
// or pipe is refused before it is opened (so a FIFO cannot block), and the
// read stops one byte past the limit, so a file that grows while it is
// read stays bounded too.
func Load(path string) (*Scene, error) {
	return load(path, MaxFileBytes)
}

// load is Load with the size limit as a parameter, for tests.
func load(path string, limit int64) (*Scene, error) {
	data, err := ReadFile(path, limit)
	if err != nil {
		return nil, &Error{File: path, Msg: err.Error()}
	}
	return Unmarshal(path, data)
}

// ReadFile reads the file at path for a loader (scene files here, glTF
// files in gltfio): only a regular file of at most limit bytes is read.
// A directory, device or pipe is refused before it is opened (so a FIFO
// cannot block), and the read stops one byte past the limit, so a file
// that grows while it is read stays bounded too. The error says why in
// words without the path (the caller names the file).
func ReadFile(path string, limit int64) ([]byte, error) {
	return readChecked(func() (fs.FileInfo, error) { return os.Stat(path) },
		func() (io.ReadCloser, error) { return os.Open(path) }, limit)
}

// ReadFS is ReadFile for the file name in fsys (the folder a glTF file
// names its buffers in, or the files dropped onto the window or page).
func ReadFS(fsys fs.FS, name string, limit int64) ([]byte, error) {
	return readChecked(func() (fs.FileInfo, error) { return fs.Stat(fsys, name) },
		func() (io.ReadCloser, error) { return fsys.Open(name) }, limit)
}

// readChecked is ReadFile and ReadFS: stat, refuse what is not a
// regular file or is over limit, then open and read at most limit bytes.
func readChecked(stat func() (fs.FileInfo, error), open func() (io.ReadCloser, error), limit int64) ([]byte, error) {
	fi, err := stat()
	if err != nil {
		return nil, errors.New("cannot read: " + pathErrReason(err))
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file (%s); it must be a plain file", fileKind(fi.Mode()))
	}
	if fi.Size() > limit {
		return nil, fmt.Errorf("file is %d bytes, over the limit of %d bytes", fi.Size(), limit)
	}
	f, err := open()
	if err != nil {
		return nil, errors.New("cannot read: " + pathErrReason(err))
	}
	defer f.Close()
	return readLimited(f, limit)
}

// readLimited reads r to its end, or fails once it has read more than
// limit bytes (it reads at most limit+1).
func readLimited(r io.Reader, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read: %s", pathErrReason(err))
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("file grew over the limit of %d bytes while it was read", limit)
	}
	return data, nil
}

// pathErrReason drops the operation and path that *fs.PathError repeats,
// since the caller names the file.
func pathErrReason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// fileKind names a non-regular file mode for error messages.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "mode " + m.String()
}

// Save writes the scene to path in FileFormat, atomically: it writes a
// temporary file beside path and renames it, so a failed save never leaves
// a half-written scene.
func (s *Scene) Save(path string) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, s.Marshal(), 0o644); err != nil {
		return fmt.Errorf("%s: cannot write: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("%s: cannot write: %w", path, err)
	}
	return nil
}

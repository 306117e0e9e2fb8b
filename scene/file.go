package scene

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/transform"
)

// FileFormat is the scene file's format tag; files must carry it.
const FileFormat = "skewlab-scene/1"

// fileScene is the JSON form of a scene (see README, "Scene files").
type fileScene struct {
	Format string     `json:"format"`
	Nodes  []fileNode `json:"nodes"`
}

// fileNode is one node in JSON: parent by name (null or absent for a
// root), position (x,y,z), rotation quaternion (w,x,y,z; normalized on
// load), scale (x,y,z), shape name and colour (r,g,b in [0,1]).
type fileNode struct {
	Name     string    `json:"name"`
	Parent   *string   `json:"parent"`
	Position []float64 `json:"position"`
	Rotation []float64 `json:"rotation"`
	Scale    []float64 `json:"scale"`
	Shape    string    `json:"shape,omitempty"`
	Color    []float64 `json:"color,omitempty"`
}

// Marshal returns the scene as indented JSON in FileFormat.
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
		if n.Parent >= 0 {
			name := s.Nodes[n.Parent].Name
			fn.Parent = &name
		}
		f.Nodes[i] = fn
	}
	b, _ := json.MarshalIndent(f, "", "  ") // cannot fail: plain values only
	return append(b, '\n')
}

// Unmarshal parses and validates a scene file's bytes. name labels errors
// (usually the file path). Unknown fields, a missing or wrong format tag,
// missing position/rotation/scale, an unknown parent or shape, and every
// check of New are errors naming the node and field; nothing partial is
// returned.
func Unmarshal(name string, data []byte) (*Scene, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f fileScene
	if err := dec.Decode(&f); err != nil {
		return nil, &Error{File: name, Msg: "not a scene file: " + err.Error()}
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, &Error{File: name, Msg: "trailing data after the scene object"}
	}
	if f.Format != FileFormat {
		return nil, &Error{File: name, Field: "format", Msg: fmt.Sprintf("must be %q, got %q", FileFormat, f.Format)}
	}
	if len(f.Nodes) == 0 {
		return nil, &Error{File: name, Field: "nodes", Msg: "a scene needs at least one node"}
	}
	nodes := make([]Node, len(f.Nodes))
	index := map[string]int{}
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
		}{{"position", fn.Position, 3}, {"rotation", fn.Rotation, 4}, {"scale", fn.Scale, 3}, {"color", fn.Color, 3}} {
			if f.v == nil && f.name != "color" {
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
		nodes[i] = n
		if _, dup := index[fn.Name]; !dup {
			index[fn.Name] = i
		}
	}
	s, err := New(nodes)
	if err != nil {
		if e, ok := err.(*Error); ok {
			e.File = name
		}
		return nil, err
	}
	return s, nil
}

// Load reads and validates the scene file at path; errors name the file.
func Load(path string) (*Scene, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &Error{File: path, Msg: "cannot read: " + err.Error()}
	}
	return Unmarshal(path, data)
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

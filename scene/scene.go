// Package scene is skewlab's plain data: a hierarchy of named nodes, each
// with a local TRS, a shape and a colour, stored in a slice with parents
// before children and links as indices, so that a scene is copyable and no
// cycle can be written down. Scenes are validated when they are made,
// loaded or edited through their methods.
package scene

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/transform"
)

// Shape is what a node draws in its own local space.
type Shape int

const (
	// ShapeNone draws nothing (a pure grouping node such as the piston's Root).
	ShapeNone Shape = iota
	// ShapeCylinder is a cylinder of radius 0.5 and length 1 along local z,
	// centred on the node's origin (the seed 000 mesh).
	ShapeCylinder
	// ShapeBox is the unit cube from -0.5 to 0.5 on every local axis.
	ShapeBox
)

// shapeNames are the names used in scene files, indexed by Shape.
var shapeNames = [...]string{"none", "cylinder", "box"}

// String returns the scene-file name of the shape ("none", "cylinder",
// "box"), or "shape(N)" for a value outside the enumeration.
func (s Shape) String() string {
	if s >= 0 && int(s) < len(shapeNames) {
		return shapeNames[s]
	}
	return fmt.Sprintf("shape(%d)", int(s))
}

// ParseShape returns the Shape named s; ok is false for an unknown name.
func ParseShape(s string) (Shape, bool) {
	for i, n := range shapeNames {
		if n == s {
			return Shape(i), true
		}
	}
	return ShapeNone, false
}

// Color is a linear RGB colour, each channel in [0, 1].
type Color [3]float64

// Named colours of the piston and the world basis rods.
var (
	Magenta = Color{1, 0, 1}
	Cyan    = Color{0, 1, 1}
	Red     = Color{1, 0, 0}
	Green   = Color{0, 1, 0}
	Blue    = Color{0, 0, 1}
	Grey    = Color{0.6, 0.6, 0.6}
)

// Node is one transform in the hierarchy. Parent is the index of the
// parent node in Scene.Nodes, or -1 for a root; it is always smaller than
// the node's own index. Local is relative to the parent (column vectors:
// world = parentWorld * LocalMat4()). Rule is the node's own
// world-transform rule; RuleFollow (the zero value) follows the global
// mode.
//
// Shear is the part of a node's local matrix that no TRS holds: a glTF
// node given by a matrix that is not rotation times per-axis scale (the
// glTF spec forbids such matrices; files contain them). The local linear
// part is then R * U with U = diag(Scale) + the symmetric matrix whose
// off-diagonal entries (0,1), (0,2), (1,2) are Shear[0], Shear[1],
// Shear[2]: Local is the polar fit of the matrix and Shear what the fit
// drops. It is zero for every TRS node. The matrix-based modes apply U
// (the stored matrix, to rounding); the TRS-based modes use Local alone.
//
// Mesh, when not nil, is what the node draws instead of Shape: a
// wireframe in the node's local space, shared between nodes and never
// modified.
type Node struct {
	Name   string
	Parent int
	Local  transform.TRS
	Shear  [3]float64
	Shape  Shape
	Mesh   *Mesh
	Color  Color
	Rule   Rule
	// Skin, when not nil, binds Mesh to joints (see Skin): a glTF skinned
	// mesh node. Its joints are indices into the scene's nodes.
	Skin *Skin
	// Rest is a bone's rest rotation (unit quaternion; w, x, y, z in
	// files): the node's local matrix is then T * Rest * R * S, R =
	// Local.Rotation the pose rotation (see Rotation). The zero value
	// means no rest rotation: Local.Rotation is the whole rotation.
	// blender-fix-shear treats the two apart (it straightens the parent
	// times Rest, then applies R * S, as Blender does); every other rule
	// uses the product Rest * R.
	Rest mgl64.Quat
	// Weights are the node's morph target weights, one per target of
	// Mesh (glTF's node or mesh weights; animation channels write them):
	// a point drawn is Points[k] + Σ Weights[t] · Targets[t][k]. Nil
	// draws the points as they are. Clone copies them, so an animated
	// copy does not move another's weights.
	Weights []float64
}

// HasRest reports whether the node carries a rest rotation (Rest is not
// the zero quaternion).
func (n *Node) HasRest() bool { return n.Rest != (mgl64.Quat{}) }

// Rotation returns the node's whole local rotation: Rest * Local.Rotation
// when it has a rest rotation (Hamilton product, rotation Rest applied
// after R in column-vector terms, i.e. Rest on the left), Local.Rotation
// otherwise. Both factors are unit after New, so the product is unit to
// rounding.
func (n *Node) Rotation() mgl64.Quat {
	if n.Rest == (mgl64.Quat{}) {
		return n.Local.Rotation
	}
	return n.Rest.Mul(n.Local.Rotation)
}

// Sheared reports a node whose local matrix is not a TRS: Shear is not
// zero.
func (n *Node) Sheared() bool { return n.Shear != [3]float64{} }

// Stretch returns U = diag(Local.Scale) + sym(Shear), the factor after
// the rotation in the node's local linear part R * U (see Node).
func (n *Node) Stretch() mgl64.Mat3 {
	s, h := n.Local.Scale, n.Shear
	return mgl64.Mat3{s[0], h[0], h[1], h[0], s[1], h[2], h[1], h[2], s[2]}
}

// LocalMat4 returns the node's local matrix T * Rest * R * U (column
// vectors), which is Local.Mat4() for a node without Shear or Rest.
func (n *Node) LocalMat4() mgl64.Mat4 {
	if !n.Sheared() {
		return n.TRS().Mat4()
	}
	l := transform.RotMat3(n.Rotation()).Mul3(n.Stretch()).Mat4()
	p := n.Local.Position
	l[12], l[13], l[14] = p[0], p[1], p[2]
	return l
}

// DefaultEdgeCap is how many mesh edges one frame draws at most unless
// told otherwise (render.Options.EdgeCap, the edges setting): 50,000 keep
// a large model interactive.
const DefaultEdgeCap = 50000

// Mesh is a wireframe in a node's local space, as read from a model file:
// its points, the edges between them (each drawn once, as pairs of point
// indices) and the points drawn as dots (a glTF points primitive). Every
// index is within Points (New checks). Meshes are shared between nodes and
// scene copies and must not be modified once in a scene.
type Mesh struct {
	Name   string
	Points []mgl64.Vec3
	Edges  [][2]int32
	Dots   []int32
	// InfluenceStart and InfluenceData are the points' joint weights for
	// skinning (glTF JOINTS_n and WEIGHTS_n), nil for a mesh without
	// them: point k's influences are InfluenceData[InfluenceStart[k]:
	// InfluenceStart[k+1]] (see Influences, Skin). A node draws them
	// skinned only when it has a Skin.
	InfluenceStart []int32
	InfluenceData  []Influence
	// Targets are morph targets' point displacements (glTF's POSITION
	// deltas), each len(Points) long: with a node's Weights w, point k
	// is drawn at Points[k] + Σ w[t] · Targets[t][k] (see MorphPoints).
	Targets [][]mgl64.Vec3
}

// check reports the first index outside Points or the first non-finite
// point; it takes time linear in the mesh's size.
func (m *Mesh) check() error {
	n := int32(len(m.Points))
	for _, p := range m.Points {
		if !transform.FiniteVec3(p) {
			return errors.New("a point is not a finite number")
		}
	}
	for _, e := range m.Edges {
		if e[0] < 0 || e[0] >= n || e[1] < 0 || e[1] >= n {
			return fmt.Errorf("edge (%d, %d) is outside its %d points", e[0], e[1], n)
		}
	}
	for _, d := range m.Dots {
		if d < 0 || d >= n {
			return fmt.Errorf("dot %d is outside its %d points", d, n)
		}
	}
	for t, d := range m.Targets {
		if len(d) != len(m.Points) {
			return fmt.Errorf("morph target %d has %d displacements for %d points", t, len(d), n)
		}
		for _, p := range d {
			if !transform.FiniteVec3(p) {
				return fmt.Errorf("morph target %d has a displacement that is not a finite number", t)
			}
		}
	}
	return nil
}

// skinKey is a mesh and the skin binding it, checked once per pair.
type skinKey struct {
	m *Mesh
	s *Skin
}

// Scene is a validated hierarchy: unique non-empty names, parents before
// children, finite values within transform.MaxMagnitude, unit rotation
// quaternions. Local transforms may be edited in place (sliders do), with
// SetLocal keeping them valid; structure changes go through Reparent.
type Scene struct {
	Nodes []Node
	// Notes say what the scene's file held that the scene does not show
	// or reads with a caveat (cameras and lights, animation channels left
	// out, skin weights that do not sum to 1, an edge cap), one sentence
	// each; empty for skewlab scene files and the presets.
	Notes []string
	// Animations are the file's animations (glTF animations), in file
	// order; none for presets without motion. An Animation writes node
	// locals and weights when applied (Animation.Apply); the nodes as
	// stored are the pose without animation.
	Animations []*Animation
}

// New validates nodes and returns a scene that owns a copy of them, with
// every rotation normalized. The error names the node and the field.
// Meshes are checked once each (indices within their points, points
// finite) and shared, not copied.
//
// Names must be unique, non-empty, valid UTF-8 and printable (see
// CheckName). New takes time linear in len(nodes).
func New(nodes []Node) (*Scene, error) {
	s := &Scene{Nodes: append([]Node(nil), nodes...)}
	seen := make(map[string]struct{}, len(nodes))
	checked := map[*Mesh]bool{}
	skins := map[skinKey]bool{}
	for i := range s.Nodes {
		if err := s.check(i); err != nil {
			return nil, err
		}
		if m := s.Nodes[i].Mesh; m != nil && !checked[m] {
			if err := m.check(); err != nil {
				return nil, &Error{Node: s.Nodes[i].Name, Field: "mesh", Msg: err.Error()}
			}
			checked[m] = true
		}
		if sk := s.Nodes[i].Skin; sk != nil {
			key := skinKey{s.Nodes[i].Mesh, sk}
			if !skins[key] {
				if err := checkSkin(&s.Nodes[i], len(s.Nodes)); err != nil {
					return nil, &Error{Node: s.Nodes[i].Name, Field: "skin", Msg: err.Error()}
				}
				skins[key] = true
			}
		}
		name := s.Nodes[i].Name
		if _, dup := seen[name]; dup {
			return nil, &Error{Node: name, Field: "name", Msg: "duplicate name"}
		}
		seen[name] = struct{}{}
		s.Nodes[i].Local.Rotation = transform.Normalize(s.Nodes[i].Local.Rotation)
		if s.Nodes[i].HasRest() {
			s.Nodes[i].Rest = transform.Normalize(s.Nodes[i].Rest)
		}
		if w := s.Nodes[i].Weights; w != nil {
			s.Nodes[i].Weights = append([]float64(nil), w...)
		}
	}
	return s, nil
}

// CheckName reports whether name is a valid node name: not empty, valid
// UTF-8, and every character printable in the sense of unicode.IsPrint
// (letters, marks, numbers, punctuation, symbols and the ASCII space), so
// no control characters (newline, tab, DEL, C1), no format characters
// (zero-width or bidirectional marks) and no spaces other than U+0020.
// Such names would break the one-line-per-node text table or hide what a
// name is. The error says which rule failed.
func CheckName(name string) error {
	if name == "" {
		return errors.New("must not be empty")
	}
	if !utf8.ValidString(name) {
		return errors.New("is not valid UTF-8")
	}
	for _, r := range name {
		if unicode.IsControl(r) {
			return fmt.Errorf("contains the control character %U; names are printable text", r)
		}
		if !unicode.IsPrint(r) {
			return fmt.Errorf("contains %U, which is not printable (only letters, marks, numbers, punctuation, symbols and the ASCII space are)", r)
		}
	}
	return nil
}

// Clone returns a deep copy of s.
// Meshes, skins and animations are shared (they are never modified);
// node weights are copied.
func (s *Scene) Clone() *Scene {
	c := &Scene{Nodes: append([]Node(nil), s.Nodes...), Notes: append([]string(nil), s.Notes...), Animations: s.Animations}
	for i := range c.Nodes {
		if w := c.Nodes[i].Weights; w != nil {
			c.Nodes[i].Weights = append([]float64(nil), w...)
		}
	}
	return c
}

// Index returns the index of the node named name, or -1.
func (s *Scene) Index(name string) int {
	for i := range s.Nodes {
		if s.Nodes[i].Name == name {
			return i
		}
	}
	return -1
}

// Names returns the node names in storage order.
func (s *Scene) Names() []string {
	out := make([]string, len(s.Nodes))
	for i := range s.Nodes {
		out[i] = s.Nodes[i].Name
	}
	return out
}

// Children returns the indices of i's direct children in storage order.
func (s *Scene) Children(i int) []int {
	var out []int
	for j := range s.Nodes {
		if s.Nodes[j].Parent == i {
			out = append(out, j)
		}
	}
	return out
}

// SetLocal replaces node i's local transform after checking it (finite,
// within MaxMagnitude, non-zero rotation); the rotation is normalized. On
// error the scene is unchanged.
func (s *Scene) SetLocal(i int, t transform.TRS) error {
	if i < 0 || i >= len(s.Nodes) {
		return fmt.Errorf("no node with index %d", i)
	}
	if err := checkTRS(s.Nodes[i].Name, t); err != nil {
		return err
	}
	t.Rotation = transform.Normalize(t.Rotation)
	s.Nodes[i].Local = t
	return nil
}

// Error is a validation error: which node and which field is wrong and
// why. File is set when the scene came from a file.
type Error struct {
	File  string
	Node  string
	Field string
	Msg   string
}

// Error formats the error as "file: node "A": field scale: msg", leaving
// out the parts that are empty.
func (e *Error) Error() string {
	s := ""
	if e.File != "" {
		s += e.File + ": "
	}
	if e.Node != "" {
		s += fmt.Sprintf("node %q: ", e.Node)
	}
	if e.Field != "" {
		s += "field " + e.Field + ": "
	}
	return s + e.Msg
}

func (s *Scene) check(i int) error {
	n := s.Nodes[i]
	label := n.Name
	if label == "" {
		label = fmt.Sprintf("#%d", i)
	}
	if err := CheckName(n.Name); err != nil {
		return &Error{Node: label, Field: "name", Msg: err.Error()}
	}
	if n.Parent < -1 || n.Parent >= i {
		return &Error{Node: label, Field: "parent", Msg: "must name an earlier node (parents come before children)"}
	}
	if n.Shape < ShapeNone || n.Shape > ShapeBox {
		return &Error{Node: label, Field: "shape", Msg: "unknown shape (valid: none, cylinder, box)"}
	}
	if !n.Rule.Valid() {
		return &Error{Node: label, Field: "rule", Msg: fmt.Sprintf("unknown rule (valid: %s)", strings.Join(RuleNames(), ", "))}
	}
	for _, c := range n.Color {
		if !(c >= 0 && c <= 1) {
			return &Error{Node: label, Field: "color", Msg: "channels must be in [0, 1]"}
		}
	}
	if err := checkVec("shear", label, n.Shear[:]); err != nil {
		return err
	}
	if n.HasRest() {
		q := [4]float64{n.Rest.W, n.Rest.V[0], n.Rest.V[1], n.Rest.V[2]}
		if err := checkVec("rest", label, q[:]); err != nil {
			return err
		}
		if !(q[0]*q[0]+q[1]*q[1]+q[2]*q[2]+q[3]*q[3] > 1e-12) {
			return &Error{Node: label, Field: "rest", Msg: "quaternion (w, x, y, z) must not be (nearly) zero"}
		}
	}
	if err := checkVec("weights", label, n.Weights); err != nil {
		return err
	}
	if n.Weights != nil && (n.Mesh == nil || len(n.Weights) != len(n.Mesh.Targets)) {
		return &Error{Node: label, Field: "weights", Msg: "one weight per morph target of the node's mesh"}
	}
	return checkTRS(label, n.Local)
}

func checkTRS(node string, t transform.TRS) error {
	if err := checkVec("position", node, t.Position[:]); err != nil {
		return err
	}
	q := [4]float64{t.Rotation.W, t.Rotation.V[0], t.Rotation.V[1], t.Rotation.V[2]}
	if err := checkVec("rotation", node, q[:]); err != nil {
		return err
	}
	if !(q[0]*q[0]+q[1]*q[1]+q[2]*q[2]+q[3]*q[3] > 1e-12) {
		return &Error{Node: node, Field: "rotation", Msg: "quaternion (w, x, y, z) must not be zero"}
	}
	return checkVec("scale", node, t.Scale[:])
}

func checkVec(field, node string, v []float64) error {
	for _, x := range v {
		if !transform.Finite(x) {
			return &Error{Node: node, Field: field, Msg: "values must be finite numbers"}
		}
		if math.Abs(x) > transform.MaxMagnitude {
			return &Error{Node: node, Field: field, Msg: fmt.Sprintf("magnitude %g exceeds %g", x, transform.MaxMagnitude)}
		}
	}
	return nil
}

// Vec3 is a convenience constructor used by presets and tests.
func Vec3(x, y, z float64) mgl64.Vec3 { return mgl64.Vec3{x, y, z} }

// Equal reports whether n and o hold the same values: every field equal,
// pointers (mesh, skin) the same, and the same weights (nil only equal to
// nil).
func (n *Node) Equal(o *Node) bool {
	return n.Name == o.Name && n.Parent == o.Parent && n.Local == o.Local && n.Shear == o.Shear &&
		n.Shape == o.Shape && n.Mesh == o.Mesh && n.Color == o.Color && n.Rule == o.Rule &&
		n.Skin == o.Skin && n.Rest == o.Rest &&
		(n.Weights == nil) == (o.Weights == nil) && slices.Equal(n.Weights, o.Weights)
}

// TRS returns the node's local transform with its whole rotation
// (Rotation: Rest * R): what the TRS-based rules compose. It is Local
// for a node without a rest rotation.
func (n *Node) TRS() transform.TRS {
	t := n.Local
	t.Rotation = n.Rotation()
	return t
}

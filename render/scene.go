package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// Options chooses what Frame.Scene draws. Dim multiplies every alpha
// (1 = full colour, 0.35 for a ghost of a second mode); a non-positive or
// NaN Dim counts as 1, so the zero Options draws the node shapes only.
type Options struct {
	Grid, Basis, LocalAxes, Labels bool
	Dim                            float32
	// EdgeCap is the most mesh edges (and dots) one Scene call draws:
	// 0 means DefaultEdgeCap, a negative value no cap. Past it every
	// mesh is thinned evenly (see Frame.Thinned).
	EdgeCap int
	// Dash, when positive, draws mesh edges dashed: dashes Dash pixels
	// long with gaps of DashGap times that, along each edge on the
	// screen; an edge shorter than one dash and gap keeps only its
	// middle part of the same share, so a curve of short edges reads as
	// dashed too (a ghost that shows on a projector, not only dimmer).
	// Zero, negative or NaN: solid.
	Dash float64
}

// DashGap is a dashed edge's gap as a share of its dash (Options.Dash).
const DashGap = 0.7

// DefaultEdgeCap is the default Options.EdgeCap: 50,000 edges keep a
// large model interactive (update and projection well under 16 ms per
// frame; docs/gltf.md, "Open your own hierarchy").
const DefaultEdgeCap = scene.DefaultEdgeCap

// DefaultOptions draws everything at full colour.
func DefaultOptions() Options {
	return Options{Grid: true, Basis: true, LocalAxes: true, Labels: true, Dim: 1}
}

// Sizes of the scene decorations, in pixels and in the camera's unit
// (Camera.U: world units for unit 1, the presets').
const (
	GridHalf   = 10   // the ground grid spans [-GridHalf, GridHalf] on x and z, at y = 0
	GridStep   = 1    // spacing of the grid lines
	BasisLen   = 3    // length of the world basis rods from the origin
	AxisLen    = 0.75 // local axes are AxisLen times the columns of the world matrix...
	AxisMax    = 4    // ...capped at this length, keeping their direction
	ShapeWidth = 1.5  // pixels
	BasisWidth = 3.0
	AxisWidth  = 1.0
	GridWidth  = 1.0
)

// Deformed returns node i's mesh points as drawn when they are not its
// mesh's points placed by world[i]: for a skinned node (glTF skinning,
// scene.Skin) the points in the world, skinned by its joints' world
// matrices in world (the rule's), with model the identity, since the
// node's own transform does not move them; for a node with morph
// weights, the morphed points with model world[i]. ok is false for any
// other node, and when world does not hold every node (a skin's joints
// may be anywhere). d keeps the buffers; the points are valid until its
// next use.
func Deformed(d *scene.Deformer, s *scene.Scene, world []mgl64.Mat4, i int) (pts []mgl64.Vec3, model mgl64.Mat4, ok bool) {
	nd := &s.Nodes[i]
	if nd.Mesh == nil || len(world) < len(s.Nodes) {
		return nil, mgl64.Mat4{}, false
	}
	skinned := nd.Skin != nil && nd.Mesh.Skinned()
	if !skinned && (nd.Weights == nil || len(nd.Mesh.Targets) == 0) {
		return nil, mgl64.Mat4{}, false
	}
	pts = d.Points(nd, world)
	if skinned {
		return pts, mgl64.Ident4(), true
	}
	return pts, world[i], true
}

// Scene appends the picture of s posed by world (world[i] is node i's
// world matrix, as a modes.Mode computes it): with opt, a faint ground
// grid, the world basis rods (red x, green y, blue z, from the origin to
// BasisLen), each node's shape in its colour, each node's local axes (the
// first three columns of world[i] times AxisLen from its origin, so scale
// along the local axes shows as length and skew as non-perpendicular
// axes; each capped at AxisMax), and node names at their origins. The
// grid's span and spacing, the rods' length, and the axes' factor and cap
// are in the unit of the camera given to Begin (Camera.U), so they keep
// their size beside a model in millimetres or kilometres (whose nodes'
// columns are about 1 long while its meshes are 1000 or 0.001 across). Nodes
// beyond len(world) are skipped, and so is a node whose world matrix has
// an entry that is not finite (it overflowed: the readouts call it
// undefined): no shape, axes or label. A skinned node's mesh is drawn
// skinned by its joints' worlds (glTF skinning: its own world matrix does
// not move it, and it is drawn even where that matrix is undefined), a
// morphed one with its weights (see Deformed). Shapes come first after the grid
// and rods, in node order; labels are in Labels.
func (f *Frame) Scene(s *scene.Scene, world []mgl64.Mat4, opt Options) {
	dim := opt.Dim
	if !(dim > 0) {
		dim = 1
	}
	u := f.cam.U()
	if opt.Grid {
		f.grid(GridColor.Dim(dim), u)
	}
	if opt.Basis {
		o, l := mgl64.Vec3{}, BasisLen*u
		f.Line(o, mgl64.Vec3{l, 0, 0}, XColor.Dim(dim), BasisWidth)
		f.Line(o, mgl64.Vec3{0, l, 0}, YColor.Dim(dim), BasisWidth)
		f.Line(o, mgl64.Vec3{0, 0, l}, ZColor.Dim(dim), BasisWidth)
		if opt.Labels {
			f.Text(mgl64.Vec3{l, 0, 0}, "x", XColor.Dim(dim))
			f.Text(mgl64.Vec3{0, l, 0}, "y", YColor.Dim(dim))
			f.Text(mgl64.Vec3{0, 0, l}, "z", ZColor.Dim(dim))
		}
	}
	n := min(len(s.Nodes), len(world))
	total := 0
	for i := 0; i < n; i++ {
		if m := NodeMesh(&s.Nodes[i]); m != nil {
			total += len(m.Edges) + len(m.Dots)
		}
	}
	limit := opt.EdgeCap
	if limit == 0 {
		limit = DefaultEdgeCap
	}
	f.stride = 1
	if limit > 0 && total > limit {
		f.stride = (total + limit - 1) / limit
	}
	f.meshTotal += total
	if opt.Dash > 0 && !math.IsInf(opt.Dash, 1) {
		f.dash = opt.Dash
	}
	for i := 0; i < n; i++ {
		nd := &s.Nodes[i]
		m := NodeMesh(nd)
		if m == nil {
			continue
		}
		f.meshDrawn += (len(m.Edges)+f.stride-1)/f.stride + (len(m.Dots)+f.stride-1)/f.stride
		if pts, model, ok := Deformed(&f.deform, s, world, i); ok {
			f.MeshPoints(m, pts, model, RGB(nd.Color).Dim(dim), ShapeWidth)
			continue
		}
		f.Mesh(m, world[i], RGB(nd.Color).Dim(dim), ShapeWidth)
	}
	f.stride, f.dash = 1, 0
	for i := 0; i < n; i++ {
		w := &world[i]
		if !transform.Finite(w[:]...) {
			continue
		}
		o := mgl64.Vec3{w[12], w[13], w[14]}
		if opt.LocalAxes {
			axisColors := [3]Color{XColor, YColor, ZColor}
			for k := 0; k < 3; k++ {
				v := mgl64.Vec3{w[4*k], w[4*k+1], w[4*k+2]}.Mul(AxisLen * u)
				if l := v.Len(); l > AxisMax*u {
					v = v.Mul(AxisMax * u / l)
				}
				f.Line(o, o.Add(v), axisColors[k].Dim(0.8*dim), AxisWidth)
			}
		}
		if opt.Labels {
			c := LabelGrey
			if s.Nodes[i].Shape != scene.ShapeNone {
				c = RGB(s.Nodes[i].Color)
			}
			f.Text(o, s.Nodes[i].Name, c.Dim(dim))
		}
	}
}

// grid draws the ground grid in unit u: lines every GridStep*u from
// -GridHalf*u to GridHalf*u on x and z.
func (f *Frame) grid(c Color, u float64) {
	h := GridHalf * u
	for v := -GridHalf; v <= GridHalf; v += GridStep {
		x := float64(v) * u
		f.Line(mgl64.Vec3{x, 0, -h}, mgl64.Vec3{x, 0, h}, c, GridWidth)
		f.Line(mgl64.Vec3{-h, 0, x}, mgl64.Vec3{h, 0, x}, c, GridWidth)
	}
}

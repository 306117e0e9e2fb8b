package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
)

// Mesh is a wireframe in local space (scene.Mesh): points, edges as pairs
// of point indices, and points drawn as dots. Meshes are shared and must
// not be modified once drawn.
type Mesh = scene.Mesh

// CylinderSegments is the number of straight pieces in each of Cylinder's
// rings; CylinderLines is the number of lines along its length.
const (
	CylinderSegments = 32
	CylinderLines    = 8
)

// Cylinder is scene.ShapeCylinder: radius 0.5, length 1 along local z,
// centred on the origin; two end rings of CylinderSegments pieces and
// CylinderLines length lines, the first at +x.
var Cylinder = newCylinder(CylinderSegments, CylinderLines)

// Box is scene.ShapeBox: the cube from -0.5 to 0.5 on every axis, 12 edges.
var Box = newBox()

// MeshFor returns the shared mesh of shape s, or nil for ShapeNone and for
// values outside the enumeration.
func MeshFor(s scene.Shape) *Mesh {
	switch s {
	case scene.ShapeCylinder:
		return Cylinder
	case scene.ShapeBox:
		return Box
	}
	return nil
}

// NodeMesh returns what node n draws: its own mesh (a glTF node's), or
// the shared mesh of its shape (nil for ShapeNone).
func NodeMesh(n *scene.Node) *Mesh {
	if n.Mesh != nil {
		return n.Mesh
	}
	return MeshFor(n.Shape)
}

func newCylinder(n, lines int) *Mesh {
	m := &Mesh{}
	for _, z := range [2]float64{-0.5, 0.5} {
		base := int32(len(m.Points))
		for i := 0; i < n; i++ {
			a := 2 * math.Pi * float64(i) / float64(n)
			m.Points = append(m.Points, mgl64.Vec3{0.5 * math.Cos(a), 0.5 * math.Sin(a), z})
			m.Edges = append(m.Edges, [2]int32{base + int32(i), base + int32((i+1)%n)})
		}
	}
	for k := 0; k < lines; k++ {
		i := int32(k * n / lines)
		m.Edges = append(m.Edges, [2]int32{i, i + int32(n)})
	}
	return m
}

func newBox() *Mesh {
	m := &Mesh{}
	for i := 0; i < 8; i++ {
		m.Points = append(m.Points, mgl64.Vec3{float64(i&1) - 0.5, float64(i>>1&1) - 0.5, float64(i>>2&1) - 0.5})
	}
	for i := int32(0); i < 8; i++ {
		for _, bit := range [3]int32{1, 2, 4} {
			if i&bit == 0 {
				m.Edges = append(m.Edges, [2]int32{i, i | bit})
			}
		}
	}
	return m
}

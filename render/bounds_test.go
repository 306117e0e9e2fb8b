package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
)

// TestMeshBounds: the box of a unit cube under T(1,2,3)*S(2,4,6) is
// (0,0,0)..(2,4,6), and a cylinder's (radius 0.5, length 1 along z, with
// ring points at 0, 90, 180 and 270 degrees) under T(-5,0,0) is
// (-5.5,-0.5,-0.5)..(-4.5,0.5,0.5), by hand; nodes without a shape, with
// a NaN world matrix or beyond len(world) do not count.
func TestMeshBounds(t *testing.T) {
	const tol = 1e-12
	nodes := []scene.Node{
		{Name: "box", Parent: -1, Shape: scene.ShapeBox},
		{Name: "cyl", Parent: -1, Shape: scene.ShapeCylinder},
		{Name: "empty", Parent: -1, Shape: scene.ShapeNone},
		{Name: "nan", Parent: -1, Shape: scene.ShapeBox},
		{Name: "beyond", Parent: -1, Shape: scene.ShapeBox},
	}
	s := &scene.Scene{Nodes: nodes}
	world := []mgl64.Mat4{
		mgl64.Translate3D(1, 2, 3).Mul4(mgl64.Scale3D(2, 4, 6)),
		mgl64.Translate3D(-5, 0, 0),
		mgl64.Translate3D(100, 100, 100),
		mgl64.Translate3D(math.NaN(), 0, 0),
	}
	lo, hi, ok := MeshBounds(s, world)
	want := [2]mgl64.Vec3{{-5.5, -0.5, -0.5}, {2, 4, 6}}
	if !ok || vecErr(lo, want[0]) > tol || vecErr(hi, want[1]) > tol {
		t.Errorf("bounds %v..%v (%v), want %v..%v", lo, hi, ok, want[0], want[1])
	}
	lo, hi, ok = MeshBounds(s, world[:1])
	if !ok || vecErr(lo, mgl64.Vec3{0, 0, 0}) > tol || vecErr(hi, mgl64.Vec3{2, 4, 6}) > tol {
		t.Errorf("box alone: %v..%v (%v)", lo, hi, ok)
	}
	// A zero-scale box is the point it collapses to.
	lo, hi, ok = MeshBounds(s, []mgl64.Mat4{mgl64.Translate3D(1, 2, 3).Mul4(mgl64.Scale3D(0, 0, 0))})
	if !ok || lo != (mgl64.Vec3{1, 2, 3}) || hi != lo {
		t.Errorf("zero scale: %v..%v (%v), want the point (1, 2, 3)", lo, hi, ok)
	}
	for name, c := range map[string]struct {
		s     *scene.Scene
		world []mgl64.Mat4
	}{
		"nil scene":    {nil, world},
		"empty scene":  {&scene.Scene{}, world},
		"no matrices":  {s, nil},
		"only skipped": {&scene.Scene{Nodes: nodes[2:4]}, world[2:4]},
	} {
		if lo, hi, ok := MeshBounds(c.s, c.world); ok || lo != (mgl64.Vec3{}) || hi != (mgl64.Vec3{}) {
			t.Errorf("%s: %v..%v (%v), want nothing", name, lo, hi, ok)
		}
	}
	if a := testing.AllocsPerRun(20, func() { MeshBounds(s, world) }); a != 0 {
		t.Errorf("MeshBounds allocates %g times", a)
	}
}

func TestUnionBounds(t *testing.T) {
	a0, a1 := mgl64.Vec3{0, 1, 2}, mgl64.Vec3{3, 4, 5}
	b0, b1 := mgl64.Vec3{-1, 2, 0}, mgl64.Vec3{1, 9, 4}
	if lo, hi, ok := UnionBounds(a0, a1, true, b0, b1, true); !ok || lo != (mgl64.Vec3{-1, 1, 0}) || hi != (mgl64.Vec3{3, 9, 5}) {
		t.Errorf("union %v..%v (%v)", lo, hi, ok)
	}
	if lo, hi, ok := UnionBounds(a0, a1, false, b0, b1, true); !ok || lo != b0 || hi != b1 {
		t.Errorf("b alone %v..%v (%v)", lo, hi, ok)
	}
	if lo, hi, ok := UnionBounds(a0, a1, true, b0, b1, false); !ok || lo != a0 || hi != a1 {
		t.Errorf("a alone %v..%v (%v)", lo, hi, ok)
	}
	if _, _, ok := UnionBounds(a0, a1, false, b0, b1, false); ok {
		t.Error("union of nothing is ok")
	}
}

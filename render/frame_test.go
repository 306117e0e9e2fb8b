package render

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/scene"
	"skewlab/transform"
)

// axisCamera looks from (0, 0, 10) down -z at the origin with a 90 degree
// field of view: on a 400x400 viewport a point at depth d (world z = 10-d)
// and x projects to pixel 200 + 200*x/d.
func axisCamera() (Camera, Viewport) {
	return Camera{Yaw: 0, Pitch: 0, Distance: 10, Fov: 90}, Viewport{0, 0, 400, 400}
}

func TestNearPlaneClip(t *testing.T) {
	const tol = 1e-6 // pixels and world units
	cam, vp := axisCamera()
	var f Frame
	f.Begin(cam, vp)
	// From depth 10 to depth -10 (behind the eye) at x = 0.05: it leaves
	// the frustum through the near plane, depth 0.1 (world z 9.9), where
	// x/d = 0.5, pixel x 300; the far end at depth 10 is at pixel 201.
	f.Line(mgl64.Vec3{0.05, 0, 0}, mgl64.Vec3{0.05, 0, 20}, White, 1)
	if len(f.Segments) != 1 {
		t.Fatalf("got %d segments, want 1", len(f.Segments))
	}
	s := f.Segments[0]
	for _, c := range []struct {
		name      string
		got, want mgl64.Vec2
	}{{"A", s.A, mgl64.Vec2{201, 200}}, {"B (clipped at near)", s.B, mgl64.Vec2{300, 200}}} {
		if err := c.got.Sub(c.want).Len(); !(err <= tol) {
			t.Errorf("%s = %v, want %v (err %g)", c.name, c.got, c.want, err)
		}
	}
	if want := (10 + Near) / 2; !(math.Abs(s.Depth-want) <= tol) {
		t.Errorf("depth = %g, want %g", s.Depth, want)
	}

	// The same segment reversed clips the same way.
	f.Begin(cam, vp)
	f.Line(mgl64.Vec3{0.05, 0, 20}, mgl64.Vec3{0.05, 0, 0}, White, 1)
	if len(f.Segments) != 1 || !(f.Segments[0].A.Sub(mgl64.Vec2{300, 200}).Len() <= tol) {
		t.Errorf("reversed: %v", f.Segments)
	}
}

func TestBehindCameraDropped(t *testing.T) {
	cam, vp := axisCamera()
	var f Frame
	f.Begin(cam, vp)
	f.Line(mgl64.Vec3{0, 0, 11}, mgl64.Vec3{1, 1, 15}, White, 1)      // behind the eye
	f.Line(mgl64.Vec3{-5, 0, 12}, mgl64.Vec3{5, 0, 12}, White, 1)     // across, behind
	f.Line(mgl64.Vec3{0, 0, 9.95}, mgl64.Vec3{0.01, 0, 10}, White, 1) // between eye and near plane
	f.Line(mgl64.Vec3{0, 0, -600}, mgl64.Vec3{1, 0, -700}, White, 1)  // beyond far
	f.Text(mgl64.Vec3{0, 0, 12}, "behind", White)
	if len(f.Segments) != 0 || len(f.Labels) != 0 {
		t.Errorf("got %v %v, want nothing", f.Segments, f.Labels)
	}
	if _, ok := f.Project(mgl64.Vec3{0, 0, 12}); ok {
		t.Error("Project of a point behind the camera reported ok")
	}
}

// TestProjectMatchesMgl compares with mgl64.Project, which does not clip
// and has y up, on matrices built here from the demo's numbers.
func TestProjectMatchesMgl(t *testing.T) {
	const tol = 1e-9 // pixels
	view := mgl64.LookAtV(mgl64.Vec3{15, 10, 10}, mgl64.Vec3{2, 0, 0}, mgl64.Vec3{0, 1, 0})
	proj := mgl64.Perspective(mgl64.DegToRad(60), 800.0/400, 0.1, 500)
	want := func(p mgl64.Vec3) mgl64.Vec2 {
		w := mgl64.Project(p, view, proj, 0, 0, 800, 400)
		return mgl64.Vec2{w[0], 400 - w[1]}
	}
	var f Frame
	f.Begin(DefaultCamera(), Viewport{0, 0, 800, 400})
	ends := []mgl64.Vec3{{0, 0, 0}, {3, 0, 0}, {0, 3, 0}, {0, 0, 3}}
	for _, p := range ends {
		got, ok := f.Project(p)
		if err := got.Sub(want(p)).Len(); !ok || !(err <= tol) {
			t.Errorf("Project(%v) = %v (%v), mgl64 says %v (err %g)", p, got, ok, want(p), err)
		}
	}
	// The basis rods that Scene draws end there too.
	s, err := scene.NewPreset("piston")
	if err != nil {
		t.Fatal(err)
	}
	f.Scene(s, nil, Options{Basis: true})
	if len(f.Segments) != 3 {
		t.Fatalf("%d segments, want the 3 rods", len(f.Segments))
	}
	for i, seg := range f.Segments {
		if e0, e1 := seg.A.Sub(want(ends[0])).Len(), seg.B.Sub(want(ends[i+1])).Len(); !(e0 <= tol && e1 <= tol) {
			t.Errorf("rod %d: %v-%v, want %v-%v", i, seg.A, seg.B, want(ends[0]), want(ends[i+1]))
		}
	}
	if f.Segments[0].Color != XColor || f.Segments[1].Color != YColor || f.Segments[2].Color != ZColor {
		t.Errorf("rod colours %v %v %v", f.Segments[0].Color, f.Segments[1].Color, f.Segments[2].Color)
	}
}

// TestClipProperties: random segments around and through the camera give
// finite segments inside the viewport whose ends are on the original line.
func TestClipProperties(t *testing.T) {
	const tol = 1e-6
	rng := rand.New(rand.NewPCG(1, 1))
	vp := Viewport{30, 40, 640, 360}
	cam := DefaultCamera()
	var f Frame
	f.Begin(cam, vp)
	r := func() mgl64.Vec3 {
		return cam.Eye().Add(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(math.Exp(3 * rng.NormFloat64())))
	}
	n := 0
	for i := 0; i < 20000; i++ {
		a, b := r(), r()
		f.Segments = f.Segments[:0]
		f.Line(a, b, White, 1)
		if len(f.Segments) == 0 {
			continue
		}
		n++
		s := f.Segments[0]
		for _, p := range []mgl64.Vec2{s.A, s.B} {
			if !(p[0] >= vp.X-tol && p[0] <= vp.X+vp.W+tol && p[1] >= vp.Y-tol && p[1] <= vp.Y+vp.H+tol) {
				t.Fatalf("segment %v-%v: end %v outside the viewport", a, b, p)
			}
		}
		if !(s.Depth >= Near-tol && s.Depth <= Far+tol) {
			t.Fatalf("segment %v-%v: depth %g", a, b, s.Depth)
		}
	}
	if n < 1000 {
		t.Errorf("only %d of 20000 random segments visible: the test does not exercise clipping", n)
	}
}

func TestDegenerateInput(t *testing.T) {
	s, err := scene.NewPreset("piston")
	if err != nil {
		t.Fatal(err)
	}
	world := make([]mgl64.Mat4, len(s.Nodes))
	modes.AccumulateTRS.World(s.Nodes, &modes.Workspace{}, world)
	nan := math.NaN()
	badCams := []Camera{{Distance: 0, Fov: 60}, {Distance: nan, Fov: 60}, {Distance: 5, Fov: 60, Yaw: math.Inf(1)}, {Distance: 5, Fov: 60, Target: mgl64.Vec3{nan, 0, 0}}}
	badVps := []Viewport{{0, 0, 0, 400}, {0, 0, 800, 0}, {0, 0, -1, 5}, {nan, 0, 800, 400}, {0, 0, math.Inf(1), 400}}
	var f Frame
	for _, c := range badCams {
		f.Begin(c, Viewport{0, 0, 800, 400})
		f.Scene(s, world, DefaultOptions())
		if len(f.Segments)+len(f.Labels) != 0 {
			t.Errorf("camera %v drew %d segments", c, len(f.Segments))
		}
	}
	for _, vp := range badVps {
		f.Begin(DefaultCamera(), vp)
		f.Scene(s, world, DefaultOptions())
		if len(f.Segments)+len(f.Labels) != 0 {
			t.Errorf("viewport %v drew %d segments", vp, len(f.Segments))
		}
	}
	// A NaN or zero-scale model draws no shape.
	f.Begin(DefaultCamera(), Viewport{0, 0, 800, 400})
	f.Mesh(Cylinder, mgl64.Mat4{nan}, White, 1)
	f.Mesh(Cylinder, mgl64.Translate3D(1, 2, 3).Mul4(mgl64.Scale3D(0, 0, 0)), White, 1)
	f.Mesh(nil, mgl64.Ident4(), White, 1)
	f.Mesh(&Mesh{Points: []mgl64.Vec3{{0, 0, 0}}, Edges: [][2]int32{{0, 1}, {-1, 0}}}, mgl64.Ident4(), White, 1)
	f.Line(mgl64.Vec3{nan, 0, 0}, mgl64.Vec3{1, 1, 1}, White, 1)
	f.Text(mgl64.Vec3{nan, 0, 0}, "nan", White)
	if len(f.Segments)+len(f.Labels) != 0 {
		t.Errorf("degenerate meshes drew %v %v", f.Segments, f.Labels)
	}
	// A zero-scale node in a scene: its shape and axes vanish, the rest is finite.
	z := s.Clone()
	z.Nodes[0].Local.Scale = mgl64.Vec3{0, 0, 0}
	for _, m := range modes.All {
		m.World(z.Nodes, &modes.Workspace{}, world)
		f.Begin(DefaultCamera(), Viewport{0, 0, 800, 400})
		f.Scene(z, world, Options{LocalAxes: true, Labels: true})
		for _, seg := range f.Segments {
			if !transform.Finite(seg.A[0]+seg.A[1]+seg.B[0]+seg.B[1]+seg.Depth) || seg.A == seg.B {
				t.Errorf("%s: bad segment %v", m.Name, seg)
			}
		}
	}
}

func TestSortFarToNear(t *testing.T) {
	segs := []Segment{{Depth: 1}, {Depth: 5}, {Depth: 3, Width: 1}, {Depth: 3, Width: 2}}
	SortFarToNear(segs)
	for i, want := range []float64{5, 3, 3, 1} {
		if segs[i].Depth != want {
			t.Fatalf("order %v", segs)
		}
	}
	if segs[1].Width != 1 || segs[2].Width != 2 {
		t.Errorf("not stable: %v", segs)
	}
}

func TestMeshes(t *testing.T) {
	if MeshFor(scene.ShapeNone) != nil || MeshFor(scene.ShapeCylinder) != Cylinder || MeshFor(scene.ShapeBox) != Box || MeshFor(scene.Shape(9)) != nil {
		t.Error("MeshFor")
	}
	const tol = 1e-12
	for _, p := range Cylinder.Points {
		if r := math.Hypot(p[0], p[1]); !(math.Abs(r-0.5) <= tol) || !(math.Abs(math.Abs(p[2])-0.5) <= tol) {
			t.Errorf("cylinder point %v off the surface", p)
		}
	}
	if len(Cylinder.Edges) != 2*CylinderSegments+CylinderLines || len(Box.Edges) != 12 {
		t.Errorf("edge counts %d %d", len(Cylinder.Edges), len(Box.Edges))
	}
	for _, e := range Box.Edges {
		if d := Box.Points[e[0]].Sub(Box.Points[e[1]]).Len(); !(math.Abs(d-1) <= tol) {
			t.Errorf("box edge %v length %g", e, d)
		}
	}
}

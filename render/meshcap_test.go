package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// lineMesh is n edges along x, all inside axisCamera's view: points at
// x = -1 + 2k/n, each edge joining neighbours.
func lineMesh(n int) *scene.Mesh {
	m := &scene.Mesh{}
	for k := 0; k <= n; k++ {
		m.Points = append(m.Points, mgl64.Vec3{-1 + 2*float64(k)/float64(n), 0, 0})
	}
	for k := 0; k < n; k++ {
		m.Edges = append(m.Edges, [2]int32{int32(k), int32(k + 1)})
	}
	return m
}

func meshScene(t *testing.T, m *scene.Mesh) (*scene.Scene, []mgl64.Mat4) {
	t.Helper()
	s, err := scene.New([]scene.Node{{Name: "M", Parent: -1, Local: transform.Identity(), Mesh: m, Color: scene.Cyan}})
	if err != nil {
		t.Fatal(err)
	}
	return s, []mgl64.Mat4{mgl64.Ident4()}
}

// Past the cap every edge-th edge is drawn: 120,000 edges under the
// default cap of 50,000 need a stride of ceil(120000/50000) = 3, so
// 40,000 are drawn; without a cap all 120,000.
func TestEdgeCapThinsEvenly(t *testing.T) {
	cam, vp := axisCamera()
	s, w := meshScene(t, lineMesh(120000))
	var f Frame
	for _, c := range []struct {
		cap, drawn int
	}{{0, 40000}, {-1, 120000}, {200000, 120000}, {7, 7}} {
		f.Begin(cam, vp)
		f.Scene(s, w, Options{EdgeCap: c.cap})
		drawn, total := f.Thinned()
		if drawn != c.drawn || total != 120000 {
			t.Errorf("cap %d: drawn %d of %d, want %d of 120000", c.cap, drawn, total, c.drawn)
		}
		if len(f.Segments) != c.drawn {
			t.Errorf("cap %d: %d segments, want %d", c.cap, len(f.Segments), c.drawn)
		}
	}
	// Thinning is even: the drawn edges span the whole line.
	f.Begin(cam, vp)
	f.Scene(s, w, Options{})
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, sg := range f.Segments {
		lo, hi = math.Min(lo, sg.A[0]), math.Max(hi, sg.B[0])
	}
	// x from -1 to 1 at depth 10 projects to 200 -+ 20 pixels.
	if !(lo <= 180.01 && hi >= 219.9) {
		t.Errorf("thinned edges span pixels %g to %g, want about 180 to 220", lo, hi)
	}
}

// A dot is a cross of two segments of half-width DotSize centred on the
// point's projection; a dot outside the view draws nothing.
func TestMeshDotsAreCrosses(t *testing.T) {
	cam, vp := axisCamera()
	m := &scene.Mesh{Points: []mgl64.Vec3{{1, 0, 0}, {0, 0, 50}}, Dots: []int32{0, 1}}
	s, w := meshScene(t, m)
	var f Frame
	f.Begin(cam, vp)
	f.Scene(s, w, Options{})
	if len(f.Segments) != 2 {
		t.Fatalf("%d segments, want 2 (one dot behind the camera)", len(f.Segments))
	}
	// (1, 0, 0) at depth 10 projects to (200 + 200/10, 200) = (220, 200).
	c := mgl64.Vec2{220, 200}
	for _, sg := range f.Segments {
		if mid := sg.A.Add(sg.B).Mul(0.5); mid.Sub(c).Len() > 1e-9 {
			t.Errorf("cross centred at %v, want %v", mid, c)
		}
		if d := sg.B.Sub(sg.A); math.Abs(math.Abs(d[0])-2*DotSize) > 1e-9 || math.Abs(math.Abs(d[1])-2*DotSize) > 1e-9 {
			t.Errorf("cross arm %v, want %d pixels each way", d, 2*DotSize)
		}
	}
}

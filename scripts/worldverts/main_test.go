package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"skewlab/internal/gltfgen"
)

// vec is a point for the hand algebra below, which composes plain
// functions (scale, rotate, shift) as each fixture's doc comment in
// internal/gltfgen describes it, without matrices.
type vec [3]float64

func add(p, q vec) vec { return vec{p[0] + q[0], p[1] + q[1], p[2] + q[2]} }

func mul(s vec, p vec) vec { return vec{s[0] * p[0], s[1] * p[1], s[2] * p[2]} }

func rad(deg float64) float64 { return deg * math.Pi / 180 }

// rotX, rotY and rotZ turn p counter-clockwise by deg degrees looking
// down the axis.
func rotX(deg float64, p vec) vec {
	c, s := math.Cos(rad(deg)), math.Sin(rad(deg))
	return vec{p[0], c*p[1] - s*p[2], s*p[1] + c*p[2]}
}

func rotY(deg float64, p vec) vec {
	c, s := math.Cos(rad(deg)), math.Sin(rad(deg))
	return vec{c*p[0] + s*p[2], p[1], -s*p[0] + c*p[2]}
}

func rotZ(deg float64, p vec) vec {
	c, s := math.Cos(rad(deg)), math.Sin(rad(deg))
	return vec{c*p[0] - s*p[1], s*p[0] + c*p[1], p[2]}
}

// corners are the unit box's 8 corners (gltfgen's box is -0.5..0.5 with
// 24 vertices, each corner 3 times, once per face).
func corners() []vec {
	var out []vec
	for _, x := range []float64{-0.5, 0.5} {
		for _, y := range []float64{-0.5, 0.5} {
			for _, z := range []float64{-0.5, 0.5} {
				out = append(out, vec{x, y, z})
			}
		}
	}
	return out
}

// writeFixture writes a gltfgen fixture's files into a new directory and
// returns the main file's path.
func writeFixture(t *testing.T, files []gltfgen.File) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, files[0].Name)
}

// runOn runs worldverts on path and decodes its output.
func runOn(t *testing.T, path string) expectation {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run([]string{path}, &stdout, &stderr); code != 0 || stderr.Len() != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	var e expectation
	if err := json.Unmarshal(stdout.Bytes(), &e); err != nil {
		t.Fatalf("output is not JSON: %v", err)
	}
	if e.File != path {
		t.Errorf("file = %q, want %q", e.File, path)
	}
	return e
}

// checkBoxes checks that the listed nodes are want's, in order, and that
// every node's 24 points are its hand-placed box corners (place), each
// corner 3 times, in the same corner order for every node (they share
// one mesh, so the file's vertex order must be kept). It returns the
// hand-computed size: the diagonal of the bounding box of all corners.
func checkBoxes(t *testing.T, e expectation, want []meshNode, place map[int]func(vec) vec) float64 {
	t.Helper()
	if len(e.Nodes) != len(want) {
		t.Fatalf("%d nodes, want %d", len(e.Nodes), len(want))
	}
	lo := vec{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := vec{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	var order []int
	for i, n := range e.Nodes {
		if n.Index != want[i].Index || n.Name != want[i].Name {
			t.Errorf("node %d is %d %q, want %d %q", i, n.Index, n.Name, want[i].Index, want[i].Name)
			continue
		}
		f := place[n.Index]
		if len(n.Points) != 24 {
			t.Errorf("%s: %d points, want 24", n.Name, len(n.Points))
			continue
		}
		var placed []vec
		for _, corner := range corners() {
			w := f(corner)
			placed = append(placed, w)
			for a := range 3 {
				lo[a], hi[a] = min(lo[a], w[a]), max(hi[a], w[a])
			}
		}
		var seq []int
		count := map[int]int{}
		for k, p := range n.Points {
			found := -1
			for c, w := range placed {
				if math.Abs(w[0]-p[0])+math.Abs(w[1]-p[1])+math.Abs(w[2]-p[2]) < 1e-12 {
					found = c
				}
			}
			if found < 0 {
				t.Errorf("%s: point %d = %v is no corner of the hand-placed box", n.Name, k, p)
			}
			seq = append(seq, found)
			count[found]++
		}
		for c := range corners() {
			if count[c] != 3 {
				t.Errorf("%s: corner %v appears %d times, want 3", n.Name, corners()[c], count[c])
			}
		}
		if order == nil {
			order = seq
		} else if !equalInts(seq, order) {
			t.Errorf("%s: corner order %v differs from the first node's %v", n.Name, seq, order)
		}
	}
	return math.Sqrt((hi[0]-lo[0])*(hi[0]-lo[0]) + (hi[1]-lo[1])*(hi[1]-lo[1]) + (hi[2]-lo[2])*(hi[2]-lo[2]))
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestRigByHand checks the skewed rig (rig.glb and rig.gltf with its
// rig.bin) against gltfgen.Rig's documented nodes, composed by hand:
// Hips = T(0,1,0) S(1,2.5,1); Spine = Hips T(0,0.8,0) Rz(35); Head =
// Spine T(0,0.9,0) Rx(25) S(0.6); Tail = Hips T(0,-0.6,0) Ry(90).
func TestRigByHand(t *testing.T) {
	hips := func(p vec) vec { return add(vec{0, 1, 0}, mul(vec{1, 2.5, 1}, p)) }
	spine := func(p vec) vec { return hips(add(vec{0, 0.8, 0}, rotZ(35, p))) }
	head := func(p vec) vec { return spine(add(vec{0, 0.9, 0}, rotX(25, mul(vec{0.6, 0.6, 0.6}, p)))) }
	tail := func(p vec) vec { return hips(add(vec{0, -0.6, 0}, rotY(90, p))) }
	place := map[int]func(vec) vec{0: hips, 1: spine, 2: head, 3: tail}
	want := []meshNode{{Index: 0, Name: "Hips"}, {Index: 1, Name: "Spine"}, {Index: 2, Name: "Head"}, {Index: 3, Name: "Tail"}}
	for _, files := range [][]gltfgen.File{gltfgen.RigGLB(), gltfgen.Rig()} {
		t.Run(files[0].Name, func(t *testing.T) {
			e := runOn(t, writeFixture(t, files))
			size := checkBoxes(t, e, want, place)
			if math.Abs(e.Size-size) > 1e-12 {
				t.Errorf("size = %v, want %v", e.Size, size)
			}
		})
	}
}

// TestScenesOnceEach: scenes.gltf's mesh nodes are 0 Left (scene 0, not
// the default), 2 Extra (skinned: placed by its own node, at the origin)
// and 6 (child of Right at (2,0,0), itself at (0,0,2); its unprintable
// name becomes BadName#6); each is listed
// once, by index, and the size spans both scenes.
func TestScenesOnceEach(t *testing.T) {
	e := runOn(t, writeFixture(t, gltfgen.Scenes()))
	if len(e.Nodes) != 3 {
		t.Fatalf("%d nodes, want 3", len(e.Nodes))
	}
	shift := func(d vec) func(vec) vec { return func(p vec) vec { return add(d, p) } }
	// The skinned box (Extra) has the box's corners but not the box's
	// vertex order, so only Left and node 6 go through checkBoxes.
	boxes := expectation{Nodes: []meshNode{e.Nodes[0], e.Nodes[2]}}
	checkBoxes(t, boxes, []meshNode{{Index: 0, Name: "Left"}, {Index: 6, Name: "BadName#6"}},
		map[int]func(vec) vec{0: shift(vec{-2, 0, 0}), 6: shift(vec{2, 0, 2})})
	if n := e.Nodes[1]; n.Index != 2 || n.Name != "Extra" || len(n.Points) != 24 {
		t.Errorf("node 1 is %d %q with %d points, want 2 Extra with 24", n.Index, n.Name, len(n.Points))
	}
	// x from -2.5 (Left) to 2.5 (node 6), y -0.5..0.5, z -0.5..2.5.
	if want := math.Sqrt(5*5 + 1*1 + 3*3); math.Abs(e.Size-want) > 1e-12 {
		t.Errorf("size = %v, want %v", e.Size, want)
	}
}

// TestMatrixNode: matrix.gltf's Kid sits under Mat, given by a matrix that
// is T(1,2,3) Ry(30) S(2,1,0.5); Kid is T(0,1,0) Rx(45); Plain is
// T(-2,0,0) S(1.5).
func TestMatrixNode(t *testing.T) {
	mat := func(p vec) vec { return add(vec{1, 2, 3}, rotY(30, mul(vec{2, 1, 0.5}, p))) }
	kid := func(p vec) vec { return mat(add(vec{0, 1, 0}, rotX(45, p))) }
	plain := func(p vec) vec { return add(vec{-2, 0, 0}, mul(vec{1.5, 1.5, 1.5}, p)) }
	e := runOn(t, writeFixture(t, gltfgen.Matrix()))
	size := checkBoxes(t, e, []meshNode{{Index: 1, Name: "Kid"}, {Index: 2, Name: "Plain"}},
		map[int]func(vec) vec{1: kid, 2: plain})
	if math.Abs(e.Size-size) > 1e-12 {
		t.Errorf("size = %v, want %v", e.Size, size)
	}
}

// TestPrimitivesInOrder: prims.gltf's one mesh has 7 primitives of 4, 4,
// 4, 4, 6, 4 and 6 points, primitive m shifted 2m along x; the points are
// concatenated in primitive order.
func TestPrimitivesInOrder(t *testing.T) {
	e := runOn(t, writeFixture(t, gltfgen.Prims()))
	if len(e.Nodes) != 1 || e.Nodes[0].Name != "Prims" || len(e.Nodes[0].Points) != 32 {
		t.Fatalf("got %+v, want one node Prims with 32 points", e.Nodes)
	}
	start := 0
	for m, n := range []int{4, 4, 4, 4, 6, 4, 6} {
		first := vec{2 * float64(m), 0, 0} // a square's, the strip's and the triangles' first point is (0, 0)
		if m == 6 {
			first = vec{12.5, 0.5, 0} // the fan's centre
		}
		if got := e.Nodes[0].Points[start]; vec(got) != first {
			t.Errorf("primitive %d's first point = %v, want %v", m, got, first)
		}
		start += n
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	notGLTF := writeFixture(t, gltfgen.NotGLTF())
	for _, args := range [][]string{
		{},
		{"a.glb", "b.glb"},
		{"-x"},
		{filepath.Join(dir, "missing.glb")},
		{notGLTF},
	} {
		var stdout, stderr bytes.Buffer
		code := run(args, &stdout, &stderr)
		msg := stderr.String()
		if code != 2 || stdout.Len() != 0 || !strings.HasPrefix(msg, "worldverts: ") || strings.Count(msg, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2, nothing, one worldverts: line", args, code, stdout.String(), msg)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-h"}, &stdout, &stderr); code != 0 || !strings.HasPrefix(stdout.String(), "usage: ") {
		t.Errorf("-h: exit %d, stdout %q", code, stdout.String())
	}
}

// -anim: the stretchy arm's expectation over time holds both animations
// (the copy keeps them, in order), one frame per sample and half way
// between (the 65 samples of "stretch" give 129 frames), and at t = 1 s
// of "stretch" the fingertip's centre (vertex 385, weight 1 on Hand, 0.3
// past the wrist) where the hand algebra puts it: in Root's frame Hand
// lies at (-a sin θ, s + s cos θ) and the tip 0.3 (-a sin θ, s cos θ)
// further (Hand's linear part diag(a, s, a) Rz(θ)), with s = 2, a =
// 1/√2, θ = 100°; Root's turn maps (x, y) to (y, -x): world (s + 1.3 s
// cos θ, 1.3 a sin θ, 0). The stated error is the bake's, 8.6% of the
// size.
func TestAnimStretchyArm(t *testing.T) {
	path := writeFixture(t, gltfgen.StretchyArm())
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-anim", "30", path}, &stdout, &stderr); code != 0 || stderr.Len() != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	var e animExpectation
	if err := json.Unmarshal(stdout.Bytes(), &e); err != nil {
		t.Fatal(err)
	}
	if len(e.Animations) != 2 || e.Animations[0].Name != "stretch" || e.Animations[1].Copy != 1 || len(e.Animations[0].Frames) != 129 {
		t.Fatalf("animations %d, first %q with %d frames", len(e.Animations), e.Animations[0].Name, len(e.Animations[0].Frames))
	}
	if !(e.Stated > 0.08 && e.Stated < 0.09) || e.FPS != 30 {
		t.Errorf("stated %g, fps %g; want about 0.086 at 30", e.Stated, e.FPS)
	}
	s, a, th := 2.0, 1/math.Sqrt2, rad(100)
	want := vec{s + 1.3*s*math.Cos(th), 1.3 * a * math.Sin(th), 0}
	for _, fr := range e.Animations[0].Frames {
		if fr.Time != 1 {
			continue
		}
		if len(fr.Nodes) != 1 || len(fr.Nodes[0].Points) != 386 {
			t.Fatalf("at 1 s: %d nodes", len(fr.Nodes))
		}
		got := fr.Nodes[0].Points[385]
		if d := math.Hypot(math.Hypot(got[0]-want[0], got[1]-want[1]), got[2]-want[2]); d > 1e-6 {
			t.Errorf("fingertip at 1 s: %v, by hand %v", got, want)
		}
		return
	}
	t.Error("no frame at t = 1 s")
}

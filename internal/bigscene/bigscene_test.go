package bigscene

import (
	"bytes"
	"testing"

	"skewlab/scene"
)

// TestWriteJSONLoads: the written file loads as a valid scene equal to
// the in-memory nodes (after scene.New's rotation normalization), with
// the parents the shapes promise.
func TestWriteJSONLoads(t *testing.T) {
	const tol = 1e-15
	for _, shape := range Shapes {
		nodes, err := Nodes(341, shape)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteJSON(&b, nodes); err != nil {
			t.Fatal(err)
		}
		got, err := scene.Unmarshal(shape+".json", b.Bytes())
		if err != nil {
			t.Fatalf("%s: %v", shape, err)
		}
		want, err := scene.New(nodes)
		if err != nil {
			t.Fatalf("%s: %v", shape, err)
		}
		if len(got.Nodes) != len(want.Nodes) {
			t.Fatalf("%s: %d nodes, want %d", shape, len(got.Nodes), len(want.Nodes))
		}
		for i := range got.Nodes {
			g, w := got.Nodes[i], want.Nodes[i]
			parent := (i - 1) / 4
			if shape == "chain" {
				parent = i - 1
			}
			if i == 0 {
				parent = -1
			}
			if g.Parent != parent || g.Parent != w.Parent || g.Name != w.Name || g.Shape != w.Shape || g.Color != w.Color {
				t.Fatalf("%s node %d: %+v, want %+v (parent %d)", shape, i, g, w, parent)
			}
			gl, wl := g.Local, w.Local
			for k := 0; k < 3; k++ {
				if d := gl.Position[k] - wl.Position[k] + gl.Scale[k] - wl.Scale[k] + gl.Rotation.V[k] - wl.Rotation.V[k]; !(d <= tol && d >= -tol) {
					t.Fatalf("%s node %d: local %+v, want %+v", shape, i, gl, wl)
				}
			}
		}
	}
}

func TestNodesRefusesBadInput(t *testing.T) {
	for _, c := range []struct {
		n     int
		shape string
	}{{0, "4ary"}, {-1, "chain"}, {10, "tree"}} {
		if _, err := Nodes(c.n, c.shape); err == nil {
			t.Errorf("Nodes(%d, %q) accepted", c.n, c.shape)
		}
	}
}

// Grow in slices makes the scene Nodes makes in one call, and each
// prefix of it is the smaller scene: the cost lab relies on both.
func TestGrowInSlicesIsNodes(t *testing.T) {
	for _, shape := range Shapes {
		want, err := Nodes(1000, shape)
		if err != nil {
			t.Fatal(err)
		}
		var got []scene.Node
		have := 0 // nodes so far: Grow never shrinks
		for _, n := range []int{0, 1, 7, 7, 300, 999, 1000, 5} {
			if got, err = Grow(got, n, shape); err != nil {
				t.Fatal(err)
			}
			have = max(have, n)
			if len(got) != have {
				t.Fatalf("%s: Grow to %d left %d nodes, want %d", shape, n, len(got), have)
			}
		}
		if len(got) != 1000 {
			t.Fatalf("%s: %d nodes, want 1000", shape, len(got))
		}
		small, _ := Nodes(300, shape)
		for i := range want {
			if got[i].Name != want[i].Name || got[i].Parent != want[i].Parent || got[i].Local != want[i].Local || got[i].Shape != want[i].Shape {
				t.Fatalf("%s node %d: grown %+v, want %+v", shape, i, got[i], want[i])
			}
			if i < len(small) && (small[i].Parent != want[i].Parent || small[i].Local != want[i].Local) {
				t.Fatalf("%s node %d: the 300-node scene differs from the 1000-node one's prefix", shape, i)
			}
		}
	}
	if _, err := Grow(nil, 10, "tree"); err == nil {
		t.Error("Grow accepted shape tree")
	}
}

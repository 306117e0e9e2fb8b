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

// Package bigscene builds the large generated scenes of skewlab's scale
// measurements: a 4-ary tree (node i's parent is (i-1)/4) and a chain
// (node i's parent is i-1), as parents-first scene.Node slices and as
// skewlab-scene/1 files. The same n and shape give the same scene in the
// benchmarks (in memory) and from scripts/genscene (on disk).
package bigscene

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// Shapes lists the shape names Nodes accepts.
var Shapes = []string{"4ary", "chain"}

// palette colours the nodes by their child index (tree) or position
// (chain), so neighbouring nodes differ.
var palette = [4]scene.Color{{1, 0, 1}, {0, 1, 1}, {1, 0.6, 0.1}, {0.6, 0.6, 0.6}}

// Nodes returns n nodes (names N0, N1, ...) of the given shape, or an
// error for n < 1 or an unknown shape.
//
// "4ary": node i > 0 hangs off (i-1)/4 as its child k = (i-1)%4, offset
// 1.5 units along one of four horizontal directions and 0.5 up, turned
// 25 degrees about an axis that depends on k, with the non-uniform scale
// (0.8, 0.6, 0.7), so the modes disagree (skew) at every level; shapes
// cycle box, box, cylinder, none. "chain": node i > 0 hangs off i-1,
// 0.3 units along its parent's x and 0.002 up, turned 7.2 degrees about
// y, scale 1 (a helix that stays finite however long), shapes box and
// none alternately. Every value is finite and far within the scene
// limits; rotations are unit quaternions.
func Nodes(n int, shape string) ([]scene.Node, error) {
	if n < 1 {
		return nil, fmt.Errorf("bigscene: want at least one node, got %d", n)
	}
	return Grow(make([]scene.Node, 0, n), n, shape)
}

// Grow extends nodes, the first len(nodes) nodes of the given shape (as
// Nodes or an earlier Grow made them; nil or empty to start), to the first
// n, appending to it, so that a large scene can be built in slices (the
// cost lab builds its 10^6-node scenes a slice per tick) and every prefix
// of it is the scene Nodes makes of that size: the shapes' parents come
// before their children. It returns nodes unchanged when n <= len(nodes),
// and an error for an unknown shape.
func Grow(nodes []scene.Node, n int, shape string) ([]scene.Node, error) {
	var local func(i int) scene.Node
	switch shape {
	case "4ary":
		local = treeNode
	case "chain":
		local = chainNode
	default:
		return nodes, fmt.Errorf("bigscene: unknown shape %q (valid: 4ary, chain)", shape)
	}
	for i := len(nodes); i < n; i++ {
		if i == 0 {
			nodes = append(nodes, scene.Node{Name: "N0", Parent: -1, Local: transform.Identity(), Shape: scene.ShapeBox, Color: palette[0]})
			continue
		}
		nodes = append(nodes, local(i))
	}
	return nodes, nil
}

func treeNode(i int) scene.Node {
	k := (i - 1) % 4
	dirs := [4]mgl64.Vec3{{1.5, 0.5, 0}, {-1.5, 0.5, 0}, {0, 0.5, 1.5}, {0, 0.5, -1.5}}
	axes := [4]mgl64.Vec3{{0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {1, 1, 1}}
	shapes := [4]scene.Shape{scene.ShapeBox, scene.ShapeBox, scene.ShapeCylinder, scene.ShapeNone}
	return scene.Node{
		Name:   "N" + strconv.Itoa(i),
		Parent: (i - 1) / 4,
		Local: transform.TRS{
			Position: dirs[k],
			Rotation: mgl64.QuatRotate(25*math.Pi/180, axes[k].Normalize()),
			Scale:    mgl64.Vec3{0.8, 0.6, 0.7},
		},
		Shape: shapes[k],
		Color: palette[k],
	}
}

func chainNode(i int) scene.Node {
	sh := scene.ShapeNone
	if i%2 == 0 {
		sh = scene.ShapeBox
	}
	return scene.Node{
		Name:   "N" + strconv.Itoa(i),
		Parent: i - 1,
		Local: transform.TRS{
			Position: mgl64.Vec3{0.3, 0.002, 0},
			Rotation: mgl64.QuatRotate(7.2*math.Pi/180, mgl64.Vec3{0, 1, 0}),
			Scale:    mgl64.Vec3{1, 1, 1},
		},
		Shape: sh,
		Color: palette[i%4],
	}
}

// WriteJSON writes nodes as a skewlab-scene/1 file (docs/scene-files.md), one node per line, streaming: memory does not grow with the
// number of nodes. Parents are written by name, so nodes must have
// distinct names and parents before children, as Nodes returns them.
// It returns the first write error.
func WriteJSON(w io.Writer, nodes []scene.Node) error {
	b := bufio.NewWriter(w)
	line := make([]byte, 0, 512)
	fmt.Fprintf(b, "{\n  \"format\": %q,\n  \"nodes\": [\n", scene.FileFormat)
	for i := range nodes {
		nd := &nodes[i]
		line = append(line[:0], "    {\"name\": "...)
		line = strconv.AppendQuote(line, nd.Name)
		line = append(line, ", \"parent\": "...)
		if nd.Parent < 0 {
			line = append(line, "null"...)
		} else {
			line = strconv.AppendQuote(line, nodes[nd.Parent].Name)
		}
		p, q, s := nd.Local.Position, nd.Local.Rotation, nd.Local.Scale
		line = appendNums(append(line, ", \"position\": "...), p[0], p[1], p[2])
		line = appendNums(append(line, ", \"rotation\": "...), q.W, q.V[0], q.V[1], q.V[2])
		line = appendNums(append(line, ", \"scale\": "...), s[0], s[1], s[2])
		line = append(line, ", \"shape\": "...)
		line = strconv.AppendQuote(line, nd.Shape.String())
		line = appendNums(append(line, ", \"color\": "...), nd.Color[0], nd.Color[1], nd.Color[2])
		line = append(line, '}')
		if i < len(nodes)-1 {
			line = append(line, ',')
		}
		line = append(line, '\n')
		if _, err := b.Write(line); err != nil {
			return err
		}
	}
	b.WriteString("  ]\n}\n")
	return b.Flush()
}

// appendNums appends a JSON array of xs, each in the shortest form that
// reads back exactly.
func appendNums(b []byte, xs ...float64) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendFloat(b, x, 'g', -1, 64)
	}
	return append(b, ']')
}

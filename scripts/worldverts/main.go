// Command worldverts writes skewlab's expectation for the bake check
// (make bakecheck, checks/gltf/bakecheck.mjs): the world position of every
// mesh vertex of a glTF file under matrix accumulation (a node's local
// transform is its matrix, or T*R*S; world = parentWorld * local; column
// vectors), as JSON on stdout:
//
//	go run ./scripts/worldverts FILE.gltf|FILE.glb > expect.json
//
// The file is read with skewlab's reader (gltfio.Load) and the world
// matrices are modes.AccumulateMatrices' reference implementation. The
// JSON is
//
//	{"file": FILE, "size": S, "nodes": [{"index": I, "name": N, "points": [[x, y, z], ...]}, ...]}
//
// nodes holds every node that is in any of the file's scenes and has a
// mesh with at least one POSITION vertex, once each, by glTF node index
// ascending; name is skewlab's name for it (a missing or duplicate name
// becomes name#index). points are the mesh's POSITIONs (every primitive
// that has one, in primitive order) in world space. The node's own world
// matrix places them even for a skinned mesh, as skewlab draws it. A
// node's world matrix depends only on its ancestors, so a node in several
// scenes has the same points in each.
//
// size is the diagonal of the bounding box of all those points, over all
// scenes, not only the default one: a bake rewrites every scene's nodes,
// and the measure should not change with which scene a file shows first.
// It is 0 when there are no points.
//
// Errors (a bad command line, a file skewlab cannot read) are one line on
// stderr, exit status 2.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"slices"

	"skewlab/gltfio"
	"skewlab/modes"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// meshNode is one mesh node's world vertices.
type meshNode struct {
	Index  int          `json:"index"`
	Name   string       `json:"name"`
	Points [][3]float64 `json:"points"`
}

// expectation is the JSON worldverts writes.
type expectation struct {
	File  string     `json:"file"`
	Size  float64    `json:"size"`
	Nodes []meshNode `json:"nodes"`
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprintln(stdout, "usage: go run ./scripts/worldverts FILE.gltf|FILE.glb > expect.json")
		return 0
	}
	if len(args) != 1 || len(args[0]) > 0 && args[0][0] == '-' {
		return fail(stderr, fmt.Errorf("want one glTF file, got %q (usage: worldverts FILE.gltf|FILE.glb)", args))
	}
	e, err := expect(args[0])
	if err != nil {
		return fail(stderr, err)
	}
	w := bufio.NewWriter(stdout)
	if err := json.NewEncoder(w).Encode(e); err != nil {
		return fail(stderr, err)
	}
	if err := w.Flush(); err != nil {
		return fail(stderr, err)
	}
	return 0
}

// expect loads the glTF file at path and returns its expectation.
func expect(path string) (*expectation, error) {
	f, err := gltfio.Load(path)
	if err != nil {
		return nil, err
	}
	e := &expectation{File: path, Nodes: []meshNode{}}
	seen := map[int]bool{}
	lo := [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := [3]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for i := range f.Scenes {
		sc, err := f.Build(i)
		if err != nil {
			return nil, err
		}
		world := modes.AccumulateMatrices.Reference(sc.Scene.Nodes)
		for k, n := range sc.Scene.Nodes {
			gi := sc.Index[k]
			if sc.Instance[k] >= 0 || n.Mesh == nil || len(n.Mesh.Points) == 0 || seen[gi] {
				continue
			}
			seen[gi] = true
			pts := make([][3]float64, len(n.Mesh.Points))
			for j, p := range n.Mesh.Points {
				w := world[k].Mul4x1(p.Vec4(1))
				for c := range 3 {
					pts[j][c] = w[c]
					lo[c], hi[c] = min(lo[c], w[c]), max(hi[c], w[c])
				}
			}
			e.Nodes = append(e.Nodes, meshNode{Index: gi, Name: n.Name, Points: pts})
		}
	}
	slices.SortFunc(e.Nodes, func(a, b meshNode) int { return a.Index - b.Index })
	if len(e.Nodes) > 0 {
		e.Size = math.Hypot(math.Hypot(hi[0]-lo[0], hi[1]-lo[1]), hi[2]-lo[2])
	}
	return e, nil
}

func fail(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "worldverts: %v\n", err)
	return 2
}

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
// With -anim FPS it writes the expectation of an animated bake instead
// (make bakecheck, checks/gltf/animcheck.mjs):
//
//	go run ./scripts/worldverts -anim FPS FILE.gltf|FILE.glb > expect.json
//
//	{"file": FILE, "fps": FPS, "size": S, "stated": E, "animations": [{"index": I, "copy": C, "name": N,
//	  "frames": [{"time": T, "nodes": [{"index": I, "name": N, "points": [[x, y, z], ...]}, ...]}, ...]}, ...]}
//
// For every animation the animated bake keeps (gltfio.BakeAnim at FPS:
// index in the original, copy its index in the copy) and every time it
// checks (gltfio.AnimClip.CheckTimes: every sample and half way
// between), the world vertices of every mesh node in a scene of the
// ORIGINAL as skewlab plays it under accumulate-matrices: the animation
// applied (scene.Animation.Apply), morphed and skinned (scene.Deformer;
// a skinned mesh where its joints put it, as glTF draws it, unlike the
// static expectation above). size and stated are the bake's
// (AnimBake.Size, AnimBake.Worst): the copy must play within stated
// times size of these points, plus float32 rounding.
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
	"path/filepath"
	"slices"
	"strconv"

	"skewlab/gltfio"
	"skewlab/modes"
	"skewlab/scene"
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
		fmt.Fprintln(stdout, "usage: go run ./scripts/worldverts [-anim FPS] FILE.gltf|FILE.glb > expect.json")
		return 0
	}
	var e any
	var err error
	switch {
	case len(args) == 3 && args[0] == "-anim":
		fps, perr := strconv.ParseFloat(args[1], 64)
		if perr != nil {
			return fail(stderr, fmt.Errorf("-anim %q: want samples per second", args[1]))
		}
		e, err = expectAnim(args[2], fps)
	case len(args) != 1 || len(args[0]) > 0 && args[0][0] == '-':
		return fail(stderr, fmt.Errorf("want one glTF file, got %q (usage: worldverts [-anim FPS] FILE.gltf|FILE.glb)", args))
	default:
		e, err = expect(args[0])
	}
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

// animExpectation is the JSON worldverts -anim writes.
type animExpectation struct {
	File       string     `json:"file"`
	FPS        float64    `json:"fps"`
	Size       float64    `json:"size"`
	Stated     float64    `json:"stated"`
	Animations []animClip `json:"animations"`
}

type animClip struct {
	Index  int         `json:"index"`
	Copy   int         `json:"copy"`
	Name   string      `json:"name"`
	Frames []animFrame `json:"frames"`
}

type animFrame struct {
	Time  float64    `json:"time"`
	Nodes []meshNode `json:"nodes"`
}

// expectAnim loads the glTF file at path, bakes it with -anim at fps for
// its clips, size and stated error, and returns the original's world
// vertices at every check time of every animation the copy keeps.
func expectAnim(path string, fps float64) (*animExpectation, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dir, done, err := gltfio.Folder(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	defer done()
	baked, err := gltfio.BakeAnim(path, data, dir, fps)
	if err != nil {
		return nil, err
	}
	a := baked.Anim
	e := &animExpectation{File: path, FPS: fps, Size: a.Size, Stated: a.Worst, Animations: []animClip{}}
	f := baked.Original
	scenes := make([]*gltfio.Built, len(f.Scenes))
	for i := range f.Scenes {
		if scenes[i], err = f.Build(i); err != nil {
			return nil, err
		}
	}
	var d scene.Deformer
	for _, c := range a.Clips {
		if c.Copy < 0 {
			continue
		}
		clip := animClip{Index: c.Index, Copy: c.Copy, Name: c.Name}
		for _, t := range c.CheckTimes() {
			fr := animFrame{Time: t, Nodes: []meshNode{}}
			seen := map[int]bool{}
			for _, sc := range scenes {
				nodes := sc.Scene.Clone().Nodes
				sc.Scene.Animations[c.Index].Apply(nodes, t)
				world := modes.AccumulateMatrices.Reference(nodes)
				for k := range nodes {
					n := &nodes[k]
					gi := sc.Index[k]
					if sc.Instance[k] >= 0 || n.Mesh == nil || len(n.Mesh.Points) == 0 || seen[gi] {
						continue
					}
					seen[gi] = true
					pts := d.Points(n, world)
					out := make([][3]float64, len(pts))
					skinned := n.Skin != nil && n.Mesh.Skinned()
					for j, p := range pts {
						if !skinned {
							p = world[k].Mul4x1(p.Vec4(1)).Vec3()
						}
						out[j] = p
					}
					fr.Nodes = append(fr.Nodes, meshNode{Index: gi, Name: n.Name, Points: out})
				}
			}
			slices.SortFunc(fr.Nodes, func(a, b meshNode) int { return a.Index - b.Index })
			clip.Frames = append(clip.Frames, fr)
		}
		e.Animations = append(e.Animations, clip)
	}
	return e, nil
}

func fail(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "worldverts: %v\n", err)
	return 2
}

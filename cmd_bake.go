//go:build !js

package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/audit"
	"skewlab/cli"
	"skewlab/gltfio"
	"skewlab/modes"
	"skewlab/scene"
)

// bakeCommand is `skewlab bake`; main.go's command table lists it.
var bakeCommand = cli.Command{
	Name:    "bake",
	Summary: "write a copy of a glTF file that every engine draws the same (scale 1 nodes, shear in the meshes)",
	Run:     runBake,
}

// bakeTolerance is the promise `bake` checks before it writes: under
// every rule the copy's world vertices are the original's under
// accumulate-matrices to this fraction of the model's size.
const bakeTolerance = 1e-5

// runBake reads FILE, bakes it (gltfio.Bake), reads the copy back and
// checks it under every rule, then writes it to -o (through a temporary
// file beside it, so a failed write leaves no half file). Exit status: 0
// written, 2 a bad command line or an unreadable file (one line on
// stderr, nothing on stdout), 1 when the copy fails its check or cannot
// be written (nothing written).
func runBake(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("bake", "skewlab bake FILE.gltf|FILE.glb -o OUT.glb")
	out := fs.String("o", "", "output `FILE`, .glb (required; never the input)")
	pos, code := cli.ParseArgs(fs, args, stdout, stderr)
	if code >= 0 {
		return code
	}
	fail := func(err error) int { return cli.UsageError(stderr, "bake", err) }
	if len(pos) != 1 {
		return fail(fmt.Errorf("want one FILE.gltf or FILE.glb to bake, got %d (%s)", len(pos), cli.HelpHint("bake")))
	}
	in := pos[0]
	if *out == "" || !strings.EqualFold(filepath.Ext(*out), ".glb") {
		return fail(errors.New("-o OUT.glb is required (the copy is written as one binary glTF file)"))
	}
	if same(in, *out) {
		return fail(fmt.Errorf("-o %s is the input file; write the copy beside it", *out))
	}
	data, err := scene.ReadFile(in, gltfio.MaxFileBytes)
	if err != nil {
		return fail(fmt.Errorf("%s: %w", in, err))
	}
	if !gltfio.IsGLTF(in, data) {
		return fail(fmt.Errorf("%s: not a glTF file (.gltf or .glb); bake writes glTF", in))
	}
	dir, done, err := gltfio.Folder(filepath.Dir(in))
	if err != nil {
		return fail(fmt.Errorf("%s: %w", in, err))
	}
	baked, err := gltfio.Bake(in, data, dir)
	done()
	if err != nil {
		return fail(err)
	}
	// The check builds every scene: a file whose scenes hold more nodes
	// in all than skewlab builds at once is refused, not checked in part.
	if err := baked.Original.CheckNodes(nil); err != nil {
		return fail(err)
	}
	copyFile, err := gltfio.Read(*out, baked.GLB, nil)
	if err != nil {
		return cli.RunFailure(stderr, "bake", fmt.Errorf("the copy does not read back (a bug; nothing written): %v", err))
	}
	chk, err := checkBake(baked.Original, copyFile, baked.Expanded)
	if err != nil {
		return cli.RunFailure(stderr, "bake", fmt.Errorf("%v (a bug; nothing written)", err))
	}
	if chk.worst > bakeTolerance {
		return cli.RunFailure(stderr, "bake", fmt.Errorf("under %s the copy's world vertices are %.3g of the model's size from the original's under accumulate-matrices, over %g (a bug; nothing written)", chk.rule, chk.worst, bakeTolerance))
	}
	err = writeAtomic(*out, func(w io.Writer) error {
		_, err := w.Write(baked.GLB)
		return err
	})
	if err != nil {
		return cli.RunFailure(stderr, "bake", fmt.Errorf("writing %s: %v (nothing written)", *out, err))
	}
	fmt.Fprintf(stdout, "baked %s -> %s (%d bytes)\n", in, *out, len(baked.GLB))
	fmt.Fprintf(stdout, "  %d node(s): %d had a scale, mirror or shear in their world and now have scale 1; every node is rotation and translation\n", baked.Nodes, baked.Reshaped)
	fmt.Fprintf(stdout, "  %d mesh form(s) written (%d as copies, for nodes that share a mesh but need different forms), %d mirrored (winding and tangent w flipped)\n", baked.Meshes, baked.Copies, baked.Mirrored)
	fmt.Fprintf(stdout, "  check: all %d rules draw the copy's %s where accumulate-matrices draws the original's, to %.2g of its size %.6g\n", len(modes.All), chk.what(), chk.worst, chk.size)
	for _, n := range baked.Notes {
		fmt.Fprintf(stdout, "  note: %s\n", n)
	}
	return 0
}

// same reports whether a and b name the same file (b need not exist).
func same(a, b string) bool {
	ia, err1 := os.Stat(a)
	ib, err2 := os.Stat(b)
	if err1 == nil && err2 == nil {
		return os.SameFile(ia, ib)
	}
	pa, _ := filepath.Abs(a)
	pb, _ := filepath.Abs(b)
	return pa == pb
}

// bakeCheck is checkBake's result: the largest distance found as a
// fraction of the model's size, the rule it was under, the size, and
// what was compared per rule: node origins, mesh vertices (instances'
// included) and skinned vertices.
type bakeCheck struct {
	worst    float64
	rule     string
	size     float64
	origins  int
	vertices int
	skinned  int
}

// checkBake compares, scene by scene, the copy drawn by every rule with
// the original drawn by accumulate-matrices: every node's world origin,
// every mesh vertex (an instance's included; nodes matched by glTF index
// and instance number, or through expanded, the bake's map from an
// instance to the node it became) and every skinned vertex at the file's
// rest pose
// (Σ w_j · W_j · IBM_j · v, W_j the joints' worlds under the rule).
// Distances are fractions of the scene's size: the diagonal of the
// bounding box of its world vertices under accumulate-matrices (of its
// node positions when it has no mesh; 1 when that is 0): audit's size.
// It refuses to compare more than gltfio.MaxSceneNodes nodes in all.
func checkBake(orig, cp *gltfio.File, expanded map[[2]int]int) (bakeCheck, error) {
	var res bakeCheck
	if len(cp.Scenes) != len(orig.Scenes) {
		return res, fmt.Errorf("the copy has %d scenes, the original %d", len(cp.Scenes), len(orig.Scenes))
	}
	if err := orig.CheckNodes(nil); err != nil {
		return res, err
	}
	for si := range orig.Scenes {
		s, err := orig.Build(si)
		if err != nil {
			return res, err
		}
		c, err := cp.Build(si)
		if err != nil {
			return res, fmt.Errorf("the copy's scene %d does not build: %v", si, err)
		}
		type key struct{ node, instance int }
		in := make(map[key]int, len(c.Index))
		for k := range c.Index {
			in[key{c.Index[k], c.Instance[k]}] = k
		}
		match := make([]int, len(s.Index))
		for k := range s.Index {
			ck, ok := in[key{s.Index[k], s.Instance[k]}]
			if ci, moved := expanded[[2]int{s.Index[k], s.Instance[k]}]; moved {
				ck, ok = in[key{ci, -1}]
			}
			if !ok {
				return res, fmt.Errorf("scene %s: the copy has no node %s", s.Label, s.Scene.Nodes[k].Name)
			}
			match[k] = ck
		}
		want := modes.AccumulateMatrices.Reference(s.Scene.Nodes)
		// The size as audit measures it (a file without a point to
		// measure gets 1, as the check's fractions then are units).
		size := 1.0
		if r := audit.Check(s.Scene.Nodes, []modes.Mode{modes.AccumulateMatrices}, audit.DefaultTolerance); r.SizeOK {
			size = r.Size
		}
		res.size = max(res.size, size)
		for _, m := range modes.All {
			got := m.Reference(c.Scene.Nodes)
			var origins, verts, skinned int
			for i, nd := range s.Scene.Nodes {
				ci := match[i]
				cn := &c.Scene.Nodes[ci]
				d := mulPoint(got[ci], mgl64.Vec3{}).Sub(mulPoint(want[i], mgl64.Vec3{})).Len()
				origins++
				if nd.Mesh != nil {
					cm := cn.Mesh
					if cm == nil || len(cm.Points) != len(nd.Mesh.Points) || (nd.Skin == nil) != (cn.Skin == nil) {
						return res, fmt.Errorf("node %s: the copy's mesh has other vertices", nd.Name)
					}
					for k, p := range nd.Mesh.Points {
						if nd.Skin != nil {
							a := scene.SkinPoint(cm, cn.Skin, k, got)
							b := scene.SkinPoint(nd.Mesh, nd.Skin, k, want)
							d = max(d, a.Sub(b).Len())
							continue
						}
						d = max(d, mulPoint(got[ci], cm.Points[k]).Sub(mulPoint(want[i], p)).Len())
					}
					if nd.Skin != nil {
						skinned += len(cm.Points)
					} else {
						verts += len(cm.Points)
					}
				}
				f := d / size
				if math.IsNaN(f) {
					f = math.Inf(1)
				}
				if f > res.worst || res.rule == "" {
					res.worst, res.rule = f, m.Name
				}
			}
			res.origins, res.vertices, res.skinned = max(res.origins, origins), max(res.vertices, verts), max(res.skinned, skinned)
		}
	}
	return res, nil
}

func mulPoint(m mgl64.Mat4, p mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{
		m[0]*p[0] + m[4]*p[1] + m[8]*p[2] + m[12],
		m[1]*p[0] + m[5]*p[1] + m[9]*p[2] + m[13],
		m[2]*p[0] + m[6]*p[1] + m[10]*p[2] + m[14],
	}
}

// what lists what the check compared, for bake's output: never "0
// vertices" alone (every scene has at least one node origin).
func (c bakeCheck) what() string {
	parts := []string{plural(c.origins, "node origin")}
	if c.vertices > 0 {
		parts = append(parts, plural(c.vertices, "mesh vertex"))
	}
	if c.skinned > 0 {
		parts = append(parts, plural(c.skinned, "skinned vertex")+" (at the rest pose)")
	}
	return strings.Join(parts, ", ")
}

// plural returns "1 thing" or "N things" (vertex -> vertices).
func plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	if strings.HasSuffix(one, "vertex") {
		return fmt.Sprintf("%d %sices", n, strings.TrimSuffix(one, "ex"))
	}
	return fmt.Sprintf("%d %ss", n, one)
}

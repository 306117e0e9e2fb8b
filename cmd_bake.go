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
	Summary: "write a copy of a glTF file that every engine draws the same (scale 1 nodes, shear in the meshes); -anim: plays the same, the error stated",
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
	fs := cli.NewFlagSet("bake", "skewlab bake FILE.gltf|FILE.glb -o OUT.glb [-anim [-fps N] [-max-error FRACTION]]\n"+
		"-anim keeps the animations: nodes under a scale the rules pass on differently are flattened to resampled keys, and the error that costs is measured (docs/bake.md).\n"+
		"exit status: 0 written, 1 not written (-anim: the error is over -max-error; or the copy failed its check), 2 a bad command line or file")
	out := fs.String("o", "", "output `FILE`, .glb (required; never the input)")
	anim := fs.Bool("anim", false, "keep the animations: flatten what the rules would play differently, resample it, state the error (default: the rest pose, animations dropped)")
	fps := cli.NumberFlag(fs, "fps", gltfio.DefaultAnimFPS, fmt.Sprintf("with -anim: `N` samples per second of animation besides every key time, above 0 and at most %d", gltfio.MaxAnimFPS))
	maxErr := cli.NumberFlag(fs, "max-error", defaultMaxError, "with -anim: write nothing when a vertex would move by more than this `FRACTION` of the model's size (the diagonal of its bounding box over every sample); above 0 and at most 1")
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
	for _, name := range []string{"fps", "max-error"} {
		if !*anim && flagGiven(fs, name) {
			return fail(fmt.Errorf("-%s needs -anim: without it bake writes the rest pose and drops the animations", name))
		}
	}
	if !(*fps > 0 && *fps <= gltfio.MaxAnimFPS) {
		return fail(fmt.Errorf("-fps %g: want samples per second of animation above 0 and at most %d (default %d)", *fps, gltfio.MaxAnimFPS, gltfio.DefaultAnimFPS))
	}
	if !(*maxErr > 0 && *maxErr <= 1) {
		return fail(fmt.Errorf("-max-error %g: want a fraction of the model's size above 0 and at most 1 (default %g)", *maxErr, defaultMaxError))
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
	if *anim {
		baked, err := gltfio.BakeAnim(in, data, dir, *fps)
		done()
		if err != nil {
			return fail(err)
		}
		return finishBakeAnim(in, *out, baked, *maxErr, stdout, stderr)
	}
	baked, err := gltfio.Bake(in, data, dir)
	done()
	if err != nil {
		return fail(err)
	}
	// The check compares every scene: each must build (as the window
	// would show it), within the nodes skewlab builds at once, or the
	// file is refused as any command refuses it.
	scenes, err := buildAll(baked.Original)
	if err != nil {
		return fail(err)
	}
	copyFile, err := gltfio.Read(*out, baked.GLB, nil)
	if err != nil {
		return cli.RunFailure(stderr, "bake", fmt.Errorf("the copy does not read back (nothing written): %v", err))
	}
	chk, err := checkBake(scenes, copyFile, baked.Expanded, baked.Original.Attachments(), copyFile.Attachments())
	if err != nil {
		return cli.RunFailure(stderr, "bake", fmt.Errorf("the copy cannot be checked (nothing written): %v", err))
	}
	if chk.worst > bakeTolerance {
		return cli.RunFailure(stderr, "bake", fmt.Errorf("under %s the copy's world vertices are %.3g of the model's size from the original's under accumulate-matrices, over %g (a bug; nothing written)", chk.rule, chk.worst, bakeTolerance))
	}
	if chk.frameDeg > bakeFrameTolerance {
		return cli.RunFailure(stderr, "bake", fmt.Errorf("under %s the copy's %s points %.3g° from the original's under accumulate-matrices, over %g° (a bug; nothing written)", chk.frameRule, chk.frameWhere, chk.frameDeg, bakeFrameTolerance))
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
	if chk.frames > 0 {
		fmt.Fprintf(stdout, "  check: all %d rules aim the copy's %d camera(s) and light(s) where accumulate-matrices aims the original's: direction (-Z) and up (+Y) to %.2g°, position within the vertices' measure", len(modes.All), chk.frames, chk.frameDeg)
		if chk.frameSkipped > 0 {
			fmt.Fprintf(stdout, " (%d direction(s) or up(s) undefined in the original, not compared)", chk.frameSkipped)
		}
		fmt.Fprintln(stdout)
	}
	if baked.Frames > 0 {
		fmt.Fprintf(stdout, "  %d node(s) added after the original's to carry cameras and lights (see the notes)\n", baked.Frames)
	}
	if n := len(baked.Expanded); n > 0 {
		fmt.Fprintf(stdout, "  %d EXT_mesh_gpu_instancing instance(s) became nodes added after the original's (see the notes)\n", n)
	}
	if baked.InstancesRewritten > 0 {
		fmt.Fprintf(stdout, "  %d EXT_mesh_gpu_instancing instance transform(s) rewritten to carry their node's stretch\n", baked.InstancesRewritten)
	}
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

// bakeFrameTolerance is the promise `bake` checks for cameras and
// lights, in degrees: under every rule the direction (-Z) and up (+Y)
// of each in the copy are the original's under accumulate-matrices to
// this angle (their positions count with the vertices, bakeTolerance).
const bakeFrameTolerance = 1e-3

// bakeCheck is checkBake's result: the largest distance found as a
// fraction of the model's size, the rule it was under, the size and the
// number of vertices compared per rule; the cameras and lights compared
// (once per scene that holds them), the largest angle between the copy's direction or up and the
// original's (degrees), the rule it was under and what it was, and how
// many directions or ups the original leaves undefined.
type bakeCheck struct {
	worst    float64
	rule     string
	size     float64
	origins  int
	vertices int
	skinned  int

	frames       int
	frameDeg     float64
	frameRule    string
	frameWhere   string
	frameSkipped int
}

// checkBake compares, scene by scene, the copy drawn by every rule with
// the original drawn by accumulate-matrices: every node's world origin,
// every mesh vertex (an instance's included; nodes matched by glTF index
// and instance number, or through expanded, the bake's map from an
// instance to the node it became), every skinned vertex at the file's
// rest pose (Σ w_j · W_j · IBM_j · v, W_j the joints' worlds under the
// rule), and every camera and light (origCarried, from
// gltfio.Attachments of the original): the copy's node that carries the
// same camera or light (the original's node or a child of it, from
// copyCarried) must have the original node's world position, direction
// w(0,0,-1) and up w(0,1,0) made perpendicular to the direction
// (frameOf). Distances are fractions of the scene's size: the diagonal
// of the bounding box of its world vertices under accumulate-matrices
// (of its node positions when it has no mesh; 1 when that is 0):
// audit's size. A node of the copy that draws a mesh must be the match
// of one of the original's. It refuses to compare more than
// gltfio.MaxSceneNodes nodes in all. orig holds the original's scenes,
// built (buildAll).
func checkBake(orig []*gltfio.Built, cp *gltfio.File, expanded map[[2]int]int, origCarried, copyCarried []gltfio.Attachment) (bakeCheck, error) {
	var res bakeCheck
	if len(cp.Scenes) != len(orig) {
		return res, fmt.Errorf("the copy has %d scenes, the original %d", len(cp.Scenes), len(orig))
	}
	if err := cp.CheckNodes(nil); err != nil {
		return res, err
	}
	for si, s := range orig {
		c, err := cp.Build(si)
		if err != nil {
			return res, fmt.Errorf("the copy's scene %d does not build: %v", si, err)
		}
		match, err := matchScene(s, c, expanded)
		if err != nil {
			return res, err
		}
		inOrig := make(map[int]int, len(s.Index)) // glTF node -> original scene index
		for k := range s.Index {
			if s.Instance[k] < 0 {
				inOrig[s.Index[k]] = k
			}
		}
		at := make(map[int]int, len(c.Index)) // copy's glTF node -> copy scene index
		for k, gi := range c.Index {
			if c.Instance[k] < 0 {
				at[gi] = k
			}
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
				res.note(d/size, m.Name)
			}
			res.origins, res.vertices, res.skinned = max(res.origins, origins), max(res.vertices, verts), max(res.skinned, skinned)
			first := m.Name == modes.All[0].Name // count cameras and lights once per scene
			for _, a := range origCarried {
				i, ok := inOrig[a.Node]
				if !ok {
					continue // in no list of this scene: not drawn here
				}
				wDir, wUp, dirOK, upOK := frameOf(want[i])
				label := fmt.Sprintf("%s %d of node %d %q", a.Kind, a.Index, a.Node, s.Scene.Nodes[i].Name)
				found := 0
				for _, b := range copyCarried {
					if b.Kind != a.Kind || b.Index != a.Index || b.Node != a.Node && b.Parent != a.Node {
						continue
					}
					ci, ok := at[b.Node]
					if !ok {
						return res, fmt.Errorf("scene %s: the copy's node %d carrying %s is not in the scene", s.Label, b.Node, label)
					}
					found++
					res.note(mulPoint(got[ci], mgl64.Vec3{}).Sub(mulPoint(want[i], mgl64.Vec3{})).Len()/size, m.Name)
					gDir, gUp, gDirOK, gUpOK := frameOf(got[ci])
					if dirOK {
						res.noteAngle(angleOr180(gDir, wDir, gDirOK), m.Name, label+": direction")
					}
					if upOK {
						res.noteAngle(angleOr180(gUp, wUp, gUpOK), m.Name, label+": up")
					}
					if first {
						res.frames++
						res.frameSkipped += btoi(!dirOK) + btoi(dirOK && !upOK)
					}
				}
				if found == 0 {
					return res, fmt.Errorf("scene %s: the copy has no node carrying %s", s.Label, label)
				}
			}
		}
	}
	return res, nil
}

// matchScene returns, for every node of the original's scene s, the
// index of its match in the copy's scene c: the node with the same glTF
// index and instance number, or, for an instance the bake made a node
// (expanded), that node. Every node of s must have one, and a node of c
// that draws a mesh must be the match of one.
func matchScene(s, c *gltfio.Built, expanded map[[2]int]int) ([]int, error) {
	type key struct{ node, instance int }
	in := make(map[key]int, len(c.Index))
	for k := range c.Index {
		in[key{c.Index[k], c.Instance[k]}] = k
	}
	match := make([]int, len(s.Index))
	matched := make([]bool, len(c.Index))
	for k := range s.Index {
		ck, ok := in[key{s.Index[k], s.Instance[k]}]
		if ci, moved := expanded[[2]int{s.Index[k], s.Instance[k]}]; moved {
			ck, ok = in[key{ci, -1}]
		}
		if !ok {
			return nil, fmt.Errorf("scene %s: the copy has no node %s", s.Label, s.Scene.Nodes[k].Name)
		}
		match[k], matched[ck] = ck, true
	}
	for k := range c.Index {
		if !matched[k] && c.Scene.Nodes[k].Mesh != nil {
			return nil, fmt.Errorf("scene %s: the copy's node %s draws a mesh the original does not", s.Label, c.Scene.Nodes[k].Name)
		}
	}
	return match, nil
}

// note records a distance f (a fraction of the size) under rule; NaN
// counts as infinitely far.
func (res *bakeCheck) note(f float64, rule string) {
	if math.IsNaN(f) {
		f = math.Inf(1)
	}
	if f > res.worst {
		res.worst, res.rule = f, rule
	}
}

// noteAngle records an angle in degrees under rule for what; NaN counts
// as 180.
func (res *bakeCheck) noteAngle(deg float64, rule, what string) {
	if math.IsNaN(deg) {
		deg = 180
	}
	if res.frameWhere == "" || deg > res.frameDeg {
		res.frameDeg, res.frameRule, res.frameWhere = deg, rule, what
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// frameUndefined is how short (relative to its length) the part of
// w(0,1,0) perpendicular to the direction may be before the check takes
// the original's up as undefined: 1000 times the bake's own threshold
// (gltfio's frameUpTol, 1e-9), so an up the check compares is one the
// bake kept.
const frameUndefined = 1e-6

// frameOf returns the frame glTF gives a camera or light on a node with
// world matrix w (column vectors; it looks along -Z with +Y up): the
// direction w(0,0,-1) and the up w(0,1,0) less its part along the
// direction, both normalised. dirOK is false when the direction is zero
// or not finite, upOK when the up has no part perpendicular to it (under
// frameUndefined of its length).
func frameOf(w mgl64.Mat4) (dir, up mgl64.Vec3, dirOK, upOK bool) {
	unit := func(v mgl64.Vec3) (mgl64.Vec3, bool) {
		m := max(math.Abs(v[0]), math.Abs(v[1]), math.Abs(v[2]))
		if !(m > 0) || math.IsInf(m, 0) {
			return v, false
		}
		v = v.Mul(1 / m)
		return v.Mul(1 / v.Len()), true
	}
	dir, dirOK = unit(mgl64.Vec3{-w[8], -w[9], -w[10]})
	if !dirOK {
		return dir, up, false, false
	}
	u, ok := unit(mgl64.Vec3{w[4], w[5], w[6]})
	if !ok {
		return dir, up, true, false
	}
	p := u.Sub(dir.Mul(u.Dot(dir)))
	if p.Len() < frameUndefined {
		return dir, up, true, false
	}
	return dir, p.Normalize(), true, true
}

// angleOr180 returns the angle between the unit vectors a and b in
// degrees (atan2 of the cross and dot products: exact near 0, unlike
// acos), or 180 when a is undefined (ok false): a copy that loses a
// direction the original has is as far off as can be.
func angleOr180(a, b mgl64.Vec3, ok bool) float64 {
	if !ok {
		return 180
	}
	return math.Atan2(a.Cross(b).Len(), a.Dot(b)) * 180 / math.Pi
}

func mulPoint(m mgl64.Mat4, p mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{
		m[0]*p[0] + m[4]*p[1] + m[8]*p[2] + m[12],
		m[1]*p[0] + m[5]*p[1] + m[9]*p[2] + m[13],
		m[2]*p[0] + m[6]*p[1] + m[10]*p[2] + m[14],
	}
}

// buildAll builds every scene of f, refusing first a file whose scenes
// hold more nodes in all than skewlab builds at once.
func buildAll(f *gltfio.File) ([]*gltfio.Built, error) {
	if err := f.CheckNodes(nil); err != nil {
		return nil, err
	}
	out := make([]*gltfio.Built, len(f.Scenes))
	for si := range f.Scenes {
		b, err := f.Build(si)
		if err != nil {
			return nil, err
		}
		out[si] = b
	}
	return out, nil
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

// whatAnimated is what for a check over time: the skinned vertices are
// compared at every time, not only at the rest pose.
func (c bakeCheck) whatAnimated() string {
	parts := []string{plural(c.origins, "node origin")}
	if c.vertices > 0 {
		parts = append(parts, plural(c.vertices, "mesh vertex"))
	}
	if c.skinned > 0 {
		parts = append(parts, plural(c.skinned, "skinned vertex"))
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

package main

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/gltfio"
)

// bakeAnimFrame is one sampled time of the animated bake's check:
// Blender's vertices of the copy against skewlab's of the original.
type bakeAnimFrame struct {
	Time float64   `json:"time"`
	Kind frameKind `json:"kind"`
	// Distance is the largest distance between a vertex Blender
	// evaluates for the copy and skewlab's for the original under
	// accumulate-matrices, in the model's units; Allowed what the check
	// allows there: the bake's stated error (AnimBake.Worst times its
	// size), plus AnimTol of the size at that time (float32), plus, for an
	// nlerp frame, how far Blender's component-wise blend of the copy's
	// rotations moves a vertex from the copy's glTF slerp (Nlerp).
	Distance, Allowed, Nlerp float64
}

// bakeAnimReport is checkBakeAnim's result.
type bakeAnimReport struct {
	Blender  string
	File     string
	Anim     string
	FPS      float64
	Stated   float64 // the bake's stated error, a fraction of Size
	Size     float64
	Worst    float64 // the largest Distance over Stated * Size (0 when nothing is stated)
	Frames   []bakeAnimFrame
	Failures []string
}

// checkBakeAnim compares Blender's evaluated vertices of copyPath (vd,
// from checks/blender/anim.py) with skewlab's vertices of the original
// origPath under accumulate-matrices at the same times. copyPath must be
// exactly what gltfio.BakeAnim makes of origPath at the default rate
// (skewlab bake -anim), so that its stated error is the one the command
// printed; both files' animation 0 is compared (the one Blender's
// importer makes active; the copy keeps the original's order). Every
// frame must be within its Allowed distance; at least three must be at
// times where Blender interpolates the copy as glTF does (every channel
// at a key, or between keys only where it is LINEAR translation or
// scale); between two cubic-spline keys nothing is compared (Blender's
// importer drops the tangents).
func checkBakeAnim(origPath, copyPath string, vd *vertsDoc) (*bakeAnimReport, error) {
	data, err := os.ReadFile(origPath)
	if err != nil {
		return nil, err
	}
	dir, done, err := gltfio.Folder(filepath.Dir(origPath))
	if err != nil {
		return nil, err
	}
	defer done()
	baked, err := gltfio.BakeAnim(origPath, data, dir, gltfio.DefaultAnimFPS)
	if err != nil {
		return nil, err
	}
	cp, err := os.ReadFile(copyPath)
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(cp, baked.GLB) {
		return nil, fmt.Errorf("%s is not what skewlab bake -anim makes of %s at %d samples per second", copyPath, origPath, gltfio.DefaultAnimFPS)
	}
	if len(baked.Anim.Clips) == 0 || baked.Anim.Clips[0].Copy != 0 {
		return nil, fmt.Errorf("%s: the copy's animation 0 is not the original's", copyPath)
	}
	osc, oa, err := loadAnimated(origPath)
	if err != nil {
		return nil, err
	}
	csc, ca, err := loadAnimated(copyPath)
	if err != nil {
		return nil, err
	}
	a := baked.Anim
	rep := &bakeAnimReport{Blender: vd.Blender, File: filepath.Base(copyPath), Anim: oa.Name, FPS: a.FPS, Stated: a.Worst, Size: a.Size, Failures: []string{}}
	stated := a.Worst * a.Size
	keys := 0
	for _, fr := range vd.Frames {
		t, kind := classify(ca, fr.Time)
		res := bakeAnimFrame{Time: t, Kind: kind}
		if kind == skipped {
			rep.Frames = append(rep.Frames, res)
			continue
		}
		worst, size, err := vertErr(fr.Objects, posedVertices(osc, oa, t, false))
		if err != nil {
			return nil, fmt.Errorf("at t = %g s: %w", t, err)
		}
		res.Distance = worst * size
		if kind == nlerp {
			res.Nlerp = maxGap(posedVertices(csc, ca, t, true), posedVertices(csc, ca, t, false))
		}
		res.Allowed = stated + AnimTol*size + res.Nlerp
		if kind == atKey || kind == between {
			keys++
		}
		if !(res.Distance <= res.Allowed) {
			rep.Failures = append(rep.Failures, fmt.Sprintf("t = %g s (%s): a vertex of the copy is %.4g from the original's, over the allowed %.4g (stated %.4g)", t, kind, res.Distance, res.Allowed, stated))
		}
		if stated > 0 {
			rep.Worst = max(rep.Worst, res.Distance/stated)
		}
		rep.Frames = append(rep.Frames, res)
	}
	if keys < 3 {
		rep.Failures = append(rep.Failures, fmt.Sprintf("only %d frames where Blender interpolates as glTF does (key times, LINEAR translation and scale) were compared; want at least 3", keys))
	}
	return rep, nil
}

// maxGap returns the largest distance between the same vertex of a and
// b (by node name), +Inf when they do not hold the same vertices.
func maxGap(a, b map[string][]mgl64.Vec3) float64 {
	worst := 0.0
	for name, pa := range a {
		pb := b[name]
		if len(pa) != len(pb) {
			return math.Inf(1)
		}
		for k := range pa {
			worst = max(worst, pa[k].Sub(pb[k]).Len())
		}
	}
	return worst
}

func printBakeAnim(w io.Writer, rep *bakeAnimReport) {
	fmt.Fprintf(w, "bakeanim: Blender %s plays %s, skewlab bake -anim's copy (%g samples per second); animation %q against skewlab's original under accumulate-matrices; stated error %.4g of the size %.4g (%.4g units)\n",
		rep.Blender, rep.File, rep.FPS, rep.Anim, rep.Stated, rep.Size, rep.Stated*rep.Size)
	fmt.Fprintf(w, "%9s  %-36s %12s %12s %12s\n", "time (s)", "kind", "distance", "allowed", "nlerp")
	for _, f := range rep.Frames {
		if f.Kind == skipped {
			fmt.Fprintf(w, "%9.4f  %-36s %12s %12s %12s\n", f.Time, f.Kind, "-", "-", "-")
			continue
		}
		fmt.Fprintf(w, "%9.4f  %-36s %12.4e %12.4e %12.2e\n", f.Time, f.Kind, f.Distance, f.Allowed, f.Nlerp)
	}
	fmt.Fprintf(w, "worst: %.4g of the stated error (distance: the largest over the vertices, in the model's units; allowed: stated + %g of the size + nlerp, Blender's component-wise quaternion blend against glTF's slerp between the copy's keys)\n", rep.Worst, AnimTol)
}

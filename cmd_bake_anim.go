//go:build !js

package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/cli"
	"skewlab/gltfio"
	"skewlab/modes"
	"skewlab/scene"
)

// defaultMaxError is bake -anim's -max-error: a vertex may move by a
// thousandth of the model's size (a millimetre on a 1 m model), about
// what a viewer cannot tell apart at a size that fills the screen.
const defaultMaxError = 1e-3

// finishBakeAnim is bake -anim after gltfio.BakeAnim: it refuses a copy
// whose stated error (baked.Anim.Worst) is over maxErr, naming the worst
// three nodes; reads the copy back and plays it under every rule at the
// rest pose and every check time of every animation against the original
// under accumulate-matrices (checkBakeAnim), which must come within the
// stated error plus bakeTolerance (float32 storage); checks cameras' and
// lights' frames at the rest pose as bake does (those on flattened nodes
// aside); then writes the copy to out and reports. Exit status as
// runBake's.
func finishBakeAnim(in, out string, baked *gltfio.Baked, maxErr float64, stdout, stderr io.Writer) int {
	a := baked.Anim
	scenes, err := buildAll(baked.Original)
	if err != nil {
		return cli.UsageError(stderr, "bake", err)
	}
	if a.Worst > maxErr {
		return cli.RunFailure(stderr, "bake", fmt.Errorf("the copy's keys would move a vertex by %s of the model's size %.4g, over -max-error %g (nothing written): %s; a TRS key cannot hold the shear of a node turned under a stretched parent (docs/bake.md): give -max-error %.3g to write it anyway", percent(a.Worst), a.Size, maxErr, worstNodes(a, 3), roundUp(a.Worst)))
	}
	copyFile, err := gltfio.Read(out, baked.GLB, nil)
	if err != nil {
		return cli.RunFailure(stderr, "bake", fmt.Errorf("the copy does not read back (nothing written): %v", err))
	}
	limit := a.Worst + bakeTolerance
	chk, err := checkBakeAnim(scenes, copyFile, baked)
	if err != nil {
		return cli.RunFailure(stderr, "bake", fmt.Errorf("the copy cannot be checked (nothing written): %v", err))
	}
	if !(chk.worst <= limit) {
		return cli.RunFailure(stderr, "bake", fmt.Errorf("under %s the copy's %s at %s is %.3g of the model's size from the original's under accumulate-matrices, over the stated %.3g plus %g (a bug; nothing written)", chk.rule, chk.node, chk.when, chk.worst, a.Worst, bakeTolerance))
	}
	flat := map[int]bool{}
	for _, g := range a.Flattened {
		flat[g] = true
	}
	notFlat := func(list []gltfio.Attachment) []gltfio.Attachment {
		return slices.DeleteFunc(slices.Clone(list), func(x gltfio.Attachment) bool { return flat[x.Node] })
	}
	origCarried := baked.Original.Attachments()
	rest, err := checkBake(scenes, copyFile, baked.Expanded, notFlat(origCarried), notFlat(copyFile.Attachments()))
	if err != nil {
		return cli.RunFailure(stderr, "bake", fmt.Errorf("the copy cannot be checked (nothing written): %v", err))
	}
	if !(rest.worst <= limit) {
		return cli.RunFailure(stderr, "bake", fmt.Errorf("under %s the copy's rest pose is %.3g of the model's size from the original's under accumulate-matrices, over the stated %.3g plus %g (a bug; nothing written)", rest.rule, rest.worst, a.Worst, bakeTolerance))
	}
	if rest.frameDeg > bakeFrameTolerance {
		return cli.RunFailure(stderr, "bake", fmt.Errorf("under %s the copy's %s points %.3g° from the original's under accumulate-matrices, over %g° (a bug; nothing written)", rest.frameRule, rest.frameWhere, rest.frameDeg, bakeFrameTolerance))
	}
	err = writeAtomic(out, func(w io.Writer) error {
		_, err := w.Write(baked.GLB)
		return err
	})
	if err != nil {
		return cli.RunFailure(stderr, "bake", fmt.Errorf("writing %s: %v (nothing written)", out, err))
	}
	kept := 0
	for _, c := range a.Clips {
		if c.Copy >= 0 {
			kept++
		}
	}
	fmt.Fprintf(stdout, "baked %s -> %s (%d bytes) with %d animation(s)\n", in, out, len(baked.GLB), kept)
	fmt.Fprintf(stdout, "  %d node(s): %d static (baked as without -anim), %d kept in place with their own keys, %d flattened%s\n",
		len(a.Static)+len(a.Kept)+len(a.Flattened), len(a.Static), len(a.Kept), len(a.Flattened), flattenedWhere(a))
	fmt.Fprintf(stdout, "  resampled: %d key(s) at every key time and %g per second:", a.Keys, a.FPS)
	for i, c := range a.Clips {
		sep := ","
		if i == 0 {
			sep = ""
		}
		fmt.Fprintf(stdout, "%s animation %s %d sample(s) for %d node(s)", sep, clipLabel(c), len(c.Samples), c.Resampled)
	}
	fmt.Fprintln(stdout)
	if len(a.Errors) == 0 {
		fmt.Fprintf(stdout, "  error: none; the copy plays as the original under accumulate-matrices (size %.4g)\n", a.Size)
	} else {
		e := a.Errors[0]
		fmt.Fprintf(stdout, "  error: worst %s, %s of the size %.4g (%.4g units, %s) at %s; -max-error %g\n", e.Name, percent(e.Fraction), a.Size, e.Distance, e.What, when(a, e), maxErr)
		if len(a.Errors) > 1 {
			fmt.Fprintf(stdout, "  next: %s\n", worstNodes(&gltfio.AnimBake{Errors: a.Errors[1:min(3, len(a.Errors))], Clips: a.Clips}, 2))
		}
	}
	fmt.Fprintf(stdout, "  check: all %d rules play the copy's %s at the rest pose and %d time(s) (every sample and half way between) where accumulate-matrices plays the original's, to %.3g of its size (stated %.3g)\n", len(modes.All), chk.what(), chk.times, chk.worst, a.Worst)
	if rest.frames > 0 {
		fmt.Fprintf(stdout, "  check: all %d rules aim the copy's %d camera(s) and light(s) on nodes not flattened where accumulate-matrices aims the original's at the rest pose, to %.2g°\n", len(modes.All), rest.frames, rest.frameDeg)
	}
	if n := len(origCarried) - len(notFlat(origCarried)); n > 0 {
		fmt.Fprintf(stdout, "  note: %d camera(s) or light(s) on flattened nodes follow their keys (their direction keeps the polar rotation, not the lost shear)\n", n)
	}
	for _, n := range baked.Notes {
		fmt.Fprintf(stdout, "  note: %s\n", n)
	}
	return 0
}

// percent formats a fraction as a percentage with four significant
// digits ("8.642%", "3e-07%").
func percent(f float64) string { return fmt.Sprintf("%.4g%%", 100*f) }

// roundUp returns f rounded up to three significant digits, a
// -max-error that accepts f.
func roundUp(f float64) float64 {
	if !(f > 0) || math.IsInf(f, 0) {
		return f
	}
	e := math.Pow(10, math.Floor(math.Log10(f))-2)
	return math.Ceil(f/e) * e
}

// clipLabel names an animation as audit does: `0 "stretch"`, or `0`.
func clipLabel(c gltfio.AnimClip) string {
	if c.Name == "" {
		return fmt.Sprint(c.Index)
	}
	return fmt.Sprintf("%d %q", c.Index, c.Name)
}

// when says when a node's worst error occurs: "t = 0.5833 s of 0
// "stretch"" (", half way between samples" when it is), or "the rest
// pose".
func when(a *gltfio.AnimBake, e gltfio.NodeError) string {
	if e.Anim < 0 {
		return "the rest pose"
	}
	s := fmt.Sprintf("t = %.4g s of %s", e.Time, clipLabel(a.Clips[e.Anim]))
	if e.Between {
		s += ", half way between samples"
	}
	return s
}

// worstNodes lists the first n of a's errors: "Fore 8.642% at t = ...".
func worstNodes(a *gltfio.AnimBake, n int) string {
	var parts []string
	for _, e := range a.Errors[:min(n, len(a.Errors))] {
		parts = append(parts, fmt.Sprintf("%s %s at %s", e.Name, percent(e.Fraction), when(a, e)))
	}
	return strings.Join(parts, ", ")
}

// flattenedWhere names the flattened nodes and where they went: ":
// Fore, Hand, now children of Root" (at most eight names).
func flattenedWhere(a *gltfio.AnimBake) string {
	if len(a.Flattened) == 0 {
		return ""
	}
	names := func(list []int) string {
		var s []string
		for _, g := range list[:min(8, len(list))] {
			s = append(s, a.Names[g])
		}
		if len(list) > 8 {
			s = append(s, fmt.Sprintf("and %d more", len(list)-8))
		}
		return strings.Join(s, ", ")
	}
	byParent := map[int][]int{}
	var parents []int
	for _, g := range a.Flattened {
		p := a.Parent[g]
		if _, ok := byParent[p]; !ok {
			parents = append(parents, p)
		}
		byParent[p] = append(byParent[p], g)
	}
	var where []string
	for _, p := range parents {
		if p < 0 {
			where = append(where, names(byParent[p])+" now roots")
		} else {
			where = append(where, names(byParent[p])+" now children of "+a.Names[p])
		}
	}
	return " (under a scale the rules pass on differently while it plays): " + strings.Join(where, "; ")
}

// animCheck is checkBakeAnim's result: the largest distance found as a
// fraction of the size, the rule, node and moment; the number of times
// compared besides the rest pose, and what was compared at each (the
// most over the scenes).
type animCheck struct {
	worst                      float64
	rule, node, when           string
	times                      int
	origins, vertices, skinned int
}

// what lists what the check compared at each time.
func (c animCheck) what() string {
	return bakeCheck{origins: c.origins, vertices: c.vertices, skinned: c.skinned}.whatAnimated()
}

// checkBakeAnim plays the copy cp (read back from baked.GLB) under every
// rule and the original (its scenes built, orig) under
// accumulate-matrices, scene by scene (nodes matched as matchScene
// does), at the rest pose and at every check time of every animation the
// copy keeps (gltfio.AnimClip.CheckTimes: each sample and half way
// between), and returns the largest distance between a node's world
// origin or a vertex (skinned, morphed: scene.Deformer) of the copy and
// of the original, as a fraction of baked.Anim.Size.
func checkBakeAnim(orig []*gltfio.Built, cp *gltfio.File, baked *gltfio.Baked) (animCheck, error) {
	a := baked.Anim
	var res animCheck
	if len(cp.Scenes) != len(orig) {
		return res, fmt.Errorf("the copy has %d scenes, the original %d", len(cp.Scenes), len(orig))
	}
	if err := cp.CheckNodes(nil); err != nil {
		return res, err
	}
	var ws modes.Workspace
	var d scene.Deformer
	for si, s := range orig {
		c, err := cp.Build(si)
		if err != nil {
			return res, fmt.Errorf("the copy's scene %d does not build: %v", si, err)
		}
		match, err := matchScene(s, c, baked.Expanded)
		if err != nil {
			return res, err
		}
		want := make([]mgl64.Mat4, len(s.Scene.Nodes))
		got := make([]mgl64.Mat4, len(c.Scene.Nodes))
		wantPts := make([][]mgl64.Vec3, len(s.Scene.Nodes))
		origins, verts, skinned := 0, 0, 0
		compare := func(on, cn []scene.Node, label string) {
			modes.AccumulateMatrices.World(on, &ws, want)
			for i := range on {
				if on[i].Mesh == nil {
					continue
				}
				wantPts[i] = append(wantPts[i][:0], d.Points(&on[i], want)...)
				if on[i].Skin == nil || !on[i].Mesh.Skinned() {
					for k, p := range wantPts[i] {
						wantPts[i][k] = mulPoint(want[i], p)
					}
				}
			}
			for _, m := range modes.All {
				m.World(cn, &ws, got)
				for i := range on {
					ci := match[i]
					dist := mulPoint(got[ci], mgl64.Vec3{}).Sub(mulPoint(want[i], mgl64.Vec3{})).Len()
					if on[i].Mesh != nil && cn[ci].Mesh != nil && len(cn[ci].Mesh.Points) == len(wantPts[i]) {
						pts := d.Points(&cn[ci], got)
						own := cn[ci].Skin == nil || !cn[ci].Mesh.Skinned()
						for k, p := range pts {
							if own {
								p = mulPoint(got[ci], p)
							}
							dist = max(dist, p.Sub(wantPts[i][k]).Len())
						}
					} else if on[i].Mesh != nil {
						dist = math.Inf(1)
					}
					f := dist / a.Size
					if math.IsNaN(f) {
						f = math.Inf(1)
					}
					if f > res.worst || res.rule == "" {
						res.worst, res.rule, res.node, res.when = f, m.Name, on[i].Name, label
					}
				}
			}
		}
		for i := range s.Scene.Nodes {
			origins++
			if m := s.Scene.Nodes[i].Mesh; m != nil {
				if s.Scene.Nodes[i].Skin != nil && m.Skinned() {
					skinned += len(m.Points)
				} else {
					verts += len(m.Points)
				}
			}
		}
		res.origins, res.vertices, res.skinned = max(res.origins, origins), max(res.vertices, verts), max(res.skinned, skinned)
		compare(s.Scene.Clone().Nodes, c.Scene.Clone().Nodes, "the rest pose")
		for _, clip := range a.Clips {
			if clip.Copy < 0 {
				continue
			}
			if clip.Copy >= len(c.Scene.Animations) || clip.Index >= len(s.Scene.Animations) {
				return res, fmt.Errorf("the copy has no animation %d for the original's %d", clip.Copy, clip.Index)
			}
			oa, ca := s.Scene.Animations[clip.Index], c.Scene.Animations[clip.Copy]
			on, cn := s.Scene.Clone().Nodes, c.Scene.Clone().Nodes
			ts := clip.CheckTimes()
			if si == 0 {
				res.times += len(ts)
			}
			for _, t := range ts {
				oa.Apply(on, t)
				ca.Apply(cn, t)
				compare(on, cn, fmt.Sprintf("t = %.4g s of %s", t, clipLabel(clip)))
			}
		}
	}
	return res, nil
}

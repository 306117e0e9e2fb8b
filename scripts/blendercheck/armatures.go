package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/scene"
	"skewlab/transform"
)

// ArmatureTol is the relative error (see relErr) allowed between
// skewlab's world matrix of a bone and Blender's pose_bone.matrix.
// Blender computes in float32 (about 6e-8 relative per operation) and
// stores rest matrices (Bone.matrix) that are orthonormal only to about
// 7e-5 on bones about 6° from their parent's -y axis (measured; its
// vec_roll_to_mat3_normalized approximates there); skewlab's Rest is the
// rotation nearest to that matrix, so such a bone and its subtree may
// differ by that much (measured up to 5e-5). 1e-4 is above both and far
// below what a wrong rule gives (the folded Fix Shear below misses by
// more than 1).
const ArmatureTol = 1e-4

// FoldedMin is the least worst error the folded mapping (one rotation
// Rest·R, no rest/pose split) must show, in one step from Blender's
// parent matrix, on Fix Shear bones with a pose rotation for the check to
// prove that it can fail: 100 times ArmatureTol. On every other mode the
// folded step must stay within ArmatureTol: only Fix Shear tells the two
// rotations apart.
const FoldedMin = 100 * ArmatureTol

// blenderDoc is the JSON checks/blender/armatures.py writes.
type blenderDoc struct {
	Blender   string     `json:"blender"`
	Seed      int        `json:"seed"`
	Armatures []armature `json:"armatures"`
}

type armature struct {
	Name  string `json:"name"`
	Bones []bone `json:"bones"`
}

// bone is one bone as Blender has it; matrices are lists of rows.
type bone struct {
	Name         string        `json:"name"`
	Parent       int           `json:"parent"`
	InheritScale string        `json:"inheritScale"`
	Head         [3]float64    `json:"head"`
	Tail         [3]float64    `json:"tail"`
	Length       float64       `json:"length"`
	Matrix       [3][3]float64 `json:"matrix"`
	MatrixLocal  [4][4]float64 `json:"matrixLocal"`
	Location     [3]float64    `json:"location"`
	Rotation     [4]float64    `json:"rotation"`
	Scale        [3]float64    `json:"scale"`
	PoseMatrix   [4][4]float64 `json:"poseMatrix"`
}

// inheritMode is a Blender Inherit Scale mode and skewlab's rule for it.
type inheritMode struct {
	blender string
	rule    scene.Rule
}

// inheritModes are Blender's Inherit Scale modes in the order the report
// lists them, with skewlab's rule for each.
var inheritModes = []inheritMode{
	{"FULL", scene.RuleMatrices},
	{"FIX_SHEAR", scene.RuleBlenderFixShear},
	{"AVERAGE", scene.RuleBlenderAverage},
	{"NONE", scene.RuleBlenderNone},
	{"NONE_LEGACY", scene.RuleBlenderNoneLegacy},
	{"ALIGNED", scene.RuleBlenderAligned},
}

func ruleOf(mode string) (scene.Rule, bool) {
	for _, m := range inheritModes {
		if m.blender == mode {
			return m.rule, true
		}
	}
	return scene.RuleFollow, false
}

// mat4Rows returns the column-major mgl64 matrix of a list of rows.
func mat4Rows(r [4][4]float64) mgl64.Mat4 {
	var m mgl64.Mat4
	for i := range 4 {
		for j := range 4 {
			m[4*j+i] = r[i][j]
		}
	}
	return m
}

func mat3Rows(r [3][3]float64) mgl64.Mat3 {
	var m mgl64.Mat3
	for i := range 3 {
		for j := range 3 {
			m[3*j+i] = r[i][j]
		}
	}
	return m
}

// relErr is the error of got against want (Blender's): the larger of
// the linear parts' largest entry difference relative to want's largest
// linear entry, and the whole matrices' largest entry difference
// relative to want's largest entry. Both parts of every posed bone are
// far from zero (scales are at least 0.5 along a chain of at most six
// bones), so no floor is needed; an all-zero want counts its difference
// as absolute. A non-finite entry in got is an infinite error.
func relErr(got, want mgl64.Mat4) float64 {
	for _, v := range got {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return math.Inf(1)
		}
	}
	var dl, ml, d, m float64
	for c := range 4 {
		for r := range 3 {
			k := 4*c + r
			e, a := math.Abs(got[k]-want[k]), math.Abs(want[k])
			d, m = max(d, e), max(m, a)
			if c < 3 {
				dl, ml = max(dl, e), max(ml, a)
			}
		}
	}
	rel := func(e, s float64) float64 {
		if s == 0 {
			return e
		}
		return e / s
	}
	return max(rel(dl, ml), rel(d, m))
}

// boneNodes converts an armature to skewlab nodes, parents first, with
// the mapping of docs/engines.md: position = (0, parent length, 0) +
// Bone.head + Rest·(pose location); Rest = the rotation nearest to
// Bone.matrix; rotation = the pose rotation; scale = the pose scale; the
// node's rule is the bone's Inherit Scale. With fold, the rest and pose
// rotations are folded into one rotation Rest·R and Rest is left unset:
// the mapping skewlab had before rest rotations.
func boneNodes(a armature, fold bool) ([]scene.Node, error) {
	nodes := make([]scene.Node, len(a.Bones))
	for i, b := range a.Bones {
		if b.Parent < -1 || b.Parent >= i {
			return nil, fmt.Errorf("%s: bone %s: parent %d is not an earlier bone", a.Name, b.Name, b.Parent)
		}
		rule, ok := ruleOf(b.InheritScale)
		if !ok {
			return nil, fmt.Errorf("%s: bone %s: unknown Inherit Scale %q", a.Name, b.Name, b.InheritScale)
		}
		fit, ok := transform.PolarFit(mat3Rows(b.Matrix))
		if !ok || fit.Residual > 1e-3 {
			return nil, fmt.Errorf("%s: bone %s: Bone.matrix is not a rotation (residual %.3g)", a.Name, b.Name, fit.Residual)
		}
		rest := fit.Rotation
		pose := transform.Normalize(mgl64.Quat{W: b.Rotation[0], V: mgl64.Vec3{b.Rotation[1], b.Rotation[2], b.Rotation[3]}})
		pos := mgl64.Vec3(b.Head)
		if b.Parent >= 0 {
			pos[1] += a.Bones[b.Parent].Length
		}
		pos = pos.Add(transform.RotMat3(rest).Mul3x1(mgl64.Vec3(b.Location)))
		n := scene.Node{Name: b.Name, Parent: b.Parent, Rule: rule,
			Local: transform.TRS{Position: pos, Rotation: pose, Scale: mgl64.Vec3(b.Scale)}, Rest: rest}
		if fold {
			n.Local.Rotation, n.Rest = rest.Mul(pose), mgl64.Quat{}
		}
		nodes[i] = n
	}
	sc, err := scene.New(nodes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", a.Name, err)
	}
	return sc.Nodes, nil
}

// stepWorld returns the world matrix of node under its rule, below a
// parent whose world matrix is parent (any affine matrix, sheared or
// not: a root node holding it as TRS plus Shear).
func stepWorld(parent mgl64.Mat4, node scene.Node) (mgl64.Mat4, error) {
	t, sh, err := transform.FitMatrix(parent)
	if err != nil {
		return mgl64.Mat4{}, err
	}
	node.Parent = 0
	sc, err := scene.New([]scene.Node{{Name: "parent", Parent: -1, Local: t, Shear: sh}, node})
	if err != nil {
		return mgl64.Mat4{}, err
	}
	return modes.AccumulateMatrices.Reference(sc.Nodes)[1], nil
}

// restErr is the worst relative error (relErr) of the rest chain as
// the mapping reads it against Blender's Bone.matrix_local: a root's
// matrix_local is [Bone.matrix | head], a child's the parent's times
// [Bone.matrix | (0, parent length, 0) + head]. It checks the claim that
// Bone.head is measured from the parent's tail, independently of any
// pose.
func restErr(a armature) float64 {
	worst := 0.0
	local := make([]mgl64.Mat4, len(a.Bones))
	for i, b := range a.Bones {
		off := mat3Rows(b.Matrix).Mat4()
		off[12], off[13], off[14] = b.Head[0], b.Head[1], b.Head[2]
		if b.Parent >= 0 {
			off[13] += a.Bones[b.Parent].Length
			local[i] = local[b.Parent].Mul4(off)
		} else {
			local[i] = off
		}
		worst = max(worst, relErr(local[i], mat4Rows(b.MatrixLocal)))
	}
	return worst
}

// modeStats gathers one Inherit Scale mode's bones.
type modeStats struct {
	Mode  string `json:"mode"`
	Rule  string `json:"rule"`
	Bones int    `json:"bones"`
	// PoseRotated counts the bones with a pose rotation other than the
	// identity.
	PoseRotated int `json:"poseRotated"`
	// Worst is the worst relative error of skewlab's fast rule
	// (modes.AccumulateMatrices.World) and of its reference
	// implementation, WorstBone the bone it occurs at.
	Worst     float64 `json:"worst"`
	WorstBone string  `json:"worstBone"`
	// Step is the worst error of one step of the rule: the bone's world
	// computed from Blender's own pose matrix of its parent (so that
	// no ancestor's error counts), against Blender's pose matrix.
	Step float64 `json:"step"`
	// Folded is Step's worst with the rest and pose rotations folded
	// into one (no Rest), over the bones with a pose rotation.
	Folded float64 `json:"folded"`
}

// armatureReport is what the armature check measured.
type armatureReport struct {
	Blender   string      `json:"blender"`
	Armatures int         `json:"armatures"`
	Bones     int         `json:"bones"`
	Roots     modeStats   `json:"roots"`
	Modes     []modeStats `json:"modes"`
	// RestWorst is restErr's worst over every armature.
	RestWorst float64 `json:"restWorst"`
	// Failures name each bone over ArmatureTol, and a folded Fix Shear
	// worst under FoldedMin (the check would not tell the mappings
	// apart).
	Failures []string `json:"failures"`
}

// poseRotated reports a pose rotation other than the identity (either
// sign of the quaternion).
func poseRotated(q [4]float64) bool { return math.Abs(math.Abs(q[0])-1) > 1e-7 }

// checkArmatures compares every bone of doc with skewlab's world matrix.
func checkArmatures(doc *blenderDoc) (*armatureReport, error) {
	rep := &armatureReport{Blender: doc.Blender, Armatures: len(doc.Armatures),
		Roots: modeStats{Mode: "(root)", Rule: "any"}, Failures: []string{}}
	for _, m := range inheritModes {
		rep.Modes = append(rep.Modes, modeStats{Mode: m.blender, Rule: m.rule.String()})
	}
	var ws modes.Workspace
	for _, a := range doc.Armatures {
		nodes, err := boneNodes(a, false)
		if err != nil {
			return nil, err
		}
		folded, err := boneNodes(a, true)
		if err != nil {
			return nil, err
		}
		fast := make([]mgl64.Mat4, len(nodes))
		modes.AccumulateMatrices.World(nodes, &ws, fast)
		ref := modes.AccumulateMatrices.Reference(nodes)
		rep.RestWorst = max(rep.RestWorst, restErr(a))
		for i, b := range a.Bones {
			rep.Bones++
			want := mat4Rows(b.PoseMatrix)
			e := max(relErr(fast[i], want), relErr(ref[i], want))
			st := &rep.Roots
			if b.Parent >= 0 {
				k := slices.IndexFunc(inheritModes, func(m inheritMode) bool { return m.blender == b.InheritScale })
				st = &rep.Modes[k]
			}
			st.Bones++
			if e > st.Worst || st.WorstBone == "" {
				st.Worst, st.WorstBone = e, a.Name+"/"+b.Name
			}
			if b.Parent >= 0 {
				pw := mat4Rows(a.Bones[b.Parent].PoseMatrix)
				split, err := stepWorld(pw, nodes[i])
				if err != nil {
					return nil, fmt.Errorf("%s/%s: %w", a.Name, b.Name, err)
				}
				st.Step = max(st.Step, relErr(split, want))
				if poseRotated(b.Rotation) {
					f, err := stepWorld(pw, folded[i])
					if err != nil {
						return nil, fmt.Errorf("%s/%s: %w", a.Name, b.Name, err)
					}
					st.Folded = max(st.Folded, relErr(f, want))
				}
			}
			if poseRotated(b.Rotation) {
				st.PoseRotated++
			}
			if !(e <= ArmatureTol) {
				rep.Failures = append(rep.Failures, fmt.Sprintf("%s/%s (%s): relative error %.3g > %g", a.Name, b.Name, b.InheritScale, e, ArmatureTol))
			}
		}
	}
	for _, st := range rep.Modes {
		if st.Bones == 0 {
			rep.Failures = append(rep.Failures, fmt.Sprintf("no %s bone below a parent: every mode must be checked", st.Mode))
		}
		if !(st.Step <= ArmatureTol) {
			rep.Failures = append(rep.Failures, fmt.Sprintf("%s: one step from Blender's parent matrix misses by %.3g > %g", st.Mode, st.Step, ArmatureTol))
		}
		switch {
		case st.Mode == "FIX_SHEAR" && !(st.Folded >= FoldedMin):
			rep.Failures = append(rep.Failures, fmt.Sprintf("FIX_SHEAR with the rotations folded misses by only %.3g (< %g): the check cannot tell the mappings apart", st.Folded, FoldedMin))
		case st.Mode != "FIX_SHEAR" && !(st.Folded <= ArmatureTol):
			rep.Failures = append(rep.Failures, fmt.Sprintf("%s with the rotations folded misses by %.3g (> %g): only Fix Shear should tell the rotations apart", st.Mode, st.Folded, ArmatureTol))
		}
	}
	if !(rep.RestWorst <= ArmatureTol) {
		rep.Failures = append(rep.Failures, fmt.Sprintf("the rest chain read as docs/engines.md says misses Bone.matrix_local by %.3g > %g", rep.RestWorst, ArmatureTol))
	}
	return rep, nil
}

// readDoc reads the JSON armatures.py wrote.
func readDoc(path string) (*blenderDoc, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc blenderDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(doc.Armatures) == 0 {
		return nil, fmt.Errorf("%s: no armatures", path)
	}
	return &doc, nil
}

// printArmatures writes rep as a table.
func printArmatures(w io.Writer, rep *armatureReport) {
	fmt.Fprintf(w, "armatures: Blender %s, %d armatures, %d bones; tolerance %g relative\n", rep.Blender, rep.Armatures, rep.Bones, ArmatureTol)
	fmt.Fprintf(w, "%-12s %-20s %6s %8s %12s %11s %13s\n", "inherit", "skewlab rule", "bones", "rotated", "worst error", "one step", "folded step")
	fmt.Fprintf(w, "%-12s %-20s %6d %8d %12.2e %11s %13s\n", rep.Roots.Mode, rep.Roots.Rule, rep.Roots.Bones, rep.Roots.PoseRotated, rep.Roots.Worst, "-", "-")
	row := func(st modeStats) {
		fmt.Fprintf(w, "%-12s %-20s %6d %8d %12.2e %11.2e %13.2e\n", st.Mode, st.Rule, st.Bones, st.PoseRotated, st.Worst, st.Step, st.Folded)
	}
	for _, st := range rep.Modes {
		row(st)
	}
	fmt.Fprintf(w, "rest chain (Bone.head from the parent's tail) against Bone.matrix_local: worst %.2e\n", rep.RestWorst)
	fmt.Fprintln(w, "worst error: skewlab's world (whole armature) against pose_bone.matrix; one step: the bone alone, below Blender's own parent matrix")
	fmt.Fprintf(w, "folded step: one step with Rest and the pose rotation folded into one rotation (skewlab before rest rotations), over the rotated bones; Fix Shear must miss by at least %g, every other mode stay within %g\n", FoldedMin, ArmatureTol)
}

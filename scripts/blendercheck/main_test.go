package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/scene"
)

// The files in testdata were written by real Blender 3.4.1 (see
// testdata/README.md): the tests below compare skewlab with Blender's
// numbers without Blender installed; make blendercheck runs Blender
// itself on many more armatures.

func loadTestDoc(t *testing.T) *blenderDoc {
	t.Helper()
	doc, err := readDoc("testdata/armatures.json")
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestArmaturesAgainstBlender: every bone of Blender's 12 armatures (57
// bones, every Inherit Scale mode) within ArmatureTol, and the folded
// mapping off by more than FoldedMin on Fix Shear bones only.
func TestArmaturesAgainstBlender(t *testing.T) {
	rep, err := checkArmatures(loadTestDoc(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Failures) > 0 {
		t.Fatalf("failures: %q", rep.Failures)
	}
	if rep.Bones != 57 || rep.Armatures != 12 {
		t.Fatalf("read %d armatures, %d bones; the file holds 12 and 57", rep.Armatures, rep.Bones)
	}
	for _, st := range rep.Modes {
		if st.Bones < 5 || st.PoseRotated < 5 {
			t.Errorf("%s: %d bones, %d with a pose rotation; want at least 5 of each", st.Mode, st.Bones, st.PoseRotated)
		}
		if !(st.Worst <= ArmatureTol && st.Step <= ArmatureTol) {
			t.Errorf("%s: worst %g, step %g > %g", st.Mode, st.Worst, st.Step, ArmatureTol)
		}
		if st.Mode == "FIX_SHEAR" {
			if !(st.Folded > FoldedMin) {
				t.Errorf("FIX_SHEAR folded misses by %g, want > %g", st.Folded, FoldedMin)
			}
		} else if !(st.Folded <= ArmatureTol) {
			t.Errorf("%s folded misses by %g, want within %g", st.Mode, st.Folded, ArmatureTol)
		}
	}
	if !(rep.RestWorst <= ArmatureTol) {
		t.Errorf("rest chain misses matrix_local by %g", rep.RestWorst)
	}
}

// TestArmaturesCatchAWrongBone: Blender's pose matrix of one Fix Shear
// bone without children moved by 1e-3 of its largest linear entry fails
// the check: the bone's line (error 1e-3) and Fix Shear's one-step
// line, nothing else.
func TestArmaturesCatchAWrongBone(t *testing.T) {
	doc := loadTestDoc(t)
	var name string
	for ai, a := range doc.Armatures {
		for bi, b := range a.Bones {
			leaf := true
			for _, c := range a.Bones {
				leaf = leaf && c.Parent != bi
			}
			if b.InheritScale == "FIX_SHEAR" && b.Parent >= 0 && leaf && name == "" {
				big := 0.0
				for _, r := range b.PoseMatrix[:3] {
					for _, v := range r[:3] {
						big = max(big, math.Abs(v))
					}
				}
				doc.Armatures[ai].Bones[bi].PoseMatrix[0][1] += 1e-3 * big
				name = a.Name + "/" + b.Name
			}
		}
	}
	rep, err := checkArmatures(doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Failures) != 2 || !strings.HasPrefix(rep.Failures[0], name+" (FIX_SHEAR): relative error 0.001 ") ||
		!strings.HasPrefix(rep.Failures[1], "FIX_SHEAR: one step") {
		t.Fatalf("failures %q, want %s's and Fix Shear's one step", rep.Failures, name)
	}
}

// TestArmaturesWantEveryMode: a file without Aligned bones fails: the
// check must see every mode.
func TestArmaturesWantEveryMode(t *testing.T) {
	doc := loadTestDoc(t)
	var kept []armature
	for _, a := range doc.Armatures {
		has := false
		for _, b := range a.Bones {
			has = has || b.Parent >= 0 && b.InheritScale == "ALIGNED"
		}
		if !has {
			kept = append(kept, a)
		}
	}
	doc.Armatures = kept
	rep, err := checkArmatures(doc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(rep.Failures, "\n"), "no ALIGNED bone") {
		t.Fatalf("failures %q, want one about ALIGNED", rep.Failures)
	}
}

// handArmature is a root bone and a Fix Shear child whose pose matrices
// are derived by hand from Blender's formulas (armature.cc: a child's
// pose = the parent's pose matrix times the offset [Bone.matrix | (0,
// parent length, 0) + head], straightened by Fix Shear, times the pose's
// T R S):
//
//   - Root: head (1, 0, 0), tail (1, 2, 0) (length 2, Bone.matrix = I),
//     pose scale (2, 1, 1): pose matrix T(1, 0, 0) diag(2, 1, 1).
//   - Child: head (0.5, 0, 0) from the root's tail, Bone.matrix = Rz(90°),
//     pose location (0, 0, 1), rotation Rx(45°), scale (1, 0.5, 3).
//
// Child's position: the offset (0.5, 2, 0) plus Rz(90°)(0, 0, 1) = (0.5,
// 2, 1), through the root: (1, 0, 0) + (2·0.5, 2, 1) = (2, 2, 1). With
// D = diag(2, 1, 1) and c = √½: Fix Shear straightens D Rz(90°), whose
// columns (0, 1, 0), (-2, 0, 0), (0, 0, 1) are already perpendicular, so
// it stays; the linear part is D Rz(90°) Rx(45°) diag(1, 0.5, 3). Rx(45°)
// has columns (1, 0, 0), (0, c, c), (0, -c, c); D Rz(90°) maps them to
// (0, 1, 0), (-2c, 0, c), (2c, 0, c); times the scale: (0, 1, 0), (-c, 0,
// c/2), (6c, 0, 3c).
//
// Folded (one rotation Rest·R, straightened as a whole): M = D Rz(90°)
// Rx(45°) has y = (-2c, 0, c), |y|² = 2.5, z = (2c, 0, c), z·y = -1.5, so
// z loses -0.6 y: z' = (2c - 1.2c, 0, c + 0.6c) = (0.8c, 0, 1.6c); x = (0,
// 1, 0) is already perpendicular to both, so no turn; times the scale:
// (0, 1, 0), (-c, 0, c/2), (2.4c, 0, 4.8c).
func handArmature() (armature, mgl64.Mat4, mgl64.Mat4) {
	c := math.Sqrt(0.5)
	h := math.Pi / 8 // half of 45°
	a := armature{Name: "Hand", Bones: []bone{
		{Name: "Root", Parent: -1, InheritScale: "FULL", Head: [3]float64{1, 0, 0}, Tail: [3]float64{1, 2, 0}, Length: 2,
			Matrix: [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, Rotation: [4]float64{1, 0, 0, 0}, Scale: [3]float64{2, 1, 1},
			PoseMatrix: [4][4]float64{{2, 0, 0, 1}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}},
		{Name: "Child", Parent: 0, InheritScale: "FIX_SHEAR", Head: [3]float64{0.5, 0, 0}, Length: 1,
			Matrix: [3][3]float64{{0, -1, 0}, {1, 0, 0}, {0, 0, 1}}, Location: [3]float64{0, 0, 1},
			Rotation: [4]float64{math.Cos(h), math.Sin(h), 0, 0}, Scale: [3]float64{1, 0.5, 3}},
	}}
	split := mgl64.Mat4{0, 1, 0, 0, -c, 0, c / 2, 0, 6 * c, 0, 3 * c, 0, 2, 2, 1, 1}
	folded := mgl64.Mat4{0, 1, 0, 0, -c, 0, c / 2, 0, 2.4 * c, 0, 4.8 * c, 0, 2, 2, 1, 1}
	return a, split, folded
}

// TestMappingByHand: the mapping with the rest/pose split gives the hand
// matrix of handArmature to 1e-12, the folded mapping the hand folded
// matrix, and the two differ (z column) by more than FoldedMin.
func TestMappingByHand(t *testing.T) {
	a, split, folded := handArmature()
	for _, fold := range []bool{false, true} {
		nodes, err := boneNodes(a, fold)
		if err != nil {
			t.Fatal(err)
		}
		got := modes.AccumulateMatrices.Reference(nodes)[1]
		want := split
		if fold {
			want = folded
		}
		if e := relErr(got, want); !(e <= 1e-12) {
			t.Errorf("fold=%v: world %v, want %v (error %g)", fold, got, want, e)
		}
	}
	if e := relErr(folded, split); !(e > FoldedMin) {
		t.Fatalf("the hand matrices differ by only %g", e)
	}
	// The same through checkArmatures' one step: the root's pose matrix
	// as the parent.
	a.Bones[1].PoseMatrix = rowsOf(split)
	nodes, _ := boneNodes(a, false)
	got, err := stepWorld(mat4Rows(a.Bones[0].PoseMatrix), nodes[1])
	if err != nil {
		t.Fatal(err)
	}
	if e := relErr(got, split); !(e <= 1e-12) {
		t.Errorf("one step: %v, want %v (error %g)", got, split, e)
	}
}

func rowsOf(m mgl64.Mat4) [4][4]float64 {
	var r [4][4]float64
	for i := range 4 {
		for j := range 4 {
			r[i][j] = m[4*j+i]
		}
	}
	return r
}

func TestRelErr(t *testing.T) {
	want := mgl64.Ident4()
	want[12] = 4 // largest entry 4, linear part's 1
	got := want
	got[0] += 1e-3 // linear: 1e-3 / 1; whole: 1e-3 / 4
	if e := relErr(got, want); math.Abs(e-1e-3) > 1e-15 {
		t.Errorf("relErr = %g, want 1e-3", e)
	}
	got = want
	got[12] += 2e-3 // translation only: 2e-3 / 4
	if e := relErr(got, want); math.Abs(e-5e-4) > 1e-15 {
		t.Errorf("relErr = %g, want 5e-4", e)
	}
	got[5] = math.NaN()
	if e := relErr(got, want); !math.IsInf(e, 1) {
		t.Errorf("relErr with a NaN = %g, want +Inf", e)
	}
}

// fixtureFile writes blendercheck's fixture to a temporary folder.
func fixtureFile(t *testing.T) string {
	t.Helper()
	p, err := writeFixture(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestAnimAgainstBlender: Blender's evaluated vertices of the fixture at
// 16 times (testdata/blendercheck-arm.json) against skewlab's: key times
// and the linear interval within AnimTol; at a quarter of the way between
// two bend keys skewlab's slerp is more than 100 AnimTol from Blender's
// component-wise blend, which skewlab's nlerp pose matches; between the
// cubic spline's two keys nothing is compared.
func TestAnimAgainstBlender(t *testing.T) {
	vd, err := readVerts("testdata/blendercheck-arm.json")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := checkAnim(fixtureFile(t), vd)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Failures) > 0 {
		t.Fatalf("failures: %q", rep.Failures)
	}
	count := map[frameKind]int{}
	quarter := 0
	for _, f := range rep.Frames {
		count[f.Kind]++
		if f.Kind == nlerp && math.Mod(f.Time, 0.5) == 0.125 {
			quarter++
			if !(f.Slerp > 100*AnimTol) {
				t.Errorf("t = %g: slerp is only %g from Blender", f.Time, f.Slerp)
			}
		}
		if f.Kind == skipped && !(f.Time > 0 && f.Time < 0.5) {
			t.Errorf("t = %g skipped, outside the cubic spline's interval", f.Time)
		}
	}
	want := map[frameKind]int{atKey: 6, skipped: 2, nlerp: 6, between: 2}
	for k, n := range want {
		if count[k] != n {
			t.Errorf("%d frames of kind %q, want %d (all: %v)", count[k], k, n, count)
		}
	}
	if quarter != 3 {
		t.Errorf("%d nlerp frames at a quarter interval, want 3", quarter)
	}
	if rep.Vertices != 126 {
		t.Errorf("%d vertices compared, want 126 (21 rings of 6)", rep.Vertices)
	}
}

// TestAnimCatchesAMovedVertex: one of Blender's vertices moved by 1e-4
// of the size fails the check at that time.
func TestAnimCatchesAMovedVertex(t *testing.T) {
	vd, err := readVerts("testdata/blendercheck-arm.json")
	if err != nil {
		t.Fatal(err)
	}
	fr := &vd.Frames[len(vd.Frames)-1]
	fr.Objects[0].Vertices[100][2] += 1e-4 * 3
	rep, err := checkAnim(fixtureFile(t), vd)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Failures) != 1 || !strings.HasPrefix(rep.Failures[0], "t = 2.5 s (key)") {
		t.Fatalf("failures %q, want one at t = 2.5 s", rep.Failures)
	}
}

// TestFixtureRestPose: at t = 0 the points bound only to Shoulder, Upper
// or Fore (rings 0 to 13, y < 1.7 along the arm), which are bound at
// their rest pose, are the file's own positions to float32 rounding. The
// last ring (y = 2.6, wholly Hand's) was bound 0.6 past Hand's joint at
// radius 0.15, without Hand's rest scale (1.2, 0.8, 1): in Hand's bind
// frame it is at (1.2x, 0.48, z) with x² + z² = 0.15².
func TestFixtureRestPose(t *testing.T) {
	sc, a, err := loadAnimated(fixtureFile(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Check(sc.Nodes); err != nil {
		t.Fatal(err)
	}
	got := posedVertices(sc, a, 0, false)["Skin"]
	var skin *scene.Node
	for i := range sc.Nodes {
		if sc.Nodes[i].Name == "Skin" {
			skin = &sc.Nodes[i]
		}
	}
	if skin == nil || len(got) != 126 || len(skin.Mesh.Points) != 126 {
		t.Fatalf("no Skin node of 126 points")
	}
	for k := range 14 * 6 {
		if d := got[k].Sub(skin.Mesh.Points[k]).Len(); d > 1e-6 {
			t.Errorf("point %d at rest: %v, file %v", k, got[k], skin.Mesh.Points[k])
		}
	}
	bind := fixtureRest()
	bind[fxHand].Scale = mgl64.Vec3{1, 1, 1}
	inv := bind[fxShoulder].Mat4().Mul4(bind[fxUpper].Mat4()).Mul4(bind[fxFore].Mat4()).Mul4(bind[fxHand].Mat4()).Inv()
	for k := 20 * 6; k < 21*6; k++ {
		p := inv.Mul4x1(got[k].Vec4(1))
		if math.Abs(p[1]-0.48) > 1e-6 || math.Abs(math.Hypot(p[0]/1.2, p[2])-0.15) > 1e-6 {
			t.Errorf("point %d in Hand's bind frame: %v, want y 0.48 and (x/1.2, z) of length 0.15", k, p)
		}
	}
}

// TestRun: the command line's conventions.
func TestRun(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
	}{
		{nil, 2},
		{[]string{"bogus"}, 2},
		{[]string{"armatures"}, 2},
		{[]string{"armatures", "-x", "f"}, 2},
		{[]string{"armatures", filepath.Join(t.TempDir(), "missing.json")}, 2},
		{[]string{"anim", "a.gltf"}, 2},
		{[]string{"fixture"}, 2},
	} {
		var out, errb bytes.Buffer
		code := run(c.args, &out, &errb)
		if code != c.code || out.Len() != 0 || strings.Count(errb.String(), "\n") != 1 || !strings.HasPrefix(errb.String(), "blendercheck: ") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d, one blendercheck: line", c.args, code, out.String(), errb.String(), c.code)
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"-h"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "usage:") || errb.Len() != 0 {
		t.Errorf("-h: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
	out.Reset()
	if code := run([]string{"armatures", "testdata/armatures.json"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "armatures: ok") {
		t.Errorf("armatures: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
	// A failing check: exit 1, each failure a line on stderr.
	bad := filepath.Join(t.TempDir(), "bad.json")
	data, err := os.ReadFile("testdata/armatures.json")
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.ReplaceAll(data, []byte(`"FIX_SHEAR"`), []byte(`"FULL"`))
	if err := os.WriteFile(bad, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"armatures", bad}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "FAIL") {
		t.Errorf("Fix Shear bones read as Full: exit %d, stderr %q; want exit 1 and FAIL lines", code, errb.String())
	}
}

//go:build !js

package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/gltfio"
)

// `skewlab bake FILE -o OUT.glb` with the flag after and before FILE:
// exit 0, a summary naming what changed, and a copy whose nodes all have
// scale 1 and no shear (read back by skewlab's reader), the rig's four
// nodes reshaped into three mesh forms (Hips and Tail share, see
// gltfio.TestBakeSharesMeshesPerForm).
func TestBakeCommand(t *testing.T) {
	dir := writeFixtures(t, 100)
	for _, args := range [][]string{
		{"bake", filepath.Join(dir, "rig.gltf"), "-o", filepath.Join(dir, "a.glb")},
		{"bake", "-o", filepath.Join(dir, "b.glb"), filepath.Join(dir, "rig.gltf")},
	} {
		code, out, errs := runCmd(t, args...)
		if code != 0 || errs != "" {
			t.Fatalf("%q: exit %d, stderr %q", args, code, errs)
		}
		for _, want := range []string{"4 node(s): 4 had a scale, mirror or shear", "3 mesh form(s) written (2 as copies", "check: all 10 rules draw the copy"} {
			if !strings.Contains(out, want) {
				t.Errorf("%q: output lacks %q:\n%s", args, want, out)
			}
		}
		outFile := args[len(args)-1]
		if args[1] == "-o" {
			outFile = args[2]
		}
		f, err := gltfio.Load(outFile)
		if err != nil {
			t.Fatal(err)
		}
		b, err := f.Build(0)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range b.Scene.Nodes {
			if n.Local.Scale.Sub(mgl64.Vec3{1, 1, 1}).Len() > 1e-12 || n.Sheared() {
				t.Errorf("%s: scale %v shear %v, want 1 and none", n.Name, n.Local.Scale, n.Shear)
			}
		}
	}
	// Baking leaves no temporary file behind.
	noTempFiles(t, dir)
}

// noTempFiles fails t when dir holds a file whose name starts with a dot:
// a temporary file a bake left behind (it writes one beside the output
// and renames it).
func noTempFiles(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}

// Nothing is lost: a refused input leaves an existing output file as it
// was; an output that cannot be written (its folder is missing) is one
// line, exit 1, nothing on stdout; the notes of a file with a skin and
// an animation are printed.
func TestBakeCommandFailures(t *testing.T) {
	dir := writeFixtures(t, 100)
	out := filepath.Join(dir, "keep.glb")
	old := []byte("an earlier copy")
	os.WriteFile(out, old, 0o644)
	code, stdout, _ := runCmd(t, "bake", filepath.Join(dir, "cycle.gltf"), "-o", out)
	if got, _ := os.ReadFile(out); code != 2 || stdout != "" || !bytes.Equal(got, old) {
		t.Errorf("refused input: exit %d, stdout %q, output now %q; want 2, nothing, the old file", code, stdout, got)
	}
	code, stdout, errs := runCmd(t, "bake", filepath.Join(dir, "rig.glb"), "-o", filepath.Join(dir, "no", "such", "x.glb"))
	if code != 1 || stdout != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "skewlab: bake: writing ") {
		t.Errorf("unwritable output: exit %d, stdout %q, stderr %q; want 1, nothing, one line", code, stdout, errs)
	}
	code, stdout, errs = runCmd(t, "bake", filepath.Join(dir, "scenes.gltf"), "-o", out)
	if code != 0 || !strings.Contains(stdout, "note: 1 skinned mesh node(s) left unbaked") || !strings.Contains(stdout, "note: 1 animation(s) dropped") {
		t.Errorf("scenes.gltf: exit %d, stderr %q, stdout:\n%s\nwant the skin and animation notes", code, errs, stdout)
	}
}

// The point of the bake: files whose rules disagree (the skewed rig; the
// piston, whose A scale five rules do not pass on to B; the mirrored
// rig) fail `skewlab audit` (exit 1), and their bakes pass it under all
// ten rules (exit 0): every node has scale 1, where the rules coincide.
func TestAuditOfBakeAgrees(t *testing.T) {
	dir := writeFixtures(t, 100)
	for _, name := range []string{"rig.gltf", "piston.gltf", "mirrored.gltf"} {
		in := filepath.Join(dir, name)
		out := filepath.Join(dir, name+".baked.glb")
		if code, _, errs := runCmd(t, "audit", in); code != 1 {
			t.Errorf("audit %s: exit %d (%s), want 1", name, code, errs)
		}
		if code, _, errs := runCmd(t, "bake", in, "-o", out); code != 0 {
			t.Fatalf("bake %s: exit %d: %s", name, code, errs)
		}
		if code, stdout, errs := runCmd(t, "audit", out); code != 0 || !strings.Contains(stdout, "every rule agrees") {
			t.Errorf("audit of the bake of %s: exit %d, stderr %q, stdout:\n%s\nwant 0", name, code, errs, stdout)
		}
	}
}

// A camera and lights under a scaled, turned parent (lights.gltf): bake
// writes the copy, says how many cameras and lights its check aimed
// under every rule and how many nodes it added to carry them, and notes
// what a camera of scale 1 and an unsquashed spot cone cannot carry; the
// copy passes audit.
func TestBakeCommandCamerasAndLights(t *testing.T) {
	dir := writeFixtures(t, 100)
	out := filepath.Join(dir, "lights.baked.glb")
	code, stdout, errs := runCmd(t, "bake", filepath.Join(dir, "lights.gltf"), "-o", out)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{
		"check: all 10 rules aim the copy's 4 camera(s) and light(s) where accumulate-matrices aims the original's",
		"4 node(s) added after the original's to carry cameras and lights",
		"note: 1 camera(s) and 3 light(s) sat on nodes",
		"note: 1 camera(s) had a scale", "note: 1 spot light(s) sat under a non-uniform scale",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if code, stdout, errs := runCmd(t, "audit", out); code != 0 {
		t.Errorf("audit of the copy: exit %d, stderr %q\n%s", code, errs, stdout)
	}
}

// checkBake measures cameras and lights: on the copy of lights.gltf as
// bake writes it, every direction and up is the original's to 1e-9
// degrees; told that each camera and light stayed on its original node
// (what the old bake did: that node has only its polar rotation), Eye
// and Spot aim over 10 degrees away (gltfgen's TestLights works out
// their frames by hand), which is over bakeFrameTolerance; told that the
// copy carries none, checkBake refuses, naming the first (Rig's light).
func TestCheckBakeMeasuresFrames(t *testing.T) {
	dir := writeFixtures(t, 100)
	data, err := os.ReadFile(filepath.Join(dir, "lights.gltf"))
	if err != nil {
		t.Fatal(err)
	}
	baked, err := gltfio.Bake("lights.gltf", data, os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	cp, err := gltfio.Read("copy.glb", baked.GLB, nil)
	if err != nil {
		t.Fatal(err)
	}
	origCarried, copyCarried := baked.Original.Attachments(), cp.Attachments()
	if len(origCarried) != 4 || len(copyCarried) != 4 {
		t.Fatalf("%d and %d cameras and lights, want 4 and 4", len(origCarried), len(copyCarried))
	}
	chk, err := checkBake(mustBuildAll(t, baked.Original), cp, baked.Expanded, origCarried, copyCarried)
	if err != nil || chk.frames != 4 || chk.frameDeg > 1e-9 || chk.worst > 1e-12 {
		t.Errorf("the bake's copy: %+v, %v; want 4 frames within 1e-9 degrees", chk, err)
	}
	var stayed []gltfio.Attachment
	for _, a := range copyCarried {
		a.Node, a.Parent = a.Parent, -1 // back on the original node
		stayed = append(stayed, a)
	}
	chk, err = checkBake(mustBuildAll(t, baked.Original), cp, baked.Expanded, origCarried, stayed)
	if err != nil || chk.frameDeg < 10 || chk.frameDeg <= bakeFrameTolerance {
		t.Errorf("cameras and lights left on their nodes: %+v, %v; want over 10 degrees off", chk, err)
	}
	if _, err := checkBake(mustBuildAll(t, baked.Original), cp, baked.Expanded, origCarried, nil); err == nil || !strings.Contains(err.Error(), "no node carrying light 0 of node 0") {
		t.Errorf("nothing carried in the copy: error %v", err)
	}
}

// skinnedOnly is a file whose one mesh is skinned: joints J1 (scale
// (1, 3, 1)) > J2 (turned 30° about z), a triangle on node S bound
// wholly to J2 (identity inverse bind matrices). Under accumulate-trs J2
// is not sheared, under accumulate-matrices it is, so the rules skin the
// triangle to different places.
func skinnedOnly(t *testing.T) []byte {
	t.Helper()
	var bin []byte
	for _, v := range []float32{0, 0, 0, 1, 0, 0, 0, 1, 0} {
		bin = append(bin, byte(math.Float32bits(v)), byte(math.Float32bits(v)>>8), byte(math.Float32bits(v)>>16), byte(math.Float32bits(v)>>24))
	}
	bin = append(bin, make([]byte, 12)...) // JOINTS_0: joint 0 (J2) for each vertex
	for range 3 {
		for _, w := range []float32{1, 0, 0, 0} {
			bin = append(bin, byte(math.Float32bits(w)), byte(math.Float32bits(w)>>8), byte(math.Float32bits(w)>>16), byte(math.Float32bits(w)>>24))
		}
	}
	s, c := math.Sin(math.Pi/12), math.Cos(math.Pi/12)
	doc := map[string]any{
		"asset":       map[string]any{"version": "2.0"},
		"buffers":     []any{map[string]any{"byteLength": len(bin), "uri": "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(bin)}},
		"bufferViews": []any{map[string]any{"buffer": 0, "byteLength": 36}, map[string]any{"buffer": 0, "byteOffset": 36, "byteLength": 12}, map[string]any{"buffer": 0, "byteOffset": 48, "byteLength": 48}},
		"accessors": []any{
			map[string]any{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": []float64{0, 0, 0}, "max": []float64{1, 1, 0}},
			map[string]any{"bufferView": 1, "componentType": 5121, "count": 3, "type": "VEC4"},
			map[string]any{"bufferView": 2, "componentType": 5126, "count": 3, "type": "VEC4"},
		},
		"meshes": []any{map[string]any{"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": 0, "JOINTS_0": 1, "WEIGHTS_0": 2}}}}},
		"skins":  []any{map[string]any{"joints": []int{1}}},
		"nodes": []any{
			map[string]any{"name": "J1", "scale": []float64{1, 3, 1}, "children": []int{1}},
			map[string]any{"name": "J2", "rotation": []float64{0, 0, s, c}, "translation": []float64{0, 1, 0}},
			map[string]any{"name": "S", "mesh": 0, "skin": 0},
		},
		"scenes": []any{map[string]any{"nodes": []int{0, 2}}},
	}
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A file whose only mesh is skinned bakes with a check that covers its
// skinned vertices at the rest pose (it said "the copy's 0 vertices"
// before), and that check can fail: the unbaked original compared with
// itself under every rule is far off (accumulate-trs skins J2's triangle
// elsewhere), while its bake passes.
func TestBakeChecksSkinnedVertices(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "skin.gltf"), filepath.Join(dir, "skin.glb")
	if err := os.WriteFile(in, skinnedOnly(t), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, errs := runCmd(t, "bake", in, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(stdout, "3 node origins, 3 skinned vertices (at the rest pose)") || strings.Contains(stdout, " 0 vertices") {
		t.Errorf("the check's line does not count the skinned vertices:\n%s", stdout)
	}
	orig, err := gltfio.Load(in)
	if err != nil {
		t.Fatal(err)
	}
	chk, err := checkBake(mustBuildAll(t, orig), orig, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if chk.worst < 0.01 || chk.skinned != 3 {
		t.Errorf("the original against itself: worst %.3g of size under %s over %d skinned vertices; want over 1%% (the rules skin it differently)", chk.worst, chk.rule, chk.skinned)
	}
}

// mustBuildAll builds every scene of f for checkBake.
func mustBuildAll(t *testing.T, f *gltfio.File) []*gltfio.Built {
	t.Helper()
	b, err := buildAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

//go:build !js

package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"skewlab/internal/gltfgen"
)

// writeFixtures writes every glTF fixture (big.glb with about
// triangles triangles) into a new temporary folder and returns it.
func writeFixtures(t *testing.T, triangles int) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range gltfgen.All(triangles) {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// sameNumbers compares two decoded JSON values: equal structure and
// strings, numbers within tol; where names the place for the error.
func sameNumbers(a, b any, tol float64, where string) error {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return fmt.Errorf("%s: objects differ: %v vs %v", where, a, b)
		}
		for k := range x {
			if err := sameNumbers(x[k], y[k], tol, where+"."+k); err != nil {
				return err
			}
		}
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return fmt.Errorf("%s: lists differ in length", where)
		}
		for i := range x {
			if err := sameNumbers(x[i], y[i], tol, fmt.Sprintf("%s[%d]", where, i)); err != nil {
				return err
			}
		}
	case float64:
		y, ok := b.(float64)
		if !ok || !(math.Abs(x-y) <= tol) {
			return fmt.Errorf("%s: %v vs %v", where, a, b)
		}
	default:
		if a != b {
			return fmt.Errorf("%s: %v vs %v", where, a, b)
		}
	}
	return nil
}

// The piston glTF (gltfgen.Piston, written independently of the preset
// file) gives the same report as -preset piston under every mode, to
// 1e-12: every node's local and world values, the source line aside.
func TestReportGLTFPistonIsThePreset(t *testing.T) {
	dir := writeFixtures(t, 100)
	decode := func(args ...string) []any {
		code, out, errs := runCmd(t, append([]string{"report", "-format", "json"}, args...)...)
		if code != 0 {
			t.Fatalf("report %v: exit %d: %s", args, code, errs)
		}
		var v []any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatal(err)
		}
		for _, m := range v {
			delete(m.(map[string]any), "scene")
			delete(m.(map[string]any), "preset")
		}
		return v
	}
	got := decode("-scene", filepath.Join(dir, "piston.gltf"))
	want := decode("-preset", "piston")
	if len(got) != 10 {
		t.Fatalf("%d modes reported, want 10", len(got))
	}
	if err := sameNumbers(got, want, 1e-12, "report"); err != nil {
		t.Fatal(err)
	}
}

// -scene FILE.gltf|.glb works on every command that builds a scene, and
// names made for duplicates (name#index) work in -set and -node.
func TestSceneFlagOnEveryCommand(t *testing.T) {
	dir := writeFixtures(t, 2000)
	png := filepath.Join(dir, "out.png")
	scenes := filepath.Join(dir, "scenes.gltf")
	for _, args := range [][]string{
		{"report", "-scene", filepath.Join(dir, "rig.glb")},
		{"report", "-scene", scenes, "-set", "Twin#3.scale=2,2,2", "-reparent", "Twin#4=Right"},
		{"report", "-scene", scenes, "-gltf-scene", "Left"},
		{"compare", "-scene", filepath.Join(dir, "rig.gltf"), "-node", "Spine"},
		{"compare", "-scene", scenes, "-node", "BadName#6"},
		{"export", "-o", png, "-scene", filepath.Join(dir, "big.glb")},
		{"export", "-o", png, "-scene", filepath.Join(dir, "prims.gltf"), "-mode", "maya-ssc"},
	} {
		code, out, errs := runCmd(t, args...)
		if code != 0 || errs != "" || out == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
	_, out, _ := runCmd(t, "report", "-scene", scenes, "-set", "Twin#3.scale=2,2,2")
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "Twin#3 ") && !strings.Contains(line, "8.0000") {
			t.Errorf("Twin#3 scaled by 2: want volume 8 in %q", line)
		}
	}
	if !strings.Contains(out, "note: ignored: 1 camera, 1 light;") {
		t.Errorf("report does not list what it ignores:\n%s", out)
	}
}

// The edge cap in a figure: the grid's 300,200 edges (gltfgen.Big at
// 200,000 triangles) are thinned to every 301st with -edges 1000
// (ceil(300200/1000) = 301: 998 edges) and to every 7th by default
// (ceil(300200/50000) = 7: 42,886), plus the figure's other lines (the
// ground grid, the basis rods, the local axes: at most 60 here).
func TestExportEdgeCap(t *testing.T) {
	dir := writeFixtures(t, gltfgen.DefaultTriangles)
	big := filepath.Join(dir, "big.glb")
	for _, c := range []struct {
		args []string
		mesh int
	}{{[]string{"-edges", "1000"}, 998}, {nil, 42886}} {
		svg := filepath.Join(dir, "e.svg")
		code, _, errs := runCmd(t, append([]string{"export", "-o", svg, "-scene", big}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		data, _ := os.ReadFile(svg)
		if n := strings.Count(string(data), "<line"); n < c.mesh || n > c.mesh+60 {
			t.Errorf("%v: %d lines, want the %d mesh edges and at most 60 others", c.args, n, c.mesh)
		}
	}
}

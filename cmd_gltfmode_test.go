//go:build !js

package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Defaults that mean glTF (issue 28, item 12): a glTF file opens in
// accumulate-matrices unless -mode says otherwise.

// export draws a glTF file in accumulate-matrices unless -mode says
// otherwise (the same SVG, to the byte, as -mode accumulate-matrices, and
// another than -mode accumulate-trs), and says so; a skewlab scene file
// and a preset keep accumulate-trs.
func TestExportGLTFMode(t *testing.T) {
	dir := writeFixtures(t, 100)
	rig := filepath.Join(dir, "rig.gltf")
	out := func(args ...string) (string, []byte) {
		t.Helper()
		svg := filepath.Join(t.TempDir(), "fig.svg")
		code, stdout, stderr := runCmd(t, append([]string{"export", "-o", svg}, args...)...)
		if code != 0 || stderr != "" {
			t.Fatalf("export %q: exit %d, %s", args, code, stderr)
		}
		data, err := os.ReadFile(svg)
		if err != nil {
			t.Fatal(err)
		}
		return stdout, data
	}
	said, plain := out("-scene", rig)
	_, matrices := out("-scene", rig, "-mode", "accumulate-matrices")
	saidTRS, trs := out("-mode", "accumulate-trs", "-scene", rig)
	if !strings.Contains(said, "mode accumulate-matrices)") || string(plain) != string(matrices) || string(plain) == string(trs) ||
		!strings.Contains(saidTRS, "mode accumulate-trs)") {
		t.Errorf("export -scene rig.gltf: %q (the same SVG as accumulate-matrices: %v, as accumulate-trs: %v)", said, string(plain) == string(matrices), string(plain) == string(trs))
	}
	for _, args := range [][]string{{"-scene", filepath.Join("assets", "presets", "piston.json")}, {"-preset", "piston"}} {
		if said, _ := out(args...); !strings.Contains(said, "mode accumulate-trs)") {
			t.Errorf("export %q: %q, want accumulate-trs", args, said)
		}
	}
}

// compare has no mode: it measures every rule against accumulate-matrices
// (what glTF means) on a glTF file too. Head's origin under accumulate-trs
// is 1.35 sin 35 degrees from where the matrices put it (audit's hand
// derivation), and 0 from itself under accumulate-matrices.
func TestCompareGLTFAgainstMatrices(t *testing.T) {
	dir := writeFixtures(t, 100)
	code, out, errs := runCmd(t, "compare", "-scene", filepath.Join(dir, "rig.gltf"), "-node", "Head", "-rules", "accumulate-matrices,accumulate-trs", "-format", "json")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, %s", code, errs)
	}
	var tb struct {
		Rows []struct {
			Mode             string   `json:"mode"`
			PositionDistance *float64 `json:"positionDistance"`
		} `json:"rows"`
	}
	if err := json.Unmarshal([]byte(out), &tb); err != nil || len(tb.Rows) != 2 {
		t.Fatalf("%v\n%s", err, out)
	}
	want := 1.35 * math.Sin(35*math.Pi/180)
	if d := tb.Rows[0].PositionDistance; d == nil || *d != 0 {
		t.Errorf("accumulate-matrices against itself: %v", d)
	}
	if d := tb.Rows[1].PositionDistance; d == nil || math.Abs(*d-want) > 1e-6 {
		t.Errorf("accumulate-trs: Head's origin %v from the matrices', want %v", d, want)
	}
}

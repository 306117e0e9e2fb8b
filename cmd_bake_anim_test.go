//go:build !js

package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"skewlab/gltfio"
)

// armShearByHand is the stretchy arm's largest lost shear in units, by
// hand (gltfio's armLostShear derives it): Fore's world is Root's turn
// times diag(a, s, a) Rz(θ), whose polar rotation is Rz(θ) and whose
// stretch Rz(-θ) diag(a, s, a) Rz(θ) has the off-diagonal entry (s - a)
// sin θ cos θ that a TRS key drops; ring 18 of the skin (0.8 past the
// elbow, radius 0.106, weight 1 on Fore) moves by it times |(0.106,
// 0.8)|. s = 1 + t, a = 1 - (1 - 1/√2) t, θ = 100 t degrees, t in [0, 1].
func armShearByHand() float64 {
	h := 0.0
	for i := 0; i <= 100000; i++ {
		t := float64(i) / 100000
		th := 100 * t * math.Pi / 180
		h = max(h, math.Abs(((1+t)-(1-(1-1/math.Sqrt2)*t))*math.Sin(th)*math.Cos(th)))
	}
	return h * math.Hypot(0.106, 0.8)
}

// With the default -max-error (1e-3) bake -anim refuses the stretchy
// arm: exit 1, nothing on stdout, one line on stderr naming the forearm
// (and the hand next), no file written and an existing one left as it
// was.
func TestBakeAnimRefusesTheArm(t *testing.T) {
	dir := writeFixtures(t, 100)
	arm := filepath.Join(dir, "stretchy-arm.gltf")
	fresh := filepath.Join(dir, "fresh.glb")
	code, stdout, errs := runCmd(t, "bake", arm, "-anim", "-o", fresh)
	if code != 1 || stdout != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "skewlab: bake: ") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 1, nothing, one line", code, stdout, errs)
	}
	for _, want := range []string{"over -max-error 0.001 (nothing written)", "Fore 8.6", "Hand 3.", `of 0 "stretch"`} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q: %s", want, errs)
		}
	}
	if strings.Index(errs, "Fore") > strings.Index(errs, "Hand") {
		t.Errorf("the forearm is not named first: %s", errs)
	}
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("%s exists after a refusal (%v)", fresh, err)
	}
	old := filepath.Join(dir, "old.glb")
	os.WriteFile(old, []byte("an earlier copy"), 0o644)
	if code, _, _ := runCmd(t, "bake", "-anim", arm, "-o", old); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if got, _ := os.ReadFile(old); string(got) != "an earlier copy" {
		t.Errorf("the earlier file became %q", got)
	}
	noTempFiles(t, dir)
}

// With -max-error 0.5 the arm is written; the printed error is the lost
// shear derived by hand within 10% (8.64% of the size 3.147); audit
// -anim all of the original exits 1 and of the copy 0.
func TestBakeAnimWritesTheArm(t *testing.T) {
	dir := writeFixtures(t, 100)
	arm := filepath.Join(dir, "stretchy-arm.gltf")
	out := filepath.Join(dir, "arm.glb")
	code, stdout, errs := runCmd(t, "bake", arm, "-anim", "-max-error", "0.5", "-o", out)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"2 flattened", "Fore, Hand now children of Root", "check: all 10 rules play the copy's 5 node origins, 386 skinned vertices"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	m := regexp.MustCompile(`error: worst Fore, ([0-9.]+)% of the size ([0-9.]+) \(([0-9.]+) units`).FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("no error line:\n%s", stdout)
	}
	pct, _ := strconv.ParseFloat(m[1], 64)
	size, _ := strconv.ParseFloat(m[2], 64)
	want := armShearByHand()
	if math.Abs(pct/100*size-want) > 0.1*want {
		t.Errorf("printed %g%% of %g = %.4g units; the lost shear by hand is %.4g", pct, size, pct/100*size, want)
	}
	if code, _, _ := runCmd(t, "audit", "-anim", "all", arm); code != 1 {
		t.Errorf("audit -anim all of the original: exit %d, want 1", code)
	}
	if code, stdout, errs := runCmd(t, "audit", "-anim", "all", out); code != 0 {
		t.Errorf("audit -anim all of the copy: exit %d, stderr %q\n%s", code, errs, stdout)
	}
}

// A file without animation under -anim, and the flags -anim alone takes
// or out of range: one line, exit 2, nothing on stdout, nothing written.
// A morph-weights-only animation (SimpleMorph) bakes, flattening nothing.
func TestBakeAnimCommandLine(t *testing.T) {
	dir := writeFixtures(t, 100)
	out := filepath.Join(dir, "x.glb")
	arm := filepath.Join(dir, "stretchy-arm.gltf")
	for _, args := range [][]string{
		{"bake", "-anim", filepath.Join(dir, "rig.gltf"), "-o", out},
		{"bake", arm, "-fps", "10", "-o", out},
		{"bake", arm, "-max-error", "0.5", "-o", out},
		{"bake", arm, "-anim", "-fps", "0", "-o", out},
		{"bake", arm, "-anim", "-fps", "1001", "-o", out},
		{"bake", arm, "-anim", "-max-error", "0", "-o", out},
		{"bake", arm, "-anim", "-max-error", "2", "-o", out},
		{"bake", arm, "-anim", "-max-error", "nan", "-o", out},
	} {
		code, stdout, errs := runCmd(t, args...)
		if code != 2 || stdout != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "skewlab: bake: ") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2, nothing, one line", args, code, stdout, errs)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("%s written", out)
	}
	if _, _, errs := runCmd(t, "bake", "-anim", filepath.Join(dir, "rig.gltf"), "-o", out); !strings.Contains(errs, "no animation") {
		t.Errorf("rig.gltf: %q does not say it has no animation", errs)
	}
	code, stdout, errs := runCmd(t, "bake", "-anim", filepath.Join("testdata", "public", "SimpleMorph", "SimpleMorph.gltf"), "-o", out)
	if code != 0 || !strings.Contains(stdout, "0 flattened") || !strings.Contains(stdout, "error: none") {
		t.Errorf("SimpleMorph: exit %d, stderr %q\n%s", code, errs, stdout)
	}
}

// glbWith returns the GLB glb with its JSON edited by edit.
func glbWith(t *testing.T, glb []byte, edit func(doc map[string]any)) []byte {
	t.Helper()
	jlen := binary.LittleEndian.Uint32(glb[12:16])
	var doc map[string]any
	if err := json.Unmarshal(glb[20:20+jlen], &doc); err != nil {
		t.Fatal(err)
	}
	edit(doc)
	js, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	for len(js)%4 != 0 {
		js = append(js, ' ')
	}
	rest := glb[20+jlen:]
	var out bytes.Buffer
	out.WriteString("glTF")
	binary.Write(&out, binary.LittleEndian, uint32(2))
	binary.Write(&out, binary.LittleEndian, uint32(12+8+len(js)+len(rest)))
	binary.Write(&out, binary.LittleEndian, uint32(len(js)))
	out.WriteString("JSON")
	out.Write(js)
	out.Write(rest)
	return out.Bytes()
}

// The check can fail: the arm's copy with Fore put back under Upper
// (its keys, made relative to Root, now under the stretch) plays far
// from the original, over 10% of the size beyond the stated error, and
// checkBakeAnim says so; the copy as written passes.
func TestCheckBakeAnimCatchesAWrongCopy(t *testing.T) {
	dir := writeFixtures(t, 100)
	path := filepath.Join(dir, "stretchy-arm.gltf")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	baked, err := gltfio.BakeAnim(path, data, nil, 30)
	if err != nil {
		t.Fatal(err)
	}
	scenes, err := buildAll(baked.Original)
	if err != nil {
		t.Fatal(err)
	}
	good, err := gltfio.Read("copy.glb", baked.GLB, nil)
	if err != nil {
		t.Fatal(err)
	}
	chk, err := checkBakeAnim(scenes, good, baked)
	if err != nil || chk.worst > baked.Anim.Worst+bakeTolerance {
		t.Fatalf("the copy as written: %v, worst %.4g, stated %.4g", err, chk.worst, baked.Anim.Worst)
	}
	wrong := glbWith(t, baked.GLB, func(doc map[string]any) {
		nodes := doc["nodes"].([]any)
		root, upper := nodes[0].(map[string]any), nodes[1].(map[string]any)
		kids := root["children"].([]any)
		root["children"] = slices.DeleteFunc(kids, func(c any) bool { return c.(float64) == 2 })
		kept, _ := upper["children"].([]any) // Fore was its only child
		upper["children"] = append(kept, 2.0)
	})
	bad, err := gltfio.Read("wrong.glb", wrong, nil)
	if err != nil {
		t.Fatal(err)
	}
	chk, err = checkBakeAnim(scenes, bad, baked)
	if err != nil {
		t.Fatal(err)
	}
	if chk.worst < baked.Anim.Worst+0.1 {
		t.Errorf("the wrong copy checks %.4g of the size off, stated %.4g: the check missed it", chk.worst, baked.Anim.Worst)
	}
}

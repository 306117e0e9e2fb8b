//go:build !js

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"skewlab/internal/gltfgen"
)

// auditRows returns the node names of the text output's tables, in
// order (the lines after each "node " header up to the scene's summary
// line).
func auditRows(out string) []string {
	var names []string
	in := false
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "node "):
			in = true
		case line == "" || strings.HasPrefix(line, "every rule") || strings.HasPrefix(line, "the rules"):
			in = false
		case in:
			names = append(names, strings.Fields(line)[0])
		}
	}
	return names
}

// auditJSON decodes audit's JSON output.
type auditJSON struct {
	File   string `json:"file"`
	Agrees bool   `json:"agrees"`
	Scenes []struct {
		Scene  string `json:"scene"`
		Agrees bool   `json:"agrees"`
		Nodes  []struct {
			Name      string   `json:"name"`
			Index     int      `json:"index"`
			Agrees    bool     `json:"agrees"`
			MeshRules []string `json:"meshRules"`
		} `json:"nodes"`
	} `json:"scenes"`
}

// The skewed rig fails the audit (exit 1) with its sheared nodes, Spine
// and Head, listed first, in text and in JSON, from the .gltf and the
// .glb; the JSON gives their glTF node indices (Spine 1, Head 2). Flags
// may follow FILE: the output is the same.
func TestAuditRig(t *testing.T) {
	dir := writeFixtures(t, 100)
	sheared := []string{"Head", "Spine"}
	for _, name := range []string{"rig.gltf", "rig.glb"} {
		rig := filepath.Join(dir, name)
		code, out, errs := runCmd(t, "audit", rig)
		rows := auditRows(out)
		if code != 1 || errs != "" || len(rows) != 4 {
			t.Fatalf("%s: exit %d, stderr %q, rows %q; want 1, nothing, 4 rows:\n%s", name, code, errs, rows, out)
		}
		if first := slices.Sorted(slices.Values(rows[:2])); !slices.Equal(first, sheared) {
			t.Errorf("%s: first rows %q, want Spine and Head", name, rows[:2])
		}
		if !strings.Contains(out, "\nthe rules disagree beyond the tolerance at 3 of 4 nodes\n") {
			t.Errorf("%s: no summary line in\n%s", name, out)
		}
		// The text ends with the bake command for this very file; run as
		// printed, it writes a copy that passes the audit.
		baked := strings.TrimSuffix(strings.TrimSuffix(rig, ".gltf"), ".glb") + ".baked.glb"
		cmd := "skewlab bake " + rig + " -o " + baked
		if !strings.HasSuffix(out, "\nto write a copy that every rule draws the same (docs/bake.md), run: "+cmd+"\n") {
			t.Fatalf("%s: the text does not end with %q:\n%s", name, cmd, out)
		}
		if code, _, errs := runCmd(t, strings.Fields(cmd)[1:]...); code != 0 {
			t.Fatalf("%s: %s: exit %d, %s", name, cmd, code, errs)
		}
		if code, out, _ := runCmd(t, "audit", baked); code != 0 || strings.Contains(out, "run: skewlab bake") || strings.Contains(out, "why:") {
			t.Errorf("%s: the audit of %s: exit %d\n%s", name, baked, code, out)
		}
		code, after, errs := runCmd(t, "audit", rig, "-format", "json")
		_, before, _ := runCmd(t, "audit", "-format", "json", rig)
		if code != 1 || errs != "" || after != before {
			t.Fatalf("%s: -format json after FILE: exit %d, stderr %q, same as before FILE %v", name, code, errs, after == before)
		}
		var doc auditJSON
		if err := json.Unmarshal([]byte(after), &doc); err != nil {
			t.Fatal(err)
		}
		if doc.Agrees || doc.File != rig || len(doc.Scenes) != 1 || len(doc.Scenes[0].Nodes) != 4 {
			t.Fatalf("%s: %+v", name, doc)
		}
		nodes := doc.Scenes[0].Nodes
		got := []string{nodes[0].Name, nodes[1].Name}
		slices.Sort(got)
		if !slices.Equal(got, sheared) || nodes[0].Agrees || nodes[1].Agrees {
			t.Errorf("%s: JSON first nodes %+v", name, nodes[:2])
		}
		for _, n := range nodes {
			if want := map[string]int{"Hips": 0, "Spine": 1, "Head": 2, "Tail": 3}[n.Name]; n.Index != want {
				t.Errorf("%s: %s has index %d, want %d", name, n.Name, n.Index, want)
			}
		}
	}
	// A tolerance of half the model's size lets every rule agree.
	if code, out, _ := runCmd(t, "audit", "-tolerance", "0.5", filepath.Join(dir, "rig.gltf")); code != 0 || !strings.Contains(out, "every rule agrees") {
		t.Errorf("-tolerance 0.5: exit %d\n%s", code, out)
	}
}

// The piston at rest has no skew, and the rules that pass the parent's
// whole scale on (matrices, TRS, skew stripping, Blender's Fix Shear and
// Aligned) agree: exit 0. Under every rule, B disagrees (exit 1): the
// rules that keep only A's average scale or none of it draw B at another
// size; the preset's scene file gives the same rows.
func TestAuditPiston(t *testing.T) {
	dir := writeFixtures(t, 100)
	piston := filepath.Join(dir, "piston.gltf")
	passing := "accumulate-matrices,accumulate-trs,skew-stripping,blender-fix-shear,blender-aligned"
	code, out, errs := runCmd(t, "audit", piston, "-rules", passing)
	if code != 0 || errs != "" || !strings.HasSuffix(out, "\nevery rule agrees within the tolerance at all 3 nodes\n") {
		t.Errorf("piston.gltf -rules %s: exit %d, stderr %q\n%s", passing, code, errs, out)
	}
	for _, file := range []string{piston, filepath.Join("assets", "presets", "piston.json")} {
		code, out, errs := runCmd(t, "audit", file)
		rows := auditRows(out)
		if code != 1 || errs != "" || len(rows) != 3 || rows[0] != "B" || !strings.Contains(out, "accumulate-matrices vs blender-none") {
			t.Errorf("%s: exit %d, stderr %q, rows %q\n%s", file, code, errs, rows, out)
		}
		// B is why: A's scale (0.25, 0.25, 2) above it, passed on as its
		// average or not at all. The text ends with what to do: the bake
		// for glTF, the scales to change for a scene file bake cannot read.
		why := "\nB: Unity, Godot (accumulate-matrices) vs Blender None bones (blender-none), "
		scale := "\n  - a non-uniform scale above: A's scale (0.25, 0.25, 2), which uniform-inner-scale and blender-average pass on only as its average, and blender-none, blender-none-legacy and maya-ssc not at all\n"
		if !strings.Contains(out, why) || !strings.Contains(out, scale) {
			t.Errorf("%s: no why for B:\n%s", file, out)
		}
		last := "run: skewlab bake " + file + " -o " + strings.TrimSuffix(file, ".gltf") + ".baked.glb\n"
		if !strings.HasSuffix(file, ".gltf") {
			last = "\nskewlab bake reads glTF only; for this skewlab scene file, give every node that has children the scale (1, 1, 1), and no node a shear (a leaf may keep its own scale): every rule then draws it the same\n"
		}
		if !strings.HasSuffix(out, last) {
			t.Errorf("%s: the text does not end with %q:\n%s", file, last, out)
		}
	}
}

// Every scene of a glTF file is audited, each in its own section;
// -gltf-scene picks one.
func TestAuditScenes(t *testing.T) {
	dir := writeFixtures(t, 100)
	scenes := filepath.Join(dir, "scenes.gltf")
	code, out, errs := runCmd(t, "audit", scenes)
	if code != 0 || errs != "" || !strings.Contains(out, "\nscene \"Left\": 1 node,") || !strings.Contains(out, "\nscene \"Right\": 6 nodes,") ||
		!strings.Contains(out, "note: ignored: 1 camera") || !strings.HasSuffix(out, "in all 2 scenes\n") {
		t.Errorf("scenes.gltf: exit %d, stderr %q\n%s", code, errs, out)
	}
	code, out, _ = runCmd(t, "audit", scenes, "-gltf-scene", "Right", "-format", "json")
	var doc auditJSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 0 || len(doc.Scenes) != 1 || doc.Scenes[0].Scene != "Right" {
		t.Errorf("-gltf-scene Right: exit %d, %v, %+v", code, err, doc)
	}
}

// A bad command line or a file that cannot be read is one line on
// stderr, nothing on stdout, exit 2; -h prints the usage on stdout and
// exits 0.
func TestAuditBadInput(t *testing.T) {
	dir := writeFixtures(t, 100)
	rig := filepath.Join(dir, "rig.gltf")
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "want exactly one FILE"},
		{[]string{rig, rig}, "want exactly one FILE"},
		{[]string{filepath.Join(dir, "not-gltf.gltf")}, "not a glTF file"},
		{[]string{filepath.Join(dir, "nope.gltf")}, "nope.gltf"},
		{[]string{rig, "-tolerance", "0"}, "above 0 and at most 1"},
		{[]string{rig, "-tolerance", "Inf"}, "-tolerance"},
		{[]string{rig, "-rules", "nope"}, "unknown mode \"nope\""},
		{[]string{rig, "-gltf-scene", "7"}, "no scene \"7\""},
		{[]string{rig, "-format", "xml"}, "unknown format \"xml\""},
	} {
		code, out, errs := runCmd(t, append([]string{"audit"}, c.args...)...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "skewlab: audit: ") || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2, nothing, one line with %q", c.args, code, out, errs, c.want)
		}
	}
	code, out, errs := runCmd(t, "audit", rig, "-h")
	if code != 0 || errs != "" || !strings.HasPrefix(out, "usage: skewlab audit ") || !strings.Contains(out, "-tolerance FRACTION") {
		t.Errorf("-h: exit %d, stderr %q, stdout %q", code, errs, out)
	}
}

// brokenWriter fails every write.
type brokenWriter struct{}

func (brokenWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// An output that cannot be written is one line and exit 2, not 1 (which
// means the rules disagree), whether the rules agree or not.
func TestAuditWriteFailure(t *testing.T) {
	dir := writeFixtures(t, 100)
	for _, file := range []string{"rig.gltf", "scenes.gltf"} {
		var errs bytes.Buffer
		code := runAudit([]string{filepath.Join(dir, file)}, brokenWriter{}, &errs)
		if code != 2 || strings.Count(errs.String(), "\n") != 1 || !strings.Contains(errs.String(), "writing the audit: broken pipe") {
			t.Errorf("%s: exit %d, stderr %q", file, code, errs.String())
		}
	}
}

// An instanced file's audit: every instance is a node of its own (named
// NODE[k], its JSON "index" its node's and "instance" its number), the
// instances under a stretch disagree between the rules, and the audit of
// the bake agrees (the 45° instances became nodes).
func TestAuditOfInstances(t *testing.T) {
	dir := t.TempDir()
	var file string
	for _, f := range gltfgen.EdgeFiles() {
		if f.Name == "instanced-stretch.gltf" {
			file = filepath.Join(dir, f.Name)
			if err := os.WriteFile(file, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	code, out, errs := runCmd(t, "audit", file, "-format", "json")
	if code != 1 {
		t.Fatalf("exit %d (%s), want 1: the rules disagree at the stretched instances", code, errs)
	}
	var doc struct {
		Scenes []struct {
			Nodes []struct {
				Name     string `json:"name"`
				Index    int    `json:"index"`
				Instance *int   `json:"instance"`
				Agrees   bool   `json:"agrees"`
			} `json:"nodes"`
		} `json:"scenes"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, n := range doc.Scenes[0].Nodes {
		seen[n.Name] = true
		if base, _, ok := strings.Cut(n.Name, "["); ok {
			if n.Instance == nil || n.Index != map[string]int{"Stretched": 0, "Uniform": 1}[base] || n.Name != fmt.Sprintf("%s[%d]", base, *n.Instance) {
				t.Errorf("%s: index %d instance %v", n.Name, n.Index, n.Instance)
			}
		} else if n.Instance != nil {
			t.Errorf("%s has an instance number", n.Name)
		}
		if n.Name == "Stretched[2]" && n.Agrees {
			t.Errorf("the 45° instance under scale (2, 1, 1) agrees under every rule")
		}
	}
	for _, name := range []string{"Stretched", "Stretched[0]", "Stretched[1]", "Stretched[2]", "Uniform[0]", "Uniform[1]"} {
		if !seen[name] {
			t.Errorf("the audit has no node %s", name)
		}
	}
	out2 := filepath.Join(dir, "baked.glb")
	if code, _, errs := runCmd(t, "bake", file, "-o", out2); code != 0 {
		t.Fatalf("bake: exit %d %s", code, errs)
	}
	if code, out, _ := runCmd(t, "audit", out2); code != 0 {
		t.Errorf("audit of the bake: exit %d\n%s", code, out)
	}
}

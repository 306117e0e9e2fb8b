package audit

import (
	"bytes"
	"encoding/json"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"skewlab/internal/testkit"
	"skewlab/modes"
)

// checkWriters writes f in both formats and checks what every output
// must hold: JSON that parses, with camelCase keys, one entry per node
// and "agrees" as f.Agrees(); no NaN or Inf anywhere; one text line per
// node.
func checkWriters(t *testing.T, f *File) (text string, doc map[string]any) {
	t.Helper()
	var tb, jb bytes.Buffer
	if err := WriteText(&tb, f); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSON(&jb, f); err != nil {
		t.Fatal(err)
	}
	testkit.CheckCamelKeys(t, jb.Bytes())
	if err := json.Unmarshal(jb.Bytes(), &doc); err != nil {
		t.Fatalf("JSON: %v", err)
	}
	if doc["agrees"] != f.Agrees() {
		t.Errorf("JSON agrees %v, want %v", doc["agrees"], f.Agrees())
	}
	scenes := doc["scenes"].([]any)
	for i, s := range scenes {
		if got, want := len(s.(map[string]any)["nodes"].([]any)), len(f.Scenes[i].Nodes); got != want {
			t.Errorf("scene %d: %d JSON nodes, want %d", i, got, want)
		}
	}
	for _, out := range []string{tb.String(), jb.String()} {
		for _, bad := range []string{"NaN", "Inf"} {
			if strings.Contains(out, bad) {
				t.Errorf("output holds %s:\n%s", bad, out)
			}
		}
	}
	return tb.String(), doc
}

// The rig under accumulate-matrices and accumulate-trs: the text names
// the file, the notes, the rules, their engines and the size, lists Head
// and Spine first with their pair, says 2 of 4 nodes disagree, then why
// (Head and Spine only) and ends with the bake command; the JSON has the
// same nodes in the same order with the file's node indices, the engines
// beside the rules, the causes and the command.
func TestWriteRig(t *testing.T) {
	rules := []modes.Mode{modes.AccumulateMatrices, modes.AccumulateTRS}
	f := &File{Name: "rig.gltf", GLTF: true, Notes: []string{"a note"}, Scenes: []Scene{{Label: "scene 0", Index: []int{10, 11, 12, 13},
		Report: Check(rigScene(t).Nodes, rules, DefaultTolerance)}}}
	text, doc := checkWriters(t, f)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	for _, want := range []string{"file rig.gltf", "note: a note", "rules (2): accumulate-matrices, accumulate-trs",
		"engines: accumulate-matrices = Unity, Godot, three.js, Bevy, Blender objects, Blender Full bones, FBX RSrs, glTF; accumulate-trs = Unreal, FBX RrSs",
		"tolerance: 0.0001 of the size", ""} {
		if lines[0] != want {
			t.Errorf("line %q, want %q", lines[0], want)
		}
		lines = lines[1:]
	}
	if !strings.HasPrefix(lines[0], `scene "scene 0": 4 nodes, size `) || !strings.HasPrefix(lines[1], "node ") {
		t.Errorf("scene header %q, %q", lines[0], lines[1])
	}
	for k, name := range []string{f.Scenes[0].Nodes[0].Name, f.Scenes[0].Nodes[1].Name} {
		row := strings.Fields(lines[2+k])
		if row[0] != name || row[2] != "no" || row[len(row)-1] != "no" || !strings.Contains(lines[2+k], "accumulate-matrices vs accumulate-trs") {
			t.Errorf("row %d: %q", k, lines[2+k])
		}
	}
	r := &f.Scenes[0].Report
	head, spine := byName(t, *r, "Head"), byName(t, *r, "Spine")
	fh, _ := r.Fraction(head.Worst())
	fs, _ := r.Fraction(spine.Worst())
	wantTail := []string{
		"the rules disagree beyond the tolerance at 2 of 4 nodes",
		"",
		"why:",
		"Head: Unity, Godot (accumulate-matrices) vs Unreal, FBX RrSs (accumulate-trs), " + pct(fh) + " of the size apart, because of:",
		"  - a sheared parent: Spine, sheared by Hips' scale (1, 2.5, 1) above Spine turned 35° about z",
		"  - a non-uniform scale above a turned child: Hips' scale (1, 2.5, 1) above Head turned 25° about x, which shears Head",
		"Spine: Unity, Godot (accumulate-matrices) vs Unreal, FBX RrSs (accumulate-trs), " + pct(fs) + " of the size apart, because of:",
		"  - a non-uniform scale above a turned child: Hips' scale (1, 2.5, 1) above Spine turned 35° about z, which shears Spine",
		"",
		"to write a copy that every rule draws the same (docs/bake.md), run: skewlab bake rig.gltf -o rig.baked.glb",
	}
	if head.Worst().Distance < spine.Worst().Distance {
		t.Fatalf("Head (%v) is not worse than Spine (%v): the expected order is wrong", head.Worst().Distance, spine.Worst().Distance)
	}
	got := lines[len(lines)-len(wantTail):]
	for k := range wantTail {
		if got[k] != wantTail[k] {
			t.Errorf("tail line %d:\n got %q\nwant %q", k, got[k], wantTail[k])
		}
	}
	// Hips and Tail agree: no why line; the rules not compared are not
	// named.
	for _, bad := range []string{"\nHips:", "\nTail:", "uniform-inner-scale", "blender-none"} {
		if strings.Contains(text, bad) {
			t.Errorf("text holds %q:\n%s", bad, text)
		}
	}
	nodes := doc["scenes"].([]any)[0].(map[string]any)["nodes"].([]any)
	for k, n := range nodes {
		m := n.(map[string]any)
		rn := f.Scenes[0].Nodes[k]
		if m["name"] != rn.Name || m["index"] != float64(10+rn.Index) || m["agrees"] != rn.Agrees {
			t.Errorf("JSON node %d: %v, want %s, index %d", k, m, rn.Name, 10+rn.Index)
		}
	}
	first := nodes[0].(map[string]any)
	if r := first["meshRules"].([]any); len(r) != 2 || r[0] != "accumulate-matrices" || r[1] != "accumulate-trs" {
		t.Errorf("meshRules %v", r)
	}
	if e := first["meshEngines"].([]any); len(e) != 2 || e[1].([]any)[0] != "Unreal" || e[0].([]any)[0] != "Unity" {
		t.Errorf("meshEngines %v, want [[Unity ...] [Unreal ...]]", e)
	}
	if r := nodes[3].(map[string]any)["meshRules"].([]any); len(r) != 0 {
		t.Errorf("an agreeing node's meshRules %v, want []", r)
	}
	causes := first["causes"].([]any)
	if len(causes) != 2 {
		t.Fatalf("Head's JSON causes %v, want 2", causes)
	}
	sp := causes[0].(map[string]any)
	if sp["kind"] != CauseShearedParent || sp["node"] != "Spine" || sp["parent"] != true || sp["originNode"] != "Hips" || sp["turned"] != "Spine" ||
		sp["turnDeg"] != 35.0 || sp["text"] != strings.TrimPrefix(wantTail[4], "  - ") {
		t.Errorf("Head's first JSON cause %v", sp)
	}
	if sc := sp["scale"].([]any); len(sc) != 3 || sc[1] != 2.5 {
		t.Errorf("Head's first JSON cause's scale %v, want [1, 2.5, 1]", sc)
	}
	if c := nodes[3].(map[string]any)["causes"].([]any); len(c) != 0 {
		t.Errorf("an agreeing node's causes %v, want []", c)
	}
	if doc["bakeCommand"] != "skewlab bake rig.gltf -o rig.baked.glb" || doc["advice"] != wantTail[len(wantTail)-1] {
		t.Errorf("JSON bakeCommand %q, advice %q", doc["bakeCommand"], doc["advice"])
	}
	if e := doc["engines"].([]any); len(e) != 2 || e[0].([]any)[1] != "Godot" {
		t.Errorf("JSON engines %v, want one list per rule", e)
	}
}

// Every rule on the rig: Tail disagrees only for Hips' scale, in one
// sentence that names the rules it concerns (the first explains its
// farthest pair, accumulate-matrices vs uniform-inner-scale); the
// mirrored scale of a file is called a mirror.
func TestWriteRigAllRules(t *testing.T) {
	f := &File{Name: "rig.gltf", GLTF: true, Scenes: []Scene{{Report: Check(rigScene(t).Nodes, nil, DefaultTolerance)}}}
	text, _ := checkWriters(t, f)
	want := "\nTail: Unity, Godot (accumulate-matrices) vs Unity Entities (uniform-inner-scale), "
	tail := text[strings.Index(text, want)+1:]
	tail = tail[:strings.Index(tail, "\n\n")]
	lines := strings.Split(tail, "\n")
	if len(lines) != 2 || lines[1] != "  - a non-uniform scale above: Hips' scale (1, 2.5, 1), which uniform-inner-scale and blender-average pass on only as its average, and blender-none, blender-none-legacy and maya-ssc not at all" {
		t.Errorf("Tail's why:\n%s", tail)
	}
	if !strings.HasSuffix(text, "\nto write a copy that every rule draws the same (docs/bake.md), run: skewlab bake rig.gltf -o rig.baked.glb\n") {
		t.Errorf("the text does not end with the bake command:\n%s", text)
	}
}

// An agreeing file has no why and no bake; a skewlab scene file that
// disagrees gets what to do instead of a bake it cannot have.
func TestWriteAdvice(t *testing.T) {
	rules := []modes.Mode{modes.AccumulateMatrices, modes.AccumulateTRS}
	good := &File{Name: "good.glb", GLTF: true, Scenes: []Scene{{Report: Check(uniformScene(t, true), rules, DefaultTolerance)}}}
	text, doc := checkWriters(t, good)
	for _, bad := range []string{"why:", "because of", "bake", "a copy"} {
		if strings.Contains(text, bad) {
			t.Errorf("an agreeing file's text holds %q:\n%s", bad, text)
		}
	}
	if _, ok := doc["bakeCommand"]; ok {
		t.Errorf("an agreeing file's JSON has a bakeCommand: %v", doc["bakeCommand"])
	}
	if _, ok := doc["advice"]; ok {
		t.Errorf("an agreeing file's JSON has advice: %v", doc["advice"])
	}
	sc := &File{Name: "rig.json", Scenes: []Scene{{Report: Check(rigScene(t).Nodes, rules, DefaultTolerance)}}}
	text, doc = checkWriters(t, sc)
	want := "skewlab bake reads glTF only; for this skewlab scene file, give every node that has children the scale (1, 1, 1), and no node a shear (a leaf may keep its own scale): every rule then draws it the same\n"
	if !strings.HasSuffix(text, "\n"+want) || strings.Contains(text, " -o ") || !strings.Contains(text, "why:") {
		t.Errorf("a scene file's text:\n%s", text)
	}
	if _, ok := doc["bakeCommand"]; ok || doc["advice"] != strings.TrimSuffix(want, "\n") {
		t.Errorf("a scene file's JSON: bakeCommand %v, advice %v", doc["bakeCommand"], doc["advice"])
	}
}

// The bake command's file names survive a POSIX shell: sh reads the
// command back into exactly the arguments skewlab bake needs (FILE, -o,
// FILE.baked.glb), for names with spaces, quotes, $, a leading - and
// none of those.
func TestBakeCommandQuoting(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	for _, c := range []struct{ name, in, out string }{
		{"rig.gltf", "rig.gltf", "rig.baked.glb"},
		{"/tmp/fx/rig.GLB", "/tmp/fx/rig.GLB", "/tmp/fx/rig.baked.glb"},
		{"my rig's $HOME `x`.gltf", "my rig's $HOME `x`.gltf", "my rig's $HOME `x`.baked.glb"},
		{"-rig.glb", "./-rig.glb", "./-rig.baked.glb"},
		{"model.bin", "model.bin", "model.bin.baked.glb"},
	} {
		cmd := (&File{Name: c.name, GLTF: true}).BakeCommand()
		rest, ok := strings.CutPrefix(cmd, "skewlab bake ")
		if !ok {
			t.Fatalf("%q: command %q", c.name, cmd)
		}
		got, err := exec.Command(sh, "-c", `set -- `+rest+`; for a in "$@"; do printf '%s\n' "$a"; done`).Output()
		if err != nil {
			t.Fatalf("%q: sh: %v", cmd, err)
		}
		if want := c.in + "\n-o\n" + c.out + "\n"; string(got) != want {
			t.Errorf("%q: sh reads %q, want %q", cmd, got, want)
		}
	}
	if got := (&File{Name: "rig.json"}).BakeCommand(); got != "" {
		t.Errorf("a scene file's bake command %q, want none", got)
	}
}

// Several scenes get a section each and a last line; a scene that agrees
// says so; a skewlab scene file's scene has no label (and no "scene" key).
func TestWriteScenes(t *testing.T) {
	rules := []modes.Mode{modes.AccumulateMatrices, modes.AccumulateTRS}
	good := Check(uniformScene(t, true), rules, DefaultTolerance)
	bad := Check(rigScene(t).Nodes, rules, DefaultTolerance)
	f := &File{Name: "two", Scenes: []Scene{{Label: "A", Report: good}, {Label: "B", Report: bad}}}
	text, _ := checkWriters(t, f)
	for _, want := range []string{"\nscene \"A\": 4 nodes", "every rule agrees within the tolerance at all 4 nodes\n", "\nscene \"B\": 4 nodes",
		"\nthe rules disagree in 1 of 2 scenes\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	f = &File{Name: "one.json", Scenes: []Scene{{Report: good}}}
	text, doc := checkWriters(t, f)
	if !strings.Contains(text, "\nscene: 4 nodes") || strings.Contains(text, "scenes\n") {
		t.Errorf("one unlabelled scene:\n%s", text)
	}
	if _, ok := doc["scenes"].([]any)[0].(map[string]any)["scene"]; ok || doc["agrees"] != true {
		t.Errorf("JSON of an unlabelled scene: %v", doc)
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// A write error comes back from both writers; an unknown format is
// refused by name.
func TestWriteErrors(t *testing.T) {
	f := &File{Name: "x", Scenes: []Scene{{Report: Check(rigScene(t).Nodes, nil, DefaultTolerance)}}}
	for _, format := range Formats {
		if err := WriteFormat(failWriter{}, format, f); err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Errorf("%s: error %v", format, err)
		}
	}
	if err := WriteFormat(&bytes.Buffer{}, "xml", f); err == nil || !strings.Contains(err.Error(), "text, json") {
		t.Errorf("xml: error %v", err)
	}
}

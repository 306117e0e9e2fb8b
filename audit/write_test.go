package audit

import (
	"bytes"
	"encoding/json"
	"errors"
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
// the file, the notes, the rules and the size, lists Head and Spine
// first with their pair, and ends saying 2 of 4 nodes disagree; the JSON
// has the same nodes in the same order with the file's node indices.
func TestWriteRig(t *testing.T) {
	rules := []modes.Mode{modes.AccumulateMatrices, modes.AccumulateTRS}
	f := &File{Name: "rig.gltf", Notes: []string{"a note"}, Scenes: []Scene{{Label: "scene 0", Index: []int{10, 11, 12, 13},
		Report: Check(rigScene(t).Nodes, rules, DefaultTolerance)}}}
	text, doc := checkWriters(t, f)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	for _, want := range []string{"file rig.gltf", "note: a note", "rules (2): accumulate-matrices, accumulate-trs", "tolerance: 0.0001 of the size", ""} {
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
	if lines[len(lines)-1] != "the rules disagree beyond the tolerance at 2 of 4 nodes" {
		t.Errorf("last line %q", lines[len(lines)-1])
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
	if r := nodes[3].(map[string]any)["meshRules"].([]any); len(r) != 0 {
		t.Errorf("an agreeing node's meshRules %v, want []", r)
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

package scene

import (
	"errors"
	"strings"
	"testing"

	"skewlab/transform"
)

// okNode is one valid node in file form; tests splice fields into it.
const okNode = `"position":[0,0,0],"rotation":[1,0,0,0],"scale":[1,1,1]`

// sceneText wraps node objects into a scene file.
func sceneText(nodes ...string) string {
	return `{"format":"skewlab-scene/1","nodes":[` + strings.Join(nodes, ",") + `]}`
}

// TestStrictFiles feeds files that encoding/json alone would accept and
// checks each is refused with an error naming the node and the field.
func TestStrictFiles(t *testing.T) {
	for _, tc := range []struct {
		what, text string
		want       []string // substrings of the error
	}{
		{"key in another case", sceneText(`{"name":"A",` + okNode + `,"Position":[5,5,5]}`),
			[]string{`node "A"`, `unknown field "Position"`, "case-sensitive"}},
		{"key in another case, alone", sceneText(`{"name":"A","Position":[0,0,0],"rotation":[1,0,0,0],"scale":[1,1,1]}`),
			[]string{`node "A"`, `unknown field "Position"`}},
		{"top-level key in another case", `{"Format":"skewlab-scene/1","nodes":[{"name":"A",` + okNode + `}]}`,
			[]string{`unknown field "Format"`}},
		{"null in a vector", sceneText(`{"name":"A","position":[0,null,0],"rotation":[1,0,0,0],"scale":[1,1,1]}`),
			[]string{`node "A"`, "field position", "null"}},
		{"null as a vector", sceneText(`{"name":"A",` + okNode + `,"color":null}`),
			[]string{`node "A"`, "field color", "null"}},
		{"null name", sceneText(`{"name":null,` + okNode + `}`),
			[]string{`node "#0"`, "field name", "null"}},
		{"null shape", sceneText(`{"name":"A",` + okNode + `,"shape":null}`),
			[]string{`node "A"`, "field shape", "null"}},
		{"null format", `{"format":null,"nodes":[{"name":"A",` + okNode + `}]}`,
			[]string{"field format", "null"}},
		{"null nodes", `{"format":"skewlab-scene/1","nodes":null}`,
			[]string{"field nodes", "null"}},
		{"null node", sceneText(`{"name":"A",`+okNode+`}`, `null`),
			[]string{`node "#1"`, "null"}},
		{"string in a vector", sceneText(`{"name":"A","position":[0,"1",0],"rotation":[1,0,0,0],"scale":[1,1,1]}`),
			[]string{`node "A"`, "field position", "number"}},
		{"duplicate key in a node", sceneText(`{"name":"A",` + okNode + `,"scale":[2,2,2]}`),
			[]string{`node "A"`, "field scale", "twice"}},
		{"duplicate name key", sceneText(`{"name":"A","name":"B",` + okNode + `}`),
			[]string{`node "A"`, "field name", "twice"}},
		{"duplicate top-level key", `{"format":"skewlab-scene/1","nodes":[],"nodes":[{"name":"A",` + okNode + `}]}`,
			[]string{"field nodes", "twice"}},
		{"duplicate format", `{"format":"x","format":"skewlab-scene/1","nodes":[{"name":"A",` + okNode + `}]}`,
			[]string{"field format", "twice"}},
		{"invalid UTF-8 in a name", sceneText(`{"name":"A` + "\xff" + `",` + okNode + `}`),
			[]string{`node "#0"`, "field name", "UTF-8"}},
		{"unpaired surrogate in a name", sceneText(`{"name":"A\ud800",` + okNode + `}`),
			[]string{`node "#0"`, "field name", "UTF-8"}},
		{"invalid UTF-8 in a parent", sceneText(`{"name":"A",`+okNode+`}`, `{"name":"B","parent":"A`+"\xff"+`",`+okNode+`}`),
			[]string{`node "B"`, "field parent", "UTF-8"}},
		{"newline in a name", sceneText(`{"name":"A\nB",` + okNode + `}`),
			[]string{`node "A\nB"`, "field name", "control"}},
		{"tab in a name", sceneText(`{"name":"A\tB",` + okNode + `}`),
			[]string{"field name", "control"}},
		{"zero-width space in a name", sceneText(`{"name":"A\u200bB",` + okNode + `}`),
			[]string{"field name", "printable"}},
		{"empty shape", sceneText(`{"name":"A",` + okNode + `,"shape":""}`),
			[]string{`node "A"`, "field shape"}},
		{"nodes not a list", `{"format":"skewlab-scene/1","nodes":{}}`,
			[]string{"field nodes", "list"}},
		{"scene not an object", `[1,2]`,
			[]string{"JSON object"}},
		{"number overflows", sceneText(`{"name":"A","position":[1e400,0,0],"rotation":[1,0,0,0],"scale":[1,1,1]}`),
			[]string{`node "A"`, "field position"}},
	} {
		s, err := Unmarshal("f.json", []byte(tc.text))
		if s != nil || err == nil {
			t.Errorf("%s: accepted", tc.what)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "f.json: ") || strings.Contains(msg, "\n") {
			t.Errorf("%s: error %q does not start with the file name or is not one line", tc.what, msg)
		}
		for _, w := range tc.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: error %q, want it to contain %q", tc.what, msg, w)
			}
		}
	}
}

// TestStrictFilesStillAccept checks what the strict reader must keep
// accepting: a root's null parent, an absent parent, absent shape and
// colour, escapes, and printable non-ASCII names (including a valid
// surrogate pair).
func TestStrictFilesStillAccept(t *testing.T) {
	text := sceneText(
		`{"name":"Root","parent":null,`+okNode+`}`,
		`{"name":"Ärm \u00e9 \ud83d\ude00 ok","parent":"Root",`+okNode+`,"shape":"box","color":[1,0,1]}`,
		`{"name":"Free",`+okNode+`}`,
	)
	s, err := Unmarshal("f.json", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(s.Names(), "|"); got != "Root|Ärm é 😀 ok|Free" {
		t.Errorf("names %q", got)
	}
	if s.Nodes[0].Parent != -1 || s.Nodes[1].Parent != 0 || s.Nodes[2].Parent != -1 {
		t.Errorf("parents %d %d %d", s.Nodes[0].Parent, s.Nodes[1].Parent, s.Nodes[2].Parent)
	}
	if s.Nodes[1].Shape != ShapeBox || s.Nodes[1].Color != Magenta || s.Nodes[2].Color != Grey {
		t.Error("shape or colour not read")
	}
}

// TestNameRule checks that New refuses bad names from any source, not only
// from files.
func TestNameRule(t *testing.T) {
	for _, name := range []string{"a\nb", "a\tb", "\x7f", "a\u0085", "a\xffb", "a\u200bb", "a\u00a0b", "a\u202eb"} {
		_, err := New([]Node{{Name: name, Parent: -1, Local: transform.Identity()}})
		var e *Error
		if !errors.As(err, &e) || e.Field != "name" {
			t.Errorf("name %q: error %v, want field name", name, err)
		}
		if err != nil && strings.ContainsAny(err.Error(), "\n\t\x7f") {
			t.Errorf("name %q: error %q carries the raw control character", name, err)
		}
	}
	for _, name := range []string{"A", "a b", "Ärm", "😀", "x-1_2.3"} {
		if _, err := New([]Node{{Name: name, Parent: -1, Local: transform.Identity()}}); err != nil {
			t.Errorf("name %q refused: %v", name, err)
		}
	}
}

// A node's shear survives a save and a load, and a wrong count is an
// error naming the field.
func TestShearRoundTrip(t *testing.T) {
	s, err := New([]Node{{Name: "M", Parent: -1, Local: transform.Identity(), Shear: [3]float64{0.25, -0.5, 1e-3}}})
	if err != nil {
		t.Fatal(err)
	}
	back, err := Unmarshal("m.json", s.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if back.Nodes[0].Shear != s.Nodes[0].Shear {
		t.Fatalf("shear %v after the round trip, want %v", back.Nodes[0].Shear, s.Nodes[0].Shear)
	}
	bad := `{"format":"skewlab-scene/1","nodes":[{"name":"M","position":[0,0,0],"rotation":[1,0,0,0],"scale":[1,1,1],"shear":[1,2]}]}`
	if _, err := Unmarshal("m.json", []byte(bad)); err == nil || !strings.Contains(err.Error(), "field shear") {
		t.Fatalf("two shear numbers: error %v, want one naming field shear", err)
	}
}

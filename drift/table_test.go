package drift

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"
)

// keysOf returns the sorted keys of the JSON object data.
func keysOf(t *testing.T, data []byte) []string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("not a JSON object (%v): %s", err, data)
	}
	return slices.Sorted(maps.Keys(m))
}

// TestWriteJSONKeys pins every key of the drift JSON, all camelCase (docs/cli.md
// lists the old snake_case names they replaced: final_error,
// max_error, final_scale, step_deg, frame_rate_hz).
func TestWriteJSONKeys(t *testing.T) {
	lab, err := NewLab(DefaultConfig(), 2)
	if err != nil {
		t.Fatal(err)
	}
	for lab.Frame() < 300 {
		lab.Advance(300 - lab.Frame())
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, lab); err != nil {
		t.Fatal(err)
	}
	var v struct {
		Storages []json.RawMessage `json:"storages"`
	}
	if err := json.Unmarshal(b.Bytes(), &v); err != nil || len(v.Storages) != int(NumKinds) {
		t.Fatalf("%v, %d storages: %s", err, len(v.Storages), b.Bytes())
	}
	var row struct {
		Crossings []json.RawMessage `json:"crossings"`
	}
	if err := json.Unmarshal(v.Storages[0], &row); err != nil || len(row.Crossings) != NumThresholds {
		t.Fatalf("%v, %d crossings", err, len(row.Crossings))
	}
	for _, c := range []struct {
		data []byte
		want string
	}{
		{b.Bytes(), "article axis frameRateHz frames normalize scale stepDeg storages"},
		{v.Storages[0], "crossings exponent finalError finalScale maxError storage"},
		{row.Crossings[0], "error frame seconds"},
	} {
		if got := strings.Join(keysOf(t, c.data), " "); got != c.want {
			t.Errorf("keys %q, want %q", got, c.want)
		}
	}
}

// TestWriteTableAndCSV: the text table shows the article's column and
// every storage; the CSV ends at the last frame.
func TestWriteTableAndCSV(t *testing.T) {
	lab, err := NewLab(DefaultConfig(), CSVPoints)
	if err != nil {
		t.Fatal(err)
	}
	for lab.Frame() < 2049 {
		lab.Advance(2049 - lab.Frame())
	}
	var b bytes.Buffer
	if err := WriteTable(&b, lab); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"scale drift after 2049 frames", "100575 (28 min)", "202 (3 s)", "never", "unbiased", "exponent"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
	b.Reset()
	if err := WriteCSV(&b, lab); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if lines[0] != "frame,matrix,set-together,quantized,separate,unbiased" || !strings.HasPrefix(lines[len(lines)-1], "2049,") {
		t.Errorf("csv header %q, last row %q", lines[0], lines[len(lines)-1])
	}
}

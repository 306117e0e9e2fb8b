package drift

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	"skewlab/internal/testkit"
)

func TestDriftText(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runCommand([]string{"-frames", "2000"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	s := out.String()
	for _, want := range []string{"article", "matrix", "set-together", "quantized", "separate", "unbiased", "100575 (28 min)", "202 (3 s)", "never", "exponent"} {
		if !strings.Contains(s, want) {
			t.Errorf("text output lacks %q", want)
		}
	}
	if errb.Len() != 0 {
		t.Errorf("stderr not empty: %q", errb.String())
	}
}

func TestDriftJSON(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runCommand([]string{"-frames", "3000", "-format", "json", "-scale", "2"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	var v struct {
		Frames   int
		Scale    [3]float64
		Storages []struct {
			Storage    string
			FinalError *float64 `json:"finalError"`
			Crossings  []struct{ Frame *int }
		}
	}
	if err := json.Unmarshal(out.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	testkit.CheckCamelKeys(t, out.Bytes())
	if v.Storages[0].FinalError == nil {
		t.Error("finalError missing")
	}
	if v.Frames != 3000 || v.Scale != [3]float64{2, 2, 2} || len(v.Storages) != 5 || v.Storages[0].Storage != "matrix" {
		t.Fatalf("unexpected JSON head: %+v", v)
	}
	// The matrix storage crosses 1e-6 within 3000 frames; separate never does.
	if v.Storages[0].Crossings[0].Frame == nil || v.Storages[3].Crossings[0].Frame != nil {
		t.Errorf("crossings: matrix %v, separate %v", v.Storages[0].Crossings[0].Frame, v.Storages[3].Crossings[0].Frame)
	}
}

func TestDriftCSV(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runCommand([]string{"-frames", "5000", "-format", "csv", "-axis", "0,0,1", "-step", "0.5"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if lines[0] != "frame,matrix,set-together,quantized,separate,unbiased" {
		t.Errorf("header %q", lines[0])
	}
	if len(lines) < 1000 || len(lines) > 2049 {
		t.Errorf("%d csv lines, want a bounded series of 1000..2049", len(lines))
	}
	if n := strings.Count(lines[1], ","); n != 5 {
		t.Errorf("row %q has %d commas", lines[1], n)
	}
}

// TestDriftCSVEveryFrame: the CSV's rows end at the last frame, the last
// partial bucket included (-frames 2049 with 2048 points used to end at
// 2048, the default run at 999,936). The last row's matrix error is the
// largest over its bucket, checked against a Run of the matrix storage
// alone.
func TestDriftCSVEveryFrame(t *testing.T) {
	for _, frames := range []int{1, 2048, 2049, 5000, 5001, 6143} {
		var out, errb bytes.Buffer
		if code := runCommand([]string{"-frames", strconv.Itoa(frames), "-format", "csv"}, &out, &errb); code != 0 {
			t.Fatalf("exit %d, stderr %q", code, errb.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		last := strings.Split(lines[len(lines)-1], ",")
		prev := strings.Split(lines[len(lines)-2], ",")
		if last[0] != strconv.Itoa(frames) {
			t.Errorf("-frames %d: last row is frame %s", frames, last[0])
			continue
		}
		from := 1
		if len(lines) > 2 {
			from, _ = strconv.Atoi(prev[0])
			from++
		}
		r, _ := NewRun(KindMatrix, DefaultConfig())
		r.Advance(from - 1)
		mx := 0.0
		for r.Frame() < frames {
			r.Advance(1)
			mx = math.Max(mx, r.Error())
		}
		if want := strconv.FormatFloat(mx, 'g', 6, 64); last[1] != want {
			t.Errorf("-frames %d: last row's matrix error %s, want %s (max over frames %d..%d)", frames, last[1], want, from, frames)
		}
	}
}

// TestDriftNormalize: -normalize float32 normalizes the axis with mgl32's
// Normalize, and then the matrix storage of axis (1, 2, 3) crosses 1e-3 at
// frame 18,470 (measured independently by the author); the default,
// float64, never crosses 1e-4 in that run. JSON says which was used.
func TestDriftNormalize(t *testing.T) {
	cross := map[string]*int{}
	for _, norm := range []string{"float32", "float64"} {
		var out, errb bytes.Buffer
		if code := runCommand([]string{"-frames", "20000", "-format", "json", "-normalize", norm}, &out, &errb); code != 0 {
			t.Fatalf("exit %d, stderr %q", code, errb.String())
		}
		var v struct {
			Normalize string
			Storages  []struct {
				Crossings []struct{ Frame *int }
			}
		}
		if err := json.Unmarshal(out.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		if v.Normalize != norm {
			t.Errorf("normalize %q, want %q", v.Normalize, norm)
		}
		cross[norm] = v.Storages[0].Crossings[9].Frame
		if norm == "float64" && v.Storages[0].Crossings[6].Frame != nil {
			t.Errorf("float64: matrix crosses 1e-4 at %d, want never", *v.Storages[0].Crossings[6].Frame)
		}
	}
	if c := cross["float32"]; c == nil || *c != 18470 {
		t.Errorf("float32: matrix crosses 1e-3 at %v, want 18470", c)
	}
	var out, errb bytes.Buffer
	if code := runCommand([]string{"-frames", "10"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "normalized in float64") {
		t.Errorf("default text does not say the normalization: %q", out.String())
	}
	if code := runCommand([]string{"-normalize", "float16"}, &out, &errb); code != 2 {
		t.Errorf("-normalize float16: exit %d, want 2", code)
	}
}

func TestDriftBadArgs(t *testing.T) {
	for _, args := range [][]string{
		{"-frames", "0"}, {"-frames", "x"}, {"-step", "NaN"}, {"-axis", "0,0,0"}, {"-axis", "1,2"},
		{"-scale", "0"}, {"-scale", "1,-1,1"}, {"-scale", "inf"}, {"-format", "xml"}, {"-nope"}, {"extra"},
		{"-normalize", "float16"}, {"-normalize", ""},
	} {
		var out, errb bytes.Buffer
		if code := runCommand(args, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
		if out.Len() != 0 {
			t.Errorf("%v: stdout %q, want empty", args, out.String())
		}
		if e := errb.String(); strings.Count(e, "\n") != 1 || !strings.HasPrefix(e, "skewlab: drift: ") {
			t.Errorf("%v: stderr %q, want one line starting \"skewlab: drift: \"", args, e)
		}
	}
	var out, errb bytes.Buffer
	if code := runCommand([]string{"-h"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "-frames") {
		t.Errorf("-h: exit %d, stdout %q", code, out.String())
	}
}

func FuzzDriftArgs(f *testing.F) {
	f.Add("-axis", "1,2,3", "-scale", "0.5")
	f.Add("-step", "1e308", "-format", "csv")
	f.Fuzz(func(t *testing.T, a, b, c, d string) {
		var out, errb bytes.Buffer
		code := runCommand([]string{a, b, c, d, "-frames", "50"}, &out, &errb)
		if code != 0 && code != 2 {
			t.Fatalf("exit %d", code)
		}
		if code == 2 && out.Len() != 0 {
			t.Fatalf("bad args wrote stdout")
		}
		if code == 0 && strings.Contains(out.String(), "NaN") {
			t.Fatalf("NaN in output for %q", []string{a, b, c, d})
		}
	})
}

// TestDriftStepBounds: a step is at most a full turn either way. Beyond
// it, a finite step overflowed frame k's angle k·step to Inf (1e308
// degrees printed +Inf and failed JSON with NaN); now it is refused with
// the range, exit 2. At the bounds the output is finite, and a step of
// 360 degrees puts every frame at angle 0 (k·360 mod 360 = 0 exactly),
// so its table is step 0's, line for line but the header naming the step.
func TestDriftStepBounds(t *testing.T) {
	for _, step := range []string{"360.5", "-360.001", "1e308", "-1e308", "1.7976931348623157e308"} {
		var out, errb bytes.Buffer
		code := runCommand([]string{"-step", step, "-frames", "10"}, &out, &errb)
		if code != 2 || out.Len() != 0 || !strings.Contains(errb.String(), "from -360 to 360") || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("-step %s: exit %d, stdout %q, stderr %q; want 2, nothing, one line with the range", step, code, out.String(), errb.String())
		}
	}
	run := func(args ...string) string {
		t.Helper()
		var out, errb bytes.Buffer
		if code := runCommand(append([]string{"-frames", "500"}, args...), &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d, stderr %q", args, code, errb.String())
		}
		return out.String()
	}
	for _, step := range []string{"360", "-360"} {
		for _, format := range []string{"text", "json", "csv"} {
			if s := run("-step", step, "-format", format); strings.Contains(s, "Inf") || strings.Contains(s, "NaN") {
				t.Errorf("-step %s -format %s: output has Inf or NaN:\n%s", step, format, s)
			}
		}
	}
	body := func(s string) string { _, rest, _ := strings.Cut(s, "\n"); return rest }
	zero, full := run("-step", "0"), run("-step", "360")
	if body(zero) != body(full) || !strings.Contains(full, "step 360 deg") {
		t.Errorf("-step 360 does not draw step 0's table:\n%s\nvs\n%s", full, zero)
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestDriftText(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runDrift([]string{"-frames", "2000"}, &out, &errb); code != 0 {
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
	if code := runDrift([]string{"-frames", "3000", "-format", "json", "-scale", "2"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	var v struct {
		Frames   int
		Scale    [3]float64
		Storages []struct {
			Storage    string
			FinalError *float64 `json:"final_error"`
			Crossings  []struct{ Frame *int }
		}
	}
	if err := json.Unmarshal(out.Bytes(), &v); err != nil {
		t.Fatal(err)
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
	if code := runDrift([]string{"-frames", "5000", "-format", "csv", "-axis", "0,0,1", "-step", "0.5"}, &out, &errb); code != 0 {
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

func TestDriftBadArgs(t *testing.T) {
	for _, args := range [][]string{
		{"-frames", "0"}, {"-frames", "x"}, {"-step", "NaN"}, {"-axis", "0,0,0"}, {"-axis", "1,2"},
		{"-scale", "0"}, {"-scale", "1,-1,1"}, {"-scale", "inf"}, {"-format", "xml"}, {"-nope"}, {"extra"},
	} {
		var out, errb bytes.Buffer
		if code := runDrift(args, &out, &errb); code != 2 {
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
	if code := runDrift([]string{"-h"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "-frames") {
		t.Errorf("-h: exit %d, stdout %q", code, out.String())
	}
}

func FuzzDriftArgs(f *testing.F) {
	f.Add("-axis", "1,2,3", "-scale", "0.5")
	f.Add("-step", "1e308", "-format", "csv")
	f.Fuzz(func(t *testing.T, a, b, c, d string) {
		var out, errb bytes.Buffer
		code := runDrift([]string{a, b, c, d, "-frames", "50"}, &out, &errb)
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

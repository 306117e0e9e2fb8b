package dynamics

import (
	"bytes"
	"encoding/json"
	"math"
	"regexp"
	"strings"
	"testing"

	"skewlab/internal/testkit"
)

// TestDynamicsTextHand: the turntable preset at t = 0 prints the force
// terms computed by hand (see dynamics.TestTurntableHand): centrifugal
// m w^2 r = 1*1*0.8 outward from the centre, i.e. (-0.8, 0, 0) N, and
// Coriolis -2 m w z x v1 with v1 = (0.6, 1.1, 0) m/s: (2.2, -1.2, 0) N.
func TestDynamicsTextHand(t *testing.T) {
	var out, errb bytes.Buffer
	if rc := runCommand([]string{"-preset", "turntable", "-t", "0"}, &out, &errb); rc != 0 {
		t.Fatalf("exit %d, stderr %q", rc, errb.String())
	}
	for _, want := range []string{
		"centrifugal   ( -0.800000,   0.000000,   0.000000) N",
		"Coriolis      (  2.200000,  -1.200000,   0.000000) N",
		"spin 57.295780 deg/s",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "-0.000000") {
		t.Error("output prints negative zero")
	}
}

// TestDynamicsJSONCrash: the crash preset at t = 1 s (the crash) in JSON:
// the car sits on its 20 m circle at angle 0.5 rad, x = 20 sin 0.5 =
// 9.588511 m, and the box keeps its world velocity with the correction
// (10 cos 0.5 + w x r) and keeps only w x r without it.
func TestDynamicsJSONCrash(t *testing.T) {
	var out, errb bytes.Buffer
	if rc := runCommand([]string{"-preset", "crash", "-t", "1", "-format", "json"}, &out, &errb); rc != 0 {
		t.Fatalf("exit %d, stderr %q", rc, errb.String())
	}
	var r struct {
		Crash []struct {
			Counteract bool `json:"counteract"`
			Car        struct {
				Pos [3]float64 `json:"posM"`
			} `json:"carWorld"`
			BoxWorld struct {
				Vel [3]float64 `json:"velMPerS"`
			} `json:"boxWorld"`
		} `json:"crash"`
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil || len(r.Crash) != 2 {
		t.Fatalf("bad JSON (%v): %s", err, out.String())
	}
	const tol = 1e-9
	if e := math.Abs(r.Crash[0].Car.Pos[0] - 20*math.Sin(0.5)); !(e <= tol) {
		t.Errorf("car x = %v, want %v", r.Crash[0].Car.Pos[0], 20*math.Sin(0.5))
	}
	// r = R(0.5) (-0.5, 0.3): w x r with w = 0.5 about z.
	c, s := math.Cos(0.5), math.Sin(0.5)
	rx, ry := -0.5*c-0.3*s, -0.5*s+0.3*c
	spin := [2]float64{-0.5 * ry, 0.5 * rx}
	want := map[bool][2]float64{true: {10*c + spin[0], 10*s + spin[1]}, false: spin}
	for _, k := range r.Crash {
		w := want[k.Counteract]
		if e := math.Max(math.Abs(k.BoxWorld.Vel[0]-w[0]), math.Abs(k.BoxWorld.Vel[1]-w[1])); !(e <= tol) {
			t.Errorf("counteract %v: box velocity %v, want %v", k.Counteract, k.BoxWorld.Vel, w)
		}
	}
}

// TestDynamicsDegreesCamelCase: every angle and angular rate is printed in
// degrees (no "rad" anywhere, text or JSON), the crash preset's yaw rate
// 0.5 rad/s reads 28.6479 deg/s (0.5*180/pi = 28.64789, by hand) and the
// turntable's spin0 1 rad/s 57.2958 deg/s; every JSON key is camelCase
// (letters and digits only, lower-case first).
func TestDynamicsDegreesCamelCase(t *testing.T) {
	for _, c := range []struct{ preset, want string }{
		{"crash", "turning 28.6479 deg/s"},
		{"turntable", "spin0 57.2958 deg/s, alpha -14.3239 deg/s^2"},
	} {
		for _, format := range []string{"text", "json"} {
			var out, errb bytes.Buffer
			if rc := runCommand([]string{"-preset", c.preset, "-t", "2", "-format", format}, &out, &errb); rc != 0 {
				t.Fatalf("exit %d, stderr %q", rc, errb.String())
			}
			if strings.Contains(out.String(), "rad") {
				t.Errorf("%s %s prints radians:\n%s", c.preset, format, out.String())
			}
			if !strings.Contains(out.String(), c.want) {
				t.Errorf("%s %s lacks %q:\n%s", c.preset, format, c.want, out.String())
			}
			if format == "json" {
				testkit.CheckCamelKeys(t, out.Bytes())
			}
		}
	}
}

// negZero matches a number printed as -0 (not -0.5 or -0.000001).
var negZero = regexp.MustCompile(`(^|[^0-9.])-0([^.0-9e]|$)`)

// TestDynamicsNegativeZeroTime: -t -0 is time 0 and prints "t = 0 s" (and
// 0 in JSON), never "-0".
func TestDynamicsNegativeZeroTime(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		var out, errb bytes.Buffer
		if rc := runCommand([]string{"-preset", "crash", "-t", "-0", "-format", format}, &out, &errb); rc != 0 {
			t.Fatalf("exit %d, stderr %q", rc, errb.String())
		}
		if negZero.MatchString(out.String()) {
			t.Errorf("%s prints -0:\n%s", format, out.String())
		}
	}
	var out, errb bytes.Buffer
	runCommand([]string{"-t", "-0"}, &out, &errb)
	if !strings.Contains(out.String(), "at t = 0 s") {
		t.Errorf("text lacks \"at t = 0 s\":\n%s", out.String())
	}
}

// TestDynamicsBadArgs: every bad argument gives exit 2, nothing on stdout
// and one line on stderr that names the problem and the valid choices.
func TestDynamicsBadArgs(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-preset", "piston"}, "turntable, crash"},
		{[]string{"-format", "xml"}, "text, json"},
		{[]string{"-t", "-1"}, "[0, 100]"},
		{[]string{"-t", "NaN"}, "not a finite number"},
		{[]string{"-t", "Inf"}, "not a finite number"},
		{[]string{"-t", "1e9"}, "[0, 100]"},
		{[]string{"-t", "abc"}, "-t"},
		{[]string{"-bogus"}, "bogus"},
		{[]string{"extra"}, "extra"},
		{[]string{"-t", "1", "extra"}, "extra"},
	} {
		var out, errb bytes.Buffer
		rc := runCommand(c.args, &out, &errb)
		msg := errb.String()
		if rc != 2 || out.Len() != 0 || strings.Count(msg, "\n") != 1 || !strings.Contains(msg, c.want) || !strings.HasPrefix(msg, "skewlab: dynamics: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", c.args, rc, out.String(), msg)
		}
	}
}

package cli

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
)

// parse runs ParseFlags on a flag set for name with one number, one int
// and one size flag, and returns what it wrote and returned.
func parse(name string, args ...string) (code int, stdout, stderr string, n float64, i int, wh [2]int) {
	fs := NewFlagSet(name, "skewlab "+name+" [-n X] [-i N] [-size WxH]")
	np := NumberFlag(fs, "n", 1.5, "a `NUMBER`")
	IntVar(fs, &i, "i", "an `INT`")
	sz := SizeFlag(fs, "size", 64, 32, 16, 100, "a `WxH`")
	var o, e bytes.Buffer
	code = ParseFlags(fs, args, &o, &e)
	return code, o.String(), e.String(), *np, i, *sz
}

// -h, -help and --help print "usage: " and the flags on stdout only and
// return ExitOK.
func TestHelpOnStdout(t *testing.T) {
	for _, h := range []string{"-h", "-help", "--help"} {
		code, out, errs, _, _, _ := parse("thing", h)
		if code != ExitOK || errs != "" || !strings.HasPrefix(out, "usage: skewlab thing [-n X]") ||
			!strings.Contains(out, "\nflags:\n  -i INT\n") || !strings.Contains(out, "(default 1.5)") || !strings.Contains(out, "(default 64x32)") {
			t.Errorf("%s: code %d, stdout %q, stderr %q", h, code, out, errs)
		}
	}
}

// Every bad command line is one line on stderr with the command's prefix,
// nothing on stdout, ExitUsage; the values stay at their defaults.
func TestParseErrorsAreOneLine(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"thing", []string{"-bogus"}, "skewlab: thing: flag provided but not defined: -bogus (skewlab thing -h lists the flags)\n"},
		{"", []string{"-bogus"}, "skewlab: flag provided but not defined: -bogus (skewlab app -h lists the flags)\n"},
		{"thing", []string{"extra"}, "skewlab: thing: unexpected argument \"extra\" (flags only; skewlab thing -h lists the flags)\n"},
		{"thing", []string{"-n", "0x10"}, "skewlab: thing: invalid value \"0x10\" for flag -n: "},
		{"thing", []string{"-n", "+1"}, "skewlab: thing: invalid value \"+1\" for flag -n: "},
		{"thing", []string{"-n", "NaN"}, "not a finite number"},
		{"thing", []string{"-i", "1_000"}, "skewlab: thing: invalid value \"1_000\" for flag -i: "},
		{"thing", []string{"-i", "1.5"}, "for flag -i"},
		{"thing", []string{"-size", "100x100junk"}, "for flag -size"},
		{"thing", []string{"-size", "8x8"}, "for flag -size"},
		{"thing", []string{"-size", " 64x64"}, "for flag -size"},
	} {
		code, out, errs, n, i, wh := parse(c.name, c.args...)
		if code != ExitUsage || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, "\n") ||
			!strings.Contains(errs, c.want) || !strings.HasPrefix(errs, "skewlab: ") {
			t.Errorf("%q %q: code %d, stdout %q, stderr %q; want %d, nothing, one line containing %q", c.name, c.args, code, out, errs, ExitUsage, c.want)
		}
		if n != 1.5 || i != 0 || wh != [2]int{64, 32} {
			t.Errorf("%q: a refused value changed the flags: %g %d %v", c.args, n, i, wh)
		}
	}
}

// Good values parse, and ParseFlags returns -1 to continue.
func TestParseGoodValues(t *testing.T) {
	code, out, errs, n, i, wh := parse("thing", "-n", "-2.5e-3", "-i", "-7", "-size", "100x16")
	if code != -1 || out != "" || errs != "" || n != -2.5e-3 || i != -7 || wh != [2]int{100, 16} {
		t.Errorf("code %d, stdout %q, stderr %q, values %g %d %v", code, out, errs, n, i, wh)
	}
}

// ErrorLine keeps a multi-line message on one line; UsageError and
// RunFailure return 2 and 1.
func TestErrorLine(t *testing.T) {
	var b bytes.Buffer
	if code := UsageError(&b, "report", errors.New("  first\nsecond\r\nthird\rfourth\n")); code != 2 {
		t.Errorf("UsageError returned %d", code)
	}
	if want := "skewlab: report: first; second; third; fourth\n"; b.String() != want {
		t.Errorf("UsageError wrote %q, want %q", b.String(), want)
	}
	b.Reset()
	if code := RunFailure(&b, "", errors.New("no display")); code != 1 {
		t.Errorf("RunFailure returned %d", code)
	}
	if want := "skewlab: no display\n"; b.String() != want {
		t.Errorf("RunFailure wrote %q, want %q", b.String(), want)
	}
}

// parseArgs runs ParseArgs on a flag set with a string flag -format, a
// bool flag -v and a number flag -n, and returns what it wrote, returned
// and set.
func parseArgs(args ...string) (pos []string, code int, stdout, stderr, format string, v bool, n float64) {
	fs := NewFlagSet("thing", "skewlab thing [-format F] [-v] [-n X] FILE")
	f := fs.String("format", "text", "a `FORMAT`")
	vp := fs.Bool("v", false, "verbose")
	np := NumberFlag(fs, "n", 1.5, "a `NUMBER`")
	var o, e bytes.Buffer
	pos, code = ParseArgs(fs, args, &o, &e)
	return pos, code, o.String(), e.String(), *f, *vp, *np
}

// ParseArgs takes flags before, between and after the arguments, keeps
// the arguments in order, and ends the flags at "--" (but not at a "--"
// that is a flag's value).
func TestParseArgsInterspersed(t *testing.T) {
	for _, c := range []struct {
		args   []string
		pos    []string
		format string
		v      bool
		n      float64
	}{
		{nil, nil, "text", false, 1.5},
		{[]string{"a.gltf"}, []string{"a.gltf"}, "text", false, 1.5},
		{[]string{"-format", "json", "a.gltf"}, []string{"a.gltf"}, "json", false, 1.5},
		{[]string{"a.gltf", "-format", "json"}, []string{"a.gltf"}, "json", false, 1.5},
		{[]string{"a.gltf", "-v", "b.gltf", "-n", "2"}, []string{"a.gltf", "b.gltf"}, "text", true, 2},
		{[]string{"-v", "a.gltf", "-format=json", "-", "-n=3"}, []string{"a.gltf", "-"}, "json", true, 3},
		{[]string{"a.gltf", "--", "-v", "-n"}, []string{"a.gltf", "-v", "-n"}, "text", false, 1.5},
		{[]string{"-v", "--", "-x"}, []string{"-x"}, "text", true, 1.5},
		{[]string{"-format", "--", "a.gltf", "-v"}, []string{"a.gltf"}, "--", true, 1.5},
		{[]string{"--format", "json", "--", "a.gltf"}, []string{"a.gltf"}, "json", false, 1.5},
	} {
		pos, code, out, errs, format, v, n := parseArgs(c.args...)
		if code != -1 || out != "" || errs != "" || !slices.Equal(pos, c.pos) || format != c.format || v != c.v || n != c.n {
			t.Errorf("%q: code %d, stdout %q, stderr %q, args %q, -format %q, -v %v, -n %g; want -1, nothing, nothing, %q, %q, %v, %g",
				c.args, code, out, errs, pos, format, v, n, c.pos, c.format, c.v, c.n)
		}
	}
}

// ParseArgs reports -h and bad flags wherever they stand, as ParseFlags
// does: usage on stdout and ExitOK, or one error line and ExitUsage.
func TestParseArgsErrors(t *testing.T) {
	for _, args := range [][]string{{"a.gltf", "-h"}, {"-h", "a.gltf"}, {"a.gltf", "--help"}} {
		pos, code, out, errs, _, _, _ := parseArgs(args...)
		if code != ExitOK || pos != nil || errs != "" || !strings.HasPrefix(out, "usage: skewlab thing") {
			t.Errorf("%q: code %d, args %q, stdout %q, stderr %q", args, code, pos, out, errs)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"a.gltf", "-bogus"}, "skewlab: thing: flag provided but not defined: -bogus (skewlab thing -h lists the flags)\n"},
		{[]string{"a.gltf", "-n", "0x10"}, "skewlab: thing: invalid value \"0x10\" for flag -n: "},
		{[]string{"a.gltf", "-format"}, "skewlab: thing: flag needs an argument: -format\n"},
	} {
		pos, code, out, errs, _, _, _ := parseArgs(c.args...)
		if code != ExitUsage || pos != nil || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, c.want) {
			t.Errorf("%q: code %d, args %q, stdout %q, stderr %q; want %d and one line starting %q", c.args, code, pos, out, errs, ExitUsage, c.want)
		}
	}
}

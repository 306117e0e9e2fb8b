//go:build !js

package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestMakeWebSaysWhatItDoes (issue 30, item 7): `make web` printed nothing
// a newcomer could read for minutes while it compiled. Every long step of
// its recipe (a Go compilation, go run, gzip) now comes right after a
// line that echoes "web: ..." saying what it does. The recipe is read
// with make -n (printed, not run), its backslash-continued lines joined.
func TestMakeWebSaysWhatItDoes(t *testing.T) {
	mk, err := exec.LookPath("make")
	if err != nil {
		t.Skip("make not found")
	}
	cmd := exec.Command(mk, "-n", "web", "DIST="+t.TempDir(), "GO=go")
	// Run from make test, the outer make's flags and jobserver stay out.
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k != "MAKEFLAGS" && k != "MFLAGS" && k != "MAKELEVEL" {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("make -n web: %v\n%s", err, out)
	}
	lines := strings.Split(strings.ReplaceAll(string(out), "\\\n", " "), "\n")
	long := func(l string) bool {
		return strings.Contains(l, "go build") || strings.Contains(l, "go run") || strings.HasPrefix(strings.TrimSpace(l), "gzip ")
	}
	steps := 0
	for i, l := range lines {
		if !long(l) {
			continue
		}
		steps++
		if i == 0 || !strings.HasPrefix(strings.TrimSpace(lines[i-1]), `echo "web: `) || long(lines[i-1]) {
			prev := ""
			if i > 0 {
				prev = lines[i-1]
			}
			t.Errorf("make web runs\n  %s\nafter\n  %s\nwant a line echoing \"web: ...\" that says what it does", strings.TrimSpace(l), strings.TrimSpace(prev))
		}
	}
	// The wasm build, gzip and the export's compilation.
	if steps < 3 {
		t.Errorf("make -n web shows %d long steps, want at least 3:\n%s", steps, out)
	}
}

//go:build !js

package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"skewlab/internal/gltfgen"
)

// Every small hostile file (gltfgen.HostileFiles) is read or refused by
// the real binary's report, audit and bake within 30 s and 4 GiB of
// address space (prlimit --as), with one skewlab: line on stderr, exit 2
// and nothing on stdout; a file whose default scene reads (thousands of
// scenes listing one tree) reports, while audit of every scene and bake
// refuse it. A FIFO given as the file is refused within 10 s.
func TestHostileFilesBounded(t *testing.T) {
	if _, err := exec.LookPath("prlimit"); err != nil {
		t.Fatalf("prlimit (util-linux) is needed to bound the address space: %v", err)
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	run := func(t *testing.T, limit time.Duration, args ...string) (code int, stdout, stderr string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		defer cancel()
		cmd := exec.CommandContext(ctx, "prlimit", append([]string{"--as=4294967296", "--", bin}, args...)...)
		var o, e strings.Builder
		cmd.Stdout, cmd.Stderr = &o, &e
		err := cmd.Run()
		if ctx.Err() != nil {
			t.Fatalf("%v: still running after %v", args, limit)
		}
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode(), o.String(), e.String()
		}
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		return 0, o.String(), e.String()
	}
	refused := func(t *testing.T, args []string, want []string) {
		t.Helper()
		code, out, errs := run(t, 30*time.Second, args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "skewlab: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, one skewlab: line", args, code, out, errs)
		}
		for _, w := range want {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: %q does not say %q", args, errs, w)
			}
		}
	}
	for _, h := range gltfgen.HostileFiles() {
		t.Run(h.Name, func(t *testing.T) {
			p := filepath.Join(dir, h.Name)
			if err := os.WriteFile(p, h.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, h.Name+".baked.glb")
			if h.Readable {
				if code, _, errs := run(t, 30*time.Second, "report", "-scene", p, "-format", "json"); code != 0 {
					t.Errorf("report of its default scene: exit %d, %s", code, errs)
				}
			} else {
				refused(t, []string{"report", "-scene", p}, h.Want)
			}
			refused(t, []string{"audit", p}, h.Want)
			refused(t, []string{"bake", p, "-o", out}, h.Want)
			if _, err := os.Stat(out); err == nil {
				t.Errorf("bake wrote %s", out)
			}
		})
	}
	t.Run("fifo", func(t *testing.T) {
		p := filepath.Join(dir, "pipe.gltf")
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Skipf("no FIFOs here: %v", err)
		}
		for _, args := range [][]string{{"report", "-scene", p}, {"audit", p}, {"bake", p, "-o", filepath.Join(dir, "x.glb")}, {"export", "-scene", p, "-o", filepath.Join(dir, "x.png")}} {
			code, _, errs := run(t, 10*time.Second, args...)
			if code != 2 || !strings.Contains(errs, "not a regular file") {
				t.Errorf("%v: exit %d, %q; want a refusal of the FIFO", args, code, errs)
			}
		}
	})
}

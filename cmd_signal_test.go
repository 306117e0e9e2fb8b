//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"skewlab/internal/testkit"
)

// signalDeadline bounds every wait of the signal tests: for a temporary
// file to appear (polled, never slept for a fixed time) and for the
// process to end once signalled. It is generous; on time the waits take
// milliseconds to a few seconds.
const signalDeadline = 90 * time.Second

// started is a built skewlab running one command, its stderr collected.
type started struct {
	cmd    *exec.Cmd
	stderr *bytes.Buffer
	done   chan error // Wait's result, received once (then ended is set)
	ended  bool
}

// start runs bin with args, with SKEWLAB_TEST_HOLD_WRITE=hold (holdForTest:
// the hold-th file written waits, complete, before its rename) when hold
// is not "".
func start(t *testing.T, bin, hold string, args ...string) *started {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = os.Environ()
	if hold != "" {
		cmd.Env = append(cmd.Env, holdEnv+"="+hold)
	}
	s := &started{cmd: cmd, stderr: &bytes.Buffer{}, done: make(chan error, 1)}
	cmd.Stderr = s.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { s.done <- cmd.Wait() }()
	t.Cleanup(func() {
		if !s.ended {
			cmd.Process.Kill()
			<-s.done
		}
	})
	return s
}

// awaitPath polls until found returns a path, failing the test when the
// process ends first or the deadline passes.
func (s *started) awaitPath(t *testing.T, what string, found func() string) string {
	t.Helper()
	deadline := time.Now().Add(signalDeadline)
	for time.Now().Before(deadline) {
		if p := found(); p != "" {
			return p
		}
		select {
		case err := <-s.done:
			s.ended = true
			t.Fatalf("the command ended (%v) before %s appeared; stderr %q", err, what, s.stderr.String())
		case <-time.After(5 * time.Millisecond):
		}
	}
	t.Fatalf("%s did not appear within %v", what, signalDeadline)
	return ""
}

// signalAndWait sends sig and waits for the process to end, checking it
// ended by that very signal (cli.HandleSignals raises it again after its
// clean-up: a shell shows 128 + its number, 130 for SIGINT, 143 for
// SIGTERM) and said in one line on stderr that it removed the unfinished
// output.
func (s *started) signalAndWait(t *testing.T, sig syscall.Signal, name string) {
	t.Helper()
	if err := s.cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	select {
	case <-s.done:
		s.ended = true
	case <-time.After(signalDeadline):
		t.Fatalf("the command did not end within %v of %v", signalDeadline, sig)
	}
	ws, ok := s.cmd.ProcessState.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() || ws.Signal() != sig {
		t.Errorf("the command ended with %v, want it ended by %v", s.cmd.ProcessState, sig)
	}
	want := "skewlab: " + name + ": stopped by " + map[syscall.Signal]string{syscall.SIGINT: "SIGINT", syscall.SIGTERM: "SIGTERM"}[sig] + ": removed the unfinished output"
	if e := s.stderr.String(); !strings.HasPrefix(e, want) || strings.Count(e, "\n") != 1 {
		t.Errorf("stderr %q, want one line starting %q", e, want)
	}
}

// tempIn returns the first entry of dir whose name starts with prefix
// and ends in ".tmp" ("" when none, or dir is missing).
func tempIn(dir, prefix string) string {
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), prefix) && strings.HasSuffix(e.Name(), ".tmp") {
			return filepath.Join(dir, e.Name())
		}
	}
	return ""
}

// TestSignalLeavesNoTemporaryFile (issue 28, item 13) runs the built
// binary's export, bake and tour -export, delivers SIGTERM or SIGINT once
// the temporary output exists, and checks that nothing is left: neither
// the temporary file or folder nor a partial output. The test hook
// SKEWLAB_TEST_HOLD_WRITE holds the write complete but not yet renamed,
// so the signal always arrives while the temporary output exists, however
// fast the machine. Before, .NAME.NNN.tmp files stayed behind.
func TestSignalLeavesNoTemporaryFile(t *testing.T) {
	bin := buildBinary(t)
	fixtures := writeFixtures(t, 2000)

	t.Run("export", func(t *testing.T) {
		for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
			dir := t.TempDir()
			out := filepath.Join(dir, "fig.svg")
			s := start(t, bin, "1", "export", "-o", out, "-size", "4096x4096", "-scene", filepath.Join(fixtures, "rig.glb"))
			tmp := s.awaitPath(t, "the temporary file", func() string { return tempIn(dir, ".fig.svg.") })
			s.signalAndWait(t, sig, "export")
			if got := testkit.DirNames(t, dir); len(got) != 0 {
				t.Errorf("%v: left %q (the temporary was %s)", sig, got, filepath.Base(tmp))
			}
		}
	})

	t.Run("bake", func(t *testing.T) {
		dir := t.TempDir()
		out := filepath.Join(dir, "baked.glb")
		s := start(t, bin, "1", "bake", filepath.Join(fixtures, "rig.glb"), "-o", out)
		// Await the temporary file with its whole content: the copy is
		// bigger than its JSON alone.
		s.awaitPath(t, "the temporary copy", func() string {
			p := tempIn(dir, ".baked.glb.")
			if fi, err := os.Stat(p); p == "" || err != nil || fi.Size() < 1000 {
				return ""
			}
			return p
		})
		s.signalAndWait(t, syscall.SIGTERM, "bake")
		if got := testkit.DirNames(t, dir); len(got) != 0 {
			t.Errorf("left %q", got)
		}
	})

	// tour -export into a new folder: the fifth file written (step 3's
	// PNG) is held, so the temporary folder holds four complete figures
	// when the signal comes; none of it, nor the folder, may stay.
	t.Run("tour", func(t *testing.T) {
		dir := t.TempDir()
		s := start(t, bin, "5", "tour", "-export", filepath.Join(dir, "new", "tour"), "-size", "160x90")
		s.awaitPath(t, "step 2's SVG in the temporary folder", func() string {
			tmp := tempIn(dir, ".new.")
			p := filepath.Join(tmp, "tour", guide.FileName(2)+".svg")
			if _, err := os.Stat(p); tmp == "" || err != nil {
				return ""
			}
			return p
		})
		s.signalAndWait(t, syscall.SIGINT, "tour")
		if got := testkit.DirNames(t, dir); len(got) != 0 {
			t.Errorf("left %q", got)
		}
	})

	// tour -export into a folder that exists: it keeps what it held.
	t.Run("tour into an existing folder", func(t *testing.T) {
		dir := t.TempDir()
		keep := filepath.Join(dir, guide.FileName(1)+".png")
		if err := os.WriteFile(keep, []byte("an older figure"), 0o644); err != nil {
			t.Fatal(err)
		}
		s := start(t, bin, "5", "tour", "-export", dir, "-size", "160x90")
		s.awaitPath(t, "step 2's SVG in the temporary folder", func() string {
			tmp := tempIn(dir, ".tour.")
			p := filepath.Join(tmp, guide.FileName(2)+".svg")
			if _, err := os.Stat(p); tmp == "" || err != nil {
				return ""
			}
			return p
		})
		s.signalAndWait(t, syscall.SIGTERM, "tour")
		if got := testkit.DirNames(t, dir); !slices.Equal(got, []string{filepath.Base(keep)}) {
			t.Errorf("left %q, want only %s", got, filepath.Base(keep))
		}
		if b, _ := os.ReadFile(keep); string(b) != "an older figure" {
			t.Errorf("%s now holds %q", keep, b)
		}
	})

	// Without the hook and without a signal the handler changes nothing:
	// the figure is written whole and nothing else.
	t.Run("no signal", func(t *testing.T) {
		dir := t.TempDir()
		out := filepath.Join(dir, "fig.svg")
		s := start(t, bin, "", "export", "-o", out, "-size", "64x36")
		select {
		case err := <-s.done:
			s.ended = true
			if err != nil {
				t.Fatalf("export: %v, stderr %q", err, s.stderr.String())
			}
		case <-time.After(signalDeadline):
			t.Fatal("export did not end")
		}
		if got := testkit.DirNames(t, dir); !slices.Equal(got, []string{"fig.svg"}) {
			t.Errorf("folder holds %q, want fig.svg only", got)
		}
	})
}

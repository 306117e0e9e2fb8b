//go:build unix

package cli

import (
	"bytes"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer safe for the handler's goroutine.
type lockedBuffer struct {
	sync.Mutex
	b bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.Lock()
	defer l.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.Lock()
	defer l.Unlock()
	return l.b.String()
}

// TestSignalRemovesTemps sends SIGTERM to the test process while
// handleSignals is installed with an end that only records the signal
// (the program's end kills the process; cmd_signal_test.go in package
// main runs that on the built binary): the listed temporary file is
// removed before end is called, and one line names it.
func TestSignalRemovesTemps(t *testing.T) {
	dir := t.TempDir()
	f, err := CreateTemp(dir, ".fig.svg.*.tmp")
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("<svg")
	f.Close()
	var errb lockedBuffer
	ended := make(chan os.Signal, 1)
	stop := handleSignals(&errb, "export", func(s os.Signal) {
		_, err := os.Stat(f.Name())
		if err == nil {
			t.Error("end was called before the temporary file was removed")
		}
		ended <- s
	})
	defer stop()
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-ended:
		if s != syscall.SIGTERM {
			t.Errorf("ended by %v, want SIGTERM", s)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the handler did not run within 30 s")
	}
	if _, err := os.Stat(f.Name()); !os.IsNotExist(err) {
		t.Errorf("temporary file still there: %v", err)
	}
	want := "skewlab: export: stopped by SIGTERM: removed the unfinished output " + f.Name() + "\n"
	if got := errb.String(); got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
	if got := Temps(); len(got) != 0 {
		t.Errorf("still listed %q", got)
	}
	// The registry is usable again once end returns (only a test's does).
	g, err := CreateTemp(dir, ".x.*.tmp")
	if err != nil {
		t.Fatal(err)
	}
	g.Close()
	Discard(g.Name())
	if !strings.HasSuffix(g.Name(), ".tmp") {
		t.Errorf("name %q", g.Name())
	}
}

//go:build unix

package gltfio

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A buffer named as a FIFO is refused at once (stat before open; opening
// a FIFO blocks until a writer comes).
func TestBufferFIFORefused(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.bin"), 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	p := writeRig(t, dir, "pipe.bin")
	done := make(chan error, 1)
	go func() { _, err := Load(p); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("error %v, want a refusal of the FIFO", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Load blocked on a FIFO for 10 s")
	}
}

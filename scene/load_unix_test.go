//go:build unix

package scene

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestLoadRefusesNonRegularFiles checks that devices, pipes, directories
// and missing files give one error naming the path, without reading them.
// A FIFO would block the open forever, so the test finishing at all is the
// check that it is never opened.
func TestLoadRefusesNonRegularFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{"/dev/zero", "not a regular file"},
		{fifo, "not a regular file"},
		{dir, "not a regular file"},
		{filepath.Join(dir, "missing.json"), "no such file"},
	} {
		s, err := Load(tc.path)
		if s != nil || err == nil {
			t.Errorf("%s: accepted", tc.path)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, tc.path+": ") || !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
			t.Errorf("%s: error %q, want one line starting with the path and containing %q", tc.path, msg, tc.want)
		}
	}
}

// TestLoadSizeLimit checks the size limit with a small limit: a file of
// exactly the limit loads, one byte more is refused.
func TestLoadSizeLimit(t *testing.T) {
	if MaxFileBytes < 64<<20 {
		t.Errorf("MaxFileBytes = %d, want at least 64 MiB", MaxFileBytes)
	}
	text := sceneText(`{"name":"A",` + okNode + `}`)
	path := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := load(path, int64(len(text))); err != nil {
		t.Errorf("file of exactly the limit refused: %v", err)
	}
	_, err := load(path, int64(len(text))-1)
	if err == nil || !strings.HasPrefix(err.Error(), path+": ") || !strings.Contains(err.Error(), "limit") {
		t.Errorf("file over the limit: error %v, want one naming the path and the limit", err)
	}
}

// TestReadLimitedBoundsGrowth checks the read itself is bounded, for a
// file that grows between the size check and the read: /dev/zero read
// with a limit stops after limit+1 bytes.
func TestReadLimitedBoundsGrowth(t *testing.T) {
	f, err := os.Open("/dev/zero")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	data, err := readLimited(f, 1000)
	if err == nil || len(data) > 1001 {
		t.Errorf("read %d bytes, err %v; want an error after at most 1001 bytes", len(data), err)
	}
}

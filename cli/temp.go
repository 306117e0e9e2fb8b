package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
)

// Temporary outputs. A command that writes a file or a folder writes it
// under a temporary name beside its destination and renames it into place
// once it is complete, so that a reader never sees half an output. Every
// temporary path a command makes is listed here, in one registry, from
// the moment it is created until it is renamed into place (Commit,
// CommitInto) or removed (Discard). A signal that ends the process
// (HandleSignals) removes whatever is listed at that moment, so an
// interrupted command leaves neither a temporary file nor a partial
// output.
//
// The registry's lock is held while a path is created and while it is
// renamed into place, and the signal handler takes it for good: a path
// is either listed before the handler runs (and removed by it), or made
// after the process has ended (never); an output is either renamed into
// place whole before the handler runs, or not at all.

// temps is the registry: each temporary path and whether it is a folder.
var temps = struct {
	sync.Mutex
	paths map[string]bool
}{paths: map[string]bool{}}

// CreateTemp is os.CreateTemp(dir, pattern) with the new file listed in
// the registry until Commit or Discard. Errors are os.CreateTemp's.
func CreateTemp(dir, pattern string) (*os.File, error) {
	temps.Lock()
	defer temps.Unlock()
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	temps.paths[f.Name()] = false
	return f, nil
}

// MkdirTemp is os.MkdirTemp(dir, pattern) with the new folder (mode 0755
// rather than os.MkdirTemp's 0700, since it becomes an output folder)
// listed in the registry until Commit, CommitInto or Discard, which
// remove it with everything in it. Errors are os.MkdirTemp's or Chmod's.
func MkdirTemp(dir, pattern string) (string, error) {
	temps.Lock()
	defer temps.Unlock()
	name, err := os.MkdirTemp(dir, pattern)
	if err != nil {
		return "", err
	}
	if err := os.Chmod(name, 0o755); err != nil {
		os.Remove(name)
		return "", err
	}
	temps.paths[name] = true
	return name, nil
}

// Commit renames the temporary path tmp (made by CreateTemp or
// MkdirTemp) to path and drops it from the registry, both while holding
// the registry's lock, so that a signal finds either the temporary path
// or the finished output, never a removed temporary with the output
// missing. On error tmp stays listed (the caller Discards it).
func Commit(tmp, path string) error {
	temps.Lock()
	defer temps.Unlock()
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	delete(temps.paths, tmp)
	return nil
}

// CommitInto moves every entry of the temporary folder tmp (made by
// MkdirTemp) into the existing folder dir, replacing entries of the same
// names and keeping the others, then removes tmp and drops it from the
// registry. The moves happen while holding the registry's lock, so a
// signal comes before all of them or after all of them. A move that fails
// (an entry of dir with the same name that is a non-empty folder) stops
// there with an error naming it: the entries moved so far stay in dir,
// and tmp, still listed, holds the rest (the caller Discards it).
func CommitInto(tmp, dir string) error {
	temps.Lock()
	defer temps.Unlock()
	ents, err := os.ReadDir(tmp)
	if err != nil {
		return err
	}
	for _, e := range ents {
		if err := os.Rename(filepath.Join(tmp, e.Name()), filepath.Join(dir, e.Name())); err != nil {
			return fmt.Errorf("cannot move %s into %s: %w", e.Name(), dir, err)
		}
	}
	if err := os.Remove(tmp); err != nil {
		return err
	}
	delete(temps.paths, tmp)
	return nil
}

// Discard removes the temporary path tmp (a folder with everything in
// it) and drops it from the registry. A path that is already gone is not
// an error.
func Discard(tmp string) {
	temps.Lock()
	defer temps.Unlock()
	os.RemoveAll(tmp)
	delete(temps.paths, tmp)
}

// Temps returns the temporary paths listed now, sorted (for tests and
// messages).
func Temps() []string {
	temps.Lock()
	defer temps.Unlock()
	return listed()
}

// listed returns the registry's paths, sorted; the caller holds the lock.
func listed() []string {
	out := make([]string, 0, len(temps.paths))
	for p := range temps.paths {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// removeTemps removes every listed path and empties the registry,
// returning the paths it found and removed (sorted; a path already gone,
// such as a file inside a removed folder, is left out) and the first
// error; the caller holds the lock.
func removeTemps() (removed []string, err error) {
	for _, p := range listed() {
		delete(temps.paths, p)
		if _, e := os.Lstat(p); e != nil {
			continue
		}
		if e := os.RemoveAll(p); e != nil {
			if err == nil {
				err = e
			}
			continue
		}
		removed = append(removed, p)
	}
	return removed, err
}

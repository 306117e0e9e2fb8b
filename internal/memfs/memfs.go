// Package memfs is a flat, read-only, in-memory folder of files (the
// files dropped onto the web page), an io/fs.FS without the weight of
// testing/fstest in the WebAssembly build.
package memfs

import (
	"io"
	"io/fs"
	"slices"
	"strings"
	"time"
)

// FS maps plain file names (no slashes) to their bytes. Open(".") is the
// folder, listing the files in name order; a name with a slash, or one
// not in the map, is fs.ErrNotExist. It is safe for concurrent reads.
type FS map[string][]byte

// Open opens the folder "." or a file of f.
func (f FS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if name == "." {
		return &dir{fs: f}, nil
	}
	data, ok := f[name]
	if !ok || strings.Contains(name, "/") {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &file{info: info{name: name, size: int64(len(data))}, data: data}, nil
}

// ReadDir lists the folder "." in name order (fs.ReadDirFS).
func (f FS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name != "." {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	names := make([]string, 0, len(f))
	for n := range f {
		names = append(names, n)
	}
	slices.Sort(names)
	out := make([]fs.DirEntry, len(names))
	for i, n := range names {
		out[i] = fs.FileInfoToDirEntry(info{name: n, size: int64(len(f[n]))})
	}
	return out, nil
}

// info describes a file of the folder, or the folder itself (dir).
type info struct {
	name string
	size int64
	dir  bool
}

func (i info) Name() string { return i.name }
func (i info) Size() int64  { return i.size }
func (i info) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}
func (i info) ModTime() time.Time { return time.Time{} }
func (i info) IsDir() bool        { return i.dir }
func (i info) Sys() any           { return nil }

// file is an open file: its bytes read from the start.
type file struct {
	info info
	data []byte
	off  int
}

func (f *file) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *file) Close() error               { return nil }
func (f *file) Read(p []byte) (int, error) {
	if f.off >= len(f.data) {
		return 0, io.EOF
	}
	n := copy(p, f.data[f.off:])
	f.off += n
	return n, nil
}

// dir is the open folder: its entries, listed from off on.
type dir struct {
	fs      FS
	entries []fs.DirEntry
	listed  bool
	off     int
}

func (d *dir) Stat() (fs.FileInfo, error) { return info{name: ".", dir: true}, nil }
func (d *dir) Close() error               { return nil }
func (d *dir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: ".", Err: fs.ErrInvalid}
}

// ReadDir lists the folder as fs.ReadDirFile says: with n <= 0 every
// entry not yet listed (none: an empty list, no error); with n > 0 at
// most n, and io.EOF when none is left.
func (d *dir) ReadDir(n int) ([]fs.DirEntry, error) {
	if !d.listed {
		d.entries, _ = d.fs.ReadDir(".")
		d.listed = true
	}
	rest := d.entries[d.off:]
	if n <= 0 {
		d.off = len(d.entries)
		return rest, nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	n = min(n, len(rest))
	d.off += n
	return rest[:n], nil
}

// Command gengltf writes skewlab's glTF 2.0 test fixtures (see
// skewlab/internal/gltfgen) into a directory, with manifest.json saying
// which are good and which deliberately bad:
//
//	go run ./scripts/gengltf -o out/gltf [-triangles 200000]
//
// It prints one line per file written (name, bytes, good or bad).
// -triangles is the approximate triangle count of big.glb (at least 2).
// Errors are one line on stderr, exit status 2.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"skewlab/internal/gltfgen"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gengltf", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dir := fs.String("o", "", "directory to write the fixtures into (made if missing)")
	triangles := fs.Int("triangles", gltfgen.DefaultTriangles, "approximate triangle count of big.glb (at least 2)")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			fmt.Fprintln(stdout, "usage: go run ./scripts/gengltf -o DIR [-triangles N]")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return 0
		}
		return fail(stderr, err)
	}
	switch {
	case fs.NArg() > 0:
		return fail(stderr, fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	case *dir == "":
		return fail(stderr, fmt.Errorf("-o DIR is required"))
	case *triangles < 2:
		return fail(stderr, fmt.Errorf("-triangles must be at least 2, got %d", *triangles))
	}
	if err := write(*dir, *triangles, stdout); err != nil {
		return fail(stderr, err)
	}
	return 0
}

// write writes every fixture and the manifest into dir, one line each to
// stdout.
func write(dir string, triangles int, stdout io.Writer) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range append(gltfgen.All(triangles), gltfgen.Manifest()) {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s %d bytes (%s)\n", filepath.Join(dir, f.Name), len(f.Data), kind(f.Name))
	}
	// The edge files, one folder each (as testdata/public holds its
	// models), for make publiccheck's validator run on their bakes.
	for _, f := range gltfgen.EdgeFiles() {
		sub := filepath.Join(dir, "edge", strings.TrimSuffix(f.Name, filepath.Ext(f.Name)))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(sub, f.Name), f.Data, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s %d bytes (edge case, valid)\n", filepath.Join(sub, f.Name), len(f.Data))
	}
	return nil
}

// kind names a file's role for the printed line.
func kind(name string) string {
	for _, fx := range gltfgen.Fixtures() {
		if fx.Name == name {
			return map[bool]string{true: "good", false: "bad"}[fx.Good]
		}
	}
	if name == gltfgen.Manifest().Name {
		return "manifest"
	}
	return "adjacent"
}

func fail(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "gengltf: %v\n", err)
	return 2
}

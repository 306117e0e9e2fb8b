package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"skewlab/internal/gltfgen"
)

func TestWritesEveryFixture(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-o", dir, "-triangles", "50"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	want := append(gltfgen.All(50), gltfgen.Manifest())
	for _, f := range gltfgen.EdgeFiles() {
		want = append(want, gltfgen.File{Name: filepath.Join("edge", strings.TrimSuffix(f.Name, ".gltf"), f.Name), Data: f.Data})
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != len(want) || stderr.Len() != 0 {
		t.Fatalf("%d lines for %d files, stderr %q:\n%s", len(lines), len(want), stderr.String(), stdout.String())
	}
	for i, f := range want {
		got, err := os.ReadFile(filepath.Join(dir, f.Name))
		if err != nil || !bytes.Equal(got, f.Data) {
			t.Errorf("%s: written file differs from the generator's (%v)", f.Name, err)
		}
		if !strings.HasPrefix(lines[i], filepath.Join(dir, f.Name)+" ") {
			t.Errorf("line %d = %q, want it to name %s", i, lines[i], f.Name)
		}
	}
	for _, l := range []string{"(good)", "cycle.gltf", "(bad)", "rig.bin", "(adjacent)", "(manifest)", "(edge case, valid)"} {
		if !strings.Contains(stdout.String(), l) {
			t.Errorf("output lacks %q", l)
		}
	}
}

func TestErrors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{},
		{"-o", t.TempDir(), "extra"},
		{"-o", t.TempDir(), "-triangles", "1"},
		{"-o", t.TempDir(), "-triangles", "x"},
		{"-nope"},
		{"-o", filepath.Join(file, "sub")},
	} {
		var stdout, stderr bytes.Buffer
		code := run(args, &stdout, &stderr)
		msg := stderr.String()
		if code != 2 || !strings.HasPrefix(msg, "gengltf: ") || strings.Count(msg, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q; want 2 and one gengltf: line", args, code, msg)
		}
	}
}

package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestUsedFaces: the faces a file selects from bitmapfont, under its own
// name or an alias; nothing from a file that does not import it; an
// error for a dot or blank import, whose use this reading cannot see.
func TestUsedFaces(t *testing.T) {
	const path = "github.com/hajimehoshi/bitmapfont/v4"
	cases := []struct {
		src  string
		want []string
		err  bool
	}{
		{`package p; import "github.com/hajimehoshi/bitmapfont/v4"; var f = bitmapfont.Face`, []string{"Face"}, false},
		{`package p; import bf "github.com/hajimehoshi/bitmapfont/v4"; var a, b = bf.FaceSC, bf.Face; var bitmapfont struct{ FaceTC int }; var c = bitmapfont.FaceTC`, []string{"Face", "FaceSC"}, false},
		{`package p; import "fmt"; var _ = fmt.Sprint`, nil, false},
		{`package p; import . "github.com/hajimehoshi/bitmapfont/v4"; var f = Face`, nil, true},
		{`package p; import _ "github.com/hajimehoshi/bitmapfont/v4"`, nil, true},
	}
	for _, c := range cases {
		got, err := usedFaces("x.go", []byte(c.src), path)
		if (err != nil) != c.err || !slices.Equal(got, c.want) {
			t.Errorf("usedFaces(%q) = %v, %v; want %v, error %v", c.src, got, err, c.want, c.err)
		}
	}
}

// fakeModule writes a module shaped like bitmapfont v4.2.0: three faces
// in two files, their data, a test, the generator's folders.
func fakeModule(t *testing.T, embed string) string {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":    "module github.com/hajimehoshi/bitmapfont/v4\n",
		"LICENSE":   "licence\n",
		"font.go":   "package bitmapfont\n\nfunc init() {\n\tFace = newDelayedFace(\"data/face_ja.bin\", false)\n\tFaceEA = newDelayedFace(\"data/face_ja_ea.bin\", true)\n}\n",
		"fonttc.go": "package bitmapfont\n\nfunc init() {\n\tFaceTC = &tcFace{face: newDelayedFace(\"data/face_zhhant.bin\", false)}\n}\n",
		"lazyface.go": "package bitmapfont\n\nimport \"embed\"\n\n" + embed + "\nvar data embed.FS\n" +
			"func newDelayedFace(string, bool) any { return nil }\n",
		"font_test.go":              "package bitmapfont\n",
		"data/face_ja.bin":          "JA",
		"data/face_ja_ea.bin":       "JAEA",
		"data/face_zhhant.bin":      "TC",
		"internal/bitmap/bitmap.go": "package bitmap\n",
		"internal/mplus/font.bdf":   "bdf\n",
		"_gen/gen.go":               "package main\n",
		"example/main.go":           "package main\n",
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestTrimmedCopy: the faces map to their data files (both assignment
// forms); the used faces keep only their files; the copy has the Go
// sources but the tests, no generator folders or font sources, the kept
// data only, and an embed line naming it.
func TestTrimmedCopy(t *testing.T) {
	src := fakeModule(t, embedAll)
	faces, err := faceFiles(src)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"Face": "data/face_ja.bin", "FaceEA": "data/face_ja_ea.bin", "FaceTC": "data/face_zhhant.bin"}
	if len(faces) != len(want) {
		t.Fatalf("faceFiles = %v, want %v", faces, want)
	}
	for k, v := range want {
		if faces[k] != v {
			t.Errorf("faceFiles[%s] = %q, want %q", k, faces[k], v)
		}
	}
	kept, err := keptFiles(map[string]bool{"Face": true, "DrawSomething": true}, faces)
	if err != nil || !slices.Equal(kept, []string{"data/face_ja.bin"}) {
		t.Fatalf("keptFiles = %v, %v; want [data/face_ja.bin]", kept, err)
	}
	if _, err := keptFiles(map[string]bool{"NotAFace": true}, faces); err == nil {
		t.Error("keptFiles with no face used: no error")
	}
	dst := filepath.Join(t.TempDir(), "copy")
	if err := copyTrimmed(src, dst, kept); err != nil {
		t.Fatal(err)
	}
	var got []string
	err = filepath.WalkDir(dst, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dst, p)
			got = append(got, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	wantFiles := []string{"LICENSE", "data/face_ja.bin", "font.go", "fonttc.go", "go.mod", "internal/bitmap/bitmap.go", "lazyface.go"}
	slices.Sort(got)
	if !slices.Equal(got, wantFiles) {
		t.Errorf("copy holds %v, want %v", got, wantFiles)
	}
	b, err := os.ReadFile(filepath.Join(dst, "lazyface.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "//go:embed data/face_ja.bin\n") || strings.Contains(string(b), embedAll) {
		t.Errorf("lazyface.go of the copy:\n%s\nwant the embed line naming data/face_ja.bin only", b)
	}
}

// TestChangedModuleStops: a module whose embed line is not data/*.bin,
// or with no face found, stops the copy with a message that says to
// update the script, instead of a page that cannot draw text.
func TestChangedModuleStops(t *testing.T) {
	src := fakeModule(t, "//go:embed data/*.lz4")
	err := copyTrimmed(src, filepath.Join(t.TempDir(), "copy"), []string{"data/face_ja.bin"})
	if err == nil || !strings.Contains(err.Error(), "update scripts/webmod") {
		t.Errorf("copyTrimmed of a changed embed line: %v, want an error saying to update scripts/webmod", err)
	}
	if _, err := faceFiles(t.TempDir()); err == nil || !strings.Contains(err.Error(), "update scripts/webmod") {
		t.Errorf("faceFiles of a folder with no faces: %v, want an error saying to update scripts/webmod", err)
	}
}

// TestRunUsage: no -o is a usage error (exit 2, one line on stderr,
// nothing on stdout); -h prints the usage on stdout, exit 0.
func TestRunUsage(t *testing.T) {
	var out, errb strings.Builder
	if c := run(nil, &out, &errb); c != 2 || out.Len() != 0 || !strings.HasPrefix(errb.String(), "webmod: ") || strings.Count(errb.String(), "\n") != 1 {
		t.Errorf("run(): exit %d, stdout %q, stderr %q", c, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	if c := run([]string{"-h"}, &out, &errb); c != 0 || !strings.Contains(out.String(), "usage") || errb.Len() != 0 {
		t.Errorf("run(-h): exit %d, stdout %q, stderr %q", c, out.String(), errb.String())
	}
}

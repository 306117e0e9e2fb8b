// Command webmod writes the module file the web build compiles with
// (make web: go build -modfile=DIR/go.mod): the project's go.mod with
// one replace line, which swaps github.com/hajimehoshi/bitmapfont/v4 for
// a copy of the same version that embeds only the font faces the web
// build draws.
//
//	go run ./scripts/webmod -o out/webmod
//
// bitmapfont embeds six 12 px faces (//go:embed data/*.bin: Japanese,
// simplified and traditional Chinese, each also East-Asian-wide), about
// 2.7 MB; debugui draws one (bitmapfont.Face), and the five others were
// 1.9 MB of the page's 7 MB gzip download. No upstream option or build tag
// leaves them out, so this copy does, and the copy is remade from the
// module cache on every build: it follows the version go.mod requires.
//
// Which faces are used is read, not assumed: every Go file of every
// package in the web build (GOOS=js GOARCH=wasm go list -deps .) that
// imports bitmapfont is parsed for the package-level faces it names
// (bitmapfont.Face, ...), and bitmapfont's own sources say which data
// file each face loads (X = newDelayedFace("data/....bin", ...)). The copy
// keeps those data files and embeds them by name. A face that is named
// but has no data file, an embed line that is no longer data/*.bin, or a
// face used through something this reading cannot see (the package
// itself passed around) stops the build with a message instead of
// building a page that would fail when it draws text.
//
// The copy lives under DIR/bitmapfont (made afresh); DIR/go.mod and
// DIR/go.sum are the project's with the replace line added. Errors are one
// line on stderr ("webmod: ..."), exit status 2 for a bad command line, 1
// when the copy cannot be made.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// fontModule is the module whose data this trims.
const fontModule = "github.com/hajimehoshi/bitmapfont/v4"

// embedAll is the embed line bitmapfont has (lazyface.go); the copy
// names the kept files instead.
const embedAll = "//go:embed data/*.bin"

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("webmod", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	dir := fset.String("o", "", "directory to write go.mod, go.sum and the trimmed bitmapfont into")
	if err := fset.Parse(args); err != nil || *dir == "" || fset.NArg() > 0 {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: go run ./scripts/webmod -o DIR")
			return 0
		}
		fmt.Fprintln(stderr, "webmod: usage: go run ./scripts/webmod -o DIR")
		return 2
	}
	kept, err := build(*dir)
	if err != nil {
		fmt.Fprintln(stderr, "webmod:", err)
		return 1
	}
	fmt.Fprintf(stdout, "webmod: %s/go.mod: %s with only %s\n", *dir, fontModule, strings.Join(kept, ", "))
	return 0
}

// build writes dir and returns the data files kept.
func build(dir string) ([]string, error) {
	src, err := moduleDir(fontModule)
	if err != nil {
		return nil, err
	}
	users, err := webPackages(fontModule)
	if err != nil {
		return nil, err
	}
	used := map[string]bool{}
	for _, files := range users {
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			names, err := usedFaces(f, b, fontModule)
			if err != nil {
				return nil, err
			}
			for _, n := range names {
				used[n] = true
			}
		}
	}
	faces, err := faceFiles(src)
	if err != nil {
		return nil, err
	}
	kept, err := keptFiles(used, faces)
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	copyDir := filepath.Join(abs, "bitmapfont")
	if err := os.RemoveAll(copyDir); err != nil {
		return nil, err
	}
	if err := copyTrimmed(src, copyDir, kept); err != nil {
		return nil, err
	}
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		return nil, err
	}
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		return nil, err
	}
	mod = append(mod, fmt.Sprintf("\n// Written by scripts/webmod for the web build: %s with only %s.\nreplace %s => %s\n",
		fontModule, strings.Join(kept, ", "), fontModule, copyDir)...)
	if err := os.WriteFile(filepath.Join(abs, "go.mod"), mod, 0o644); err != nil {
		return nil, err
	}
	return kept, os.WriteFile(filepath.Join(abs, "go.sum"), sum, 0o644)
}

// moduleDir returns the module cache directory of module path at the
// version the build uses (downloading it if needed).
func moduleDir(path string) (string, error) {
	out, err := goCmd(nil, "mod", "download", "-json", path)
	if err != nil {
		return "", err
	}
	var m struct{ Dir, Error string }
	if err := json.Unmarshal(out, &m); err != nil {
		return "", fmt.Errorf("go mod download %s: %v", path, err)
	}
	if m.Error != "" || m.Dir == "" {
		return "", fmt.Errorf("go mod download %s: %s", path, m.Error)
	}
	return m.Dir, nil
}

// webPackages returns the Go files of each package of the web build that
// imports module path's root package, by import path.
func webPackages(path string) (map[string][]string, error) {
	out, err := goCmd([]string{"GOOS=js", "GOARCH=wasm"}, "list", "-deps", "-json=ImportPath,Dir,GoFiles,Imports", ".")
	if err != nil {
		return nil, err
	}
	users := map[string][]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath, Dir string
			GoFiles         []string
			Imports         []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list: %v", err)
		}
		if !slices.Contains(p.Imports, path) {
			continue
		}
		for _, f := range p.GoFiles {
			users[p.ImportPath] = append(users[p.ImportPath], filepath.Join(p.Dir, f))
		}
	}
	if len(users) == 0 {
		return nil, fmt.Errorf("no package of the web build imports %s: leave this step out", path)
	}
	return users, nil
}

func goCmd(env []string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// usedFaces returns the identifiers the Go source src (file name for
// messages) selects from its import of importPath: the faces it draws
// with ("Face"). An import used other than in a selector (only possible
// as the blank or dot import) is an error: this reading could not tell
// which faces it uses.
func usedFaces(name string, src []byte, importPath string) ([]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	local := ""
	for _, im := range f.Imports {
		if strings.Trim(im.Path.Value, `"`) != importPath {
			continue
		}
		switch {
		case im.Name == nil:
			local = "bitmapfont"
		case im.Name.Name == "." || im.Name.Name == "_":
			return nil, fmt.Errorf("%s imports %s as %q: cannot tell which faces it uses", name, importPath, im.Name.Name)
		default:
			local = im.Name.Name
		}
	}
	if local == "" {
		return nil, nil
	}
	var names []string
	ast.Inspect(f, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := s.X.(*ast.Ident); ok && id.Name == local && !slices.Contains(names, s.Sel.Name) {
				names = append(names, s.Sel.Name)
			}
		}
		return true
	})
	sort.Strings(names)
	return names, nil
}

// faceRE finds a face's data file in bitmapfont's sources:
// `Face = newDelayedFace("data/face_ja.bin", false)` or
// `FaceTC = &tcFace{face: newDelayedFace("data/face_zhhant.bin", false)}`.
var faceRE = regexp.MustCompile(`(?m)^\s*(\w+)\s*=\s*[^\n]*?newDelayedFace\("(data/[^"]+)"`)

// faceFiles maps each face of the bitmapfont sources in dir to its data
// file.
func faceFiles(dir string) (map[string]string, error) {
	out := map[string]string{}
	matches, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	for _, f := range matches {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		for _, m := range faceRE.FindAllSubmatch(b, -1) {
			out[string(m[1])] = string(m[2])
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no face loads a data file (newDelayedFace): the module changed; update scripts/webmod", dir)
	}
	return out, nil
}

// keptFiles returns the data files of the used identifiers that are
// faces, sorted. An identifier that is not a face (a function, a type)
// needs no data; no face at all is an error (nothing would be kept).
func keptFiles(used map[string]bool, faces map[string]string) ([]string, error) {
	var kept []string
	for name := range used {
		if f, ok := faces[name]; ok && !slices.Contains(kept, f) {
			kept = append(kept, f)
		}
	}
	if len(kept) == 0 {
		return nil, fmt.Errorf("the web build uses none of bitmapfont's faces (%d known): nothing to keep", len(faces))
	}
	sort.Strings(kept)
	return kept, nil
}

// copyTrimmed copies the module at src to dst: Go sources other than
// tests, go.mod, LICENSE, internal/ and the kept data files, with the
// embed line naming the kept files.
func copyTrimmed(src, dst string, kept []string) error {
	found := 0
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "_gen" || rel == "example" || strings.HasPrefix(rel, ".") && rel != "." {
				return filepath.SkipDir
			}
			return nil
		}
		keep := rel == "go.mod" || rel == "LICENSE" ||
			strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") ||
			slices.Contains(kept, rel)
		if strings.HasPrefix(rel, "internal/") && !strings.HasSuffix(rel, ".go") && rel != "internal/LICENSE" {
			keep = false // internal/ holds the font sources (bdf, png) of the generator
		}
		if !keep {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if strings.HasSuffix(rel, ".go") && bytes.Contains(b, []byte("//go:embed")) {
			n := bytes.Count(b, []byte(embedAll))
			if n != 1 || bytes.Count(b, []byte("//go:embed")) != 1 {
				return fmt.Errorf("%s: its embed line is not %q: the module changed; update scripts/webmod", p, embedAll)
			}
			b = bytes.Replace(b, []byte(embedAll), []byte("//go:embed "+strings.Join(kept, " ")), 1)
			found++
		}
		out := filepath.Join(dst, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		return os.WriteFile(out, b, 0o644)
	})
	if err == nil && found != 1 {
		err = fmt.Errorf("%s: %d files embed the data, want 1: the module changed; update scripts/webmod", src, found)
	}
	return err
}

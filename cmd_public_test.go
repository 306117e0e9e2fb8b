//go:build !js

package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"skewlab/internal/gltfgen"
	"skewlab/internal/gltfref"
)

// The public sample models of testdata/public (see its README.md for
// their sources and licences) through skewlab's report, bake and audit,
// each checked against internal/gltfref, a glTF reader written for these
// tests from the specification that shares no code with skewlab. Nothing
// is downloaded.

// Tolerances (fractions of the scene's size, gltfref.Scene.Size: the
// diagonal of the bounding box of its world vertices).
const (
	// publicReportTol: report's world matrices against the reference's.
	// Both compute the same products from the same float32 inputs in
	// float64, and report rounds to 1e-12; 1e-9 leaves room for
	// neither a wrong rule nor a float32 round trip (about 6e-8).
	publicReportTol = 1e-9
	// publicBakeTol: how far a baked copy may move any world vertex,
	// instance vertex, skinned vertex or light/camera position (issue 28:
	// "move by at most 1e-6 of the model's size").
	publicBakeTol = 1e-6
	// publicAngleTol: how far, in degrees, a baked copy may turn a light's
	// or camera's direction or up vector (issue 28, item 6).
	publicAngleTol = 1e-3
)

// publicModels returns every model file under testdata/public.
func publicModels(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, pat := range []string{"*/*.gltf", "*/*.glb"} {
		m, err := filepath.Glob(filepath.Join("testdata", "public", pat))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	sort.Strings(files)
	if len(files) < 10 {
		t.Fatalf("%d public models under testdata/public, want at least 10", len(files))
	}
	return files
}

// edgeModels writes internal/gltfgen's edge files (valid files of what a
// bake most easily gets wrong: instances under a stretch, sparse and
// quantized accessors, one mesh at two sizes, a small sheared matrix, a
// skinned mesh alone, a model in millimetres) into a folder of the test's
// and returns their paths.
func edgeModels(t *testing.T) []string {
	t.Helper()
	dir := t.TempDir()
	var files []string
	for _, f := range gltfgen.EdgeFiles() {
		p := filepath.Join(dir, f.Name)
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	return files
}

// publicScenes returns the scene indices to check: every scene of the
// file, or -1 alone for a file without scenes (every root).
func publicScenes(f *gltfref.File) []int {
	if f.SceneCount() == 0 {
		return []int{-1}
	}
	s := make([]int, f.SceneCount())
	for i := range s {
		s[i] = i
	}
	return s
}

// printable is a glTF name with what skewlab drops from names it renames
// removed: invalid UTF-8 and unprintable runes.
func printable(name string) string {
	return strings.Map(func(c rune) rune {
		if c == utf8.RuneError || !unicode.IsPrint(c) {
			return -1
		}
		return c
	}, strings.ToValidUTF8(name, ""))
}

var instanceName = regexp.MustCompile(`^(.*)\[([0-9]+)\]$`)

// resolveNode returns the glTF node index (and instance, -1 for none) of
// a node that report names name. skewlab keeps a glTF node's name when
// exactly one node has it, and otherwise writes name#index (the name's
// printable part, then "#" and the glTF index, repeated if taken); a
// node with EXT_mesh_gpu_instancing is planned to get one child per
// instance named NAME[k]. ok is false for a name none of these explain.
func resolveNode(f *gltfref.File, name string) (node, instance int, ok bool) {
	count := 0
	for i := 0; i < f.NodeCount(); i++ {
		if f.NodeName(i) == name {
			count++
			node = i
		}
	}
	if count == 1 && name != "" {
		return node, -1, true
	}
	if m := instanceName.FindStringSubmatch(name); m != nil {
		if n, _, ok := resolveNode(f, m[1]); ok && f.HasInstancing(n) {
			k, err := strconv.Atoi(m[2])
			if err == nil {
				return n, k, true
			}
		}
	}
	if h := strings.LastIndexByte(name, '#'); h >= 0 {
		i, err := strconv.Atoi(name[h+1:])
		if err != nil || i < 0 || i >= f.NodeCount() {
			return 0, 0, false
		}
		suffix := "#" + strconv.Itoa(i)
		base := name
		for strings.HasSuffix(base, suffix) {
			base = strings.TrimSuffix(base, suffix)
		}
		if base == printable(f.NodeName(i)) {
			return i, -1, true
		}
	}
	return 0, 0, false
}

// reportNodes is the part of `report -format json -mode M` the test reads.
type reportNodes struct {
	Nodes []struct {
		Name  string
		World struct {
			Matrix *[4][4]float64
		}
	}
}

// matrixGap returns how far two world matrices are apart: the largest
// entry difference of the linear 3x3 part, and of the translation column
// divided by size (NaN counts as +Inf).
func matrixGap(a, b gltfref.Mat4, size float64) float64 {
	worst := 0.0
	for r := 0; r < 3; r++ {
		for c := 0; c < 4; c++ {
			d := math.Abs(a[r][c] - b[r][c])
			if c == 3 {
				d /= size
			}
			if math.IsNaN(d) {
				d = math.Inf(1)
			}
			worst = math.Max(worst, d)
		}
	}
	for c := 0; c < 4; c++ {
		if d := math.Abs(a[3][c] - b[3][c]); !(d <= 0) {
			worst = math.Inf(1)
		}
	}
	return worst
}

// `skewlab report -format json -mode accumulate-matrices` on every
// public model and every scene (-gltf-scene N): every glTF node of the
// scene is in the report, and its world matrix is the reference's
// (gltfref) within publicReportTol (linear entries absolute, the
// translation as a fraction of the scene's size). A node named NAME[k]
// (planned: the k-th instance of an EXT_mesh_gpu_instancing node) is
// compared with the reference's instance world matrix.
func TestPublicReport(t *testing.T) {
	for _, file := range append(publicModels(t), edgeModels(t)...) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ref, err := gltfref.Load(file)
			if err != nil {
				t.Fatalf("reference reader: %v", err)
			}
			for _, si := range publicScenes(ref) {
				want, err := ref.Scene(si)
				if err != nil {
					t.Fatalf("reference reader, scene %d: %v", si, err)
				}
				args := []string{"report", "-scene", file, "-format", "json", "-mode", "accumulate-matrices"}
				if si >= 0 {
					args = append(args, "-gltf-scene", strconv.Itoa(si))
				}
				code, out, errs := runCmd(t, args...)
				if code != 0 {
					t.Errorf("scene %d: report exit %d: %s", si, code, strings.TrimSpace(errs))
					continue
				}
				var rep reportNodes
				if err := json.Unmarshal([]byte(out), &rep); err != nil {
					t.Fatalf("scene %d: report JSON: %v", si, err)
				}
				seen := map[int]bool{}
				worst, where := 0.0, ""
				for _, n := range rep.Nodes {
					idx, inst, ok := resolveNode(ref, n.Name)
					if !ok {
						t.Errorf("scene %d: report node %q is no glTF node", si, n.Name)
						continue
					}
					w, inScene := want.World[idx]
					if !inScene {
						t.Errorf("scene %d: report node %q is glTF node %d, which is not in the scene", si, n.Name, idx)
						continue
					}
					if inst >= 0 {
						all := want.Instances[idx]
						if inst >= len(all) {
							t.Errorf("scene %d: report node %q: node %d has %d instances", si, n.Name, idx, len(all))
							continue
						}
						w = all[inst]
					} else {
						seen[idx] = true
					}
					if n.World.Matrix == nil {
						t.Errorf("scene %d: node %q: report's world matrix is null", si, n.Name)
						continue
					}
					if g := matrixGap(gltfref.Mat4(*n.World.Matrix), w, want.Size); !(g <= worst) {
						worst, where = g, n.Name
					}
				}
				for _, idx := range want.Nodes {
					if !seen[idx] {
						t.Errorf("scene %d: glTF node %d %q is missing from the report", si, idx, ref.NodeName(idx))
					}
				}
				if !(worst <= publicReportTol) {
					t.Errorf("scene %d: node %q: report's world matrix differs from the reference's by %.3g (size %.6g), over %g", si, where, worst, want.Size, publicReportTol)
				}
				checkAuditSize(t, file, si, want)
			}
		})
	}
}

// checkAuditSize compares the size `audit -format json` measures for
// scene si (the diagonal of the world vertices' bounding box under
// accumulate-matrices, instances included) with the reference's, to
// 1e-9 relative. Skinned and morphed models are left out: the audit
// draws a skinned mesh at its node and a morphed one at rest, where the
// reference skins and morphs it.
func checkAuditSize(t *testing.T, file string, si int, want *gltfref.Scene) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Skinned) > 0 || strings.Contains(string(data), `"targets"`) {
		return
	}
	args := []string{"audit", file, "-format", "json"}
	if si >= 0 {
		args = append(args, "-gltf-scene", strconv.Itoa(si))
	}
	_, out, errs := runCmd(t, args...)
	var doc struct {
		Scenes []struct {
			Size float64 `json:"size"`
		} `json:"scenes"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Scenes) != 1 {
		t.Errorf("scene %d: audit's JSON: %v (%s)", si, err, strings.TrimSpace(errs))
		return
	}
	if got := doc.Scenes[0].Size; !(math.Abs(got-want.Size) <= 1e-9*want.Size) {
		t.Errorf("scene %d: audit's size %.12g, the reference's %.12g", si, got, want.Size)
	}
}

// pointsGap returns how far the copy's points are from the original's:
// the largest distance index by index when both list the same number of
// points; when that is over limit, the two lists are compared as sets
// instead (the larger of the two directed nearest-point distances), so
// that a copy that reorders vertices (or lists a node's instances as new
// nodes in another order) is not failed for that. Different counts give
// +Inf.
func pointsGap(want, got []gltfref.Vec3, limit float64) float64 {
	if len(want) != len(got) {
		return math.Inf(1)
	}
	seq := 0.0
	for k := range want {
		d := want[k].Sub(got[k]).Len()
		if math.IsNaN(d) {
			d = math.Inf(1)
		}
		seq = math.Max(seq, d)
	}
	if seq <= limit {
		return seq
	}
	directed := func(a, b []gltfref.Vec3) float64 {
		worst := 0.0
		for _, p := range a {
			best := math.Inf(1)
			for _, q := range b {
				if d := p.Sub(q).Len(); d < best {
					best = d
				}
			}
			worst = math.Max(worst, best)
		}
		return worst
	}
	return math.Min(seq, math.Max(directed(want, got), directed(got, want)))
}

// ownerOf returns the original node a copy's node stands for: itself
// when its index is one of the original's (the bake keeps node order),
// else its nearest ancestor that is (a node the bake appended, such as
// an instance expanded into a child); -1 when there is none.
func ownerOf(cp *gltfref.File, n, originals int) int {
	for ; n >= originals; n = cp.Parent(n) {
		if n == -1 {
			return -1
		}
	}
	return n
}

// matchFrames compares the original's light or camera frames with the
// copy's, matched by light or camera index (and by order among nodes
// that carry the same one), and returns what differs beyond
// publicBakeTol (position, as a fraction of size) and publicAngleTol
// (direction and up, degrees).
func matchFrames(what string, si int, orig, cp []gltfref.Frame, size float64) []string {
	var bad []string
	byIndex := map[int][]gltfref.Frame{}
	for _, f := range cp {
		byIndex[f.Index] = append(byIndex[f.Index], f)
	}
	used := map[int]int{}
	for _, o := range orig {
		list := byIndex[o.Index]
		if used[o.Index] >= len(list) {
			bad = append(bad, fmt.Sprintf("scene %d: %s %d (node %d) is missing from the copy", si, what, o.Index, o.Node))
			continue
		}
		c := list[used[o.Index]]
		used[o.Index]++
		if d := o.Position.Sub(c.Position).Len() / size; !(d <= publicBakeTol) {
			bad = append(bad, fmt.Sprintf("scene %d: %s %d (node %d): moved by %.3g of the size %.6g, over %g", si, what, o.Index, o.Node, d, size, publicBakeTol))
		}
		if a := gltfref.AngleDeg(o.Direction, c.Direction); !(a <= publicAngleTol) {
			bad = append(bad, fmt.Sprintf("scene %d: %s %d (node %d): direction turned by %.4g degrees (%v -> %v), over %g", si, what, o.Index, o.Node, a, o.Direction, c.Direction, publicAngleTol))
		}
		if a := gltfref.AngleDeg(o.Up, c.Up); !(a <= publicAngleTol) {
			bad = append(bad, fmt.Sprintf("scene %d: %s %d (node %d): up vector turned by %.4g degrees (%v -> %v), over %g", si, what, o.Index, o.Node, a, o.Up, c.Up, publicAngleTol))
		}
	}
	if len(cp) != len(orig) {
		bad = append(bad, fmt.Sprintf("scene %d: the copy has %d %ss, the original %d", si, len(cp), what, len(orig)))
	}
	return bad
}

// compareBake checks a baked copy against its original, both read by
// the reference reader, scene by scene. Matching: a copy's node with an
// original's index stands for that node; nodes the bake appended stand
// for their nearest original ancestor (ownerOf). For every original node
// with a mesh, the points drawn by its copy node and by the appended
// nodes standing for it (gltfref.Scene.Points: mesh, instance and
// skinned vertices) must be the original's within publicBakeTol of the
// original scene's size (pointsGap); the copy may draw no vertices for a
// node that had none. Lights and cameras are matched by index
// (matchFrames). It returns every difference found (none: the copy
// looks the same) and the number of vertices compared.
func compareBake(orig, cp *gltfref.File) (bad []string, vertices int) {
	if cp.SceneCount() != orig.SceneCount() {
		return []string{fmt.Sprintf("the copy has %d scenes, the original %d", cp.SceneCount(), orig.SceneCount())}, 0
	}
	for _, si := range publicScenes(orig) {
		so, err := orig.Scene(si)
		if err != nil {
			return append(bad, fmt.Sprintf("reference reader, original scene %d: %v", si, err)), vertices
		}
		sc, err := cp.Scene(si)
		if err != nil {
			return append(bad, fmt.Sprintf("reference reader, the copy's scene %d: %v", si, err)), vertices
		}
		got := map[int][]gltfref.Vec3{}
		for _, n := range sc.Nodes {
			if len(sc.Points[n]) == 0 {
				continue
			}
			owner := ownerOf(cp, n, orig.NodeCount())
			if owner == -1 || len(so.Points[owner]) == 0 {
				bad = append(bad, fmt.Sprintf("scene %d: the copy's node %d draws %d vertices where the original draws none", si, n, len(sc.Points[n])))
				continue
			}
			got[owner] = append(got[owner], sc.Points[n]...)
		}
		limit := publicBakeTol * so.Size
		for _, n := range so.Nodes {
			want := so.Points[n]
			if len(want) == 0 {
				continue
			}
			vertices += len(want)
			if len(got[n]) != len(want) {
				bad = append(bad, fmt.Sprintf("scene %d: node %d %q: the copy draws %d vertices, the original %d", si, n, orig.NodeName(n), len(got[n]), len(want)))
				continue
			}
			if d := pointsGap(want, got[n], limit); !(d <= limit) {
				bad = append(bad, fmt.Sprintf("scene %d: node %d %q: vertices moved by %.3g of the size %.6g, over %g", si, n, orig.NodeName(n), d/so.Size, so.Size, publicBakeTol))
			}
		}
		bad = append(bad, matchFrames("light", si, so.Lights, sc.Lights, so.Size)...)
		bad = append(bad, matchFrames("camera", si, so.Cameras, sc.Cameras, so.Size)...)
	}
	return bad, vertices
}

// `skewlab bake FILE -o OUT.glb` on every public model: exit 0; the copy,
// read by the reference reader, draws every world vertex (mesh, instance
// and skinned at rest) and places every light and camera where the
// original does (compareBake); `skewlab audit OUT.glb` exits 0.
func TestPublicBake(t *testing.T) {
	for _, file := range append(publicModels(t), edgeModels(t)...) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			orig, err := gltfref.Load(file)
			if err != nil {
				t.Fatalf("reference reader: %v", err)
			}
			out := filepath.Join(t.TempDir(), "baked.glb")
			code, _, errs := runCmd(t, "bake", file, "-o", out)
			if code != 0 {
				t.Fatalf("bake exit %d: %s", code, strings.TrimSpace(errs))
			}
			cp, err := gltfref.Load(out)
			if err != nil {
				t.Fatalf("reference reader, the copy: %v", err)
			}
			bad, vertices := compareBake(orig, cp)
			for _, b := range bad {
				t.Error(b)
			}
			t.Logf("%d vertices compared", vertices)
			if code, stdout, errs := runCmd(t, "audit", out); code != 0 {
				t.Errorf("audit of the copy: exit %d: %s%s", code, strings.TrimSpace(errs), lastLine(stdout))
			}
		})
	}
}

// lastLine returns s's last non-empty line, after " / ", or "".
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if l := strings.TrimSpace(lines[len(lines)-1]); l != "" {
		return fmt.Sprintf(" / %s", l)
	}
	return ""
}

// Every committed public model parses as JSON, every base64 data: buffer
// decodes to exactly its declared byteLength, and testdata/public's
// README.md has a table row for its folder naming a licence.
func TestPublicModelFiles(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("testdata", "public", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range publicModels(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Buffers []struct {
				URI        string `json:"uri"`
				ByteLength int    `json:"byteLength"`
			} `json:"buffers"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Errorf("%s: not JSON: %v", file, err)
			continue
		}
		for i, b := range doc.Buffers {
			head, payload, ok := strings.Cut(b.URI, ",")
			if !strings.HasPrefix(b.URI, "data:") || !ok || !strings.HasSuffix(head, ";base64") {
				t.Errorf("%s: buffer %d is not an embedded base64 data: URI", file, i)
				continue
			}
			raw, err := base64.StdEncoding.DecodeString(payload)
			if err != nil || len(raw) != b.ByteLength {
				t.Errorf("%s: buffer %d decodes to %d bytes (%v), byteLength %d", file, i, len(raw), err, b.ByteLength)
			}
		}
		model := filepath.Base(filepath.Dir(file))
		row := ""
		for _, line := range strings.Split(string(readme), "\n") {
			if strings.HasPrefix(line, "| "+model+" |") {
				row = line
			}
		}
		if !strings.Contains(row, "CC0") && !strings.Contains(row, "CC BY 4.0") {
			t.Errorf("%s: testdata/public/README.md has no row for %s naming its licence", file, model)
		}
	}
}

// tamperedCopy writes file's JSON, changed by edit, into a new temporary
// folder and reads it with the reference reader: a stand-in for a bake's
// copy, to show that compareBake sees what it must.
func tamperedCopy(t *testing.T, file string, edit func(doc map[string]any)) *gltfref.File {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	edit(doc)
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "copy.gltf")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := gltfref.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// node returns node i of a decoded glTF document.
func node(doc map[string]any, i int) map[string]any {
	return doc["nodes"].([]any)[i].(map[string]any)
}

// The comparison of TestPublicBake can fail, and fails exactly past its
// tolerances (the sizes are the reference's: Cameras sqrt(2),
// InstancedWithNormalizedRotation 21.308, LightsSpot 6.782):
//   - every model compared with itself: no difference;
//   - Cameras' mesh node moved along z by 3e-6 (2.1e-6 of its size, over
//     1e-6): flagged; by 1e-6 (0.71e-6): not;
//   - its perspective camera turned 0.002 degrees about x (its direction
//     turns 0.002 degrees, over 1e-3): flagged; 0.0005 degrees: not;
//     turned 0.002 degrees about z (a roll: only the up vector turns):
//     flagged as an up vector turn;
//   - LightsSpot's red spot moved by 1e-4 (1.5e-5 of the size): flagged;
//   - InstancedWithNormalizedRotation with its 10 instances written as
//     child nodes of a node without mesh or extension (what a bake may
//     do): the same; with instance 3 moved by 1e-3 (4.7e-5): flagged.
func TestPublicCompareBakeCatches(t *testing.T) {
	dir := filepath.Join("testdata", "public")
	load := func(name string) (string, *gltfref.File) {
		file := filepath.Join(dir, name, name+".gltf")
		f, err := gltfref.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		return file, f
	}
	for _, file := range publicModels(t) {
		f, err := gltfref.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		if bad, _ := compareBake(f, f); len(bad) > 0 {
			t.Errorf("%s compared with itself: %v", file, bad)
		}
	}
	expect := func(what string, bad []string, flagged bool, want string) {
		t.Helper()
		hit := false
		for _, b := range bad {
			hit = hit || strings.Contains(b, want)
		}
		if flagged && !hit {
			t.Errorf("%s: not flagged (want %q): %v", what, want, bad)
		}
		if !flagged && len(bad) > 0 {
			t.Errorf("%s: flagged: %v", what, bad)
		}
	}
	camFile, cam := load("Cameras")
	for _, c := range []struct {
		dz      float64
		flagged bool
	}{{3e-6, true}, {1e-6, false}} {
		cp := tamperedCopy(t, camFile, func(doc map[string]any) { node(doc, 0)["translation"] = []any{0, 0, c.dz} })
		bad, _ := compareBake(cam, cp)
		expect(fmt.Sprintf("Cameras mesh moved %g", c.dz), bad, c.flagged, "vertices moved")
	}
	for _, c := range []struct {
		axis    int
		deg     float64
		flagged bool
		want    string
	}{{0, 0.002, true, "direction turned"}, {0, 0.0005, false, ""}, {2, 0.002, true, "up vector turned"}} {
		h := c.deg / 2 * math.Pi / 180
		q := []any{0.0, 0.0, 0.0, math.Cos(h)}
		q[c.axis] = math.Sin(h)
		cp := tamperedCopy(t, camFile, func(doc map[string]any) { node(doc, 1)["rotation"] = q })
		bad, _ := compareBake(cam, cp)
		expect(fmt.Sprintf("camera turned %g degrees about axis %d", c.deg, c.axis), bad, c.flagged, c.want)
	}
	lightFile, lights := load("LightsSpot")
	cp := tamperedCopy(t, lightFile, func(doc map[string]any) { node(doc, 1)["translation"] = []any{2, 5 + 1e-4, 0} })
	bad, _ := compareBake(lights, cp)
	expect("spot light moved 1e-4", bad, true, "light 0 (node 1): moved")

	instFile, inst := load("InstancedWithNormalizedRotation")
	expand := func(moved float64) func(doc map[string]any) {
		return func(doc map[string]any) {
			var acc [3][][]float64
			for k, a := range []int{3, 4, 5} {
				els, err := inst.Accessor(a)
				if err != nil {
					t.Fatal(err)
				}
				acc[k] = els
			}
			root := node(doc, 0)
			delete(root, "mesh")
			delete(root, "extensions")
			var children []any
			nodes := doc["nodes"].([]any)
			for k := range acc[0] {
				tr := []any{acc[0][k][0], acc[0][k][1], acc[0][k][2]}
				if k == 3 {
					tr[0] = acc[0][k][0] + moved
				}
				children = append(children, len(nodes))
				nodes = append(nodes, map[string]any{"mesh": 0, "translation": tr,
					"rotation": []any{acc[1][k][0], acc[1][k][1], acc[1][k][2], acc[1][k][3]},
					"scale":    []any{acc[2][k][0], acc[2][k][1], acc[2][k][2]}})
			}
			root["children"] = children
			doc["nodes"] = nodes
		}
	}
	bad, n := compareBake(inst, tamperedCopy(t, instFile, expand(0)))
	expect("instances expanded into child nodes", bad, false, "")
	if n != 240 {
		t.Errorf("instances expanded: %d vertices compared, want 10 instances x 24", n)
	}
	bad, _ = compareBake(inst, tamperedCopy(t, instFile, expand(1e-3)))
	expect("an expanded instance moved 1e-3", bad, true, "vertices moved")
}

// resolveNode reads skewlab's node names back to glTF indices: a unique
// name is itself; an unnamed node is #index; duplicates are NAME#index;
// NAME[k] is instance k of an EXT_mesh_gpu_instancing node; other names
// are not glTF nodes.
func TestPublicResolveNode(t *testing.T) {
	f, err := gltfref.Parse([]byte(`{"asset":{"version":"2.0"},"nodes":[{},{"name":"A"},{"name":"A"},
		{"name":"B","extensions":{"EXT_mesh_gpu_instancing":{"attributes":{}}}},{"name":"C#9"}]}`), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name       string
		node, inst int
		ok         bool
	}{
		{"#0", 0, -1, true}, {"A#1", 1, -1, true}, {"A#2", 2, -1, true}, {"B", 3, -1, true},
		{"B[1]", 3, 1, true}, {"C#9", 4, -1, true},
		{"A", 0, 0, false}, {"#5", 0, 0, false}, {"A#0", 0, 0, false}, {"A[0]", 0, 0, false}, {"Z", 0, 0, false},
	} {
		n, k, ok := resolveNode(f, c.name)
		if ok != c.ok || (ok && (n != c.node || k != c.inst)) {
			t.Errorf("%q: node %d instance %d ok %v; want %d %d %v", c.name, n, k, ok, c.node, c.inst, c.ok)
		}
	}
}

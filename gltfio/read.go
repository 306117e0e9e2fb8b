// Package gltfio reads glTF 2.0 files (.gltf with embedded or adjacent
// buffers, and .glb) into skewlab scenes: the node hierarchy of each of
// the file's scenes, with every node's local transform, and each mesh as
// a wireframe in its node's local space.
//
// Conventions: glTF and skewlab are both y-up with column vectors, so no
// axis is converted. glTF stores quaternions (x, y, z, w); skewlab's are
// (w, x, y, z). A node given by a matrix becomes its polar-fit TRS plus a
// residual shear (transform.FitMatrix, scene.Node.Shear): matrix-based
// rules draw the stored matrix, TRS-based modes the fit.
//
// Reading is strict where a partial scene would mislead: every error
// names the file and the node, accessor, buffer or scene at fault, and no
// scene is returned with it. Cameras, lights, skins, animations and morph
// targets are ignored, and File.Notes lists them.
package gltfio

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"

	"skewlab/scene"
	"skewlab/transform"
)

// MaxFileBytes is the largest glTF file Load reads (and the largest
// buffer it reads beside one): 512 MiB.
const MaxFileBytes = 512 << 20

// MaxZeroElements is the largest count of an accessor without a
// bufferView (whose elements are all zero, so no buffer bounds it) that
// the reader accepts: 2^20.
const MaxZeroElements = 1 << 20

// MaxVertices is the most vertices the reader (and the bake) reads from
// one file, counting an accessor again each time a primitive uses it:
// 2^24, 160 times the 200,000-triangle test grid.
const MaxVertices = 1 << 24

// File is a glTF file read into scenes.
type File struct {
	// Name labels the file in messages (the path given to Load, or the
	// name given to Read).
	Name string
	// Scenes are the file's scenes in file order; a file without any
	// scene gets one holding every root node.
	Scenes []Scene
	// Default is the index in Scenes of the scene the file asks to show
	// first (its "scene" property, else 0).
	Default int
	// Notes say what the file holds that skewlab does not show or
	// changed (ignored cameras, skins..., renamed nodes, matrices fitted),
	// one sentence each. They are copied into every scene's Notes.
	Notes []string
}

// Scene is one of the file's scenes.
type Scene struct {
	// Label is the scene's name, or "scene N" (N counting from 0) when it
	// has none.
	Label string
	// Scene is the scene's node hierarchy (its roots in file order, each
	// followed by its subtree, children in file order), validated.
	Scene *scene.Scene
	// Index[k] is the glTF node index (its place in the file's "nodes")
	// of Scene.Nodes[k], so tools can match skewlab's nodes to the file.
	Index []int
}

// IsGLTF reports whether a file should be read as glTF: its name ends in
// .gltf or .glb (any case), or data starts with the GLB magic "glTF".
func IsGLTF(name string, data []byte) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return ext == ".gltf" || ext == ".glb" || bytes.HasPrefix(data, []byte("glTF"))
}

// Load reads the glTF file at path; buffers named by relative URIs are
// read from the file's folder. Only regular files of at most
// MaxFileBytes are read (scene.ReadFile).
func Load(p string) (*File, error) {
	data, err := scene.ReadFile(p, MaxFileBytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return Read(p, data, os.DirFS(filepath.Dir(p)))
}

// Read reads a glTF file's bytes. name labels errors; fsys, when not nil,
// holds the files that relative buffer URIs name (the file's folder, or
// the files dropped with it); with a nil fsys such a buffer is an error.
func Read(name string, data []byte, fsys fs.FS) (*File, error) {
	r := &reader{file: name, fsys: fsys}
	f, err := r.read(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return f, nil
}

// GLB container constants (glTF 2.0 spec, section 4.4).
const (
	glbMagic     = 0x46546C67 // "glTF"
	glbChunkJSON = 0x4E4F534A // "JSON"
	glbChunkBIN  = 0x004E4942 // "BIN\0"
)

type reader struct {
	file string
	fsys fs.FS
	doc  gltf.Document
	bin  []byte
	bufs [][]byte
	// meshes[i] is glTF mesh i as a wireframe, built on first use.
	meshes []*scene.Mesh
	// vertices counts the vertices read so far (count, MaxVertices).
	vertices int64
}

func (r *reader) read(data []byte) (*File, error) {
	text := data
	if bytes.HasPrefix(data, []byte("glTF")) {
		var err error
		if text, r.bin, err = splitGLB(data); err != nil {
			return nil, err
		}
	} else if t := bytes.TrimSpace(data); len(t) == 0 || t[0] != '{' {
		return nil, errors.New("not a glTF file: neither a GLB (it would start with \"glTF\") nor JSON (it would start with '{')")
	}
	if p, tok, ok := badNumber(text); ok {
		label := r.nodeLabelOfPath(text, p)
		if label != "" {
			p = p[strings.IndexByte(p, ']')+1:]
			p = strings.TrimPrefix(p, ".")
		}
		return nil, fmt.Errorf("%s%s is %s, which is not a number JSON allows (the exporter wrote an invalid value)", label, p, tok)
	}
	if err := json.Unmarshal(text, &r.doc); err != nil {
		return nil, fmt.Errorf("not a valid glTF file: %s", jsonError(text, err))
	}
	if err := r.noNulls(); err != nil {
		return nil, err
	}
	if v := r.doc.Asset.Version; !strings.HasPrefix(v, "2.") {
		if v == "" {
			return nil, errors.New("not a glTF 2.0 file: asset.version is missing")
		}
		return nil, fmt.Errorf("asset.version is %q; skewlab reads glTF 2.0", v)
	}
	for _, ext := range r.doc.ExtensionsRequired {
		return nil, fmt.Errorf("requires the extension %s, which skewlab does not read (it reads core glTF 2.0 only; export without it)", ext)
	}
	if err := r.loadBuffers(); err != nil {
		return nil, err
	}
	parent, err := r.hierarchy()
	if err != nil {
		return nil, err
	}
	names := r.nodeNames()
	f := &File{Name: r.file}
	f.Notes = append(f.Notes, r.notes(names)...)
	if err := r.scenes(f, parent, names); err != nil {
		return nil, err
	}
	return f, nil
}

// noNulls refuses a null where an object belongs in the lists skewlab
// reads (JSON allows it, glTF does not).
func (r *reader) noNulls() error {
	d := &r.doc
	check := func(list string, n int, null func(int) bool) error {
		for i := range n {
			if null(i) {
				return fmt.Errorf("%s[%d] is null, not an object", list, i)
			}
		}
		return nil
	}
	for _, err := range []error{
		check("nodes", len(d.Nodes), func(i int) bool { return d.Nodes[i] == nil }),
		check("scenes", len(d.Scenes), func(i int) bool { return d.Scenes[i] == nil }),
		check("meshes", len(d.Meshes), func(i int) bool { return d.Meshes[i] == nil }),
		check("buffers", len(d.Buffers), func(i int) bool { return d.Buffers[i] == nil }),
		check("bufferViews", len(d.BufferViews), func(i int) bool { return d.BufferViews[i] == nil }),
		check("accessors", len(d.Accessors), func(i int) bool { return d.Accessors[i] == nil }),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}

// nodeLabelOfPath returns `node N ("name"): ` when p lies inside the
// nodes list, reading the name with the bad tokens replaced, or "".
func (r *reader) nodeLabelOfPath(text []byte, p string) string {
	var i int
	if _, err := fmt.Sscanf(p, "nodes[%d]", &i); err != nil {
		return ""
	}
	clean := bytes.ReplaceAll(text, []byte("-Infinity"), []byte("0"))
	clean = bytes.ReplaceAll(clean, []byte("Infinity"), []byte("0"))
	clean = bytes.ReplaceAll(clean, []byte("NaN"), []byte("0"))
	var doc struct {
		Nodes []struct {
			Name string `json:"name"`
		} `json:"nodes"`
	}
	if json.Unmarshal(clean, &doc) == nil && i >= 0 && i < len(doc.Nodes) && doc.Nodes[i].Name != "" {
		return fmt.Sprintf("node %d %q: ", i, doc.Nodes[i].Name)
	}
	return fmt.Sprintf("node %d: ", i)
}

// splitGLB checks a GLB's header and chunks and returns its JSON text and
// BIN chunk (nil when there is none).
func splitGLB(data []byte) (text, bin []byte, err error) {
	if len(data) < 20 {
		return nil, nil, fmt.Errorf("truncated GLB: %d bytes, shorter than its 20-byte header", len(data))
	}
	le := binary.LittleEndian
	if v := le.Uint32(data[4:]); v != 2 {
		return nil, nil, fmt.Errorf("GLB version %d; skewlab reads glTF 2.0", v)
	}
	total := le.Uint32(data[8:])
	if total < 20 {
		return nil, nil, fmt.Errorf("invalid GLB: its header says %d bytes, shorter than the header itself (20)", total)
	}
	if uint64(total) > uint64(len(data)) {
		return nil, nil, fmt.Errorf("truncated GLB: its header says %d bytes, the file has %d", total, len(data))
	}
	data = data[:total]
	jl, jt := le.Uint32(data[12:]), le.Uint32(data[16:])
	if jt != glbChunkJSON {
		return nil, nil, errors.New("invalid GLB: its first chunk is not JSON")
	}
	if uint64(jl) > uint64(len(data)-20) {
		return nil, nil, fmt.Errorf("truncated GLB: its JSON chunk says %d bytes, %d remain", jl, len(data)-20)
	}
	text = data[20 : 20+jl]
	rest := data[20+jl:]
	if len(rest) == 0 {
		return text, nil, nil
	}
	if len(rest) < 8 {
		return nil, nil, fmt.Errorf("truncated GLB: %d bytes after the JSON chunk, shorter than a chunk header", len(rest))
	}
	bl, bt := le.Uint32(rest), le.Uint32(rest[4:])
	if bt != glbChunkBIN {
		return text, nil, nil // chunks of unknown types are skipped (spec 4.4.3)
	}
	if uint64(bl) > uint64(len(rest)-8) {
		return nil, nil, fmt.Errorf("truncated GLB: its BIN chunk says %d bytes, %d remain", bl, len(rest)-8)
	}
	return text, rest[8 : 8+bl], nil
}

// loadBuffers reads every buffer's bytes: the GLB's BIN chunk, a data URI
// or a file from fsys.
func (r *reader) loadBuffers() error {
	r.bufs = make([][]byte, len(r.doc.Buffers))
	for i, b := range r.doc.Buffers {
		var data []byte
		switch {
		case b.URI == "" && i == 0 && r.bin != nil:
			data = r.bin
		case b.URI == "":
			return fmt.Errorf("buffer %d has no uri and there is no GLB BIN chunk for it", i)
		case strings.HasPrefix(b.URI, "data:"):
			comma := strings.IndexByte(b.URI, ',')
			if comma < 0 || !strings.HasSuffix(b.URI[:comma], ";base64") {
				return fmt.Errorf("buffer %d: its data URI is not base64 (data:...;base64,...)", i)
			}
			d, err := base64.StdEncoding.DecodeString(b.URI[comma+1:])
			if err != nil {
				return fmt.Errorf("buffer %d: its data URI is not valid base64: %v", i, err)
			}
			data = d
		default:
			p, err := url.PathUnescape(b.URI)
			if err != nil || strings.Contains(p, "://") {
				return fmt.Errorf("buffer %d: cannot read %q: only relative file names and data URIs are read", i, b.URI)
			}
			p = path.Clean(strings.ReplaceAll(p, "\\", "/"))
			if !fs.ValidPath(p) {
				return fmt.Errorf("buffer %d: cannot read %q: it is outside the file's folder", i, b.URI)
			}
			if r.fsys == nil {
				return fmt.Errorf("buffer %d: names the file %q beside the glTF file; open it from a folder, or drop both files together", i, b.URI)
			}
			d, err := scene.ReadFS(r.fsys, p, MaxFileBytes)
			if err != nil {
				return fmt.Errorf("buffer %d: %q: %v", i, b.URI, err)
			}
			data = d
		}
		if len(data) < b.ByteLength {
			return fmt.Errorf("buffer %d: has %d bytes, its byteLength says %d", i, len(data), b.ByteLength)
		}
		r.bufs[i] = data[:b.ByteLength]
	}
	return nil
}

// hierarchy checks every node's children (in range, one parent each, no
// cycle) and returns each node's parent (-1 for a root).
func (r *reader) hierarchy() ([]int, error) {
	n := len(r.doc.Nodes)
	parent := make([]int, n)
	for i := range parent {
		parent[i] = -1
	}
	for i, nd := range r.doc.Nodes {
		for k, c := range nd.Children {
			if c < 0 || c >= n {
				return nil, fmt.Errorf("%s: children[%d] = %d is not a node (the file has %d nodes)", r.nodeLabel(i), k, c, n)
			}
			if c == i {
				return nil, fmt.Errorf("%s: lists itself among its children (a cycle)", r.nodeLabel(i))
			}
			if parent[c] >= 0 {
				return nil, fmt.Errorf("%s has two parents, %s and %s; a glTF node has at most one", r.nodeLabel(c), r.nodeLabel(parent[c]), r.nodeLabel(i))
			}
			parent[c] = i
		}
	}
	// Walk up from every node; a walk that meets its own trail is a cycle.
	const (
		unseen = iota
		onPath
		done
	)
	state := make([]uint8, n)
	var trail []int
	for i := range n {
		trail = trail[:0]
		k := i
		for k >= 0 && state[k] == unseen {
			state[k] = onPath
			trail = append(trail, k)
			k = parent[k]
		}
		if k >= 0 && state[k] == onPath {
			return nil, fmt.Errorf("%s: its children form a cycle (it is its own ancestor)", r.nodeLabel(k))
		}
		for _, t := range trail {
			state[t] = done
		}
	}
	return parent, nil
}

// nodeLabel names node i in errors: `node 3 "Spine"` or `node 3`.
func (r *reader) nodeLabel(i int) string {
	if i >= 0 && i < len(r.doc.Nodes) && r.doc.Nodes[i].Name != "" {
		return fmt.Sprintf("node %d %q", i, r.doc.Nodes[i].Name)
	}
	return fmt.Sprintf("node %d", i)
}

// nodeNames returns the skewlab name of every node: its glTF name when
// that is printable and unique in the file; otherwise its printable part
// followed by "#index" ("#index" alone for a missing name).
func (r *reader) nodeNames() []string {
	count := map[string]int{}
	for _, nd := range r.doc.Nodes {
		count[nd.Name]++
	}
	names := make([]string, len(r.doc.Nodes))
	taken := map[string]bool{}
	for i, nd := range r.doc.Nodes {
		if nd.Name != "" && count[nd.Name] == 1 && scene.CheckName(nd.Name) == nil {
			names[i] = nd.Name
			taken[nd.Name] = true
		}
	}
	for i, nd := range r.doc.Nodes {
		if names[i] != "" {
			continue
		}
		base := strings.Map(func(c rune) rune {
			if c == utf8.RuneError || !unicode.IsPrint(c) {
				return -1
			}
			return c
		}, strings.ToValidUTF8(nd.Name, ""))
		name := fmt.Sprintf("%s#%d", base, i)
		for taken[name] {
			name += fmt.Sprintf("#%d", i)
		}
		names[i] = name
		taken[name] = true
	}
	return names
}

// notes lists what the file holds that the scenes leave out, and the
// nodes renamed.
func (r *reader) notes(names []string) []string {
	d := &r.doc
	var parts []string
	add := func(n int, one, many string) {
		switch {
		case n == 1:
			parts = append(parts, "1 "+one)
		case n > 1:
			parts = append(parts, fmt.Sprintf("%d %s", n, many))
		}
	}
	add(len(d.Cameras), "camera", "cameras")
	lights := 0
	for _, e := range d.ExtensionsUsed {
		if e == "KHR_lights_punctual" {
			lights = 1
			if raw, ok := d.Extensions[e].(json.RawMessage); ok {
				var l struct {
					Lights []json.RawMessage `json:"lights"`
				}
				if json.Unmarshal(raw, &l) == nil {
					lights = len(l.Lights)
				}
			}
		}
	}
	add(lights, "light", "lights")
	add(len(d.Skins), "skin", "skins")
	add(len(d.Animations), "animation", "animations")
	morph := 0
	for _, m := range d.Meshes {
		for _, p := range m.Primitives {
			if len(p.Targets) > 0 {
				morph++
				break
			}
		}
	}
	add(morph, "mesh with morph targets (drawn at rest)", "meshes with morph targets (drawn at rest)")
	var out []string
	if len(parts) > 0 {
		out = append(out, "ignored: "+strings.Join(parts, ", ")+"; skewlab shows the node hierarchy and mesh wireframes only")
	}
	var renamed []string
	for i, nd := range d.Nodes {
		if names[i] != nd.Name {
			renamed = append(renamed, names[i])
		}
	}
	if len(renamed) > 0 {
		if len(renamed) > 5 {
			renamed = append(renamed[:5], fmt.Sprintf("and %d more", len(renamed)-5))
		}
		out = append(out, "nodes with a missing, duplicate or unprintable name are named name#index: "+strings.Join(renamed, ", "))
	}
	return out
}

// scenes builds every scene of the file into f.
func (r *reader) scenes(f *File, parent []int, names []string) error {
	d := &r.doc
	type sc struct {
		label string
		roots []int
	}
	var list []sc
	if len(d.Scenes) == 0 {
		var roots []int
		for i, p := range parent {
			if p < 0 {
				roots = append(roots, i)
			}
		}
		list = append(list, sc{"scene 0", roots})
	}
	for i, s := range d.Scenes {
		label := s.Name
		if label == "" || scene.CheckName(label) != nil {
			label = fmt.Sprintf("scene %d", i)
		}
		for k, n := range s.Nodes {
			if n < 0 || n >= len(d.Nodes) {
				return fmt.Errorf("scene %d: nodes[%d] = %d is not a node (the file has %d nodes)", i, k, n, len(d.Nodes))
			}
			if parent[n] >= 0 {
				return fmt.Errorf("scene %d: lists %s as a root, but it is a child of %s", i, r.nodeLabel(n), r.nodeLabel(parent[n]))
			}
		}
		list = append(list, sc{label, s.Nodes})
	}
	if d.Scene != nil {
		if *d.Scene < 0 || *d.Scene >= len(list) {
			return fmt.Errorf("scene = %d is not a scene (the file has %d)", *d.Scene, len(list))
		}
		f.Default = *d.Scene
	}
	r.meshes = make([]*scene.Mesh, len(d.Meshes))
	fitted := map[int]float64{}
	for _, s := range list {
		nodes, index, err := r.sceneNodes(s.roots, names, fitted)
		if err != nil {
			return err
		}
		if len(nodes) == 0 {
			return fmt.Errorf("%s has no nodes; skewlab needs at least one", s.label)
		}
		built, err := scene.New(nodes)
		if err != nil {
			return err
		}
		f.Scenes = append(f.Scenes, Scene{Label: s.label, Scene: built, Index: index})
	}
	if len(fitted) > 0 {
		var worst int
		first := true
		for i, res := range fitted {
			if first || res > fitted[worst] || res == fitted[worst] && i < worst {
				worst, first = i, false
			}
		}
		f.Notes = append(f.Notes, fmt.Sprintf("%d node(s) have a matrix that is not a TRS (the glTF spec forbids it; worst %q, %.3g%% of it is shear): matrix-based rules draw the matrix, TRS-based modes its polar fit", len(fitted), names[worst], 100*fitted[worst]))
	}
	for i := range f.Scenes {
		f.Scenes[i].Scene.Notes = append([]string(nil), f.Notes...)
	}
	return nil
}

// palette colours the nodes that draw a mesh, in scene order: the
// piston's magenta and cyan first, then further distinct hues.
var palette = []scene.Color{scene.Magenta, scene.Cyan, {1, 0.8, 0}, {1, 0.45, 0.1}, {0.5, 0.6, 1}, {0.5, 1, 0.4}, {1, 0.55, 0.7}, {0.75, 0.75, 0.75}}

// sceneNodes lists the subtrees of roots parents first, iteratively (a
// chain of 10^5 nodes does not recurse), converting every node; index
// holds each one's glTF node index.
func (r *reader) sceneNodes(roots []int, names []string, fitted map[int]float64) (out []scene.Node, index []int, err error) {
	d := &r.doc
	type item struct{ node, parent int }
	stack := make([]item, 0, len(roots))
	for k := len(roots) - 1; k >= 0; k-- {
		stack = append(stack, item{roots[k], -1})
	}
	colored := 0
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		gn := d.Nodes[it.node]
		nd := scene.Node{Name: names[it.node], Parent: it.parent, Color: scene.Grey}
		if err := r.transform(it.node, &nd, fitted); err != nil {
			return nil, nil, err
		}
		if gn.Mesh != nil {
			m, err := r.mesh(*gn.Mesh, it.node)
			if err != nil {
				return nil, nil, err
			}
			nd.Mesh = m
			nd.Color = palette[colored%len(palette)]
			colored++
		}
		me := len(out)
		out = append(out, nd)
		index = append(index, it.node)
		for k := len(gn.Children) - 1; k >= 0; k-- {
			stack = append(stack, item{gn.Children[k], me})
		}
	}
	return out, index, nil
}

// transform sets nd.Local (and Shear) from glTF node i's matrix or TRS.
func (r *reader) transform(i int, nd *scene.Node, fitted map[int]float64) error {
	gn := r.doc.Nodes[i]
	if m, ok := nodeMatrix(gn); ok {
		t, h, err := transform.FitMatrix(m)
		if err != nil {
			return fmt.Errorf("%s: matrix: %v", r.nodeLabel(i), err)
		}
		nd.Local, nd.Shear = t, h
		if nd.Sheared() {
			f, _ := transform.PolarFit(transform.Linear(m))
			fitted[i] = f.Residual
		}
		return nil
	}
	// JSON numbers are finite; magnitudes and a zero rotation are
	// scene.New's to refuse, naming the node.
	nd.Local = nodeTRS(gn)
	return nil
}

// nodeMatrix returns glTF node n's matrix and true when it is given by
// one (a matrix other than the identity and the all-zero default).
func nodeMatrix(n *gltf.Node) (mgl64.Mat4, bool) {
	m := n.Matrix
	return mgl64.Mat4(m), m != gltf.DefaultMatrix && m != [16]float64{}
}

// nodeTRS returns glTF node n's translation, rotation (converted from
// glTF's x, y, z, w) and scale. A rotation written as all zeros reads
// as the default, as the glTF library has it. A scale written as all
// zeros is a zero scale: the library's ScaleOrDefault would read it as
// 1, but its decoder already gives an absent scale the default.
func nodeTRS(n *gltf.Node) transform.TRS {
	t, q, s := n.Translation, n.RotationOrDefault(), n.Scale
	return transform.TRS{
		Position: mgl64.Vec3{t[0], t[1], t[2]},
		Rotation: mgl64.Quat{W: q[3], V: mgl64.Vec3{q[0], q[1], q[2]}},
		Scale:    mgl64.Vec3{s[0], s[1], s[2]},
	}
}

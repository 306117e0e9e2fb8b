// Package gltfio reads glTF 2.0 files (.gltf with embedded or adjacent
// buffers, and .glb) into skewlab scenes: the node hierarchy of each of
// the file's scenes, with every node's local transform, each mesh as a
// wireframe in its node's local space, the instances of
// EXT_mesh_gpu_instancing as child nodes, skins (JOINTS_n, WEIGHTS_n,
// inverse bind matrices) as scene.Skin, morph targets (POSITION deltas)
// with each node's weights, and animations (translation, rotation, scale
// and weights channels; LINEAR, STEP and CUBICSPLINE) as
// scene.Animation; and it bakes a copy that every engine draws the same
// (Bake, which drops animations, and BakeAnim, which keeps them with the
// error their resampled keys cost).
//
// Conventions: glTF and skewlab are both y-up with column vectors, so no
// axis is converted. glTF stores quaternions (x, y, z, w); skewlab's are
// (w, x, y, z). A node given by a matrix becomes its polar-fit TRS plus a
// residual shear (transform.FitMatrix, scene.Node.Shear): matrix-based
// rules draw the stored matrix, TRS-based modes the fit.
//
// The rule: every input is read exactly as the glTF 2.0 specification
// means it, or refused with one error naming the file and the node,
// accessor, buffer, scene or extension at fault; no scene is returned
// with an error. Every count, offset, stride and length is checked with
// overflow-safe arithmetic before anything is allocated, and all that a
// file makes the reader allocate is bounded (MaxFileBytes, MaxElements,
// MaxSceneNodes). docs/gltf.md lists what each extension gets.
//
// Reading has two steps: Read (or Load) checks the whole file and lists
// its scenes without building any; File.Build builds the one a caller
// shows, so a file of many scenes costs only what is shown.
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
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"

	"skewlab/scene"
)

// MaxFileBytes is the largest glTF file Load reads (and the largest
// buffer it reads beside one): 512 MiB.
const MaxFileBytes = 512 << 20

// MaxElements is the most accessor elements the reader (and, with a
// budget of its own, the bake) reads from one file: vertices, indices,
// instance transforms, skin joints and weights, inverse bind matrices,
// morph target deltas and animation key times and values together,
// counting an accessor again each time something uses it. 2^24 is 80
// times the 200,000-triangle test grid's positions and indices; a file
// that asks for more is refused, so that a small file cannot make the
// reader allocate gigabytes.
const MaxElements = 1 << 24

// MaxSceneNodes is the most nodes one scene may hold, counting each
// instance of EXT_mesh_gpu_instancing as a node, and the most a caller
// that builds several scenes should build in all (File.CheckNodes): 2^20.
const MaxSceneNodes = 1 << 20

// File is a glTF file read and checked, with its scenes listed but not
// built (Build builds one).
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
	// changed (cameras and lights, renamed nodes, ...), one sentence
	// each. Every built scene's Notes start with them.
	Notes []string

	r *reader
}

// Scene is one of the file's scenes, listed by Read.
type Scene struct {
	// Label is the scene's name, or "scene N" (N counting from 0) when it
	// has none or it is not printable.
	Label string
	// Roots are the glTF indices of the scene's root nodes, in file order
	// (each at most once: Read refuses a scene that lists a node twice).
	Roots []int
	// Nodes is how many nodes Build makes of it: every node under its
	// roots plus one per instance of EXT_mesh_gpu_instancing.
	Nodes int
}

// Built is one scene of the file built into a skewlab scene.
type Built struct {
	// Label is the scene's label (Scene.Label).
	Label string
	// Scene is the node hierarchy (its roots in file order, each followed
	// by its subtree; a node's instances right after it, then its
	// children in file order), validated, with the file's animations
	// (Scene.Animations, in file order, each holding the channels of
	// this scene's nodes; a weights channel of an instanced node once
	// per instance).
	Scene *scene.Scene
	// Index[k] is the glTF node index (its place in the file's "nodes")
	// of Scene.Nodes[k]; for an instance node, that of the node it is an
	// instance of.
	Index []int
	// Instance[k] is the instance number (from 0) of Scene.Nodes[k] when
	// it is an instance of EXT_mesh_gpu_instancing, else -1.
	Instance []int
}

// IsGLTF reports whether a file should be read as glTF: its name ends in
// .gltf or .glb (any case), or data starts with the GLB magic "glTF".
func IsGLTF(name string, data []byte) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return ext == ".gltf" || ext == ".glb" || bytes.HasPrefix(data, []byte("glTF"))
}

// Load reads the glTF file at path; buffers named by relative URIs are
// read from the file's folder, through an os.Root, so a symbolic link
// that leads out of the folder is refused. Only regular files of at most
// MaxFileBytes are read (scene.ReadFile).
func Load(p string) (*File, error) {
	data, err := scene.ReadFile(p, MaxFileBytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	dir, closeDir, err := Folder(filepath.Dir(p))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	defer closeDir()
	return Read(p, data, dir)
}

// Folder opens the folder dir as the fs.FS that Read and Bake read a
// file's buffers from: an os.Root, which follows a symbolic link only
// while it stays inside dir. The caller calls done when the reading is
// over.
func Folder(dir string) (fsys fs.FS, done func(), err error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, nil, fmt.Errorf("cannot open its folder %s: %v", dir, err)
	}
	return root.FS(), func() { root.Close() }, nil
}

// Read reads and checks a glTF file's bytes and lists its scenes (Build
// builds one). name labels errors; fsys, when not nil, holds the files
// that relative buffer URIs name (the file's folder, or the files
// dropped with it); with a nil fsys such a buffer is an error.
func Read(name string, data []byte, fsys fs.FS) (*File, error) {
	r := &reader{file: name, fsys: fsys}
	f, err := r.read(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return f, nil
}

// Build builds scene i of the file (an index in f.Scenes): its nodes,
// meshes (read once per file and shared) with their morph targets and
// each node's weights, instances, skins, and every animation of the file
// with the channels of the scene's nodes (read and checked by Read,
// shared between scenes; the others are left out with a note). The
// error names the file and what is at fault; a scene of more than
// MaxSceneNodes nodes is refused. Building a scene again reads no mesh
// again.
func (f *File) Build(i int) (*Built, error) {
	if i < 0 || i >= len(f.Scenes) {
		return nil, fmt.Errorf("%s: no scene %d (the file has %d)", f.Name, i, len(f.Scenes))
	}
	b, err := f.r.build(f, i)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.Name, err)
	}
	return b, nil
}

// CheckNodes returns an error when building the scenes listed in which
// (indices in f.Scenes; nil for all) would make more than MaxSceneNodes
// nodes in all: a caller that builds every scene (audit, the bake's
// check) asks first, so a small file that lists one big tree in
// thousands of scenes is refused before any work.
func (f *File) CheckNodes(which []int) error {
	if which == nil {
		for i := range f.Scenes {
			which = append(which, i)
		}
	}
	total := 0
	for _, i := range which {
		total += f.Scenes[i].Nodes
		if total > MaxSceneNodes {
			return fmt.Errorf("%s: its %d scenes hold more than %d nodes in all, the most skewlab builds at once; choose one scene (-gltf-scene)", f.Name, len(which), MaxSceneNodes)
		}
	}
	return nil
}

// GLB container constants (glTF 2.0 spec, section 4.4).
const (
	glbChunkJSON = 0x4E4F534A // "JSON"
	glbChunkBIN  = 0x004E4942 // "BIN\0"
)

type reader struct {
	file string
	fsys fs.FS
	doc  gltf.Document
	raw  rawDoc
	bin  []byte
	bufs [][]byte
	// meshes[i] is glTF mesh i as a wireframe, built on first use.
	meshes []*scene.Mesh
	// elements counts the accessor elements read so far (count,
	// MaxElements).
	elements int64
	// parent[i] is node i's parent (-1 for a root); names[i] its skewlab
	// name; inst[i] its instancing (nil without); sizes[i] the nodes Build
	// makes of its subtree.
	parent []int
	names  []string
	inst   []*instancing
	sizes  []int
	// fitted maps a node given by a matrix with a shear beyond float32
	// rounding (that the validator tolerates) to its residual.
	fitted map[int]float64
	// ibm caches each skin's inverse bind matrices.
	ibm map[int][]mgl64.Mat4
	// anims are the file's animations, read and checked by Read (every
	// scene built maps them to its nodes).
	anims []fileAnim
	// quant is set when the file uses KHR_mesh_quantization (more
	// component types are allowed).
	quant bool
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
	if !utf8.Valid(text) {
		n := 0
		for n < len(text) {
			c, size := utf8.DecodeRune(text[n:])
			if c == utf8.RuneError && size <= 1 {
				break
			}
			n += size
		}
		return nil, fmt.Errorf("its JSON is not valid UTF-8 (byte %d); glTF requires UTF-8 text, names included", n)
	}
	if p, tok, ok := badNumber(text); ok {
		label := r.nodeLabelOfPath(text, p)
		if label != "" {
			p = p[strings.IndexByte(p, ']')+1:]
			p = strings.TrimPrefix(p, ".")
		}
		return nil, fmt.Errorf("%s%s is %s, which is not a number JSON allows (the exporter wrote an invalid value)", label, p, tok)
	}
	// The raw view first: its checks name what the library's decoder
	// would misread or reject with a vaguer message.
	if err := json.Unmarshal(text, &r.raw); err != nil {
		return nil, fmt.Errorf("not a valid glTF file: %s", jsonError(text, err))
	}
	for _, check := range []func() error{r.checkAsset, r.checkEnums} {
		if err := check(); err != nil {
			return nil, err
		}
	}
	if err := json.Unmarshal(text, &r.doc); err != nil {
		return nil, fmt.Errorf("not a valid glTF file: %s", jsonError(text, err))
	}
	r.quant = slices.Contains(r.doc.ExtensionsUsed, extQuantization)
	for _, check := range []func() error{r.noNulls, r.checkExtensions, r.loadBuffers, r.checkViews, r.checkPrimitives} {
		if err := check(); err != nil {
			return nil, err
		}
	}
	var err error
	if r.parent, err = r.hierarchy(); err != nil {
		return nil, err
	}
	if err := r.checkNodes(); err != nil {
		return nil, err
	}
	if err := r.readAnimations(); err != nil {
		return nil, err
	}
	r.names = r.nodeNames()
	f := &File{Name: r.file, r: r}
	if err := r.listScenes(f); err != nil {
		return nil, err
	}
	f.Notes = r.notes()
	r.meshes = make([]*scene.Mesh, len(r.doc.Meshes))
	return f, nil
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
// or a file from fsys (stat before open: only regular files). A buffer
// that only EXT_meshopt_compression's fallback flag describes (no uri, no
// data) is left empty; checkViews refuses any use of it.
func (r *reader) loadBuffers() error {
	r.bufs = make([][]byte, len(r.doc.Buffers))
	for i, b := range r.doc.Buffers {
		if b.ByteLength < 0 {
			return fmt.Errorf("buffer %d: byteLength %d is negative", i, b.ByteLength)
		}
		var data []byte
		switch {
		case b.URI == "" && i == 0 && r.bin != nil:
			data = r.bin
		case b.URI == "" && meshoptFallback(b):
			continue
		case b.URI == "":
			return fmt.Errorf("buffer %d has no uri and there is no GLB BIN chunk for it", i)
		case strings.HasPrefix(b.URI, "data:"):
			comma := strings.IndexByte(b.URI, ',')
			if comma < 0 || !strings.HasSuffix(b.URI[:comma], ";base64") {
				return fmt.Errorf("buffer %d: its data URI is not base64 (data:...;base64,...)", i)
			}
			enc := b.URI[comma+1:]
			if int64(base64.StdEncoding.DecodedLen(len(enc))) > MaxFileBytes {
				return fmt.Errorf("buffer %d: its data URI holds more than %d bytes", i, MaxFileBytes)
			}
			d, err := base64.StdEncoding.DecodeString(enc)
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
				if strings.Contains(err.Error(), "escapes") {
					return fmt.Errorf("buffer %d: %q leads out of the file's folder (a symbolic link); skewlab reads only files inside it", i, b.URI)
				}
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

// meshoptFallback reports a buffer marked as EXT_meshopt_compression's
// fallback: its bytes are only ever produced by decompression.
func meshoptFallback(b *gltf.Buffer) bool {
	for _, name := range []string{"EXT_meshopt_compression", "KHR_meshopt_compression"} {
		raw, ok := b.Extensions[name].(json.RawMessage)
		if !ok {
			continue
		}
		var e struct {
			Fallback bool `json:"fallback"`
		}
		if json.Unmarshal(raw, &e) == nil && e.Fallback {
			return true
		}
	}
	return false
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
				if parent[c] == i {
					return nil, fmt.Errorf("%s lists %s twice among its children", r.nodeLabel(i), r.nodeLabel(c))
				}
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

// listScenes lists the file's scenes into f (roots checked: in range,
// roots indeed, each once) with the nodes each would build, and the
// default scene.
func (r *reader) listScenes(f *File) error {
	d := &r.doc
	r.sizes = r.subtreeSizes()
	count := func(roots []int) int {
		n := 0
		for _, k := range roots {
			n += r.sizes[k]
		}
		return n
	}
	if len(d.Scenes) == 0 {
		var roots []int
		for i, p := range r.parent {
			if p < 0 {
				roots = append(roots, i)
			}
		}
		f.Scenes = append(f.Scenes, Scene{Label: "scene 0", Roots: roots, Nodes: count(roots)})
	}
	seen := make([]int, len(d.Nodes)) // scene index + 1 that listed the node last
	for i, s := range d.Scenes {
		label := s.Name
		if label == "" || scene.CheckName(label) != nil {
			label = fmt.Sprintf("scene %d", i)
		}
		for k, n := range s.Nodes {
			if n < 0 || n >= len(d.Nodes) {
				return fmt.Errorf("scene %d: nodes[%d] = %d is not a node (the file has %d nodes)", i, k, n, len(d.Nodes))
			}
			if r.parent[n] >= 0 {
				return fmt.Errorf("scene %d: lists %s as a root, but it is a child of %s", i, r.nodeLabel(n), r.nodeLabel(r.parent[n]))
			}
			if seen[n] == i+1 {
				return fmt.Errorf("scene %d: lists %s twice among its roots; a node is in a scene once", i, r.nodeLabel(n))
			}
			seen[n] = i + 1
		}
		f.Scenes = append(f.Scenes, Scene{Label: label, Roots: s.Nodes, Nodes: count(s.Nodes)})
	}
	if d.Scene != nil {
		if *d.Scene < 0 || *d.Scene >= len(f.Scenes) {
			return fmt.Errorf("scene = %d is not a scene (the file has %d)", *d.Scene, len(f.Scenes))
		}
		f.Default = *d.Scene
	}
	for _, s := range f.Scenes {
		if s.Nodes == 0 {
			return fmt.Errorf("%s has no nodes; skewlab needs at least one", s.Label)
		}
	}
	return r.checkSkinScenes(f)
}

// checkSkinScenes refuses a scene that holds a skinned mesh node but not
// every joint of its skin (the spec requires them in the scene; the
// validator's NODE_SKIN_NO_SCENE). A node is in a scene when its root
// is one of the scene's roots, so each root's skinned nodes name the
// roots their joints hang under, and a scene must list them all. It
// takes time linear in the nodes, the joints and the scenes' roots.
func (r *reader) checkSkinScenes(f *File) error {
	d := &r.doc
	if len(d.Skins) == 0 {
		return nil
	}
	root := make([]int, len(d.Nodes))
	for _, i := range parentsFirst(d, r.parent) {
		root[i] = i
		if p := r.parent[i]; p >= 0 {
			root[i] = root[p]
		}
	}
	type need struct{ skinned, joint int }
	needs := map[int][]need{} // a root -> the joints its skinned nodes need, by root
	seen := map[[2]int]bool{}
	for i, n := range d.Nodes {
		if n.Skin == nil || n.Mesh == nil {
			continue
		}
		for _, j := range d.Skins[*n.Skin].Joints {
			if key := [2]int{root[i], root[j]}; root[j] != root[i] && !seen[key] {
				seen[key] = true
				needs[root[i]] = append(needs[root[i]], need{i, j})
			}
		}
	}
	if len(needs) == 0 {
		return nil
	}
	in := make([]int, len(d.Nodes)) // scene index + 1 that lists the node as a root
	for si, s := range f.Scenes {
		for _, k := range s.Roots {
			in[k] = si + 1
		}
		for _, k := range s.Roots {
			for _, nd := range needs[k] {
				if in[root[nd.joint]] != si+1 {
					return fmt.Errorf("%s holds %s, skinned by skin %d, but not its joint %s (glTF requires a skin's joints in every scene that uses it)", s.Label, r.nodeLabel(nd.skinned), *d.Nodes[nd.skinned].Skin, r.nodeLabel(nd.joint))
				}
			}
		}
	}
	return nil
}

// subtreeSizes returns, for every node, how many nodes Build makes of its
// subtree: itself, its instances and its descendants'. A sum past
// MaxSceneNodes is held at MaxSceneNodes+1 (it is refused when built).
func (r *reader) subtreeSizes() []int {
	order := parentsFirst(&r.doc, r.parent)
	size := make([]int, len(r.parent))
	for k := len(order) - 1; k >= 0; k-- {
		i := order[k]
		size[i] += 1
		if r.inst[i] != nil {
			size[i] += r.inst[i].count
		}
		size[i] = min(size[i], MaxSceneNodes+1)
		if p := r.parent[i]; p >= 0 {
			size[p] = min(size[p]+size[i], MaxSceneNodes+1)
		}
	}
	return size
}

// parentsFirst lists every node with each parent before its children
// (roots in file order, then depth first), iteratively.
func parentsFirst(d *gltf.Document, parent []int) []int {
	order := make([]int, 0, len(d.Nodes))
	var stack []int
	for i := len(parent) - 1; i >= 0; i-- {
		if parent[i] < 0 {
			stack = append(stack, i)
		}
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		order = append(order, i)
		ch := d.Nodes[i].Children
		for k := len(ch) - 1; k >= 0; k-- {
			stack = append(stack, ch[k])
		}
	}
	return order
}

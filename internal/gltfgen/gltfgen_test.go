package gltfgen

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// testTriangles keeps big.glb small in tests that do not look at it.
const testTriangles = 1000

func TestAllMatchesTable(t *testing.T) {
	var want []string
	for _, f := range Fixtures() {
		want = append(want, f.Name)
		if f.Name == "rig.gltf" {
			want = append(want, "rig.bin")
		}
	}
	var got []string
	for _, f := range All(testTriangles) {
		got = append(got, f.Name)
		if len(f.Data) == 0 {
			t.Errorf("%s is empty", f.Name)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("All wrote %v, want %v", got, want)
	}
	good := 0
	for _, f := range Fixtures() {
		if f.Good != Good(f.Name) {
			t.Errorf("Good(%q) = %v, table says %v", f.Name, Good(f.Name), f.Good)
		}
		if f.Good && f.ValidatorCatches {
			t.Errorf("%s: good but marked as caught by the validator", f.Name)
		}
		if f.Good {
			good++
		}
	}
	if good != 10 || len(Fixtures()) != 20 {
		t.Errorf("%d good of %d fixtures, want 10 of 20", good, len(Fixtures()))
	}
	for _, name := range []string{"rig.bin", "manifest.json", "missing.bin", "nope.gltf", ""} {
		if Good(name) {
			t.Errorf("Good(%q) = true for a file that is not a good fixture", name)
		}
	}
}

func TestManifest(t *testing.T) {
	var m struct {
		Fixtures []struct {
			Name             string `json:"name"`
			Good             *bool  `json:"good"`
			ValidatorCatches *bool  `json:"validatorCatches"`
			About            string `json:"about"`
		} `json:"fixtures"`
	}
	if err := json.Unmarshal(Manifest().Data, &m); err != nil {
		t.Fatal(err)
	}
	table := Fixtures()
	if len(m.Fixtures) != len(table) {
		t.Fatalf("manifest lists %d fixtures, table has %d", len(m.Fixtures), len(table))
	}
	for i, f := range m.Fixtures {
		if f.Good == nil || f.ValidatorCatches == nil || f.About == "" {
			t.Errorf("manifest entry %d (%s) lacks good, validatorCatches or about", i, f.Name)
			continue
		}
		if f.Name != table[i].Name || *f.Good != table[i].Good || *f.ValidatorCatches != table[i].ValidatorCatches {
			t.Errorf("manifest entry %d = %+v, table has %+v", i, f, table[i])
		}
	}
}

// TestGoodFixtures: every good fixture parses and keeps every structural
// rule (see problems).
func TestGoodFixtures(t *testing.T) {
	files := All(testTriangles)
	for _, f := range Fixtures() {
		if !f.Good {
			continue
		}
		a := load(t, files, f.Name)
		if strings.HasSuffix(f.Name, ".gltf") && !json.Valid(a.json) {
			t.Errorf("%s is not valid JSON", f.Name)
		}
		for _, p := range problems(a) {
			t.Errorf("%s: %s", f.Name, p)
		}
		if a.doc.Scene == nil || *a.doc.Scene >= len(a.doc.Scenes) {
			t.Errorf("%s: no valid default scene", f.Name)
		}
	}
}

// TestBadFixtures: each bad fixture has its one defect and, where the
// checker can read it, breaks exactly one structural rule.
func TestBadFixtures(t *testing.T) {
	files := All(testTriangles)
	oneProblem := func(name, want string) {
		t.Helper()
		a := load(t, files, name)
		got := problems(a)
		if len(got) != 1 || !strings.Contains(got[0], want) {
			t.Errorf("%s: problems %q, want exactly one containing %q", name, got, want)
		}
	}
	oneProblem("bad-child.gltf", "node 0: child 7 out of range (2 nodes)")
	oneProblem("bad-accessor.gltf", "mesh 0 primitive 0: POSITION 9 out of range (4 accessors)")
	oneProblem("bad-indices.gltf", "accessor 3: index 35 is 99, vertex count 24")
	oneProblem("two-parents.gltf", "node 2: second parent 1 (first 0)")
	if a := load(t, files, "bad-indices.gltf"); a.doc.Accessors[3].Name != "box indices" {
		t.Errorf("bad-indices.gltf: accessor 3 is named %q, want \"box indices\"", a.doc.Accessors[3].Name)
	}

	cyc := problems(load(t, files, "cycle.gltf"))
	want := []string{"node 0: in a cycle", "node 1: in a cycle", "scene 0: root 0 out of range or has a parent"}
	if !slices.Equal(cyc, want) {
		t.Errorf("cycle.gltf: problems %q, want %q", cyc, want)
	}

	draco := load(t, files, "draco.gltf")
	if p := problems(draco); len(p) != 0 {
		t.Errorf("draco.gltf should be valid apart from its extension: %q", p)
	}
	if !slices.Equal(draco.doc.ExtensionsRequired, []string{DracoExtension}) || !slices.Equal(draco.doc.ExtensionsUsed, []string{DracoExtension}) {
		t.Errorf("draco.gltf: used %v required %v", draco.doc.ExtensionsUsed, draco.doc.ExtensionsRequired)
	}

	miss := load(t, files, "missing-buffer.gltf")
	if miss.doc.Buffers[0].URI != "missing.bin" || miss.bin != nil {
		t.Errorf("missing-buffer.gltf: buffer URI %q, found data %v", miss.doc.Buffers[0].URI, miss.bin != nil)
	}
	miss.bin, _ = fileData(files, "rig.bin")
	if p := problems(miss); len(p) != 0 {
		t.Errorf("missing-buffer.gltf with rig.bin supplied should be valid: %q", p)
	}

	nan, _ := fileData(files, "nan-matrix.gltf")
	if json.Valid(nan) || bytes.Count(nan, []byte("NaN")) != 1 {
		t.Errorf("nan-matrix.gltf: want invalid JSON with one NaN token:\n%s", nan)
	}
	fixed := load(t, []File{{Name: "x", Data: bytes.ReplaceAll(nan, []byte("NaN"), []byte("0"))}}, "x")
	if n := fixed.doc.Nodes; len(n) != 1 || n[0].Name == nil || *n[0].Name != "Broken" || len(n[0].Matrix) != 16 {
		t.Errorf("nan-matrix.gltf with NaN replaced: nodes %+v, want one node Broken with a matrix", n)
	}

	png, _ := fileData(files, "not-gltf.gltf")
	if json.Valid(png) || bytes.HasPrefix(png, []byte("glTF")) || !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) {
		t.Errorf("not-gltf.gltf: want a PNG signature, neither JSON nor GLB")
	}
}

func TestTruncated(t *testing.T) {
	whole := RigGLB()[0].Data
	cut := Truncated()[0].Data
	if !bytes.HasPrefix(whole, cut) {
		t.Fatal("truncated.glb is not a prefix of rig.glb")
	}
	if _, _, err := splitGLB(cut); err == nil {
		t.Error("truncated.glb reads as a complete GLB")
	}
	le := binary.LittleEndian
	binStart := 20 + int(le.Uint32(whole[12:]))
	binEnd := binStart + 8 + int(le.Uint32(whole[binStart:]))
	if len(cut) <= binStart+8 || len(cut) >= binEnd {
		t.Errorf("cut at %d, want inside the BIN chunk data (%d..%d)", len(cut), binStart+8, binEnd)
	}
	if int(le.Uint32(cut[8:])) != len(whole) {
		t.Errorf("header length %d, want the whole file's %d", le.Uint32(cut[8:]), len(whole))
	}
}

func TestGLBContainer(t *testing.T) {
	for _, f := range append(RigGLB(), Big(testTriangles)...) {
		if string(f.Data[:4]) != "glTF" {
			t.Fatalf("%s: magic %q", f.Name, f.Data[:4])
		}
		js, bin, err := splitGLB(f.Data)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if len(f.Data)%4 != 0 || bin == nil {
			t.Errorf("%s: %d bytes, BIN chunk present %v", f.Name, len(f.Data), bin != nil)
		}
		var d tDoc
		if err := json.Unmarshal(js, &d); err != nil {
			t.Fatal(err)
		}
		n := d.Buffers[0].ByteLength
		if d.Buffers[0].URI != "" || len(bin) < n || len(bin) > n+3 {
			t.Errorf("%s: buffer uri %q byteLength %d, BIN chunk %d bytes", f.Name, d.Buffers[0].URI, n, len(bin))
		}
		if bytes.ContainsFunc(bin[n:], func(r rune) bool { return r != 0 }) {
			t.Errorf("%s: BIN padding is not zeros", f.Name)
		}
	}
}

// TestRigGLBMatchesGLTF: rig.glb holds the same document and buffer as
// rig.gltf + rig.bin.
func TestRigGLBMatchesGLTF(t *testing.T) {
	files := All(testTriangles)
	g, b := load(t, files, "rig.gltf"), load(t, files, "rig.glb")
	if !bytes.Equal(g.bin, b.bin[:len(g.bin)]) {
		t.Error("rig.glb's BIN differs from rig.bin")
	}
	g.doc.Buffers, b.doc.Buffers = nil, nil
	gj, _ := json.Marshal(g.doc)
	bj, _ := json.Marshal(b.doc)
	if !bytes.Equal(gj, bj) {
		t.Errorf("rig.glb's document differs from rig.gltf's:\n%s\n%s", gj, bj)
	}
}

// TestViewAlignment: no fixture happens to need padding between
// bufferViews, so the builder's alignment is checked directly.
func TestViewAlignment(t *testing.T) {
	b := newBuilder()
	b.view([]byte{1, 2, 3}, 0)
	second := b.view([]byte{4, 5}, targetElement)
	third := b.view([]byte{6}, 0)
	offsets := []int{b.doc.BufferViews[0].ByteOffset, b.doc.BufferViews[second].ByteOffset, b.doc.BufferViews[third].ByteOffset}
	if !slices.Equal(offsets, []int{0, 4, 8}) || !bytes.Equal(b.bin, []byte{1, 2, 3, 0, 4, 5, 0, 0, 6}) {
		t.Errorf("offsets %v, bin %v; want 0, 4, 8 and zero gaps", offsets, b.bin)
	}
	glb := b.glb("x.glb")
	if _, bin, err := splitGLB(glb.Data); err != nil || !bytes.Equal(bin, []byte{1, 2, 3, 0, 4, 5, 0, 0, 6, 0, 0, 0}) {
		t.Errorf("GLB BIN chunk %v (%v), want the data padded with zeros to 12 bytes", bin, err)
	}
}

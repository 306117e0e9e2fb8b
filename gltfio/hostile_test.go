package gltfio

import (
	"fmt"
	"strings"
	"testing"

	"skewlab/internal/gltfgen"
	"skewlab/modes"
)

// Every hostile file (gltfgen.HostileFiles: overflows, allocation bombs,
// undefined enumerations, lying lengths) is refused with one line that
// starts with the file's name and says what is at fault, by Read, by
// building its default scene, or (for a file whose default scene is
// fine) by CheckNodes before building them all; and Bake refuses it
// too. None panics.
func TestHostileFilesRefused(t *testing.T) {
	for _, h := range gltfgen.HostileFiles() {
		t.Run(h.Name, func(t *testing.T) {
			f, err := Read(h.Name, h.Data, nil)
			if err == nil {
				_, err = f.Build(f.Default)
				if h.Readable {
					if err != nil {
						t.Fatalf("its default scene does not build: %v", err)
					}
					err = f.CheckNodes(nil)
				}
			}
			if err == nil {
				t.Fatal("accepted")
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, h.Name+": ") || strings.Contains(msg, "\n") {
				t.Errorf("%q: not one line starting with the file's name", msg)
			}
			for _, w := range h.Want {
				if !strings.Contains(msg, w) {
					t.Errorf("%q does not say %q", msg, w)
				}
			}
			if _, err := Bake(h.Name, h.Data, nil); err == nil && !h.Readable {
				t.Errorf("Bake accepted it")
			}
		})
	}
}

// A chain of 10^5 nodes (each a child of the one before) reads, builds
// and bakes without recursion: the world of the last node under
// accumulate-matrices is the sum of the 10^5 translations (0, 1, 0), so
// it stands at y = 10^5.
func TestDeepChain(t *testing.T) {
	const n = 100000
	var b strings.Builder
	b.WriteString(`{"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		if i+1 < n {
			fmt.Fprintf(&b, `{"translation":[0,1,0],"children":[%d]}`, i+1)
		} else {
			b.WriteString(`{"translation":[0,1,0]}`)
		}
	}
	b.WriteString(`]}`)
	data := []byte(b.String())
	f, err := Read("chain.gltf", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	sc := mustBuild(t, f, 0).Scene
	w := modes.AccumulateMatrices.Reference(sc.Nodes)
	if y := w[n-1][13]; y != n {
		t.Errorf("the last node stands at y = %g, want %d", y, n)
	}
	if _, err := Bake("chain.gltf", data, nil); err != nil {
		t.Error(err)
	}
}

// A child 2,000 units along x under a parent of size 1,000 lies 2·10^6
// from it in the world: the baked copy, whose scales are 1, would need a
// translation of 2·10^6, beyond what skewlab's scenes hold
// (transform.MaxMagnitude, 10^6), so the bake refuses it by name rather
// than write a copy it cannot read back and check. At 900 units (9·10^5)
// it bakes.
func TestBakeRefusesOffsetsBeyondTheLimit(t *testing.T) {
	file := func(x float64) []byte {
		k := gltfgen.NewKit()
		m := k.Triangle()
		k.Node(map[string]any{"name": "Big", "scale": []float64{1000, 1000, 1000}, "children": []int{1}})
		k.Node(map[string]any{"name": "Far", "mesh": m, "translation": []float64{x, 0, 0}})
		return k.Bytes()
	}
	if _, err := Bake("far.gltf", file(2000), nil); err == nil || !strings.Contains(err.Error(), `node 1 "Far": its baked translation (2e+06, 0, 0)`) {
		t.Errorf("error %v, want a refusal naming Far's baked translation", err)
	}
	if _, err := Bake("near.gltf", file(900), nil); err != nil {
		t.Error(err)
	}
}

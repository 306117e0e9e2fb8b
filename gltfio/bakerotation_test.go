package gltfio

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// copyRotations returns every node's "rotation" as the copy's JSON text
// holds it (parsed from the GLB's JSON chunk with encoding/json, as a
// validator reads it), by node index; nodes without one are left out.
func copyRotations(t *testing.T, glb []byte) map[int][]float64 {
	t.Helper()
	n := binary.LittleEndian.Uint32(glb[12:])
	var doc struct {
		Nodes []struct {
			Rotation []float64 `json:"rotation"`
		} `json:"nodes"`
	}
	if err := json.Unmarshal(glb[20:20+n], &doc); err != nil {
		t.Fatal(err)
	}
	out := map[int][]float64{}
	for i, nd := range doc.Nodes {
		if nd.Rotation != nil {
			out[i] = nd.Rotation
		}
	}
	return out
}

// checkRotations fails for a written rotation that is not 4 numbers in
// [-1, 1] of unit length to 1e-9 (the validator's VALUE_NOT_IN_RANGE and
// ROTATION_NON_UNIT), and returns how many it checked.
func checkRotations(t *testing.T, what string, rots map[int][]float64) int {
	t.Helper()
	for i, q := range rots {
		if len(q) != 4 {
			t.Fatalf("%s node %d: rotation %v", what, i, q)
		}
		s := 0.0
		for _, v := range q {
			if !(v >= -1 && v <= 1) {
				t.Errorf("%s node %d: rotation %v has a component outside [-1, 1]", what, i, q)
			}
			s += v * v
		}
		if math.Abs(math.Sqrt(s)-1) > 1e-9 {
			t.Errorf("%s node %d: rotation %v has length %.17g", what, i, q, math.Sqrt(s))
		}
	}
	return len(rots)
}

// A node without a transform under a rotated parent has the parent's
// world rotation, so its rotation relative to the parent is the identity
// up to rounding, which the old bake wrote as w = 1.0000000000000002
// (the validator: VALUE_NOT_IN_RANGE). Parents turned 5, 7 and 8 degrees
// about x, y, z and (1,1,1) (angles where that rounding happens), with
// and without a stretch: every written rotation is 4 numbers in [-1, 1]
// of unit length to 1e-9, and each child's is the identity to 1e-12.
func TestBakeRotationsInRange(t *testing.T) {
	var nodes []string
	var roots []int
	r3 := 1 / math.Sqrt(3)
	for _, ax := range [][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {r3, r3, r3}} {
		for _, deg := range []float64{5, 7, 8} {
			for _, scale := range []string{"[1,1,1]", "[1,2.5,1]"} {
				roots = append(roots, len(nodes))
				nodes = append(nodes,
					fmt.Sprintf(`{"name":"P%d","rotation":%s,"scale":%s,"mesh":0,"children":[%d]}`, len(nodes), quatJSON(ax[0], ax[1], ax[2], deg), scale, len(nodes)+1),
					fmt.Sprintf(`{"name":"C%d","mesh":0}`, len(nodes)+1))
			}
		}
	}
	files := rigWith(t, "["+strings.Join(nodes, ",")+"]", roots, nil)
	b := mustBake(t, files)
	rots := copyRotations(t, b.GLB)
	checkRotations(t, "turned parents", rots)
	for i := 1; i < len(nodes); i += 2 {
		q, ok := rots[i]
		if !ok {
			continue // written as the identity by leaving it out
		}
		if math.Abs(q[3])-1 < -1e-12 || math.Abs(q[0])+math.Abs(q[1])+math.Abs(q[2]) > 1e-12 {
			t.Errorf("child %d: rotation %v, want the identity", i, q)
		}
	}
}

// Random parent and child rotations (count-based: 300 parents, seeded),
// with random non-uniform and uniform scales: every rotation the bake
// writes is 4 numbers in [-1, 1] of unit length to 1e-9. Each parent has
// a child without a transform (the identity case above) and a child with
// its own random rotation and scale.
func TestBakeRotationsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 8))
	quat := func() string {
		ax := mgl64.Vec3{rng.Float64()*2 - 1, rng.Float64()*2 - 1, rng.Float64()*2 - 1}
		if ax.Len() < 1e-3 {
			ax = mgl64.Vec3{0, 0, 1}
		}
		ax = ax.Normalize()
		return quatJSON(ax[0], ax[1], ax[2], rng.Float64()*360)
	}
	scale := func() string {
		if rng.IntN(3) == 0 {
			u := 0.2 + 3*rng.Float64()
			return fmt.Sprintf("[%g,%g,%g]", u, u, u)
		}
		return fmt.Sprintf("[%g,%g,%g]", 0.2+3*rng.Float64(), 0.2+3*rng.Float64(), 0.2+3*rng.Float64())
	}
	var nodes []string
	var roots []int
	for range 300 {
		p := len(nodes)
		roots = append(roots, p)
		nodes = append(nodes,
			fmt.Sprintf(`{"rotation":%s,"scale":%s,"translation":[1,2,3],"mesh":0,"children":[%d,%d]}`, quat(), scale(), p+1, p+2),
			`{"mesh":0}`,
			fmt.Sprintf(`{"rotation":%s,"scale":%s,"translation":[0,1,0],"mesh":0}`, quat(), scale()))
	}
	files := rigWith(t, "["+strings.Join(nodes, ",")+"]", roots, nil)
	rots := copyRotations(t, mustBake(t, files).GLB)
	if n := checkRotations(t, "random", rots); n < 600 {
		t.Errorf("only %d rotations written of %d nodes", n, len(nodes))
	}
}

// gltfRotation by hand: unit length, w >= 0, clamping, degenerate input.
func TestGLTFRotation(t *testing.T) {
	for _, c := range []struct {
		in   mgl64.Quat
		want [4]float64
	}{
		{mgl64.Quat{W: 1.0000000000000002}, [4]float64{0, 0, 0, 1}},
		{mgl64.Quat{W: -2}, [4]float64{0, 0, 0, 1}},
		{mgl64.Quat{W: 0, V: mgl64.Vec3{0, 3, 4}}, [4]float64{0, 0.6, 0.8, 0}},
		{mgl64.Quat{W: -1e300, V: mgl64.Vec3{1e300, 0, 0}}, [4]float64{-math.Sqrt(0.5), 0, 0, math.Sqrt(0.5)}},
		{mgl64.Quat{}, [4]float64{0, 0, 0, 1}},
		{mgl64.Quat{W: math.NaN()}, [4]float64{0, 0, 0, 1}},
		{mgl64.Quat{W: math.Inf(1)}, [4]float64{0, 0, 0, 1}},
	} {
		got := gltfRotation(c.in)
		for k := range got {
			if math.Abs(got[k]-c.want[k]) > 1e-15 {
				t.Errorf("gltfRotation(%v) = %v, want %v", c.in, got, c.want)
				break
			}
		}
	}
}

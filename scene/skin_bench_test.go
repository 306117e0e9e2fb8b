package scene

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/transform"
)

// The skinning benchmark's mesh: skinVerts points bound to a chain of
// skinJoints joints, four influences each.
const (
	skinVerts  = 30_000
	skinJoints = 60
)

// skinnedChain returns a generated skinned scene: joints J0..J59 in a
// chain, J0 at the origin and each next one (0, 1, 0) along its parent's
// y, turned 3 degrees about z (odd joints) or x (even ones) with the
// non-uniform scale (1.02, 0.98, 1), so that every joint's world differs;
// and a root "Skin" whose mesh of skinVerts points lies on a cylinder of
// radius 0.3 around the chain's rest line (joint k at y = k, a straight
// chain: inverse bind matrices T(0, -k, 0)), 500 points per joint, each
// bound to four joints (k-1, k, k+1, k+2, clamped) with weights 0.1,
// 0.1 + 0.6(1-f), 0.1 + 0.6f, 0.1 (f the point's place between joint k
// and k+1; they sum to 1). It returns the scene, the index of "Skin"
// and every node's world matrix under accumulate-matrices, built here
// with mgl64 (world = parent world * local).
func skinnedChain(tb testing.TB) (*Scene, int, []mgl64.Mat4) {
	tb.Helper()
	nodes := make([]Node, 0, skinJoints+1)
	for k := range skinJoints {
		axis := mgl64.Vec3{1, 0, 0}
		if k%2 == 1 {
			axis = mgl64.Vec3{0, 0, 1}
		}
		n := Node{Name: fmt.Sprintf("J%d", k), Parent: k - 1, Local: transform.TRS{
			Position: mgl64.Vec3{0, 1, 0}, Rotation: mgl64.QuatRotate(3*math.Pi/180, axis), Scale: mgl64.Vec3{1.02, 0.98, 1}}}
		if k == 0 {
			n.Local.Position = mgl64.Vec3{}
		}
		nodes = append(nodes, n)
	}
	m := &Mesh{Name: "chain", InfluenceStart: make([]int32, 0, skinVerts+1)}
	per := skinVerts / skinJoints
	clamp := func(j int) uint16 { return uint16(min(max(j, 0), skinJoints-1)) }
	for v := range skinVerts {
		k, f := v/per, float64(v%per)/float64(per)
		a := 2 * math.Pi * float64(v%25) / 25
		m.Points = append(m.Points, mgl64.Vec3{0.3 * math.Cos(a), float64(k) + f, 0.3 * math.Sin(a)})
		m.InfluenceStart = append(m.InfluenceStart, int32(len(m.InfluenceData)))
		m.InfluenceData = append(m.InfluenceData,
			Influence{Joint: clamp(k - 1), Weight: 0.1}, Influence{Joint: clamp(k), Weight: 0.1 + 0.6*(1-f)},
			Influence{Joint: clamp(k + 1), Weight: 0.1 + 0.6*f}, Influence{Joint: clamp(k + 2), Weight: 0.1})
	}
	m.InfluenceStart = append(m.InfluenceStart, int32(len(m.InfluenceData)))
	sk := &Skin{}
	for k := range skinJoints {
		sk.Joints = append(sk.Joints, k)
		sk.InverseBind = append(sk.InverseBind, mgl64.Translate3D(0, -float64(k), 0))
	}
	nodes = append(nodes, Node{Name: "Skin", Parent: -1, Local: transform.Identity(), Mesh: m, Skin: sk})
	sc, err := New(nodes)
	if err != nil {
		tb.Fatal(err)
	}
	world := make([]mgl64.Mat4, len(sc.Nodes))
	for i := range sc.Nodes {
		l := sc.Nodes[i].LocalMat4()
		if p := sc.Nodes[i].Parent; p >= 0 {
			world[i] = world[p].Mul4(l)
		} else {
			world[i] = l
		}
	}
	return sc, len(sc.Nodes) - 1, world
}

// affineBaseline transforms every point of pts by one affine matrix of
// mats (point v by mats[v % len(mats)]) into out: the same count of plain
// point transforms as the mesh has points, what drawing it unskinned
// costs.
func affineBaseline(pts, out []mgl64.Vec3, mats []mgl64.Mat4) {
	for v, p := range pts {
		w := &mats[v%len(mats)]
		out[v] = mgl64.Vec3{
			w[0]*p[0] + w[4]*p[1] + w[8]*p[2] + w[12],
			w[1]*p[0] + w[5]*p[1] + w[9]*p[2] + w[13],
			w[2]*p[0] + w[6]*p[1] + w[10]*p[2] + w[14],
		}
	}
}

// BenchmarkSkin times Deformer.Points on skinnedChain's mesh (30,000
// points, 60 joints, four influences per point) in its steady state,
// interleaved in the same loop with affineBaseline over the same points
// (30,000 plain affine transforms), and reports ns per vertex for both
// and their ratio (x-baseline). One op is one skinned frame: with
// -benchmem, 0 allocs/op (the Deformer reuses its buffers). Four
// influences cost four transforms, so the ratio is about 4 or more.
func BenchmarkSkin(b *testing.B) {
	sc, at, world := skinnedChain(b)
	nd := &sc.Nodes[at]
	mats := world[:skinJoints]
	out := make([]mgl64.Vec3, skinVerts)
	var d Deformer
	d.Points(nd, world) // grow the buffers
	var ts, tb time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		t0 := time.Now()
		d.Points(nd, world)
		t1 := time.Now()
		affineBaseline(nd.Mesh.Points, out, mats)
		ts += t1.Sub(t0)
		tb += time.Since(t1)
	}
	n := float64(b.N) * skinVerts
	b.ReportMetric(float64(ts.Nanoseconds())/n, "ns/vertex")
	b.ReportMetric(float64(tb.Nanoseconds())/n, "base-ns/vertex")
	b.ReportMetric(float64(ts)/float64(tb), "x-baseline")
}

// The benchmark's skinning is right and allocates nothing: a point
// skinned by the Deformer equals Σ w · W_j · IBM_j · p computed here
// with mgl64's Mul4 and Mul4x1, to 1e-9; a second frame allocates
// nothing.
func TestSkinnedChain(t *testing.T) {
	sc, at, world := skinnedChain(t)
	nd := &sc.Nodes[at]
	var d Deformer
	pts := d.Points(nd, world)
	for _, v := range []int{0, 1, 499, 500, 12_345, skinVerts - 1} {
		var want mgl64.Vec3
		for _, in := range nd.Mesh.Influences(v) {
			j := nd.Skin.Joints[in.Joint]
			q := world[j].Mul4(nd.Skin.InverseBind[in.Joint]).Mul4x1(nd.Mesh.Points[v].Vec4(1)).Vec3()
			want = want.Add(q.Mul(in.Weight))
		}
		if d := pts[v].Sub(want).Len(); d > 1e-9 {
			t.Errorf("vertex %d: %v, want %v", v, pts[v], want)
		}
	}
	if a := testing.AllocsPerRun(5, func() { d.Points(nd, world) }); a != 0 {
		t.Errorf("%v allocations per skinned frame, want 0", a)
	}
}

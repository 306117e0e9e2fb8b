package gltfio

import (
	"bytes"
	"fmt"
	"math"
	"testing"
)

// The benchmark behind docs/bake.md, "Cost": the animated bake of a
// 60-joint rig with a 300-key animation, per sampled frame. Run:
//
//	go test ./gltfio -run XXX -bench BakeAnim -benchmem -count 5

// Rig sizes of rigFile for the benchmark.
const (
	rigJoints = 60
	rigKeys   = 300
	rigRing   = 8 // vertices per joint
)

// rigFile is a chain of joints joints, each a child of the one before at
// (0, 1, 0), every one animated by keys LINEAR keys 1/30 s apart: a turn
// about z of 20 sin(2πt/T + j) degrees and a scale (1 + 0.2 sin(2πt/T +
// j), 1, 1), T the animation's length, so every joint but the first is
// under a non-uniform scale and is flattened. A skinned mesh of a ring of
// ring vertices per joint (radius 0.2, at the joint's origin, weight 1
// on it), drawn as points, follows them. Inverse bind matrices are the
// inverse rest worlds T(0, -j, 0).
func rigFile(joints, keys, ring int) []byte {
	var bin bytes.Buffer
	f32 := func(vs ...float64) {
		for _, v := range vs {
			_ = writeLE(&bin, float32(v))
		}
	}
	u8 := func(vs ...uint8) { bin.Write(vs) }
	type view struct{ off, len int }
	var views []view
	mark := func(start int) { views = append(views, view{start, bin.Len() - start}) }
	// 0: positions; 1: joints; 2: weights; 3: IBMs; 4: times; then per
	// joint rotation and scale outputs.
	start := bin.Len()
	for j := range joints {
		for k := range ring {
			a := 2 * math.Pi * float64(k) / float64(ring)
			f32(0.2*math.Cos(a), float64(j), 0.2*math.Sin(a))
		}
	}
	mark(start)
	start = bin.Len()
	for j := range joints {
		for range ring {
			u8(uint8(j), 0, 0, 0)
		}
	}
	mark(start)
	start = bin.Len()
	for range joints * ring {
		f32(1, 0, 0, 0)
	}
	mark(start)
	start = bin.Len()
	for j := range joints {
		f32(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -float64(j), 0, 1)
	}
	mark(start)
	start = bin.Len()
	for k := range keys {
		f32(float64(k) / 30)
	}
	mark(start)
	period := float64(keys-1) / 30
	for j := range joints {
		start = bin.Len()
		for k := range keys {
			ph := 2*math.Pi*float64(k)/30/period + float64(j)
			h := 20 * math.Sin(ph) * math.Pi / 180 / 2
			f32(0, 0, math.Sin(h), math.Cos(h))
		}
		mark(start)
		start = bin.Len()
		for k := range keys {
			ph := 2*math.Pi*float64(k)/30/period + float64(j)
			f32(1+0.2*math.Sin(ph), 1, 1)
		}
		mark(start)
	}
	var nodes, channels, samplers, accessors, bviews bytes.Buffer
	for j := range joints {
		sep := ","
		if j == joints-1 {
			sep = ""
		}
		child := ""
		if j+1 < joints {
			child = fmt.Sprintf(`,"children":[%d]`, j+1)
		}
		tr := ""
		if j > 0 {
			tr = `,"translation":[0,1,0]`
		}
		fmt.Fprintf(&nodes, `{"name":"J%d"%s%s},`, j, tr, child)
		fmt.Fprintf(&channels, `{"sampler":%d,"target":{"node":%d,"path":"rotation"}},{"sampler":%d,"target":{"node":%d,"path":"scale"}}%s`, 2*j, j, 2*j+1, j, sep)
		fmt.Fprintf(&samplers, `{"input":4,"output":%d},{"input":4,"output":%d}%s`, 5+2*j, 6+2*j, sep)
	}
	n := joints * ring
	fmt.Fprintf(&accessors, `{"bufferView":0,"componentType":5126,"count":%d,"type":"VEC3","min":[-0.2,0,-0.2],"max":[0.2,%d,0.2]},`, n, joints-1)
	fmt.Fprintf(&accessors, `{"bufferView":1,"componentType":5121,"count":%d,"type":"VEC4"},{"bufferView":2,"componentType":5126,"count":%d,"type":"VEC4"},`, n, n)
	fmt.Fprintf(&accessors, `{"bufferView":3,"componentType":5126,"count":%d,"type":"MAT4"},`, joints)
	fmt.Fprintf(&accessors, `{"bufferView":4,"componentType":5126,"count":%d,"type":"SCALAR","min":[0],"max":[%.9g]}`, keys, float64(float32(float64(keys-1)/30)))
	for j := range joints {
		fmt.Fprintf(&accessors, `,{"bufferView":%d,"componentType":5126,"count":%d,"type":"VEC4"},{"bufferView":%d,"componentType":5126,"count":%d,"type":"VEC3"}`, 5+2*j, keys, 6+2*j, keys)
	}
	for i, v := range views {
		if i > 0 {
			bviews.WriteByte(',')
		}
		fmt.Fprintf(&bviews, `{"buffer":0,"byteOffset":%d,"byteLength":%d}`, v.off, v.len)
	}
	jointList := bytes.Buffer{}
	for j := range joints {
		if j > 0 {
			jointList.WriteByte(',')
		}
		fmt.Fprint(&jointList, j)
	}
	js := fmt.Sprintf(`{"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0,%d]}],
"nodes":[%s{"name":"Skin","mesh":0,"skin":0}],
"skins":[{"inverseBindMatrices":3,"joints":[%s]}],
"meshes":[{"primitives":[{"attributes":{"POSITION":0,"JOINTS_0":1,"WEIGHTS_0":2},"mode":0}]}],
"animations":[{"name":"wave","channels":[%s],"samplers":[%s]}],
"buffers":[{"byteLength":%d,"uri":"data:application/octet-stream;base64,%s"}],
"bufferViews":[%s],
"accessors":[%s]}`, joints, nodes.String(), jointList.String(), channels.String(), samplers.String(), bin.Len(), b64(bin.Bytes()), bviews.String(), accessors.String())
	return []byte(js)
}

// The benchmark's rig bakes as its comment says: 59 of 60 joints
// flattened (the first is a root: nothing inherited), the skin's node
// static, 300 samples (the keys are 1/30 s apart, on the 30-per-second
// grid), 59 x 3 channels of 300 keys.
func TestRigFile(t *testing.T) {
	b := mustBakeAnim(t, "rig60.gltf", rigFile(rigJoints, rigKeys, rigRing), 30)
	a := b.Anim
	if len(a.Flattened) != rigJoints-1 || len(a.Kept) != 1 || len(a.Static) != 1 {
		t.Errorf("flattened %d, kept %d, static %d; want 59, 1, 1", len(a.Flattened), len(a.Kept), len(a.Static))
	}
	if s := len(a.Clips[0].Samples); s != rigKeys || a.Keys != 3*rigKeys*(rigJoints-1) {
		t.Errorf("%d samples, %d keys; want %d and %d", s, a.Keys, rigKeys, 3*rigKeys*(rigJoints-1))
	}
}

// BenchmarkBakeAnim bakes the 60-joint rig with -anim at 30 samples per
// second and reports the cost per sampled frame (ns/frame: the whole
// BakeAnim over the animation's samples; each sample is also measured
// half way to the next) next to the static bake of the same file
// (base-ns/frame: Bake, which drops the animation, over the same count).
func BenchmarkBakeAnim(b *testing.B) {
	data := rigFile(rigJoints, rigKeys, rigRing)
	frames := 0
	b.Run("anim", func(b *testing.B) {
		for b.Loop() {
			bk, err := BakeAnim("rig60.gltf", data, nil, 30)
			if err != nil {
				b.Fatal(err)
			}
			frames = len(bk.Anim.Clips[0].Samples)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(frames), "ns/frame")
	})
	b.Run("static", func(b *testing.B) {
		for b.Loop() {
			if _, err := Bake("rig60.gltf", data, nil); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(rigKeys), "ns/frame")
	})
}

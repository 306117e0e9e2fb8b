package gltfref

import (
	"fmt"
	"math"
)

// animDef is a glTF animation as written.
type animDef struct {
	Name     string `json:"name"`
	Channels []struct {
		Sampler int `json:"sampler"`
		Target  struct {
			Node *int   `json:"node"`
			Path string `json:"path"`
		} `json:"target"`
	} `json:"channels"`
	Samplers []struct {
		Input         int    `json:"input"`
		Output        int    `json:"output"`
		Interpolation string `json:"interpolation"`
	} `json:"samplers"`
}

// Pose is what an animation sets at one time, by glTF node index: the
// local translation, rotation (glTF's order x, y, z, w; unit), scale and
// morph weights of every node a channel animates. Properties no channel
// animates are absent and keep the node's own.
type Pose struct {
	Translation map[int]Vec3
	Rotation    map[int][4]float64
	Scale       map[int]Vec3
	Weights     map[int][]float64
}

// AnimationCount returns the number of animations in the file.
func (f *File) AnimationCount() int { return len(f.doc.Animations) }

// AnimationName returns animation i's name ("" when it has none or i is
// out of range).
func (f *File) AnimationName(i int) string {
	if i < 0 || i >= len(f.doc.Animations) {
		return ""
	}
	return f.doc.Animations[i].Name
}

// PoseAt evaluates animation a at time t (seconds), as the glTF 2.0
// specification's Appendix C defines the interpolations, channel by
// channel: before the first key time a channel holds its first value,
// after the last its last (an animation does not loop). Between keys k
// and k+1 (times t_k <= t < t_k+1, u = (t - t_k)/(t_k+1 - t_k)):
//   - STEP holds key k's value;
//   - LINEAR blends translations, scales and weights as (1-u) v_k +
//     u v_k+1, and turns rotations by the spherical interpolation
//     q_k (q_k^-1 q_k+1)^u along the shorter arc (q_k+1 negated when
//     q_k . q_k+1 < 0), the power taken on the axis and angle;
//   - CUBICSPLINE is the spec's cubic Hermite spline from v_k with
//     tangent Δ b_k (key k's out-tangent) to v_k+1 with tangent Δ a_k+1
//     (key k+1's in-tangent), Δ = t_k+1 - t_k, evaluated here as the
//     equal Bézier curve with control points v_k, v_k + Δ b_k / 3,
//     v_k+1 - Δ a_k+1 / 3, v_k+1 (de Casteljau); a rotation is then
//     normalized.
//
// A channel without a target node is ignored. Errors name what cannot
// be read (an index out of range, counts that do not fit).
func (f *File) PoseAt(a int, t float64) (*Pose, error) {
	d := &f.doc
	if a < 0 || a >= len(d.Animations) {
		return nil, fmt.Errorf("animation %d out of range (%d animations)", a, len(d.Animations))
	}
	an := &d.Animations[a]
	p := &Pose{Translation: map[int]Vec3{}, Rotation: map[int][4]float64{}, Scale: map[int]Vec3{}, Weights: map[int][]float64{}}
	for ci, c := range an.Channels {
		if c.Target.Node == nil {
			continue
		}
		n := *c.Target.Node
		if n < 0 || n >= len(d.Nodes) {
			return nil, fmt.Errorf("animation %d channel %d: node %d out of range", a, ci, n)
		}
		if c.Sampler < 0 || c.Sampler >= len(an.Samplers) {
			return nil, fmt.Errorf("animation %d channel %d: sampler %d out of range", a, ci, c.Sampler)
		}
		s := an.Samplers[c.Sampler]
		in, err := f.Accessor(s.Input)
		if err != nil {
			return nil, fmt.Errorf("animation %d sampler %d input: %w", a, c.Sampler, err)
		}
		out, err := f.Accessor(s.Output)
		if err != nil {
			return nil, fmt.Errorf("animation %d sampler %d output: %w", a, c.Sampler, err)
		}
		times := make([]float64, len(in))
		for k, e := range in {
			times[k] = e[0]
		}
		var flat []float64
		for _, e := range out {
			flat = append(flat, e...)
		}
		if len(times) == 0 {
			return nil, fmt.Errorf("animation %d sampler %d: no keys", a, c.Sampler)
		}
		per := 1
		if s.Interpolation == "CUBICSPLINE" {
			per = 3
		}
		width := len(flat) / (per * len(times))
		if width == 0 || width*per*len(times) != len(flat) {
			return nil, fmt.Errorf("animation %d sampler %d: %d output numbers for %d keys", a, c.Sampler, len(flat), len(times))
		}
		v := sample(times, flat, width, s.Interpolation, c.Target.Path == "rotation", t)
		switch c.Target.Path {
		case "translation", "scale":
			if width != 3 {
				return nil, fmt.Errorf("animation %d channel %d: %s of %d components", a, ci, c.Target.Path, width)
			}
			if c.Target.Path == "scale" {
				p.Scale[n] = Vec3{v[0], v[1], v[2]}
			} else {
				p.Translation[n] = Vec3{v[0], v[1], v[2]}
			}
		case "rotation":
			if width != 4 {
				return nil, fmt.Errorf("animation %d channel %d: rotation of %d components", a, ci, width)
			}
			p.Rotation[n] = [4]float64{v[0], v[1], v[2], v[3]}
		case "weights":
			p.Weights[n] = v
		default:
			return nil, fmt.Errorf("animation %d channel %d: path %q", a, ci, c.Target.Path)
		}
	}
	return p, nil
}

// sample evaluates one channel (key times, values of width numbers per
// key, three per key for CUBICSPLINE: in-tangents, values,
// out-tangents) at time t, as PoseAt describes. rotation says the values
// are quaternions (x, y, z, w).
func sample(times, vals []float64, width int, interp string, rotation bool, t float64) []float64 {
	cubic := interp == "CUBICSPLINE"
	key := func(k int) []float64 { // key k's value
		if cubic {
			return vals[(3*k+1)*width : (3*k+2)*width]
		}
		return vals[k*width : (k+1)*width]
	}
	last := len(times) - 1
	out := make([]float64, width)
	// The last key at or before t, by a plain scan.
	k := -1
	for i, tk := range times {
		if tk <= t {
			k = i
		}
	}
	switch {
	case k < 0:
		copy(out, key(0))
	case k == last:
		copy(out, key(last))
	default:
		dt := times[k+1] - times[k]
		u := (t - times[k]) / dt
		switch {
		case interp == "STEP":
			copy(out, key(k))
		case cubic:
			v0, v1 := key(k), key(k+1)
			outTan := vals[(3*k+2)*width : (3*k+3)*width]
			inTan := vals[(3*k+3)*width : (3*k+4)*width]
			for i := range out {
				p0 := v0[i]
				p1 := v0[i] + dt*outTan[i]/3
				p2 := v1[i] - dt*inTan[i]/3
				p3 := v1[i]
				// de Casteljau
				a, b, c := lerp(p0, p1, u), lerp(p1, p2, u), lerp(p2, p3, u)
				ab, bc := lerp(a, b, u), lerp(b, c, u)
				out[i] = lerp(ab, bc, u)
			}
		case rotation:
			q := slerpPower(key(k), key(k+1), u)
			copy(out, q[:])
		default:
			a, b := key(k), key(k+1)
			for i := range out {
				out[i] = lerp(a[i], b[i], u)
			}
		}
	}
	if rotation {
		n := math.Sqrt(out[0]*out[0] + out[1]*out[1] + out[2]*out[2] + out[3]*out[3])
		if n > 0 {
			for i := range out {
				out[i] /= n
			}
		}
	}
	return out
}

func lerp(a, b, u float64) float64 { return a + (b-a)*u }

// qmul returns the Hamilton product a*b of quaternions stored (x, y, z,
// w).
func qmul(a, b [4]float64) [4]float64 {
	ax, ay, az, aw := a[0], a[1], a[2], a[3]
	bx, by, bz, bw := b[0], b[1], b[2], b[3]
	return [4]float64{
		aw*bx + ax*bw + ay*bz - az*by,
		aw*by - ax*bz + ay*bw + az*bx,
		aw*bz + ax*by - ay*bx + az*bw,
		aw*bw - ax*bx - ay*by - az*bz,
	}
}

// slerpPower returns qa (qa^-1 qb)^u for unit quaternions (x, y, z, w),
// along the shorter arc: the relative turn r = conj(qa) qb (negated when
// its w, the dot product qa . qb, is negative) is written as an angle
// about an axis, and its u-th power turns u times the angle.
func slerpPower(a, b []float64, u float64) [4]float64 {
	qa := unit([4]float64{a[0], a[1], a[2], a[3]})
	qb := unit([4]float64{b[0], b[1], b[2], b[3]})
	r := qmul([4]float64{-qa[0], -qa[1], -qa[2], qa[3]}, qb)
	if r[3] < 0 {
		r = [4]float64{-r[0], -r[1], -r[2], -r[3]}
	}
	s := math.Sqrt(r[0]*r[0] + r[1]*r[1] + r[2]*r[2])
	if s == 0 {
		return qa
	}
	half := math.Atan2(s, r[3]) // half the turn's angle
	k := math.Sin(u*half) / s
	ru := [4]float64{r[0] * k, r[1] * k, r[2] * k, math.Cos(u * half)}
	return qmul(qa, ru)
}

// unit returns q divided by its length (the identity for a zero q).
func unit(q [4]float64) [4]float64 {
	n := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
	if !(n > 0) {
		return [4]float64{0, 0, 0, 1}
	}
	return [4]float64{q[0] / n, q[1] / n, q[2] / n, q[3] / n}
}

// SceneAt evaluates scene i as Scene does, with animation a's pose at
// time t (PoseAt) in place of the animated nodes' own translation,
// rotation, scale and weights: World, Points (morphed with the posed
// weights, skinned with the posed joints), Instances, lights and cameras
// all follow the pose.
func (f *File) SceneAt(i, a int, t float64) (*Scene, error) {
	p, err := f.PoseAt(a, t)
	if err != nil {
		return nil, err
	}
	return f.scene(i, p)
}

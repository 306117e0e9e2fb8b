package gltfgen

import "math"

// meshData is an indexed triangle mesh in float32, ready for a buffer.
// Normals and Tangents are either empty or one per position; tangents are
// (x, y, z, w) with w = 1 (the bitangent is cross(normal, tangent)).
type meshData struct {
	Positions [][3]float32
	Normals   [][3]float32
	Tangents  [][4]float32
	Indices   []uint32
}

// Cylinder geometry of piston.gltf.
const (
	CylinderRadius   = 0.5 // units, around the local z axis
	CylinderLength   = 1.0 // units along local z, centred on the origin
	CylinderSegments = 32  // side quads (and cap triangles per cap)
)

// cylinder returns the piston's cylinder: CylinderSegments vertices on the
// ring at z = -0.5 (indices 0..31), the same on the ring at z = +0.5
// (32..63), then the bottom and top cap centres (64, 65); side quads as two
// triangles each and one fan triangle per segment per cap, all wound
// counter-clockwise seen from outside (outward faces). No normals: the
// reader only needs positions here.
func cylinder() meshData {
	const n = CylinderSegments
	var m meshData
	for _, z := range []float64{-CylinderLength / 2, CylinderLength / 2} {
		for i := range n {
			a := 2 * math.Pi * float64(i) / n
			m.Positions = append(m.Positions, [3]float32{
				float32(CylinderRadius * math.Cos(a)), float32(CylinderRadius * math.Sin(a)), float32(z),
			})
		}
	}
	m.Positions = append(m.Positions, [3]float32{0, 0, -CylinderLength / 2}, [3]float32{0, 0, CylinderLength / 2})
	const bottomCentre, topCentre = 2 * n, 2*n + 1
	for i := range uint32(n) {
		j := (i + 1) % n
		b0, b1, t0, t1 := i, j, n+i, n+j
		m.Indices = append(m.Indices,
			b0, b1, t1, b0, t1, t0, // side, facing outward
			topCentre, t0, t1, // top cap, facing +z
			bottomCentre, b1, b0, // bottom cap, facing -z
		)
	}
	return m
}

// box returns the unit cube -0.5..0.5 with 24 vertices (four per face, so
// each face has its own normal) and 12 triangles wound counter-clockwise
// seen from outside. Face k (k = 0..5) is the face whose outward normal is
// s*e_a with a = k/2 and s = +1 for even k, -1 for odd; its tangent is
// e_(a+1 mod 3), w = 1, so tangent x bitangent = normal.
func box() meshData {
	var m meshData
	for k := range 6 {
		a, s := k/2, float32(1-2*(k%2))
		var n, u, v [3]float32
		n[a] = s
		u[(a+1)%3] = 1
		v[(a+2)%3] = s
		base := uint32(len(m.Positions))
		for _, c := range [4][2]float32{{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}} {
			var p [3]float32
			for i := range 3 {
				p[i] = 0.5*n[i] + c[0]*u[i] + c[1]*v[i]
			}
			m.Positions = append(m.Positions, p)
			m.Normals = append(m.Normals, n)
			m.Tangents = append(m.Tangents, [4]float32{u[0], u[1], u[2], 1})
		}
		m.Indices = append(m.Indices, base, base+1, base+2, base, base+2, base+3)
	}
	return m
}

// Grid geometry of big.glb.
const (
	GridSize  = 10.0 // units: the grid spans -5..5 in x and z
	GridWave  = 0.1  // units: amplitude of the height y
	GridWaves = 3.0  // whole sine periods across the grid in x and in z
)

// GridCells returns the number of cells n along each side of big.glb's
// grid for about the given number of triangles: the n >= 1 for which
// 2*n*n is nearest to triangles. The grid has (n+1)^2 vertices and
// 2*n*n triangles.
func GridCells(triangles int) int {
	n := int(math.Round(math.Sqrt(float64(triangles) / 2)))
	return max(n, 1)
}

// grid returns an n x n grid of quads in the xz plane spanning
// -GridSize/2..GridSize/2, with height y = GridWave*sin(...)*sin(...)
// (GridWaves periods each way), two triangles per cell, wound
// counter-clockwise seen from +y. Vertex (i, j) (x index i, z index j)
// is number i*(n+1)+j.
func grid(n int) meshData {
	var m meshData
	m.Positions = make([][3]float32, 0, (n+1)*(n+1))
	for i := range n + 1 {
		for j := range n + 1 {
			u, v := float64(i)/float64(n), float64(j)/float64(n)
			y := GridWave * math.Sin(2*math.Pi*GridWaves*u) * math.Sin(2*math.Pi*GridWaves*v)
			m.Positions = append(m.Positions, [3]float32{
				float32(GridSize * (u - 0.5)), float32(y), float32(GridSize * (v - 0.5)),
			})
		}
	}
	m.Indices = make([]uint32, 0, 6*n*n)
	w := uint32(n + 1)
	for i := range uint32(n) {
		for j := range uint32(n) {
			v00, v01, v10, v11 := i*w+j, i*w+j+1, (i+1)*w+j, (i+1)*w+j+1
			m.Indices = append(m.Indices, v00, v01, v10, v10, v01, v11)
		}
	}
	return m
}

// quat returns the unit quaternion, stored [x, y, z, w] as glTF does, of
// a rotation by deg degrees (counter-clockwise looking down the axis)
// about the unit axis (x, y, z).
func quat(x, y, z, deg float64) []float64 {
	h := deg * math.Pi / 360
	s := math.Sin(h)
	return []float64{x * s, y * s, z * s, math.Cos(h)}
}

// trsMatrix returns T*R*S as 16 column-major numbers (element (row r,
// column c) at 4c+r) for the translation t, unit quaternion q stored
// [x, y, z, w] and scale s.
func trsMatrix(t, q, s []float64) []float64 {
	x, y, z, w := q[0], q[1], q[2], q[3]
	r := [3][3]float64{
		{1 - 2*(y*y+z*z), 2 * (x*y - z*w), 2 * (x*z + y*w)},
		{2 * (x*y + z*w), 1 - 2*(x*x+z*z), 2 * (y*z - x*w)},
		{2 * (x*z - y*w), 2 * (y*z + x*w), 1 - 2*(x*x+y*y)},
	}
	m := make([]float64, 16)
	for c := range 3 {
		for row := range 3 {
			m[4*c+row] = r[row][c] * s[c]
		}
		m[12+c] = t[c]
	}
	m[15] = 1
	return m
}

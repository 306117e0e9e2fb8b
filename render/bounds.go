package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// MeshBounds returns the world-space axis-aligned bounding box of the
// nodes' meshes (NodeMesh of each node) placed by world (world[i]
// is node i's world matrix, column vectors; the last row is taken as
// (0, 0, 0, 1)). Only the node shapes count: not the grid, the basis
// rods, the local axes or the labels. Nodes beyond len(world), nodes with
// ShapeNone and nodes whose world matrix is not finite are skipped, and
// so is a transformed point that overflows. ok is false when no point
// counted (an empty scene, or every node skipped); lo and hi are then
// zero. A zero-scale node counts as the point it collapses to. Skinned
// and morphed meshes count as drawn (see Deformed). It allocates nothing
// but the buffers of a skinned or morphed mesh (MeshBoundsWith reuses
// them).
func MeshBounds(s *scene.Scene, world []mgl64.Mat4) (lo, hi mgl64.Vec3, ok bool) {
	var d scene.Deformer
	return MeshBoundsWith(&d, s, world)
}

// MeshBoundsWith is MeshBounds with d's buffers for skinned and morphed
// meshes, which count as drawn (see Deformed): it allocates nothing once
// d has grown.
func MeshBoundsWith(d *scene.Deformer, s *scene.Scene, world []mgl64.Mat4) (lo, hi mgl64.Vec3, ok bool) {
	lo = mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi = mgl64.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	eachMeshPoint(d, s, world, func(q mgl64.Vec3) {
		for k := 0; k < 3; k++ {
			lo[k], hi[k] = math.Min(lo[k], q[k]), math.Max(hi[k], q[k])
		}
		ok = true
	})
	if !ok {
		return mgl64.Vec3{}, mgl64.Vec3{}, false
	}
	return lo, hi, true
}

// FitMeshes adds to f the world points of the nodes' meshes that
// MeshBoundsWith measures (the same nodes and points skipped), so a
// camera can be framed to what is drawn (Fitter). It allocates nothing
// once d has grown.
func FitMeshes(f *Fitter, d *scene.Deformer, s *scene.Scene, world []mgl64.Mat4) {
	eachMeshPoint(d, s, world, f.Add)
}

// eachMeshPoint calls fn with every finite world point of the nodes'
// meshes (see MeshBounds).
func eachMeshPoint(d *scene.Deformer, s *scene.Scene, world []mgl64.Mat4, fn func(q mgl64.Vec3)) {
	n := 0
	if s != nil {
		n = min(len(s.Nodes), len(world))
	}
	for i := 0; i < n; i++ {
		m := NodeMesh(&s.Nodes[i])
		if m == nil {
			continue
		}
		pts, model, deformed := Deformed(d, s, world, i)
		if !deformed {
			pts, model = m.Points, world[i]
		}
		w := &model
		if !transform.Finite(w[:]...) {
			continue
		}
		for _, p := range pts {
			q := mgl64.Vec3{
				w[0]*p[0] + w[4]*p[1] + w[8]*p[2] + w[12],
				w[1]*p[0] + w[5]*p[1] + w[9]*p[2] + w[13],
				w[2]*p[0] + w[6]*p[1] + w[10]*p[2] + w[14],
			}
			if !transform.Finite(q[0], q[1], q[2]) {
				continue
			}
			fn(q)
		}
	}
}

// UnionBounds returns the smallest box holding the boxes a (alo..ahi,
// present when aok) and b; ok is false when neither is present.
func UnionBounds(alo, ahi mgl64.Vec3, aok bool, blo, bhi mgl64.Vec3, bok bool) (lo, hi mgl64.Vec3, ok bool) {
	switch {
	case aok && bok:
		for k := 0; k < 3; k++ {
			lo[k], hi[k] = math.Min(alo[k], blo[k]), math.Max(ahi[k], bhi[k])
		}
		return lo, hi, true
	case aok:
		return alo, ahi, true
	case bok:
		return blo, bhi, true
	}
	return lo, hi, false
}

package modes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// blenderAverage writes W3 = cbrt|det P3| * orthoY(P3, unit) * R * S.
func blenderAverage(p *mgl64.Mat3x4, r *mgl64.Mat3, s, _ mgl64.Vec3, o *mgl64.Mat3x4) bool {
	blenderLinear(scene.RuleBlenderAverage, p, r, s, o)
	return true
}

// averageScale returns cbrt(|det q|), the uniform scale of Average.
func averageScale(q *mgl64.Mat3) float64 {
	// mgl64's Mat3.Det, term for term: where P3 is singular (a zero
	// scale above) the determinant is rounding noise, and its cube root
	// magnifies any difference in how the noise was summed.
	det := q[0]*q[4]*q[8] + q[3]*q[7]*q[2] + q[6]*q[1]*q[5] - q[6]*q[4]*q[2] - q[3]*q[1]*q[8] - q[0]*q[7]*q[5]
	return cbrt(math.Abs(det))
}

func blenderAverageRef(p3, r mgl64.Mat3, s, _ mgl64.Vec3) (mgl64.Mat3, bool) {
	k := math.Cbrt(math.Abs(p3.Det()))
	return scaleCols(transform.OrthogonalizeY(p3, true).Mul(k).Mul3(r), s), true
}

func init() {
	ruleRef[scene.RuleBlenderAverage] = blenderAverageRef
}

// BlenderAverage is Blender's bone Inherit Scale = Average:
// W3 = cbrt(|det P3|) * orthoY(P3, unit) * R * S, position P*(t, 1): the
// parent's orientation (orthogonalized around y, unit columns) with one
// uniform scale, the cube root of the parent's volume factor. Source:
// BKE_bone_parent_transform_calc_from_matrices in Blender's
// source/blender/blenkernel/intern/armature.cc.
var BlenderAverage = withKernel(Mode{
	Name: "blender-average", Title: "Blender: Average",
	Reference:   ruleReference(scene.RuleBlenderAverage),
	Rule:        scene.RuleBlenderAverage,
	Point:       "Inherits only the parent's average scale, the cube root of its volume: never skews, and a stretch becomes uniform growth.",
	Explanation: "Blender's Average: the parent's matrix is made orthonormal around its y axis, then scaled uniformly by the cube root of the absolute determinant of its 3x3 part (the average of its scales by volume); the bone's rotation and scale follow. Nothing skews, the volume a child inherits is the parent's, but a parent stretched along x makes the child grow in every direction by the cube root of the stretch.",
}, ruleKernel(scene.RuleBlenderAverage), 0)

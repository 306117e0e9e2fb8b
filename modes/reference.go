package modes

import (
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// Reference returns the readable, allocating version of the named mode's
// world matrices, written with mgl64 and transform operations exactly as
// the formulas read. The fast loops are tested against it; it is not used
// per frame. An unknown name returns nil.
func Reference(name string, nodes []scene.Node) []mgl64.Mat4 {
	out := make([]mgl64.Mat4, len(nodes))
	switch name {
	case "accumulate-matrices":
		for i, n := range nodes {
			out[i] = n.Local.Mat4()
			if n.Parent >= 0 {
				out[i] = out[n.Parent].Mul4(out[i])
			}
		}
	case "accumulate-trs":
		w := make([]transform.TRS, len(nodes))
		for i, n := range nodes {
			w[i] = n.Local
			if n.Parent >= 0 {
				w[i] = transform.Compose(w[n.Parent], n.Local)
			}
			out[i] = w[i].Mat4()
		}
	case "uniform-inner-scale":
		f := make([]transform.Uniform, len(nodes))
		for i, n := range nodes {
			u := UniformPart(n.Local.Scale)
			own := transform.Uniform{Position: n.Local.Position, Rotation: n.Local.Rotation, Scale: u}
			parent := transform.UniformIdentity()
			if n.Parent >= 0 {
				parent = f[n.Parent]
			}
			f[i] = parent.Mul(own)
			out[i] = parent.Mat4().Mul4(n.Local.Mat4())
		}
	case "skew-stripping":
		m := make([]mgl64.Mat4, len(nodes))
		rw := make([]mgl64.Mat3, len(nodes))
		for i, n := range nodes {
			m[i] = n.Local.Mat4()
			rw[i] = transform.RotMat3(n.Local.Rotation)
			if n.Parent >= 0 {
				m[i] = m[n.Parent].Mul4(m[i])
				rw[i] = rw[n.Parent].Mul3(rw[i])
			}
			ms := rw[i].Transpose().Mul3(m[i].Mat3()) // M_S = R_w^T L
			scale := mgl64.Vec3{ms.At(0, 0), ms.At(1, 1), ms.At(2, 2)}
			out[i] = mgl64.Translate3D(m[i][12], m[i][13], m[i][14]).
				Mul4(rw[i].Mat4()).
				Mul4(mgl64.Scale3D(scale[0], scale[1], scale[2]))
		}
	default:
		return nil
	}
	return out
}

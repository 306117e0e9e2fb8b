package cost

import (
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/scene"
)

// pool is the all-cores world update the lab measures: modes.Pool, the
// persistent worker pool that splits the hierarchy by subtrees (issue 32
// item 1). Affine computes the same matrices as m.Affine; Workers is the
// number of threads it may use; Close stops its workers.
type pool interface {
	Workers() int
	Affine(m modes.Mode, nodes []scene.Node, ws *modes.Workspace, out []mgl64.Mat3x4)
	Close()
}

// newPool makes the all-cores pool with the given number of workers:
// modes.NewPool (the tests put a fake in its place).
var newPool = func(workers int) pool { return modes.NewPool(workers) }

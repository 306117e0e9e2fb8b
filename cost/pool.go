package cost

import (
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/scene"
)

// pool is the all-cores world update the lab measures: a persistent
// worker pool that splits the hierarchy by subtrees (modes.Pool, issue 32
// item 1). World computes the same matrices as m.World; Workers is the
// number of threads it runs on; Close stops its workers.
type pool interface {
	Workers() int
	World(m modes.Mode, nodes []scene.Node, ws *modes.Workspace, out []mgl64.Mat4)
	Close()
}

// newPool makes the all-cores pool with the given number of workers, or
// is nil in a build whose package modes has no pool yet: the lab then
// measures one thread only and says so (Bench.AllCores).
var newPool func(workers int) pool

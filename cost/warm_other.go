//go:build !js

package cost

import "time"

// warmTime is how long a cell's untimed first updates run, at least (one
// update when it takes longer): enough to estimate an update's time.
const warmTime = time.Millisecond

//go:build js

package cost

import "time"

// warmTime is how long a cell's untimed first updates run, at least (one
// update when it takes longer). In a browser the first calls of a
// function run in V8's baseline compiler until its optimizing compiler
// has taken them over, which takes more than an estimate's millisecond:
// 20 ms lets it, for each rule at the first size.
const warmTime = 20 * time.Millisecond

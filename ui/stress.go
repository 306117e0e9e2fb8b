package ui

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
)

// StressScene returns n copies of the piston, their Roots on a square
// grid 8 units apart, for performance measurements (node names Root0, A0,
// B0, Root1, ...). It returns an error only if n is not positive.
func StressScene(n int) (*scene.Scene, error) {
	if n <= 0 {
		return nil, fmt.Errorf("stress scene: want a positive count, got %d", n)
	}
	p, err := scene.NewPreset("piston")
	if err != nil {
		return nil, err
	}
	side := 1
	for side*side < n {
		side++
	}
	nodes := make([]scene.Node, 0, n*len(p.Nodes))
	for k := 0; k < n; k++ {
		base := len(nodes)
		for _, nd := range p.Nodes {
			nd.Name = fmt.Sprintf("%s%d", nd.Name, k)
			if nd.Parent >= 0 {
				nd.Parent += base
			} else {
				nd.Local.Position = nd.Local.Position.Add(mgl64.Vec3{float64(k%side) * 8, 0, float64(k/side) * 8})
			}
			nodes = append(nodes, nd)
		}
	}
	return scene.New(nodes)
}

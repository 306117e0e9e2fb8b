package scene

import "fmt"

// IsDescendant reports whether node d lies in the subtree of node a (a
// node is in its own subtree).
func (s *Scene) IsDescendant(d, a int) bool {
	for d >= 0 {
		if d == a {
			return true
		}
		d = s.Nodes[d].Parent
	}
	return false
}

// SetParent moves node i (with its subtree) under newParent (-1 makes it a
// root) without changing any local transform, then restores parents-first
// order with a stable reorder. It returns the map from old to new indices.
// Making a node its own ancestor is an error and leaves s unchanged. To
// keep the world transform, compute the new local first (see
// transform.Reparent) and SetLocal it after the move.
func (s *Scene) SetParent(i, newParent int) (newIndex []int, err error) {
	n := len(s.Nodes)
	if i < 0 || i >= n || newParent < -1 || newParent >= n {
		return nil, fmt.Errorf("reparent: index out of range")
	}
	if newParent >= 0 && s.IsDescendant(newParent, i) {
		return nil, fmt.Errorf("reparent: %q cannot become a child of its own descendant %q", s.Nodes[i].Name, s.Nodes[newParent].Name)
	}
	parent := make([]int, n)
	for k := range s.Nodes {
		parent[k] = s.Nodes[k].Parent
	}
	parent[i] = newParent
	// Stable depth-first order from the roots, children in old order.
	order := make([]int, 0, n)
	var visit func(p int)
	visit = func(p int) {
		for k := 0; k < n; k++ {
			if parent[k] == p {
				order = append(order, k)
				visit(k)
			}
		}
	}
	visit(-1)
	newIndex = make([]int, n)
	for ni, old := range order {
		newIndex[old] = ni
	}
	nodes := make([]Node, n)
	for ni, old := range order {
		nd := s.Nodes[old]
		if parent[old] >= 0 {
			nd.Parent = newIndex[parent[old]]
		} else {
			nd.Parent = -1
		}
		nodes[ni] = nd
	}
	s.Nodes = nodes
	return newIndex, nil
}

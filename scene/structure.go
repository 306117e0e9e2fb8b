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
// Skins' joints and animation channels' nodes are renumbered with it (in
// copies: other copies of the scene keep theirs).
// It takes time linear in the number of nodes. Making a node its own
// ancestor is an error and leaves s unchanged. To keep the world transform, compute the new local first (see
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
	order := preorder(parent)
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
	// Skins name their joints by index: renumber them (a copy per skin,
	// as skins are shared with other scene copies).
	moved := map[*Skin]*Skin{}
	for k := range nodes {
		sk := nodes[k].Skin
		if sk == nil {
			continue
		}
		if c, ok := moved[sk]; ok {
			nodes[k].Skin = c
			continue
		}
		c := &Skin{Joints: make([]int, len(sk.Joints)), InverseBind: sk.InverseBind}
		for j, old := range sk.Joints {
			c.Joints[j] = newIndex[old]
		}
		moved[sk] = c
		nodes[k].Skin = c
	}
	// Animation channels name their node by index too: renumber them in
	// copies (animations are shared with other scene copies; the key
	// times and values are shared, never modified).
	if len(s.Animations) > 0 {
		anims := make([]*Animation, len(s.Animations))
		for ai, a := range s.Animations {
			c := &Animation{Name: a.Name, Channels: append([]Channel(nil), a.Channels...)}
			for ci := range c.Channels {
				if old := c.Channels[ci].Node; old >= 0 && old < n {
					c.Channels[ci].Node = newIndex[old]
				}
			}
			anims[ai] = c
		}
		s.Animations = anims
	}
	s.Nodes = nodes
	return newIndex, nil
}

// preorder returns the stable depth-first order of a forest given by
// parent indices (-1 for a root): roots in index order, each node followed
// by its subtree, children in index order. It is iterative and linear, so
// deep chains and wide trees of 10^5 nodes cost no more than a pass. The
// forest must have no cycles.
func preorder(parent []int) []int {
	n := len(parent)
	// Children as linked lists: first[p+1] is p's first child (p = -1 for
	// the roots), next[k] is k's next sibling; built backwards so that
	// siblings stay in index order.
	first := make([]int, n+1)
	for i := range first {
		first[i] = -1
	}
	next := make([]int, n)
	for k := n - 1; k >= 0; k-- {
		next[k] = first[parent[k]+1]
		first[parent[k]+1] = k
	}
	order := make([]int, 0, n)
	stack := []int{first[0]} // per depth, the next sibling to visit
	for len(stack) > 0 {
		top := len(stack) - 1
		k := stack[top]
		if k < 0 {
			stack = stack[:top]
			continue
		}
		order = append(order, k)
		stack[top] = next[k]
		stack = append(stack, first[k+1])
	}
	return order
}

package gltfio

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Attachment is a camera or a KHR_lights_punctual light that a node of a
// glTF file carries.
type Attachment struct {
	// Node is the glTF index of the node that carries it; Parent is that
	// node's parent's (-1 when no node lists it as a child).
	Node, Parent int
	// Kind is "camera" or "light".
	Kind string
	// Index is the camera's index in the file's cameras, or the light's
	// in the KHR_lights_punctual lights.
	Index int
}

// Attachments lists the cameras and lights a glTF file's nodes carry, in
// node order (a node's camera before its light), and returns the number
// of nodes. data is a .gltf's JSON or a .glb. It reads only the nodes,
// with its own minimal JSON parse (not the reader's document), so that
// bake's check can find where a copy put each camera and light of the
// original. A child index out of range is ignored (Read refuses such a
// file); data that is not glTF JSON is an error.
func Attachments(data []byte) (nodes int, list []Attachment, err error) {
	text := data
	if bytes.HasPrefix(data, []byte("glTF")) {
		if text, _, err = splitGLB(data); err != nil {
			return 0, nil, err
		}
	}
	var doc struct {
		Nodes []*struct {
			Camera     *int  `json:"camera"`
			Children   []int `json:"children"`
			Extensions struct {
				Lights *struct {
					Light *int `json:"light"`
				} `json:"KHR_lights_punctual"`
			} `json:"extensions"`
		} `json:"nodes"`
	}
	if err := json.Unmarshal(text, &doc); err != nil {
		return 0, nil, fmt.Errorf("not a valid glTF file: %v", err)
	}
	parent := make([]int, len(doc.Nodes))
	for i := range parent {
		parent[i] = -1
	}
	for i, n := range doc.Nodes {
		if n == nil {
			continue
		}
		for _, c := range n.Children {
			if c >= 0 && c < len(parent) {
				parent[c] = i
			}
		}
	}
	for i, n := range doc.Nodes {
		if n == nil {
			continue
		}
		if n.Camera != nil {
			list = append(list, Attachment{Node: i, Parent: parent[i], Kind: "camera", Index: *n.Camera})
		}
		if l := n.Extensions.Lights; l != nil && l.Light != nil {
			list = append(list, Attachment{Node: i, Parent: parent[i], Kind: "light", Index: *l.Light})
		}
	}
	return len(doc.Nodes), list, nil
}

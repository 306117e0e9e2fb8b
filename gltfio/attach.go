package gltfio

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

// Attachments lists the cameras and lights the file's nodes carry, in
// node order (a node's camera before its light), from the document Read
// checked (every camera index in range; a light as its node's
// KHR_lights_punctual object names it), so that bake's check can find
// where a copy put each camera and light of the original.
func (f *File) Attachments() []Attachment {
	var list []Attachment
	for i, n := range f.r.doc.Nodes {
		if n.Camera != nil {
			list = append(list, Attachment{Node: i, Parent: f.r.parent[i], Kind: "camera", Index: *n.Camera})
		}
		if l, ok := nodeLight(n); ok {
			list = append(list, Attachment{Node: i, Parent: f.r.parent[i], Kind: "light", Index: l})
		}
	}
	return list
}

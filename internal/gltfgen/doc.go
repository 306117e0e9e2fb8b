// Package gltfgen writes the glTF 2.0 fixtures skewlab's glTF reader is
// tested against: good files that the Khronos validator accepts with zero
// errors and deliberately bad files with one defect each. It uses only the
// standard library (its own JSON structs, encoding/json, encoding/binary),
// never the reader's glTF library or any skewlab package, so that the
// reader is checked against an independent implementation.
//
// Conventions are glTF's: y is up, lengths are in metres (glTF's unit;
// skewlab treats them as plain units), angles are computed in radians,
// matrices are column-major (element (row r, column c) at index 4c+r),
// quaternions are stored [x, y, z, w] (skewlab's own docs write
// (w, x, y, z)), and a node's local transform is T*R*S. Vertex data is
// float32 little-endian; every bufferView starts on a 4-byte boundary and
// every POSITION accessor carries the exact min and max of its data.
//
// The fixture table (Fixtures) is the one place that says which files are
// good and which bad; scripts/gengltf writes it as manifest.json for the
// validator check in checks/gltf.
package gltfgen

package gltfgen

import "encoding/binary"

// GLB container constants (glTF 2.0 specification, section 4.4): the
// magic "glTF", version 2, and the chunk types "JSON" and "BIN\x00", all
// little-endian uint32.
const (
	glbMagic     = 0x46546C67
	glbVersion   = 2
	glbChunkJSON = 0x4E4F534A
	glbChunkBIN  = 0x004E4942
	glbHeaderLen = 12
	glbChunkHead = 8
)

// packGLB returns a GLB: the 12-byte header, the JSON chunk padded with
// spaces to a multiple of 4 bytes, and (when bin is not empty) the BIN
// chunk padded with zeros to a multiple of 4 bytes. The header's length
// is the whole file's length.
func packGLB(js, bin []byte) []byte {
	js = pad(js, ' ')
	total := glbHeaderLen + glbChunkHead + len(js)
	if len(bin) > 0 {
		bin = pad(bin, 0)
		total += glbChunkHead + len(bin)
	}
	out := make([]byte, 0, total)
	out = binary.LittleEndian.AppendUint32(out, glbMagic)
	out = binary.LittleEndian.AppendUint32(out, glbVersion)
	out = binary.LittleEndian.AppendUint32(out, uint32(total))
	out = appendChunk(out, glbChunkJSON, js)
	if len(bin) > 0 {
		out = appendChunk(out, glbChunkBIN, bin)
	}
	return out
}

func appendChunk(out []byte, typ uint32, data []byte) []byte {
	out = binary.LittleEndian.AppendUint32(out, uint32(len(data)))
	out = binary.LittleEndian.AppendUint32(out, typ)
	return append(out, data...)
}

// pad returns a copy of b extended with fill to a multiple of 4 bytes.
func pad(b []byte, fill byte) []byte {
	out := append([]byte(nil), b...)
	for len(out)%4 != 0 {
		out = append(out, fill)
	}
	return out
}

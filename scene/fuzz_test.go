package scene

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// FuzzSceneFile feeds arbitrary bytes to the strict reader. It must not
// panic; an error is one line; an accepted file must also be accepted by
// encoding/json with the same values (the strict reader only refuses
// more), and must survive Marshal and Unmarshal unchanged.
func FuzzSceneFile(f *testing.F) {
	f.Add([]byte(sceneText(`{"name":"Root","parent":null,`+okNode+`}`, `{"name":"A","parent":"Root",`+okNode+`,"shape":"box","color":[1,0,1]}`)))
	f.Add([]byte(sceneText(`{"name":"A\u00e9\ud83d\ude00",` + okNode + `}`)))
	f.Add([]byte(sceneText(`{"name":"A",` + okNode + `,"Position":[1,2,3]}`)))
	f.Add([]byte(sceneText(`{"name":"A\ud800",` + okNode + `}`)))
	f.Add([]byte(sceneText(`{"name":"A","position":[0,null,0],"rotation":[1,0,0,0],"scale":[1,1,1]}`)))
	f.Add([]byte(sceneText(`{"name":"A","name":"B",` + okNode + `}`)))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Unmarshal("f", data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of more than one line: %q", err)
			}
			return
		}
		var lenient fileScene
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&lenient); err != nil {
			t.Fatalf("strict reader accepted what encoding/json refuses: %v", err)
		}
		strict, _ := decodeFile(data)
		if !reflect.DeepEqual(*strict, lenient) {
			t.Fatalf("values differ:\nstrict  %+v\nlenient %+v", *strict, lenient)
		}
		back, err := Unmarshal("f", s.Marshal())
		if err != nil {
			t.Fatalf("Marshal output refused: %v", err)
		}
		if !reflect.DeepEqual(back.Nodes, s.Nodes) {
			t.Fatalf("round trip changed the nodes")
		}
	})
}

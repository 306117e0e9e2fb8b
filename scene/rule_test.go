package scene

import (
	"strings"
	"testing"

	"skewlab/transform"
)

// TestRuleRoundTrip: a node's rule survives Marshal and Unmarshal, and a
// node without one writes no "rule" key.
func TestRuleRoundTrip(t *testing.T) {
	s, err := New([]Node{
		{Name: "Root", Parent: -1, Local: identityTRS()},
		{Name: "A", Parent: 0, Local: identityTRS(), Rule: RuleMayaSSC},
		{Name: "B", Parent: 1, Local: identityTRS(), Rule: RuleBlenderAligned},
	})
	if err != nil {
		t.Fatal(err)
	}
	text := s.Marshal()
	if n := strings.Count(string(text), `"rule"`); n != 2 {
		t.Fatalf("want 2 rule keys (Root follows the global mode), got %d:\n%s", n, text)
	}
	back, err := Unmarshal("x.json", text)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []Rule{RuleFollow, RuleMayaSSC, RuleBlenderAligned} {
		if back.Nodes[i].Rule != want {
			t.Errorf("node %d: rule %v, want %v", i, back.Nodes[i].Rule, want)
		}
	}
}

// TestBadRules: an unknown or empty rule name is an error naming the node
// and the field and listing the valid names; "global" is RuleFollow.
func TestBadRules(t *testing.T) {
	for _, tc := range []struct{ rule, want string }{
		{`"blender-full"`, `unknown rule "blender-full"`},
		{`""`, `unknown rule ""`},
		{`"accumulate-trs"`, `unknown rule "accumulate-trs"`}, // a TRS mode is not a per-node rule
		{`3`, "string"},
	} {
		_, err := Unmarshal("f.json", []byte(sceneText(`{"name":"A",`+okNode+`,"rule":`+tc.rule+`}`)))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), `node "A"`) ||
			!strings.Contains(err.Error(), "rule") {
			t.Errorf("rule %s: got %v, want an error with %q", tc.rule, err, tc.want)
		}
		if err != nil && tc.rule != "3" && !strings.Contains(err.Error(), "maya-ssc") {
			t.Errorf("rule %s: the error does not list the valid names: %v", tc.rule, err)
		}
	}
	s, err := Unmarshal("f.json", []byte(sceneText(`{"name":"A",`+okNode+`,"rule":"global"}`)))
	if err != nil || s.Nodes[0].Rule != RuleFollow {
		t.Fatalf(`"global": %v, %v`, s, err)
	}
	if _, err := New([]Node{{Name: "A", Parent: -1, Local: identityTRS(), Rule: ruleCount}}); err == nil {
		t.Error("New accepted a rule outside the enumeration")
	}
}

// TestParseRule: every name RuleNames lists parses back to its rule.
func TestParseRule(t *testing.T) {
	names := RuleNames()
	if len(names) != 8 || names[0] != "global" || names[1] != "accumulate-matrices" || names[7] != "maya-ssc" {
		t.Fatalf("RuleNames = %v", names)
	}
	for _, n := range names {
		r, err := ParseRule(n)
		if err != nil || r.String() != n {
			t.Errorf("%q: %v, %v", n, r, err)
		}
	}
	if got := Rule(200).String(); got != "rule(200)" {
		t.Errorf("Rule(200) = %q", got)
	}
}

func identityTRS() transform.TRS { return transform.Identity() }

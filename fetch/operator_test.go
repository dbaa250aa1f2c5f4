package fetch

import "testing"

// TestEveryBuiltinHasAnOperator: every built-in profile names who runs it,
// Google's crawlers Google, so sentences can state a vendor's rule only for
// that vendor; the custom profile names none.
func TestEveryBuiltinHasAnOperator(t *testing.T) {
	for _, p := range Builtins() {
		switch {
		case p.Custom && p.Operator != "":
			t.Errorf("%s: custom profile has operator %q", p.ID, p.Operator)
		case !p.Custom && p.Operator == "":
			t.Errorf("%s has no operator", p.ID)
		}
	}
	if p, _ := Lookup("bingbot"); p.IsGoogle() || p.OperatorName() != "Bing" {
		t.Errorf("bingbot: IsGoogle %v, operator %q", p.IsGoogle(), p.OperatorName())
	}
	if p, _ := Lookup(DefaultProfileID); !p.IsGoogle() {
		t.Errorf("%s is not Google's", DefaultProfileID)
	}
}

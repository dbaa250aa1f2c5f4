package inspect

import (
	"strings"
	"testing"
)

// TestFindingCountsHaveSeparators writes the counts of a finding the way
// every number is shown: "1,100 of 1,353 headings", not "1100 of 1353".
func TestFindingCountsHaveSeparators(t *testing.T) {
	kept := "<title>t</title>" + strings.Repeat("<h2>k</h2>", 253)
	body := []byte(kept + strings.Repeat("<h2>lost</h2>", 1100))
	cut := int64(len(kept))
	a := Analyze(Input{Body: body, Cutoff: &cut, Limit: cut, Crawler: "Googlebot", Operator: "Google"})
	for _, f := range a.Findings {
		if f.Code == CodeHeadingsLost {
			if !strings.HasPrefix(f.Message, "1,100 of 1,353 headings are ") {
				t.Errorf("message %q", f.Message)
			}
			return
		}
	}
	t.Errorf("no %s finding in %s", CodeHeadingsLost, codes(a.Findings))
}

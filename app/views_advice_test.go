package app

import (
	"strings"
	"testing"
)

// TestOverviewStatesTheAdvice: the Overview's "What pushes the page past
// the cutoff" block states the report's advice, each as its simulation
// predicts, and none of the contributors' byte counts.
func TestOverviewStatesTheAdvice(t *testing.T) {
	rep, p := cutReport(t)
	if len(rep.Advice) == 0 {
		t.Fatal("the cut report has no advice: the test tests nothing")
	}
	text := prepareViews(rep, p).overview.contributors
	if !strings.HasPrefix(text, "What pushes the page past the cutoff:\n") {
		t.Errorf("block %q lacks its heading", text)
	}
	for _, a := range rep.Advice {
		if !strings.Contains(text, "• "+a.Message) {
			t.Errorf("block %q lacks the advice %q", text, a.Message)
		}
	}
	for _, c := range rep.Contributors {
		if strings.Contains(text, c.Message) {
			t.Errorf("block %q states a contributor: %q", text, c.Message)
		}
	}
}

package app

import (
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
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

// TestOverviewWithoutAdvice: a page cut in its text, with nothing that
// moving out of the HTML would bring back, says so beside the What if…
// button rather than leaving a blank line; a page the limit keeps whole
// has no block at all.
func TestOverviewWithoutAdvice(t *testing.T) {
	p, ok := fetch.Lookup(fetch.DefaultProfileID)
	if !ok {
		t.Fatal("no default profile")
	}
	body := []byte("<!doctype html><html><head><title>Text</title></head><body><p>" + strings.Repeat("word ", 800) + "</p></body></html>")
	for _, tt := range []struct {
		name string
		cut  *int64
		want string
	}{
		{"cut in its text", ptr(int64(2000)), i18n.T("app.no-advice")},
		{"kept whole", nil, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := &fetch.Result{URL: "http://h/t", FinalURL: "http://h/t", StatusLine: "HTTP/1.1 200 OK", Body: body,
				Kind: fetch.KindHTML, Accounting: fetch.Accounting{Status: 200, BodyBytes: int64(len(body)), LimitBytes: 2000,
					Truncated: tt.cut != nil, CutoffOffset: tt.cut, ReadComplete: true}}
			rep := &inspect.Report{URL: res.URL, FinalURL: res.FinalURL, Fetch: res, Analysis: inspect.Analyze(inspect.NewInput(res, &p)),
				Profile: inspect.ProfileSummary{ID: p.ID, Name: p.Name}}
			if len(rep.Advice) != 0 {
				t.Fatalf("the page has advice: %v", rep.Advice)
			}
			if got := prepareViews(rep, p).overview.contributors; got != tt.want {
				t.Errorf("the advice block says %q, want %q", got, tt.want)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

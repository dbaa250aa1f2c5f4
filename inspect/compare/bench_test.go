package compare

import (
	"net/http/httptest"
	"testing"

	"github.com/cutoffapp/cutoff/fetch/demosite"
)

// BenchmarkCompareDemoBig compares the demo's 2.6 MB truncated page as four
// profiles, fetched concurrently from a loopback server: the cost of a
// comparison is that of its inspections, and the differences on top.
func BenchmarkCompareDemoBig(b *testing.B) {
	srv := httptest.NewServer(demosite.Handler())
	defer srv.Close()
	subs := subjects(b, "googlebot-smartphone", "googlebot-desktop", "bingbot", "gptbot")
	var bytes int64
	for b.Loop() {
		r := mustRun(b, srv.URL+"/big", subs)
		bytes = 0
		for _, f := range r.Fetches {
			bytes += f.Fetch.BodyBytes
		}
	}
	b.SetBytes(bytes)
}

// BenchmarkDifferences measures the comparison alone, on fetches already
// made.
func BenchmarkDifferences(b *testing.B) {
	srv := httptest.NewServer(demosite.Handler())
	defer srv.Close()
	r := mustRun(b, srv.URL+"/big", subjects(b, "googlebot-smartphone", "googlebot-desktop", "bingbot", "gptbot"))
	b.ReportAllocs()
	for b.Loop() {
		compareAll(r.Fetches)
	}
}

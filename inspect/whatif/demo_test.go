package whatif_test

import (
	. "github.com/cutoffapp/cutoff/inspect/whatif"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/cutoffapp/cutoff/fetch/demosite"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/scan"
)

// TestDemoAdvice holds the contract on the demo site's /big page: 2.6 MB
// whose head is bloated with data: images and scripts, with the canonical
// link, hreflang and JSON-LD at byte 2,150,000.
func TestDemoAdvice(t *testing.T) {
	srv := httptest.NewServer(demosite.Handler())
	defer srv.Close()
	res, err := srv.Client().Get(srv.URL + "/big")
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET /big: %v %v", res.Status, err)
	}
	in := googlebot(body)
	base := inspect.Analyze(in)
	if !slices.Contains(resultOf(base).Lost, scan.ElementCanonical) {
		t.Fatalf("the demo's canonical is kept today (%s): the test tests nothing", show(resultOf(base)))
	}
	advice := newPlan(in, base).Advise(AllKinds)
	checkContract(t, in, base, advice)
	checkContract(t, in, base, base.Advice)
	if !slices.Equal(messages(advice), messages(base.Advice)) {
		t.Errorf("the report's advice %q, the plan's %q: the demo page fits in the scope", messages(base.Advice), messages(advice))
	}
	rescued := false
	for _, a := range advice {
		t.Log(a.Message)
		rescued = rescued || slices.Contains(a.Result.Kept, scan.ElementCanonical)
	}
	if !rescued {
		t.Errorf("no advice keeps the demo's canonical link")
	}
}

package scan

import (
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/cutoffapp/cutoff/fetch/demosite"
)

// retokenizedImpact is the impact computed the plain way: the full body in
// one pass, and the kept prefix tokenized again on its own as a complete
// document. The forked pass must give exactly the same.
func retokenizedImpact(in Input, steps Steps) *Impact {
	tokens := LowerAll(in.Tokens)
	cut := min(max(*in.Cutoff, 0), int64(len(in.Body)))
	links := linkResolver{page: siteHost(in.URL)}
	links.rel = links.page
	full := newPass(in.Body, true, cut, tokens, links)
	full.steps = steps
	full.run()
	kept := newPass(in.Body[:cut], false, -1, tokens, links)
	kept.steps = steps
	kept.run()
	r := &Result{Critical: full.crit, Impact: impact(full, kept, cut)}
	return r.Decode(in.Body, nil).Impact
}

// checkForkedImpact compares the analysis's impact with the retokenized
// one, tokens stepped over or not.
func checkForkedImpact(t *testing.T, name string, in Input) {
	t.Helper()
	for _, steps := range []Steps{DefaultSteps, StepAll} {
		got := analyze(in, steps, nil).Impact
		want := retokenizedImpact(in, steps)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s cut at %d (tokens stepped over from %+v bytes): forked impact\n%+v\nretokenized prefix\n%+v",
				name, *in.Cutoff, steps, got, want)
		}
	}
}

// demoPages fetches the embedded demo site's HTML pages through its
// handler.
func demoPages(t *testing.T) map[string][]byte {
	t.Helper()
	h := demosite.Handler()
	pages := map[string][]byte{}
	for _, path := range []string{"/", "/clean", "/noindex", "/resources", "/big"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://127.0.0.1"+path, nil))
		body, err := io.ReadAll(rec.Result().Body)
		if err != nil || rec.Code != http.StatusOK || len(body) == 0 {
			t.Fatalf("demo page %s: status %d, %d bytes, %v", path, rec.Code, len(body), err)
		}
		pages[path] = body
	}
	return pages
}

// fuzzSeeds are the pages of the table tests here and the saved test
// pages, seeds of the fuzzers.
func fuzzSeeds(f *testing.F) [][]byte {
	var seeds [][]byte
	for _, tt := range byteMapTests {
		seeds = append(seeds, []byte(tt.html))
	}
	for _, page := range stepOverTagPages {
		seeds = append(seeds, []byte(page))
	}
	saved := os.DirFS(filepath.Join("..", "testdata", "pages"))
	names, err := fs.Glob(saved, "*.html")
	if err != nil || len(names) == 0 {
		f.Fatalf("no saved test pages: %v", err)
	}
	for _, name := range names {
		if b, err := fs.ReadFile(saved, name); err == nil {
			seeds = append(seeds, b)
		} else {
			f.Fatal(err)
		}
	}
	return seeds
}

// TestForkedImpactDemoPages cuts every demo page and every saved test
// page at every offset (the big page near its 2 MB cutoff, and at 16
// offsets spread over it) and checks that the forked pass's impact is the
// retokenized prefix's.
func TestForkedImpactDemoPages(t *testing.T) {
	pages := demoPages(t)
	for i, s := range fuzzSeeds(&testing.F{}) {
		pages[fmt.Sprintf("seed %d", i)] = s
	}
	for name, body := range pages {
		for _, cut := range cutsOf(len(body)) {
			c := int64(cut)
			checkForkedImpact(t, name, Input{Body: body, Tokens: []string{"googlebot"}, Cutoff: &c})
		}
	}
}

// cutsOf lists the cutoffs tried on an n-byte body: all of them for small
// bodies; for big ones 16 spread over the body and every third offset
// near Googlebot's cutoff (2,000,000 bytes less a header).
func cutsOf(n int) []int {
	var cuts []int
	if n <= 64<<10 {
		for c := 0; c <= n; c++ {
			cuts = append(cuts, c)
		}
		return cuts
	}
	for i := range 16 {
		cuts = append(cuts, n*i/15)
	}
	for c := max(0, 2_000_000-400); c <= min(n, 2_000_000-300); c += 3 {
		cuts = append(cuts, c)
	}
	return cuts
}

// FuzzForkedImpact checks the forked impact against the retokenized prefix
// on any body and cutoff.
func FuzzForkedImpact(f *testing.F) {
	for i, s := range fuzzSeeds(f) {
		f.Add(s, uint32(i*61))
	}
	f.Fuzz(func(t *testing.T, body []byte, cut uint32) {
		c := int64(cut) % int64(len(body)+1)
		checkForkedImpact(t, "fuzz input", Input{Body: body, Tokens: []string{"googlebot"}, Cutoff: &c})
	})
}

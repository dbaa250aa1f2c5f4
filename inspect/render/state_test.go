package render

import (
	"context"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
)

// statePage shows what the browser kept from an earlier render in its
// title, then stores a cookie, local and session storage and a cache
// entry for the next one.
const statePage = `<!doctype html><html><head><title>fresh</title></head><body><script>
var seen = [document.cookie, localStorage.getItem('k'), sessionStorage.getItem('k')].filter(Boolean);
if (seen.length) document.title = 'seen ' + seen.join(' ');
document.cookie = 'k=1; max-age=3600';
localStorage.setItem('k', 'local');
sessionStorage.setItem('k', 'session');
</script></body></html>`

func TestRendersAreStateless(t *testing.T) {
	needBrowser(t)
	srv := site(t, map[string]string{"/": statePage})
	for i := range 2 {
		_, r := inspectAndRender(t, srv.URL+"/", 0, Options{NoScreenshots: true})
		for _, p := range []*inspect.RenderedPage{r.Google, r.Full} {
			if p.Title != "fresh" {
				t.Errorf("job %d, %s render: title %q: state survived from an earlier render", i, p.Mode, p.Title)
			}
		}
	}
}

func TestRequestCap(t *testing.T) {
	needBrowser(t)
	page := htmlPage(`for (var i = 0; i < 30; i++) fetch('/data.json?' + i);`)
	srv := site(t, map[string]string{"/": page, "/data.json": `{}`})
	_, r := inspectAndRender(t, srv.URL+"/", 0, Options{MaxRequests: 10, NoScreenshots: true})
	capped := 0
	for _, q := range r.Requests {
		if strings.Contains(q.NotFetchedReason, "cap of 10 requests") {
			capped++
		}
	}
	// 31 requests: the document and 9 fetches answered, 21 refused, and
	// the list keeps twice the cap. On a loaded machine the browser may
	// send the fetches before the document's answer is counted, so the
	// cap may refuse more of the listed ones, never fewer.
	if capped < 10 || len(r.Requests) != 20 {
		t.Errorf("%d of %d listed requests refused by the cap, want at least 10 of 20", capped, len(r.Requests))
	}
	wantSentence("asked for more than 10 files, the most one render fetches; the rest were refused.")(t, r)
	wantSentence("11 more requests were made than the list of requests shows: it stops at 20.")(t, r)
}

func TestSkippedTypesAreNotFetched(t *testing.T) {
	needBrowser(t)
	page := `<!doctype html><html><head><title>t</title><style>@font-face{font-family:f;src:url(/f.woff2)}body{font-family:f}</style></head>
<body><img src="/a.png"><video src="/v.mp4" autoplay></video>text</body></html>`
	srv := site(t, map[string]string{"/": page})
	_, r := inspectAndRender(t, srv.URL+"/", 0, Options{NoScreenshots: true})
	kinds := map[string]bool{}
	for _, q := range r.Requests {
		if q.Kind != "document" {
			kinds[q.Kind] = true
			if !strings.HasPrefix(q.NotFetchedReason, "Not fetched: Google's renderer does not fetch") || q.Status != 0 {
				t.Errorf("%s (%s) answered: %+v", q.URL, q.Kind, q)
			}
		}
	}
	if !kinds["image"] || !kinds["font"] {
		t.Errorf("the image and the font were not requested at all: %v", kinds)
	}
}

func TestLocalFile(t *testing.T) {
	needBrowser(t)
	page := `<!doctype html><html><head><title>Local</title><script src="app.js"></script></head><body>
<script>document.body.insertAdjacentHTML('beforeend', '<a href="/made">made</a>')</script></body></html>`
	r, _ := renderLocal(t, page)
	if r.Google.Title != "Local" || r.Google.Links != 1 {
		t.Fatalf("local render: %+v %+v", r.Google, r.Requests)
	}
	s, _ := find(r.Scripts, func(s inspect.RenderedScript) bool { return strings.HasSuffix(s.URL, "/app.js") })
	if s.Ran || !strings.Contains(s.Reason, "local file") {
		t.Errorf("relative script of a local file: %+v", s)
	}
}

func TestNoBrowser(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if _, err := FindBrowser(""); err != ErrNoBrowser {
		t.Fatalf("FindBrowser with an empty PATH: %v", err)
	}
	rep := &inspect.Report{Fetch: &fetch.Result{Kind: fetch.KindHTML}}
	r := Run(context.Background(), &fetch.Fetcher{}, rep, fetch.Profile{}, Options{})
	if !strings.Contains(r.Error, "install the Debian package chromium-headless-shell") {
		t.Errorf("no browser: %q", r.Error)
	}
	if _, err := FindBrowser("/nonexistent/chromium"); err == nil {
		t.Error("a missing --browser path must fail")
	}
}

// TestHeadingTextCut checks that a long heading's text is cut at
// renderedTextMax characters as Go counts them (code points), never inside
// one: a heading of 400 emoji, two UTF-16 units each, keeps 300 of them,
// the same prefix the analysis compares with.
func TestHeadingTextCut(t *testing.T) {
	needBrowser(t)
	heading := strings.TrimSpace(strings.Repeat("🍓 ", 400))
	srv := site(t, map[string]string{"/": "<!doctype html><html><head><title>t</title></head><body><h1>" + heading + "</h1></body></html>"})
	_, r := inspectAndRender(t, srv.URL+"/", 0, Options{NoScreenshots: true})
	want := string([]rune(heading)[:renderedTextMax])
	if len(r.Google.H1) != 1 || r.Google.H1[0] != want {
		t.Errorf("google render's h1 = %q (%d characters), want the heading's first %d characters", r.Google.H1, len([]rune(strings.Join(r.Google.H1, ""))), renderedTextMax)
	}
}

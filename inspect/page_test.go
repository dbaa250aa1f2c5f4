package inspect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/finding"
)

// pageSite is an httptest server with named routes that counts the
// requests it receives per path, so a test can tell what Page fetched.
type pageSite struct {
	*httptest.Server
	mu   sync.Mutex
	hits map[string]int
}

func newPageSite(t *testing.T, routes map[string]http.HandlerFunc) *pageSite {
	t.Helper()
	s := &pageSite{hits: map[string]int{}}
	mux := http.NewServeMux()
	for pattern, h := range routes {
		mux.HandleFunc(pattern, h)
	}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.hits[r.URL.Path]++
		s.mu.Unlock()
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(func() {
		// Closing the connections ends the requests of handlers that hang,
		// which Close would otherwise wait for.
		s.CloseClientConnections()
		s.Close()
	})
	return s
}

// count returns how many requests path received.
func (s *pageSite) count(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

// serve answers with status, content type and body.
func serve(status int, contentType, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(status)
		fmt.Fprint(w, body)
	}
}

func serveHTML(body string) http.HandlerFunc {
	return serve(http.StatusOK, "text/html; charset=utf-8", body)
}

func serveRobots(body string) http.HandlerFunc {
	return serve(http.StatusOK, "text/plain", body)
}

// hangUntil closes arrived when the first request comes in, sends nothing,
// and returns when the client goes away.
func hangUntil(arrived chan<- struct{}) http.HandlerFunc {
	var once sync.Once
	return func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() { close(arrived) })
		<-r.Context().Done()
	}
}

// htmlPage returns a complete HTML document of at least n bytes, its
// title and canonical in the head and extra just inside the body.
func htmlPage(n int, extra string) string {
	var b strings.Builder
	b.WriteString(`<!doctype html><html><head><title>Widgets</title>` +
		`<link rel="canonical" href="/widgets"></head><body><h1>Widgets</h1>` + extra)
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "<p>Paragraph %d about widgets, with a <a href=\"/w/%d\">link</a>.</p>\n", i, i)
	}
	b.WriteString("</body></html>")
	return b.String()
}

// pageProfile returns Googlebot Smartphone.
func pageProfile(t *testing.T) fetch.Profile {
	t.Helper()
	p, ok := fetch.Lookup(fetch.DefaultProfileID)
	if !ok {
		t.Fatalf("profile %q not found", fetch.DefaultProfileID)
	}
	return p
}

// findingCodes lists the codes of fs in order.
func findingCodes(fs []finding.Finding) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Code
	}
	return out
}

func findingByCode(fs []finding.Finding, code string) (finding.Finding, bool) {
	for _, f := range fs {
		if f.Code == code {
			return f, true
		}
	}
	return finding.Finding{}, false
}

// checkSortedBySeverity fails when a finding follows a less severe one.
func checkSortedBySeverity(t *testing.T, fs []finding.Finding) {
	t.Helper()
	for i := 1; i < len(fs); i++ {
		if finding.Rank(fs[i].Severity) > finding.Rank(fs[i-1].Severity) {
			t.Errorf("finding %d (%s, %s) follows the less severe %s (%s)", i, fs[i].Code, fs[i].Severity, fs[i-1].Code, fs[i-1].Severity)
		}
	}
}

var pageTests = []struct {
	name   string
	routes map[string]http.HandlerFunc
	path   string // requested on the site
	limit  int64  // fetch.Options.LimitOverride; 0 keeps the profile's
	// ignoreRobots turns the profile into one that does not consult
	// robots.txt.
	ignoreRobots bool
	// profile is a built-in profile's ID to use instead of the test's.
	profile    string
	wantStatus int
	wantCodes  []string // findings that must be present
	wantNot    []string // findings that must be absent
	check      func(t *testing.T, s *pageSite, r *Report)
}{
	{
		name: "under limit",
		routes: map[string]http.HandlerFunc{
			"/robots.txt": serveRobots("User-agent: *\nAllow: /\n"),
			"/page":       serveHTML(htmlPage(3000, "")),
		},
		path: "/page", wantStatus: 200,
		wantNot: []string{CodePageOverLimit, CodePageBlockedByRobots, CodeRobotsUnreachable, CodePageStatus},
		check: func(t *testing.T, s *pageSite, r *Report) {
			if r.Fetch.CutoffOffset != nil || r.CutoffOffset != nil {
				t.Errorf("cutoff offsets = %v, %v, want nil", r.Fetch.CutoffOffset, r.CutoffOffset)
			}
			if r.Impact != nil {
				t.Errorf("Impact = %+v, want nil for an untruncated page", r.Impact)
			}
			if r.Fetch.Truncated {
				t.Error("Fetch.Truncated = true, want false")
			}
			if r.FinalRobots != nil {
				t.Errorf("FinalRobots = %+v, want nil without a redirect", r.FinalRobots)
			}
			if got, want := r.Robots.URL, s.URL+"/robots.txt"; got != want {
				t.Errorf("Robots.URL = %q, want %q", got, want)
			}
			if got, want := r.Profile.LimitBytes, int64(2_000_000); got != want {
				t.Errorf("Profile.LimitBytes = %d, want %d", got, want)
			}
			if r.RobotsCache == nil {
				t.Error("RobotsCache = nil, want the cache that fetched robots.txt")
			}
		},
	},
	{
		name: "over limit",
		routes: map[string]http.HandlerFunc{
			"/robots.txt": serveRobots("User-agent: *\nAllow: /\n"),
			"/big":        serveHTML(htmlPage(12000, "")),
		},
		path: "/big", limit: 5000, wantStatus: 200,
		wantCodes: []string{CodePageOverLimit},
		check: func(t *testing.T, s *pageSite, r *Report) {
			res := r.Fetch
			if res.CutoffOffset == nil {
				t.Fatal("Fetch.CutoffOffset = nil, want limit - header bytes")
			}
			if got, want := *res.CutoffOffset, 5000-res.HeaderBytes; got != want {
				t.Errorf("cutoff_offset = %d, want %d (5000 - %d header bytes)", got, want, res.HeaderBytes)
			}
			if r.CutoffOffset == nil || *r.CutoffOffset != *res.CutoffOffset {
				t.Errorf("Analysis.CutoffOffset = %v, want %d", r.CutoffOffset, *res.CutoffOffset)
			}
			if r.Impact == nil {
				t.Fatal("Impact = nil, want the cutoff's impact")
			}
			if got, want := r.Impact.KeptBytes, *res.CutoffOffset; got != want {
				t.Errorf("Impact.KeptBytes = %d, want %d", got, want)
			}
			if got, want := r.Profile.LimitBytes, int64(5000); got != want {
				t.Errorf("Profile.LimitBytes = %d, want %d", got, want)
			}
		},
	},
	{
		name: "disallowed for googlebot",
		routes: map[string]http.HandlerFunc{
			"/robots.txt":    serveRobots("User-agent: *\nAllow: /\n\nUser-agent: googlebot\nDisallow: /private\n"),
			"/private/page":  serveHTML(htmlPage(500, "")),
			"/private/other": serveHTML("unused"),
		},
		path: "/private/page", wantStatus: 200,
		wantCodes: []string{CodePageBlockedByRobots},
		wantNot:   []string{CodeRobotsUnreachable},
		check: func(t *testing.T, s *pageSite, r *Report) {
			rb := r.Robots
			if rb.Allowed || rb.Skipped {
				t.Errorf("Robots.Allowed, Skipped = %v, %v, want false, false", rb.Allowed, rb.Skipped)
			}
			if got, want := rb.Line, 5; got != want {
				t.Errorf("Robots.Line = %d, want %d", got, want)
			}
			if got, want := rb.Rule, "Disallow: /private"; got != want {
				t.Errorf("Robots.Rule = %q, want %q", got, want)
			}
			if got, want := rb.Group, "googlebot"; got != want {
				t.Errorf("Robots.Group = %q, want %q", got, want)
			}
			if got, want := rb.Policy, "parsed"; got != want {
				t.Errorf("Robots.Policy = %q, want %q", got, want)
			}
			f, _ := findingByCode(r.Findings, CodePageBlockedByRobots)
			if !strings.Contains(f.Message, "line 5 (Disallow: /private)") {
				t.Errorf("finding %q does not name the deciding line", f.Message)
			}
			if got, want := s.count("/private/page"), 1; got != want {
				t.Errorf("page requests = %d, want %d: Cutoff fetches a blocked page to show it", got, want)
			}
		},
	},
	{
		name: "robots.txt answers 503",
		routes: map[string]http.HandlerFunc{
			"/robots.txt": serve(http.StatusServiceUnavailable, "text/plain", "busy"),
			"/page":       serveHTML(htmlPage(500, "")),
		},
		path: "/page", wantStatus: 200,
		wantCodes: []string{CodeRobotsUnreachable},
		// One cause, one finding: the page is not disallowed by a rule.
		wantNot: []string{CodePageBlockedByRobots},
		check: func(t *testing.T, s *pageSite, r *Report) {
			rb := r.Robots
			if got, want := rb.Policy, "disallow-all"; got != want {
				t.Errorf("Robots.Policy = %q, want %q", got, want)
			}
			if got, want := rb.Status, 503; got != want {
				t.Errorf("Robots.Status = %d, want %d", got, want)
			}
			if rb.Allowed {
				t.Error("Robots.Allowed = true, want false under disallow-all")
			}
			f, _ := findingByCode(r.Findings, CodeRobotsUnreachable)
			if f.Severity != finding.Critical || !strings.Contains(f.Message, "503") || !strings.Contains(f.Message, "may not fetch this page") {
				t.Errorf("finding = %+v, want a critical one naming the 503 and the page", f)
			}
		},
	},
	{
		name: "robots.txt answers 503 to Bingbot",
		routes: map[string]http.HandlerFunc{
			"/robots.txt": serve(http.StatusServiceUnavailable, "text/plain", "busy"),
			"/page":       serveHTML(htmlPage(500, "")),
		},
		path: "/page", profile: "bingbot", wantStatus: 200,
		wantCodes: []string{CodeRobotsUnreachable},
		check: func(t *testing.T, s *pageSite, r *Report) {
			// Google's rule is stated as Google's, not as Bing's.
			f, _ := findingByCode(r.Findings, CodeRobotsUnreachable)
			if !strings.Contains(f.Message, "That is Google's documented rule") || !strings.Contains(f.Message, "Bing publishes none of its own") {
				t.Errorf("finding = %q, want Google's rule said to be Google's", f.Message)
			}
		},
	},
	{
		name: "profile ignores robots.txt",
		routes: map[string]http.HandlerFunc{
			"/robots.txt": serveRobots("User-agent: *\nDisallow: /\n"),
			"/page":       serveHTML(htmlPage(500, "")),
		},
		path: "/page", ignoreRobots: true, wantStatus: 200,
		wantNot: []string{CodePageBlockedByRobots, CodeRobotsUnreachable},
		check: func(t *testing.T, s *pageSite, r *Report) {
			if !r.Robots.Skipped || !r.Robots.Allowed {
				t.Errorf("Robots = %+v, want Skipped and Allowed", r.Robots)
			}
			if got := s.count("/robots.txt"); got != 0 {
				t.Errorf("robots.txt requests = %d, want 0", got)
			}
		},
	},
	{
		name: "redirect to another path",
		routes: map[string]http.HandlerFunc{
			"/robots.txt": serveRobots("User-agent: googlebot\nDisallow: /new\n"),
			"/old":        func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/new", http.StatusMovedPermanently) },
			"/new":        serveHTML(htmlPage(500, "")),
		},
		path: "/old", wantStatus: 200,
		wantCodes: []string{CodePageBlockedByRobots},
		check: func(t *testing.T, s *pageSite, r *Report) {
			if got, want := r.FinalURL, s.URL+"/new"; got != want {
				t.Errorf("FinalURL = %q, want %q", got, want)
			}
			if got, want := len(r.Fetch.Redirects), 1; got != want {
				t.Fatalf("%d redirects, want %d", got, want)
			}
			if got, want := r.Fetch.Redirects[0].Status, 301; got != want {
				t.Errorf("redirect status = %d, want %d", got, want)
			}
			if !r.Robots.Allowed {
				t.Error("Robots.Allowed = false for /old, want true")
			}
			if r.FinalRobots == nil {
				t.Fatal("FinalRobots = nil after a redirect")
			}
			if r.FinalRobots.Allowed || r.FinalRobots.Line != 2 {
				t.Errorf("FinalRobots = %+v, want disallowed by line 2", r.FinalRobots)
			}
			if got, want := s.count("/robots.txt"), 1; got != want {
				t.Errorf("robots.txt requests = %d, want %d (one per host)", got, want)
			}
		},
	},
	{
		name: "host without a path",
		routes: map[string]http.HandlerFunc{
			"/robots.txt": serveRobots("User-agent: *\nAllow: /\n"),
			"/":           serveHTML(htmlPage(500, "")),
		},
		path: "", wantStatus: 200,
		check: func(t *testing.T, s *pageSite, r *Report) {
			if r.FinalRobots != nil {
				t.Errorf("FinalRobots = %+v, want nil without a redirect", r.FinalRobots)
			}
		},
	},
	{
		name: "redirect on a host whose robots.txt fails",
		routes: map[string]http.HandlerFunc{
			"/robots.txt": serve(http.StatusTooManyRequests, "text/plain", "slow down"),
			"/old":        func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/new", http.StatusFound) },
			"/new":        serveHTML(htmlPage(500, "")),
		},
		path: "/old", wantStatus: 200,
		wantCodes: []string{CodeRobotsUnreachable},
		wantNot:   []string{CodePageBlockedByRobots},
		check: func(t *testing.T, s *pageSite, r *Report) {
			if r.FinalRobots == nil || r.FinalRobots.Policy != "disallow-all" {
				t.Errorf("FinalRobots = %+v, want disallow-all", r.FinalRobots)
			}
			n := 0
			for _, f := range r.Findings {
				if f.Code == CodeRobotsUnreachable {
					n++
				}
			}
			if n != 1 {
				t.Errorf("%d %s findings, want 1: both URLs share one robots.txt", n, CodeRobotsUnreachable)
			}
		},
	},
	{
		name: "404 page",
		routes: map[string]http.HandlerFunc{
			"/robots.txt": serveRobots("User-agent: *\nAllow: /\n"),
			"/gone":       serve(http.StatusNotFound, "text/html", "<title>Not found</title>"),
		},
		path: "/gone", wantStatus: 404,
		wantCodes: []string{CodePageStatus},
		check: func(t *testing.T, s *pageSite, r *Report) {
			f, _ := findingByCode(r.Findings, CodePageStatus)
			if f.Severity != finding.Critical || !strings.Contains(f.Message, "404") {
				t.Errorf("finding = %+v, want a critical one naming 404", f)
			}
		},
	},
}

func TestPage(t *testing.T) {
	t.Parallel()
	for _, tt := range pageTests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newPageSite(t, tt.routes)
			p := pageProfile(t)
			if tt.profile != "" {
				p, _ = fetch.Lookup(tt.profile)
			}
			if tt.ignoreRobots {
				p.ObeysRobots = false
			}
			opt := Options{Fetch: fetch.Options{LimitOverride: tt.limit, Timeout: 10 * time.Second}}
			r, err := Page(t.Context(), &fetch.Fetcher{}, s.URL+tt.path, p, opt)
			if err != nil {
				t.Fatalf("Page: %v", err)
			}
			if got, want := r.Fetch.Status, tt.wantStatus; got != want {
				t.Errorf("status = %d, want %d", got, want)
			}
			if got, want := r.URL, s.URL+tt.path; got != want {
				t.Errorf("URL = %q, want %q", got, want)
			}
			if r.Robots == nil {
				t.Fatal("Robots = nil")
			}
			codes := findingCodes(r.Findings)
			for _, c := range tt.wantCodes {
				if !slices.Contains(codes, c) {
					t.Errorf("findings %v lack %s", codes, c)
				}
			}
			for _, c := range tt.wantNot {
				if slices.Contains(codes, c) {
					t.Errorf("findings %v hold %s", codes, c)
				}
			}
			checkSortedBySeverity(t, r.Findings)
			if tt.check != nil {
				tt.check(t, s, r)
			}
		})
	}
}

// TestPageNoResources counts the subresource requests the server sees with
// and without Options.NoResources.
func TestPageNoResources(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		noResources bool
		wantFetches int // requests for each of /app.js and /site.css
	}{
		{"skipped", true, 0},
		{"fetched", false, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newPageSite(t, map[string]http.HandlerFunc{
				"/robots.txt": serveRobots("User-agent: *\nAllow: /\n"),
				"/page":       serveHTML(htmlPage(500, `<script src="/app.js"></script><link rel="stylesheet" href="/site.css">`)),
				"/app.js":     serve(200, "text/javascript", "run()"),
				"/site.css":   serve(200, "text/css", "p{color:red}"),
			})
			r, err := Page(t.Context(), nil, s.URL+"/page", pageProfile(t), Options{NoResources: tt.noResources})
			if err != nil {
				t.Fatalf("Page: %v", err)
			}
			for _, path := range []string{"/app.js", "/site.css"} {
				if got, want := s.count(path), tt.wantFetches; got != want {
					t.Errorf("requests for %s = %d, want %d", path, got, want)
				}
			}
			if got, want := len(r.Resources) == 0, tt.noResources; got != want {
				t.Errorf("len(Resources) = %d, want empty: %v", len(r.Resources), want)
			}
			// The JSON contract has a list, never null, even when skipped.
			b, err := json.Marshal(r.Resources)
			if err != nil {
				t.Fatal(err)
			}
			if tt.noResources && string(b) != "[]" {
				t.Errorf("resources as JSON = %s, want []", b)
			}
			if tt.noResources {
				checkResourcesSkipped(t, r, "Subresources were not fetched (turned off for this inspection).", -1) // not counted: --no-resources asks for speed
			} else if r.ResourcesSkipped != "" {
				t.Errorf("ResourcesSkipped = %q with the resources fetched", r.ResourcesSkipped)
			}
		})
	}
}

func TestPageLocalFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "page.html")
	body := htmlPage(3000, `<script src="/app.js"></script><link rel=stylesheet href="https://cdn.example/s.css"><img src="a.png">`)
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	opt := Options{Fetch: fetch.Options{HeaderBytes: 300, LimitOverride: 2000}}
	r, err := Page(t.Context(), nil, path, pageProfile(t), opt)
	if err != nil {
		t.Fatalf("Page(%q): %v", path, err)
	}
	if !r.Fetch.Local {
		t.Error("Fetch.Local = false, want true")
	}
	if got, want := r.Fetch.HeaderBytes, int64(300); got != want {
		t.Errorf("HeaderBytes = %d, want %d", got, want)
	}
	if r.CutoffOffset == nil {
		t.Fatal("CutoffOffset = nil, want 2000 - 300")
	}
	if got, want := *r.CutoffOffset, int64(1700); got != want {
		t.Errorf("CutoffOffset = %d, want %d: the given header bytes count", got, want)
	}
	if got, want := r.BodyBytes, int64(len(body)); got != want {
		t.Errorf("BodyBytes = %d, want %d", got, want)
	}
	if r.Robots == nil || !r.Robots.Skipped {
		t.Errorf("Robots = %+v, want Skipped", r.Robots)
	}
	if r.Resources == nil || len(r.Resources) != 0 {
		t.Errorf("Resources = %v, want empty and not nil", r.Resources)
	}
	if r.RobotsCache != nil {
		t.Error("RobotsCache != nil for a local file")
	}
	checkResourcesSkipped(t, r, "Subresources are not fetched for a local file.", 2)
	checkSortedBySeverity(t, r.Findings)
}

// checkResourcesSkipped checks that a report whose subresources were not
// fetched says so, with the references counted (the image is not one the
// renderer fetches): the reason and the reference count (-1: not counted,
// so the note says the reason alone). The text and HTML reports say the
// same note (inspect/report's TestResourcesNoteShown).
func checkResourcesSkipped(t *testing.T, r *Report, reason string, refs int) {
	t.Helper()
	if r.ResourcesSkipped != reason || r.ResourceReferences != max(refs, 0) {
		t.Errorf("ResourcesSkipped, ResourceReferences = %q, %d, want %q, %d", r.ResourcesSkipped, r.ResourceReferences, reason, refs)
	}
	note := r.ResourcesNote()
	switch {
	case refs < 0 && note != reason:
		t.Errorf("ResourcesNote() = %q, want the reason alone: nothing was counted", note)
	case refs >= 0 && (!strings.HasPrefix(note, reason) || !strings.Contains(note, strconv.Itoa(refs)+" scripts")):
		t.Errorf("ResourcesNote() = %q, want the reason and %d references", note, refs)
	}
}

func TestPageInvalidTarget(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "missing.html")
	tests := []struct {
		name, target string
		sentinel     error
		wantText     string // in the error message
	}{
		{"bare host", "example.com", fetch.ErrInvalidURL, "neither a file nor a URL"},
		{"host and path", "example.com/page.html", fetch.ErrInvalidURL, "https://example.com/page.html"},
		{"empty", "", fetch.ErrEmptyURL, ""},
		{"ftp", "ftp://example.com/", fetch.ErrUnsupportedScheme, ""},
		{"missing file", missing, fetch.ErrFile, "does not exist"},
		{"folder", t.TempDir(), fetch.ErrFile, "folder"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, err := Page(t.Context(), nil, tt.target, pageProfile(t), Options{})
			if err == nil {
				t.Fatalf("Page(%q) = %v, nil; want an error", tt.target, r)
			}
			if !fetch.IsUsageError(err) {
				t.Errorf("IsUsageError(%v) = false, want true", err)
			}
			if !errors.Is(err, tt.sentinel) {
				t.Errorf("Page(%q) error %v does not wrap %v", tt.target, err, tt.sentinel)
			}
			if !strings.Contains(err.Error(), tt.wantText) {
				t.Errorf("error %q does not say %q", err, tt.wantText)
			}
		})
	}
}

// TestPageProgress checks that the phases arrive in order and that no two
// calls overlap, though subresources are fetched concurrently.
func TestPageProgress(t *testing.T) {
	t.Parallel()
	var refs strings.Builder
	for i := range 12 {
		fmt.Fprintf(&refs, `<script src="/s%d.js"></script>`, i)
	}
	routes := map[string]http.HandlerFunc{
		"/robots.txt": serveRobots("User-agent: *\nAllow: /\n"),
		"/page":       serveHTML(htmlPage(200_000, refs.String())),
	}
	for i := range 12 {
		routes[fmt.Sprintf("/s%d.js", i)] = serve(200, "text/javascript", strings.Repeat("x();", 5000))
	}
	s := newPageSite(t, routes)

	var (
		mu       sync.Mutex
		phases   []string
		inFlight atomic.Int32
		overlap  atomic.Bool
	)
	progress := func(p Progress) {
		if inFlight.Add(1) > 1 {
			overlap.Store(true)
		}
		defer inFlight.Add(-1)
		mu.Lock()
		if len(phases) == 0 || phases[len(phases)-1] != p.Phase {
			phases = append(phases, p.Phase)
		}
		mu.Unlock()
		time.Sleep(200 * time.Microsecond) // widen the window an overlap needs
	}
	r, err := Page(t.Context(), nil, s.URL+"/page", pageProfile(t), Options{Progress: progress})
	if err != nil {
		t.Fatalf("Page: %v", err)
	}
	if got, want := len(r.Resources), 12; got < want {
		t.Errorf("%d resources, want at least %d", got, want)
	}
	mu.Lock()
	defer mu.Unlock()
	// robots.txt is fetched beside the page; when it comes after the
	// analysis, the wait for it is reported.
	want := []string{PhaseRobots, PhasePage, PhaseAnalysis, PhaseResources}
	again := []string{PhaseRobots, PhasePage, PhaseAnalysis, PhaseRobotsWait, PhaseResources}
	if !slices.Equal(phases, want) && !slices.Equal(phases, again) {
		t.Errorf("phases = %v, want %v or %v", phases, want, again)
	}
	if overlap.Load() {
		t.Error("two progress calls ran at once")
	}
}

// TestPageCancel hangs one request of the inspection and cancels: Page
// must return soon with an error wrapping context.Canceled.
func TestPageCancel(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		hang string // the path whose handler hangs
	}{
		{"robots.txt", "/robots.txt"},
		{"page", "/page"},
		{"subresource", "/slow.js"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			arrived := make(chan struct{})
			routes := map[string]http.HandlerFunc{
				"/robots.txt": serveRobots("User-agent: *\nAllow: /\n"),
				"/page":       serveHTML(htmlPage(500, `<script src="/slow.js"></script>`)),
				"/slow.js":    serve(200, "text/javascript", "ok()"),
			}
			routes[tt.hang] = hangUntil(arrived)
			s := newPageSite(t, routes)

			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			type result struct {
				r   *Report
				err error
			}
			done := make(chan result, 1)
			go func() {
				r, err := Page(ctx, nil, s.URL+"/page", pageProfile(t), Options{})
				done <- result{r, err}
			}()
			select {
			case <-arrived:
			case <-time.After(10 * time.Second):
				t.Fatalf("%s was never requested", tt.hang)
			}
			cancel()
			select {
			case res := <-done:
				if !errors.Is(res.err, context.Canceled) {
					t.Errorf("Page after cancel = %v, %v; want an error wrapping context.Canceled", res.r, res.err)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("Page did not return within 5s of cancel")
			}
		})
	}
}

func TestHasFindingAtLeast(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		severity []string // of the report's findings
		min      string
		want     bool
	}{
		{"no findings", nil, finding.Warning, false},
		{"critical meets critical", []string{finding.Critical}, finding.Critical, true},
		{"critical meets warning", []string{finding.Critical}, finding.Warning, true},
		{"warning misses critical", []string{finding.Warning, finding.Info}, finding.Critical, false},
		{"warning meets warning", []string{finding.Info, finding.Warning}, finding.Warning, true},
		{"info misses warning", []string{finding.Info, finding.Info}, finding.Warning, false},
		{"unknown severity matches nothing", []string{finding.Critical}, "fatal", false},
		{"empty severity matches nothing", []string{finding.Critical}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &Report{Analysis: &Analysis{}}
			for _, s := range tt.severity {
				r.Findings = append(r.Findings, finding.Finding{Severity: s, Code: "x"})
			}
			if got := r.HasFindingAtLeast(tt.min); got != tt.want {
				t.Errorf("HasFindingAtLeast(%q) with %v = %v, want %v", tt.min, tt.severity, got, tt.want)
			}
		})
	}
}

// TestAddFindingsSorted mixes analysis, robots and fetch findings and
// checks the merged list is ordered most severe first, stable within a
// severity.
func TestAddFindingsSorted(t *testing.T) {
	t.Parallel()
	r := &Report{
		Analysis: &Analysis{Findings: []finding.Finding{
			{Severity: finding.Info, Code: "a-info"},
			{Severity: finding.Warning, Code: "a-warning"},
		}},
		Fetch:  &fetch.Result{Accounting: fetch.Accounting{Status: 500, ReadComplete: false}, Insecure: true},
		Robots: &RobotsSummary{URL: "http://h/robots.txt", Policy: "parsed", Allowed: false, Line: 2, Rule: "Disallow: /"},
	}
	r.addFindings(pageProfile(t))
	got := findingCodes(r.Findings)
	want := []string{CodePageBlockedByRobots, CodePageStatus, "a-warning", CodeInsecure, "a-info", CodeReadIncomplete}
	if !slices.Equal(got, want) {
		t.Errorf("findings = %v, want %v", got, want)
	}
}

// TestSerialise calls a wrapped progress callback from many goroutines:
// no two calls may overlap, and a change of phase always gets through.
func TestSerialise(t *testing.T) {
	t.Parallel()
	var inFlight, calls atomic.Int32
	var overlap atomic.Bool
	fn := serialise(func(p Progress) {
		if inFlight.Add(1) > 1 {
			overlap.Store(true)
		}
		calls.Add(1)
		time.Sleep(100 * time.Microsecond)
		inFlight.Add(-1)
	})
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 50 {
				// Calls from many goroutines pile up on the lock.
				fn(Progress{Phase: []string{PhasePage, PhaseResources}[(g+i)%2]})
			}
		})
	}
	wg.Wait()
	if overlap.Load() {
		t.Error("two progress calls ran at once")
	}
	if calls.Load() < 2 {
		t.Errorf("%d calls got through, want the phase changes", calls.Load())
	}
}

// TestSerialiseKeepsEveryCall checks that serialise drops nothing: the
// window, not the engine, decides how many reports to show.
func TestSerialiseKeepsEveryCall(t *testing.T) {
	t.Parallel()
	var got, want []string
	fn := serialise(func(p Progress) { got = append(got, fmt.Sprintf("%s %d", p.Phase, p.Done)) })
	for i := range 10 {
		fn(Progress{Phase: PhasePage, Done: int64(i)})
		want = append(want, fmt.Sprintf("%s %d", PhasePage, i))
	}
	fn(Progress{Phase: PhaseAnalysis, Done: 7})
	want = append(want, "analysis 7")
	if !slices.Equal(got, want) {
		t.Errorf("calls = %v, want %v", got, want)
	}
	serialise(nil)(Progress{Phase: PhasePage}) // a nil callback is a no-op, not a panic
}

// TestPagePDF checks a PDF against the PDF limit, without the findings that
// only HTML can have.
func TestPagePDF(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/pdf")
		w.Write([]byte("%PDF-1.7\n" + strings.Repeat("stream text ", 1000)))
	}))
	defer srv.Close()
	p, _ := fetch.Lookup(fetch.DefaultProfileID)
	r, err := Page(context.Background(), &fetch.Fetcher{}, srv.URL+"/doc.pdf", p,
		Options{Fetch: fetch.Options{LimitOverride: 5000}, NoResources: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Fetch.Kind != fetch.KindPDF || len(r.Critical) != 0 || r.Impact != nil {
		t.Errorf("kind %s, %d critical elements, impact %v: want a PDF with no HTML analysis", r.Fetch.Kind, len(r.Critical), r.Impact)
	}
	for _, f := range r.Findings {
		if f.Code == CodeTitleMissing || f.Code == CodeTextLost {
			t.Errorf("HTML finding %s on a PDF: %s", f.Code, f.Message)
		}
	}
	if !r.HasFindingAtLeast(finding.Critical) {
		t.Error("a PDF over its limit has no critical finding")
	}
}

// TestPageRobotsBesidePage holds robots.txt back until the page has been
// fetched: the page must not wait for it, and the verdict is the slow
// file's.
func TestPageRobotsBesidePage(t *testing.T) {
	t.Parallel()
	analysed := make(chan struct{})
	s := newPageSite(t, map[string]http.HandlerFunc{
		"/robots.txt": func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-analysed:
				serveRobots("User-agent: *\nDisallow: /page\n")(w, r)
			case <-time.After(10 * time.Second):
				http.Error(w, "the page was not fetched while robots.txt was pending", http.StatusServiceUnavailable)
			}
		},
		"/page": serveHTML(htmlPage(50_000, "")),
	})
	var phases []string
	var once sync.Once
	progress := func(p Progress) {
		if len(phases) == 0 || phases[len(phases)-1] != p.Phase {
			phases = append(phases, p.Phase)
		}
		if p.Phase == PhaseAnalysis {
			once.Do(func() { close(analysed) })
		}
	}
	r, err := Page(t.Context(), nil, s.URL+"/page", pageProfile(t), Options{NoResources: true, Progress: progress})
	if err != nil {
		t.Fatalf("Page: %v", err)
	}
	if r.Robots.Status != http.StatusOK || r.Robots.Allowed || r.Robots.Rule != "Disallow: /page" {
		t.Errorf("robots = status %d, allowed %v, rule %q; want 200, disallowed by /page", r.Robots.Status, r.Robots.Allowed, r.Robots.Rule)
	}
	if want := []string{PhaseRobots, PhasePage, PhaseAnalysis}; !slices.Equal(phases[:min(3, len(phases))], want) {
		t.Errorf("phases = %v, want %v first", phases, want)
	}
}

// TestAwaitPageRobots checks that waiting for a robots.txt still being
// fetched says so in the progress, and that one already had says nothing.
func TestAwaitPageRobots(t *testing.T) {
	var phases []string
	had := make(chan *RobotsSummary, 1)
	had <- &RobotsSummary{Allowed: true}
	s := awaitPageRobots(had, func(p Progress) { phases = append(phases, p.Phase) })
	if s == nil || !s.Allowed || len(phases) != 0 {
		t.Errorf("robots.txt already had: summary %v, phases %v; want the summary and no phase", s, phases)
	}
	// Still pending: robots.txt comes only once the wait has been said.
	pending := make(chan *RobotsSummary)
	got := make(chan *RobotsSummary, 1)
	go func() {
		got <- awaitPageRobots(pending, func(p Progress) {
			phases = append(phases, p.Phase)
			go func() { pending <- &RobotsSummary{Status: 503} }()
		})
	}()
	select {
	case s := <-got:
		if s == nil || s.Status != 503 || !slices.Equal(phases, []string{PhaseRobotsWait}) {
			t.Errorf("robots.txt pending: summary %v, phases %v; want status 503 after [%s]", s, phases, PhaseRobotsWait)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("awaitPageRobots waited for robots.txt without reporting its phase")
	}
}

// TestPageFailsBesideRobots fails the page while its robots.txt hangs:
// Page returns the page's error without waiting for robots.txt, and leaves
// no goroutine behind.
func TestPageFailsBesideRobots(t *testing.T) {
	robotsAsked := make(chan struct{})
	s := newPageSite(t, map[string]http.HandlerFunc{
		"/robots.txt": hangUntil(robotsAsked),
		"/page": func(w http.ResponseWriter, r *http.Request) {
			<-robotsAsked
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close() // no response at all
			}
		},
	})
	before := runtime.NumGoroutine()
	done := make(chan error, 1)
	go func() {
		_, err := Page(t.Context(), nil, s.URL+"/page", pageProfile(t), Options{NoResources: true})
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || errors.Is(err, context.Canceled) {
			t.Fatalf("Page = %v; want the page's own error", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Page waited for robots.txt after the page had failed")
	}
	s.Close()
	checkGoroutinesBack(t, before, "the failed inspection")
}

// checkGoroutinesBack fails t unless the goroutines are back to before
// within 5 s of what ended.
func checkGoroutinesBack(t *testing.T, before int, what string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after %s, %d before", n, what, before)
	}
}

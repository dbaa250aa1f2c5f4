package render

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/fetch/demosite"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/resources"
)

// demoRender inspects and renders the demo site's /rendered page as
// Googlebot Smartphone, with the profile's own limits.
func demoRender(t *testing.T) (*inspect.Report, *inspect.Rendered, string) {
	t.Helper()
	needBrowser(t)
	srv := httptest.NewServer(demosite.Handler())
	t.Cleanup(srv.Close)
	rep, r := inspectAndRender(t, srv.URL+"/rendered", 0, Options{})
	if r.Error != "" || r.Google.Error != "" || r.Full.Error != "" {
		t.Fatalf("render failed: %q %q %q", r.Error, r.Google.Error, r.Full.Error)
	}
	return rep, r, srv.URL
}

func TestDemoRendered(t *testing.T) {
	rep, r, origin := demoRender(t)
	t.Run("links past the cutoff are lost, with their source offset", func(t *testing.T) {
		l, ok := find(r.Lost, func(l inspect.RenderedLost) bool { return l.Value == origin+"/rendered/stoves" })
		if !ok {
			t.Fatalf("the link a script past the cutoff adds is not lost: %v", r.Google.LinkList[:3])
		}
		body := string(rep.Fetch.Body)
		if l.Offset == nil || *l.Offset < *rep.Fetch.CutoffOffset || !strings.HasPrefix(body[*l.Offset:], "/rendered/stoves") {
			t.Errorf("offset %v does not point at the script text past the cutoff", l.Offset)
		}
	})
	t.Run("links made by JavaScript before the cutoff are kept", func(t *testing.T) {
		if !contains(r.Google.LinkList, origin+"/rendered/guide") {
			t.Error("the google render lacks the link the early inline script adds")
		}
		if _, ok := scanSource(rep.Fetch.Body, rep.FinalURL).hrefs[origin+"/rendered/guide"]; ok {
			t.Error("the guide link should exist only after rendering, not as an <a> of the source")
		}
	})
	t.Run("the inline script cut before its end tag did not run", func(t *testing.T) {
		s, ok := find(r.Scripts, func(s inspect.RenderedScript) bool {
			return s.Inline && s.Offset < *rep.Fetch.CutoffOffset && s.End > *rep.Fetch.CutoffOffset
		})
		if !ok || s.Ran || !strings.HasPrefix(s.Reason, "Cut before </script>") || !s.RanInFull {
			t.Errorf("straddling script: %+v", s)
		}
		if contains(r.Google.LinkList, origin+"/rendered/reviews") || !contains(r.Full.LinkList, origin+"/rendered/reviews") {
			t.Error("the reviews link should be in the full render only")
		}
	})
	t.Run("the 3 MB bundle cut at its limit did not run and its exception is reported", func(t *testing.T) {
		s, ok := find(r.Scripts, func(s inspect.RenderedScript) bool { return strings.HasSuffix(s.URL, "/static/app.bundle.js") })
		if !ok || s.Ran || !s.RanInFull || !strings.Contains(s.Exception, "SyntaxError") ||
			!strings.Contains(s.Reason, "(its limit) and failed to parse: SyntaxError") {
			t.Errorf("bundle: %+v", s)
		}
		q := byURL(r.Requests)[s.URL]
		if q == nil || !q.Truncated || q.BodyBytes != 3_000_000 || q.ServedBytes != 2_000_000-q.HeaderBytes {
			t.Errorf("bundle request: %+v", q)
		}
		if _, ok := find(r.Lost, func(l inspect.RenderedLost) bool { return l.Kind == inspect.LostJSONLD && l.Value == "ItemList" }); !ok {
			t.Error("the JSON-LD block the bundle's code adds is not lost")
		}
	})
	t.Run("the robots-blocked script was not fetched by the google render", func(t *testing.T) {
		q := byURL(r.Requests)[origin+"/private/tracker.js"]
		if q == nil || !q.BlockedByRobots || q.ServedBytes != 0 || q.Status != 0 || q.RobotsLine != 11 {
			t.Errorf("tracker request: %+v", q)
		}
		s, _ := find(r.Scripts, func(s inspect.RenderedScript) bool { return strings.HasSuffix(s.URL, "/private/tracker.js") })
		if s.Ran || !strings.HasPrefix(s.Reason, "Blocked by robots.txt") || !s.RanInFull {
			t.Errorf("tracker script: %+v", s)
		}
	})
	t.Run("JSON-LD added by JavaScript before the cutoff is kept", func(t *testing.T) {
		if _, ok := find(r.Google.JSONLD, func(b inspect.JSONLD) bool { return b.Type == "WebPage" && b.Valid }); !ok {
			t.Errorf("google JSON-LD: %+v", r.Google.JSONLD)
		}
	})
	t.Run("the canonical only the full render has is lost", func(t *testing.T) {
		if r.Google.Canonical != "" || r.Full.Canonical != origin+"/rendered" {
			t.Errorf("canonical google %q full %q", r.Google.Canonical, r.Full.Canonical)
		}
	})
	t.Run("screenshots", func(t *testing.T) {
		for _, p := range []*inspect.RenderedPage{r.Google, r.Full} {
			if len(p.Screenshot) < 1000 || string(p.Screenshot[1:4]) != "PNG" || p.ScreenshotHeight != inspect.MaxScreenshotHeight {
				t.Errorf("%s screenshot: %d bytes, %d px", p.Mode, len(p.Screenshot), p.ScreenshotHeight)
			}
		}
	})
	t.Run("byte counts equal the inspection's", func(t *testing.T) { sameCounts(t, rep, r) })
}

// sameCounts checks that every request the google render fetched has the
// byte counts the inspection reports for the same URL.
func sameCounts(t *testing.T, rep *inspect.Report, r *inspect.Rendered) {
	t.Helper()
	checked := 0
	for _, q := range r.Requests {
		if q.NotFetchedReason != "" || q.Error != "" {
			continue
		}
		want, ok := inspected(rep, q.URL)
		if !ok {
			continue
		}
		if q.Status != want.Status || q.HeaderBytes != want.HeaderBytes || q.BodyBytes != want.BodyBytes ||
			q.LimitBytes != want.LimitBytes || q.Truncated != want.Truncated {
			t.Errorf("%s: render %d/%d/%d/%d/%v, inspect %d/%d/%d/%d/%v", q.URL, q.Status, q.HeaderBytes, q.BodyBytes,
				q.LimitBytes, q.Truncated, want.Status, want.HeaderBytes, want.BodyBytes, want.LimitBytes, want.Truncated)
		}
		checked++
	}
	if checked < 2 {
		t.Errorf("only %d requests could be compared", checked)
	}
}

// inspected returns the inspection's counts for rawURL: the page itself or
// one of its resources.
func inspected(rep *inspect.Report, rawURL string) (resources.Resource, bool) {
	if rawURL == rep.Fetch.FinalURL {
		return resources.FromFetch(rawURL, "document", rep.Fetch), true
	}
	for _, res := range rep.Resources {
		if res.URL == rawURL && res.Requested {
			return res, true
		}
	}
	return resources.Resource{}, false
}

func find[T any](list []T, ok func(T) bool) (T, bool) {
	for _, v := range list {
		if ok(v) {
			return v, true
		}
	}
	var zero T
	return zero, false
}

func contains(list []string, s string) bool {
	_, ok := find(list, func(v string) bool { return v == s })
	return ok
}

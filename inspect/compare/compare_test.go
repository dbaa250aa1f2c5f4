package compare

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
)

const (
	mobilePage = `<!doctype html><html><head><title>Shoes</title>` +
		`<link rel="canonical" href="https://shop.example/shoes"></head><body><main><h1>Shoes</h1></main></body></html>`
	desktopPage = `<!doctype html><html><head><title>Shoes, all sizes</title></head><body><main><h1>Shoes</h1>` +
		`<p>The desktop page has more text and no canonical.</p></main></body></html>`
	robotsTxt = "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n"
)

// perAgentServer answers as a site with a bot rule and dynamic serving:
// 403 to Bingbot, a desktop page to Googlebot Desktop, one robots.txt that
// shuts GPTBot out.
func perAgentServer(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ua := r.UserAgent()
		if r.URL.Path == "/robots.txt" {
			w.Header().Set("Content-Type", "text/plain")
			w.Write([]byte(robotsTxt))
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		switch {
		case strings.Contains(ua, "bingbot"):
			http.Error(w, "Forbidden", http.StatusForbidden)
		case strings.Contains(ua, "Googlebot") && !strings.Contains(ua, "Mobile"):
			w.Write([]byte(desktopPage))
		default:
			w.Write([]byte(mobilePage))
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func subjects(t testing.TB, ids ...string) []Subject {
	t.Helper()
	var out []Subject
	for _, id := range ids {
		p, ok := fetch.Lookup(id)
		if !ok {
			t.Fatalf("no profile %s", id)
		}
		out = append(out, ProfileSubject(p))
	}
	return out
}

// mustRun compares url as subs, without subresources, and fails the test
// on an error.
func mustRun(t testing.TB, url string, subs []Subject) *Result {
	t.Helper()
	r, err := Run(context.Background(), &fetch.Fetcher{}, url, subs, inspect.Options{NoResources: true})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func runCompare(t *testing.T) *Result {
	t.Helper()
	srv := perAgentServer(t)
	subs := append(subjects(t, "googlebot-smartphone", "googlebot-desktop", "bingbot", "gptbot"),
		AdHoc("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/154.0.0.0 Safari/537.36", 1))
	return mustRun(t, srv.URL+"/shoes", subs)
}

func TestCompareSentences(t *testing.T) {
	r := runCompare(t)
	want := []string{
		"Bingbot got HTTP 403 where Googlebot Smartphone got 200: a firewall or bot rule treats them differently.",
		fmt.Sprintf("Googlebot Desktop got %d bytes of decoded body where Googlebot Smartphone got %d: the server sends them different pages", len(desktopPage), len(mobilePage)),
		`Googlebot Desktop's title is "Shoes, all sizes" where Googlebot Smartphone's is "Shoes".`,
		"Googlebot Desktop has no canonical link, which Googlebot Smartphone's page has.",
		"GPTBot has Page blocked by robots (critical), which Googlebot Smartphone has not.",
		`GPTBot is blocked by line 2 "Disallow: /" (group gptbot) where Googlebot Smartphone is allowed by line 5 "Allow: /" (group *): robots.txt puts them in different groups.`,
	}
	var all []string
	for _, d := range r.Differences {
		all = append(all, d.Sentences...)
	}
	joined := strings.Join(all, "\n")
	for _, w := range want {
		if !strings.Contains(joined, w) {
			t.Errorf("no sentence %q in:\n%s", w, joined)
		}
	}
	if strings.Contains(joined, "Bingbot has no") {
		t.Errorf("the 403 page's missing elements are listed, though its status says why:\n%s", joined)
	}
	if strings.Contains(joined, "Browser") {
		t.Errorf("the browser got the smartphone's page and consults no robots.txt, yet differs:\n%s", joined)
	}
}

func TestCompareJSONAndText(t *testing.T) {
	r := runCompare(t)
	var buf bytes.Buffer
	if err := r.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var got struct {
		URL     string
		Fetches []struct {
			Profile string
			Fetch   struct{ Status int }
		}
		Differences []struct {
			Field     string
			Values    map[string]any
			Sentences []string
		}
		Caveat string
	}
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Fetches) != 5 || got.Fetches[2].Profile != "bingbot" || got.Fetches[2].Fetch.Status != 403 || got.Fetches[4].Profile != "browser" {
		t.Fatalf("fetches = %+v", got.Fetches)
	}
	if d := got.Differences[0]; d.Field != "status" || d.Values["bingbot"] != 403.0 || d.Values["googlebot-smartphone"] != 200.0 {
		t.Errorf("first difference = %+v", d)
	}
	if !strings.Contains(got.Caveat, "cannot prove what Google") {
		t.Errorf("caveat = %q", got.Caveat)
	}
	buf.Reset()
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	for _, w := range []string{"≠ 403", "Bingbot got HTTP 403 where Googlebot Smartphone got 200", "not consulted", "cannot prove what Google"} {
		if !strings.Contains(text, w) {
			t.Errorf("text lacks %q:\n%s", w, text)
		}
	}
}

// TestCompareEqualsSingleInspection checks that a column holds the same
// numbers as inspecting that profile alone.
func TestCompareEqualsSingleInspection(t *testing.T) {
	srv := perAgentServer(t)
	p, _ := fetch.Lookup("googlebot-desktop")
	single, err := inspect.Page(context.Background(), &fetch.Fetcher{}, srv.URL+"/shoes", p, inspect.Options{NoResources: true})
	if err != nil {
		t.Fatal(err)
	}
	r := mustRun(t, srv.URL+"/shoes", subjects(t, "googlebot-smartphone", "googlebot-desktop"))
	col := r.Fetches[1]
	if col.Fetch.HeaderBytes != single.Fetch.HeaderBytes || col.Fetch.BodyBytes != single.Fetch.BodyBytes ||
		len(col.Critical) != len(single.Critical) || col.Robots.Line != single.Robots.Line {
		t.Errorf("column %+v differs from the single inspection %+v", col.Fetch, single.Fetch)
	}
}

func TestCompareFailedFetchAndTooFew(t *testing.T) {
	srv := perAgentServer(t)
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	if _, err := Run(context.Background(), &fetch.Fetcher{}, srv.URL, subjects(t, "bingbot"), inspect.Options{}); err != ErrTooFew {
		t.Errorf("one subject: err = %v", err)
	}
	r := mustRun(t, closed.URL+"/", subjects(t, "googlebot-smartphone", "bingbot"))
	if r.Fetches[0].Error == "" || len(r.Differences) != 0 {
		t.Errorf("both fetches fail the same way: errors %q, differences %+v", r.Fetches[0].Error, r.Differences)
	}
	rows := r.Table()
	if rows[0].Cells[0] == "" || rows[1].Cells[0] != "—" {
		t.Errorf("table of failed fetches = %+v", rows[:2])
	}
}

package robots

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/golden"
)

const reportRobots = `# Example shop
User-agent: *
Disallow: /cart
Disallow: /c
Allow: /c/shoes
Crawl-delay: 5

User-agent: Googlebot
Disallow: /private/
Allow: /private/press/
Disalow: /tmp/

User-agent: Foo
Disallow: /

Sitemap: https://shop.example/sitemap.xml
`

func reportFixture() *CommandReport {
	agents := append(TokenSpecs([]string{"googlebot", "bingbot", "foobot"}), ChainSpec([]string{"googlebot-image", "googlebot"}, false))
	urls := []string{"/", "/cart?step=2", "/careers", "/c/shoes/red", "https://shop.example/private/press/kit.pdf", "/tmp/x", "/robots.txt"}
	return ReportFile("robots.txt", []byte(reportRobots), agents, urls)
}

func TestReportText(t *testing.T) {
	var buf bytes.Buffer
	if err := reportFixture().WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "report.txt", buf.Bytes())
}

func TestReportJSON(t *testing.T) {
	var buf bytes.Buffer
	if err := reportFixture().WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "report.json", buf.Bytes())
}

func TestReportJSONContract(t *testing.T) {
	b, err := json.Marshal(reportFixture())
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Robots  map[string]any   `json:"robots"`
		Results []map[string]any `json:"results"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"source", "url", "status", "bytes", "truncated_at", "policy"} {
		if _, ok := doc.Robots[key]; !ok {
			t.Errorf("robots.%s missing", key)
		}
	}
	if got, want := doc.Robots["source"], "file"; got != want {
		t.Errorf("robots.source = %v, want %v", got, want)
	}
	if len(doc.Results) == 0 {
		t.Fatal("no results")
	}
	for _, key := range []string{"url", "agent", "allowed", "line", "rule", "group", "second_opinion"} {
		if _, ok := doc.Results[0][key]; !ok {
			t.Errorf("results[0].%s missing", key)
		}
	}
	op, _ := doc.Results[0]["second_opinion"].(map[string]any)
	if got, want := op["parser"], SecondParserName; got != want {
		t.Errorf("second_opinion.parser = %v, want %v", got, want)
	}
}

func TestReportFetchedSeveralHosts(t *testing.T) {
	t.Parallel()
	a, _ := robotsServer(t, status(200, "User-agent: *\nDisallow: /a\n"))
	b, _ := robotsServer(t, status(503, ""))
	c := NewCache(&fetch.Fetcher{}, testProfile(t), fetch.Options{Timeout: 10 * time.Second})
	urls := []string{a.URL + "/a", a.URL + "/b", b.URL + "/a", "/bare"}
	r := ReportFetched(context.Background(), c, TokenSpecs([]string{"googlebot"}), urls)
	if got, want := len(r.Files), 3; got != want {
		t.Fatalf("robots files = %d, want %d", got, want)
	}
	if got, want := r.Robots.URL, a.URL+"/robots.txt"; got != want {
		t.Errorf("robots.url = %q, want %q", got, want)
	}
	wantAllowed := []bool{false, true, false, false}
	for i, res := range r.Results {
		if res.Allowed != wantAllowed[i] {
			t.Errorf("%s allowed = %v, want %v (%s)", res.URL, res.Allowed, wantAllowed[i], res.Reason)
		}
	}
	if r.Results[2].SecondOpinion != nil {
		t.Errorf("a disallow-all outcome has no file for a second opinion")
	}
	var buf bytes.Buffer
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Policy: disallow-all", "BLOCKED, robots.txt error", "n/a, no robots.txt URL", "Policy: invalid"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("text report lacks %q:\n%s", want, buf.String())
		}
	}
}

func TestReportSanitizesControlCharacters(t *testing.T) {
	r := ReportFile("robots.txt", []byte("User-agent: *\nDisallow: /\x1b[31m\n"), TokenSpecs([]string{"bot"}), []string{"/\x1b[31mred"})
	var buf bytes.Buffer
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsRune(buf.String(), 0x1b) {
		t.Errorf("escape character reached the text report:\n%q", buf.String())
	}
}

func TestReportSecondOpinionSkippedWhenStarIgnored(t *testing.T) {
	r := ReportFile("robots.txt", []byte("User-agent: *\nDisallow: /\n"), []AgentSpec{ChainSpec([]string{"adsbot-google"}, true)}, []string{"/x"})
	res := r.Results[0]
	if !res.Allowed || res.SecondOpinion == nil || !res.SecondOpinion.Skipped || res.SecondOpinion.Differs {
		t.Errorf("result = %+v, second opinion %+v; want allowed with a skipped second opinion", res, res.SecondOpinion)
	}
}

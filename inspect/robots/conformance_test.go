package robots

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"strings"
	"sync"
	"testing"
)

// conformance mirrors testdata/robots-google.json, a copy of the project's
// conformance file (Google's robots_test.cc, reporting_robots_test.cc, the
// robotstxt-spec-test corpus and extra probes, each with Google's verdict;
// its "source" object names the commits).
type conformance struct {
	Source            json.RawMessage  `json:"source"`
	Vectors           []vector         `json:"vectors"`
	SpecTestCTC       []vector         `json:"spec_test_ctc"`
	Probes            []vector         `json:"probes"`
	UserAgentValidity []agentValidity  `json:"user_agent_validity"`
	PathParamsQuery   []pathCase       `json:"path_params_query"`
	EscapePattern     []escapeCase     `json:"escape_pattern"`
	ParseStats        []statCase       `json:"parse_stats"`
	LineMetadata      []statCase       `json:"reporting_line_metadata"`
	ExtractUserAgent  []extractCase    `json:"extract_user_agent"`
	CrawlerPolicy     *json.RawMessage `json:"crawler_policy"`
}

type vector struct {
	ID           string          `json:"id"`
	Robots       string          `json:"robots"`
	RobotsBase64 string          `json:"robots_base64"`
	Agent        json.RawMessage `json:"agent"` // a string, or a list of tokens
	URL          string          `json:"url"`
	Allowed      bool            `json:"allowed"`
}

type agentValidity struct {
	ID    string `json:"id"`
	Agent string `json:"agent"`
	Valid bool   `json:"valid"`
}

type pathCase struct {
	ID       string `json:"id"`
	URL      string `json:"url"`
	Expected string `json:"expected"`
}

type escapeCase struct {
	ID       string `json:"id"`
	Input    string `json:"input"`
	Expected string `json:"expected"`
}

type statCase struct {
	ID           string          `json:"id"`
	Robots       string          `json:"robots"`
	RobotsBase64 string          `json:"robots_base64"`
	Kind         string          `json:"kind"` // "stat" (default) or "line"
	Stat         string          `json:"stat"`
	Expected     json.RawMessage `json:"expected"`
}

type extractCase struct {
	Input       string `json:"input"`
	Extracted   string `json:"extracted"`
	ValidToObey bool   `json:"valid_to_obey"`
}

// lineExpectation is the "expected" object of a reporting "line" case.
type lineExpectation struct {
	LineNum  int    `json:"line_num"`
	TagName  string `json:"tag_name"`
	IsTypo   bool   `json:"is_typo"`
	Metadata struct {
		IsEmpty        bool `json:"is_empty"`
		HasComment     bool `json:"has_comment"`
		IsComment      bool `json:"is_comment"`
		HasDirective   bool `json:"has_directive"`
		IsTypo         bool `json:"is_acceptable_typo"`
		IsLineTooLong  bool `json:"is_line_too_long"`
		IsMissingColon bool `json:"is_missing_colon_separator"`
	} `json:"metadata"`
}

var loadConformance = sync.OnceValues(func() (*conformance, error) {
	b, err := os.ReadFile("testdata/robots-google.json")
	if err != nil {
		return nil, err
	}
	c := new(conformance)
	return c, json.Unmarshal(b, c)
})

func mustConformance(t testing.TB) *conformance {
	t.Helper()
	c, err := loadConformance()
	if err != nil {
		t.Fatalf("load conformance file: %v", err)
	}
	if len(c.Source) == 0 {
		t.Fatal("conformance file lost its source attribution")
	}
	return c
}

func body(t testing.TB, text, b64 string) []byte {
	t.Helper()
	if b64 == "" {
		return []byte(text)
	}
	b, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatalf("bad robots_base64: %v", err)
	}
	return b
}

func TestConformanceVerdicts(t *testing.T) {
	c := mustConformance(t)
	sets := []struct {
		name    string
		vectors []vector
		want    int // how many vectors the file says the set holds, at least
	}{
		{"vectors", c.Vectors, 145},
		{"spec_test_ctc", c.SpecTestCTC, 400},
		{"probes", c.Probes, 25},
	}
	for _, set := range sets {
		if len(set.vectors) < set.want {
			t.Errorf("%s: %d vectors, want at least %d", set.name, len(set.vectors), set.want)
		}
		for _, v := range set.vectors {
			t.Run(v.ID, func(t *testing.T) {
				f := Parse(body(t, v.Robots, v.RobotsBase64))
				got := checkVector(t, f, v)
				if got.Allowed != v.Allowed {
					t.Errorf("allowed = %v, want %v\nrobots:\n%s\nagent %s url %q\nreason: %s\ntrace:\n  %s",
						got.Allowed, v.Allowed, v.Robots, v.Agent, v.URL, got.Reason, strings.Join(got.Trace, "\n  "))
				}
			})
		}
	}
}

// checkVector runs Check for a string agent and CheckAny for a list.
func checkVector(t *testing.T, f *File, v vector) Verdict {
	var agent string
	if err := json.Unmarshal(v.Agent, &agent); err == nil {
		return f.Check(agent, v.URL)
	}
	var agents []string
	if err := json.Unmarshal(v.Agent, &agents); err != nil {
		t.Fatalf("agent %s is neither a string nor a list", v.Agent)
	}
	return f.CheckAny(agents, v.URL)
}

func TestConformancePathParamsQuery(t *testing.T) {
	for _, tt := range mustConformance(t).PathParamsQuery {
		if got, want := PathParamsQuery(tt.URL), tt.Expected; got != want {
			t.Errorf("%s: PathParamsQuery(%q) = %q, want %q", tt.ID, tt.URL, got, want)
		}
	}
}

func TestConformanceEscapePattern(t *testing.T) {
	for _, tt := range mustConformance(t).EscapePattern {
		if got, want := escapePattern(tt.Input), tt.Expected; got != want {
			t.Errorf("%s: escapePattern(%q) = %q, want %q", tt.ID, tt.Input, got, want)
		}
	}
}

func TestConformanceUserAgentValidity(t *testing.T) {
	for _, tt := range mustConformance(t).UserAgentValidity {
		if got, want := IsValidUserAgent(tt.Agent), tt.Valid; got != want {
			t.Errorf("%s: IsValidUserAgent(%q) = %v, want %v", tt.ID, tt.Agent, got, want)
		}
	}
}

func TestConformanceExtractUserAgent(t *testing.T) {
	for _, tt := range mustConformance(t).ExtractUserAgent {
		if got, want := ExtractUserAgent(tt.Input), tt.Extracted; got != want {
			t.Errorf("ExtractUserAgent(%q) = %q, want %q", tt.Input, got, want)
		}
		if got, want := IsValidUserAgent(tt.Input), tt.ValidToObey; got != want {
			t.Errorf("IsValidUserAgent(%q) = %v, want %v", tt.Input, got, want)
		}
	}
}

// robotsTestStats computes the statistics robots_test.cc's reporter keeps:
// valid directives (user-agent, allow, disallow, sitemap), unknown ones, the
// last line holding a directive, and the sitemap.
func robotsTestStats(f *File) map[string]any {
	valid, unknown, last, sitemap := 0, 0, 0, ""
	for _, ln := range f.Lines {
		switch ln.Kind {
		case KindUserAgent, KindAllow, KindDisallow, KindSitemap:
			valid++
			last = ln.Num
		case KindUnknown, KindUnsupported:
			unknown++
			last = ln.Num
		}
		if ln.Kind == KindSitemap {
			sitemap = ln.Value
		}
	}
	return map[string]any{"valid_directives": valid, "unknown_directives": unknown, "last_line_seen": last, "sitemap": sitemap}
}

func TestConformanceParseStats(t *testing.T) {
	for _, tt := range mustConformance(t).ParseStats {
		stats := robotsTestStats(Parse(body(t, tt.Robots, tt.RobotsBase64)))
		got, ok := stats[tt.Stat]
		if !ok {
			t.Fatalf("%s: unknown stat %q", tt.ID, tt.Stat)
		}
		if g, w := jsonOf(t, got), string(tt.Expected); g != w {
			t.Errorf("%s: %s = %s, want %s", tt.ID, tt.Stat, g, w)
		}
	}
}

func TestConformanceLineMetadata(t *testing.T) {
	for _, tt := range mustConformance(t).LineMetadata {
		f := Parse(body(t, tt.Robots, tt.RobotsBase64))
		if tt.Kind == "line" {
			checkLineMetadata(t, f, tt)
			continue
		}
		var got int
		switch tt.Stat {
		case "valid_directives":
			got = robotsTestStats(f)["valid_directives"].(int)
		case "last_line_seen", "parse_results.size == last_line_seen":
			got = len(f.Lines) // the reporting library sees every line
		default:
			t.Fatalf("%s: unknown stat %q", tt.ID, tt.Stat)
		}
		if g, w := jsonOf(t, got), string(tt.Expected); g != w {
			t.Errorf("%s: %s = %s, want %s", tt.ID, tt.Stat, g, w)
		}
	}
}

func checkLineMetadata(t *testing.T, f *File, tt statCase) {
	t.Helper()
	var want lineExpectation
	if err := json.Unmarshal(tt.Expected, &want); err != nil {
		t.Fatalf("%s: %v", tt.ID, err)
	}
	if want.LineNum < 1 || want.LineNum > len(f.Lines) {
		t.Fatalf("%s: line %d missing; file has %d lines", tt.ID, want.LineNum, len(f.Lines))
	}
	ln := f.Lines[want.LineNum-1]
	got := lineExpectation{LineNum: ln.Num, TagName: tagName(ln.Kind), IsTypo: ln.Typo}
	m := &got.Metadata
	m.IsEmpty, m.HasComment, m.IsComment = ln.Kind == KindEmpty, ln.HasComment, ln.Kind == KindComment
	m.HasDirective, m.IsTypo = ln.Kind >= KindUserAgent, ln.Typo
	m.IsLineTooLong, m.IsMissingColon = ln.TooLong, ln.MissingColon
	if got != want {
		t.Errorf("%s: line %d %q = %+v, want %+v", tt.ID, ln.Num, ln.Text, got, want)
	}
}

// tagName maps a Kind to the tag names of Google's reporting library.
func tagName(k Kind) string {
	switch k {
	case KindUserAgent:
		return "UserAgent"
	case KindAllow:
		return "Allow"
	case KindDisallow:
		return "Disallow"
	case KindSitemap:
		return "Sitemap"
	case KindUnsupported:
		return "Unused"
	}
	return "Unknown"
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

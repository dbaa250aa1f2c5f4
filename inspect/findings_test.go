package inspect

import (
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/inspect/finding"
)

func TestBytes(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{
		{0, "0"}, {999, "999"}, {1000, "1,000"}, {2431007, "2,431,007"}, {-1234567, "-1,234,567"},
		{9223372036854775807, "9,223,372,036,854,775,807"},
	}
	for _, tt := range tests {
		if got := Bytes(tt.n); got != tt.want {
			t.Errorf("Bytes(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

// codes lists a page's findings as sorted "severity code" strings.
func codes(fs []finding.Finding) string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Severity+" "+f.Code)
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

var findingTests = []struct {
	name   string
	html   string
	header []string // X-Robots-Tag values
	limit  int64    // with no header bytes; 0: no limit
	want   string
}{
	{name: "clean page", html: "<title>t</title><p>x</p>", limit: 1000, want: ""},
	{name: "near the limit", html: "<title>t</title><p>" + strings.Repeat("x", 850), limit: 1000, want: "warning near-limit"},
	{
		name: "canonical past the limit", html: "<title>t</title>" + strings.Repeat("x", 100) + "<link rel=canonical href=/c>", limit: 100,
		want: "critical canonical-beyond-cutoff, critical head-element-after-body-start, critical page-over-limit, " +
			"warning text-lost",
	},
	{
		name: "head broken by a div", html: "<title>t</title><div>x</div><link rel=alternate hreflang=de href=/de>",
		want: "warning head-element-after-body-start",
	},
	{name: "noindex header", html: "<title>t</title>", header: []string{"noindex"}, want: "warning noindex-header"},
	{name: "nofollow meta", html: "<title>t</title><meta name=robots content=nofollow>", want: "info robots-rules"},
	{
		name: "disagreeing canonicals", html: "<title>t</title><link rel=canonical href=/a><link rel=canonical href=/b>",
		want: "warning canonical-multiple",
	},
	{name: "same canonical twice", html: "<title>t</title><link rel=canonical href=/a><link rel=canonical href=/a>", want: ""},
	{name: "no title", html: "<p>x</p>", want: "warning title-missing"},
	{
		name: "noscript with an iframe in the head", want: "info noscript-ends-head",
		html: "<head><title>t</title><noscript><iframe src=/gtm></iframe></noscript><link rel=canonical href=/c></head>",
	},
	{
		name: "noscript with only a style in the head", want: "",
		html: "<head><title>t</title><noscript><style>p{}</style></noscript><link rel=canonical href=/c></head>",
	},
	{
		name: "cut inside a script", html: "<title>t</title><script>" + strings.Repeat("a();", 50) + "</script>", limit: 60,
		want: "critical page-over-limit, warning advice-scripts, warning head-end-beyond-cutoff, warning unclosed-element-at-cutoff",
	},
	{
		name: "many invalid JSON-LD blocks", html: "<title>t</title>" + strings.Repeat(`<script type="application/ld+json">{</script>`, 12),
		want: strings.Repeat("info json-ld-invalid, ", 1) + strings.TrimSuffix(strings.Repeat("warning json-ld-invalid, ", 10), ", "),
	},
}

func TestFindings(t *testing.T) {
	for _, tt := range findingTests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			for _, v := range tt.header {
				h.Add("X-Robots-Tag", v)
			}
			body := []byte(tt.html)
			in := Input{Body: body, Header: h, Limit: tt.limit, Tokens: []string{"googlebot"}, Cutoff: cutoffFor(tt.limit, 0, len(body))}
			if got := codes(Analyze(in).Findings); got != tt.want {
				t.Errorf("findings\n got: %s\nwant: %s", got, tt.want)
			}
		})
	}
}

// TestFindingMessage pins the wording of the headline finding, the one a
// consultant pastes into an email.
func TestFindingMessage(t *testing.T) {
	pad := 2_431_007 - len("<title>t</title><p>")
	body := []byte("<title>t</title><p>" + strings.Repeat("x", pad) + `<link rel="canonical" href="/c">`)
	cut := int64(2_000_000)
	a := Analyze(Input{Body: body, Cutoff: &cut, Limit: 2_000_000, Crawler: "Googlebot", Operator: "Google"})
	want := "The canonical link is at body byte 2,431,007, after Googlebot's cutoff at body byte 2,000,000: " +
		"Googlebot will not see it, so the search engine chooses the canonical URL on its own."
	for _, f := range a.Findings {
		if f.Code == CodeCanonicalBeyondCutoff {
			if f.Message != want {
				t.Errorf("message = %q, want %q", f.Message, want)
			}
			if f.Severity != finding.Critical || f.Offset == nil || *f.Offset != 2_431_007 {
				t.Errorf("finding = %+v, want critical at 2431007", f)
			}
			return
		}
	}
	t.Errorf("no %s finding in %s", CodeCanonicalBeyondCutoff, codes(a.Findings))
}

// TestFindingsIncompleteRead words sizes as lower bounds when reading
// stopped before the end of the body, and does not place the head's end at
// the last byte read.
func TestFindingsIncompleteRead(t *testing.T) {
	t.Parallel()
	body := []byte("<!doctype html><html><head><title>t</title><script>" + strings.Repeat("x", 500))
	cut := int64(200)
	a := Analyze(Input{Body: body, Cutoff: &cut, Limit: 200, Incomplete: true, Crawler: "Googlebot", Operator: "Google"})
	var over, head string
	for _, f := range a.Findings {
		switch f.Code {
		case CodePageOverLimit:
			over = f.Message
		case CodeHeadEndBeyondCutoff:
			head = f.Message
		}
	}
	if !strings.Contains(over, "at least 551 bytes") {
		t.Errorf("page-over-limit = %q, want the size as a lower bound", over)
	}
	if !strings.Contains(head, "does not end within the 551 bytes read") {
		t.Errorf("head-end-beyond-cutoff = %q, want that the head's end was not read", head)
	}
}

// TestFindingsDuplicatesPastTheCutoff checks that on a page that repeats
// its title and canonical (concatenated articles, CMS bugs) the findings
// reason about the element the crawler keeps, and agree with the impact.
func TestFindingsDuplicatesPastTheCutoff(t *testing.T) {
	t.Parallel()
	head := "<html><head><title>First</title><link rel=canonical href=/a></head><body>"
	second := "<title>Second</title><link rel=canonical href=/b><p>more</p>"
	tests := []struct {
		name string
		body string
		want map[string]string // code: "severity" of the one finding of that code
	}{
		{"same canonical repeated past the cutoff",
			head + strings.Repeat("x", 3_000) + "<title>Second</title><link rel=canonical href=/a>",
			map[string]string{CodeTitleBeyondCutoff: finding.Info, CodeCanonicalBeyondCutoff: finding.Info, CodeCanonicalMultiple: ""}},
		{"other canonical past the cutoff", head + strings.Repeat("x", 3_000) + second,
			map[string]string{CodeTitleBeyondCutoff: finding.Info, CodeCanonicalBeyondCutoff: finding.Info,
				CodeCanonicalMultiple: finding.Info, CodeHeadAfterBodyStart: ""}},
		{"both canonicals kept", head + second + strings.Repeat("x", 3_000),
			map[string]string{CodeTitleBeyondCutoff: "", CodeCanonicalMultiple: finding.Warning}},
		{"first title lost too", "<html><body>" + strings.Repeat("x", 3_000) + "<title>A</title><title>B</title>",
			map[string]string{CodeTitleBeyondCutoff: finding.Critical}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cut := int64(2_000)
			a := Analyze(Input{Body: []byte(tt.body), Cutoff: &cut, Limit: 2_000, Crawler: "Googlebot", Operator: "Google"})
			for code, sev := range tt.want {
				var got []string
				for _, f := range a.Findings {
					if f.Code == code {
						got = append(got, f.Severity)
					}
				}
				if want := strings.Fields(sev); strings.Join(got, " ") != strings.Join(want, " ") {
					t.Errorf("%s findings %v, want %v (%s)", code, got, want, codes(a.Findings))
				}
			}
			if a.Impact.Title.Kept {
				for _, f := range a.Findings {
					if f.Code == CodeTitleBeyondCutoff && f.Severity != finding.Info {
						t.Errorf("impact keeps the title but a finding says %q", f.Message)
					}
				}
			}
		})
	}
}

func TestFindingDuplicateTitleMessage(t *testing.T) {
	t.Parallel()
	pad := 2_768_461 - len("<html><head><title>First</title></head><body>")
	body := "<html><head><title>First</title></head><body>" + strings.Repeat("x", pad) + "<title>Second</title>"
	cut := int64(1_999_860)
	a := Analyze(Input{Body: []byte(body), Cutoff: &cut, Limit: 2_000_000, Crawler: "Googlebot", Operator: "Google"})
	want := "Another title at body byte 2,768,461 is after Googlebot's cutoff at body byte 1,999,860, but the first one, " +
		"at body byte 12, is kept and is the one Google uses: nothing is lost."
	for _, f := range a.Findings {
		if f.Code == CodeTitleBeyondCutoff {
			if f.Message != want || f.Severity != finding.Info {
				t.Errorf("%s %q, want info %q", f.Severity, f.Message, want)
			}
			return
		}
	}
	t.Errorf("no %s finding in %s", CodeTitleBeyondCutoff, codes(a.Findings))
}

func TestCharsetFindings(t *testing.T) {
	tests := []struct {
		name, body, contentType string
		code                    string
		offset                  int64
	}{
		{"meta gb2312, UTF-8 bytes", "<html><head><meta charset=\"gb2312\"><title>国内新闻</title></head></html>", "",
			CodeCharsetMismatch, 12},
		{"header Shift_JIS, UTF-8 bytes", "<title>朝日新聞</title>", "text/html; charset=Shift_JIS",
			CodeCharsetMismatch, -1},
		{"declared UTF-8, invalid bytes", "<meta charset=utf-8><title>caf\xe9</title>", "text/html",
			CodeInvalidUTF8, 30},
		{"agreeing Shift_JIS", "<meta charset=shift_jis><title>\x93\xfa\x96\x7b</title>", "", "", 0},
		{"ASCII under gb2312", "<meta charset=gb2312><title>News</title>", "", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Analyze(Input{Body: []byte(tt.body), Header: http.Header{"Content-Type": {tt.contentType}}})
			var found *finding.Finding
			for i, f := range a.Findings {
				if f.Code == CodeCharsetMismatch || f.Code == CodeInvalidUTF8 {
					found = &a.Findings[i]
				}
			}
			switch {
			case tt.code == "" && found != nil:
				t.Errorf("unexpected finding %s: %s", found.Code, found.Message)
			case tt.code == "":
			case found == nil || found.Code != tt.code:
				t.Errorf("findings %+v, want %s", a.Findings, tt.code)
			case tt.offset < 0 && found.Offset != nil, tt.offset >= 0 && (found.Offset == nil || *found.Offset != tt.offset):
				t.Errorf("%s at offset %v, want %d", found.Code, found.Offset, tt.offset)
			}
		})
	}
}

// TestGoogleRulesForOtherCrawlers inspects a page whose findings rest on
// rules only Google documents: for Bingbot each says it is Google's rule
// and Bing publishes none; for Googlebot none says so.
func TestGoogleRulesForOtherCrawlers(t *testing.T) {
	body := []byte(`<html><head><link rel="canonical" href="/a"><link rel="canonical" href="/b">` +
		`<noscript><img src="/p.gif"></noscript><meta name="description" content="d"></head><body>` +
		`<p>Text</p><link rel="canonical" href="/c"><link rel="alternate" hreflang="fr" href="/fr"></body></html>`)
	for _, tt := range []struct {
		crawler, operator string
		marked            bool
	}{{"Bingbot", "Bing", true}, {"Custom", "", true}, {"Googlebot", "Google", false}} {
		a := Analyze(Input{Body: body, Crawler: tt.crawler, Operator: tt.operator})
		n := 0
		for _, f := range a.Findings {
			if !strings.Contains(f.Message, "Google") {
				continue
			}
			n++
			marked := strings.Contains(f.Message, "(Google's documented rule; ")
			if marked != tt.marked {
				t.Errorf("%s, %s: %s", tt.crawler, f.Code, f.Message)
			}
		}
		if n < 4 {
			t.Errorf("%s: %d findings state Google's rules, want the title, canonicals, hreflang and noscript ones", tt.crawler, n)
		}
	}
}

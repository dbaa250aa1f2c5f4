package inspect

import (
	"net/http"
	"strings"
	"testing"
)

func renderParsed(rs []parsed) string {
	var parts []string
	for _, r := range rs {
		s := r.rule
		if r.agent != "" {
			s = r.agent + "/" + s
		}
		if r.value != "" {
			s += "=" + r.value
		}
		if r.ignored {
			s += "!"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

var parseRulesTests = []struct {
	name   string
	text   string
	agents bool   // header form: "agent: rules" prefixes allowed
	want   string // agent/rule=value, "!" for ignored rules
}{
	{name: "empty", text: " , ,", want: ""},
	{name: "comma list, case", text: "NoIndex, NOFOLLOW", want: "noindex nofollow"},
	{name: "values", text: "max-snippet: 50, max-image-preview:LARGE, max-video-preview:-1", want: "max-snippet=50 max-image-preview=large max-video-preview=-1"},
	{name: "bad values are ignored", text: "max-snippet:ten, max-image-preview:huge, max-video-preview:-2", want: "max-snippet=ten! max-image-preview=huge! max-video-preview=-2!"},
	{name: "retired and unknown rules", text: "noarchive, nocache, whatever", want: "noarchive! nocache! whatever!"},
	{name: "agent prefix in a header", text: "googlebot: noindex, nofollow", agents: true, want: "googlebot/noindex googlebot/nofollow"},
	{name: "agent prefix switches", text: "googlebot: noindex, BingBot: nofollow", agents: true, want: "googlebot/noindex bingbot/nofollow"},
	{name: "no agent prefix in meta content", text: "googlebot: noindex", want: "googlebot=noindex!"},
	{
		name: "RFC 822 date with a comma", text: "unavailable_after: Wed, 03 Jul 2030 10:00:00 GMT, noindex",
		want: "unavailable_after=Wed, 03 Jul 2030 10:00:00 GMT noindex",
	},
	{
		name: "RFC 850 date for an agent", text: "googlebot: unavailable_after: Wednesday, 03-Jul-30 10:00:00 GMT", agents: true,
		want: "googlebot/unavailable_after=Wednesday, 03-Jul-30 10:00:00 GMT",
	},
	{name: "ISO date", text: "unavailable_after: 2030-07-03", want: "unavailable_after=2030-07-03"},
	{name: "empty date is ignored", text: "unavailable_after:", want: "unavailable_after!"},
}

func TestParseRules(t *testing.T) {
	for _, tt := range parseRulesTests {
		t.Run(tt.name, func(t *testing.T) {
			if got := renderParsed(parseRules(tt.text, tt.agents)); got != tt.want {
				t.Errorf("parseRules(%q, %v) = %q, want %q", tt.text, tt.agents, got, tt.want)
			}
		})
	}
}

var directivesTests = []struct {
	name      string
	header    []string // X-Robots-Tag values
	html      string
	cutoff    int64 // -1: nothing cut
	tokens    []string
	effective string // Effective.List(), space-separated
	written   string // Written.List()
}{
	{name: "nothing", html: "<p>x</p>", cutoff: -1, tokens: []string{"googlebot"}},
	{
		name: "robots and googlebot add up", cutoff: -1, tokens: []string{"googlebot"},
		html:      `<meta name="robots" content="nofollow"><meta name="googlebot" content="noindex">`,
		effective: "noindex nofollow", written: "noindex nofollow",
	},
	{
		name: "another crawler's meta does not apply", cutoff: -1, tokens: []string{"googlebot"},
		html: `<meta name="bingbot" content="noindex">`,
	},
	{
		name: "more restrictive wins", cutoff: -1, tokens: []string{"googlebot"},
		header:    []string{"max-snippet:50, max-image-preview:large", "max-video-preview:-1"},
		html:      `<meta name="robots" content="max-snippet:20, max-image-preview:standard, max-video-preview:30">`,
		effective: "max-snippet:20 max-image-preview:standard max-video-preview:30",
		written:   "max-snippet:20 max-image-preview:standard max-video-preview:30",
	},
	{
		name: "nosnippet hides max-snippet", cutoff: -1, tokens: []string{"googlebot"},
		header: []string{"max-snippet:50", "nosnippet"}, effective: "nosnippet", written: "nosnippet",
	},
	{
		name: "none is noindex and nofollow", cutoff: -1, tokens: []string{"googlebot-news", "googlebot"},
		header: []string{"googlebot-news: none"}, effective: "noindex nofollow", written: "noindex nofollow",
	},
	{
		name: "header for another agent", cutoff: -1, tokens: []string{"googlebot"},
		header: []string{"bingbot: noindex"},
	},
	{
		name: "earliest unavailable_after wins", cutoff: -1, tokens: []string{"googlebot"},
		header:    []string{"unavailable_after: 2031-01-01", "unavailable_after: Wed, 03 Jul 2030 10:00:00 GMT"},
		effective: "unavailable_after:Wed, 03 Jul 2030 10:00:00 GMT", written: "unavailable_after:Wed, 03 Jul 2030 10:00:00 GMT",
	},
	{
		name: "noindex past the cutoff is never seen", cutoff: 10, tokens: []string{"googlebot"},
		html:      `<p>xxxxxxxxxxxxxxxxxx</p><meta name="robots" content="noindex, noimageindex, notranslate, indexifembedded">`,
		effective: "", written: "noindex indexifembedded noimageindex notranslate",
	},
}

func TestDirectives(t *testing.T) {
	for _, tt := range directivesTests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			for _, v := range tt.header {
				h.Add("X-Robots-Tag", v)
			}
			in := Input{Body: []byte(tt.html), Header: h, Tokens: tt.tokens}
			if tt.cutoff >= 0 {
				in.Cutoff = &tt.cutoff
			}
			d := Analyze(in).Directives
			if got, want := strings.Join(d.Effective.List(), " "), tt.effective; got != want {
				t.Errorf("effective rules = %q, want %q", got, want)
			}
			if got, want := strings.Join(d.Written.List(), " "), tt.written; got != want {
				t.Errorf("written rules = %q, want %q", got, want)
			}
		})
	}
}

func TestHeaderValuesAnyCase(t *testing.T) {
	h := http.Header{"x-robots-tag": {"b"}, "X-Robots-Tag": {"a"}, "X-ROBOTS-TAG": {"c"}, "Other": {"d"}}
	if got, want := strings.Join(headerValues(h, "X-Robots-Tag"), ","), "c,a,b"; got != want {
		t.Errorf("headerValues = %q, want %q", got, want)
	}
}

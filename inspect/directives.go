package inspect

import (
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/cutoffapp/cutoff/inspect/scan"
)

// Directive sources.
const (
	SourceHeader = "header" // an X-Robots-Tag response header
	SourceMeta   = "meta"   // a robots <meta> tag
)

// Directive is one robots rule as a page states it, in an X-Robots-Tag
// header or a robots meta tag.
type Directive struct {
	Rule  string `json:"rule"`            // lower case, e.g. "noindex", "max-snippet"
	Value string `json:"value,omitempty"` // "50", "large", a date
	// Agent is the crawler the rule addresses (a header's "googlebot:"
	// prefix, a meta tag's name other than "robots"); empty for all.
	Agent  string `json:"agent,omitempty"`
	Source string `json:"source"` // SourceHeader or SourceMeta
	// Offset is the byte offset of the meta tag in the body; nil for a
	// header.
	Offset *int64 `json:"offset,omitempty"`
	// Seen is true when the crawler reads the rule: always for a header,
	// for a meta tag when the tag ends before the cutoff.
	Seen bool `json:"seen"`
	// Applies is true when the rule addresses the inspected crawler.
	Applies bool `json:"applies"`
	// Ignored is true for rules Google does not use: unknown, retired
	// (noarchive, nocache, ...) or with an invalid value.
	Ignored bool `json:"ignored,omitempty"`
}

// Rules is the combination of directives that apply, the more restrictive
// rule winning where two disagree.
type Rules struct {
	NoIndex   bool `json:"noindex"`
	NoFollow  bool `json:"nofollow"`
	NoSnippet bool `json:"nosnippet"`
	// MaxSnippet is the snippet length limit in characters, -1 for none,
	// nil when not set.
	MaxSnippet *int `json:"max_snippet,omitempty"`
	// MaxImagePreview is "none", "standard" or "large"; empty when not set.
	MaxImagePreview string `json:"max_image_preview,omitempty"`
	// MaxVideoPreview is the video preview limit in seconds, -1 for none,
	// nil when not set.
	MaxVideoPreview *int `json:"max_video_preview,omitempty"`
	// UnavailableAfter is the earliest unavailable_after date, as written.
	UnavailableAfter string `json:"unavailable_after,omitempty"`
	IndexIfEmbedded  bool   `json:"indexifembedded"`
	NoImageIndex     bool   `json:"noimageindex"`
	NoTranslate      bool   `json:"notranslate"`

	unavailable time.Time
}

// Directives gathers the robots rules of a page for one crawler.
type Directives struct {
	All []Directive `json:"all"`
	// Effective combines the rules that apply to the crawler and that it
	// sees: what it will obey.
	Effective Rules `json:"effective"`
	// Written combines the rules that apply to the crawler wherever they
	// are, as if the whole page were read: what the site asks for.
	Written Rules `json:"written"`
}

// List returns the rules in their written form, e.g. ["noindex",
// "max-snippet:50"]; an empty list means no restriction ("all").
func (r *Rules) List() []string {
	var out []string
	add := func(on bool, s string) {
		if on {
			out = append(out, s)
		}
	}
	add(r.NoIndex, "noindex")
	add(r.NoFollow, "nofollow")
	add(r.NoSnippet, "nosnippet")
	if r.MaxSnippet != nil && !r.NoSnippet {
		out = append(out, "max-snippet:"+strconv.Itoa(*r.MaxSnippet))
	}
	add(r.MaxImagePreview != "", "max-image-preview:"+r.MaxImagePreview)
	if r.MaxVideoPreview != nil {
		out = append(out, "max-video-preview:"+strconv.Itoa(*r.MaxVideoPreview))
	}
	add(r.UnavailableAfter != "", "unavailable_after:"+r.UnavailableAfter)
	add(r.IndexIfEmbedded, "indexifembedded")
	add(r.NoImageIndex, "noimageindex")
	add(r.NoTranslate, "notranslate")
	return out
}

// knownRules are the rules Google documents; retiredRules are ones it
// ignores but that pages still carry.
var (
	knownRules = map[string]bool{
		"all": true, "index": true, "follow": true, "noindex": true, "nofollow": true,
		"none": true, "nosnippet": true, "indexifembedded": true, "max-snippet": true,
		"max-image-preview": true, "max-video-preview": true, "notranslate": true,
		"noimageindex": true, "unavailable_after": true,
	}
	retiredRules = map[string]bool{
		"noarchive": true, "nocache": true, "nositelinkssearchbox": true, "noodp": true,
		"noydir": true,
	}
)

// parsed is one rule read from a header value or meta content.
type parsed struct {
	agent, rule, value string
	ignored            bool
}

// parseRules reads a comma-separated rule list. In a header (agents set),
// "googlebot: noindex" addresses the rules that follow to googlebot, until
// another agent prefix. The date of unavailable_after may itself hold
// commas and colons ("Wed, 03 Jul 2026 10:00:00 GMT"): items after it that
// are not rules belong to the date.
func parseRules(text string, agents bool) []parsed {
	items := strings.Split(text, ",")
	var out []parsed
	agent := ""
	for i := 0; i < len(items); i++ {
		item := strings.TrimSpace(items[i])
		if agents {
			if a, rest, ok := agentPrefix(item); ok {
				agent, item = a, rest
			}
		}
		if item == "" {
			continue
		}
		name, value, _ := strings.Cut(item, ":")
		r := parsed{agent: agent, rule: strings.ToLower(strings.TrimSpace(name)), value: strings.TrimSpace(value)}
		if r.rule == "unavailable_after" {
			for i+1 < len(items) && !looksLikeRule(items[i+1], agents) {
				i++
				r.value += "," + items[i]
			}
			r.value = strings.TrimSpace(r.value)
		}
		r.ignored = !validRule(&r)
		out = append(out, r)
	}
	return out
}

// agentPrefix splits "googlebot: noindex" into the agent and the rest.
func agentPrefix(item string) (agent, rest string, ok bool) {
	name, rest, found := strings.Cut(item, ":")
	name = strings.ToLower(strings.TrimSpace(name))
	if !found || !isAgentToken(name) || knownRules[name] || retiredRules[name] {
		return "", item, false
	}
	return name, strings.TrimSpace(rest), true
}

func isAgentToken(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

func looksLikeRule(item string, agents bool) bool {
	item = strings.TrimSpace(item)
	if agents {
		if _, rest, ok := agentPrefix(item); ok {
			item = rest
		}
	}
	name, _, _ := strings.Cut(item, ":")
	name = strings.ToLower(strings.TrimSpace(name))
	return knownRules[name] || retiredRules[name]
}

// validRule reports whether Google uses r: a known rule with a valid value.
func validRule(r *parsed) bool {
	switch r.rule {
	case "max-snippet", "max-video-preview":
		n, err := strconv.Atoi(r.value)
		return err == nil && n >= -1
	case "max-image-preview":
		r.value = strings.ToLower(r.value)
		return r.value == "none" || r.value == "standard" || r.value == "large"
	case "unavailable_after":
		return r.value != ""
	}
	return knownRules[r.rule]
}

// add combines one applicable rule into r.
func (r *Rules) add(d *Directive) {
	switch d.Rule {
	case "noindex":
		r.NoIndex = true
	case "nofollow":
		r.NoFollow = true
	case "none":
		r.NoIndex, r.NoFollow = true, true
	case "nosnippet":
		r.NoSnippet = true
	case "indexifembedded":
		r.IndexIfEmbedded = true
	case "noimageindex":
		r.NoImageIndex = true
	case "notranslate":
		r.NoTranslate = true
	case "max-snippet":
		r.MaxSnippet = tighter(r.MaxSnippet, d.Value)
	case "max-video-preview":
		r.MaxVideoPreview = tighter(r.MaxVideoPreview, d.Value)
	case "max-image-preview":
		if r.MaxImagePreview == "" || previewRank(d.Value) < previewRank(r.MaxImagePreview) {
			r.MaxImagePreview = d.Value
		}
	case "unavailable_after":
		r.addUnavailable(d.Value)
	}
}

// tighter returns the more restrictive of a limit and a new value; -1
// means no limit, so any other value is tighter.
func tighter(cur *int, value string) *int {
	n, err := strconv.Atoi(value)
	if err != nil {
		return cur
	}
	if cur == nil || *cur == -1 || (n != -1 && n < *cur) {
		return &n
	}
	return cur
}

func previewRank(s string) int {
	switch s {
	case "none":
		return 0
	case "standard":
		return 1
	}
	return 2
}

// dateLayouts are the forms Google accepts for unavailable_after: RFC 822,
// RFC 850 and ISO 8601, with the variants pages use.
var dateLayouts = []string{
	time.RFC1123, time.RFC1123Z, time.RFC850, time.RFC822, time.RFC822Z, time.RFC3339,
	"2 Jan 2006 15:04:05 MST", "2 Jan 2006 15:04:05 -0700", "Mon, 2 Jan 2006 15:04:05 MST",
	"2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02",
}

func parseDate(s string) (time.Time, bool) {
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// addUnavailable keeps the earliest date; a date that does not parse is
// kept only when no other date is known.
func (r *Rules) addUnavailable(s string) {
	t, ok := parseDate(s)
	switch {
	case r.UnavailableAfter == "":
		r.UnavailableAfter, r.unavailable = s, t
	case ok && (r.unavailable.IsZero() || t.Before(r.unavailable)):
		r.UnavailableAfter, r.unavailable = s, t
	}
}

// directives gathers the robots rules of the header and of the page's
// robots meta tags (crit), for a crawler with robots tokens tokens.
func directives(h http.Header, crit []scan.Critical, tokens []string, cutoff *int64) Directives {
	var d Directives
	for _, v := range headerValues(h, "X-Robots-Tag") {
		for _, r := range parseRules(v, true) {
			d.All = append(d.All, Directive{Rule: r.rule, Value: r.value, Agent: r.agent,
				Source: SourceHeader, Seen: true, Applies: r.agent == "" || hasToken(tokens, r.agent),
				Ignored: r.ignored})
		}
	}
	for i := range crit {
		c := &crit[i]
		if c.Kind != scan.ElementMetaRobots {
			continue
		}
		agent := c.Name
		if agent == "robots" {
			agent = ""
		}
		off := c.Offset
		for _, r := range parseRules(c.Value, false) {
			d.All = append(d.All, Directive{Rule: r.rule, Value: r.value, Agent: agent,
				Source: SourceMeta, Offset: &off, Seen: cutoff == nil || c.End <= *cutoff,
				Applies: agent == "" || hasToken(tokens, agent), Ignored: r.ignored})
		}
	}
	for i := range d.All {
		r := &d.All[i]
		if !r.Applies || r.Ignored {
			continue
		}
		d.Written.add(r)
		if r.Seen {
			d.Effective.add(r)
		}
	}
	return d
}

// headerValues returns every value of the named header, whatever the case
// of its key in h, in a stable order.
func headerValues(h http.Header, name string) []string {
	var keys []string
	for k := range h {
		if strings.EqualFold(k, name) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var out []string
	for _, k := range keys {
		out = append(out, h[k]...)
	}
	return out
}

func hasToken(tokens []string, t string) bool {
	for _, x := range tokens {
		if strings.EqualFold(x, t) {
			return true
		}
	}
	return false
}

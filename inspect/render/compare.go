package render

import (
	"bytes"
	"html"
	"net/url"
	"strings"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// compare lists what the full render has and the google render does not,
// each with the offset in the page's source that produced it when the
// source names it.
func compare(rep *inspect.Report, ps *pageSource, g, f *inspect.RenderedPage) []inspect.RenderedLost {
	lost := []inspect.RenderedLost{}
	if g == nil || f == nil || g.Error != "" || f.Error != "" {
		return lost
	}
	body := rep.Fetch.Body
	known := newKnownElements(rep)
	searches := 0
	add := func(kind, value, only string, needles ...string) {
		l := inspect.RenderedLost{Kind: kind, Value: value, Only: only}
		if off, ok := known.offset(kind, value); ok {
			l.Offset = &off
		} else if off, ok := ps.hrefs[value]; ok && (kind == inspect.LostLink || kind == inspect.LostCanonical) {
			l.Offset = &off
		} else if searches < maxSearches {
			searches++
			l.Offset = searchOffset(body, kind, value, needles...)
		}
		lost = append(lost, l)
	}
	if f.Title != "" && g.Title != f.Title {
		add(inspect.LostTitle, f.Title, "", "<title")
	}
	directives(g, f, add)
	for _, s := range missing(f.H1, g.H1) {
		add(inspect.LostH1, s, "")
	}
	for _, s := range missing(f.Hreflang, g.Hreflang) {
		_, href, _ := strings.Cut(s, " ")
		add(inspect.LostHreflang, s, "", linkNeedles(href)...)
	}
	for _, b := range missingJSONLD(f.JSONLD, g.JSONLD) {
		add(inspect.LostJSONLD, b, "", jsonLDNeedles(b)...)
	}
	for _, l := range missing(f.LinkList, g.LinkList) {
		add(inspect.LostLink, l, "", linkNeedles(l)...)
	}
	if d := f.TextBytes - g.TextBytes; d > 0 {
		lost = append(lost, inspect.RenderedLost{Kind: inspect.LostText,
			Value: i18n.T("render.lost-text", "Bytes", d), Offset: rep.Fetch.CutoffOffset})
	}
	return lost
}

// directives compares the canonical and the noindex of the two renders.
func directives(g, f *inspect.RenderedPage, add func(kind, value, only string, needles ...string)) {
	switch {
	case f.Canonical != "" && g.Canonical == "":
		add(inspect.LostCanonical, f.Canonical, "full", linkNeedles(f.Canonical)...)
	case g.Canonical != "" && f.Canonical == "":
		add(inspect.LostCanonical, g.Canonical, "google", linkNeedles(g.Canonical)...)
	case g.Canonical != f.Canonical:
		add(inspect.LostCanonical, f.Canonical, "full", linkNeedles(f.Canonical)...)
	}
	gn, fn := noindex(g), noindex(f)
	switch {
	case fn != "" && gn == "":
		add(inspect.LostNoindex, fn, "full", "noindex")
	case gn != "" && fn == "":
		add(inspect.LostNoindex, gn, "google", "noindex")
	}
}

// noindex returns the robots meta that says noindex, "" when none does.
func noindex(p *inspect.RenderedPage) string {
	if strings.Contains(strings.ToLower(p.MetaRobots), "noindex") {
		return "robots: " + p.MetaRobots
	}
	for _, m := range p.MetaGooglebot {
		if strings.Contains(strings.ToLower(m), "noindex") {
			return m
		}
	}
	return ""
}

// missing returns the values of full that have is missing, in order.
func missing(full, has []string) []string {
	in := make(map[string]bool, len(has))
	for _, s := range has {
		in[s] = true
	}
	var out []string
	for _, s := range full {
		if !in[s] {
			out = append(out, s)
		}
	}
	return out
}

// missingJSONLD returns the valid JSON-LD blocks of full (by type) that
// the google render lacks or has only invalid.
func missingJSONLD(full, has []inspect.JSONLD) []string {
	count := map[string]int{}
	for _, b := range has {
		if b.Valid {
			count[b.Type]++
		}
	}
	var out []string
	for _, b := range full {
		if !b.Valid {
			continue
		}
		if count[b.Type] > 0 {
			count[b.Type]--
			continue
		}
		out = append(out, orType(b.Type))
	}
	return out
}

func orType(t string) string {
	if t == "" {
		return i18n.T("render.no-type")
	}
	return t
}

// maxSearches bounds the text searches of the body for lost items whose
// URL is not an href of the source (a script wrote it): each search
// reads the whole body. Past it, such items have no offset.
const maxSearches = 20

// linkNeedles are the ways the source may spell a URL: as resolved, and
// its path and query alone.
func linkNeedles(raw string) []string {
	out := []string{raw, html.EscapeString(raw)}
	if u, err := url.Parse(raw); err == nil && u.RequestURI() != "/" {
		out = append(out, u.RequestURI())
	}
	return out
}

func jsonLDNeedles(typ string) []string {
	first, _, _ := strings.Cut(typ, ", ")
	return []string{`"` + first + `"`, first}
}

// searchOffset looks for the source of a lost item the analysis does not
// know: an h1's text only right after an <h1> start tag (nil when it is
// after none), anything else at the first needle found.
func searchOffset(body []byte, kind, value string, needles ...string) *int64 {
	if kind == inspect.LostH1 {
		return inElement(body, "<h1", value)
	}
	return sourceOffset(body, needles...)
}

// maxOccurrences bounds the occurrences of a text inElement looks at.
const maxOccurrences = 64

// inElement returns the offset of the start tag (open, e.g. "<h1") whose
// element text begins with text, nil when no occurrence of text among the
// first maxOccurrences follows such a tag.
func inElement(body []byte, open, text string) *int64 {
	if text == "" {
		return nil
	}
	needle := []byte(text)
	from := 0
	for range maxOccurrences {
		i := bytes.Index(body[from:], needle)
		if i < 0 {
			return nil
		}
		at := from + i
		if lt := bytes.LastIndexByte(body[:at], '<'); lt >= 0 && startTag(body[lt:at], open) {
			off := int64(lt)
			return &off
		}
		from = at + len(needle)
	}
	return nil
}

// startTag reports whether b is a start tag named by open ("<h1"), all of
// it up to the '>' and white space after.
func startTag(b []byte, open string) bool {
	if len(b) <= len(open) || !strings.EqualFold(string(b[:len(open)]), open) {
		return false
	}
	if c := b[len(open)]; c != '>' && c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '/' {
		return false
	}
	gt := bytes.IndexByte(b, '>')
	return gt >= 0 && len(bytes.TrimSpace(b[gt+1:])) == 0
}

// sourceOffset returns the offset of the first needle found in body,
// trying them in order; nil when none is.
func sourceOffset(body []byte, needles ...string) *int64 {
	for _, n := range needles {
		if n == "" {
			continue
		}
		if i := bytes.Index(body, []byte(n)); i >= 0 {
			off := int64(i)
			return &off
		}
	}
	return nil
}

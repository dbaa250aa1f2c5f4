package inspect

import (
	"fmt"
	"strings"

	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/scan"
)

// open reports what the kept prefix leaves open at the cutoff.
func (fs *findings) open() {
	im := fs.a.Impact
	if im == nil {
		return
	}
	o := im.Open
	switch o.Inside {
	case "comment":
		fs.add(finding.Info, CodeUnclosedAtCutoff, offsetPtr(o.InsideOffset),
			"The cutoff falls inside an HTML comment that starts at body byte %s: %s gets a comment that never ends.",
			Bytes(o.InsideOffset), fs.crawler)
	case "tag":
		fs.add(finding.Info, CodeUnclosedAtCutoff, offsetPtr(o.InsideOffset),
			"The cutoff falls in the middle of a tag that starts at body byte %s: the parser drops the partial tag.",
			Bytes(o.InsideOffset))
	}
	switch o.Element {
	case "", scan.ElementJSONLD, "title":
		// Reported as json-ld-cut and title-beyond-cutoff.
	case "script":
		fs.add(finding.Warning, CodeUnclosedAtCutoff, offsetPtr(o.Offset),
			"The cutoff falls inside an inline <script> that starts at body byte %s: %s gets the script cut in the middle, a syntax error, so none of it runs when the page is rendered.",
			Bytes(o.Offset), fs.crawler)
	case "style":
		fs.add(finding.Warning, CodeUnclosedAtCutoff, offsetPtr(o.Offset),
			"The cutoff falls inside an inline <style> that starts at body byte %s: the stylesheet is cut, and its remaining rules are lost for rendering.",
			Bytes(o.Offset))
	case "a":
		fs.add(finding.Info, CodeUnclosedAtCutoff, offsetPtr(o.Offset),
			"The cutoff falls inside a link (<a> at body byte %s): the link's anchor text is cut.", Bytes(o.Offset))
	default:
		fs.add(finding.Info, CodeUnclosedAtCutoff, offsetPtr(o.Offset),
			"The cutoff falls inside a <%s> element that starts at body byte %s, which is left unclosed.",
			o.Element, Bytes(o.Offset))
	}
}

// afterBodyStart reports head elements the parser leaves in the body.
func (fs *findings) afterBodyStart() {
	where := fs.headEndPhrase()
	for _, kind := range []string{scan.ElementCanonical, scan.ElementHreflang, scan.ElementTitle, scan.ElementMetaDescription, scan.ElementMetaRobots} {
		var els []*scan.Critical
		for i := range fs.a.Critical {
			c := &fs.a.Critical[i]
			if c.Kind == kind && c.HasFlag(scan.FlagAfterBodyStart) && !c.HasFlag(scan.FlagOtherCrawler) && !fs.lostCopy(c) {
				els = append(els, c)
			}
		}
		if len(els) == 0 {
			continue
		}
		sev, consequence := finding.Warning, "Google stops reading head elements where the body starts and ignores it"
		switch kind {
		case scan.ElementCanonical:
			sev, consequence = finding.Critical, "Google ignores a canonical link outside the head"
		case scan.ElementMetaRobots:
			sev, consequence = finding.Info, "Google still obeys robots meta tags in the body, but other crawlers may not"
		case scan.ElementHreflang:
			consequence = "Google ignores hreflang links outside the head"
		}
		what := "The " + ElementLabel(kind) + " at body byte " + Bytes(els[0].Offset) + " comes"
		if len(els) > 1 {
			what = pluralize(len(els), ElementLabel(kind), ElementLabel(kind)+"s") + ", the first at body byte " +
				Bytes(els[0].Offset) + ", come"
		}
		fs.add(sev, CodeHeadAfterBodyStart, offsetPtr(els[0].Offset), "%s %s: %s.", what, where, fs.googleRule(consequence))
	}
}

// headEndPhrase says where and why the head ended.
func (fs *findings) headEndPhrase() string {
	for i := range fs.a.Critical {
		c := &fs.a.Critical[i]
		if c.Kind != scan.ElementHeadEnd {
			continue
		}
		switch {
		case !c.HasFlag(scan.FlagImplicit) || c.Value == "<body>":
			return "after the head ends at body byte " + Bytes(c.Offset)
		case c.Value == "text":
			return "after the head ended at body byte " + Bytes(c.Offset) + ", where text starts the body"
		case strings.HasPrefix(c.Value, "</"):
			return "after the head ended at body byte " + Bytes(c.Offset) + ", where a " + c.Value + " end tag starts the body"
		}
		return "after the head ended at body byte " + Bytes(c.Offset) + ", where a " + c.Value + " starts the body"
	}
	return "after the body starts"
}

// robots reports the robots rules the crawler obeys.
func (fs *findings) robots() {
	d := &fs.a.Directives
	if d.Effective.NoIndex {
		var header, meta *Directive
		for i := range d.All {
			r := &d.All[i]
			if !r.Applies || !r.Seen || r.Ignored || (r.Rule != "noindex" && r.Rule != "none") {
				continue
			}
			if r.Source == SourceHeader && header == nil {
				header = r
			}
			if r.Source == SourceMeta && meta == nil {
				meta = r
			}
		}
		if header != nil {
			fs.add(finding.Warning, CodeNoindexHeader, nil,
				"The X-Robots-Tag header says %s%s: %s will not index the page.",
				quoted(header.Rule), agentPhrase(header.Agent), fs.crawler)
		}
		if meta != nil {
			fs.add(finding.Warning, CodeNoindexMeta, meta.Offset,
				"The robots meta tag at body byte %s says %s%s: %s will not index the page.",
				Bytes(*meta.Offset), quoted(meta.Rule), agentPhrase(meta.Agent), fs.crawler)
		}
	}
	var others []string
	for _, r := range d.Effective.List() {
		if r != "noindex" && !permissive(r) {
			others = append(others, r)
		}
	}
	if len(others) > 0 {
		fs.add(finding.Info, CodeRobotsRules, nil, "%s obeys these robots rules for the page: %s.",
			capitalize(fs.crawler), strings.Join(others, ", "))
	}
}

// permissive reports rules in List form that restrict nothing.
func permissive(rule string) bool {
	switch rule {
	case "max-image-preview:large", "max-snippet:-1", "max-video-preview:-1":
		return true
	}
	return false
}

func agentPhrase(agent string) string {
	if agent == "" {
		return ""
	}
	return " to " + agent
}

// lost reports what the kept prefix loses against the full document.
func (fs *findings) lost() {
	im := fs.a.Impact
	if im == nil {
		return
	}
	li, le := im.Links.Internal.Lost(), im.Links.External.Lost()
	if li+le > 0 {
		sev := finding.Info
		if li > 0 {
			sev = finding.Warning
		}
		fs.add(sev, CodeLinksLost, firstLinkOffset(im), "%s of %s links are %s (%s internal, %s external): %s will not discover them from this page.",
			Bytes(li+le), Bytes(im.Links.Internal.Full+im.Links.External.Full), fs.cutoffPhrase(),
			Bytes(li), Bytes(le), fs.crawler)
	}
	if t := im.TextBytes; t.Lost() > 0 {
		fs.add(finding.Warning, CodeTextLost, nil, "%s of the visible text in the page's source (%s of %s bytes) is %s and will not be indexed.",
			capitalize(percentOf(t.Lost(), t.Full)), Bytes(t.Lost()), Bytes(t.Full), fs.cutoffPhrase())
	}
	full, kept := 0, 0
	for i := range im.Headings.Full {
		full += im.Headings.Full[i]
		kept += im.Headings.Kept[i]
	}
	if n := full - kept; n > 0 && len(im.Headings.Lost) > 0 {
		h := im.Headings.Lost[0]
		what := fmt.Sprintf("%s of %s headings are %s, the first at body byte %s", thousands(n), thousands(full), fs.cutoffPhrase(), Bytes(h.Offset))
		if n == 1 {
			what = fmt.Sprintf("1 heading is %s, at body byte %s", fs.cutoffPhrase(), Bytes(h.Offset))
		}
		fs.add(finding.Info, CodeHeadingsLost, offsetPtr(h.Offset), "%s: %s.", what, quoted(h.Text))
	}
}

func firstLinkOffset(im *scan.Impact) *int64 {
	if len(im.Links.Lost) == 0 {
		return nil
	}
	return offsetPtr(im.Links.Lost[0].Offset)
}

// noscript reports a head <noscript> that a parser without scripting
// reads as the end of the head.
func (fs *findings) noscript() {
	at := fs.a.notes.noscriptAt
	if at < 0 {
		return
	}
	n := 0
	for i := range fs.a.Critical {
		c := &fs.a.Critical[i]
		if c.Offset > at && scan.IsHeadKind(c.Kind) && !c.HasFlag(scan.FlagAfterBodyStart) {
			n++
		}
	}
	if n == 0 {
		return
	}
	what := "text"
	if w := fs.a.notes.noscriptWhat; w != "text" {
		what = "a " + w
	}
	fs.add(finding.Info, CodeNoscriptEndsHead, offsetPtr(at),
		"The <noscript> at body byte %s in the head holds %s: a parser that runs without scripting ends the head there, and the %s after it would be in the body. %s, but moving the <noscript> into the body is safer.",
		Bytes(at), what, pluralize(n, "head element", "head elements"), fs.googleRule("Google renders with scripting on"))
}

// document reports problems of the page itself, cut or not.
func (fs *findings) document() {
	var canon []*scan.Critical
	hasTitle := false
	for i := range fs.a.Critical {
		c := &fs.a.Critical[i]
		switch c.Kind {
		case scan.ElementCanonical:
			canon = append(canon, c)
		case scan.ElementTitle:
			hasTitle = true
		case scan.ElementJSONLD:
			if c.HasFlag(scan.FlagInvalidJSON) && c.End < int64(len(fs.in.Body)) {
				fs.add(finding.Warning, CodeJSONLDInvalid, offsetPtr(c.Offset),
					"The JSON-LD block at body byte %s is not valid JSON even in the full page: no crawler can read its structured data.",
					Bytes(c.Offset))
			}
		}
	}
	fs.canonicalConflict(canon)
	if !hasTitle && len(fs.in.Body) > 0 {
		msg := "The page has no <title>: " + fs.googleRule("Google makes one up from the page") + "."
		if fs.a.notes.svgTitles > 0 {
			msg += " The <title> inside its inline SVG names the drawing, not the page."
		}
		fs.add(finding.Warning, CodeTitleMissing, nil, "%s", msg)
	}
}

package inspect

import (
	"strings"

	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
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
		fs.add(finding.Info, CodeUnclosedAtCutoff, offsetPtr(o.InsideOffset), "cutoff-in-comment", "Offset", o.InsideOffset)
	case "tag":
		fs.add(finding.Info, CodeUnclosedAtCutoff, offsetPtr(o.InsideOffset), "cutoff-in-tag", "Offset", o.InsideOffset)
	}
	switch o.Element {
	case "", scan.ElementJSONLD, "title":
		// Reported as json-ld-cut and title-beyond-cutoff.
	case "script":
		fs.add(finding.Warning, CodeUnclosedAtCutoff, offsetPtr(o.Offset), "cutoff-in-script", "Offset", o.Offset)
	case "style":
		fs.add(finding.Warning, CodeUnclosedAtCutoff, offsetPtr(o.Offset), "cutoff-in-style", "Offset", o.Offset)
	case "a":
		fs.add(finding.Info, CodeUnclosedAtCutoff, offsetPtr(o.Offset), "cutoff-in-link", "Offset", o.Offset)
	default:
		fs.add(finding.Info, CodeUnclosedAtCutoff, offsetPtr(o.Offset), "cutoff-in-element", "Element", o.Element, "Offset", o.Offset)
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
		sev, rule := finding.Warning, "rule-head-ends-at-body"
		switch kind {
		case scan.ElementCanonical:
			sev, rule = finding.Critical, "rule-canonical-outside-head"
		case scan.ElementMetaRobots:
			sev, rule = finding.Info, "rule-robots-meta-in-body"
		case scan.ElementHreflang:
			rule = "rule-hreflang-outside-head"
		}
		id, what := "after-body-start-one", prose.Capitalize(countedElement(kind, 1))
		if len(els) > 1 {
			id, what = "after-body-start-many", countedElement(kind, len(els))
		}
		fs.add(sev, CodeHeadAfterBodyStart, offsetPtr(els[0].Offset), id, "Elements", what,
			"Offset", els[0].Offset, "Where", where, "Rule", fs.googleRule(fs.t(rule)))
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
			return fs.t("where-head-ends", "Offset", c.Offset)
		case c.Value == "text":
			return fs.t("where-head-ended-text", "Offset", c.Offset)
		case strings.HasPrefix(c.Value, "</"):
			return fs.t("where-head-ended-end-tag", "Offset", c.Offset, "Tag", c.Value)
		}
		return fs.t("where-head-ended-tag", "Offset", c.Offset, "Tag", c.Value)
	}
	return fs.t("where-body-starts")
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
			fs.add(finding.Warning, CodeNoindexHeader, nil, withAgent("noindex-header", header.Agent),
				"Rule", quoted(header.Rule), "Agent", header.Agent)
		}
		if meta != nil {
			fs.add(finding.Warning, CodeNoindexMeta, meta.Offset, withAgent("noindex-meta", meta.Agent),
				"Offset", *meta.Offset, "Rule", quoted(meta.Rule), "Agent", meta.Agent)
		}
	}
	var others []string
	for _, r := range d.Effective.List() {
		if r != "noindex" && !permissive(r) {
			others = append(others, r)
		}
	}
	if len(others) > 0 {
		fs.add(finding.Info, CodeRobotsRules, nil, "robots-rules", "Crawler", prose.Capitalize(fs.crawler),
			"Rules", i18n.List(others))
	}
}

// withAgent is the message id of a robots rule's sentence: id itself, or
// "id-to-agent" when the rule names the crawler it is for.
func withAgent(id, agent string) string {
	if agent == "" {
		return id
	}
	return id + "-to-agent"
}

// permissive reports rules in List form that restrict nothing.
func permissive(rule string) bool {
	switch rule {
	case "max-image-preview:large", "max-snippet:-1", "max-video-preview:-1":
		return true
	}
	return false
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
		fs.add(sev, CodeLinksLost, firstLinkOffset(im), "links-lost", "Lost", li+le,
			"Total", im.Links.Internal.Full+im.Links.External.Full, "Internal", li, "External", le)
	}
	if t := im.TextBytes; t.Lost() > 0 {
		fs.add(finding.Warning, CodeTextLost, nil, "text-lost", "Percent", prose.Capitalize(percentOf(t.Lost(), t.Full)),
			"Lost", t.Lost(), "Total", t.Full)
	}
	full, kept := 0, 0
	for i := range im.Headings.Full {
		full += im.Headings.Full[i]
		kept += im.Headings.Kept[i]
	}
	if n := full - kept; n > 0 && len(im.Headings.Lost) > 0 {
		h := im.Headings.Lost[0]
		id := "headings-lost"
		if n == 1 {
			id = "heading-lost"
		}
		fs.add(finding.Info, CodeHeadingsLost, offsetPtr(h.Offset), id, "Lost", n, "Total", full,
			"Offset", h.Offset, "Heading", quoted(h.Text))
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
	id, tag := "noscript-holds-text", ""
	if w := fs.a.notes.noscriptWhat; w != "text" {
		id, tag = "noscript-holds-element", w
	}
	fs.add(finding.Info, CodeNoscriptEndsHead, offsetPtr(at), id, "Offset", at, "Tag", tag,
		"Elements", fs.t("head-elements", "Count", n), "Rule", fs.googleRule(fs.t("rule-renders-with-scripting")))
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
				fs.add(finding.Warning, CodeJSONLDInvalid, offsetPtr(c.Offset), "json-ld-invalid", "Offset", c.Offset)
			}
		}
	}
	fs.canonicalConflict(canon)
	if !hasTitle && len(fs.in.Body) > 0 {
		id := "title-missing"
		if fs.a.notes.svgTitles > 0 {
			id = "title-missing-svg-title"
		}
		fs.add(finding.Warning, CodeTitleMissing, nil, id, "Rule", fs.googleRule(fs.t("rule-title-made-up")))
	}
}

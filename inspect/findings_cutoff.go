package inspect

import (
	"fmt"
	"strings"

	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/scan"
)

// cutoffPhrase is "after Googlebot's cutoff at body byte 1,999,788": the
// cutoff as a body offset, like every element offset in the findings (the
// ruler shows the same cutoff as counted byte 2,000,000, header included).
func (fs *findings) cutoffPhrase() string {
	return fmt.Sprintf("after %s's cutoff at body byte %s", fs.crawler, Bytes(*fs.in.Cutoff))
}

// beyond reports the critical elements past the cutoff.
func (fs *findings) beyond() {
	if fs.in.Cutoff == nil {
		return
	}
	var alts, lostJSON []*scan.Critical
	for i := range fs.a.Critical {
		c := &fs.a.Critical[i]
		if !c.BeyondCutoff || c.HasFlag(scan.FlagOtherCrawler) || fs.duplicateBeyond(c) {
			continue
		}
		switch c.Kind {
		case scan.ElementHreflang:
			alts = append(alts, c)
		case scan.ElementJSONLD:
			if c.Offset >= *fs.in.Cutoff {
				lostJSON = append(lostJSON, c)
			} else {
				fs.jsonLDCut(c)
			}
		case scan.ElementMetaRobots:
			fs.robotsBeyond(c)
		default:
			fs.elementBeyond(c)
		}
	}
	fs.jsonLDLost(lostJSON)
	fs.hreflangLost(alts)
}

// hreflangLost reports the hreflang links past the cutoff, in one finding.
func (fs *findings) hreflangLost(alts []*scan.Critical) {
	if len(alts) > 0 {
		total := scan.CountKind(fs.a.Critical, scan.ElementHreflang)
		what := fmt.Sprintf("%s of %s hreflang links are %s, the first at body byte %s", thousands(len(alts)), thousands(total),
			fs.cutoffPhrase(), Bytes(alts[0].Offset))
		switch {
		case total == 1:
			what = fmt.Sprintf("The hreflang link at body byte %s is %s", Bytes(alts[0].Offset), fs.cutoffPhrase())
		case len(alts) == total:
			what = fmt.Sprintf("All %s hreflang links are %s, the first at body byte %s", thousands(total), fs.cutoffPhrase(),
				Bytes(alts[0].Offset))
		case len(alts) == 1:
			what = fmt.Sprintf("1 of %s hreflang links is %s, at body byte %s", thousands(total), fs.cutoffPhrase(),
				Bytes(alts[0].Offset))
		}
		fs.add(finding.Warning, CodeHreflangBeyondCutoff, offsetPtr(alts[0].Offset),
			"%s: %s sees an incomplete set of language versions, and the missing ones lose their return links.",
			what, fs.crawler)
	}
}

func (fs *findings) elementBeyond(c *scan.Critical) {
	var sev, code, consequence string
	switch c.Kind {
	case scan.ElementTitle:
		sev, code, consequence = finding.Critical, CodeTitleBeyondCutoff, "search results show a title made up from the page instead"
	case scan.ElementCanonical:
		sev, code, consequence = finding.Critical, CodeCanonicalBeyondCutoff, "the search engine chooses the canonical URL on its own"
	case scan.ElementMetaDescription:
		sev, code, consequence = finding.Warning, CodeDescriptionBeyondCutoff, "the snippet is built from the page text instead"
	case scan.ElementH1:
		sev, code, consequence = finding.Warning, CodeH1BeyondCutoff, "the page's main heading is not indexed"
	case scan.ElementMain:
		fs.mainBeyond(c)
		return
	case scan.ElementHeadEnd:
		if fs.in.Incomplete && c.Offset == int64(len(fs.in.Body)) {
			fs.add(finding.Warning, CodeHeadEndBeyondCutoff, offsetPtr(c.Offset),
				"The head does not end within the %s bytes read, so it runs past the cutoff at body byte %s: %s gets none of the body, and none of the head elements after the cutoff.",
				Bytes(c.Offset), Bytes(*fs.in.Cutoff), fs.crawler)
			return
		}
		fs.add(finding.Warning, CodeHeadEndBeyondCutoff, offsetPtr(c.Offset),
			"The head ends at body byte %s, %s: %s gets none of the body, and none of the head elements after the cutoff.",
			Bytes(c.Offset), fs.cutoffPhrase(), fs.crawler)
		return
	default:
		return
	}
	if c.Offset < *fs.in.Cutoff {
		fs.add(sev, code, offsetPtr(c.Offset), "The %s at body %s runs past the cutoff: it ends %s: %s gets it cut.",
			ElementLabel(c.Kind), BodyRange(c.Offset, c.End), fs.cutoffPhrase(), fs.crawler)
		return
	}
	fs.add(sev, code, offsetPtr(c.Offset), "The %s is at body byte %s, %s: %s will not see it, so %s.",
		ElementLabel(c.Kind), Bytes(c.Offset), fs.cutoffPhrase(), fs.crawler, consequence)
}

func (fs *findings) mainBeyond(c *scan.Critical) {
	if c.Offset < *fs.in.Cutoff {
		fs.add(finding.Info, CodeMainBeyondCutoff, offsetPtr(c.Offset),
			"The <main> element at body %s is cut by %s's cutoff at body byte %s: the end of the main content is not indexed.",
			BodyRange(c.Offset, c.End), fs.crawler, Bytes(*fs.in.Cutoff))
		return
	}
	fs.add(finding.Warning, CodeMainBeyondCutoff, offsetPtr(c.Offset),
		"The <main> element starts at body byte %s, %s: none of the main content is indexed.",
		Bytes(c.Offset), fs.cutoffPhrase())
}

// jsonLDLost reports the JSON-LD blocks wholly past the cutoff, in one
// finding.
func (fs *findings) jsonLDLost(lost []*scan.Critical) {
	if len(lost) == 0 {
		return
	}
	var types []string
	seen := map[string]bool{}
	for _, c := range lost {
		if c.Value != "" && !seen[c.Value] && len(types) < 5 {
			seen[c.Value] = true
			types = append(types, c.Value)
		}
	}
	list := ""
	if len(types) > 0 {
		list = " (" + strings.Join(types, "; ") + ")"
	}
	what := fmt.Sprintf("The JSON-LD block%s at body byte %s is %s", list, Bytes(lost[0].Offset), fs.cutoffPhrase())
	if len(lost) > 1 {
		what = fmt.Sprintf("%s JSON-LD blocks%s are %s, the first at body byte %s", thousands(len(lost)), list, fs.cutoffPhrase(),
			Bytes(lost[0].Offset))
	}
	fs.add(finding.Warning, CodeJSONLDBeyondCutoff, offsetPtr(lost[0].Offset),
		"%s: %s will not see this structured data.", what, fs.crawler)
}

// jsonLDCut reports a JSON-LD block the cutoff cuts in two.
func (fs *findings) jsonLDCut(c *scan.Critical) {
	types := ""
	if c.Value != "" {
		types = " (" + c.Value + ")"
	}
	for _, j := range fs.a.Impact.JSONLD {
		if j.Offset == c.Offset && j.State == scan.StateCut && !j.ValidKept && j.ValidFull {
			fs.add(finding.Critical, CodeJSONLDCut, offsetPtr(c.Offset),
				"The JSON-LD block%s at body %s is cut by %s's cutoff at body byte %s: %s gets invalid JSON and can use none of it.",
				types, BodyRange(c.Offset, c.End), fs.crawler, Bytes(*fs.in.Cutoff), fs.crawler)
		}
	}
}

// restrictive lists the rules of a robots meta content that restrict the
// crawler.
func restrictive(content string) []string {
	var out []string
	for _, r := range parseRules(content, false) {
		if !r.ignored && r.rule != "all" && r.rule != "index" && r.rule != "follow" {
			out = append(out, r.rule)
		}
	}
	return out
}

func (fs *findings) robotsBeyond(c *scan.Critical) {
	rules := restrictive(c.Value)
	if len(rules) == 0 {
		fs.add(finding.Info, CodeMetaRobotsBeyondCutoff, offsetPtr(c.Offset),
			"The robots meta tag at body byte %s (%s) is %s; it only states the default, so nothing changes.",
			Bytes(c.Offset), quoted(c.Value), fs.cutoffPhrase())
		return
	}
	consequence := "and does not apply it"
	switch {
	case containsRule(rules, "noindex") || containsRule(rules, "none"):
		consequence = "and may index the page"
	case containsRule(rules, "nofollow"):
		consequence = "and may follow the page's links"
	}
	fs.add(finding.Critical, CodeMetaRobotsBeyondCutoff, offsetPtr(c.Offset),
		"The robots meta tag at body byte %s says %s, but it is %s: %s will not see it %s.",
		Bytes(c.Offset), quoted(c.Value), fs.cutoffPhrase(), fs.crawler, consequence)
}

func containsRule(rules []string, r string) bool {
	for _, x := range rules {
		if x == r {
			return true
		}
	}
	return false
}

// atRisk reports the elements between the two readings of an MB limit.
func (fs *findings) atRisk() {
	in := fs.in
	var names []string
	var first *int64
	for i := range fs.a.Critical {
		c := &fs.a.Critical[i]
		if c.AtRisk && !c.HasFlag(scan.FlagOtherCrawler) && c.Kind != scan.ElementLastInternalLink {
			names = append(names, ElementLabel(c.Kind))
			if first == nil {
				first = offsetPtr(c.Offset)
			}
		}
	}
	if len(names) == 0 || in.Cutoff == nil {
		return
	}
	decimal, binary := "under the decimal reading", "under the binary reading"
	if in.Limit > 0 {
		decimal = "if it means " + Bytes(in.Limit) + " bytes"
	}
	if in.BinaryLimit > 0 {
		binary = "if it means " + Bytes(in.BinaryLimit) + " bytes"
	}
	kept := "it keeps the whole page"
	if in.BinaryCutoff != nil {
		kept = "the cutoff moves to byte " + Bytes(*in.BinaryCutoff)
	}
	verb := "lie"
	if len(names) == 1 {
		verb = "lies"
	}
	fs.add(finding.Warning, CodeElementAtRisk, first,
		"%s %s between the two readings of the limit: lost %s (cutoff at body byte %s), kept %s (%s). The published limit does not say which.",
		capitalize(listNames(names)), verb, decimal, Bytes(*in.Cutoff), binary, kept)
}

// listNames joins names as "the title, the canonical link and 2 hreflang
// links" style text, grouping repeats.
func listNames(names []string) string {
	counts := map[string]int{}
	var order []string
	for _, n := range names {
		if counts[n] == 0 {
			order = append(order, n)
		}
		counts[n]++
	}
	parts := make([]string, len(order))
	for i, n := range order {
		if counts[n] == 1 {
			parts[i] = "the " + n
		} else {
			parts[i] = pluralize(counts[n], n, n+"s")
		}
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

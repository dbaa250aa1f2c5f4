package inspect

import (
	"strings"

	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// beyond reports the critical elements past the cutoff. Every element
// offset in these findings, and the cutoff, is a body offset (the ruler
// shows the same cutoff as counted byte 2,000,000, header included).
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
	if len(alts) == 0 {
		return
	}
	total := scan.CountKind(fs.a.Critical, scan.ElementHreflang)
	id := "hreflang-some-beyond"
	switch {
	case total == 1:
		id = "hreflang-only-beyond"
	case len(alts) == total:
		id = "hreflang-all-beyond"
	case len(alts) == 1:
		id = "hreflang-one-beyond"
	}
	fs.add(finding.Warning, CodeHreflangBeyondCutoff, offsetPtr(alts[0].Offset), id,
		"Lost", len(alts), "Total", total, "Offset", alts[0].Offset)
}

// beyondIDs are, per element kind elementBeyond reports, its code, its
// severity and the catalog name of its two sentences: "findings.ID-cut"
// when the cutoff cuts it, "findings.ID-beyond" when it lies past it.
var beyondIDs = map[string]struct{ code, sev, id string }{
	scan.ElementTitle:           {CodeTitleBeyondCutoff, finding.Critical, "title"},
	scan.ElementCanonical:       {CodeCanonicalBeyondCutoff, finding.Critical, "canonical"},
	scan.ElementMetaDescription: {CodeDescriptionBeyondCutoff, finding.Warning, "meta-description"},
	scan.ElementH1:              {CodeH1BeyondCutoff, finding.Warning, "h1"},
}

func (fs *findings) elementBeyond(c *scan.Critical) {
	switch c.Kind {
	case scan.ElementMain:
		fs.mainBeyond(c)
		return
	case scan.ElementHeadEnd:
		if fs.in.Incomplete && c.Offset == int64(len(fs.in.Body)) {
			fs.add(finding.Warning, CodeHeadEndBeyondCutoff, offsetPtr(c.Offset), "head-end-not-read", "Read", c.Offset)
			return
		}
		fs.add(finding.Warning, CodeHeadEndBeyondCutoff, offsetPtr(c.Offset), "head-end-beyond", "Offset", c.Offset)
		return
	}
	b, ok := beyondIDs[c.Kind]
	if !ok {
		return
	}
	if c.Offset < *fs.in.Cutoff {
		fs.add(b.sev, b.code, offsetPtr(c.Offset), b.id+"-cut", "Range", BodyRange(c.Offset, c.End))
		return
	}
	fs.add(b.sev, b.code, offsetPtr(c.Offset), b.id+"-beyond", "Offset", c.Offset)
}

func (fs *findings) mainBeyond(c *scan.Critical) {
	if c.Offset < *fs.in.Cutoff {
		fs.add(finding.Info, CodeMainBeyondCutoff, offsetPtr(c.Offset), "main-cut", "Range", BodyRange(c.Offset, c.End))
		return
	}
	fs.add(finding.Warning, CodeMainBeyondCutoff, offsetPtr(c.Offset), "main-beyond", "Offset", c.Offset)
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
	id := "json-ld-beyond"
	if len(lost) > 1 {
		id = "json-ld-many-beyond"
	}
	if len(types) > 0 {
		id += "-typed"
	}
	fs.add(finding.Warning, CodeJSONLDBeyondCutoff, offsetPtr(lost[0].Offset), id,
		"Blocks", len(lost), "Types", i18n.Clauses(types), "Offset", lost[0].Offset)
}

// jsonLDCut reports a JSON-LD block the cutoff cuts in two.
func (fs *findings) jsonLDCut(c *scan.Critical) {
	id := "json-ld-cut"
	if c.Value != "" {
		id = "json-ld-cut-typed"
	}
	for _, j := range fs.a.Impact.JSONLD {
		if j.Offset == c.Offset && j.State == scan.StateCut && !j.ValidKept && j.ValidFull {
			fs.add(finding.Critical, CodeJSONLDCut, offsetPtr(c.Offset), id,
				"Types", c.Value, "Range", BodyRange(c.Offset, c.End))
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
		fs.add(finding.Info, CodeMetaRobotsBeyondCutoff, offsetPtr(c.Offset), "meta-robots-default-beyond",
			"Offset", c.Offset, "Content", quoted(c.Value))
		return
	}
	id := "meta-robots-beyond"
	switch {
	case containsRule(rules, "noindex") || containsRule(rules, "none"):
		id = "meta-robots-noindex-beyond"
	case containsRule(rules, "nofollow"):
		id = "meta-robots-nofollow-beyond"
	}
	fs.add(finding.Critical, CodeMetaRobotsBeyondCutoff, offsetPtr(c.Offset), id, "Offset", c.Offset, "Content", quoted(c.Value))
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
	var kinds []string
	var first *int64
	for i := range fs.a.Critical {
		c := &fs.a.Critical[i]
		if c.AtRisk && !c.HasFlag(scan.FlagOtherCrawler) && c.Kind != scan.ElementLastInternalLink {
			kinds = append(kinds, c.Kind)
			if first == nil {
				first = offsetPtr(c.Offset)
			}
		}
	}
	if len(kinds) == 0 || in.Cutoff == nil {
		return
	}
	decimal, binary := fs.t("reading-decimal"), fs.t("reading-binary")
	if in.Limit > 0 {
		decimal = fs.t("reading-means", "Limit", in.Limit)
	}
	if in.BinaryLimit > 0 {
		binary = fs.t("reading-means", "Limit", in.BinaryLimit)
	}
	kept := fs.t("reading-keeps-all")
	if in.BinaryCutoff != nil {
		kept = fs.t("reading-cutoff-moves", "Moved", *in.BinaryCutoff)
	}
	id := "elements-at-risk"
	if len(kinds) == 1 {
		id = "element-at-risk"
	}
	fs.add(finding.Warning, CodeElementAtRisk, first, id,
		"Elements", prose.Capitalize(listNames(kinds)), "Decimal", decimal, "Binary", binary, "Kept", kept)
}

// listNames lists critical element kinds as "the title, the canonical link
// and 2 hreflang links", grouping repeats.
func listNames(kinds []string) string {
	counts := map[string]int{}
	var order []string
	for _, k := range kinds {
		if counts[k] == 0 {
			order = append(order, k)
		}
		counts[k]++
	}
	parts := make([]string, len(order))
	for i, k := range order {
		parts[i] = countedElement(k, counts[k])
	}
	return joinList(parts)
}

// countedElement names n elements of kind in a list: "the title" for one,
// "2 hreflang links".
func countedElement(kind string, n int) string {
	id, ok := elementIDs[kind]
	if !ok {
		if n == 1 {
			return kind
		}
		return thousands(n) + " " + kind
	}
	if n == 1 {
		return i18n.T("findings.the-element-" + id)
	}
	return i18n.T("findings.elements-"+id, "Count", n)
}

// joinList joins the items of a list the language's way: "a, b and c".
func joinList(parts []string) string {
	if len(parts) == 1 {
		return parts[0]
	}
	return i18n.T("findings.list-and", "Most", strings.Join(parts[:len(parts)-1], i18n.T("findings.list-comma")), "Last", parts[len(parts)-1])
}

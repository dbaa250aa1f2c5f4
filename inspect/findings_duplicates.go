package inspect

import (
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/scan"
)

// The findings in this file reason about the element the crawler uses when
// a page has several of a kind: the first <title> and meta description
// count, and every canonical link counts (links that disagree cancel out).
// A later copy past the cutoff changes nothing while one is kept.

// keptOfKind returns the first element of kind wholly before the cutoff,
// nil when there is none.
func (fs *findings) keptOfKind(kind string) *scan.Critical {
	for i := range fs.a.Critical {
		c := &fs.a.Critical[i]
		if c.Kind == kind && !c.BeyondCutoff && !c.HasFlag(scan.FlagOtherCrawler) {
			return c
		}
	}
	return nil
}

// lostCopy reports whether c is a title, meta description or canonical
// link past the cutoff while one of its kind is kept: the crawler never
// sees it and uses the kept one.
func (fs *findings) lostCopy(c *scan.Critical) bool {
	switch c.Kind {
	case scan.ElementTitle, scan.ElementMetaDescription, scan.ElementCanonical:
		return fs.in.Cutoff != nil && c.BeyondCutoff && fs.keptOfKind(c.Kind) != nil
	}
	return false
}

// duplicateBeyond reports a title, meta description or canonical link past
// the cutoff while an element of its kind is kept, as info, and returns
// true; it returns false when the element is the one that counts.
func (fs *findings) duplicateBeyond(c *scan.Critical) bool {
	switch c.Kind {
	case scan.ElementTitle, scan.ElementMetaDescription, scan.ElementCanonical:
	default:
		return false
	}
	kept := fs.keptOfKind(c.Kind)
	if kept == nil {
		// The first title or description, cut or lost, has its own
		// finding; a later copy never counts.
		return c.HasFlag(scan.FlagDuplicate) && c.Kind != scan.ElementCanonical
	}
	id := "duplicate-" + elementIDs[c.Kind] + "-beyond"
	if c.Kind == scan.ElementCanonical && kept.Value != c.Value {
		id += "-differs"
	}
	fs.add(finding.Info, duplicateCode(c.Kind), offsetPtr(c.Offset), id, "Offset", c.Offset, "Kept", kept.Offset, "Rule", fs.googleRule(fs.t("rule-first-used")),
		"KeptValue", quoted(kept.Value), "Value", quoted(c.Value))
	return true
}

// duplicateCode is the beyond-cutoff code of a kind that may repeat.
func duplicateCode(kind string) string {
	switch kind {
	case scan.ElementTitle:
		return CodeTitleBeyondCutoff
	case scan.ElementMetaDescription:
		return CodeDescriptionBeyondCutoff
	}
	return CodeCanonicalBeyondCutoff
}

// canonicalConflict reports canonical links that disagree. Those the
// crawler keeps are what counts: disagreeing kept links make Google ignore
// them all (a warning); a disagreement that only a later link past the
// cutoff brings is info, since the crawler never sees that link.
func (fs *findings) canonicalConflict(canon []*scan.Critical) {
	var kept []*scan.Critical
	for _, c := range canon {
		if fs.in.Cutoff == nil || !c.BeyondCutoff {
			kept = append(kept, c)
		}
	}
	if a, b := disagreeing(kept); a != nil {
		fs.add(finding.Warning, CodeCanonicalMultiple, offsetPtr(b.Offset), "canonical-multiple",
			"Links", len(canon), "First", quoted(a.Value), "FirstOffset", a.Offset, "Second", quoted(b.Value),
			"SecondOffset", b.Offset, "Rule", fs.googleRule(fs.t("rule-canonicals-ignored")))
		return
	}
	a, b := disagreeing(canon)
	if a == nil {
		return
	}
	id := "canonical-multiple-none-kept"
	var keptValue string
	var keptOffset int64
	if len(kept) > 0 {
		id, keptValue, keptOffset = "canonical-multiple-one-kept", quoted(kept[0].Value), kept[0].Offset
	}
	fs.add(finding.Info, CodeCanonicalMultiple, offsetPtr(b.Offset), id,
		"Links", len(canon), "First", quoted(a.Value), "FirstOffset", a.Offset, "Second", quoted(b.Value),
		"SecondOffset", b.Offset, "Count", len(canon)-len(kept), "Kept", keptValue, "KeptOffset", keptOffset)
}

// disagreeing returns the first link and the first later one whose value
// differs, nil when all agree.
func disagreeing(canon []*scan.Critical) (a, b *scan.Critical) {
	for _, c := range canon[min(1, len(canon)):] {
		if c.Value != canon[0].Value {
			return canon[0], c
		}
	}
	return nil, nil
}

package compare

import (
	"slices"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// criticalAspect compares one critical element kind: its row says whether
// each crawler gets it, in the single-page views' verdict words
// (inspect.KeptText), and its sentence says how a fetch differs.
func criticalAspect(kind string) aspect {
	cell := func(f Fetch) string {
		c, ok := firstOf(f, kind)
		if !ok {
			return absent(f)
		}
		s := i18n.T("compare.cell-critical", "Verdict", inspect.KeptText(c), "Offset", c.Offset)
		if slices.Contains(valueKinds, kind) {
			s += ": " + strconv.Quote(c.Value)
		}
		return s
	}
	return aspect{field: "critical:" + kind, label: rowLabel(kind), show: cell, content: true,
		raw: func(f Fetch) any {
			if c, ok := firstOf(f, kind); ok {
				return c
			}
			return nil
		},
		key: func(f Fetch) string {
			c, ok := firstOf(f, kind)
			if !ok {
				return "absent" // as far as read: an unread rest is no difference
			}
			s := inspect.Verdict(c)
			if slices.Contains(valueKinds, kind) {
				s += " " + c.Value
			}
			return s
		},
		say:  func(f, ref Fetch) string { return criticalSentence(kind, f, ref) + blockedNote(f, ref) },
		skip: failed,
	}
}

// absent is the cell of an element a fetch does not have: "absent", or,
// when reading stopped before the end of the page, where it stopped, since
// the element may come after.
func absent(f Fetch) string {
	if !f.Fetch.ReadComplete {
		return i18n.T("compare.cell-not-in-read", "Bytes", f.Fetch.BodyBytes)
	}
	return i18n.T("compare.cell-absent")
}

// criticalSentence says how f's element of kind differs from ref's: where
// the cutoff leaves it, and for titles, canonicals and robots tags, its
// value.
func criticalSentence(kind string, f, ref Fetch) string {
	label := inspect.ElementLabel(kind)
	c, ok := firstOf(f, kind)
	rc, rok := firstOf(ref, kind)
	switch {
	case !ok && !f.Fetch.ReadComplete:
		return i18n.T("compare.critical-none-read", "Crawler", f.Name, "Element", label, "Bytes", f.Fetch.BodyBytes,
			"Other", ref.Name, "Offset", rc.Offset)
	case !rok && !ref.Fetch.ReadComplete:
		return i18n.T("compare.critical-other-none-read", "Crawler", f.Name, "Element", label, "Offset", c.Offset,
			"Other", ref.Name, "Bytes", ref.Fetch.BodyBytes)
	case !ok:
		return i18n.T("compare.critical-none", "Crawler", f.Name, "Element", label, "Other", ref.Name)
	case !rok:
		return i18n.T("compare.critical-other-none", "Crawler", f.Name, "Element", label, "Other", ref.Name)
	case inspect.Verdict(c) != inspect.Verdict(rc):
		return i18n.T("compare.critical-verdicts", "First", gets(inspect.Verdict(c), "the", f.Name, label),
			"Second", gets(inspect.Verdict(rc), "it", ref.Name, label))
	}
	return i18n.T("compare.critical-value", "Crawler", f.Name, "Element", label, "Value", strconv.Quote(c.Value),
		"Other", ref.Name, "OtherValue", strconv.Quote(rc.Value))
}

// blockedNote qualifies a sentence on what crawlers get from the page when
// robots.txt keeps one of them from it: that crawler would not fetch the
// page at all, so it gets none of it; Cutoff fetched it anyway.
func blockedNote(fs ...Fetch) string {
	var names []string
	for _, f := range fs {
		if f.Robots != nil && !f.Robots.Skipped && !f.Robots.Allowed {
			names = append(names, f.Name)
		}
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return i18n.T("compare.blocked-one", "Crawler", names[0])
	}
	return i18n.T("compare.blocked-all", "Crawlers", andList(names))
}

// andList joins names as "a and b", "a, b and c".
func andList(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return i18n.T("compare.and-list", "Names", strings.Join(names[:len(names)-1], ", "), "Last", names[len(names)-1])
}

// gets says a verdict as a clause whose subject is crawler: of the
// element (what "the") or of the element just named (what "it").
func gets(verdict, what, crawler, element string) string {
	id := "compare.gets-kept-"
	switch verdict {
	case inspect.VerdictCut:
		id = "compare.gets-cut-"
	case inspect.VerdictLost:
		id = "compare.gets-lost-"
	}
	return i18n.T(id+what, "Crawler", crawler, "Element", element)
}

// rowLabel is an element's row heading: its label with a capital, "Robots
// meta tag", "<main> element" (a whole letter, in any language).
func rowLabel(kind string) string {
	return prose.Capitalize(inspect.ElementLabel(kind))
}

package compare

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/inspect"
)

// criticalAspect compares one critical element kind: its row says whether
// each crawler gets it, in the single-page views' verdict words
// (inspect.KeptWord), and its sentence says how a fetch differs.
func criticalAspect(kind string) aspect {
	cell := func(f Fetch) string {
		c, ok := firstOf(f, kind)
		if !ok {
			return absent(f)
		}
		s := inspect.KeptWord(c) + " (byte " + inspect.Bytes(c.Offset) + ")"
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
		return "not in the first " + inspect.Bytes(f.Fetch.BodyBytes) + " bytes read"
	}
	return "absent"
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
		return fmt.Sprintf("%s's page has no %s in the first %s bytes Cutoff read (reading stopped there), where %s's has one at byte %s.",
			f.Name, label, inspect.Bytes(f.Fetch.BodyBytes), ref.Name, inspect.Bytes(rc.Offset))
	case !rok && !ref.Fetch.ReadComplete:
		return fmt.Sprintf("%s's page has a %s at byte %s, where %s's has none in the first %s bytes Cutoff read (reading stopped there).",
			f.Name, label, inspect.Bytes(c.Offset), ref.Name, inspect.Bytes(ref.Fetch.BodyBytes))
	case !ok:
		return fmt.Sprintf("%s has no %s, which %s's page has.", f.Name, label, ref.Name)
	case !rok:
		return fmt.Sprintf("%s has a %s, which %s's page lacks.", f.Name, label, ref.Name)
	case inspect.Verdict(c) != inspect.Verdict(rc):
		return fmt.Sprintf("%s %s where %s %s.", f.Name, gets(inspect.Verdict(c), "the "+label), ref.Name, gets(inspect.Verdict(rc), "it"))
	}
	return fmt.Sprintf("%s's %s is %q where %s's is %q.", f.Name, label, c.Value, ref.Name, rc.Value)
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
		return " But robots.txt keeps " + names[0] + " from the page, so it fetches none of it; Cutoff fetched it anyway to compare."
	}
	return " But robots.txt keeps " + strings.Join(names, " and ") + " from the page, so they fetch none of it; Cutoff fetched it anyway to compare."
}

// gets says a verdict as a verb phrase.
func gets(verdict, what string) string {
	switch verdict {
	case inspect.VerdictCut:
		return "gets " + what + " cut in the middle by its cutoff"
	case inspect.VerdictLost:
		return "loses " + what + " past its cutoff"
	}
	return "gets " + what + " whole"
}

// rowLabel is an element's row heading: its label with a capital, "Robots
// meta tag", "<main> element".
func rowLabel(kind string) string {
	l := inspect.ElementLabel(kind)
	if l == "" {
		return l
	}
	return strings.ToUpper(l[:1]) + l[1:]
}

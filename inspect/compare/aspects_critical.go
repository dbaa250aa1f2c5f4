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
			return "absent"
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
				return "absent"
			}
			s := verdict(c)
			if slices.Contains(valueKinds, kind) {
				s += " " + c.Value
			}
			return s
		},
		say:  func(f, ref Fetch) string { return criticalSentence(kind, f, ref) },
		skip: failed,
	}
}

// verdict is the crawler's verdict on an element, inspect.KeptWord's
// first word: "yes", "CUT" or "LOST".
func verdict(c inspect.Critical) string { return strings.Fields(inspect.KeptWord(c))[0] }

// criticalSentence says how f's element of kind differs from ref's: where
// the cutoff leaves it, and for titles, canonicals and robots tags, its
// value.
func criticalSentence(kind string, f, ref Fetch) string {
	label := inspect.ElementLabel(kind)
	c, ok := firstOf(f, kind)
	rc, rok := firstOf(ref, kind)
	switch {
	case !ok:
		return fmt.Sprintf("%s has no %s, which %s's page has.", f.Name, label, ref.Name)
	case !rok:
		return fmt.Sprintf("%s has a %s, which %s's page lacks.", f.Name, label, ref.Name)
	case verdict(c) != verdict(rc):
		return fmt.Sprintf("%s %s where %s %s.", f.Name, gets(verdict(c), "the "+label), ref.Name, gets(verdict(rc), "it"))
	}
	return fmt.Sprintf("%s's %s is %q where %s's is %q.", f.Name, label, c.Value, ref.Name, rc.Value)
}

// gets says a verdict as a verb phrase.
func gets(verdict, what string) string {
	switch verdict {
	case "CUT":
		return "gets " + what + " cut in the middle by its cutoff"
	case "LOST":
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

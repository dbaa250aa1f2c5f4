package render

import (
	"strings"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/scan"
)

// knownElements are the critical elements the page's analysis found, so
// that a lost item the source has gets the analysis's offset: one element,
// one offset in every view. Each element answers one lost item.
type knownElements struct {
	crit []scan.Critical
	used []bool
}

func newKnownElements(rep *inspect.Report) *knownElements {
	k := &knownElements{}
	if rep != nil && rep.Analysis != nil {
		k.crit = rep.Critical
		k.used = make([]bool, len(k.crit))
	}
	return k
}

// lostKinds maps a kind of lost item to the critical element kind that
// produces it.
var lostKinds = map[string]string{
	inspect.LostTitle:     scan.ElementTitle,
	inspect.LostH1:        scan.ElementH1,
	inspect.LostJSONLD:    scan.ElementJSONLD,
	inspect.LostHreflang:  scan.ElementHreflang,
	inspect.LostCanonical: scan.ElementCanonical,
	inspect.LostNoindex:   scan.ElementMetaRobots,
}

// offset returns the offset of the first unused element of the lost
// item's kind whose value is the item's.
func (k *knownElements) offset(kind, value string) (int64, bool) {
	ek, ok := lostKinds[kind]
	if !ok {
		return 0, false
	}
	for i, c := range k.crit {
		if k.used[i] || c.Kind != ek || !sameValue(kind, c, value) {
			continue
		}
		k.used[i] = true
		return c.Offset, true
	}
	return 0, false
}

// sameValue reports whether element c produced the render's value. The
// render cuts heading text at renderedTextMax characters; hreflang values
// read "lang href", noindex values "name: content".
func sameValue(kind string, c scan.Critical, value string) bool {
	switch kind {
	case inspect.LostTitle:
		return true
	case inspect.LostHreflang:
		return strings.EqualFold(c.Name+" "+c.Value, value)
	case inspect.LostJSONLD:
		return orType(c.Value) == value
	case inspect.LostNoindex:
		// "robots: noindex, follow" or "googlebot: noindex" (see noindex).
		name, content, _ := strings.Cut(value, ": ")
		return strings.EqualFold(c.Name, name) && strings.EqualFold(c.Value, strings.Join(strings.Fields(content), " "))
	}
	v := strings.Join(strings.Fields(value), " ")
	return c.Value == v || len([]rune(v)) >= renderedTextMax && strings.HasPrefix(c.Value, v)
}

// renderedTextMax is the length in characters (code points) at which the
// DOM reader cuts a heading's text.
const renderedTextMax = 300

package verify

import (
	"bytes"
	"regexp"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// MovedError is returned for a file that is Google's "Action needed" notice
// rather than a range list: it names the address the list moved to.
type MovedError struct {
	File string // the name the file was loaded under
	URL  string // where the list is published now
}

func (e *MovedError) Error() string {
	return i18n.T("verify.err-moved", "File", e.File, "URL", e.URL)
}

// newRangeURL finds an address under Google's current range folder in a
// notice's text.
var newRangeURL = regexp.MustCompile(`https://developers\.google\.com/static/crawling/ipranges/[a-z-]+\.json`)

// movedNotice reports whether data is the notice Google serves, with status
// 200, at the old range-file addresses since April 2026 instead of the list
// ("Action needed": the files moved to /static/crawling/ipranges/), and the
// address to use instead: the one the notice names, else the slot's own.
// A genuine list never says "action needed" and always has a creationTime.
func movedNotice(data []byte, slot PublishedFile) (string, bool) {
	lower := bytes.ToLower(data)
	if !bytes.Contains(lower, []byte("action needed")) &&
		(bytes.Contains(lower, []byte(`"creationtime"`)) || !bytes.Contains(lower, []byte("/crawling/ipranges/"))) {
		return "", false
	}
	if slot.Family != FamilyGoogle {
		return "", false
	}
	if u := newRangeURL.Find(data); u != nil {
		return string(u), true
	}
	return slot.URL, true
}

// dropInvisible removes the zero-width characters some published files
// carry inside prefixes (Bing's bingbot.json has had U+200B since 2022).
func dropInvisible(r rune) rune {
	switch r {
	case '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff':
		return -1
	}
	return r
}

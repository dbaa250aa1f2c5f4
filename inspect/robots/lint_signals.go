package robots

import (
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Preference lines of 2026 that Google's parser does not read: Cloudflare's
// Content-Signal (its managed robots.txt) and Content-Usage (the IETF
// aipref working group's draft). They declare what content may be used for;
// they block nothing.
const (
	keyContentSignal = "content-signal"
	keyContentUsage  = "content-usage"
)

// cloudflareSignals are the uses Cloudflare's managed robots.txt defines in
// its header comment.
var cloudflareSignals = map[string]string{
	"search":   "robots.signal-search",
	"ai-input": "robots.signal-ai-input",
	"ai-train": "robots.signal-ai-train",
}

// preference reports a Content-Signal or Content-Usage line and whether the
// key was one of them.
func (l *linter) preference(ln *Line) bool {
	var msg string
	line := strconv.Itoa(ln.Num)
	switch asciiLower(ln.Key) {
	case keyContentSignal:
		msg = i18n.T("robots.lint-content-signal", "Line", line, "Declared", declared(ln.Value, cloudflareSignals))
	case keyContentUsage:
		msg = i18n.T("robots.lint-content-usage", "Line", line, "Declared", usageDeclared(ln.Value))
	default:
		return false
	}
	l.add(ln.Num, SeverityInfo, asciiLower(ln.Key), msg)
	return true
}

// usageDeclared reads a Content-Usage value, which may start with the path
// it applies to.
func usageDeclared(v string) string {
	if strings.HasPrefix(v, "/") {
		path, rest, _ := strings.Cut(v, " ")
		return i18n.T("robots.usage-for-path", "Declared", declared(strings.TrimSpace(rest), nil), "Path", quote(path))
	}
	return declared(v, nil)
}

// declared renders "a=b, c=d" pairs as a list, explaining the known uses:
// `search=yes (building a search index ...), ai-train=no (...)`.
func declared(v string, known map[string]string) string {
	var parts []string
	for _, p := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
		key, _, _ := strings.Cut(p, "=")
		if use, ok := known[asciiLower(strings.TrimSpace(key))]; ok {
			p += " (" + i18n.T(use) + ")"
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return i18n.T("robots.signal-nothing")
	}
	return i18n.List(parts)
}

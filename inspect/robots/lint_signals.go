package robots

import (
	"strings"
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
	"search":   "building a search index and providing search results",
	"ai-input": "inputting content into AI models",
	"ai-train": "training or fine-tuning AI models",
}

// preference reports a Content-Signal or Content-Usage line and whether the
// key was one of them.
func (l *linter) preference(ln *Line) bool {
	var what string
	switch asciiLower(ln.Key) {
	case keyContentSignal:
		what = "Content-Signal (Cloudflare's content signals) declares " + declared(ln.Value, cloudflareSignals)
	case keyContentUsage:
		what = "Content-Usage (the IETF aipref draft's usage preferences) declares " + usageDeclared(ln.Value)
	default:
		return false
	}
	l.add(ln.Num, SeverityInfo, asciiLower(ln.Key), "Line %d: %s. It states a preference, not a rule: Google's parser ignores the line and it blocks no crawler; only the user-agent groups decide what is fetched.", ln.Num, what)
	return true
}

// usageDeclared reads a Content-Usage value, which may start with the path
// it applies to.
func usageDeclared(v string) string {
	if strings.HasPrefix(v, "/") {
		path, rest, _ := strings.Cut(v, " ")
		return declared(strings.TrimSpace(rest), nil) + " for paths starting with " + quote(path)
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
			p += " (" + use + ")"
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return "nothing (the value is empty)"
	}
	return strings.Join(parts, ", ")
}

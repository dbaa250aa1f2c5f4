package robots

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/cutoffapp/cutoff/internal/prose"
)

// Issue severities, most serious first.
const (
	SeverityCritical = "critical"
	SeverityWarning  = "warning"
	SeverityInfo     = "info"
)

// Issue is something in a robots.txt worth a consultant's attention.
type Issue struct {
	Line     int    `json:"line"`     // 1-based line, 0 for the whole file
	Severity string `json:"severity"` // SeverityCritical, SeverityWarning or SeverityInfo
	Code     string `json:"code"`     // stable identifier, e.g. "typo"
	Message  string `json:"message"`  // one or two sentences
}

// maxPerCode caps how many issues one code reports, so an HTML page served
// as robots.txt does not produce thousands of identical lines.
const maxPerCode = 20

// Lint checks the file for mistakes and surprises: misspelt or unknown keys,
// rules Google ignores, rules that block more than they seem to, and content
// Google never reads. Issues come sorted by line.
func (f *File) Lint() []Issue {
	if f == nil {
		return nil
	}
	return f.lint(f.Size)
}

// lint lints the file, whose whole is whole bytes: more than f.Size when
// reading stopped before the end, -1 when how much more is not known.
func (f *File) lint(whole int64) []Issue {
	var l linter
	for i := range f.Lines {
		l.line(&f.Lines[i])
	}
	l.groups(f)
	l.file(f, whole)
	return l.result()
}

// linter collects issues, counting them per code.
type linter struct {
	issues []Issue
	count  map[string]int
}

func (l *linter) add(line int, severity, code, format string, args ...any) {
	if l.count == nil {
		l.count = make(map[string]int)
	}
	l.count[code]++
	if l.count[code] > maxPerCode {
		return
	}
	l.issues = append(l.issues, Issue{Line: line, Severity: severity, Code: code, Message: fmt.Sprintf(format, args...)})
}

// result sorts the issues and says how many were left out per code.
func (l *linter) result() []Issue {
	for code, n := range l.count {
		if n > maxPerCode {
			l.issues = append(l.issues, Issue{Severity: SeverityInfo, Code: code,
				Message: fmt.Sprintf("%d more lines have the issue %q; only the first %d are listed.", n-maxPerCode, code, maxPerCode)})
		}
	}
	slices.SortStableFunc(l.issues, func(a, b Issue) int {
		if c := cmp.Compare(a.Line, b.Line); c != 0 {
			return c
		}
		return cmp.Compare(severityRank(a.Severity), severityRank(b.Severity))
	})
	return l.issues
}

func severityRank(s string) int {
	switch s {
	case SeverityCritical:
		return 0
	case SeverityWarning:
		return 1
	}
	return 2
}

// canonicalKeys maps a kind to the key Google expects.
var canonicalKeys = map[Kind]string{
	KindUserAgent: "User-agent", KindAllow: "Allow", KindDisallow: "Disallow", KindSitemap: "Sitemap",
}

// line checks one line on its own.
func (l *linter) line(ln *Line) {
	if ln.TooLong {
		l.add(ln.Num, SeverityWarning, "line-too-long", "Line %d is longer than %d bytes: Google ignores the rest of it.", ln.Num, MaxLineBytes)
	}
	switch ln.Kind {
	case KindInvalid:
		l.add(ln.Num, SeverityInfo, "invalid-line", "Line %d is not a \"key: value\" line: Google ignores it.", ln.Num)
		return
	case KindUnknown:
		if l.preference(ln) {
			return
		}
		l.add(ln.Num, SeverityInfo, "unknown-directive", "Line %d: %s is not a directive Google knows: the line is ignored.", ln.Num, quote(ln.Key))
		return
	case KindUnsupported:
		l.unsupported(ln)
		return
	case KindEmpty, KindComment:
		return
	}
	l.key(ln)
	switch ln.Kind {
	case KindUserAgent:
		l.agent(ln)
	case KindAllow, KindDisallow:
		l.rule(ln)
	}
}

// key checks how a known key is written.
func (l *linter) key(ln *Line) {
	want := canonicalKeys[ln.Kind]
	switch {
	case ln.Typo:
		l.add(ln.Num, SeverityWarning, "typo", "Line %d: %s is a misspelling of %s that Google accepts; other crawlers may ignore the line.", ln.Num, quote(ln.Key), quote(want))
	case len(ln.Key) > len(want):
		l.add(ln.Num, SeverityInfo, "key-prefix", "Line %d: Google reads the key %s as %s because keys match by their start; other crawlers may ignore the line.", ln.Num, quote(ln.Key), quote(want))
	}
	if ln.MissingColon {
		l.add(ln.Num, SeverityInfo, "missing-colon", "Line %d has no colon: Google reads it as %s, other crawlers may not.", ln.Num, quote(ln.Key+": "+ln.Value))
	}
}

// unsupported explains a key Google ignores.
func (l *linter) unsupported(ln *Line) {
	switch key := asciiLower(ln.Key); key {
	case "noindex":
		l.add(ln.Num, SeverityWarning, "noindex", "Line %d: Google does not support noindex in robots.txt (since September 2019); the line is ignored. Use a robots meta tag or an X-Robots-Tag header, on a page Google may crawl.", ln.Num)
	case "crawl-delay":
		l.add(ln.Num, SeverityInfo, "crawl-delay", "Line %d: Google ignores crawl-delay; Bing, Yandex and others may honour it.", ln.Num)
	default:
		l.add(ln.Num, SeverityInfo, "unsupported-directive", "Line %d: Google ignores %s, a directive some other crawlers use.", ln.Num, quote(ln.Key))
	}
}

// agent checks a user-agent value.
func (l *linter) agent(ln *Line) {
	v := ln.Value
	if len(v) > 0 && v[0] == '*' && (len(v) == 1 || isSpace(v[1])) {
		return
	}
	token := ExtractUserAgent(v)
	switch {
	case token == "":
		l.add(ln.Num, SeverityWarning, "agent-no-token", "Line %d: %s holds no product token Google can read (letters, '-' and '_'), so the line names no crawler.", ln.Num, quote(v))
	case token != v && v[len(token)] == '/':
		l.add(ln.Num, SeverityInfo, "agent-token-cut", "Line %d: Google reads %s as the token %s; the version is ignored.", ln.Num, quote(v), quote(token))
	case token != v:
		l.add(ln.Num, SeverityWarning, "agent-token-cut", "Line %d: Google reads %s as the token %s and ignores the rest, so this group applies to %s.", ln.Num, quote(v), quote(token), token)
	}
}

// rule checks an allow or disallow line on its own.
func (l *linter) rule(ln *Line) {
	if ln.Group < 0 {
		l.add(ln.Num, SeverityWarning, "rule-before-user-agent", "Line %d %s comes before any user-agent line: Google ignores it.", ln.Num, quote(ln.Directive()))
		return
	}
	p := ln.Pattern
	if p != "" && p[0] != '/' && p[0] != '*' {
		l.add(ln.Num, SeverityWarning, "rule-without-slash", "Line %d %s never matches: paths start with \"/\" (write %s).", ln.Num, quote(ln.Directive()), quote("/"+p))
		return
	}
	if ln.Kind == KindDisallow {
		l.broadPrefix(ln)
	}
}

// broadPrefix flags a short disallow prefix without a trailing slash, which
// blocks every path that merely starts with it ("/c" blocks "/careers").
func (l *linter) broadPrefix(ln *Line) {
	p := ln.Pattern
	if strings.ContainsAny(p, "*$?.=&") || strings.HasSuffix(p, "/") {
		return
	}
	last := p[strings.LastIndexByte(p, '/')+1:]
	if last == "" || len(last) > 3 {
		return
	}
	severity := SeverityInfo
	if len(last) == 1 {
		severity = SeverityWarning
	}
	l.add(ln.Num, severity, "broad-prefix", "Line %d %s is a prefix: it blocks every path that starts with %s, such as %s and %s, not only %s and %s. Write %s for the folder or %s for that page alone.",
		ln.Num, quote(ln.Directive()), quote(p), quote(p+"-old"), quote(p+"2024"), quote(p), quote(p+"/"), quote(p+"/"), quote(p+"$"))
}

// file checks the file as a whole, of whole bytes (see File.lint).
func (l *linter) file(f *File, whole int64) {
	if f.LooksLikeHTML {
		l.add(1, SeverityWarning, "html", "This robots.txt looks like an HTML page: Google ignores every line that is not a rule, so it is probably not the file you meant to serve.")
	}
	if f.TruncatedAt > 0 {
		severity, lost := SeverityWarning, ""
		if f.IgnoredRules > 0 {
			severity, lost = SeverityCritical, fmt.Sprintf(", with about %s rule lines", prose.Thousands(int64(f.IgnoredRules)))
		}
		size, ignored := prose.Thousands(f.Size)+" bytes", prose.Thousands(f.IgnoredBytes)+" bytes"
		switch {
		case whole > f.Size:
			size = fmt.Sprintf("%s bytes (Cutoff read the first %s)", prose.Thousands(whole), prose.Thousands(f.Size))
			ignored = prose.Thousands(whole-MaxBytes) + " bytes"
		case whole < 0:
			size, ignored = "more than "+size+" (Cutoff stopped reading there)", "bytes (more than "+prose.Thousands(f.IgnoredBytes)+")"
		}
		l.add(len(f.Lines), severity, "past-limit", "The file is %s: Google reads the first %s (500 KiB) and ignores the remaining %s from line %d on%s.",
			size, prose.Thousands(MaxBytes), ignored, len(f.Lines), lost)
	}
}

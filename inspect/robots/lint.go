package robots

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
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

func (l *linter) add(line int, severity, code, msg string) {
	if l.count == nil {
		l.count = make(map[string]int)
	}
	l.count[code]++
	if l.count[code] > maxPerCode {
		return
	}
	l.issues = append(l.issues, Issue{Line: line, Severity: severity, Code: code, Message: msg})
}

// result sorts the issues and says how many were left out per code.
func (l *linter) result() []Issue {
	for code, n := range l.count {
		if n > maxPerCode {
			l.issues = append(l.issues, Issue{Severity: SeverityInfo, Code: code,
				Message: i18n.T("robots.lint-more", "Count", strconv.Itoa(n-maxPerCode), "Code", strconv.Quote(code), "Max", strconv.Itoa(maxPerCode))})
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
		l.add(ln.Num, SeverityWarning, "line-too-long", i18n.T("robots.lint-line-too-long", "Line", strconv.Itoa(ln.Num), "Bytes", strconv.Itoa(MaxLineBytes)))
	}
	switch ln.Kind {
	case KindInvalid:
		l.add(ln.Num, SeverityInfo, "invalid-line", i18n.T("robots.lint-invalid-line", "Line", strconv.Itoa(ln.Num)))
		return
	case KindUnknown:
		if l.preference(ln) {
			return
		}
		l.add(ln.Num, SeverityInfo, "unknown-directive", i18n.T("robots.lint-unknown-directive", "Line", strconv.Itoa(ln.Num), "Key", quote(ln.Key)))
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
		l.add(ln.Num, SeverityWarning, "typo", i18n.T("robots.lint-typo", "Line", strconv.Itoa(ln.Num), "Key", quote(ln.Key), "Want", quote(want)))
	case len(ln.Key) > len(want):
		l.add(ln.Num, SeverityInfo, "key-prefix", i18n.T("robots.lint-key-prefix", "Line", strconv.Itoa(ln.Num), "Key", quote(ln.Key), "Want", quote(want)))
	}
	if ln.MissingColon {
		l.add(ln.Num, SeverityInfo, "missing-colon", i18n.T("robots.lint-missing-colon", "Line", strconv.Itoa(ln.Num), "Read", quote(ln.Key+": "+ln.Value)))
	}
}

// unsupported explains a key Google ignores.
func (l *linter) unsupported(ln *Line) {
	switch key := asciiLower(ln.Key); key {
	case "noindex":
		l.add(ln.Num, SeverityWarning, "noindex", i18n.T("robots.lint-noindex", "Line", strconv.Itoa(ln.Num)))
	case "crawl-delay":
		l.add(ln.Num, SeverityInfo, "crawl-delay", i18n.T("robots.lint-crawl-delay", "Line", strconv.Itoa(ln.Num)))
	default:
		l.add(ln.Num, SeverityInfo, "unsupported-directive", i18n.T("robots.lint-unsupported-directive", "Line", strconv.Itoa(ln.Num), "Key", quote(ln.Key)))
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
		l.add(ln.Num, SeverityWarning, "agent-no-token", i18n.T("robots.lint-agent-no-token", "Line", strconv.Itoa(ln.Num), "Value", quote(v)))
	case token != v && v[len(token)] == '/':
		l.add(ln.Num, SeverityInfo, "agent-token-cut", i18n.T("robots.lint-agent-version", "Line", strconv.Itoa(ln.Num), "Value", quote(v), "Token", quote(token)))
	case token != v:
		l.add(ln.Num, SeverityWarning, "agent-token-cut", i18n.T("robots.lint-agent-token-cut", "Line", strconv.Itoa(ln.Num), "Value", quote(v), "Token", quote(token), "Name", token))
	}
}

// rule checks an allow or disallow line on its own.
func (l *linter) rule(ln *Line) {
	if ln.Group < 0 {
		l.add(ln.Num, SeverityWarning, "rule-before-user-agent", i18n.T("robots.lint-rule-before-user-agent", "Line", strconv.Itoa(ln.Num), "Rule", quote(ln.Directive())))
		return
	}
	p := ln.Pattern
	if p != "" && p[0] != '/' && p[0] != '*' {
		l.add(ln.Num, SeverityWarning, "rule-without-slash", i18n.T("robots.lint-rule-without-slash", "Line", strconv.Itoa(ln.Num), "Rule", quote(ln.Directive()), "Fix", quote("/"+p)))
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
	l.add(ln.Num, severity, "broad-prefix", i18n.T("robots.lint-broad-prefix", "Line", strconv.Itoa(ln.Num), "Rule", quote(ln.Directive()),
		"Prefix", quote(p), "Old", quote(p+"-old"), "Year", quote(p+"2024"), "Folder", quote(p+"/"), "Exact", quote(p+"$")))
}

// file checks the file as a whole, of whole bytes (see File.lint).
func (l *linter) file(f *File, whole int64) {
	if f.LooksLikeHTML {
		l.add(1, SeverityWarning, "html", i18n.T("robots.lint-html"))
	}
	if f.TruncatedAt > 0 {
		severity, lost := SeverityWarning, ""
		if f.IgnoredRules > 0 {
			severity, lost = SeverityCritical, i18n.T("robots.lint-past-limit-rules", "Rules", f.IgnoredRules)
		}
		id, ignored := "robots.lint-past-limit", f.IgnoredBytes
		switch {
		case whole > f.Size:
			id, ignored = "robots.lint-past-limit-known", whole-MaxBytes
		case whole < 0:
			id = "robots.lint-past-limit-unknown"
		}
		l.add(len(f.Lines), severity, "past-limit", i18n.T(id, "Size", f.Size, "Whole", whole, "Limit", MaxBytes,
			"Ignored", ignored, "Line", strconv.Itoa(len(f.Lines)), "Rules", lost))
	}
}

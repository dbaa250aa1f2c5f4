package robots

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// resourceProbes are typical CSS and JavaScript paths; a rule that blocks
// one of them for Google probably blocks what the renderer needs.
var resourceProbes = []string{
	"/assets/app.js", "/assets/site.css", "/static/js/main.js", "/static/css/main.css",
	"/js/app.js", "/css/style.css", "/scripts/app.js", "/styles/site.css",
	"/wp-includes/js/jquery/jquery.min.js", "/wp-includes/css/dist/block-library/style.min.css",
	"/wp-content/themes/theme/style.css", "/wp-content/plugins/plugin/script.js",
	"/_next/static/chunks/main.js", "/dist/bundle.js", "/build/app.css",
	"/app.js", "/style.css", "/main.js?v=3", "/style.css?ver=6.4",
}

// identity is a crawler whose groups lint evaluates: "*" or a Googlebot token.
type identity struct {
	name   string
	groups []int
}

// googleIdentities returns "*" and every token starting with "googlebot".
func (f *File) googleIdentities() []identity {
	var ids []identity
	if len(f.star) > 0 {
		ids = append(ids, identity{"*", f.star})
	}
	for _, key := range sortedKeys(f.byToken) {
		if strings.HasPrefix(key, "googlebot") {
			ids = append(ids, identity{key, f.byToken[key]})
		}
	}
	return ids
}

func sortedKeys(m map[string][]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// groups runs the checks that need the groups.
func (l *linter) groups(f *File) {
	blocked := make(map[int]bool)
	for _, id := range f.googleIdentities() {
		l.disallowAll(f, id, blocked)
	}
	for _, id := range f.googleIdentities() {
		l.blocksResources(f, id, blocked)
	}
	l.merged(f)
	l.sitemapInGroup(f)
}

// disallowAll flags a rule that blocks the whole site for "*" or Googlebot.
func (l *linter) disallowAll(f *File, id identity, blocked map[int]bool) {
	home := f.matchRules("/", id.groups)
	deep := f.matchRules("/any/page.html", id.groups)
	if home.allowed || deep.allowed || home.matches[home.win].Line != deep.matches[deep.win].Line {
		return
	}
	w := home.matches[home.win]
	if blocked[w.Line] {
		return
	}
	blocked[w.Line] = true
	msg := i18n.T("robots.lint-disallow-all-star", "Line", strconv.Itoa(w.Line), "Rule", quote(w.Rule))
	if id.name != "*" {
		msg = i18n.T("robots.lint-disallow-all", "Line", strconv.Itoa(w.Line), "Rule", quote(w.Rule), "Name", id.name)
	}
	l.add(w.Line, SeverityCritical, "disallow-all", msg)
}

// blocksResources flags rules that block typical CSS or JavaScript paths.
func (l *linter) blocksResources(f *File, id identity, blocked map[int]bool) {
	for _, p := range resourceProbes {
		d := f.matchRules(p, id.groups)
		if d.allowed {
			continue
		}
		w := d.matches[d.win]
		if blocked[w.Line] {
			continue
		}
		blocked[w.Line] = true
		l.add(w.Line, SeverityWarning, "blocks-resources", i18n.T(resourceKind(p), "Line", strconv.Itoa(w.Line), "Rule", quote(w.Rule),
			"Path", quote(p), "Name", id.name))
	}
}

// resourceKind is the message for a rule blocking the kind of file a
// probe path is: stylesheets or JavaScript files.
func resourceKind(p string) string {
	p, _, _ = strings.Cut(p, "?")
	if path.Ext(p) == ".css" {
		return "robots.lint-blocks-stylesheets"
	}
	return "robots.lint-blocks-scripts"
}

// merged flags groups that repeat an agent and get merged.
func (l *linter) merged(f *File) {
	report := func(name string, gs []int) {
		for _, g := range gs[1:] {
			line := f.Groups[g].FirstLine()
			l.add(line, SeverityInfo, "merged-groups", i18n.T("robots.lint-merged-groups", "Line", strconv.Itoa(line), "Name", name,
				"First", strconv.Itoa(f.Groups[gs[0]].FirstLine())))
		}
	}
	if len(f.star) > 1 {
		report("*", f.star)
	}
	for _, key := range sortedKeys(f.byToken) {
		if gs := f.byToken[key]; len(gs) > 1 {
			report(tokenName(key), gs)
		}
	}
}

// sitemapInGroup flags a sitemap line between two rules of one group: it
// does not end the group, though its author may have meant it to.
func (l *linter) sitemapInGroup(f *File) {
	for i := range f.Lines {
		ln := &f.Lines[i]
		if ln.Kind != KindSitemap || ln.Group < 0 {
			continue
		}
		rules := f.Groups[ln.Group].Rules
		if len(rules) == 0 || rules[0] > i || rules[len(rules)-1] < i {
			continue
		}
		next := rules[0]
		for _, r := range rules {
			if r > i {
				next = r
				break
			}
		}
		l.add(ln.Num, SeverityWarning, "sitemap-inside-group", i18n.T("robots.lint-sitemap-inside-group", "Line", strconv.Itoa(ln.Num),
			"Next", strconv.Itoa(f.Lines[next].Num), "Name", f.groupName(ln.Group), "First", strconv.Itoa(f.Groups[ln.Group].FirstLine())))
	}
}

// groupName lists the agents of a group as written, e.g. "*, googlebot".
func (f *File) groupName(g int) string {
	var names []string
	for _, a := range f.Groups[g].Agents {
		if a.Star {
			names = append(names, "*")
		} else {
			names = append(names, tokenName(a.Token))
		}
	}
	return i18n.List(names)
}

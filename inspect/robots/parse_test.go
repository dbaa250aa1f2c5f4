package robots

import (
	"fmt"
	"strings"
	"testing"
)

// kinds lists the kinds of a file's lines, for compact comparisons.
func kinds(f *File) string {
	parts := make([]string, len(f.Lines))
	for i, ln := range f.Lines {
		parts[i] = ln.Kind.String()
	}
	return strings.Join(parts, ",")
}

func TestParseLines(t *testing.T) {
	tests := []struct {
		name  string
		body  string
		kinds string // Kind of each line, in order
		bom   int
	}{
		{"empty body is one empty line", "", "empty", 0},
		{"LF", "User-agent: a\nDisallow: /\n", "user-agent,disallow,empty", 0},
		{"CRLF counts once", "User-agent: a\r\nDisallow: /\r\n", "user-agent,disallow,empty", 0},
		{"bare CR", "User-agent: a\rDisallow: /", "user-agent,disallow", 0},
		{"CR CR LF is two endings", "a: b\r\r\nc: d", "unknown,empty,unknown", 0},
		{"LF CR is two endings", "a: b\n\rc: d", "unknown,empty,unknown", 0},
		{"full BOM skipped", "\xEF\xBB\xBFUser-agent: a", "user-agent", 3},
		{"partial BOM skipped", "\xEF\xBBUser-agent: a", "user-agent", 2},
		{"broken BOM keeps the rest", "\xEF\x11User-agent: a", "unknown", 1},
		{"BOM only at the start", "x: y\n\xEF\xBB\xBFUser-agent: a", "unknown,unknown", 0},
		{"comment and blank", "# hi\n   \n", "comment,empty,empty", 0},
		{"trailing comment", "Disallow: /a # no", "disallow", 0},
		{"missing colon, two words", "User-agent foo", "user-agent", 0},
		{"missing colon, three words", "User agent foo", "invalid", 0},
		{"no separator", "Error", "invalid", 0},
		{"empty key", ": value", "invalid", 0},
		{"unsupported keys", "crawl-delay: 5\nnoindex: /a\nHost: x", "unsupported,unsupported,unsupported", 0},
		{"unknown key", "unicorns: /extinct", "unknown", 0},
		{"typos", "useragent: a\nuser agent: b\ndisalow: /\nsite-map: x", "user-agent,user-agent,disallow,sitemap", 0},
		{"prefix keys", "Disallowed: /x\nAllowance: /y\nUser-agents: z", "disallow,allow,user-agent", 0},
		{"alow is not allow", "Alow: /x", "unknown", 0},
		{"NUL ends the line", "Disallow\x00: /x", "invalid", 0},
		{"HTML", "<html>\n<body>Disallow: /x</body>", "invalid,unknown", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse([]byte(tt.body))
			if got, want := kinds(f), tt.kinds; got != want {
				t.Errorf("kinds = %s, want %s", got, want)
			}
			if got, want := f.BOMBytes, tt.bom; got != want {
				t.Errorf("BOMBytes = %d, want %d", got, want)
			}
			for i, ln := range f.Lines {
				if ln.Num != i+1 {
					t.Errorf("line %d has Num %d", i+1, ln.Num)
				}
			}
		})
	}
}

func TestParseLineFields(t *testing.T) {
	tests := []struct {
		name                     string
		line                     string
		key, value, pattern      string
		typo, missingColon, hash bool
	}{
		{"plain", "Disallow: /a", "Disallow", "/a", "/a", false, false, false},
		{"spaces around", "  Disallow :   /a  ", "Disallow", "/a", "/a", false, false, false},
		{"comment", "Allow: /a#b", "Allow", "/a", "/a", false, false, true},
		{"typo", "dissallow: /x", "dissallow", "/x", "/x", true, false, false},
		{"missing colon", "Disallow /x", "Disallow", "/x", "/x", false, true, false},
		{"non-ASCII escaped", "Disallow: /café", "Disallow", "/café", "/caf%C3%A9", false, false, false},
		{"lower hex upper-cased", "Disallow: /a%2fb", "Disallow", "/a%2fb", "/a%2Fb", false, false, false},
		{"NBSP kept", "Disallow: /a\u00a0", "Disallow", "/a\u00a0", "/a%C2%A0", false, false, false},
		{"colon in value", "Sitemap: https://e/s.xml", "Sitemap", "https://e/s.xml", "", false, false, false},
		{"user-agent value not escaped", "User-agent: bot\u00e9", "User-agent", "bot\u00e9", "", false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ln := Parse([]byte(tt.line)).Lines[0]
			if ln.Key != tt.key || ln.Value != tt.value || ln.Pattern != tt.pattern {
				t.Errorf("key, value, pattern = %q, %q, %q; want %q, %q, %q", ln.Key, ln.Value, ln.Pattern, tt.key, tt.value, tt.pattern)
			}
			if ln.Typo != tt.typo || ln.MissingColon != tt.missingColon || ln.HasComment != tt.hash {
				t.Errorf("typo, missingColon, hasComment = %v, %v, %v; want %v, %v, %v", ln.Typo, ln.MissingColon, ln.HasComment, tt.typo, tt.missingColon, tt.hash)
			}
		})
	}
}

func TestParseLongLine(t *testing.T) {
	tests := []struct {
		name    string
		n       int // bytes of value after "Disallow: /"
		tooLong bool
	}{
		{"under", MaxLineBytes - 12, false},
		{"exact", MaxLineBytes - 11, false},
		{"over", MaxLineBytes - 10, true},
		{"far over", 3 * MaxLineBytes, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line := "Disallow: /" + strings.Repeat("a", tt.n)
			f := Parse([]byte(line + "\nAllow: /b"))
			ln := f.Lines[0]
			if got, want := ln.TooLong, tt.tooLong; got != want {
				t.Errorf("TooLong = %v, want %v (line of %d bytes)", got, want, len(line))
			}
			if got, want := len(ln.Text), min(len(line), MaxLineBytes); got != want {
				t.Errorf("len(Text) = %d, want %d", got, want)
			}
			if got, want := f.Lines[1].Kind, KindAllow; got != want {
				t.Errorf("next line kind = %v, want %v", got, want)
			}
		})
	}
}

func TestParseTruncation(t *testing.T) {
	rule := "Disallow: /private/path/\n" // 25 bytes
	tests := []struct {
		name        string
		size        int
		truncatedAt int64
		ignored     int64
	}{
		{"under", MaxBytes - 1, 0, 0},
		{"exact", MaxBytes, 0, 0},
		{"over by one", MaxBytes + 1, MaxBytes, 1},
		{"double", 2 * MaxBytes, MaxBytes, MaxBytes},
		{"zero", 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := []byte("User-agent: *\n" + strings.Repeat(rule, tt.size/len(rule)+1))[:tt.size]
			f := Parse(body)
			if got, want := f.TruncatedAt, tt.truncatedAt; got != want {
				t.Errorf("TruncatedAt = %d, want %d", got, want)
			}
			if got, want := f.IgnoredBytes, tt.ignored; got != want {
				t.Errorf("IgnoredBytes = %d, want %d", got, want)
			}
			if got, want := f.Size, int64(tt.size); got != want {
				t.Errorf("Size = %d, want %d", got, want)
			}
			last := f.Lines[len(f.Lines)-1]
			if end := last.Offset + len(last.Text); end > MaxBytes {
				t.Errorf("last line ends at byte %d, past %d", end, MaxBytes)
			}
		})
	}
}

func TestParseIgnoredRules(t *testing.T) {
	body := "User-agent: *\n" + strings.Repeat("#", MaxBytes) + "\nDisallow: /a\nallow: /b\n# Disallow: /c\nUser-agent: x\n"
	f := Parse([]byte(body))
	if got, want := f.IgnoredRules, 3; got != want {
		t.Errorf("IgnoredRules = %d, want %d", got, want)
	}
	if v := f.Check("foo", "/a"); !v.Allowed {
		t.Errorf("rule past the limit applied: %s", v.Reason)
	}
}

func TestParseGroups(t *testing.T) {
	tests := []struct {
		name   string
		body   string
		groups string // each group: agents then rule line numbers
	}{
		{"two groups", "User-agent: a\nDisallow: /\nUser-agent: b\nAllow: /", "[a|2] [b|4]"},
		{"shared rules", "User-agent: a\nUser-agent: b\nDisallow: /", "[a b|3]"},
		{"blank lines do not split", "User-agent: a\n\nUser-agent: b\n\nDisallow: /", "[a b|5]"},
		{"sitemap does not split", "User-agent: a\nDisallow: /x\nSitemap: s\nDisallow: /y", "[a|2 4]"},
		{"unknown does not split", "User-agent: a\nfoo: bar\nUser-agent: b\nDisallow: /", "[a b|4]"},
		{"rules before any agent", "Disallow: /\nUser-agent: a\nAllow: /", "[a|3]"},
		{"star with comment", "User-agent: * # all\nDisallow: /", "[*|2]"},
		{"star with text", "User-agent: * bots\nDisallow: /", "[*|2]"},
		{"star glued is no star", "User-agent: *bot\nDisallow: /", "[\"\"|2]"},
		{"token cut at version", "User-agent: FooBot/1.0\nDisallow: /", "[FooBot|2]"},
		{"empty agent", "User-agent:\nDisallow: /", "[\"\"|2]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, want := describeGroups(Parse([]byte(tt.body))), tt.groups; got != want {
				t.Errorf("groups = %s, want %s", got, want)
			}
		})
	}
}

func describeGroups(f *File) string {
	var out []string
	for _, g := range f.Groups {
		var agents, rules []string
		for _, a := range g.Agents {
			switch {
			case a.Star:
				agents = append(agents, "*")
			case a.Token == "":
				agents = append(agents, `""`)
			default:
				agents = append(agents, a.Token)
			}
		}
		for _, r := range g.Rules {
			rules = append(rules, fmt.Sprint(f.Lines[r].Num))
		}
		out = append(out, "["+strings.Join(agents, " ")+"|"+strings.Join(rules, " ")+"]")
	}
	return strings.Join(out, " ")
}

func TestLooksLikeHTML(t *testing.T) {
	tests := []struct {
		name string
		body string
		want bool
	}{
		{"doctype", "<!DOCTYPE html>\n<html><head>", true},
		{"html after BOM and blanks", "\xEF\xBB\xBF\n  <HTML lang=en>", true},
		{"robots.txt", "User-agent: *\nDisallow: /\n", false},
		{"tag later in a comment", "# <html>\nUser-agent: *", false},
		{"xml", "<?xml version=\"1.0\"?><urlset>", false},
		{"empty", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := looksLikeHTML([]byte(tt.body)); got != tt.want {
				t.Errorf("looksLikeHTML(%q) = %v, want %v", tt.body, got, tt.want)
			}
		})
	}
}

func TestMatchPattern(t *testing.T) {
	tests := []struct {
		path, pattern string
		want          bool
	}{
		{"/", "", true},
		{"/a", "/", true},
		{"/abc", "/ab", true},
		{"/ab", "/abc", false},
		{"/ABC", "/abc", false},
		{"/a.html", "/*.html", true},
		{"/a.html?x", "/*.html$", false},
		{"/a.html", "/*.html$", true},
		{"/a", "/a$", true},
		{"/ab", "/a$", false},
		{"/a$b", "/a$b", true},
		{"/a", "$", false},
		{"/x/y/z", "/*/z", true},
		{"/x/y/z", "/*y*z$", true},
		{"/xyz", "/*y*y", false},
		{"/aaa", "/*a*a*a", true},
		{"/aa", "/*a*a*a", false},
		{"/foo", "foo", false},
		{"/foo", "*foo", true},
		{"/fish.php?id=1", "/*.php$", false},
		{"/a/b", "/a/**", true},
		{"/", "*$", true},
	}
	for _, tt := range tests {
		if got := matchPattern(tt.path, tt.pattern); got != tt.want {
			t.Errorf("matchPattern(%q, %q) = %v, want %v", tt.path, tt.pattern, got, tt.want)
		}
		if got := refMatch(tt.path, tt.pattern); got != tt.want {
			t.Errorf("refMatch(%q, %q) = %v, want %v (the reference disagrees with the table)", tt.path, tt.pattern, got, tt.want)
		}
	}
}

// refMatch is a plain dynamic-programming matcher used as a reference for
// matchPattern in tests and fuzzing: cur[i] says whether the pattern read so
// far can end at path offset i; lo and hi bound the offsets that can.
func refMatch(path, pattern string) bool {
	cur, next := make([]bool, len(path)+1), make([]bool, len(path)+1)
	cur[0] = true
	lo, hi := 0, 0
	for k := 0; k < len(pattern); k++ {
		c := pattern[k]
		if c == '$' && k == len(pattern)-1 {
			return cur[len(path)]
		}
		nlo, nhi := len(path)+1, -1
		for i := lo; i <= hi; i++ {
			if !cur[i] {
				continue
			}
			if c == '*' {
				nlo, nhi = min(nlo, i), len(path)
				for j := i; j <= len(path); j++ {
					next[j] = true
				}
				break
			}
			if i < len(path) && path[i] == c {
				next[i+1] = true
				nlo, nhi = min(nlo, i+1), max(nhi, i+1)
			}
		}
		for i := lo; i <= hi; i++ {
			cur[i] = false
		}
		if nhi < 0 {
			return false
		}
		cur, next, lo, hi = next, cur, nlo, nhi
	}
	return true
}

func TestIndexDirectory(t *testing.T) {
	tests := []struct {
		pattern, dir string
		ok           bool
	}{
		{"/a/index.html", "/a/$", true},
		{"/index.htm", "/$", true},
		{"/a/index.html5", "/a/$", true},
		{"/a/index.php", "", false},
		{"/a/myindex.html", "", false},
		{"index.html", "", false},
	}
	for _, tt := range tests {
		dir, ok := indexDirectory(tt.pattern)
		if dir != tt.dir || ok != tt.ok {
			t.Errorf("indexDirectory(%q) = %q, %v; want %q, %v", tt.pattern, dir, ok, tt.dir, tt.ok)
		}
	}
}

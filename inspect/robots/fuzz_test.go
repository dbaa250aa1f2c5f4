package robots

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// addVectorSeeds adds the conformance vectors as seeds.
func addVectorSeeds(f *testing.F, add func(robots []byte, agent, url string)) {
	c, err := loadConformance()
	if err != nil {
		f.Fatalf("load conformance file: %v", err)
	}
	for _, set := range [][]vector{c.Vectors, c.SpecTestCTC, c.Probes} {
		for _, v := range set {
			var agent string
			if json.Unmarshal(v.Agent, &agent) != nil {
				agent = "FooBot"
			}
			add(body(f, v.Robots, v.RobotsBase64), agent, v.URL)
		}
	}
	add([]byte(chainRobots), "googlebot", "http://x/private/ok")
	add([]byte(reportRobots), "foobot", "/c/shoes")
}

// FuzzParse checks that parsing never panics, that lines are numbered and
// placed inside the body, and that verdicts do not change when the same
// bytes, or the lines rebuilt from the parse, are parsed again.
func FuzzParse(f *testing.F) {
	addVectorSeeds(f, func(robots []byte, agent, url string) { f.Add(robots, agent, url) })
	f.Fuzz(func(t *testing.T, body []byte, agent, url string) {
		p := Parse(body)
		checkLines(t, p, body)
		p.Lint()
		v1 := p.CheckChain([]string{agent, "googlebot"}, false, url)
		v2 := Parse(bytes.Clone(body)).CheckChain([]string{agent, "googlebot"}, false, url)
		if !reflect.DeepEqual(v1, v2) {
			t.Fatalf("verdict changed on re-parse:\n%+v\n%+v", v1, v2)
		}
		if rebuilt, ok := rebuild(p); ok {
			v3 := Parse(rebuilt).CheckChain([]string{agent, "googlebot"}, false, url)
			if v3.Allowed != v1.Allowed || v3.Line != v1.Line {
				t.Fatalf("verdict changed when the lines were written back: %v line %d, then %v line %d", v1.Allowed, v1.Line, v3.Allowed, v3.Line)
			}
		}
	})
}

// checkLines verifies the line bookkeeping of a parse.
func checkLines(t *testing.T, p *File, body []byte) {
	t.Helper()
	if len(p.Lines) == 0 {
		t.Fatal("no lines")
	}
	limit := min(len(body), MaxBytes)
	prevEnd := 0
	for i, ln := range p.Lines {
		end := ln.Offset + len(ln.Text)
		switch {
		case ln.Num != i+1:
			t.Fatalf("line %d numbered %d", i+1, ln.Num)
		case ln.Offset < prevEnd || end > limit:
			t.Fatalf("line %d spans [%d,%d), outside [%d,%d)", ln.Num, ln.Offset, end, prevEnd, limit)
		case len(ln.Text) > MaxLineBytes:
			t.Fatalf("line %d keeps %d bytes", ln.Num, len(ln.Text))
		case strings.ContainsAny(ln.Text, "\r\n"):
			t.Fatalf("line %d holds a line ending", ln.Num)
		case !ln.TooLong && string(body[ln.Offset:end]) != ln.Text:
			t.Fatalf("line %d text differs from the body", ln.Num)
		}
		prevEnd = end
	}
}

// rebuild writes the parsed lines back with LF endings, when that must
// give the same file to Google (nothing cut, no BOM).
func rebuild(p *File) ([]byte, bool) {
	if p.TruncatedAt > 0 || p.BOMBytes > 0 {
		return nil, false
	}
	var b bytes.Buffer
	for i, ln := range p.Lines {
		if ln.TooLong {
			return nil, false
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(ln.Text)
	}
	return b.Bytes(), true
}

// FuzzCheck compares the verdicts with a reference that follows Google's
// streaming matcher (flags set by user-agent lines, reset after rules),
// and checks that the deciding line agrees with the verdict.
func FuzzCheck(f *testing.F) {
	addVectorSeeds(f, func(robots []byte, agent, url string) { f.Add(string(robots), agent, url) })
	f.Fuzz(func(t *testing.T, robots, agent, url string) {
		p := Parse([]byte(robots))
		v := p.Check(agent, url)
		if want := refAllowed(p, []string{agent}, url); v.Allowed != want {
			t.Fatalf("Check = %v, reference = %v\nreason: %s", v.Allowed, want, v.Reason)
		}
		tokens := []string{agent, "FooBot"}
		if want := refAllowed(p, tokens, url); p.CheckAny(tokens, url).Allowed != want {
			t.Fatalf("CheckAny disagrees with the reference (%v)", want)
		}
		if v.Line > 0 {
			ln := p.Lines[v.Line-1]
			if !ln.Kind.IsRule() || (ln.Kind == KindAllow) != v.Allowed {
				t.Fatalf("deciding line %d is %s but the verdict is allowed=%v", v.Line, ln.Kind, v.Allowed)
			}
		}
		op := NewSecond([]byte(robots)).Compare(p, v)
		if op.Parser != SecondParserName {
			t.Fatalf("second opinion parser = %q", op.Parser)
		}
	})
}

// refAllowed is a reference for Google's AllowedByRobots written as the
// streaming state machine it is, over the parsed lines.
func refAllowed(p *File, agents []string, url string) bool {
	path := PathParamsQuery(url)
	var global, specific, everSpecific, separator bool
	best := map[[2]bool]int{} // [specific, allow] -> highest priority
	for _, ln := range p.Lines {
		switch ln.Kind {
		case KindUserAgent:
			if separator {
				global, specific, separator = false, false, false
			}
			v := ln.Value
			if len(v) > 0 && v[0] == '*' && (len(v) == 1 || isSpace(v[1])) {
				global = true
				continue
			}
			for _, a := range agents {
				if strings.EqualFold(ExtractUserAgent(v), a) && isASCII(a) {
					specific, everSpecific = true, true
				}
			}
		case KindAllow, KindDisallow:
			if !global && !specific {
				continue
			}
			separator = true
			prio := refPriority(ln, path)
			key := [2]bool{specific, ln.Kind == KindAllow}
			if old, ok := best[key]; prio >= 0 && (!ok || prio > old) {
				best[key] = prio
			}
		}
	}
	get := func(specific, allow bool) int {
		if v, ok := best[[2]bool{specific, allow}]; ok {
			return v
		}
		return -1
	}
	if sa, sd := get(true, true), get(true, false); sa > 0 || sd > 0 {
		return sd <= sa
	}
	if everSpecific {
		return true
	}
	if ga, gd := get(false, true), get(false, false); ga > 0 || gd > 0 {
		return gd <= ga
	}
	return true
}

// refPriority is the match priority of a rule line, with the index.html
// retry for allow rules, using the reference matcher.
func refPriority(ln Line, path string) int {
	if refMatch(path, ln.Pattern) {
		return len(ln.Pattern)
	}
	if ln.Kind == KindAllow {
		if i := strings.LastIndexByte(ln.Pattern, '/'); i >= 0 && strings.HasPrefix(ln.Pattern[i:], "/index.htm") {
			dir := ln.Pattern[:i+1] + "$"
			if refMatch(path, dir) {
				return len(dir)
			}
		}
	}
	return -1
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// FuzzMatchPattern compares the matcher with the reference matcher.
func FuzzMatchPattern(f *testing.F) {
	for _, s := range [][2]string{{"/a/b", "/a*"}, {"/x.html", "/*.html$"}, {"/a$b", "/a$b"}, {"/aaa", "/*a*a$"}, {"/", "$"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, path, pattern string) {
		if got, want := matchPattern(path, pattern), refMatch(path, pattern); got != want {
			t.Fatalf("matchPattern(%q, %q) = %v, reference %v", path, pattern, got, want)
		}
	})
}

// FuzzPathParamsQuery checks the shape of the extracted path.
func FuzzPathParamsQuery(f *testing.F) {
	c, err := loadConformance()
	if err != nil {
		f.Fatal(err)
	}
	for _, tt := range c.PathParamsQuery {
		f.Add(tt.URL)
	}
	f.Fuzz(func(t *testing.T, url string) {
		p := PathParamsQuery(url)
		if !strings.HasPrefix(p, "/") || strings.Contains(p, "#") {
			t.Fatalf("PathParamsQuery(%q) = %q", url, p)
		}
	})
}

package robots

import (
	"strings"
	"testing"
)

const chainRobots = `User-agent: *
Disallow: /

User-agent: Googlebot
Disallow: /private
Allow: /private/ok
Disallow:

User-agent: googlebot
Allow: /p
Disallow: /p
Allow: /d/index.html
Disallow: /d/

User-agent: AdsBot-Google
Disallow: /ads
`

func TestCheckChain(t *testing.T) {
	f := Parse([]byte(chainRobots))
	tests := []struct {
		name       string
		tokens     []string
		ignoreStar bool
		url        string
		allowed    bool
		line       int
		group      string
		reason     string // a fragment the reason must contain
	}{
		{"longest match wins", []string{"googlebot"}, false, "http://x/private/ok/1", true, 6, "googlebot", "longest of the 4 rules"},
		{"disallow longest", []string{"googlebot"}, false, "http://x/private/no", false, 5, "googlebot", "longest of the 3 rules"},
		{"allow wins tie", []string{"googlebot"}, false, "http://x/p", true, 10, "googlebot", "allow wins ties"},
		{"index.html is its directory", []string{"googlebot"}, false, "http://x/d/", true, 12, "googlebot", `line 12 "Allow: /d/index.html"`},
		{"no rule matches", []string{"googlebot"}, false, "http://x/other", true, 0, "googlebot", "no rule in the group for googlebot"},
		{"chain falls back", []string{"googlebot-image", "googlebot"}, false, "http://x/private/x", false, 5, "googlebot", "googlebot-image has no group of its own"},
		{"first token of chain with group", []string{"adsbot-google", "googlebot"}, false, "http://x/ads", false, 16, "adsbot-google", "only rule"},
		{"star when nothing names it", []string{"bingbot"}, false, "http://x/a", false, 2, "*", "no group names bingbot, so the * group applies"},
		{"ignore star", []string{"adsbot-google-mobile"}, true, "http://x/a", true, 0, "", "ignores the * group"},
		{"ignore star but own group", []string{"adsbot-google"}, true, "http://x/ads/1", false, 16, "adsbot-google", "only rule"},
		{"robots.txt always allowed", []string{"bingbot"}, false, "http://x/robots.txt", true, 0, "*", "always allowed"},
		{"empty chain uses star", nil, false, "http://x/a", false, 2, "*", "no group names this crawler"},
		{"case-insensitive token", []string{"GOOGLEBOT"}, false, "http://x/private/no", false, 5, "GOOGLEBOT", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := f.CheckChain(tt.tokens, tt.ignoreStar, tt.url)
			if got, want := v.Allowed, tt.allowed; got != want {
				t.Errorf("Allowed = %v, want %v (%s)", got, want, v.Reason)
			}
			if got, want := v.Line, tt.line; got != want {
				t.Errorf("Line = %d, want %d (%s)", got, want, v.Reason)
			}
			if got, want := v.Group, tt.group; got != want {
				t.Errorf("Group = %q, want %q", got, want)
			}
			if !strings.Contains(v.Reason, tt.reason) {
				t.Errorf("Reason = %q, want it to contain %q", v.Reason, tt.reason)
			}
			if v.Line > 0 && v.Rule != f.Lines[v.Line-1].Directive() {
				t.Errorf("Rule = %q, want the text of line %d %q", v.Rule, v.Line, f.Lines[v.Line-1].Directive())
			}
		})
	}
}

func TestCheckRobotsTxtLibraryLevel(t *testing.T) {
	f := Parse([]byte("User-agent: *\nDisallow: /\n"))
	if v := f.Check("bot", "http://x/robots.txt"); v.Allowed {
		t.Errorf("Check follows the library, which has no /robots.txt exception; got allowed: %s", v.Reason)
	}
	v := f.CheckChain([]string{"bot"}, false, "http://x/robots.txt")
	if !v.Allowed || len(v.Competing) != 1 || v.Competing[0].Line != 2 {
		t.Errorf("CheckChain(/robots.txt) = %v, competing %v; want allowed with line 2 losing", v.Allowed, v.Competing)
	}
}

func TestVerdictCompeting(t *testing.T) {
	f := Parse([]byte("User-agent: a\nDisallow: /\nDisallow: /x\nAllow: /x/y\nAllow: /x/y\nDisallow: /z\n"))
	v := f.Check("a", "/x/y/1")
	if got, want := v.Line, 4; got != want {
		t.Fatalf("Line = %d, want %d (the first of two equal allows)", got, want)
	}
	var lines []int
	for _, m := range v.Competing {
		lines = append(lines, m.Line)
	}
	if got, want := len(lines), 3; got != want {
		t.Fatalf("Competing lines = %v, want 3 entries", lines)
	}
	if lines[0] != 5 || lines[1] != 3 || lines[2] != 2 {
		t.Errorf("Competing lines = %v, want [5 3 2] (longest first)", lines)
	}
}

func TestCheckInvalidAgentTrace(t *testing.T) {
	f := Parse([]byte("User-agent: Googlebot\nDisallow: /\n"))
	v := f.Check("Googlebot/2.1", "/a")
	if !v.Allowed {
		t.Errorf("a full user-agent string must not match the Googlebot group")
	}
	if !strings.Contains(strings.Join(v.Trace, "\n"), "not a bare product token") {
		t.Errorf("trace does not explain the invalid token: %q", v.Trace)
	}
}

func TestCheckNilFile(t *testing.T) {
	var f *File
	if v := f.CheckChain([]string{"googlebot"}, false, "/a"); !v.Allowed || v.Reason == "" {
		t.Errorf("nil file: %+v", v)
	}
	if issues := f.Lint(); issues != nil {
		t.Errorf("nil file lint = %v", issues)
	}
}

func TestCheckAny(t *testing.T) {
	f := Parse([]byte("User-agent: *\nDisallow: /\n\nUser-agent: FooBot\nDisallow: /a\n\nUser-agent: BarBot\nDisallow: /b\n"))
	tests := []struct {
		name    string
		tokens  []string
		url     string
		allowed bool
		group   string
	}{
		{"first token's group", []string{"FooBot", "BarBot"}, "/a", false, "FooBot,BarBot"},
		{"second token's group", []string{"FooBot", "BarBot"}, "/b", false, "FooBot,BarBot"},
		{"star ignored", []string{"FooBot", "BarBot"}, "/c", true, "FooBot,BarBot"},
		{"only one named", []string{"BazBot", "BarBot"}, "/a", true, "BarBot"},
		{"none named", []string{"BazBot"}, "/c", false, "*"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := f.CheckAny(tt.tokens, tt.url)
			if got, want := v.Allowed, tt.allowed; got != want {
				t.Errorf("Allowed = %v, want %v (%s)", got, want, v.Reason)
			}
			if got, want := v.Group, tt.group; got != want {
				t.Errorf("Group = %q, want %q", got, want)
			}
		})
	}
}

func TestPathParamsQueryExtra(t *testing.T) {
	tests := []struct{ url, want string }{
		{"https://e.com:8443/a/b;p?q=1#f", "/a/b;p?q=1"},
		{"/#frag", "/"},
		{"http://e.com#x/y", "/"},
		{"http://e.com/a#b?c", "/a"},
		{"mailto:x", "/"},
		{"http://e.com/a?b=http://c/d#e", "/a?b=http://c/d"},
	}
	for _, tt := range tests {
		if got := PathParamsQuery(tt.url); got != tt.want {
			t.Errorf("PathParamsQuery(%q) = %q, want %q", tt.url, got, tt.want)
		}
	}
}

package verify

import (
	"bytes"
	"net/netip"
	"testing"
)

var logLineTests = []struct {
	name string
	line string
	ok   bool
	host string // when ok
	ua   string // when ok; "" also for common log format
}{
	{"combined", `66.249.66.1 - - [12/Oct/2026:06:25:24 +0000] "GET / HTTP/1.1" 200 5120 "-" "Googlebot/2.1"` + "\n",
		true, "66.249.66.1", "Googlebot/2.1"},
	{"common", `198.51.100.24 - frank [10/Oct/2026:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326`,
		true, "198.51.100.24", ""},
	{"bytes dash", `66.249.66.1 - - [12/Oct/2026:06:25:24 +0000] "HEAD / HTTP/1.1" 304 - "-" "Googlebot/2.1"`,
		true, "66.249.66.1", "Googlebot/2.1"},
	{"no bytes field", `66.249.66.1 - - [12/Oct/2026:06:25:24 +0000] "GET / HTTP/1.1" 200`,
		true, "66.249.66.1", ""},
	{"referer only", `66.249.66.1 - - [12/Oct/2026:06:25:24 +0000] "GET / HTTP/1.1" 200 12 "https://a.example/"`,
		true, "66.249.66.1", ""},
	{"IPv6", `2001:db8::1 - - [12/Oct/2026:06:25:24 +0000] "GET / HTTP/1.1" 200 5 "-" "bingbot/2.0"`,
		true, "2001:db8::1", "bingbot/2.0"},
	{"escaped quotes", `203.0.113.7 - - [12/Oct/2026:06:25:24 +0000] "GET /\"x\" HTTP/1.1" 200 5 "-" "A \"Googlebot\" B"`,
		true, "203.0.113.7", `A \"Googlebot\" B`},
	{"escaped backslash before quote", `203.0.113.7 - - [12/Oct/2026:06:25:24 +0000] "GET /\\ HTTP/1.1" 200 5 "-" "ua\\"`,
		true, "203.0.113.7", `ua\\`},
	{"extra fields after UA", `203.0.113.12 - - [12/Oct/2026:06:25:24 +0000] "GET / HTTP/1.1" 200 5 "-" "bingbot" "example.com" 0.012`,
		true, "203.0.113.12", "bingbot"},
	{"CRLF", "203.0.113.12 - - [12/Oct/2026:06:25:24 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"bingbot\"\r\n",
		true, "203.0.113.12", "bingbot"},
	{"request with spaces", `203.0.113.12 - - [12/Oct/2026:06:25:24 +0000] "GET /a b c HTTP/1.1" 400 5 "-" "x"`,
		true, "203.0.113.12", "x"},
	{"empty", "", false, "", ""},
	{"newline only", "\n", false, "", ""},
	{"prose", "this is not a log line", false, "", ""},
	{"host name client", `crawl-66-249-66-1.googlebot.com - - [12/Oct/2026:06:25:24 +0000] "GET / HTTP/1.1" 200 5 "-" "x"`, false, "", ""},
	{"no date brackets", `66.249.66.1 - - 12/Oct/2026 "GET / HTTP/1.1" 200 5 "-" "x"`, false, "", ""},
	{"empty date", `66.249.66.1 - - [] "GET / HTTP/1.1" 200 5 "-" "x"`, false, "", ""},
	{"unterminated request", `66.249.66.1 - - [12/Oct/2026:06:25:24 +0000] "GET / HTTP/1.1 200 5`, false, "", ""},
	{"status not a number", `66.249.66.1 - - [12/Oct/2026:06:25:24 +0000] "GET / HTTP/1.1" abc 5 "-" "x"`, false, "", ""},
	{"status too long", `66.249.66.1 - - [12/Oct/2026:06:25:24 +0000] "GET / HTTP/1.1" 2000 5 "-" "x"`, false, "", ""},
	{"unterminated UA", `66.249.66.1 - - [12/Oct/2026:06:25:24 +0000] "GET / HTTP/1.1" 200 5 "-" "Googlebot`, false, "", ""},
	{"garbage after bytes", `66.249.66.1 - - [12/Oct/2026:06:25:24 +0000] "GET / HTTP/1.1" 200 5 referer`, false, "", ""},
	{"leading space", ` 66.249.66.1 - - [12/Oct/2026:06:25:24 +0000] "GET / HTTP/1.1" 200 5`, false, "", ""},
}

func TestParseLogLine(t *testing.T) {
	for _, tt := range logLineTests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := parseLogLine([]byte(tt.line))
			if ok != tt.ok {
				t.Fatalf("parseLogLine(%q) ok = %v, want %v", tt.line, ok, tt.ok)
			}
			if !ok {
				return
			}
			if string(got.host) != tt.host {
				t.Errorf("parseLogLine(%q) host = %q, want %q", tt.line, got.host, tt.host)
			}
			if string(got.ua) != tt.ua {
				t.Errorf("parseLogLine(%q) ua = %q, want %q", tt.line, got.ua, tt.ua)
			}
		})
	}
}

func TestParseHost(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // "" when invalid
	}{
		{"v4", "66.249.66.1", "66.249.66.1"},
		{"v4 zeros", "0.0.0.0", "0.0.0.0"},
		{"v4 max", "255.255.255.255", "255.255.255.255"},
		{"v4 octet too big", "256.1.1.1", ""},
		{"v4 leading zero", "01.2.3.4", ""},
		{"v4 three parts", "1.2.3", ""},
		{"v4 five parts", "1.2.3.4.5", ""},
		{"v4 empty part", "1..3.4", ""},
		{"v4 trailing dot", "1.2.3.4.", ""},
		{"v6", "2001:db8::1", "2001:db8::1"},
		{"v6 mapped", "::ffff:66.249.66.1", "66.249.66.1"},
		{"v6 bracketed", "[2001:db8::1]", "2001:db8::1"},
		{"v6 zone dropped", "fe80::1%eth0", "fe80::1"},
		{"empty", "", ""},
		{"hex junk", "abc", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := parseHost([]byte(tt.in))
			if ok != (tt.want != "") {
				t.Fatalf("parseHost(%q) ok = %v, want %v", tt.in, ok, tt.want != "")
			}
			if ok && got != netip.MustParseAddr(tt.want) {
				t.Errorf("parseHost(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

func FuzzParseLogLine(f *testing.F) {
	for _, tt := range logLineTests {
		f.Add([]byte(tt.line))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		got, ok := parseLogLine(line)
		if !ok {
			return
		}
		// Fields must be sub-slices of the line, in order.
		hi := bytes.Index(line, got.host)
		if hi != 0 {
			t.Fatalf("host %q is not at the start of %q", got.host, line)
		}
		if got.ua != nil && !bytes.Contains(line, got.ua) {
			t.Fatalf("ua %q is not inside %q", got.ua, line)
		}
		parseHost(got.host)
	})
}

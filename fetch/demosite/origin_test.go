package demosite

import (
	"net/http"
	"strings"
	"testing"
)

func TestOrigin(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		host   string // the request's Host header
		url    string
		second string
		isSec  bool
	}{
		{"loopback with port", "127.0.0.1:8080", "http://127.0.0.1:8080", "http://localhost:8080", false},
		{"second host", "localhost:8080", "http://localhost:8080", "http://localhost:8080", true},
		{"second host in capitals", "LocalHost:8080", "http://localhost:8080", "http://localhost:8080", true},
		{"IPv6 with port", "[::1]:8080", "http://[::1]:8080", "http://localhost:8080", false},
		{"IPv6 without port", "::1", "http://[::1]", "http://localhost", false},
		{"no port", "127.0.0.1", "http://127.0.0.1", "http://localhost", false},
		{"other name replaced", "shop.example:8080", "http://127.0.0.1:8080", "http://localhost:8080", false},
		{"markup replaced", `"><script>:80`, "http://127.0.0.1:80", "http://localhost:80", false},
		{"bad port dropped", "127.0.0.1:8o", "http://127.0.0.1", "http://localhost", false},
		{"empty", "", "http://127.0.0.1", "http://localhost", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := originOf(&http.Request{Host: tt.host})
			if got, want := o.url(), tt.url; got != want {
				t.Errorf("originOf(%q).url() = %q, want %q", tt.host, got, want)
			}
			if got, want := o.second(), tt.second; got != want {
				t.Errorf("originOf(%q).second() = %q, want %q", tt.host, got, want)
			}
			if got, want := o.isSecond(), tt.isSec; got != want {
				t.Errorf("originOf(%q).isSecond() = %v, want %v", tt.host, got, want)
			}
		})
	}
}

// FuzzOrigin checks that no Host header can put anything but a plain URL
// prefix into a page.
func FuzzOrigin(f *testing.F) {
	for _, s := range []string{"127.0.0.1:8080", "localhost:1", "[::1]:80", "::1", `"><x>:80`, "", "[", "a:b:c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, host string) {
		o := originOf(&http.Request{Host: host})
		for _, u := range []string{o.url(), o.second()} {
			if !strings.HasPrefix(u, "http://") {
				t.Fatalf("%q gives %q", host, u)
			}
			if i := strings.IndexFunc(u[len("http://"):], unsafeInURL); i >= 0 {
				t.Fatalf("%q gives %q", host, u)
			}
		}
	})
}

// unsafeInURL reports whether r may not appear in an origin's host part.
func unsafeInURL(r rune) bool {
	return !strings.ContainsRune("0123456789abcdefghijklmnopqrstuvwxyz.:[]", r)
}

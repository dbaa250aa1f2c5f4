package demosite

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
)

func TestStartRefuses(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		addr string
	}{
		{"all interfaces", "0.0.0.0:0"},
		{"no host", ":0"},
		{"all IPv6 interfaces", "[::]:0"},
		{"a LAN address", "192.168.1.10:0"},
		{"a host name", "example.com:80"},
		{"no port", "127.0.0.1"},
		{"empty", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, err := Start(tt.addr)
			if err == nil {
				s.Close()
				t.Fatalf("Start(%q) succeeded, want an error", tt.addr)
			}
			if !errors.Is(err, ErrNotLoopback) {
				t.Errorf("Start(%q) = %v, want ErrNotLoopback", tt.addr, err)
			}
		})
	}
}

func TestStart(t *testing.T) {
	t.Parallel()
	for _, addr := range []string{"127.0.0.1:0", "localhost:0"} {
		t.Run(addr, func(t *testing.T) {
			t.Parallel()
			s, err := Start(addr)
			if err != nil {
				t.Fatalf("Start(%q): %v", addr, err)
			}
			if !strings.HasPrefix(s.URL, "http://127.0.0.1:") {
				t.Errorf("URL = %q, want http://127.0.0.1:PORT", s.URL)
			}
			if got, want := s.BigURL(), s.URL+"/big"; got != want {
				t.Errorf("BigURL() = %q, want %q", got, want)
			}
			resp, err := http.Get(s.BigURL())
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if got, want := resp.StatusCode, http.StatusOK; got != want {
				t.Errorf("GET %s: status %d, want %d", s.BigURL(), got, want)
			}
			if err := s.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
			if _, err := http.Get(s.URL + "/clean"); err == nil {
				t.Error("the server still answers after Close")
			}
		})
	}
}

// TestSecondHost reaches the running server as localhost:PORT, as a crawler
// following /resources does, and gets the second host's robots.txt.
func TestSecondHost(t *testing.T) {
	t.Parallel()
	s, err := Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	second := strings.Replace(s.URL, "127.0.0.1", secondHostname, 1)
	for _, tt := range []struct{ base, want string }{
		{s.URL, "User-agent: googlebot-image"},
		{second, "Disallow: /cdn/"},
	} {
		resp, err := http.Get(tt.base + "/robots.txt")
		if err != nil {
			t.Fatalf("GET %s/robots.txt: %v", tt.base, err)
		}
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		resp.Body.Close()
		if !strings.Contains(string(body), tt.want) {
			t.Errorf("%s/robots.txt lacks %q", tt.base, tt.want)
		}
	}
}

package fetch

import "testing"

func TestWithImplicitScheme(t *testing.T) {
	tests := []struct {
		in, want string
		assumed  bool
	}{
		{"localhost:8765/page", "http://localhost:8765/page", true},
		{"localhost:8765", "http://localhost:8765", true},
		{"127.0.0.1:8080/a?b=c", "http://127.0.0.1:8080/a?b=c", true},
		{"[::1]:8080/x", "http://[::1]:8080/x", true},
		{"example.com:443", "http://example.com:443", true},
		{"http://localhost:8765/page", "http://localhost:8765/page", false},
		{"mailto:someone@example.com", "mailto:someone@example.com", false},
		{"ftp://host:21/a", "ftp://host:21/a", false},
		{"example.com/page", "example.com/page", false},
		{"c:/page.html", "c:/page.html", false},
		{"host:/a", "host:/a", false},
	}
	for _, tt := range tests {
		got, assumed := WithImplicitScheme(tt.in)
		if got != tt.want || assumed != tt.assumed {
			t.Errorf("WithImplicitScheme(%q) = %q, %v; want %q, %v", tt.in, got, assumed, tt.want, tt.assumed)
		}
	}
}

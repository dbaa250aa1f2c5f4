package kit

import (
	"testing"
	"time"
)

func TestCommas(t *testing.T) {
	tests := []struct {
		name string
		in   int64
		want string
	}{
		{"zero", 0, "0"},
		{"three digits", 999, "999"},
		{"four digits", 1000, "1,000"},
		{"limit", 2_000_000, "2,000,000"},
		{"binary limit", 2_097_152, "2,097,152"},
		{"negative", -1234567, "-1,234,567"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, want := Commas(tt.in), tt.want; got != want {
				t.Errorf("Commas(%d) = %q, want %q", tt.in, got, want)
			}
		})
	}
}

func TestDuration(t *testing.T) {
	tests := []struct {
		name string
		in   time.Duration
		want string
	}{
		{"zero", 0, "0 ms"},
		{"milliseconds", 12*time.Millisecond + 900*time.Microsecond, "12 ms"},
		{"seconds", 1250 * time.Millisecond, "1.25 s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, want := Duration(tt.in), tt.want; got != want {
				t.Errorf("Duration(%v) = %q, want %q", tt.in, got, want)
			}
		})
	}
}

func TestShownText(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		limit int
		want  string
	}{
		{"ASCII", "HTTP/1.1 200 OK\r\n", 100, "HTTP/1.1 200 OK\r\n"},
		{"invalid byte", "X-A: caf\xe9", 100, "X-A: caf\uFFFD"},
		{"cut", "abcdef", 4, "abcd\n… 2 bytes not shown"},
		{"never splits a character", "aé", 2, "a\n… 2 bytes not shown"},
		{"empty", "", 10, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ShownText([]byte(tt.in), tt.limit); got != tt.want {
				t.Errorf("ShownText(%q, %d) = %q, want %q", tt.in, tt.limit, got, tt.want)
			}
		})
	}
}

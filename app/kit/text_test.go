package app

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
			if got, want := commas(tt.in), tt.want; got != want {
				t.Errorf("commas(%d) = %q, want %q", tt.in, got, want)
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
			if got, want := duration(tt.in), tt.want; got != want {
				t.Errorf("duration(%v) = %q, want %q", tt.in, got, want)
			}
		})
	}
}

func TestParseByteCount(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    int64
		wantErr bool
	}{
		{"plain", "2000000", 2_000_000, false},
		{"commas", "2,097,152", 2_097_152, false},
		{"spaces", " 15 000 000 ", 15_000_000, false},
		{"zero", "0", 0, true},
		{"letters", "2 MB", 0, true},
		{"empty", "", 0, true},
		{"too long", "1234567890123", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseByteCount(tt.in)
			if (err != nil) != tt.wantErr {
				t.Fatalf("parseByteCount(%q) error = %v, want error %v", tt.in, err, tt.wantErr)
			}
			if got != tt.want {
				t.Errorf("parseByteCount(%q) = %d, want %d", tt.in, got, tt.want)
			}
		})
	}
}

func FuzzParseByteCount(f *testing.F) {
	for _, s := range []string{"2000000", "2,097,152", " 15 000 000 ", "0", "2 MB", "", "-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := parseByteCount(s)
		if err == nil && n <= 0 {
			t.Errorf("parseByteCount(%q) = %d without an error", s, n)
		}
	})
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
			if got := shownText([]byte(tt.in), tt.limit); got != tt.want {
				t.Errorf("shownText(%q, %d) = %q, want %q", tt.in, tt.limit, got, tt.want)
			}
		})
	}
}

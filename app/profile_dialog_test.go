package app

import "testing"

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
		{"Italian dots", "2.000.000", 2_000_000, false},
		{"French narrow no-break spaces", "2\u202f000\u202f000", 2_000_000, false},
		{"a decimal, not a grouping", "1.5", 0, true},
		{"groups of two", "20,00,000", 0, true},
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

package finding

import "testing"

func TestAtLeast(t *testing.T) {
	tests := []struct {
		severity, min string
		want          bool
	}{
		{Critical, "critical", true},
		{Critical, "warning", true},
		{Warning, "critical", false},
		{Warning, "warning", true},
		{Info, "warning", false},
		{Info, "info", true},
		{Critical, "", false},
		{Critical, "fatal", false},
		{"", "info", false},
	}
	for _, tt := range tests {
		if got := AtLeast(Finding{Severity: tt.severity}, tt.min); got != tt.want {
			t.Errorf("AtLeast(%q, %q) = %v, want %v", tt.severity, tt.min, got, tt.want)
		}
	}
}

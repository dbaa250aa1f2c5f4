// Package finding is what every analysis of a page reports: a Finding (a
// severity, a stable code, a sentence a consultant can paste into an email,
// and the body offset it is about), the severities in their order, and the
// bound on findings of one code. The page's analysis, its subresources and
// its rendered view each write their own findings with it; it imports no
// Cutoff package.
package finding

// Severities, most severe first.
const (
	Critical = "critical"
	Warning  = "warning"
	Info     = "info"
)

// Finding is one observation about the page, in a sentence a consultant can
// paste into an email.
type Finding struct {
	Severity string `json:"severity"` // Critical, Warning or Info
	Code     string `json:"code"`
	Message  string `json:"message"`
	// Offset is the body offset the finding is about, when there is one.
	Offset *int64 `json:"offset,omitempty"`
}

// Rank orders severities: 3 for Critical down to 1 for Info, 0 for an
// unknown one.
func Rank(severity string) int {
	switch severity {
	case Critical:
		return 3
	case Warning:
		return 2
	case Info:
		return 1
	}
	return 0
}

// AtLeast reports whether f is at least as severe as min ("critical",
// "warning" or "info"); an unknown min matches nothing. It implements the
// command line's --fail-on.
func AtLeast(f Finding, min string) bool {
	r := Rank(min)
	return r > 0 && Rank(f.Severity) >= r
}

// MaxPerCode bounds the findings of one code, so that a page with ten
// thousand lost JSON-LD blocks yields a readable list; one more finding
// then counts the rest.
const MaxPerCode = 10

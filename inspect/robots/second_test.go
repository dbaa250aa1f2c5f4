package robots

import (
	"strings"
	"testing"
)

func TestSecondOpinion(t *testing.T) {
	tests := []struct {
		name    string
		body    string
		agent   string
		url     string
		google  bool // Google's verdict
		second  bool // temoto/robotstxt's verdict
		differs bool
		isError bool
	}{
		{"agree", "User-agent: *\nDisallow: /a\n", "googlebot", "http://e.com/a", false, false, false, false},
		{"agent prefix", "User-agent: Foo\nDisallow: /\n", "FooBot", "http://e.com/x", true, false, true, false},
		{"first rule wins tie", "User-agent: *\nDisallow: /p\nAllow: /p\n", "bot", "http://e.com/p", true, false, true, false},
		{"index.html directory", "User-agent: *\nAllow: /d/index.html\nDisallow: /\n", "bot", "http://e.com/d/", true, false, true, false},
		{"rejected file", "User-agent: *\nCrawl-delay: soon\nDisallow: /\n", "bot", "http://e.com/x", false, false, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Parse([]byte(tt.body)).Check(tt.agent, tt.url)
			if got, want := v.Allowed, tt.google; got != want {
				t.Fatalf("Google verdict = %v, want %v (%s)", got, want, v.Reason)
			}
			op := NewSecond([]byte(tt.body)).Compare(Parse([]byte(tt.body)), v)
			if got, want := op.Error != "", tt.isError; got != want {
				t.Fatalf("error = %q, want error %v", op.Error, want)
			}
			if tt.isError {
				if !strings.Contains(op.Note, "rejects the whole file") {
					t.Errorf("Note = %q", op.Note)
				}
				return
			}
			if got, want := op.Allowed, tt.second; got != want {
				t.Errorf("second opinion = %v, want %v", got, want)
			}
			if got, want := op.Differs, tt.differs; got != want {
				t.Errorf("Differs = %v, want %v", got, want)
			}
			if op.Differs && !strings.Contains(op.Note, "Non-Google parsers may read") {
				t.Errorf("Note = %q", op.Note)
			}
			allowed, err := SecondOpinion([]byte(tt.body), tt.agent, tt.url)
			if err != nil || allowed != op.Allowed {
				t.Errorf("SecondOpinion = %v, %v; want %v, nil", allowed, err, op.Allowed)
			}
		})
	}
}

func TestSecondOpinionTruncates(t *testing.T) {
	body := "User-agent: *\n" + strings.Repeat("#", MaxBytes) + "\nDisallow: /\n"
	allowed, err := SecondOpinion([]byte(body), "bot", "http://e.com/x")
	if err != nil || !allowed {
		t.Errorf("SecondOpinion past MaxBytes = %v, %v; want allowed (the rule lies past the limit)", allowed, err)
	}
}

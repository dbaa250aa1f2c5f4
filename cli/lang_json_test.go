package cli

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// langReport is the part of the JSON report whose sentences --lang
// changes and whose codes it must not.
type langReport struct {
	Findings []struct {
		Severity string `json:"severity"`
		Code     string `json:"code"`
		Message  string `json:"message"`
	} `json:"findings"`
	Advice []struct {
		Kind    string `json:"kind"`
		Message string `json:"message"`
	} `json:"advice"`
	Fetch struct {
		CutoffOffset *int64 `json:"cutoff_offset"`
	} `json:"fetch"`
}

// TestInspectJSONSpeaksTheLanguage is issue 26's contract on the demo's
// cut page: `inspect --json --lang L` gives English's codes, in the same
// order, no message equal to English's, and the cutoff's digits grouped
// as L groups them; an unknown --lang is a usage error listing the codes.
func TestInspectJSONSpeaksTheLanguage(t *testing.T) {
	defer i18n.Use(i18n.Current())
	base := demo(t)
	inspectIn := func(lang string) langReport {
		t.Helper()
		code, stdout, stderr := run(t, "inspect", "--json", "--no-resources", "--no-history", "--lang", lang, base+"/big")
		if code != exitOK {
			t.Fatalf("--lang %s: exit %d, %s", lang, code, stderr)
		}
		var r langReport
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			t.Fatalf("--lang %s: not JSON: %v", lang, err)
		}
		return r
	}
	en := inspectIn("en")
	if len(en.Findings) < 5 || len(en.Advice) == 0 || en.Fetch.CutoffOffset == nil || *en.Fetch.CutoffOffset != 1999860 {
		t.Fatalf("the English report of /big has %d findings, %d advice, cutoff %v", len(en.Findings), len(en.Advice), en.Fetch.CutoffOffset)
	}
	codes := func(r langReport) []string {
		var c []string
		for _, f := range r.Findings {
			c = append(c, f.Severity+" "+f.Code)
		}
		for _, a := range r.Advice {
			c = append(c, "advice "+a.Kind)
		}
		return c
	}
	cutoff := map[string]string{"it": "1.999.860", "id": "1.999.860", "ja": "1,999,860", "tr": "1.999.860", "fr": "1\u202f999\u202f860"}
	for _, lang := range i18n.Codes[1:] {
		t.Run(lang, func(t *testing.T) {
			r := inspectIn(lang)
			if !slices.Equal(codes(r), codes(en)) {
				t.Errorf("codes differ from English:\n%v\n%v", codes(r), codes(en))
			}
			english := map[string]bool{}
			for _, f := range en.Findings {
				english[f.Message] = true
			}
			for _, a := range en.Advice {
				english[a.Message] = true
			}
			grouped := false
			for _, f := range r.Findings {
				if english[f.Message] {
					t.Errorf("%s's message is the English one: %q", f.Code, f.Message)
				}
				grouped = grouped || strings.Contains(f.Message, cutoff[lang])
			}
			for _, a := range r.Advice {
				if english[a.Message] {
					t.Errorf("advice %s is in English: %q", a.Kind, a.Message)
				}
			}
			if !grouped {
				t.Errorf("no finding writes the cutoff as %q", cutoff[lang])
			}
		})
	}
	code, _, stderr := run(t, "inspect", "--json", "--lang", "xx", base+"/big")
	if code != exitUsage || !strings.Contains(stderr, "en, it, id, ja, tr, fr") {
		t.Errorf("--lang xx: exit %d, stderr %q; want 2 and the known codes", code, stderr)
	}
}

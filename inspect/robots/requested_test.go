package robots

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// rawForm undoes the percent-encoding of non-ASCII bytes and spaces: the URL
// as an address bar shows it and a consultant pastes it.
func rawForm(encoded string) string {
	var b strings.Builder
	for i := 0; i < len(encoded); i++ {
		if encoded[i] == '%' && i+2 < len(encoded) {
			if n, err := strconv.ParseUint(encoded[i+1:i+3], 16, 8); err == nil && (n >= 0x80 || n == ' ') {
				b.WriteByte(byte(n))
				i += 2
				continue
			}
		}
		b.WriteByte(encoded[i])
	}
	return b.String()
}

// TestRequestedRawVariantsOfGoogleVectors takes every Google vector whose URL
// holds encoded non-ASCII bytes or spaces, types it as an address bar shows
// it, and checks that the verdict on the URL the crawler requests is the one
// Google's parser gives the encoded URL.
func TestRequestedRawVariantsOfGoogleVectors(t *testing.T) {
	c := mustConformance(t)
	variants := 0
	for _, set := range [][]vector{c.Vectors, c.SpecTestCTC, c.Probes} {
		for _, v := range set {
			raw := rawForm(v.URL)
			if raw == v.URL {
				continue
			}
			variants++
			t.Run(v.ID, func(t *testing.T) {
				f := Parse(body(t, v.Robots, v.RobotsBase64))
				got := CheckRequested(raw, func(requested string) Verdict {
					encoded := v
					encoded.URL = requested
					return checkVector(t, f, encoded)
				})
				if got.Allowed != v.Allowed || got.URL != raw {
					t.Errorf("typed %q (requested %q): allowed = %v, url %q; Google gives %q allowed = %v",
						raw, got.Requested, got.Allowed, got.URL, v.URL, v.Allowed)
				}
			})
		}
	}
	if variants < 3 {
		t.Errorf("%d vectors have a raw-character variant, want at least 3", variants)
	}
}

// TestRequestedAlreadyEncodedIsUnchanged: a URL Google's vectors give (already
// encoded) is requested exactly as given, so every vector keeps its verdict.
func TestRequestedAlreadyEncodedIsUnchanged(t *testing.T) {
	c := mustConformance(t)
	for _, set := range [][]vector{c.Vectors, c.SpecTestCTC, c.Probes} {
		for _, v := range set {
			if strings.ContainsFunc(v.URL, func(r rune) bool { return r <= ' ' || r >= 0x7f }) {
				continue // a raw vector: Google's parser expects it encoded
			}
			if got := Requested(v.URL); got != v.URL && PathParamsQuery(got) != PathParamsQuery(v.URL) {
				t.Errorf("%s: Requested(%q) = %q, a different path", v.ID, v.URL, got)
			}
		}
	}
}

// TestRequestedWikipedia checks raw and encoded forms against a real
// robots.txt that writes its non-ASCII rules both ways.
func TestRequestedWikipedia(t *testing.T) {
	b, err := os.ReadFile("testdata/wikipedia.txt")
	if err != nil {
		t.Fatal(err)
	}
	o := FromFile("testdata/wikipedia.txt", b)
	tests := []struct {
		name, typed string
		allowed     bool
	}{
		{"German deletion page", "https://de.wikipedia.org/wiki/Wikipedia:Löschkandidaten/2024", false},
		{"Finnish user page", "https://fi.wikipedia.org/wiki/Käyttäjä:Foo", false},
		{"Hebrew project page", "https://he.wikipedia.org/wiki/ויקיפדיה:רשימת_מועמדים_למחיקה/2024", false},
		{"Japanese deletion page", "https://ja.wikipedia.org/wiki/Wikipedia:削除依頼/2024", false},
		{"an article with a space", "https://de.wikipedia.org/wiki/Köln Hbf", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			encoded := Requested(tt.typed)
			if encoded == tt.typed {
				t.Fatalf("Requested(%q) left it as typed", tt.typed)
			}
			raw := o.Check([]string{"googlebot"}, false, tt.typed)
			enc := o.Check([]string{"googlebot"}, false, encoded)
			if raw.Allowed != tt.allowed || enc.Allowed != tt.allowed || raw.Line != enc.Line || raw.Path != enc.Path {
				t.Errorf("typed: allowed=%v line %d path %q; encoded: allowed=%v line %d path %q; want allowed=%v, same line and path",
					raw.Allowed, raw.Line, raw.Path, enc.Allowed, enc.Line, enc.Path, tt.allowed)
			}
			if raw.URL != tt.typed || raw.Requested != encoded || enc.Requested != "" {
				t.Errorf("typed verdict names %q requested %q; encoded verdict requested %q", raw.URL, raw.Requested, enc.Requested)
			}
			if !strings.Contains(raw.Trace[0], "as the crawler requests it") {
				t.Errorf("trace does not say which form was matched: %q", raw.Trace[0])
			}
		})
	}
}

// TestRequestedInTextReport: the robots command's text names the requested
// form beside the typed one.
func TestRequestedInTextReport(t *testing.T) {
	b, err := os.ReadFile("testdata/wikipedia.txt")
	if err != nil {
		t.Fatal(err)
	}
	o := FromFile("testdata/wikipedia.txt", b)
	typed := "https://de.wikipedia.org/wiki/Wikipedia:Löschkandidaten/2024"
	r := BuildReport([]AgentSpec{{Label: "googlebot", Tokens: []string{"googlebot"}}}, []string{typed},
		func(string) *Outcome { return o })
	if got := r.Results[0]; got.Allowed || got.Requested != "https://de.wikipedia.org/wiki/Wikipedia:L%C3%B6schkandidaten/2024" {
		t.Fatalf("result: allowed=%v requested %q", got.Allowed, got.Requested)
	}
	var sb strings.Builder
	if err := r.WriteText(&sb); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sb.String(), "requested as https://de.wikipedia.org/wiki/Wikipedia:L%C3%B6schkandidaten/2024") ||
		!strings.Contains(sb.String(), "BLOCKED line 19") {
		t.Errorf("text report:\n%s", sb.String())
	}
}

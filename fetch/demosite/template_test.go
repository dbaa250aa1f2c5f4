package demosite

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		tmpl    string
		want    string // the whole output, when wantLen is 0
		wantLen int    // the output's length, for generated output
		mark    int    // the offset where "<X>" must be, or 0
		err     error
	}{
		{"plain text", "abc", "abc", 0, 0, nil},
		{"variable", "{{origin}}/x", "http://h/x", 0, 0, nil},
		{"words", "{{words 10}}", "", 10, 0, nil},
		{"words after text", `"{{words 50}}"`, "", 51, 0, nil},
		{"bloat", "ab{{bloat 300_000}}<X>", "", 300_003, 300_000, nil},
		{"images", "{{images 100_000}}<X>", "", 100_003, 100_000, nil},
		{"text", "{{text 20_000}}<X>", "", 20_003, 20_000, nil},
		{"js", "{{js 20_000}}<X>", "", 20_003, 20_000, nil},
		{"room too small for a block", "{{bloat 100}}", strings.Repeat(" ", 100), 0, 0, nil},
		{"target already reached", "abc{{bloat 3}}", "abc", 0, 0, nil},
		{"unclosed", "{{origin", "", 0, 0, errUnclosed},
		{"unknown variable", "{{nope}}", "", 0, 0, errDirective},
		{"unknown filler", "{{nope 10}}", "", 0, 0, errDirective},
		{"bad offset", "{{words ten}}", "", 0, 0, errDirective},
		{"too many words", "{{words 1 2}}", "", 0, 0, errDirective},
		{"empty", "{{}}", "", 0, 0, errDirective},
		{"target passed", "abcdef{{words 3}}", "", 0, 0, errOverflow},
		{"target too far", "{{words 99_999_999}}", "", 0, 0, errTooBig},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := render(tt.tmpl, map[string]string{"origin": "http://h"}, newGen(tt.name))
			if !errors.Is(err, tt.err) {
				t.Fatalf("render(%q) error = %v, want %v", tt.tmpl, err, tt.err)
			}
			switch {
			case tt.wantLen > 0 && len(got) != tt.wantLen:
				t.Errorf("render(%q) is %d bytes, want %d", tt.tmpl, len(got), tt.wantLen)
			case tt.wantLen == 0 && string(got) != tt.want:
				t.Errorf("render(%q) = %q, want %q", tt.tmpl, got, tt.want)
			}
			if tt.mark > 0 && strings.Index(string(got), "<X>") != tt.mark {
				t.Errorf("render(%q): <X> at byte %d, want %d", tt.tmpl, strings.Index(string(got), "<X>"), tt.mark)
			}
		})
	}
}

// TestTemplates renders every embedded template, so a broken one fails
// here and not in front of a user.
func TestTemplates(t *testing.T) {
	t.Parallel()
	names, err := fs.Glob(demoFS, "*.*")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) < 10 {
		t.Fatalf("found %d templates, want the demo's dozen: %v", len(names), names)
	}
	vars := origin{host: "127.0.0.1:8080", port: "8080"}.vars()
	for _, name := range names {
		if _, err := renderFile(name, vars); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// FuzzRender checks that no template makes render panic or write more
// than its text and fillers ask for.
func FuzzRender(f *testing.F) {
	for _, s := range []string{"abc", "{{origin}}", "{{words 10}}", "{{bloat 2_000}}x", "{{text 900}}",
		"{{", "{{}}", "{{a b c}}", "{{words -1}}", "{{js 0x400}}", "abc{{images 3}}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tmpl string) {
		got, err := render(tmpl, map[string]string{"origin": "http://h"}, newGen("fuzz"))
		if err == nil && len(got) > len(tmpl)+maxFill {
			t.Fatalf("render(%q) wrote %d bytes", tmpl, len(got))
		}
	})
}

func BenchmarkRenderBig(b *testing.B) {
	vars := origin{host: "127.0.0.1:8080", port: "8080"}.vars()
	page, err := renderFile("big.html", vars)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(page)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := renderFile("big.html", vars); err != nil {
			b.Fatal(err)
		}
	}
}

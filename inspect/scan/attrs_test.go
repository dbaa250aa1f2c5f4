package scan

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

var attrTests = []string{
	`<a href="/x" class=y>`,
	`<a HREF='/x' href="/dup">`,
	`<img src = "a" alt=b/>`,
	`<p =x a="1"b='2'c=3 d>`,
	`<br/>`,
	`<input value=a/>`,
	`<div
	data-a="multi
line" data-b=x>`,
	`<x a=">" b='"' c=>`,
	`<y / a / b=1 / >`,
	`</p a=1>`,
	"<A \x82>", // a non-ASCII key: lower-cased as ASCII only
}

// TestAttrIterMatchesTokenizer checks that reading attributes from raw
// bytes gives the keys and values x/net/html's tokenizer gives.
func TestAttrIterMatchesTokenizer(t *testing.T) {
	for _, tag := range attrTests {
		if got, want := rawAttrs(tag), tokenizerAttrs(tag); got != want {
			t.Errorf("attributes of %q:\n got %s\nwant %s", tag, got, want)
		}
	}
}

// rawAttrs renders the attributes attrIter reads, as the tokenizer keeps
// them: non-empty keys, first of each, lower case.
func rawAttrs(tag string) string {
	raw := []byte(tag)
	if len(raw) > 1 && raw[1] == '/' {
		return ""
	}
	_, next := tagName(raw, nil)
	it := attrIter{raw: raw, i: next}
	seen := map[string]bool{}
	var parts []string
	for {
		key, vs, ve, ok := it.next()
		if !ok {
			break
		}
		k := string(asciiOnly(key))
		if k == "" || seen[k] {
			continue
		}
		seen[k] = true
		parts = append(parts, k+"="+string(raw[vs:ve]))
	}
	return strings.Join(parts, " ")
}

// tokenizerAttrs renders the tokenizer's attributes of the first tag in
// tag, values unescaped only where raw values hold no reference or CR.
func tokenizerAttrs(tag string) string {
	z := html.NewTokenizer(strings.NewReader(tag))
	tt := z.Next()
	if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
		return ""
	}
	var parts []string
	for {
		k, v, more := z.TagAttr()
		if k == nil {
			break
		}
		parts = append(parts, string(k)+"="+string(v))
		if !more {
			break
		}
	}
	return strings.Join(parts, " ")
}

// asciiOnly lowers ASCII letters only, as the tokenizer does (strings.ToLower
// would rewrite invalid UTF-8).
func asciiOnly(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

func TestTagName(t *testing.T) {
	tests := []struct{ raw, want string }{
		{"<DIV class=x>", "div"},
		{"</Title >", "title"},
		{"<br/>", "br"},
		{"<x-Widget>", "x-widget"},
		{"<a", "a"},
	}
	for _, tt := range tests {
		if got, _ := tagName([]byte(tt.raw), nil); string(got) != tt.want {
			t.Errorf("tagName(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}

func FuzzAttrs(f *testing.F) {
	for _, s := range attrTests {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tag string) {
		raw := []byte(tag)
		z := html.NewTokenizer(bytes.NewReader(raw))
		tt := z.Next()
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			return
		}
		first := string(z.Raw())
		if strings.ContainsAny(first, "&\r\x00") {
			return // the tokenizer's values are unescaped; raw ones are not
		}
		if got, want := rawAttrs(first), tokenizerAttrs(first); got != want {
			t.Errorf("attributes of %q:\n got %s\nwant %s", first, got, want)
		}
	})
}

package scan

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestStepOverTag checks that reading tags and text without the tokenizer
// changes nothing, on the tokens where its rules are subtle: self-closing
// tags whose last attribute value ends in '/', duplicate attributes, tags
// the input ends in, raw-text elements, a '<' that opens nothing, end tags
// with attributes, comments, CDATA in foreign content.
func TestStepOverTag(t *testing.T) {
	for _, page := range stepOverTagPages {
		c := int64(len(page) / 2)
		in := Input{Body: []byte(page), Tokens: []string{"googlebot"}, Cutoff: &c}
		want := analyze(in, StepNone, nil)
		wantJSON, _ := json.Marshal(want)
		got := analyze(in, StepAll, nil)
		gotJSON, _ := json.Marshal(got)
		if !bytes.Equal(gotJSON, wantJSON) {
			t.Errorf("%s: stepped over\n%s\ntokenized\n%s", page, gotJSON, wantJSON)
		}
		if g, w := renderSpans(in.Body, &got.ByteMap), renderSpans(in.Body, &want.ByteMap); g != w {
			t.Errorf("%s: byte map stepped over %s, tokenized %s", page, g, w)
		}
	}
}

// stepOverTagPages are the pages of TestStepOverTag, seeds of the fuzzers.
var stepOverTagPages = []string{
	`<svg><g a=b/><title>t</title></svg><title>real</title>`,
	`<svg><g a="b"/><title>t</title></svg><title>real</title>`,
	`<svg><g a=b a=c/><title>t</title></svg><title>real</title>`,
	`<svg><g A=b/ a=c/><title>t</title></svg><title>real</title>`,
	`<math><mi a/><mi/></math><h1>x</h1>`,
	`<svg/><title>x</title>`,
	`<svg a=/><title>x</title>`,
	`<p><a href="/x" data-x='>'>link</a> <img src="data:image/png;base64,AAAA" alt=x`,
	`<textarea a=b><p>not a tag</p></textarea><script src=x>var a = "<b>";</script><h1>y</h1>`,
	`<div style="background:url(data:image/gif;base64,R0lG)"><a href=/in/>in</a></div>`,
	"<p>a < b <3 c <= d</p><h1>e\x00f</h1>text ending in <",
	`<div>x</ x>y</>z</div a=">" b='>'/><h2>w</h2 ></br/><p>q</P>`,
	`<!-- <p> --><?xml x?><!DOCTYPE html>text<title>t</title>after`,
	`<svg><![CDATA[x<y]]><text>a<b</text></svg><p>cd<![CDATA[e]]>f`,
	"\xef\xbb\xbf  <html>\n <head>\n</head> <body>\r\n\tword</body></html>  ",
}

// TestTextLen checks where the pass ends a text token without the
// tokenizer: at a '<' that opens a tag, comment or declaration, and
// nowhere while the byte after a '<' is still to come.
func TestTextLen(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"abc<p>", 3},
		{"abc</p>", 3},
		{"abc<!-- x -->", 3},
		{"abc<?x?>", 3},
		{"abc</ x>", 3},
		{"a < b <3 c<b>", 10},
		{"a <", 0},
		{"a < b", 0},
		{"abc", 0},
		{"", 0},
		{"<<p>", 1},
	}
	for _, tt := range tests {
		if got := textLen([]byte(tt.in)); got != tt.want {
			t.Errorf("textLen(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

// TestStepOverReadsMostTokens checks that the pass itself reads nearly
// every token of the demo page and leaves few to the tokenizer, which is
// what makes it cheaper than a bare tokenizer pass.
func TestStepOverReadsMostTokens(t *testing.T) {
	page := demoPages(t)["/big"]
	c := int64(len(page) / 2)
	p := newPass(page, true, c, []string{"googlebot"}, linkResolver{})
	p.run()
	if p.stepped == 0 || p.tokenized*20 > p.stepped {
		t.Errorf("the tokenizer read %d tokens and the pass %d; want at most 1 in 21 to the tokenizer", p.tokenized, p.stepped)
	}
}

package inspect

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestStepOverTag checks that reading start tags without the tokenizer
// changes nothing, on the tags where its rules are subtle: self-closing
// tags whose last attribute value ends in '/', duplicate attributes, tags
// the input ends in, raw-text elements.
func TestStepOverTag(t *testing.T) {
	for _, page := range stepOverTagPages {
		c := int64(len(page) / 2)
		in := Input{Body: []byte(page), Tokens: []string{"googlebot"}, Cutoff: &c}
		want := analyze(in, stepNone, nil)
		wantJSON, _ := json.Marshal(want)
		got := analyze(in, stepAll, nil)
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
}

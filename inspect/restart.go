package inspect

import (
	"bytes"

	"golang.org/x/net/html"
)

// restarter starts the pass's tokenizer at any offset of the body without
// allocating: a new tokenizer, made once and never used, is copied over
// the current one, and reads from a reader reset to the offset. Stepping
// over a token restarts the tokenizer, thousands of times on a big page;
// a tokenizer made each time would leave 4 KiB of buffer and a map behind
// each time. The copies share the unused tokenizer's buffer and attribute
// map, which is safe because a pass uses one tokenizer at a time (the
// kept prefix's pass has a restarter of its own).
type restarter struct {
	unused html.Tokenizer
	r      bytes.Reader
}

// restartAt makes p.z a new tokenizer reading the body from off on.
func (p *pass) restartAt(off int64) {
	if p.rs == nil {
		p.rs = &restarter{}
		p.rs.unused = *html.NewTokenizer(&p.rs.r)
		p.z = new(html.Tokenizer)
	}
	p.rs.r.Reset(p.body[off:])
	*p.z = p.rs.unused
}

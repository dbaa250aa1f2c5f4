package scan

import (
	"io"

	"golang.org/x/net/html"
)

// restarter starts the pass's tokenizer at any offset of the body without
// allocating: a new tokenizer, made once and never used, is copied over
// the current one, and reads from a reader reset to the offset. After
// tokens stepped over, the tokenizer is restarted at the next token it
// must read, thousands of times on a big page; a tokenizer made each time
// would leave 4 KiB of buffer and a map behind each time. The copies share
// the unused tokenizer's buffer and attribute map, which is safe because a
// pass uses one tokenizer at a time (the kept prefix's pass has a
// restarter of its own).
type restarter struct {
	unused html.Tokenizer
	r      chunkReader
}

// chunkReader reads a byte slice at most readChunk bytes at a time, so
// that a tokenizer restarted often does not copy 4 KiB ahead each time.
// Over a body that is still arriving it waits for more at the end of b.
type chunkReader struct {
	b   []byte  // the bytes not read yet, of those that have arrived
	src *Stream // the arriving body; nil when b is all there is
	at  int64   // the body offset of b[0]
}

// readChunk bounds one read; the tokenizer reads again when it needs more.
const readChunk = 512

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 && r.src != nil {
		r.b = r.src.after(r.at)
	}
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), readChunk)], r.b)
	r.b = r.b[n:]
	r.at += int64(n)
	return n, nil
}

// restartAt makes p.z a new tokenizer reading the body from off on.
func (p *pass) restartAt(off int64) {
	if p.rs == nil {
		p.rs = &restarter{}
		p.rs.unused = *html.NewTokenizer(&p.rs.r)
		p.z = new(html.Tokenizer)
	}
	p.rs.r = chunkReader{b: p.body[off:], src: p.src, at: off}
	*p.z = p.rs.unused
	p.stale = false
}

package cli

import (
	"bytes"
	"io"

	"github.com/cutoffapp/cutoff/internal/prose"
)

// printableLines writes text output line by line through
// prose.PrintableLines, so that a URL, a title or a server's text kept in
// the history cannot drive the terminal. It holds bytes until a line ends,
// so that a character written in two pieces is judged whole; Close writes
// what is left. JSON is not written through it: its encoder escapes
// control characters already.
type printableLines struct {
	w   io.Writer
	buf []byte
}

func (p *printableLines) Write(b []byte) (int, error) {
	p.buf = append(p.buf, b...)
	if i := bytes.LastIndexByte(p.buf, '\n'); i >= 0 {
		if _, err := io.WriteString(p.w, prose.PrintableLines(string(p.buf[:i+1]))); err != nil {
			return 0, err
		}
		p.buf = append(p.buf[:0], p.buf[i+1:]...)
	}
	return len(b), nil
}

// Close writes the last, unended line.
func (p *printableLines) Close() error {
	if len(p.buf) == 0 {
		return nil
	}
	_, err := io.WriteString(p.w, prose.PrintableLines(string(p.buf)))
	p.buf = p.buf[:0]
	return err
}

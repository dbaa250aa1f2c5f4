package fetch

import "io"

// initialBuffer is the body buffer's first size when the length is unknown.
const initialBuffer = 64 << 10

// readChunk is the most bytes asked for in one Read.
const readChunk = 256 << 10

// maxEmptyReads bounds how often a reader may return nothing without an
// error before reading gives up.
const maxEmptyReads = 100

// sink collects a decoded body up to a bound, reporting progress.
type sink struct {
	buf      []byte
	total    int64 // expected size for progress, -1 when unknown
	progress func(done, total int64)
}

// fill reads from r until the body holds upTo bytes or r ends. It returns
// io.EOF at the end of r and any other read error as is.
func (s *sink) fill(r io.Reader, upTo int64) error {
	empty := 0
	for int64(len(s.buf)) < upTo {
		s.grow(upTo)
		room := min(int64(cap(s.buf)), upTo, int64(len(s.buf))+readChunk)
		n, err := r.Read(s.buf[len(s.buf):room])
		s.buf = s.buf[:len(s.buf)+n]
		s.report()
		if err != nil {
			return err
		}
		if n == 0 {
			if empty++; empty > maxEmptyReads {
				return io.ErrNoProgress
			}
		}
	}
	return nil
}

// grow makes room for at least one more chunk, never beyond upTo.
func (s *sink) grow(upTo int64) {
	if len(s.buf) < cap(s.buf) {
		return
	}
	size := max(int64(cap(s.buf))*2, initialBuffer)
	size = min(size, upTo)
	next := make([]byte, len(s.buf), size)
	copy(next, s.buf)
	s.buf = next
}

// reserve sizes the buffer for an expected body of n bytes, at most upTo.
func (s *sink) reserve(n, upTo int64) {
	n = min(n, upTo)
	if n > int64(cap(s.buf)) {
		next := make([]byte, len(s.buf), n)
		copy(next, s.buf)
		s.buf = next
	}
}

// probe reports whether r has more data, reading at most one byte that is
// then dropped. A read error other than io.EOF is returned.
func probe(r io.Reader) (more bool, err error) {
	var one [1]byte
	for range maxEmptyReads {
		n, err := r.Read(one[:])
		if n > 0 {
			return true, nil
		}
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			return false, err
		}
	}
	return false, io.ErrNoProgress
}

// report calls the progress callback; the window thins the calls out.
func (s *sink) report() {
	if s.progress == nil {
		return
	}
	s.progress(int64(len(s.buf)), s.total)
}

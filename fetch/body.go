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
	observer BodyObserver // told of every read once the body has begun
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
		if n > 0 && s.observer != nil {
			s.observer.Grow(s.buf)
		}
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

// expectedBody is the buffer to reserve for a body of length bytes (-1
// when unknown) read up to capBytes. An unknown length reserves the cap:
// memory the system has not handed out before is only made resident as
// the body fills it, whereas growing by doubling would copy the body and
// leave half of it again behind as garbage (a 64 MB page sent chunked or
// compressed cost 2.5 times its size, not 2).
func expectedBody(length, capBytes int64) int64 {
	if length < 0 {
		return capBytes
	}
	return length
}

// fit moves a body that fills less than half of its buffer into a buffer of
// its size, so that a small page does not keep its cap's worth of memory.
func (s *sink) fit() {
	if cap(s.buf) <= 2*len(s.buf) || cap(s.buf) <= initialBuffer {
		return
	}
	s.buf = append(make([]byte, 0, len(s.buf)), s.buf...)
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

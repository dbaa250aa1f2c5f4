package fetch

import (
	"bytes"
	"io"
	"testing"
)

// FuzzContentDecoder decodes arbitrary bytes under arbitrary codings:
// no panic, and the output stays within the bound it is read with.
func FuzzContentDecoder(f *testing.F) {
	f.Add([]byte("plain"), "identity")
	f.Add(compress([]byte("hello"), gzipWriter), "gzip")
	f.Add([]byte{0x78, 0x9c, 0x03, 0x00}, "deflate")
	f.Add([]byte{0x0b, 0x02, 0x80, 0x68, 0x69, 0x03}, "br")
	f.Add([]byte("x"), "gzip, br")
	f.Fuzz(func(t *testing.T, data []byte, coding string) {
		r, _ := contentDecoder(bytes.NewReader(data), coding)
		const bound = 1 << 20
		got, _ := io.ReadAll(io.LimitReader(r, bound))
		if len(got) > bound {
			t.Fatalf("read %d bytes past the bound", len(got))
		}
	})
}

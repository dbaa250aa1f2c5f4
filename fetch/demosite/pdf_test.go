package demosite

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"runtime"
	"strconv"
	"testing"
)

// TestPDF fetches the whole 70,000,000-byte report and checks that serving
// it allocates far less than its size. It does not run in parallel, so
// other tests' allocations do not count.
func TestPDF(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(pdf))
	defer srv.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	resp, err := rawClient(t).Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var head, tail bytes.Buffer
	n, err := io.Copy(&edges{head: &head, tail: &tail}, resp.Body)
	if err != nil {
		t.Fatalf("read the report: %v", err)
	}
	runtime.ReadMemStats(&after)

	if got, want := resp.Header.Get("Content-Type"), typePDF; got != want {
		t.Errorf("Content-Type %q, want %q", got, want)
	}
	if got, want := resp.Header.Get("Content-Length"), strconv.Itoa(PDFSize); got != want {
		t.Errorf("Content-Length %q, want %q", got, want)
	}
	if n != PDFSize {
		t.Errorf("read %d bytes, want %d", n, PDFSize)
	}
	if !bytes.HasPrefix(head.Bytes(), []byte("%PDF-1.7\n")) {
		t.Errorf("the report starts with %q, want %%PDF-1.7", head.Bytes()[:min(16, head.Len())])
	}
	if !bytes.HasSuffix(tail.Bytes(), []byte("%%EOF\n")) {
		t.Errorf("the report ends with %q, want %%%%EOF", tail.Bytes()[max(0, tail.Len()-16):])
	}
	t.Logf("allocated %d bytes while streaming %d", after.TotalAlloc-before.TotalAlloc, n)
	const bound = 16 << 20
	if got := after.TotalAlloc - before.TotalAlloc; got > bound {
		t.Errorf("serving and reading the report allocated %d bytes, want at most %d", got, bound)
	}
}

// edges keeps the first and the last kilobyte written to it.
type edges struct{ head, tail *bytes.Buffer }

func (e *edges) Write(p []byte) (int, error) {
	if room := 1024 - e.head.Len(); room > 0 {
		e.head.Write(p[:min(room, len(p))])
	}
	e.tail.Write(p[max(0, len(p)-1024):])
	if e.tail.Len() > 2048 {
		rest := e.tail.Bytes()[e.tail.Len()-1024:]
		e.tail.Reset()
		e.tail.Write(rest)
	}
	return len(p), nil
}

// TestPDFLayout checks the structure of reports of several sizes, around
// the sizes where the numbers in the file gain a digit.
func TestPDFLayout(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		total int64
	}{
		{"small", 2_000},
		{"length gains a digit", 10_000 + 700},
		{"one megabyte", 1_000_000},
		{"offsets gain a digit", 10_000_000 + 550},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var b bytes.Buffer
			if err := writePDF(&b, tt.total); err != nil {
				t.Fatal(err)
			}
			if got, want := int64(b.Len()), tt.total; got != want {
				t.Fatalf("writePDF(%d) wrote %d bytes", want, got)
			}
			checkPDF(t, b.Bytes())
		})
	}
}

var (
	reLength    = regexp.MustCompile(`/Length (\d+) >>\nstream\n`)
	reXrefEntry = regexp.MustCompile(`(\d{10}) 00000 n \n`)
	reStartxref = regexp.MustCompile(`startxref\n(\d+)\n%%EOF\n$`)
)

// checkPDF checks that every offset in the file points where it says.
func checkPDF(t *testing.T, pdf []byte) {
	t.Helper()
	m := reLength.FindSubmatchIndex(pdf[:min(len(pdf), 2048)])
	if m == nil {
		t.Fatal("no /Length before the stream")
	}
	length, _ := strconv.Atoi(string(pdf[m[2]:m[3]]))
	if got := string(pdf[m[1]+length:][:len("\nendstream")]); got != "\nendstream" {
		t.Errorf("after /Length %d bytes of stream comes %q, want \\nendstream", length, got)
	}
	xrefAt := bytes.LastIndex(pdf, []byte("\nxref\n"))
	if xrefAt < 0 {
		t.Fatal("no xref table")
	}
	tail := pdf[xrefAt:]
	for i, e := range reXrefEntry.FindAllSubmatch(tail, -1) {
		at, _ := strconv.Atoi(string(e[1]))
		if want := fmt.Sprintf("%d 0 obj\n", i+1); !bytes.HasPrefix(pdf[at:], []byte(want)) {
			t.Errorf("xref entry %d points at byte %d, which starts %q", i+1, at, pdf[at:at+10])
		}
	}
	s := reStartxref.FindSubmatch(tail)
	if s == nil {
		t.Fatal("no startxref at the end")
	}
	at, _ := strconv.Atoi(string(s[1]))
	if !bytes.HasPrefix(pdf[at:], []byte("xref\n")) {
		t.Errorf("startxref points at byte %d, which starts %q", at, pdf[at:at+10])
	}
}

func BenchmarkWritePDF(b *testing.B) {
	b.SetBytes(PDFSize)
	b.ReportAllocs()
	for b.Loop() {
		if err := writePDF(io.Discard, PDFSize); err != nil {
			b.Fatal(err)
		}
	}
}

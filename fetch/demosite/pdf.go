package demosite

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
)

// PDFSize is the size of /report.pdf in bytes: more than Googlebot's
// 64,000,000-byte limit for PDF files.
const PDFSize = 70_000_000

// pdf serves /report.pdf, generated while it is sent in 64 KiB pieces, so
// serving it takes the same little memory however many clients fetch it.
func pdf(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", typePDF)
	h.Set("Content-Length", strconv.FormatInt(PDFSize, 10))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		writePDF(w, PDFSize) // an error means the client left
	}
}

// The report is one page whose content stream draws two lines of text and
// is padded with comment lines to the wanted size. A final line of text
// sits past byte 64,000,000.
const (
	streamStart = "BT /F1 24 Tf 72 760 Td (Cutoff demo report) Tj ET\n" +
		"BT /F1 12 Tf 72 730 Td (This file is 70,000,000 bytes. Googlebot keeps the first 64,000,000.) Tj ET\n"
	streamEnd  = "\nBT /F1 12 Tf 72 700 Td (This line comes after byte 64,000,000: Googlebot never reads it.) Tj ET"
	fillerHead = "% Cutoff demo filler at byte "
	fillerLen  = len(fillerHead) + 10 + 1 // prefix, ten digits, newline
	pdfFont    = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
)

// pdfObjects are objects 1 to 3 of the report. Object 4 is the content
// stream; object 5, the font, follows it.
var pdfObjects = []string{
	"<< /Type /Catalog /Pages 2 0 R >>",
	"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
	"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
}

// pdfLayout is a report of a given size: what comes before the content
// stream's data, the data's length, and what comes after.
type pdfLayout struct {
	head   []byte // header, objects 1 to 3, object 4 up to "stream\n"
	length int64  // bytes of stream data, as its /Length says
	tail   []byte // "endstream", object 5, the xref table and trailer
}

// layoutPDF plans a report of total bytes. The head and tail hold numbers
// (the stream length, offsets) whose digit counts depend on the stream
// length, so the plan is repeated until it settles.
func layoutPDF(total int64) pdfLayout {
	l := pdfLayout{length: total}
	for range 4 {
		var offsets []int64
		l.head, offsets = pdfHead(l.length)
		l.tail = pdfTail(offsets, int64(len(l.head))+l.length)
		l.length = total - int64(len(l.head)) - int64(len(l.tail))
	}
	return l
}

// pdfHead returns the head for a stream of length bytes and the byte
// offsets of objects 1 to 4.
func pdfHead(length int64) ([]byte, []int64) {
	b := []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n") // the binary comment marks the file as binary
	objects := append(pdfObjects[:len(pdfObjects):len(pdfObjects)], fmt.Sprintf("<< /Length %d >>\nstream", length))
	var offsets []int64
	for i, obj := range objects {
		offsets = append(offsets, int64(len(b)))
		b = fmt.Appendf(b, "%d 0 obj\n%s\n", i+1, obj)
	}
	return b, offsets
}

// pdfTail returns the tail that starts at byte at, given the offsets of
// objects 1 to 4.
func pdfTail(offsets []int64, at int64) []byte {
	b := []byte("\nendstream\nendobj\n")
	offsets = append(offsets[:len(offsets):len(offsets)], at+int64(len(b)))
	b = fmt.Appendf(b, "5 0 obj\n%s\nendobj\n", pdfFont)
	xref := at + int64(len(b))
	b = fmt.Appendf(b, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, o := range offsets {
		b = fmt.Appendf(b, "%010d 00000 n \n", o)
	}
	return fmt.Appendf(b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, xref)
}

// writePDF writes a report of exactly total bytes (at least about 1 kB).
func writePDF(w io.Writer, total int64) error {
	l := layoutPDF(total)
	if _, err := w.Write(l.head); err != nil {
		return err
	}
	if _, err := io.WriteString(w, streamStart); err != nil {
		return err
	}
	at := int64(len(l.head) + len(streamStart))
	if err := writeFiller(w, at, l.length-int64(len(streamStart)+len(streamEnd))); err != nil {
		return err
	}
	if _, err := io.WriteString(w, streamEnd); err != nil {
		return err
	}
	_, err := w.Write(l.tail)
	return err
}

// writeFiller writes n bytes of comment lines, each naming its own offset
// (the first starts at byte at), then spaces for what is left.
func writeFiller(w io.Writer, at, n int64) error {
	const line = int64(fillerLen)
	buf := make([]byte, 0, 64<<10)
	for n > 0 {
		buf = buf[:0]
		for n >= line && len(buf)+fillerLen <= cap(buf) {
			buf = appendFillerLine(buf, at)
			at += line
			n -= line
		}
		for n > 0 && n < line && len(buf) < cap(buf) {
			buf = append(buf, ' ')
			n--
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
	return nil
}

// appendFillerLine appends one comment line naming offset at.
func appendFillerLine(buf []byte, at int64) []byte {
	buf = append(buf, fillerHead...)
	var digits [10]byte
	for i := len(digits) - 1; i >= 0; i-- {
		digits[i] = '0' + byte(at%10)
		at /= 10
	}
	buf = append(buf, digits[:]...)
	return append(buf, '\n')
}

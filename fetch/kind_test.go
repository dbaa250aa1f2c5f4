package fetch

import "testing"

var kindTests = []struct {
	name        string
	contentType string
	body        string
	ref         string // URL or file path
	want        Kind
}{
	{"html", "text/html; charset=utf-8", "<p>", "https://example.com/", KindHTML},
	{"html upper case", "TEXT/HTML", "", "", KindHTML},
	{"xhtml", "application/xhtml+xml", "", "", KindHTML},
	{"pdf", "application/pdf", "", "", KindPDF},
	{"pdf beats html body", "application/pdf", "<html>", "", KindPDF},
	{"x-pdf", "application/x-pdf", "", "", KindPDF},
	{"plain text is indexable", "text/plain", "", "", KindHTML},
	{"xml", "application/xml", "", "", KindHTML},
	{"rss", "application/rss+xml", "", "", KindHTML},
	{"css", "text/css", "body{}", "", KindOther},
	{"javascript", "application/javascript", "", "", KindOther},
	{"json", "application/json", "{}", "", KindOther},
	{"image", "image/png", "\x89PNG", "", KindOther},
	{"content type decides over body", "text/html", "%PDF-1.7", "", KindHTML},
	{"octet-stream with pdf body", "application/octet-stream", "%PDF-1.7\n", "https://example.com/x", KindPDF},
	{"no type, pdf after junk", "", "\r\n%PDF-1.4", "", KindPDF},
	{"no type, html body", "", "<!DOCTYPE html><title>x</title>", "", KindHTML},
	{"no type, pdf extension", "", "binary\x00\x01", "https://example.com/doc.PDF?x=1", KindPDF},
	{"no type, html extension", "", "plain words", "/tmp/page.html", KindHTML},
	{"no type, windows path", "", "\x00\x01", `C:\docs\file.pdf`, KindPDF},
	{"no type, text body", "", "just some words", "", KindHTML},
	{"no type, binary body", "", "\x00\x01\x02\x03", "", KindOther},
	{"no type, empty body", "", "", "", KindOther},
	{"malformed type", "text/html; charset", "", "", KindHTML},
	{"garbage type", ";;;", "<html>", "", KindHTML},
	{"pdf marker inside html", "", "<p>%PDF-1.4</p>", "", KindHTML},
}

func TestDetectKind(t *testing.T) {
	t.Parallel()
	for _, tt := range kindTests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DetectKind(tt.contentType, []byte(tt.body), tt.ref); got != tt.want {
				t.Errorf("DetectKind(%q, %q, %q) = %q, want %q", tt.contentType, tt.body, tt.ref, got, tt.want)
			}
		})
	}
}

func FuzzDetectKind(f *testing.F) {
	for _, tt := range kindTests {
		f.Add(tt.contentType, []byte(tt.body), tt.ref)
	}
	f.Fuzz(func(t *testing.T, contentType string, body []byte, ref string) {
		switch k := DetectKind(contentType, body, ref); k {
		case KindHTML, KindPDF, KindOther:
		default:
			t.Errorf("DetectKind returned %q", k)
		}
	})
}

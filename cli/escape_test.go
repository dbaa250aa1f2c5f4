package cli

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// hostilePage is a page whose every text a report shows carries a terminal
// escape sequence: clear screen, a clipboard write (OSC 52), a window title
// (OSC 0) and a C1 CSI.
const hostilePage = "<!doctype html><html><head>" +
	"<title>\uff1dHYPERLINK(\"x\") \x1b[2J</title>" +
	"<meta name=description content=\"\x1b]52;c;cHduZWQ=\x07\">" +
	"<link rel=canonical href=\"/c\x1b]0;pwned\x07\">" +
	"<script src=\"/s\u009b2J.js\"></script>" +
	"</head><body><h1>Head \x1b[2J line</h1><a href=\"/l\x1b[2J\">x</a></body></html>"

// hostileServer answers every request with hostilePage, under a status
// line and a header that carry escape sequences too.
func hostileServer(t *testing.T) string {
	t.Helper()
	return rawServer(t, func(r *http.Request) string {
		body := hostilePage
		if r.URL.Path == "/robots.txt" {
			body = "User-agent: *\nAllow: /\n"
		}
		return "HTTP/1.1 200 OK \x1b]0;owned\x07\r\n" +
			"Content-Type: text/html; charset=utf-8\r\n" +
			"X-Robots-Tag: \x1b[2Jnoarchive\r\n" +
			"Content-Length: " + strconv.Itoa(len(body)) + "\r\nConnection: close\r\n\r\n" + body
	})
}

// rawServer answers each request with the bytes respond gives, written
// raw on the connection, since net/http would not send a status line or
// header with control characters; it returns the server's URL.
func rawServer(t *testing.T, respond func(r *http.Request) string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, rw, err := w.(http.Hijacker).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close()
		rw.WriteString(respond(r))
		rw.Flush()
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// checkPrintable fails the test for every line of a report that holds a
// control character other than the line break: the start of an escape
// sequence a terminal would obey.
func checkPrintable(t *testing.T, report string) {
	t.Helper()
	for i, line := range strings.Split(report, "\n") {
		if strings.ContainsFunc(line, func(r rune) bool { return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) }) {
			t.Errorf("line %d of the report holds a control character: %q", i+1, line)
		}
	}
}

// TestTextReportsPrintable prints the text reports of a hostile page and
// server: no escape sequence reaches the terminal.
func TestTextReportsPrintable(t *testing.T) {
	t.Parallel()
	base := hostileServer(t)
	code, stdout, stderr := run(t, "inspect", "--timeout", "5s", base+"/page")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	checkPrintable(t, stdout)
	for _, want := range []string{"?[2J", "?]0;owned?"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the report lacks %q, the escape made harmless:\n%s", want, stdout)
		}
	}
}

// TestCSVFullWidthFormula writes the CSV report of a page whose title
// starts with a full-width ＝, which some spreadsheets run as a formula.
func TestCSVFullWidthFormula(t *testing.T) {
	t.Parallel()
	base := hostileServer(t)
	path := filepath.Join(t.TempDir(), "report.csv")
	if code, _, stderr := run(t, "inspect", "--no-resources", "--timeout", "5s", "--out", path, base+"/page"); code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, row := range rows {
		for _, cell := range row {
			if strings.HasPrefix(cell, "＝") {
				t.Errorf("the cell %q starts with a full-width equals sign, unquoted", cell)
			}
			found = found || strings.HasPrefix(cell, "'＝HYPERLINK")
		}
	}
	if !found {
		t.Errorf("no cell holds the title as quoted text:\n%s", data)
	}
}

// TestRenderTextPrintable prints the rendered comparison of the hostile
// page: the rendered title, canonical, h1 and script URLs are made
// harmless too.
func TestRenderTextPrintable(t *testing.T) {
	needBrowser(t)
	base := hostileServer(t)
	code, stdout, stderr := run(t, "render", "--timeout", "5s", base+"/page")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	checkPrintable(t, stdout)
	if !strings.Contains(stdout, "?[2J") {
		t.Errorf("the render report lacks the title's escape made harmless:\n%s", stdout)
	}
}

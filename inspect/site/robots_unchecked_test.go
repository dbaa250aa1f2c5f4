package site

import (
	"bytes"
	"net"
	"net/http"
	"strings"
	"testing"
)

// TestRobotsUncheckedRows: a URL whose robots.txt could not be fetched
// (connection refused, or a server error) is never said to be disallowed:
// its row, finding, error, summary, text and HTML say the file could not be
// checked, as the single-page report does.
func TestRobotsUncheckedRows(t *testing.T) {
	s := newTestSite(t)
	s.handle("/robots.txt", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "down", http.StatusServiceUnavailable) })
	s.page("/page", 100, nil, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := "http://" + ln.Addr().String() + "/refused"
	ln.Close()
	rows, sum, err := collect(t, Input{URLs: []string{s.URL + "/page", refused}}, testConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"/page", "/refused"} {
		r := rows[key]
		if r.Fetched || !r.RobotsUnchecked || r.HasFinding(CodeRobotsDisallowed) || !r.HasFinding("robots-unreachable") ||
			r.RobotsWord() != "could not be checked" || strings.Contains(r.Error, "disallows") || !strings.Contains(r.Error, "could not be checked") {
			t.Errorf("%s: row %+v", key, r)
		}
	}
	if sum.RobotsUnchecked != 2 || sum.Disallowed != 0 {
		t.Errorf("summary: %d unchecked, %d disallowed; want 2 and 0", sum.RobotsUnchecked, sum.Disallowed)
	}
	var text, page bytes.Buffer
	list := []Row{rows["/page"], rows["/refused"]}
	if err := WriteText(&text, list, sum); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "0 disallowed by robots.txt, 2 not fetched because robots.txt could not be checked") {
		t.Errorf("text summary:\n%s", text.String())
	}
	if err := WriteHTML(&page, list, sum, Meta{}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(page.String(), "<td>disallowed</td>") || strings.Count(page.String(), "<td>could not be checked</td>") != 2 {
		t.Errorf("HTML rows say disallowed, or not 'could not be checked' twice")
	}
}

package verifytab

import (
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/verify"
)

// verifyTestZone is a fixed DNS: PTR and A answers from one map, NXDOMAIN
// for the rest; addresses in block never answer.
type verifyTestZone struct {
	answers map[string][]string
	block   map[string]bool
}

func (z verifyTestZone) LookupAddr(ctx context.Context, addr string) ([]string, error) {
	return z.answer(ctx, addr)
}

func (z verifyTestZone) LookupHost(ctx context.Context, host string) ([]string, error) {
	return z.answer(ctx, host)
}

func (z verifyTestZone) answer(ctx context.Context, q string) ([]string, error) {
	if z.block[q] {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	if a, ok := z.answers[q]; ok {
		return a, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: q, IsNotFound: true}
}

func newVerifyTestZone() verifyTestZone {
	return verifyTestZone{
		answers: map[string][]string{
			"66.249.66.1":                        {"crawl-66-249-66-1.googlebot.com."},
			"crawl-66-249-66-1.googlebot.com":    {"66.249.66.1"},
			"203.0.113.5":                        {"crawl-66-249-66-1.googlebot.com."},
			"203.0.113.12":                       {"msnbot-203-0-113-12.search.msn.com."},
			"msnbot-203-0-113-12.search.msn.com": {"203.0.113.12"},
		},
		block: map[string]bool{"203.0.113.21": true},
	}
}

// newVerifyTestArea builds the Verify tab in a test window.
func newVerifyTestArea(t *testing.T, r verify.Resolver, timeout time.Duration) *Area {
	t.Helper()
	test.NewTempApp(t)
	ranges, err := verify.Bundled()
	if err != nil {
		t.Fatal(err)
	}
	w := test.NewTempWindow(t, widget.NewLabel(""))
	a := New(t.Context(), &job.Bridge{}, w, &verify.Verifier{Resolver: r, Ranges: ranges, Timeout: timeout})
	w.SetContent(a.Content())
	w.Resize(fyne.NewSize(1000, 700))
	return a
}

// verifyWait runs action and waits until the area reports it is done.
func verifyWait(t *testing.T, a *Area, action func()) {
	t.Helper()
	done := make(chan struct{})
	a.onDone = func() { close(done) }
	action()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the verification did not finish")
	}
	a.onDone = nil
}

func TestVerifyAreaTypedAddress(t *testing.T) {
	a := newVerifyTestArea(t, newVerifyTestZone(), time.Second)
	if !a.copyBtn.Disabled() {
		t.Error("Copy CSV is enabled before any result")
	}
	test.Type(a.input, "66.249.66.1 googlebot")
	verifyWait(t, a, func() { test.Tap(a.verifyBtn) })

	if got, want := len(a.rows), 1; got != want {
		t.Fatalf("%d rows, want %d", got, want)
	}
	r := a.rows[0].res
	if r.Verdict != verify.Verified || !r.ForwardConfirmed || !r.Ranges.Matched {
		t.Errorf("66.249.66.1 = %s, forward %v, range %v; want verified by both", r.Verdict, r.ForwardConfirmed, r.Ranges.Matched)
	}
	if got, want := a.status.Text, "1 address: 1 verified, 0 fake, 0 unknown."; got != want {
		t.Errorf("status = %q, want %q", got, want)
	}
	if a.copyBtn.Disabled() || a.cancelBtn.Disabled() == false || a.verifyBtn.Disabled() {
		t.Error("after a run: want Copy CSV and Verify enabled, Cancel disabled")
	}
	a.table.Select(widget.TableCellID{Row: 0, Col: verifyColEvidence})
	if !strings.Contains(a.evidence.Text, "66.249.66.0/27") {
		t.Errorf("evidence pane = %q, want the range that decided", a.evidence.Text)
	}
	if got, want := a.CopyText(), "66.249.66.1\tgooglebot\t"+string(verify.Verified)+"\t"; !strings.HasPrefix(got, want) {
		t.Errorf("Ctrl+C copies %q, want the row's cells from %q", got, want)
	}
}

func TestVerifyAreaSortAndCopy(t *testing.T) {
	a := newVerifyTestArea(t, newVerifyTestZone(), 100*time.Millisecond)
	a.input.SetText("# pasted from a log\n66.249.66.1 googlebot\n\n203.0.113.5 Googlebot/2.1\n203.0.113.21\n203.0.113.12\tbingbot\n")
	verifyWait(t, a, func() { test.Tap(a.verifyBtn) })

	tests := []struct {
		name string
		col  int
		want []string // IPs in table order after the sort
	}{
		{"verdict, fake first", verifyColVerdict, []string{"203.0.113.5", "203.0.113.21", "66.249.66.1", "203.0.113.12"}},
		{"verdict again, reversed", verifyColVerdict, []string{"66.249.66.1", "203.0.113.12", "203.0.113.21", "203.0.113.5"}},
		{"IP, numeric", verifyColIP, []string{"66.249.66.1", "203.0.113.5", "203.0.113.12", "203.0.113.21"}},
		{"claimed", verifyColClaimed, []string{"203.0.113.21", "203.0.113.12", "66.249.66.1", "203.0.113.5"}},
	}
	for _, tt := range tests {
		a.onSort(tt.col)
		var got []string
		for _, r := range a.rows {
			got = append(got, r.res.IP)
		}
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("%s: order = %v, want %v", tt.name, got, tt.want)
		}
	}

	test.Tap(a.copyBtn)
	rows, err := csv.NewReader(strings.NewReader(fyne.CurrentApp().Clipboard().Content())).ReadAll()
	if err != nil {
		t.Fatalf("clipboard is not CSV: %v", err)
	}
	if got, want := len(rows), 5; got != want {
		t.Fatalf("clipboard has %d CSV rows, want %d (header + 4)", got, want)
	}
	if got, want := rows[1][0]+" "+rows[1][2], "203.0.113.21 unknown"; got != want {
		t.Errorf("first CSV row = %q, want %q (table order)", got, want)
	}

	// The sort column's title shows with its arrow, and a tap on it
	// sorts the other way.
	cell := a.table.CreateHeader()
	a.table.UpdateHeader(widget.TableCellID{Row: -1, Col: verifyColClaimed}, cell)
	title := cell.(*kit.SortTitle)
	if got, want := title.Text, verifyColumns[verifyColClaimed].title()+" ▲"; got != want {
		t.Errorf("the sort column's title = %q, want %q", got, want)
	}
	if test.Tap(title); a.sortCol != verifyColClaimed || !a.sortDesc {
		t.Errorf("a tap on the title sorted by column %d (descending %v), want %d descending", a.sortCol, a.sortDesc, verifyColClaimed)
	}
}

func TestVerifyAreaLog(t *testing.T) {
	a := newVerifyTestArea(t, newVerifyTestZone(), time.Second)
	log := `66.249.66.1 - - [12/Oct/2026:06:25:24 +0000] "GET / HTTP/1.1" 200 5120 "-" "Googlebot/2.1 (+http://www.google.com/bot.html)"
203.0.113.5 - - [12/Oct/2026:06:25:25 +0000] "GET /wp-login.php HTTP/1.1" 404 162 "-" "Googlebot/2.1 (+http://www.google.com/bot.html)"
203.0.113.5 - - [12/Oct/2026:06:25:26 +0000] "GET /xmlrpc.php HTTP/1.1" 404 162 "-" "Googlebot/2.1 (+http://www.google.com/bot.html)"
garbage
`
	verifyWait(t, a, func() { a.startLog(io.NopCloser(strings.NewReader(log)), "access.log", int64(len(log))) })
	if got, want := len(a.rows), 2; got != want {
		t.Fatalf("%d rows, want %d", got, want)
	}
	// The bundled range files age, so the sentence on their age follows.
	want := "access.log: 4 lines, 3 claiming a known crawler, 1 junk. googlebot: 3 requests from 2 addresses (1 verified, 1 fake, 0 unknown)."
	if got := a.status.Text; !strings.HasPrefix(got, want) || !strings.Contains(got, "range files up to") {
		t.Errorf("status = %q, want %q and the range files' age", got, want)
	}
	// Most requests first: the fake address sent two.
	if got, want := a.rows[0].res.IP+" "+verifyCell(&a.rows[0].res, verifyColRequests), "203.0.113.5 2"; got != want {
		t.Errorf("first row address and requests = %q, want %q", got, want)
	}
	if r := a.rows[1].res; r.Verdict != verify.Verified || len(r.ReverseDNS) != 0 {
		t.Errorf("in-range address in a log = %s with reverse DNS %v, want verified by the range alone", r.Verdict, r.ReverseDNS)
	}
	if got := a.progress.Value; got != 1 {
		t.Errorf("progress = %v after the run, want 1", got)
	}
}

func TestVerifyAreaCancel(t *testing.T) {
	zone := verifyTestZone{block: map[string]bool{}}
	var b strings.Builder
	for i := range 40 {
		ip := "203.0.113." + kit.Itoa(100+i)
		zone.block[ip] = true
		b.WriteString(ip + " googlebot\n")
	}
	a := newVerifyTestArea(t, zone, time.Minute)
	a.input.SetText(b.String())
	verifyWait(t, a, func() {
		test.Tap(a.verifyBtn)
		a.bridge.Sync(func() {
			if a.cancelBtn.Disabled() {
				t.Error("Cancel is disabled while a run is going")
			}
			test.Tap(a.cancelBtn)
		})
	})
	if !strings.HasPrefix(a.status.Text, "Cancelled") {
		t.Errorf("status = %q, want it to say the run was cancelled", a.status.Text)
	}
	for _, r := range a.rows {
		if r.res.Verdict != verify.Unknown {
			t.Fatalf("%s = %s after cancel, want unknown", r.res.IP, r.res.Verdict)
		}
	}
}

func TestVerifyAreaLoadRanges(t *testing.T) {
	a := newVerifyTestArea(t, newVerifyTestZone(), time.Second)
	if !strings.Contains(a.ranges.Text, "googlebot.json of ") || !strings.Contains(a.ranges.Text, "bundled") {
		t.Fatalf("ranges label = %q, want the bundled files with their dates", a.ranges.Text)
	}
	newer := `{"creationTime": "2027-03-04T05:06:07.000000", "prefixes": [{"ipv4Prefix": "203.0.113.0/24"}]}`
	a.loadRanges(io.NopCloser(strings.NewReader(newer)), "common-crawlers.json")
	if !strings.Contains(a.ranges.Text, "googlebot.json of 2027-03-04 (loaded, 1 prefixes, dated after today)") {
		t.Errorf("ranges label = %q, want the loaded file and its date", a.ranges.Text)
	}
	if m, ok := a.verifier.Ranges.Match(netip.MustParseAddr("203.0.113.5")); !ok || m.File != "googlebot.json" {
		t.Errorf("the loaded file is not used: Match = %+v, %v", m, ok)
	}

	before := a.ranges.Text
	a.loadRanges(io.NopCloser(strings.NewReader("<html>")), "googlebot.json")
	if a.ranges.Text != before {
		t.Errorf("a broken file changed the ranges label to %q", a.ranges.Text)
	}
	if a.win.Canvas().Overlays().Top() == nil {
		t.Error("a broken file shows no error dialog")
	}
}

type verifyNopWriteCloser struct{ io.Writer }

func (verifyNopWriteCloser) Close() error { return nil }

func TestVerifyAreaExportCSV(t *testing.T) {
	a := newVerifyTestArea(t, newVerifyTestZone(), time.Second)
	a.input.SetText("66.249.66.1 googlebot\n203.0.113.5 googlebot\n")
	verifyWait(t, a, func() { test.Tap(a.verifyBtn) })
	var buf bytes.Buffer
	a.exportCSV(verifyNopWriteCloser{&buf}, "out.csv", a.results())
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil || len(rows) != 3 {
		t.Fatalf("exported CSV: %d rows, error %v; want 3 rows", len(rows), err)
	}
	if got, want := a.status.Text, "Wrote 2 rows to out.csv."; got != want {
		t.Errorf("status = %q, want %q", got, want)
	}
}

func TestVerifyParseInput(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		want  []verify.Claim
		extra int // lines left out
	}{
		{"empty", "", nil, 0},
		{"address only", "66.249.66.1", []verify.Claim{{IP: "66.249.66.1"}}, 0},
		{"with claim", " 66.249.66.1   googlebot \r\n", []verify.Claim{{IP: "66.249.66.1", Claimed: "googlebot"}}, 0},
		{"tab and user agent", "2001:db8::1\tMozilla/5.0 (compatible; bingbot/2.0)",
			[]verify.Claim{{IP: "2001:db8::1", Claimed: "Mozilla/5.0 (compatible; bingbot/2.0)"}}, 0},
		{"comments and blanks", "# header\n\n66.249.66.1\n  \n", []verify.Claim{{IP: "66.249.66.1"}}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, extra := verifyParseInput(tt.in)
			if len(got) != len(tt.want) || extra != tt.extra {
				t.Fatalf("verifyParseInput(%q) = %v, %d; want %v, %d", tt.in, got, extra, tt.want, tt.extra)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("verifyParseInput(%q)[%d] = %+v, want %+v", tt.in, i, got[i], tt.want[i])
				}
			}
		})
	}
	_, extra := verifyParseInput(strings.Repeat("192.0.2.1\n", verifyMaxPasted+3))
	if extra != 3 {
		t.Errorf("over the bound: %d lines left out, want 3", extra)
	}
}

// offlineZone answers every lookup "no such host", as a resolver does on
// a machine with no network behind it.
type offlineZone struct{}

func (offlineZone) LookupAddr(ctx context.Context, a string) ([]string, error) {
	return nil, &net.DNSError{Err: "no such host", Name: a, IsNotFound: true}
}

func (offlineZone) LookupHost(ctx context.Context, h string) ([]string, error) {
	return nil, &net.DNSError{Err: "no such host", Name: h, IsNotFound: true}
}

// TestVerifyAreaSaysDNSIsNotWorking: when no address gets a reverse name,
// not even Googlebot's own, the evidence the tab shows says DNS is not
// working and the verdicts rest on the published ranges, instead of stating
// "has no reverse DNS name" as a fact about each address.
func TestVerifyAreaSaysDNSIsNotWorking(t *testing.T) {
	a := newVerifyTestArea(t, offlineZone{}, time.Second)
	a.input.SetText("66.249.66.1 googlebot\n66.249.66.2 googlebot\n203.0.113.5 googlebot\n")
	verifyWait(t, a, func() { test.Tap(a.verifyBtn) })
	for _, r := range a.rows {
		if strings.Contains(r.res.Evidence, "has no reverse DNS name") {
			t.Errorf("%s: evidence %q states the missing name as a fact", r.res.IP, r.res.Evidence)
		}
		if !strings.Contains(r.res.Evidence, "DNS is not working here") {
			t.Errorf("%s: evidence %q does not say DNS is not working", r.res.IP, r.res.Evidence)
		}
		// CLI.md: unknown when DNS is unavailable and no range matches.
		if r.res.IP == "203.0.113.5" && r.res.Verdict != verify.Unknown {
			t.Errorf("203.0.113.5: %s %q, want unknown: no range and no working DNS", r.res.Verdict, r.res.Evidence)
		}
	}
}

// TestVerifyAreaDNSWorking: a run where DNS answers keeps its evidence.
func TestVerifyAreaDNSWorking(t *testing.T) {
	a := newVerifyTestArea(t, newVerifyTestZone(), time.Second)
	a.input.SetText("66.249.66.1 googlebot\n198.51.100.7 googlebot\n")
	verifyWait(t, a, func() { test.Tap(a.verifyBtn) })
	if strings.Contains(a.status.Text, "DNS is not working") {
		t.Errorf("status = %q with DNS answering", a.status.Text)
	}
}

// TestVerifyAreaLayout: the progress bar shows only while a run works, and
// the Evidence column starts within 1024 px.
func TestVerifyAreaLayout(t *testing.T) {
	a := newVerifyTestArea(t, newVerifyTestZone(), time.Second)
	if a.progress.Visible() {
		t.Error("the progress bar is shown before any run")
	}
	test.Type(a.input, "66.249.66.1 googlebot")
	verifyWait(t, a, func() { test.Tap(a.verifyBtn) })
	if a.progress.Visible() {
		t.Error("the progress bar is still shown after the run")
	}
	var x float32
	for i := range verifyColEvidence {
		x += verifyColumns[i].width
	}
	if x+200 > 1024 {
		t.Errorf("the Evidence column starts at x=%v, off a 1024-px window", x)
	}
}

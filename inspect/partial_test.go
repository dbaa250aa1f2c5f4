package inspect

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/finding"
)

// slowPage announces size bytes and sends them at rate bytes a second, in
// tenths of a second.
func slowPage(size, rate int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Length", strconv.Itoa(size))
		chunk := bytes.Repeat([]byte("<p>slow</p>\n"), rate/10/12+1)[:rate/10]
		w.Write([]byte("<title>slow</title>"))
		for sent := 19; sent < size; sent += len(chunk) {
			if _, err := w.Write(chunk[:min(len(chunk), size-sent)]); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
	}
}

func inspectTest(t *testing.T, h http.Handler, opt fetch.Options) *Report {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	rep, err := Page(context.Background(), &fetch.Fetcher{}, srv.URL+"/page", pageProfile(t), Options{Fetch: opt, NoResources: true})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func findingOf(rep *Report, code string) (finding.Finding, bool) {
	for _, f := range rep.Findings {
		if f.Code == code {
			return f, true
		}
	}
	return finding.Finding{}, false
}

// TestPartialReadAfterTimeout: a server sending 100 KB/s of an announced
// 2,500,000 bytes, stopped by the time limit, is reported as a partial
// read with the announced length and where the cutoff falls on it, as a
// warning, never as "the crawler keeps everything".
func TestPartialReadAfterTimeout(t *testing.T) {
	t.Parallel()
	rep := inspectTest(t, slowPage(2_500_000, 100_000), fetch.Options{Timeout: 1500 * time.Millisecond})
	res := rep.Fetch
	if res.ReadComplete || res.CutoffOffset != nil || rep.Partial == nil {
		t.Fatalf("read complete %v, cutoff %v, partial %+v: want an incomplete read with no cutoff in it", res.ReadComplete, res.CutoffOffset, rep.Partial)
	}
	cut := 2_000_000 - res.HeaderBytes
	if p := rep.Partial; p.AnnouncedBytes != 2_500_000 || p.CutoffOffset == nil || *p.CutoffOffset != cut || p.ReadBytes != res.BodyBytes {
		t.Fatalf("partial %+v, want 2,500,000 announced and the cutoff at %d", p, cut)
	}
	f, ok := findingOf(rep, CodeReadIncomplete)
	if !ok || f.Severity != finding.Warning {
		t.Fatalf("finding %+v, want a warning %s", f, CodeReadIncomplete)
	}
	for _, want := range []string{"The body broke off after " + Bytes(res.BodyBytes) + " bytes", "time limit ran out",
		"the server announced 2,500,000 bytes", "cutoff falls at body byte " + Bytes(cut) + " (counted byte 2,000,000), past the bytes read"} {
		if !strings.Contains(f.Message, want) {
			t.Errorf("finding %q lacks %q", f.Message, want)
		}
	}
	// The text report's Cutoff line says it (inspect/report's TestCutoffTextPartial).
	wantCut := "not reached in the " + Bytes(res.BodyBytes) + " bytes read; on the 2,500,000 bytes the server announced, it falls at body byte " + Bytes(cut)
	if text := rep.Partial.CutoffText(); !strings.Contains(text, wantCut) || strings.Contains(text, "keeps everything") {
		t.Errorf("cutoff text %q, want %q", text, wantCut)
	}
}

// TestSmallCapKeepsBinaryReading: --cap 100000 stops reading at the limit,
// but the announced length still passes 2,097,152, so the binary reading's
// cutoff is reported.
func TestSmallCapKeepsBinaryReading(t *testing.T) {
	t.Parallel()
	body := bytes.Repeat([]byte("<p>filler text</p>\n"), 2_600_000/19+1)[:2_600_000]
	rep := inspectTest(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body)
	}), fetch.Options{Cap: 100_000})
	res := rep.Fetch
	if res.ReadComplete || res.CutoffOffset == nil {
		t.Fatalf("read complete %v, cutoff %v: want a cut read stopped at the cap", res.ReadComplete, res.CutoffOffset)
	}
	want := 2_097_152 - res.HeaderBytes
	if b := res.BinaryCutoffOffset; b == nil || *b != want {
		t.Fatalf("binary_cutoff_offset = %v, want %d from the announced 2,600,000 bytes", b, want)
	}
	f, _ := findingOf(rep, CodeReadIncomplete)
	if msg := "if MB means MiB the cutoff falls at body byte " + Bytes(want) + " of that length"; !strings.Contains(f.Message, msg) {
		t.Errorf("finding %q lacks %q", f.Message, msg)
	}
}

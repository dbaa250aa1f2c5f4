package inspect

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"fmt"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/scan"
)

// streamProfile is the profile the streamed passes of these tests read as.
var streamProfile = fetch.Profile{Name: "Googlebot Smartphone", RobotsTokens: []string{"Googlebot"}}

// fetchedInput is the analysis input the fetcher's accounting gives for
// body with the cutoff at offset at: cut only when the body is longer.
func fetchedInput(body []byte, at int64, finalURL string) Input {
	in := Input{Body: body, Tokens: streamProfile.RobotsTokens, Crawler: streamProfile.Name, Operator: streamProfile.Operator}
	if int64(len(body)) > at {
		in.Cutoff = &at
	}
	in.URL, _ = url.Parse(finalURL)
	return in
}

// deliver plays the fetcher for s: the body arrives in chunks of the sizes
// next gives, into one buffer as the fetcher reads into its reserved
// buffer; when move is set the buffer moves to a new array halfway, as a
// growing buffer does. It pauses now and then so that the pass catches up
// and waits.
func deliver(s *scan.Stream, head fetch.BodyHead, body []byte, next func() int, move bool) {
	buf := make([]byte, 0, len(body))
	first := min(len(body), next())
	buf = append(buf, body[:first]...)
	s.Begin(head, buf)
	moved := false
	for len(buf) < len(body) {
		n := min(len(body)-len(buf), next())
		buf = append(buf, body[len(buf):len(buf)+n]...)
		if move && !moved && len(buf) > len(body)/2 {
			buf = append(make([]byte, 0, len(body)), buf...)
			moved = true
		}
		s.Grow(buf)
		if n%3 == 0 {
			time.Sleep(20 * time.Microsecond)
		}
	}
	s.End(buf)
}

// analysisJSON is the analysis as the reports see it, plus its byte map.
func analysisJSON(t testing.TB, body []byte, a *Analysis) string {
	t.Helper()
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n" + fmt.Sprint(a.ByteMap.Spans())
}

// streamed analyses body as it arrives in the chunks next gives, cut at
// offset at, and returns the analysis and whether the streamed pass was
// the one used.
func streamed(t testing.TB, body []byte, at int64, next func() int, move bool) (*Analysis, bool) {
	t.Helper()
	const finalURL = "https://example.com/page"
	s := scan.NewStream(streamProfile, false)
	deliver(s, fetch.BodyHead{FinalURL: finalURL, CutoffAt: at}, body, next, move)
	in := fetchedInput(body, at, finalURL)
	prepared := prepare(in)
	used := s.ResultFor(prepared.Body, prepared.cut(), false) != nil
	return analyze(in, scan.DefaultSteps, s), used
}

// streamPages are bodies whose passes wait at every kind of place: raw text
// that runs on, ends right at a chunk's end or never ends, a tag cut by the
// end, a comment left open, a cutoff inside a script, a plaintext element.
func streamPages() map[string][]byte {
	script := "<script>" + strings.Repeat("var a = '<\\/script'; // </scrip", 200) + "</script>"
	pages := map[string][]byte{
		"big script":     []byte("<html><head><title>t</title>" + script + "</head><body><h1>h</h1><a href=/x>x</a></body></html>"),
		"unclosed style": []byte("<head><style>" + strings.Repeat("p{color:red}", 400)),
		"unclosed tag":   []byte("<body><p>text</p><a href=\"/very/long" + strings.Repeat("x", 3000)),
		"open comment":   []byte("<body><p>kept</p><!-- " + strings.Repeat("c", 2000)),
		"plaintext":      []byte("<body><plaintext>" + strings.Repeat("<p>not a tag</p>", 300)),
		"escaped script": []byte("<script><!--<script>" + strings.Repeat("x</script>", 100) + "--></script><h1>after</h1>"),
		"svg and math":   []byte("<body><svg><title>s</title><g a=b/></svg><math><mi/></math>" + strings.Repeat("<p>para <b>bold</b></p>\n", 300)),
	}
	for name, page := range pages {
		pages[name+" twice"] = append(bytes.Clone(page), page...)
	}
	pages["bench 300 KB"] = genPage(300_000, 7)
	return pages
}

// TestStreamedPassMatchesWhole checks that the pass that reads the body
// while it arrives gives the analysis the whole body gives, byte map
// included, whatever the chunks, wherever the cutoff (inside the body,
// at its last byte, past its end) and when the buffer moves; and that the
// streamed pass is the one used, not the fallback.
func TestStreamedPassMatchesWhole(t *testing.T) {
	chunkings := map[string]func(r *rand.Rand) func() int{
		"1 byte":    func(*rand.Rand) func() int { return func() int { return 1 } },
		"7 bytes":   func(*rand.Rand) func() int { return func() int { return 7 } },
		"512 bytes": func(*rand.Rand) func() int { return func() int { return 512 } },
		"random":    func(r *rand.Rand) func() int { return func() int { return 1 + r.IntN(5000) } },
	}
	for name, body := range streamPages() {
		n := int64(len(body))
		for _, at := range []int64{0, 1, n / 3, n / 2, n - 17, n - 1, n, n + 100} {
			if at < 0 {
				continue
			}
			whole := analysisJSON(t, body, Analyze(fetchedInput(body, at, "https://example.com/page")))
			for chunking, chunks := range chunkings {
				if chunking == "1 byte" && n > 20_000 {
					continue
				}
				r := rand.New(rand.NewPCG(uint64(at), uint64(n)))
				a, used := streamed(t, body, at, chunks(r), at == n/2)
				if got := analysisJSON(t, body, a); got != whole {
					t.Fatalf("%s cut at %d, %s chunks: streamed analysis differs:\n got %.600s\nwant %.600s", name, at, chunking, got, whole)
				}
				if !used {
					t.Errorf("%s cut at %d, %s chunks: the streamed pass was not used", name, at, chunking)
				}
			}
		}
	}
}

// TestStreamedPassFallsBack checks that a body the fetcher's accounting
// cuts where the stream saw no cut (a read capped right at the cutoff)
// is analysed again from the whole body, not from the streamed pass.
func TestStreamedPassFallsBack(t *testing.T) {
	body := []byte("<html><head><title>t</title></head><body>" + strings.Repeat("<p>x</p>", 100) + "</body></html>")
	at := int64(len(body)) // the stream sees the body end at the cutoff: no cut
	s := scan.NewStream(streamProfile, false)
	deliver(s, fetch.BodyHead{CutoffAt: at}, body, func() int { return 64 }, false)
	in := Input{Body: body, Cutoff: &at, Tokens: streamProfile.RobotsTokens} // capped: the accounting cuts
	prepared := prepare(in)
	if s.ResultFor(prepared.Body, prepared.cut(), false) != nil {
		t.Fatal("the streamed pass was used for a body whose cutoff it did not see")
	}
	if got, want := analysisJSON(t, body, analyze(in, scan.DefaultSteps, s)), analysisJSON(t, body, Analyze(in)); got != want {
		t.Fatalf("fallback analysis differs:\n got %.600s\nwant %.600s", got, want)
	}
}

// TestStreamedPassStops checks that a stopped stream ends its pass at once
// however much of the body is missing.
func TestStreamedPassStops(t *testing.T) {
	body := genPage(200_000, 5)
	s := scan.NewStream(streamProfile, false)
	s.Begin(fetch.BodyHead{CutoffAt: 150_000}, body[:50_000:50_000])
	s.Stop()
	done := make(chan struct{})
	go func() { s.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a stopped stream's pass did not end")
	}
	in := fetchedInput(body, 150_000, "")
	prepared := prepare(in)
	if s.ResultFor(prepared.Body, prepared.cut(), false) != nil {
		t.Fatal("a stopped stream's pass was used")
	}
}

// FuzzStreamedPass checks, on any body, cutoff and chunking, that the pass
// over the arriving body gives what the pass over the whole body gives.
func FuzzStreamedPass(f *testing.F) {
	for i, s := range fuzzSeeds(f) {
		f.Add(s, uint32(i*37), uint64(i))
	}
	f.Fuzz(func(t *testing.T, body []byte, cut uint32, seed uint64) {
		at := int64(cut) % int64(len(body)+2)
		r := rand.New(rand.NewPCG(seed, 1))
		maxChunk := 1 + r.IntN(600)
		a, used := streamed(t, body, at, func() int { return 1 + r.IntN(maxChunk) }, seed%2 == 0)
		want := analysisJSON(t, body, Analyze(fetchedInput(body, at, "https://example.com/page")))
		if got := analysisJSON(t, body, a); got != want {
			t.Fatalf("streamed analysis differs:\n got %s\nwant %s", got, want)
		}
		if !used {
			t.Fatal("the streamed pass was not used")
		}
	})
}

// trickle serves body in chunks of size bytes, flushing each and pausing
// every few, gzip-encoded when gz is set, with its length when withLength
// is set (else chunked).
func trickle(body []byte, size int, gz, withLength bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		data := body
		if gz {
			var b bytes.Buffer
			zw := gzip.NewWriter(&b)
			zw.Write(body)
			zw.Close()
			data = b.Bytes()
			w.Header().Set("Content-Encoding", "gzip")
		}
		if withLength {
			w.Header().Set("Content-Length", strconv.Itoa(len(data)))
		}
		for i := 0; i < len(data); i += size {
			if _, err := w.Write(data[i:min(i+size, len(data))]); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			if (i/size)%4 == 0 {
				time.Sleep(200 * time.Microsecond)
			}
		}
	}
}

// TestPageStreamedBody checks, against a real server sending a cut page
// slowly in pieces (with and without a length, gzip-encoded or not), that
// Page's analysis is the analysis of the body it fetched.
func TestPageStreamedBody(t *testing.T) {
	t.Parallel()
	body := genPage(600_000, 11)
	for _, tt := range []struct {
		name           string
		gz, withLength bool
	}{
		{"length", false, true},
		{"chunked", false, false},
		{"gzip", true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newPageSite(t, map[string]http.HandlerFunc{
				"/robots.txt": serveRobots("User-agent: *\nAllow: /\n"),
				"/page":       trickle(body, 8<<10, tt.gz, tt.withLength),
			})
			p := pageProfile(t)
			r, err := Page(t.Context(), nil, s.URL+"/page", p, Options{NoResources: true, Fetch: fetch.Options{LimitOverride: 400_000}})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(r.Fetch.Body, body) || r.Analysis.CutoffOffset == nil {
				t.Fatalf("fetched %d bytes, cutoff %v; want the %d-byte page, cut", len(r.Fetch.Body), r.Analysis.CutoffOffset, len(body))
			}
			want := Analyze(NewInput(r.Fetch, &p))
			if got, want := analysisJSON(t, body, r.Analysis), analysisJSON(t, body, want); got != want {
				t.Fatalf("Page's analysis differs from the body's:\n got %.600s\nwant %.600s", got, want)
			}
		})
	}
}

// TestPageCancelMidBody cancels an inspection whose page stops arriving
// halfway: Page returns at once with the cancel, and the pass that read
// the first half ends with it.
func TestPageCancelMidBody(t *testing.T) {
	body := genPage(300_000, 13)
	halfway := make(chan struct{})
	s := newPageSite(t, map[string]http.HandlerFunc{
		"/robots.txt": serveRobots("User-agent: *\nAllow: /\n"),
		"/page": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
			w.Write(body[:len(body)/2])
			w.(http.Flusher).Flush()
			close(halfway)
			<-r.Context().Done()
		},
	})
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() {
		_, err := Page(ctx, nil, s.URL+"/page", pageProfile(t), Options{NoResources: true})
		done <- err
	}()
	<-halfway
	time.Sleep(20 * time.Millisecond) // the pass reads what arrived
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Page after cancel: %v; want an error wrapping context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Page did not return within 5s of cancel")
	}
	s.Close()
	checkGoroutinesBack(t, before, "the cancelled inspection")
}

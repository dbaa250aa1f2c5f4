package robots

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
)

// testProfile is the default crawler profile.
func testProfile(t *testing.T) fetch.Profile {
	t.Helper()
	p, ok := fetch.Lookup(fetch.DefaultProfileID)
	if !ok {
		t.Fatalf("no built-in profile %q", fetch.DefaultProfileID)
	}
	return p
}

// robotsServer serves /robots.txt with handler and counts the requests.
func robotsServer(t *testing.T, handler http.HandlerFunc) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var n atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		handler(w, r)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		handler(w, r) // redirect targets
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv, &n
}

func status(code int, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(code)
		io.WriteString(w, body)
	}
}

// redirects answers a chain of n redirects, then serves the rules.
func redirects(n int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		hop := 0
		fmt.Sscanf(r.URL.Query().Get("hop"), "%d", &hop)
		if hop < n {
			http.Redirect(w, r, fmt.Sprintf("/moved?hop=%d", hop+1), http.StatusMovedPermanently)
			return
		}
		io.WriteString(w, "User-agent: *\nDisallow: /a\n")
	}
}

// endless serves size bytes of valid rules.
func endless(size int64) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "User-agent: *\nDisallow: /a\n")
		io.CopyN(w, repeatReader("Disallow: /filler/\n"), size)
	}
}

type repeated struct {
	s   string
	off int
}

func repeatReader(s string) io.Reader { return &repeated{s: s} }

func (r *repeated) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r.s[r.off]
		r.off = (r.off + 1) % len(r.s)
	}
	return len(p), nil
}

// brokenBody promises 1,000 bytes, sends a few and hangs up.
func brokenBody(w http.ResponseWriter, r *http.Request) {
	conn, buf, err := w.(http.Hijacker).Hijack()
	if err != nil {
		return
	}
	defer conn.Close()
	buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\nUser-agent: *\n")
	buf.Flush()
}

func TestFetchStatusPolicy(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		handler   http.HandlerFunc
		policy    Policy
		status    int
		redirects int
		allowedA  bool   // verdict for /a
		reason    string // fragment of Outcome.Reason
	}{
		{"200 parsed", status(200, "User-agent: *\nDisallow: /a\n"), PolicyParsed, 200, 0, false, "its rules apply"},
		{"5 redirects followed", redirects(5), PolicyParsed, 200, 5, false, "its rules apply"},
		{"6 redirects as 404", redirects(6), PolicyAllowAll, 301, 6, true, "treats the file as 404"},
		{"404 allow all", status(404, "nope"), PolicyAllowAll, 404, 0, true, "404 Not Found"},
		{"401 allow all", status(401, ""), PolicyAllowAll, 401, 0, true, "4xx other than 429"},
		{"403 allow all", status(403, ""), PolicyAllowAll, 403, 0, true, "4xx other than 429"},
		{"410 allow all", status(410, ""), PolicyAllowAll, 410, 0, true, "4xx other than 429"},
		{"429 disallow all", status(429, ""), PolicyDisallowAll, 429, 0, false, "treats 429 as a server error"},
		{"500 disallow all", status(500, ""), PolicyDisallowAll, 500, 0, false, "server error means disallow all"},
		{"503 disallow all", status(503, ""), PolicyDisallowAll, 503, 0, false, "503 Service Unavailable"},
		{"304 without redirect", status(304, ""), PolicyAllowAll, 304, 0, true, "without a redirect to follow"},
		{"redirect to ftp", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Location", "ftp://e.com/robots.txt")
			w.WriteHeader(302)
		}, PolicyAllowAll, 302, 1, true, "cannot be fetched"},
		{"body broken off", brokenBody, PolicyDisallowAll, 200, 0, false, "interrupted response"},
		{"HTML parsed", status(200, "<!DOCTYPE html><html><body>Hello</body></html>"), PolicyParsed, 200, 0, true, "looks like an HTML page"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, _ := robotsServer(t, tt.handler)
			o := Fetch(context.Background(), &fetch.Fetcher{}, srv.URL+"/page", testProfile(t), fetch.Options{Timeout: 10 * time.Second})
			if got, want := o.Policy, tt.policy; got != want {
				t.Fatalf("Policy = %s, want %s (%s; err %s)", got, want, o.Reason, o.Err)
			}
			if got, want := o.Status, tt.status; got != want {
				t.Errorf("Status = %d, want %d", got, want)
			}
			if got, want := len(o.Redirects), tt.redirects; got != want {
				t.Errorf("redirects = %d, want %d", got, want)
			}
			if !strings.Contains(o.Reason, tt.reason) {
				t.Errorf("Reason = %q, want it to contain %q", o.Reason, tt.reason)
			}
			v := o.Check([]string{"googlebot"}, false, srv.URL+"/a")
			if got, want := v.Allowed, tt.allowedA; got != want {
				t.Errorf("Check(/a) allowed = %v, want %v (%s)", got, want, v.Reason)
			}
			if v.Reason == "" {
				t.Error("verdict without a reason")
			}
		})
	}
}

func TestFetchNetworkError(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.NotFoundHandler())
	addr := srv.URL
	srv.Close() // nothing listens there any more
	o := Fetch(context.Background(), &fetch.Fetcher{}, addr+"/page", testProfile(t), fetch.Options{Timeout: 5 * time.Second})
	if got, want := o.Policy, PolicyDisallowAll; got != want {
		t.Fatalf("Policy = %s, want %s", got, want)
	}
	if o.Err == "" || !strings.Contains(o.Reason, "could not be fetched") {
		t.Errorf("Err = %q, Reason = %q", o.Err, o.Reason)
	}
	if v := o.Check([]string{"googlebot"}, false, addr+"/page"); v.Allowed {
		t.Errorf("network error must disallow: %s", v.Reason)
	}
	if v := o.Check([]string{"googlebot"}, false, addr+"/robots.txt"); !v.Allowed {
		t.Errorf("/robots.txt itself must stay allowed: %s", v.Reason)
	}
}

func TestFetchLargeBody(t *testing.T) {
	t.Parallel()
	const size = 20 << 20
	srv, _ := robotsServer(t, endless(size))
	o := Fetch(context.Background(), &fetch.Fetcher{}, srv.URL, testProfile(t), fetch.Options{Timeout: 20 * time.Second})
	if got, want := o.Policy, PolicyParsed; got != want {
		t.Fatalf("Policy = %s, want %s (%s)", got, want, o.Reason)
	}
	if got, want := o.Bytes, int64(ReadCap); got != want {
		t.Errorf("Bytes = %d, want %d (reading must stop at the cap)", got, want)
	}
	if got, want := o.TruncatedAt, int64(MaxBytes); got != want {
		t.Errorf("TruncatedAt = %d, want %d", got, want)
	}
	if got, want := len(o.Body), ReadCap; got != want {
		t.Errorf("len(Body) = %d, want %d (the bytes read, past MaxBytes too)", got, want)
	}
	if v := o.Check([]string{"googlebot"}, false, srv.URL+"/a"); v.Allowed || v.Line != 2 {
		t.Errorf("Check(/a) = %v line %d, want disallowed by line 2", v.Allowed, v.Line)
	}
}

func TestFetchSendsProfileUA(t *testing.T) {
	t.Parallel()
	var ua atomic.Value
	srv, _ := robotsServer(t, func(w http.ResponseWriter, r *http.Request) {
		ua.Store(r.UserAgent())
		io.WriteString(w, "User-agent: *\nAllow: /\n")
	})
	p := testProfile(t)
	Fetch(context.Background(), &fetch.Fetcher{}, srv.URL+"/x", p, fetch.Options{})
	if got, want := ua.Load(), p.UserAgent(""); got != want {
		t.Errorf("User-Agent = %q, want %q", got, want)
	}
}

func TestRobotsURL(t *testing.T) {
	tests := []struct {
		page, want string
		ok         bool
	}{
		{"http://Example.COM/a/b?c", "http://example.com/robots.txt", true},
		{"https://e.com:443/x", "https://e.com/robots.txt", true},
		{"http://e.com:80/x", "http://e.com/robots.txt", true},
		{"http://e.com:8080/x", "http://e.com:8080/robots.txt", true},
		{"https://e.com:80/x", "https://e.com:80/robots.txt", true},
		{"http://user:pw@e.com/x", "http://e.com/robots.txt", true},
		{"http://[::1]:8080/x", "http://[::1]:8080/robots.txt", true},
		{"HTTP://e.com", "http://e.com/robots.txt", true},
		{"/a/b", "", false},
		{"ftp://e.com/x", "", false},
		{"http://", "", false},
		{"http://e .com/%zz", "", false},
	}
	for _, tt := range tests {
		got, err := RobotsURL(tt.page)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("RobotsURL(%q) = %q, %v; want %q, ok %v", tt.page, got, err, tt.want, tt.ok)
		}
	}
}

func TestFetchInvalidURL(t *testing.T) {
	o := Fetch(context.Background(), &fetch.Fetcher{}, "/just/a/path", fetch.Profile{}, fetch.Options{})
	if got, want := o.Policy, PolicyInvalid; got != want {
		t.Fatalf("Policy = %s, want %s", got, want)
	}
	if v := o.Check([]string{"googlebot"}, false, "/just/a/path"); v.Allowed || !strings.Contains(v.Reason, "no host") {
		t.Errorf("verdict = %v, %q", v.Allowed, v.Reason)
	}
}

func TestCacheOneFetchPerHost(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	srv, n := robotsServer(t, func(w http.ResponseWriter, r *http.Request) {
		<-release
		io.WriteString(w, "User-agent: *\nDisallow: /private\n")
	})
	other, m := robotsServer(t, status(404, ""))
	c := NewCache(&fetch.Fetcher{}, testProfile(t), fetch.Options{Timeout: 10 * time.Second})
	var wg sync.WaitGroup
	outcomes := make([]*Outcome, 16)
	for i := range outcomes {
		wg.Go(func() { outcomes[i] = c.Get(context.Background(), fmt.Sprintf("%s/page/%d.css", srv.URL, i)) })
	}
	time.Sleep(50 * time.Millisecond) // let every caller queue behind the one fetch
	close(release)
	wg.Wait()
	if got, want := n.Load(), int64(1); got != want {
		t.Errorf("requests to the host = %d, want %d", got, want)
	}
	for i, o := range outcomes {
		if o != outcomes[0] || o.Policy != PolicyParsed {
			t.Errorf("caller %d got %p %s, want the shared parsed outcome %p", i, o, o.Policy, outcomes[0])
		}
	}
	if o := c.Get(context.Background(), other.URL+"/x"); o.Policy != PolicyAllowAll || m.Load() != 1 {
		t.Errorf("other host: %s after %d requests, want allow-all after 1", o.Policy, m.Load())
	}
	if got, want := len(c.Outcomes()), 2; got != want {
		t.Errorf("Outcomes() has %d entries, want %d", got, want)
	}
}

func TestCacheCancelledFetchIsNotKept(t *testing.T) {
	t.Parallel()
	srv, _ := robotsServer(t, status(200, "User-agent: *\nDisallow: /\n"))
	c := NewCache(&fetch.Fetcher{}, testProfile(t), fetch.Options{Timeout: 10 * time.Second})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if o := c.Get(ctx, srv.URL+"/a"); o.Policy != PolicyDisallowAll || o.Err == "" {
		t.Errorf("cancelled Get = %s, err %q; want disallow-all with an error", o.Policy, o.Err)
	}
	if o := c.Get(context.Background(), srv.URL+"/a"); o.Policy != PolicyParsed {
		t.Errorf("Get after a cancelled one = %s (%s), want parsed", o.Policy, o.Reason)
	}
}

func TestReadBody(t *testing.T) {
	tests := []struct {
		name     string
		r        io.Reader
		n        int
		complete bool
	}{
		{"small", strings.NewReader("User-agent: *"), 13, true},
		{"exact cap", io.LimitReader(repeatReader("x"), ReadCap), ReadCap, true},
		{"endless", repeatReader("Disallow: /\n"), ReadCap, false},
		{"empty", strings.NewReader(""), 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, complete, err := ReadBody(bufio.NewReader(tt.r))
			if err != nil || len(b) != tt.n || complete != tt.complete {
				t.Errorf("ReadBody = %d bytes, complete %v, %v; want %d, %v, nil", len(b), complete, err, tt.n, tt.complete)
			}
		})
	}
}

func TestReadFile(t *testing.T) {
	b, err := ReadFile("/dev/zero")
	if err != nil || len(b) != ReadCap {
		t.Errorf("ReadFile(/dev/zero) = %d bytes, %v; want %d bytes", len(b), err, ReadCap)
	}
	if _, err := ReadFile("testdata/no-such-file"); err == nil {
		t.Error("ReadFile of a missing file: no error")
	}
}

func TestPolicyConstructors(t *testing.T) {
	tests := []struct {
		name    string
		o       *Outcome
		url     string
		allowed bool
	}{
		{"allow all", AllowAll("https://e.com/robots.txt", "Google-Safety ignores robots.txt."), "https://e.com/x", true},
		{"disallow all", DisallowAll("https://e.com/robots.txt", "robots.txt answered 500."), "https://e.com/x", false},
		{"disallow all keeps robots.txt", DisallowAll("https://e.com/robots.txt", "robots.txt answered 500."), "https://e.com/robots.txt", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := tt.o.Check([]string{"googlebot"}, false, tt.url)
			if got, want := v.Allowed, tt.allowed; got != want {
				t.Errorf("Allowed = %v, want %v", got, want)
			}
			if v.Reason == "" || v.Line != 0 || v.Group != "" {
				t.Errorf("verdict = %+v", v)
			}
		})
	}
}

func TestRobotsURLIDN(t *testing.T) {
	a, err1 := RobotsURL("https://bücher.example/a")
	b, err2 := RobotsURL("https://xn--bcher-kva.example/b")
	if err1 != nil || err2 != nil || a != b {
		t.Errorf("IDN and punycode robots.txt URLs differ: %q (%v), %q (%v)", a, err1, b, err2)
	}
}

func TestFetchKeepsBody(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		status int
		body   string
		want   string // the Body kept; "-" for none
	}{
		{"plain", 200, "User-agent: *\nDisallow: /a\n", "User-agent: *\nDisallow: /a\n"},
		{"BOM and CRLF kept", 200, "\xEF\xBB\xBFUser-agent: *\r\nDisallow: /a\r\n", "\xEF\xBB\xBFUser-agent: *\r\nDisallow: /a\r\n"},
		{"invalid UTF-8 kept", 200, "User-agent: *\nDisallow: /caf\xE9\n", "User-agent: *\nDisallow: /caf\xE9\n"},
		{"empty file", 200, "", ""},
		{"404 keeps none", 404, "not found", "-"},
		{"503 keeps none", 503, "busy", "-"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, _ := robotsServer(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/plain")
				w.WriteHeader(tt.status)
				io.WriteString(w, tt.body)
			})
			o := Fetch(context.Background(), &fetch.Fetcher{}, srv.URL, testProfile(t), fetch.Options{Timeout: 10 * time.Second})
			if tt.want == "-" {
				if o.Body != nil {
					t.Errorf("Body = %q for status %d, want nil", o.Body, tt.status)
				}
				return
			}
			if o.Body == nil || string(o.Body) != tt.want {
				t.Errorf("Body = %q (nil %v), want %q", o.Body, o.Body == nil, tt.want)
			}
			if got, want := o.Bytes, int64(len(tt.want)); got != want {
				t.Errorf("Bytes = %d, want %d", got, want)
			}
		})
	}
}

func TestFromFileKeepsACopy(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /a\n")
	o := FromFile("robots.txt", body)
	body[0] = 'X'
	if got, want := string(o.Body), "User-agent: *\nDisallow: /a\n"; got != want {
		t.Errorf("Body = %q after the caller changed its slice, want %q", got, want)
	}
	big := make([]byte, ReadCap+10)
	if got, want := len(FromFile("big.txt", big).Body), ReadCap; got != want {
		t.Errorf("len(Body) = %d for a body over ReadCap, want %d", got, want)
	}
}

// TestFetchSaysRealSize: a 20,000,037-byte robots.txt is read up to
// ReadCap; the outcome names both what was read and the real size.
func TestFetchSaysRealSize(t *testing.T) {
	t.Parallel()
	const size = 20_000_037
	head := "User-agent: *\nDisallow: /a\n"
	srv, _ := robotsServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Content-Length", strconv.Itoa(size))
		io.WriteString(w, head)
		io.CopyN(w, repeatReader("Disallow: /filler/\n"), size-int64(len(head)))
	})
	o := Fetch(context.Background(), &fetch.Fetcher{}, srv.URL, testProfile(t), fetch.Options{Timeout: 20 * time.Second})
	if o.Bytes != ReadCap || o.SizeBytes != size || o.ReadAll {
		t.Fatalf("Bytes %d, SizeBytes %d, ReadAll %v; want %d read of %d", o.Bytes, o.SizeBytes, o.ReadAll, ReadCap, size)
	}
	want := "20,000,037 bytes (Cutoff read the first 2,097,152; Google reads the first 512,000)"
	if got := o.SizeText(); got != want {
		t.Errorf("SizeText() = %q, want %q", got, want)
	}
	var buf strings.Builder
	(&CommandReport{Robots: robotsInfo(o)}).WriteText(&buf)
	if !strings.Contains(buf.String(), want) {
		t.Errorf("the robots report says\n%s\nwant it to name %q", buf.String(), want)
	}
}

func TestSizeText(t *testing.T) {
	tests := []struct {
		name string
		o    Outcome
		want string
	}{
		{"small file", Outcome{Bytes: 120, ReadAll: true}, "120 bytes"},
		{"over Google's limit", Outcome{Bytes: 600_000, ReadAll: true, TruncatedAt: MaxBytes}, "600,000 bytes, Google reads the first 512,000"},
		{"size unknown", Outcome{Bytes: ReadCap, TruncatedAt: MaxBytes},
			"more than 2,097,152 bytes (Cutoff read the first 2,097,152 and stopped; Google reads the first 512,000)"},
		{"nothing read", Outcome{}, ""},
	}
	for _, tt := range tests {
		if got := tt.o.SizeText(); got != tt.want {
			t.Errorf("%s: SizeText() = %q, want %q", tt.name, got, tt.want)
		}
	}
}

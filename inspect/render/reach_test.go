package render

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"testing"

	"github.com/cutoffapp/cutoff/fetch"
)

func TestPrivateAddresses(t *testing.T) {
	r := newReach(context.Background(), Options{Public: []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")}},
		"http://127.0.0.2/", false)
	tests := []struct {
		addr    string
		private bool
	}{
		{"127.0.0.1", true}, {"10.1.2.3", true}, {"192.168.0.1", true}, {"172.16.5.4", true},
		{"169.254.169.254", true}, {"0.0.0.0", true}, {"0.1.2.3", true}, {"100.64.0.1", true},
		{"::1", true}, {"fe80::1", true}, {"fd00::1", true}, {"::ffff:127.0.0.1", true}, {"::ffff:10.0.0.1", true},
		{"8.8.8.8", false}, {"2001:4860:4860::8888", false}, {"127.0.0.2", false},
	}
	for _, tt := range tests {
		if got := r.private(netip.MustParseAddr(tt.addr)); got != tt.private {
			t.Errorf("%s: private %v, want %v", tt.addr, got, tt.private)
		}
	}
	if r.ownHost != "" {
		t.Errorf("a page on an address named public has own host %q", r.ownHost)
	}
}

// TestDialChecksResolvedAddress fetches a public-looking name that
// resolves to the loopback server: the dial refuses it and the server
// sees no connection; a page on that loopback host may fetch it.
func TestDialChecksResolvedAddress(t *testing.T) {
	srv := serveLogged(t, "127.0.0.1:0", func(w http.ResponseWriter, r *http.Request) {})
	_, port, _ := net.SplitHostPort(srv.srv.Listener.Addr().String())
	resolver := names{"www.example.com": "127.0.0.1"}
	p, _ := fetch.Lookup("googlebot-smartphone")
	ctx := context.Background()
	public := newReach(ctx, Options{Resolver: resolver}, "http://8.8.8.8/", false)
	if why := public.refused(ctx, "http://www.example.com:"+port+"/"); why != privateReason() {
		t.Errorf("refused: %q", why)
	}
	_, err := public.fetcher(nil).Fetch(ctx, "http://www.example.com:"+port+"/", p, fetch.Options{})
	if !errors.Is(err, errPrivate) {
		t.Errorf("fetch of a name resolving to loopback: %v", err)
	}
	if conns, _ := srv.log(); conns != 0 {
		t.Errorf("the server saw %d connections", conns)
	}
	local := newReach(ctx, Options{Resolver: resolver}, "http://www.example.com:"+port+"/", false)
	if _, err := local.fetcher(nil).Fetch(ctx, "http://www.example.com:"+port+"/x", p, fetch.Options{}); err != nil {
		t.Errorf("a page on a loopback host could not fetch its own host: %v", err)
	}
	if conns, _ := srv.log(); conns != 1 {
		t.Errorf("the server saw %d connections, want 1", conns)
	}
}

package fetch

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"log"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/dns/dnsmessage"
)

func TestUsageErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, url string
		wantErr   error
		wantMsg   string
	}{
		{"empty", "  ", ErrEmptyURL, "no URL was given"},
		{"no scheme", "example.com/page", ErrInvalidURL, `"example.com/page" is not a URL: it needs to start with http:// or https://`},
		{"ftp", "ftp://example.com/file", ErrUnsupportedScheme, "uses the ftp: scheme"},
		{"mailto", "mailto:someone@example.com", ErrUnsupportedScheme, "uses the mailto: scheme"},
		{"no host", "http:///path", ErrInvalidURL, "has no host name"},
		{"unparsable", "http://exa mple.com/", ErrInvalidURL, "is not a valid URL"},
		{"bad port", "http://example.com:port/", ErrInvalidURL, "is not a valid URL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := (&Fetcher{}).Fetch(context.Background(), tt.url, mustProfile(t, DefaultProfileID), Options{})
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Fetch(%q) error = %v, want %v", tt.url, err, tt.wantErr)
			}
			if !IsUsageError(err) {
				t.Errorf("IsUsageError(%v) = false, want true", err)
			}
			if !strings.Contains(err.Error(), tt.wantMsg) {
				t.Errorf("error = %q, want it to contain %q", err, tt.wantMsg)
			}
		})
	}
}

func TestInvalidProfileHeader(t *testing.T) {
	t.Parallel()
	p := mustProfile(t, "custom")
	p.UserAgentTemplate = "Bot\r\nCookie: x=1"
	_, err := (&Fetcher{}).Fetch(context.Background(), "http://127.0.0.1:1/", p, Options{})
	if !errors.Is(err, ErrInvalidProfile) || !IsUsageError(err) {
		t.Fatalf("error = %v, want ErrInvalidProfile, a usage error", err)
	}
}

// fakeDNS answers every query with NXDOMAIN, so the real Go resolver
// reports "no such host" without touching the network.
func fakeDNS(t *testing.T) *net.Resolver {
	t.Helper()
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pc.Close() })
	go func() {
		buf := make([]byte, 1500)
		for {
			n, addr, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			if reply := nxdomain(buf[:n]); reply != nil {
				pc.WriteTo(reply, addr)
			}
		}
	}()
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, "udp", pc.LocalAddr().String())
	}}
}

// nxdomain builds the "name does not exist" reply to a DNS query.
func nxdomain(query []byte) []byte {
	var p dnsmessage.Parser
	h, err := p.Start(query)
	if err != nil {
		return nil
	}
	q, err := p.Question()
	if err != nil {
		return nil
	}
	b := dnsmessage.NewBuilder(nil, dnsmessage.Header{ID: h.ID, Response: true, RCode: dnsmessage.RCodeNameError, RecursionAvailable: true})
	b.StartQuestions()
	b.Question(q)
	out, _ := b.Finish()
	return out
}

func TestDNSFailure(t *testing.T) {
	t.Parallel()
	dialer := &net.Dialer{Resolver: fakeDNS(t)}
	f := &Fetcher{Dial: dialer.DialContext}
	_, err := f.Fetch(context.Background(), "http://no-such-host.invalid/page", mustProfile(t, DefaultProfileID), Options{})
	if !errors.Is(err, ErrDNS) {
		t.Fatalf("error = %v, want ErrDNS", err)
	}
	if got, want := err.Error(), "could not resolve host no-such-host.invalid"; got != want {
		t.Errorf("error = %q, want %q", got, want)
	}
	if IsUsageError(err) {
		t.Error("IsUsageError = true, want false")
	}
}

func TestConnectionRefused(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	_, err = (&Fetcher{}).Fetch(context.Background(), "http://"+addr+"/", mustProfile(t, DefaultProfileID), Options{})
	if !errors.Is(err, ErrConnect) {
		t.Fatalf("error = %v, want ErrConnect", err)
	}
	if got, want := err.Error(), "the connection to "+addr+" was refused"; got != want {
		t.Errorf("error = %q, want %q", got, want)
	}
}

func TestConnectTimeout(t *testing.T) {
	t.Parallel()
	f := &Fetcher{ConnectTimeout: 100 * time.Millisecond, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		<-ctx.Done() // a host that never answers the SYN
		return nil, ctx.Err()
	}}
	_, err := f.Fetch(context.Background(), "http://192.0.2.1/", mustProfile(t, DefaultProfileID), Options{})
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("error = %v, want ErrTimeout", err)
	}
	if got, want := err.Error(), "could not connect to 192.0.2.1:80 within 100ms"; got != want {
		t.Errorf("error = %q, want %q", got, want)
	}
}

func TestTLSHandshakeTimeout(t *testing.T) {
	t.Parallel()
	srv := newRawServer(t, nil) // accepts, reads, never speaks TLS
	addr := strings.TrimPrefix(srv.URL(), "http://")
	f := &Fetcher{TLSTimeout: 100 * time.Millisecond}
	_, err := f.Fetch(context.Background(), "https://"+addr+"/", mustProfile(t, DefaultProfileID), Options{})
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("error = %v, want ErrTimeout", err)
	}
	if got, want := err.Error(), "the TLS handshake with "+addr+" did not finish within 100ms"; got != want {
		t.Errorf("error = %q, want %q", got, want)
	}
}

// newTLSSite starts the test site over TLS and returns it with a pool
// that trusts its certificate.
func newTLSSite(t *testing.T) (*httptest.Server, *x509.CertPool) {
	t.Helper()
	srv := httptest.NewUnstartedServer(siteMux())
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // handshake failures are the point here
	srv.StartTLS()
	t.Cleanup(srv.Close)
	pool := x509.NewCertPool()
	pool.AddCert(srv.Certificate())
	return srv, pool
}

func TestTLS(t *testing.T) {
	t.Parallel()
	srv, pool := newTLSSite(t)
	addr := strings.TrimPrefix(srv.URL, "https://")
	toServer := func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, addr)
	}
	tests := []struct {
		name         string
		fetcher      *Fetcher
		url          string
		insecure     bool
		wantErr      error
		wantMsg      string
		wantInsecure bool
	}{
		{"untrusted", &Fetcher{}, srv.URL + "/page", false, ErrTLS,
			"the TLS certificate of 127.0.0.1 is not trusted (use --insecure to inspect anyway)", false},
		{"insecure", &Fetcher{}, srv.URL + "/page", true, nil, "", true},
		{"trusted", &Fetcher{TLSConfig: &tls.Config{RootCAs: pool}}, srv.URL + "/page", false, nil, "", false},
		{"wrong name", &Fetcher{TLSConfig: &tls.Config{RootCAs: pool}, Dial: toServer}, "https://wrong.test/page", false, ErrTLS,
			"the TLS certificate of wrong.test is issued for another name (use --insecure to inspect anyway)", false},
		{"insecure flag unused over http", &Fetcher{}, "http://" + addr + "/page", true, nil, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := tt.fetcher.Fetch(context.Background(), tt.url, mustProfile(t, DefaultProfileID), Options{Insecure: tt.insecure})
			if !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) {
				t.Fatalf("error = %v, want %v", err, tt.wantErr)
			}
			if err != nil {
				if got := err.Error(); got != tt.wantMsg {
					t.Errorf("error = %q, want %q", got, tt.wantMsg)
				}
				return
			}
			if got := res.Insecure; got != tt.wantInsecure {
				t.Errorf("Insecure = %v, want %v", got, tt.wantInsecure)
			}
			if res.Status == 200 && string(res.Body) != smallPage {
				t.Errorf("Body = %q, want the page", res.Body)
			}
		})
	}
}

func TestTLSToPlainServer(t *testing.T) {
	t.Parallel()
	srv := newSite(t)
	addr := strings.TrimPrefix(srv.URL, "http://")
	_, err := (&Fetcher{}).Fetch(context.Background(), "https://"+addr+"/page", mustProfile(t, DefaultProfileID), Options{})
	if !errors.Is(err, ErrTLS) {
		t.Fatalf("error = %v, want ErrTLS", err)
	}
	if got, want := err.Error(), addr+" did not answer with TLS (is it a plain http:// server?)"; got != want {
		t.Errorf("error = %q, want %q", got, want)
	}
}

func TestErrorsAreOneSentence(t *testing.T) {
	t.Parallel()
	err := newError("dns", "http://x/", ErrDNS, errors.New("lookup x: no such host\nmore"), "could not resolve host %s", "x")
	var fe *Error
	if !errors.As(error(err), &fe) || fe.Op != "dns" || fe.URL != "http://x/" {
		t.Fatalf("errors.As(*Error) = %+v", fe)
	}
	if strings.ContainsAny(err.Error(), "\n") {
		t.Errorf("Error() = %q, want one line", err)
	}
	if !errors.Is(err, ErrDNS) {
		t.Error("errors.Is(err, ErrDNS) = false")
	}
}

func TestHumanDuration(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   time.Duration
		want string
	}{
		{300 * time.Millisecond, "300ms"},
		{30 * time.Second, "30s"},
		{1500 * time.Millisecond, "1.5s"},
		{2 * time.Minute, "2m"},
		{90 * time.Second, "1m30s"},
	}
	for _, tt := range tests {
		if got := humanDuration(tt.in); got != tt.want {
			t.Errorf("humanDuration(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

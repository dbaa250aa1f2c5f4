package demosite

import (
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"
)

// testHost is the Host header tests send when the bytes must not depend on
// the test server's random port.
const testHost = "127.0.0.1:8080"

// shared is one demo site for the tests that need no site of their own, so
// the megabytes of /big and its compressed forms are generated once.
var shared *httptest.Server

func TestMain(m *testing.M) {
	flag.Parse()
	shared = httptest.NewServer((&site{drip: time.Millisecond}).routes())
	code := m.Run()
	shared.Close()
	os.Exit(code)
}

// newServer serves a fresh demo site whose /slow pauses drip between pieces.
func newServer(t *testing.T, drip time.Duration) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer((&site{drip: drip}).routes())
	t.Cleanup(srv.Close)
	return srv
}

// rawClient follows no redirects and leaves Content-Encoding alone, so
// tests see each response exactly as the server sent it.
func rawClient(t *testing.T) *http.Client {
	t.Helper()
	tr := &http.Transport{DisableCompression: true}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{
		Transport:     tr,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// fetch sends method to srv's path with the given Host header ("" keeps the
// server's own) and returns the response and its whole body.
func fetch(t *testing.T, srv *httptest.Server, method, host, path string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	resp, err := rawClient(t).Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: read body: %v", method, path, err)
	}
	return resp, body
}

// get is fetch with GET.
func get(t *testing.T, srv *httptest.Server, host, path string) (*http.Response, []byte) {
	t.Helper()
	return fetch(t, srv, http.MethodGet, host, path)
}

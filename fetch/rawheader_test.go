package fetch

import (
	"context"
	"errors"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// rawResponses are responses written byte for byte by a raw TCP server.
// head is everything up to and including the blank line that ends the
// final header block; wire is the body as sent.
var rawResponses = []struct {
	name       string
	head, wire string
	wantBody   string
	wantStatus int
	interim    int // bytes of 1xx blocks at the start of head
}{
	{
		name: "odd spacing and duplicates, chunked",
		head: "HTTP/1.1 200 OK\r\n" +
			"Content-Type:text/html;charset=utf-8\r\n" +
			"X-Dup: a\r\n" +
			"X-Dup: b\r\n" +
			"X-Spaces:    lots   of   space   \r\n" +
			"Set-Cookie: a=1\r\n" +
			"Set-Cookie: b=2\r\n" +
			"Transfer-Encoding: chunked\r\n" +
			"\r\n",
		wire:       "5\r\nhello\r\n6;ext=1\r\n world\r\n0\r\n\r\n",
		wantBody:   "hello world",
		wantStatus: 200,
	},
	{
		name:       "no reason phrase, content length",
		head:       "HTTP/1.1 200\r\nContent-Length: 4\r\n\r\n",
		wire:       "body",
		wantBody:   "body",
		wantStatus: 200,
	},
	{
		name:       "bare LF line endings",
		head:       "HTTP/1.1 200 OK\nContent-Type: text/html\nContent-Length: 2\n\n",
		wire:       "ok",
		wantBody:   "ok",
		wantStatus: 200,
	},
	{
		name:       "folded header and a line without colon",
		head:       "HTTP/1.1 200 OK\r\nX-Folded: one\r\n  two\r\nnot a header line\r\nContent-Length: 3\r\n\r\n",
		wire:       "abc",
		wantBody:   "abc",
		wantStatus: 200,
	},
	{
		name:       "space before colon",
		head:       "HTTP/1.1 404 Not Found\r\nContent-Type : text/plain\r\nContent-Length : 4\r\n\r\n",
		wire:       "gone",
		wantBody:   "gone",
		wantStatus: 404,
	},
	{
		name: "informational responses first",
		head: "HTTP/1.1 100 Continue\r\n\r\n" +
			"HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload; as=style\r\n\r\n" +
			"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n",
		wire:       "hi",
		wantBody:   "hi",
		wantStatus: 200,
		interim:    len("HTTP/1.1 100 Continue\r\n\r\n") + len("HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload; as=style\r\n\r\n"),
	},
	{
		name:       "HTTP/1.0 read until close",
		head:       "HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n",
		wire:       "<p>until the connection closes</p>",
		wantBody:   "<p>until the connection closes</p>",
		wantStatus: 200,
	},
	{
		name:       "identical duplicate Content-Length",
		head:       "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 3, 3\r\n\r\n",
		wire:       "abc",
		wantBody:   "abc",
		wantStatus: 200,
	},
	{
		name:       "body shorter than Content-Length",
		head:       "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n",
		wire:       "short",
		wantBody:   "short",
		wantStatus: 200,
	},
}

func TestHeaderBytesMatchRawBytes(t *testing.T) {
	t.Parallel()
	for _, tt := range rawResponses {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := newRawServer(t, []byte(tt.head+tt.wire))
			res, err := (&Fetcher{}).Fetch(context.Background(), srv.URL()+"/", mustProfile(t, DefaultProfileID), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := string(res.RawHeader), tt.head; got != want {
				t.Errorf("RawHeader = %q, want %q", got, want)
			}
			if got, want := res.HeaderBytes, int64(len(tt.head)); got != want {
				t.Errorf("HeaderBytes = %d, want %d", got, want)
			}
			if got, want := res.InformationalHeaderBytes, int64(tt.interim); got != want {
				t.Errorf("InformationalHeaderBytes = %d, want %d", got, want)
			}
			if got, want := string(res.Body), tt.wantBody; got != want {
				t.Errorf("Body = %q, want %q", got, want)
			}
			if got, want := res.Status, tt.wantStatus; got != want {
				t.Errorf("Status = %d, want %d", got, want)
			}
		})
	}
}

func TestRawHeaderFields(t *testing.T) {
	t.Parallel()
	srv := newRawServer(t, []byte(rawResponses[0].head+rawResponses[0].wire))
	res, err := (&Fetcher{}).Fetch(context.Background(), srv.URL()+"/", mustProfile(t, DefaultProfileID), Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		want string
	}{
		{"Content-Type", "text/html;charset=utf-8"},
		{"X-Dup", "a|b"},
		{"X-Spaces", "lots   of   space"},
		{"Set-Cookie", "a=1|b=2"},
	}
	for _, tt := range tests {
		if got := strings.Join(res.Header.Values(tt.name), "|"); got != tt.want {
			t.Errorf("Header[%s] = %q, want %q", tt.name, got, tt.want)
		}
	}
	if got, want := res.ContentType, "text/html;charset=utf-8"; got != want {
		t.Errorf("ContentType = %q, want %q", got, want)
	}
}

func TestShortBodyIsReported(t *testing.T) {
	t.Parallel()
	last := rawResponses[len(rawResponses)-1]
	srv := newRawServer(t, []byte(last.head+last.wire))
	res, err := (&Fetcher{}).Fetch(context.Background(), srv.URL()+"/", mustProfile(t, DefaultProfileID), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.ReadComplete || !strings.Contains(res.BodyError, "closed the connection before the end of the body") {
		t.Errorf("ReadComplete, BodyError = %v, %q; want false and a closed-early sentence", res.ReadComplete, res.BodyError)
	}
}

// TestHeaderBytesMatchCurl checks the claim that HeaderBytes equals curl's
// size_header for HTTP/1.1 responses, when curl is installed.
func TestHeaderBytesMatchCurl(t *testing.T) {
	t.Parallel()
	curl, err := exec.LookPath("curl")
	if err != nil {
		t.Skip("curl is not installed")
	}
	for _, tt := range rawResponses {
		if strings.HasPrefix(tt.head, "HTTP/1.0") || strings.Contains(tt.head, "\r\n  ") || strings.Contains(tt.name, "shorter") {
			continue // curl's own quirks: HTTP/1.0, folding and short bodies are not compared
		}
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := newRawServer(t, []byte(tt.head+tt.wire))
			out, err := exec.Command(curl, "-s", "-o", "/dev/null", "-w", "%{size_header}", srv.URL()+"/").Output()
			if err != nil {
				t.Fatalf("curl: %v", err)
			}
			curlBytes, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
			if err != nil {
				t.Fatalf("curl printed %q", out)
			}
			res, err := (&Fetcher{}).Fetch(context.Background(), srv.URL()+"/", mustProfile(t, DefaultProfileID), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := res.HeaderBytes, curlBytes; got != want {
				t.Errorf("HeaderBytes = %d, curl size_header = %d", got, want)
			}
		})
	}
}

func TestMalformedResponses(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		response string
		wantErr  error
		wantMsg  string
	}{
		{"not HTTP", "SSH-2.0-OpenSSH_9.6\r\n", ErrMalformedResponse, `did not answer with HTTP (it sent "SSH-2.0-OpenSSH_9.6")`},
		{"closed at once", "", ErrNoResponse, "closed the connection without sending a response"},
		{"closed inside head", "HTTP/1.1 200 OK\r\nContent-", ErrNoResponse, "in the middle of the response header"},
		{"conflicting lengths", "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", ErrMalformedResponse, "conflicting Content-Length"},
		{"bad status code", "HTTP/1.1 2x0 OK\r\n\r\n", ErrMalformedResponse, "did not answer with HTTP"},
		// What an HTTP/2-only (h2c) server sends to an HTTP/1.1 request:
		// an empty SETTINGS frame, then GOAWAY with PROTOCOL_ERROR.
		{"HTTP/2 only", "\x00\x00\x00\x04\x00\x00\x00\x00\x00\x00\x00\x08\x07\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01",
			ErrNoResponse, "speaks HTTP/2 only: it answered the HTTP/1.1 request (how Googlebot fetches by default) with an HTTP/2 frame"},
		{"GOAWAY alone", "\x00\x00\x08\x07\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01", ErrNoResponse, "speaks HTTP/2 only"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := newRawServer(t, []byte(tt.response))
			_, err := (&Fetcher{}).Fetch(context.Background(), srv.URL()+"/", mustProfile(t, DefaultProfileID), Options{})
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("error = %v, want %v", err, tt.wantErr)
			}
			if !strings.Contains(err.Error(), tt.wantMsg) {
				t.Errorf("error = %q, want it to contain %q", err, tt.wantMsg)
			}
		})
	}
}

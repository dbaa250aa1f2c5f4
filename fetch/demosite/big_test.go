package demosite

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"github.com/cutoffapp/cutoff/internal/golden"
)

// Googlebot's limit in its two readings, in bytes.
const (
	limitDecimal = 2_000_000
	limitBinary  = 2_097_152
	// headerRoom is more than the demo's response headers take, so an element
	// placed with this margin stays on the same side of the cutoff whatever
	// the header bytes are.
	headerRoom = 1_000
)

func TestBigOffsets(t *testing.T) {
	t.Parallel()
	_, body := get(t, shared, "", "/big")
	tests := []struct {
		name   string
		needle string
		last   bool // search from the end
		from   int  // the element must start at or after this offset ...
		to     int  // ... and before this one
	}{
		{"title", "<title>", false, 0, 1_000},
		{"meta description", `<meta name="description"`, false, 0, 1_000},
		{"first JSON-LD starts before the cutoff", `<script type="application/ld+json">`, false, 1_900_000, limitDecimal - headerRoom},
		{"meta robots at risk", `<meta name="robots"`, false, limitDecimal, limitBinary - headerRoom},
		{"canonical lost", `<link rel="canonical"`, false, limitBinary, len(body)},
		{"hreflang en lost", `hreflang="en"`, false, limitBinary, len(body)},
		{"hreflang de lost", `hreflang="de"`, false, limitBinary, len(body)},
		{"second JSON-LD lost", `<script type="application/ld+json">`, true, limitBinary, len(body)},
		{"head end lost", "</head>", false, limitBinary, len(body)},
		{"h1 lost", "<h1>", false, limitBinary, len(body)},
		{"main lost", "<main>", false, limitBinary, len(body)},
		{"last internal link far past the cutoff", `<a href="/`, true, 2_500_000, len(body)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			at := bytes.Index(body, []byte(tt.needle))
			if tt.last {
				at = bytes.LastIndex(body, []byte(tt.needle))
			}
			if at < tt.from || at >= tt.to {
				t.Errorf("%s at byte %d, want %d to %d", tt.needle, at, tt.from, tt.to)
			}
		})
	}
	t.Run("first JSON-LD ends past the cutoff", func(t *testing.T) {
		start := bytes.Index(body, []byte(`<script type="application/ld+json">`))
		end := start + bytes.Index(body[start:], []byte("</script>"))
		if end < limitDecimal+headerRoom {
			t.Errorf("the JSON-LD block starting at byte %d ends at byte %d, want past %d", start, end, limitDecimal+headerRoom)
		}
	})
	t.Run("content text past the cutoff", func(t *testing.T) {
		if got := bytes.Count(body[limitBinary:], []byte("<p>")); got < 100 {
			t.Errorf("%d paragraphs after byte %d, want at least 100", got, limitBinary)
		}
	})
}

func TestBigEncodings(t *testing.T) {
	t.Parallel()
	_, plain := get(t, shared, "", "/big")
	tests := []struct {
		name   string
		path   string
		decode func(io.Reader) (io.Reader, error)
	}{
		{"gzip", "/big-gzip", func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }},
		{"brotli", "/big-br", func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, wire := get(t, shared, "", tt.path)
			if len(wire) >= len(plain) {
				t.Errorf("%s: %d wire bytes, want fewer than the %d decoded", tt.path, len(wire), len(plain))
			}
			zr, err := tt.decode(bytes.NewReader(wire))
			if err != nil {
				t.Fatalf("%s: %v", tt.path, err)
			}
			decoded, err := io.ReadAll(io.LimitReader(zr, 2*int64(len(plain))))
			if err != nil {
				t.Fatalf("%s: decode: %v", tt.path, err)
			}
			if !bytes.Equal(decoded, plain) {
				t.Errorf("%s decodes to %d bytes that differ from /big's %d", tt.path, len(decoded), len(plain))
			}
		})
	}
}

// generatedPaths are the routes whose bodies are generated rather than read
// from the demo files. /big-gzip and /big-br are left out: they compress
// /big, and TestBigEncodings checks that they decode to it.
var generatedPaths = []string{"/", "/clean", "/big", "/resources", "/rendered",
	"/static/app.bundle.js", "/static/font.woff2", "/robots.txt", "/slow"}

// TestDeterministic checks that two independent sites give the same bytes
// for the same Host, and that the plain pages' bytes match the hashes
// recorded in testdata, so they stay the same from run to run.
func TestDeterministic(t *testing.T) {
	t.Parallel()
	a, b := shared, newServer(t, time.Millisecond)
	var hashes strings.Builder
	for _, path := range generatedPaths {
		_, bodyA := get(t, a, testHost, path)
		_, bodyB := get(t, b, testHost, path)
		if !bytes.Equal(bodyA, bodyB) {
			t.Errorf("GET %s: two servers answer different bytes (%d and %d bytes)", path, len(bodyA), len(bodyB))
		}
		fmt.Fprintf(&hashes, "%x %9d %s\n", sha256.Sum256(bodyA), len(bodyA), path)
	}
	golden.Check(t, "hashes.golden", []byte(hashes.String()))
}

// TestSizeIndependentOfPort checks that the fillers absorb the length of the
// origin, so the pages with fillers have the same size on every port.
func TestSizeIndependentOfPort(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"/big", "/resources", "/slow"} {
		_, short := get(t, shared, "127.0.0.1:1", path)
		_, long := get(t, shared, "127.0.0.1:65535", path)
		if len(short) != len(long) {
			t.Errorf("GET %s: %d bytes on port 1, %d on port 65535", path, len(short), len(long))
		}
	}
}

package whatiftab

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/app/job"
	"github.com/cutoffapp/cutoff/app/prefs"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/fetch/demosite"
	"github.com/cutoffapp/cutoff/inspect"
)

// testPanel is the panel in a test window, with the bridge its jobs hand
// over through and a channel that says when figures were shown or an
// export handled.
type testPanel struct {
	*Area
	bridge *job.Bridge
	events chan struct{}
}

// rulerModel is the ruler the tests draw: the page's bytes and cutoff.
// The window's own (with the byte map and the markers) is tested with
// the window.
func rulerModel(rep *inspect.Report) byteview.RulerModel {
	r := rep.Fetch
	return byteview.RulerModel{HeaderBytes: r.CountedHeaderBytes(), BodyBytes: r.BodyBytes, Cutoff: r.CutoffOffset,
		LimitBytes: r.LimitBytes}
}

// newTestPanel builds the panel in a test window at 1024×768, shows d and
// opens it, and waits until the plan is built.
func newTestPanel(t *testing.T, d Data) *testPanel {
	t.Helper()
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	tp := &testPanel{bridge: &job.Bridge{}, events: make(chan struct{}, 64)}
	ctx, cancel := context.WithCancel(context.Background())
	tp.Area = New(ctx, tp.bridge, w, prefs.New(a.Preferences()), Deps{RulerModel: rulerModel, ShowOffset: func(int64) {}})
	tp.onShown = func() { tp.events <- struct{}{} }
	w.SetContent(tp.Content())
	w.Resize(windowSize)
	t.Cleanup(func() {
		tp.act(tp.Close)
		cancel()
		tp.runner.Wait()
	})
	tp.act(func() {
		tp.Show(d)
		tp.Open()
	})
	tp.wait(t)
	if tp.ready == nil {
		t.Fatalf("the panel was not built: %s", tp.status.Text)
	}
	return tp
}

// act runs f like a user action: on the test goroutine while no hand-over
// from a job runs.
func (tp *testPanel) act(f func()) { tp.bridge.Sync(f) }

// wait waits until the figures shown are those of the ticks.
func (tp *testPanel) wait(t *testing.T) {
	t.Helper()
	deadline := time.After(60 * time.Second)
	for {
		select {
		case <-tp.events:
		case <-deadline:
			t.Fatal("the panel showed nothing within 60s")
		}
		busy := true
		tp.act(func() { busy = tp.busy })
		if !busy {
			return
		}
	}
}

// profile is the default crawler profile.
func profile(t *testing.T) fetch.Profile {
	t.Helper()
	p, ok := fetch.Lookup(fetch.DefaultProfileID)
	if !ok {
		t.Fatal("no default profile")
	}
	return p
}

// inspectURL inspects a page as the window does, without subresources.
func inspectURL(t *testing.T, url string) Data {
	t.Helper()
	p := profile(t)
	rep, err := inspect.Page(context.Background(), &fetch.Fetcher{}, url, p, inspect.Options{NoResources: true})
	if err != nil {
		t.Fatal(err)
	}
	return DataOf(rep, p)
}

// demoBigURL serves the demo site and returns its big page's URL: a page
// over Googlebot's limit.
func demoBigURL(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(demosite.Handler())
	t.Cleanup(srv.Close)
	return srv.URL + "/big"
}

// servePage serves body as an HTML page and returns its URL.
func servePage(t *testing.T, body []byte) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/page.html"
}

// savedPage is one of the real saved pages the what-if engine is tested
// on (inspect/whatif/testdata, see its README), decompressed.
func savedPage(t *testing.T, name string) []byte {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "inspect", "whatif", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// labelOf names a critical element kind as the panel does.
func labelOf(kind string) string { return inspect.ElementLabel(kind) }

// make64 is n bytes of base64 text.
func make64(n int) []byte { return bytes.Repeat([]byte("QUJD"), n/4) }

// padToCut appends a comment-free tail of text to body so that the page is
// over Googlebot's limit, its end past the cutoff.
func padToCut(body []byte) []byte {
	i := bytes.LastIndex(body, []byte("</body>"))
	tail := bytes.Repeat([]byte("<p>filler text of the page</p>"), 2_100_000/30)
	return slices.Concat(body[:i], tail, body[i:])
}

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

package app

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestOpenFromSite: a row opened in the Site tab is inspected in the page
// view, which the window switches to.
func TestOpenFromSite(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/big" {
			w.Write([]byte("<html><head><title>Big</title></head><body>" + strings.Repeat("x", 2_100_000) + "<link rel=canonical href=/big></body></html>"))
			return
		}
		w.Write([]byte("<html><head><title>Small</title></head><body><a href=/big>big</a></body></html>"))
	}))
	t.Cleanup(srv.Close)
	tu := newTestUI(t, Options{})
	tu.act(func() {
		tu.tabs.Select(tu.tab.site)
		tu.openFromSite(srv.URL + "/big")
	})
	tu.waitEnd(t, 30*time.Second) // about 10 s under -race on a busy 2-core machine
	tu.act(func() {
		if tu.report == nil || tu.report.URL != srv.URL+"/big" || tu.tabs.Selected() != tu.tab.overview {
			t.Errorf("the row did not open in the page view")
		}
	})
}

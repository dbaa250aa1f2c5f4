package fetch_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/cutoffapp/cutoff/fetch"
)

// ExampleFetcher_Fetch fetches a 3,000-byte page from a loopback server as
// Googlebot Smartphone with a 1,000-byte limit, and shows where the crawler
// stops: the limit minus the header block.
func ExampleFetcher_Fetch() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, strings.Repeat("<p>x</p>", 375))
	}))
	defer srv.Close()

	p, _ := fetch.Lookup(fetch.DefaultProfileID)
	var f fetch.Fetcher
	res, err := f.Fetch(context.Background(), srv.URL+"/page", p, fetch.Options{LimitOverride: 1000})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.StatusLine)
	fmt.Println("body bytes:", res.BodyBytes)
	fmt.Println("truncated:", res.Truncated)
	fmt.Println("cutoff is limit - header:", *res.CutoffOffset == 1000-res.HeaderBytes)
	// Output:
	// HTTP/1.1 200 OK
	// body bytes: 3000
	// truncated: true
	// cutoff is limit - header: true
}

func ExampleDetectKind() {
	fmt.Println(fetch.DetectKind("application/pdf", nil, ""))
	fmt.Println(fetch.DetectKind("", []byte("%PDF-1.7\n"), "https://example.com/download"))
	fmt.Println(fetch.DetectKind("", []byte("<!doctype html><title>t</title>"), ""))
	fmt.Println(fetch.DetectKind("text/css", nil, ""))
	// Output:
	// pdf
	// pdf
	// html
	// other
}

func ExampleProfile_UserAgent() {
	p, _ := fetch.Lookup("googlebot-desktop")
	fmt.Println(p.UserAgent("140.0.7339.80"))
	// Output:
	// Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/140.0.7339.80 Safari/537.36
}

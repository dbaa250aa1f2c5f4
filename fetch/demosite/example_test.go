package demosite_test

import (
	"fmt"
	"io"
	"log"
	"net/http"

	"github.com/cutoffapp/cutoff/fetch/demosite"
)

// Start the demo site on a free loopback port and fetch the page whose
// canonical Googlebot never sees.
func ExampleStart() {
	site, err := demosite.Start("127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	defer site.Close()

	resp, err := http.Get(site.BigURL())
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	n, _ := io.Copy(io.Discard, resp.Body)
	fmt.Println(resp.StatusCode, resp.Header.Get("Content-Type"), n)
	// Output: 200 text/html; charset=utf-8 2600000
}

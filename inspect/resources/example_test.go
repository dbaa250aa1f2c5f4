package resources_test

import (
	"fmt"

	"github.com/cutoffapp/cutoff/inspect/resources"
)

// Discover lists what a page references without fetching it.
func ExampleDiscover() {
	page := []byte(`<head><base href="/static/">
<link rel=stylesheet href="site.css"><script src="app.js"></script><script src="app.js"></script>
<link rel=icon href="/favicon.ico"></head><body><img src="hero.png"><script src="late.js"></script>`)
	cutoff := int64(160) // the crawler keeps the first 160 bytes of the body
	for _, r := range resources.Discover("https://example.com/shop/", page, &cutoff) {
		fmt.Printf("%-10s fetched=%-5v before-cutoff=%-5v refs=%d %s\n", r.Kind, r.Fetched, r.DiscoveredBeforeCutoff,
			r.References, r.URL)
	}
	// Output:
	// stylesheet fetched=true  before-cutoff=true  refs=1 https://example.com/static/site.css
	// script     fetched=true  before-cutoff=true  refs=2 https://example.com/static/app.js
	// icon       fetched=false before-cutoff=false refs=1 https://example.com/favicon.ico
	// image      fetched=false before-cutoff=false refs=1 https://example.com/static/hero.png
	// script     fetched=true  before-cutoff=false refs=1 https://example.com/static/late.js
}

// Package dom reads what an indexer takes from an HTML document: its
// title, robots meta tags, canonical, hreflang alternates, JSON-LD blocks,
// links, h1 and h2 headings. It parses in Go (with goquery over
// golang.org/x/net/html), so a document serialized by a browser after its
// scripts ran is read as the browser built it, and the page's scripts,
// which could redefine any DOM API a reader in their own world would call,
// have no say in what is read.
package dom

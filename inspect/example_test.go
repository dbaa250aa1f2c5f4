package inspect_test

import (
	"fmt"
	"strings"

	"github.com/cutoffapp/cutoff/inspect"
)

// A page whose inline script pushes the canonical link past a 200-byte
// cutoff.
func ExampleAnalyze() {
	page := []byte(`<!DOCTYPE html><html><head><title>Shoes</title><script>` +
		strings.Repeat("x", 200) + `</script><link rel="canonical" href="https://shop.example/shoes">` +
		`</head><body><h1>Shoes</h1></body></html>`)
	cutoff := int64(200)
	a := inspect.Analyze(inspect.Input{Body: page, Cutoff: &cutoff, Limit: 200, Crawler: "Googlebot", Operator: "Google"})

	for _, c := range a.Critical {
		fmt.Printf("%-9s bytes %3d-%3d beyond the cutoff: %v\n", c.Kind, c.Offset, c.End, c.BeyondCutoff)
	}
	fmt.Println("inline script bytes:", a.Composition["inline-script"])
	for _, f := range a.Findings {
		if f.Code == inspect.CodeCanonicalBeyondCutoff {
			fmt.Println(f.Message)
		}
	}
	// Output:
	// title     bytes  27- 47 beyond the cutoff: false
	// canonical bytes 264-320 beyond the cutoff: true
	// head-end  bytes 320-327 beyond the cutoff: true
	// h1        bytes 333-347 beyond the cutoff: true
	// inline script bytes: 200
	// The canonical link is at body byte 264, after Googlebot's cutoff at body byte 200: Googlebot will not see it, so the search engine chooses the canonical URL on its own.
}

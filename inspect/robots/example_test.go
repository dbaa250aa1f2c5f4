package robots_test

import (
	"fmt"

	"github.com/cutoffapp/cutoff/inspect/robots"
)

func ExampleFile_Check() {
	f := robots.Parse([]byte("User-agent: *\nDisallow: /private/\nAllow: /private/press/\n"))
	v := f.Check("googlebot", "https://example.com/private/press/kit.pdf")
	fmt.Println(v.Allowed, v.Line, v.Rule, v.Group)
	fmt.Println(v.Reason)
	// Output:
	// true 3 Allow: /private/press/ *
	// Allowed: line 3 "Allow: /private/press/" is the longest of the 2 rules in the * group that match "/private/press/kit.pdf"; no group names googlebot, so the * group applies.
}

func ExampleFile_CheckChain() {
	f := robots.Parse([]byte("User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /photos/\n"))
	// Googlebot-Image has no group of its own, so it falls back to Googlebot's.
	v := f.CheckChain([]string{"googlebot-image", "googlebot"}, false, "https://example.com/photos/cat.jpg")
	fmt.Println(v.Allowed, v.Line, v.Group)
	// Output:
	// false 5 googlebot
}

func ExampleFile_Lint() {
	f := robots.Parse([]byte("User-agent: *\nDisalow: /tmp/\nNoindex: /old/\n"))
	for _, is := range f.Lint() {
		fmt.Println(is.Line, is.Severity, is.Code)
	}
	// Output:
	// 2 warning typo
	// 3 warning noindex
}

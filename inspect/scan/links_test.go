package scan

import (
	"net/url"
	"testing"
)

func TestClassifyHref(t *testing.T) {
	page, _ := url.Parse("https://www.Example.com:8443/dir/page")
	tests := []struct {
		href string
		base string // <base href>, or ""
		want linkClass
	}{
		{"/a", "", linkInternal},
		{"a/b?c=1&amp;d=2", "", linkInternal},
		{"  https://example.com/x  ", "", linkInternal},
		{"HTTP://WWW.EXAMPLE.COM./x", "", linkInternal},
		{"//www.example.com:8080/x", "", linkInternal},
		{"https://user:pw@example.com/x", "", linkInternal},
		{`https:\\example.com\x`, "", linkInternal},
		{"https://example.com.evil.org/x", "", linkExternal},
		{"https://evil.org/?u=https://example.com/", "", linkExternal},
		{"https://[2001:db8::1]:443/", "", linkExternal},
		{"https://ex&#97;mple.com/x", "", linkInternal},
		{"#top", "", linkNone},
		{"", "", linkNone},
		{"mailto:a@example.com", "", linkNone},
		{"javascript:void(0)", "", linkNone},
		{"tel:+3312345", "", linkNone},
		{"data:text/html,x", "", linkNone},
		{"JavaScript:void(0)", "", linkNone},
		{"javascript&colon;void(0)", "", linkNone},
		{"java&#115;cript:void(0)", "", linkNone},
		{"&#106;avascript:void(0)", "", linkNone},
		{"java\tscript:void(0)", "", linkNone},
		{"mai\nlto:a@example.com", "", linkNone},
		{"a&amp;b/c?d=1&amp;e=2", "", linkInternal},
		{"/a", "https://cdn.example.net/", linkExternal},
		{"/a", "//www.example.com/base/", linkInternal},
		{"/a", "/relative-base/", linkInternal},
	}
	for _, tt := range tests {
		r := linkResolver{page: siteHost(page)}
		r.rel = r.page
		if tt.base != "" {
			r.setBase([]byte(tt.base))
		}
		if got := r.classify([]byte(tt.href)); got != tt.want {
			t.Errorf("classify(%q) with base %q = %d, want %d", tt.href, tt.base, got, tt.want)
		}
	}
}

func TestClassifyWithoutPageURL(t *testing.T) {
	r := linkResolver{}
	if got, want := r.classify([]byte("/a")), linkInternal; got != want {
		t.Errorf("relative link without a page URL = %d, want %d", got, want)
	}
	if got, want := r.classify([]byte("https://example.com/")), linkExternal; got != want {
		t.Errorf("absolute link without a page URL = %d, want %d", got, want)
	}
}

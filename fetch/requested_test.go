package fetch

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestRequestedURL(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"umlaut in the path", "https://host/wiki/Wikipedia:Löschkandidaten/2024", "https://host/wiki/Wikipedia:L%C3%B6schkandidaten/2024"},
		{"space", "http://host/b c/d", "http://host/b%20c/d"},
		{"CJK in the query", "http://host/q?s=日本", "http://host/q?s=%E6%97%A5%E6%9C%AC"},
		{"already encoded", "http://host/a/%C3%B6/b", "http://host/a/%C3%B6/b"},
		{"lower-case escapes kept", "http://host/a/%c3%b6", "http://host/a/%c3%b6"},
		{"fragment dropped", "http://host/a#top", "http://host/a"},
		{"no path", "http://host", "http://host/"},
		{"scheme and port", "HTTP://host:8080/x", "http://host:8080/x"},
		{"internationalised host", "http://bücher.example/ö", "http://xn--bcher-kva.example/%C3%B6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := RequestedURL(tt.in)
			if !ok || got != tt.want {
				t.Errorf("RequestedURL(%q) = %q, %v; want %q, true", tt.in, got, ok, tt.want)
			}
		})
	}
	for _, bad := range []string{"", "ftp://host/a", "host/a", "http:///a"} {
		if got, ok := RequestedURL(bad); ok {
			t.Errorf("RequestedURL(%q) = %q, true; want not ok", bad, got)
		}
	}
}

// TestRequestedURLIsWhatIsSent checks RequestedURL against the request line
// a real server receives for the same typed URL.
func TestRequestedURLIsWhatIsSent(t *testing.T) {
	got := make(chan string, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got <- r.RequestURI
	}))
	defer srv.Close()
	for _, path := range []string{"/wiki/Användare:Foo", "/a/ö/b", "/b c/d", "/q?s=日本", "/x?a=%41&b=ü"} {
		typed := srv.URL + path
		p, _ := Lookup(DefaultProfileID)
		if _, err := (&Fetcher{}).Fetch(t.Context(), typed, p, Options{}); err != nil {
			t.Fatalf("fetch %s: %v", typed, err)
		}
		want, _ := RequestedURL(typed)
		if sent := srv.URL + <-got; sent != want {
			t.Errorf("for %q the server received %q, RequestedURL says %q", typed, sent, want)
		}
	}
}

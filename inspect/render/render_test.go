package render

import (
	"strings"
	"testing"
)

// padding is n bytes of HTML comment, to push what follows past a cutoff.
func padding(n int) string { return "<!--" + strings.Repeat("x", n-7) + "-->" }

func TestRenderSmoke(t *testing.T) {
	needBrowser(t)
	page := `<!doctype html><html><head><title>T</title></head><body><h1>Hello</h1>
<script>document.body.insertAdjacentHTML('beforeend', '<a href="/early">early</a>')</script>
` + padding(3000) + `
<script>document.body.insertAdjacentHTML('beforeend', '<a href="/late">late</a>')</script>
</body></html>`
	srv := site(t, map[string]string{"/": page, "/robots.txt": "User-agent: *\nAllow: /\n"})
	_, r := inspectAndRender(t, srv.URL+"/", 2000, Options{})
	if r.Error != "" {
		t.Fatal(r.Error)
	}
	t.Logf("browser %s in %d ms", r.Browser, r.DurationMS)
	t.Logf("google %+v", r.Google.LinkList)
	t.Logf("full %+v", r.Full.LinkList)
	t.Logf("lost %+v", r.Lost)
	for _, s := range r.Scripts {
		t.Logf("script %+v", s)
	}
	for _, q := range r.Requests {
		t.Logf("req %+v", q)
	}
}

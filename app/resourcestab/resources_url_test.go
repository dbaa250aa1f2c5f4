package resourcestab

import (
	"strings"
	"testing"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/inspect/resources"
)

func TestElideMiddle(t *testing.T) {
	runes := func(s string) float32 { return float32(utf8.RuneCountInString(s)) }
	tests := []struct {
		url   string
		width float32
		want  string
	}{
		{"https://h/a.js", 40, "https://h/a.js"},
		{"https://cdn.example.com/assets/build/2026/app.js", 30, "https://cdn.example.co…/app.js"},
		{"https://cdn.example.com/assets/build/2026/app.js?v=12", 30, "https://cdn.examp…/app.js?v=12"},
		{"https://cdn.example.com/assets/a-very-long-file-name.woff2", 20, "https://c…name.woff2"},
		{"https://cdn.example.com", 10, "https://c…"},
		{"data:image/png;base64,iVBORw0KGgo/AAAANSUhEUg/AAAAAQ", 20, "data:image/png;base…"},
	}
	for _, tt := range tests {
		got := ElideMiddle(tt.url, tt.width, runes)
		if got != tt.want {
			t.Errorf("ElideMiddle(%q, %v) = %q, want %q", tt.url, tt.width, got, tt.want)
		}
		if runes(got) > tt.width {
			t.Errorf("ElideMiddle(%q, %v) = %q is wider than %v", tt.url, tt.width, got, tt.width)
		}
	}
}

// TestResourcesURLColumnKeepsFileNames shows three preloads of one host
// with long paths: at 1920 px the URL column takes the room the other
// columns leave, and each cell ends with its own file name.
func TestResourcesURLColumnKeepsFileNames(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	a := New(w)
	w.SetContent(a.Content())
	prefix := "https://static.shop.example.co.jp/assets/storefront/build/2026-12-03/chunks/vendor/"
	names := []string{"fonts-noto-sans-jp.woff2", "fonts-noto-serif-jp.woff2", "hero-banner-1920.avif"}
	var list []resources.Resource
	for _, n := range names {
		list = append(list, resources.Resource{URL: prefix + strings.Repeat("x/", 30) + n, Kind: resources.Font,
			DiscoveredBeforeCutoff: true})
	}
	a.Show(RowsOf(list), "")
	w.Resize(fyne.NewSize(1920, 1080))
	if a.urlWidth < 600 {
		t.Errorf("URL column is %v px wide at 1920 px, want the room the other columns leave (≥ 600)", a.urlWidth)
	}
	for i, n := range names {
		got := cellAt(t, a, widget.TableCellID{Row: i, Col: ColURL}).label.Text
		if !strings.HasSuffix(got, "/"+n) || !strings.Contains(got, ellipsis) || !strings.HasPrefix(got, "https://static.") {
			t.Errorf("row %d shows %q, want the host, an ellipsis and %q", i, got, n)
		}
	}
	w.Resize(fyne.NewSize(1024, 768))
	if a.urlWidth != minURLWidth {
		t.Errorf("URL column is %v px wide at 1024 px, want %v", a.urlWidth, float32(minURLWidth))
	}
	if got := cellAt(t, a, widget.TableCellID{Row: 2, Col: ColURL}).label.Text; !strings.HasSuffix(got, "/"+names[2]) {
		t.Errorf("at 1024 px row 2 shows %q, want it to end with %q", got, names[2])
	}
}

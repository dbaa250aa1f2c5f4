package render

import (
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"

	"github.com/cutoffapp/cutoff/fetch"
)

// TestReasonsNameTheCrawler checks the reasons a render gives for a
// request it did not fetch: the crawler is named, and Google's renderer
// rules are said to be Google's for another operator's crawler.
func TestReasonsNameTheCrawler(t *testing.T) {
	bing, _ := fetch.Lookup("bingbot")
	google, _ := fetch.Lookup("googlebot-smartphone")
	for _, tt := range []struct {
		p      fetch.Profile
		marked bool
	}{{bing, true}, {google, false}} {
		for _, typ := range []network.ResourceType{network.ResourceTypeImage, network.ResourceTypeWebSocket} {
			r := skippedType(typ, tt.p)
			if marked := strings.Contains(r, "(Google's documented rule; Bing publishes none for Bingbot)"); marked != tt.marked {
				t.Errorf("%s, %s: %s", tt.p.Name, typ, r)
			}
		}
		if r := unreachableReason("https://cdn.example/robots.txt", tt.p.Name); !strings.Contains(r, "whether "+tt.p.Name+" may fetch it") {
			t.Errorf("%s: %s", tt.p.Name, r)
		}
	}
}

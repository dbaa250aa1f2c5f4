package verify

import (
	"strings"
	"testing"
)

// claimTests holds user agents as CRAWLERS.md documents them, and look-alikes.
var claimTests = []struct {
	name string
	ua   string
	want string
}{
	{"googlebot smartphone", "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.7103.59 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "googlebot"},
	{"googlebot desktop", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/136.0.7103.59 Safari/537.36", "googlebot"},
	{"googlebot short", "Googlebot/2.1 (+http://www.google.com/bot.html)", "googlebot"},
	{"googlebot lower case", "mozilla/5.0 (compatible; googlebot/2.1)", "googlebot"},
	{"googlebot image", "Googlebot-Image/1.0", "googlebot-image"},
	{"googlebot video", "Googlebot-Video/1.0", "googlebot-video"},
	{"storebot", "Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36", "storebot-google"},
	{"inspection tool", "Mozilla/5.0 (compatible; Google-InspectionTool/1.0)", "google-inspectiontool"},
	{"googleother", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GoogleOther) Chrome/136.0.0.0 Safari/537.36", "googleother"},
	{"googleother image", "GoogleOther-Image/1.0", "googleother-image"},
	{"adsbot mobile", "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)", "adsbot-google-mobile"},
	{"adsbot", "AdsBot-Google (+http://www.google.com/adsbot.html)", "adsbot-google"},
	{"mediapartners mobile", "(Various mobile device types) (compatible; Mediapartners-Google/2.1; +http://www.google.com/bot.html)", "mediapartners-google"},
	{"apis-google", "APIs-Google (+https://developers.google.com/webmasters/APIs-Google.html)", "apis-google"},
	{"feedfetcher", "FeedFetcher-Google; (+http://www.google.com/feedfetcher.html)", "feedfetcher-google"},
	{"notebooklm old name", "Mozilla/5.0 (compatible; Google-NotebookLM)", "google-gemininotebook"},
	{"read aloud old name", "google-speakr", "google-read-aloud"},
	{"site verifier", "Mozilla/5.0 (compatible; Google-Site-Verification/1.0)", "google-site-verification"},
	{"google agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko; compatible; Google-Agent; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-agent) Chrome/136.0.0.0 Safari/537.36", "google-agent"},
	{"bingbot", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/80.0.345.0 Safari/537.36", "bingbot"},
	{"applebot", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Applebot/0.1)", "applebot"},
	{"yandexbot", "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", "yandexbot"},
	{"yandex images", "Mozilla/5.0 (compatible; YandexImages/3.0; +http://yandex.com/bots)", "yandex"},
	{"yandex direct", "Mozilla/5.0 (compatible; YaDirectFetcher/1.0; +http://yandex.com/bots)", "yadirectfetcher"},
	{"yandex app is no crawler", "Mozilla/5.0 (Linux; Android 13) YandexSearch/23.1", ""},
	{"chrome", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36", ""},
	{"google toolbar is no crawler", "Mozilla/5.0 (compatible; GoogleToolbar 7.0)", ""},
	{"duckduckbot not verifiable", "DuckDuckBot-Https/1.1; (+https://duckduckgo.com/duckduckbot)", ""},
	{"empty", "", ""},
}

func TestClaimFromUserAgent(t *testing.T) {
	for _, tt := range claimTests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ClaimFromUserAgent(tt.ua); got != tt.want {
				t.Errorf("ClaimFromUserAgent(%q) = %q, want %q", tt.ua, got, tt.want)
			}
		})
	}
}

func TestLookupClaim(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		claim  string
		family string
		class  string
	}{
		{"name", "googlebot", "googlebot", FamilyGoogle, ClassCommon},
		{"case and spaces", "  GoogleBot ", "googlebot", FamilyGoogle, ClassCommon},
		{"generic google", "google", "google", FamilyGoogle, ""},
		{"news has no UA", "googlebot-news", "googlebot-news", FamilyGoogle, ClassCommon},
		{"bing alias", "bing", "bingbot", FamilyBing, ""},
		{"user agent", "AdsBot-Google (+http://www.google.com/adsbot.html)", "adsbot-google", FamilyGoogle, ClassSpecial},
		{"unknown", "duckduckbot", "", "", ""},
		{"empty", "", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, _ := lookupClaim(tt.in)
			if d.name != tt.claim || d.family != tt.family || d.class != tt.class {
				t.Errorf("lookupClaim(%q) = %q/%q/%q, want %q/%q/%q", tt.in, d.name, d.family, d.class, tt.claim, tt.family, tt.class)
			}
		})
	}
}

// TestGoogleTokensHoldAnchor guards the scanner's pre-filter: a Google
// token without "google" in it would never be tried.
func TestGoogleTokensHoldAnchor(t *testing.T) {
	for _, d := range googleClaims {
		for _, tok := range d.tokens {
			if !strings.Contains(string(tok), "google") {
				t.Errorf("Google claim %s token %q lacks %q", d.name, tok, "google")
			}
		}
	}
}

func TestKnownClaimsResolve(t *testing.T) {
	for _, name := range KnownClaims() {
		if d, ok := lookupClaim(name); !ok || d.name != name {
			t.Errorf("KnownClaims lists %q, but lookupClaim gives %q, %v", name, d.name, ok)
		}
	}
}

func FuzzClaimFromUserAgent(f *testing.F) {
	for _, tt := range claimTests {
		f.Add(tt.ua)
	}
	f.Fuzz(func(t *testing.T, ua string) {
		got := ClaimFromUserAgent(ua)
		if got == "" {
			return
		}
		if d, ok := lookupClaim(got); !ok || d.name != got {
			t.Fatalf("ClaimFromUserAgent(%q) = %q, which lookupClaim does not know", ua, got)
		}
	})
}

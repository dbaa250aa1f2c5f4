package verify

import (
	"bytes"
	"strings"
)

// Crawler families: who runs a crawler, which decides how it is verified.
const (
	FamilyGoogle = "google"
	FamilyBing   = "bing"
	FamilyApple  = "apple"
	FamilyYandex = "yandex"
)

// claimDef is one crawler Cutoff can recognise in a user agent and verify.
type claimDef struct {
	name   string   // claim name, lower case, e.g. "googlebot"
	family string   // Family*
	class  string   // Google crawler class; "" outside Google or when unknown
	tokens [][]byte // lower-case user-agent substrings that identify it
}

func toks(s ...string) [][]byte {
	out := make([][]byte, len(s))
	for i, t := range s {
		out[i] = []byte(t)
	}
	return out
}

// googleClaims lists Google's crawlers and fetchers (CRAWLERS.md 1.2–1.5),
// most specific token first: "googlebot-image" must be tried before
// "googlebot", "adsbot-google-mobile" before "adsbot-google". Every token
// contains "google", which the scanner uses as a cheap pre-filter.
var googleClaims = []claimDef{
	{"googlebot-image", FamilyGoogle, ClassCommon, toks("googlebot-image")},
	{"googlebot-video", FamilyGoogle, ClassCommon, toks("googlebot-video")},
	{"googlebot-mobile", FamilyGoogle, ClassCommon, toks("googlebot-mobile")},
	{"storebot-google", FamilyGoogle, ClassCommon, toks("storebot-google")},
	{"google-inspectiontool", FamilyGoogle, ClassCommon, toks("google-inspectiontool")},
	{"googleother-image", FamilyGoogle, ClassCommon, toks("googleother-image")},
	{"googleother-video", FamilyGoogle, ClassCommon, toks("googleother-video")},
	{"googleother", FamilyGoogle, ClassCommon, toks("googleother")},
	{"google-cloudvertexbot", FamilyGoogle, ClassCommon, toks("google-cloudvertexbot")},
	{"adsbot-google-mobile", FamilyGoogle, ClassSpecial, toks("adsbot-google-mobile")},
	{"adsbot-google", FamilyGoogle, ClassSpecial, toks("adsbot-google")},
	{"mediapartners-google", FamilyGoogle, ClassSpecial, toks("mediapartners-google")},
	{"apis-google", FamilyGoogle, ClassSpecial, toks("apis-google")},
	{"google-safety", FamilyGoogle, ClassSpecial, toks("google-safety")},
	{"duplexweb-google", FamilyGoogle, ClassSpecial, toks("duplexweb-google")},
	{"google-favicon", FamilyGoogle, ClassSpecial, toks("google favicon")},
	{"googleweblight", FamilyGoogle, ClassSpecial, toks("googleweblight")},
	{"google-cws", FamilyGoogle, ClassUserTriggered, toks("google-cws")},
	{"feedfetcher-google", FamilyGoogle, ClassUserTriggered, toks("feedfetcher-google")},
	{"google-gemininotebook", FamilyGoogle, ClassUserTriggered, toks("google-gemininotebook", "google-notebooklm")},
	{"google-agent", FamilyGoogle, ClassUserTriggered, toks("google-agent")},
	{"googlemessages", FamilyGoogle, ClassUserTriggered, toks("googlemessages")},
	{"google-pinpoint", FamilyGoogle, ClassUserTriggered, toks("google-pinpoint")},
	{"googleproducer", FamilyGoogle, ClassUserTriggered, toks("googleproducer")},
	{"google-read-aloud", FamilyGoogle, ClassUserTriggered, toks("google-read-aloud", "google-speakr")},
	{"google-site-verification", FamilyGoogle, ClassUserTriggered, toks("google-site-verification")},
	// Googlebot last: every Googlebot-* variant above also contains it.
	{"googlebot", FamilyGoogle, ClassCommon, toks("googlebot")},
}

// otherClaims lists the other crawlers whose operators document a reverse
// DNS check (CRAWLERS.md 6). Yandex's generic entry needs the robots page
// link, since Yandex's own apps also say "Yandex" in their user agents.
var otherClaims = []claimDef{
	{"bingbot", FamilyBing, "", toks("bingbot")},
	{"applebot", FamilyApple, "", toks("applebot")},
	{"yandexbot", FamilyYandex, "", toks("yandexbot")},
	{"yadirectfetcher", FamilyYandex, "", toks("yadirectfetcher")},
	{"yandex", FamilyYandex, "", toks("yandex.com/bots")},
}

func init() { otherClaims = append(otherClaims, aiClaims...) }

// claimAliases maps names a user may type to a claim name. "google" stands
// for any Google crawler, class unknown.
var claimAliases = map[string]claimDef{
	"google":         {"google", FamilyGoogle, "", nil},
	"googlebot-news": {"googlebot-news", FamilyGoogle, ClassCommon, nil},
	"bing":           {"bingbot", FamilyBing, "", nil},
	"apple":          {"applebot", FamilyApple, "", nil},
}

var googleAnchor = []byte("google")

// ClaimFromUserAgent returns the name of the crawler a User-Agent string
// claims to be ("googlebot", "googlebot-image", "adsbot-google", "bingbot",
// "applebot", "yandexbot", ...), or "" when it names no crawler Cutoff can
// verify. Matching ignores ASCII case.
func ClaimFromUserAgent(ua string) string {
	if d := claimFromLower([]byte(strings.ToLower(ua))); d != nil {
		return d.name
	}
	return ""
}

// claimFromLower finds the claim in an already lower-cased user agent.
func claimFromLower(ua []byte) *claimDef {
	if bytes.Contains(ua, googleAnchor) {
		if d := firstClaim(googleClaims, ua); d != nil {
			return d
		}
	}
	return firstClaim(otherClaims, ua)
}

func firstClaim(defs []claimDef, ua []byte) *claimDef {
	for i := range defs {
		for _, t := range defs[i].tokens {
			if bytes.Contains(ua, t) {
				return &defs[i]
			}
		}
	}
	return nil
}

// lookupClaim resolves what a user typed as the claimed crawler: a claim
// name, an alias, or a whole User-Agent string.
func lookupClaim(s string) (claimDef, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return claimDef{}, false
	}
	for _, defs := range [][]claimDef{googleClaims, otherClaims} {
		for _, d := range defs {
			if d.name == s {
				return d, true
			}
		}
	}
	if d, ok := claimAliases[s]; ok {
		return d, true
	}
	if d := claimFromLower([]byte(s)); d != nil {
		return *d, true
	}
	return claimDef{}, false
}

// KnownClaims returns the claim names Verify understands, for help texts.
func KnownClaims() []string {
	var out []string
	for _, defs := range [][]claimDef{googleClaims, otherClaims} {
		for _, d := range defs {
			out = append(out, d.name)
		}
	}
	return append(out, "google", "googlebot-news")
}

// appendLower appends the ASCII lower-case form of b to dst; the scanner
// reuses dst across lines so that matching allocates nothing.
func appendLower(dst, b []byte) []byte {
	for _, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

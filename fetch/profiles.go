package fetch

import "strings"

// DefaultProfileID is the ID of the profile used when none is chosen.
const DefaultProfileID = "googlebot-smartphone"

// DefaultChromeVersion is the Chrome version written into User-Agent
// templates in place of W.X.Y.Z when the caller gives none. Google's evergreen
// crawlers track the current stable Chrome and advise matching the version
// with a wildcard, so the exact number rarely matters; it is an estimate of
// Chrome stable at the end of 2026 and callers may pass their own (see
// Profile.UserAgent and Options.ChromeVersion).
const DefaultChromeVersion = "154.0.8100.0"

// chromePlaceholder is the token Google's documentation uses for the Chrome
// version in evergreen User-Agent strings.
const chromePlaceholder = "W.X.Y.Z"

// DefaultMaxRedirects is the number of redirect hops followed when neither
// the profile nor the options say otherwise (Googlebot follows up to 10).
const DefaultMaxRedirects = 10

// DefaultUnsetLimit is the limit in bytes of a crawler with no limit of its
// own: Google's 15 MB default, read as 15,000,000.
const DefaultUnsetLimit = 15_000_000

// defaultUnsetBinaryLimit is the binary reading of the 15 MB default.
const defaultUnsetBinaryLimit = 15 << 20

// MaxCap is the most decoded body bytes a fetch ever reads: 256 MiB.
const MaxCap = 256 << 20

// Builtins returns the built-in profiles, the default first. Each call
// returns fresh copies that the caller may modify.
func Builtins() []Profile {
	return []Profile{
		googlebotSmartphone(),
		googlebotDesktop(),
		googlebotImage(),
		googlebotVideo(),
		googlebotNews(),
		storebotGoogle(),
		inspectionToolMobile(),
		inspectionToolDesktop(),
		googleOther(),
		adsBotGoogle(),
		adsBotGoogleMobile(),
		mediapartnersGoogle(),
		bingbot(),
		applebot(),
		duckDuckBot(),
		yandexBot(),
		gptBot(),
		oaiSearchBot(),
		claudeBot(),
		perplexityBot(),
		ccBot(),
		customProfile(),
	}
}

// Lookup returns a fresh copy of the built-in profile whose ID equals id,
// ignoring case, and whether there is one.
func Lookup(id string) (Profile, bool) {
	id = strings.TrimSpace(id)
	for _, p := range Builtins() {
		if strings.EqualFold(p.ID, id) {
			return p, true
		}
	}
	return Profile{}, false
}

// UserAgent returns the profile's User-Agent with chromeVersion in place of
// the W.X.Y.Z placeholder; an empty chromeVersion means DefaultChromeVersion.
// Templates without the placeholder are returned unchanged.
func (p Profile) UserAgent(chromeVersion string) string {
	if chromeVersion == "" {
		chromeVersion = DefaultChromeVersion
	}
	return strings.ReplaceAll(p.UserAgentTemplate, chromePlaceholder, chromeVersion)
}

// LimitFor returns the profile's limit for documents of kind k. A kind the
// profile does not list falls back to its KindOther limit, then to an
// unpublished DefaultUnsetLimit, so the result always has Bytes > 0.
func (p Profile) LimitFor(k Kind) Limit {
	if l, ok := p.Limits[k]; ok && l.Bytes > 0 {
		return l
	}
	if l, ok := p.Limits[KindOther]; ok && l.Bytes > 0 {
		return l
	}
	return Limit{Bytes: DefaultUnsetLimit, BinaryBytes: defaultUnsetBinaryLimit}
}

// DefaultCap returns how many decoded body bytes to read for a limit of
// limit bytes: four times the limit, at most MaxCap, and never less than the
// limit itself (so a limit above MaxCap is read in full).
func DefaultCap(limit int64) int64 {
	if limit <= 0 {
		return 0
	}
	if limit > MaxCap/4 {
		return max(limit, MaxCap)
	}
	return 4 * limit
}

// maxRedirects is the profile's redirect budget, DefaultMaxRedirects when
// the profile leaves it at zero.
func (p Profile) maxRedirects() int {
	if p.MaxRedirects > 0 {
		return p.MaxRedirects
	}
	return DefaultMaxRedirects
}

// Source returns the profile's Source for field (one of SourcedFields),
// and whether it has one.
func (p Profile) Source(field string) (Source, bool) {
	for _, s := range p.Sources {
		if s.Field == field {
			return s, true
		}
	}
	return Source{}, false
}

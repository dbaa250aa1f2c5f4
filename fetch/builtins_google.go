package fetch

// Google's User-Agent templates (common-crawlers page, verbatim capture).
const (
	uaGooglebotSmartphone = "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) " +
		"AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 " +
		"(compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
	uaGooglebotDesktop = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; " +
		"Googlebot/2.1; +http://www.google.com/bot.html) Chrome/W.X.Y.Z Safari/537.36"
)

// googleAcceptEncoding is what Google's crawlers advertise.
const googleAcceptEncoding = "gzip, deflate, br"

// Byte limits stated in MB, in their decimal and binary readings.
const (
	twoMB        = 2_000_000
	twoMiB       = 2 << 20
	sixtyFourMB  = 64_000_000
	sixtyFourMiB = 64 << 20
)

// googlebotLimits are Googlebot's published limits for Search.
func googlebotLimits() map[Kind]Limit {
	return map[Kind]Limit{
		KindHTML:  {Bytes: twoMB, BinaryBytes: twoMiB, Published: true},
		KindPDF:   {Bytes: sixtyFourMB, BinaryBytes: sixtyFourMiB, Published: true},
		KindOther: {Bytes: twoMB, BinaryBytes: twoMiB, Published: true},
	}
}

// googlebotLimitSources cite Googlebot's limits; prefix qualifies them for
// a profile that borrows them.
func googlebotLimitSources(prefix string) []Source {
	return []Source{
		src(fieldLimitHTML, prefix+"Google, Googlebot page: \"Googlebot crawls the first 2MB of a "+
			"supported file type\", applied to uncompressed data; 2,000,000 with 2,097,152 as the "+
			"binary reading", dateGooglebotDoc),
		src(fieldLimitPDF, prefix+"Google, Googlebot page: \"the first 64MB of a PDF file\"; "+
			"64,000,000 with 67,108,864 as the binary reading", dateGooglebotDoc),
		src(fieldLimitOther, prefix+"Google, Googlebot page: each CSS/JS resource is fetched "+
			"separately with the same 2MB limit and its own counter", dateGooglebotDoc),
	}
}

// googleDefaultLimits are the 15 MB default of Google crawlers with no limit
// of their own; published says whether Google states it for this crawler.
func googleDefaultLimits(published bool) map[Kind]Limit {
	l := Limit{Bytes: DefaultUnsetLimit, BinaryBytes: defaultUnsetBinaryLimit, Published: published}
	return map[Kind]Limit{KindHTML: l, KindPDF: l, KindOther: l}
}

// googleDefaultLimitSources cite the 15 MB default with note appended.
func googleDefaultLimitSources(note string) []Source {
	text := "Google, crawler overview \"File size limits\": by default Google's crawlers " +
		"crawl the first 15MB of a file, whatever the type; " + note
	return []Source{
		src(fieldLimitHTML, text, dateOverview),
		src(fieldLimitPDF, text, dateOverview),
		src(fieldLimitOther, text, dateOverview),
	}
}

const (
	noteDefaultUnconfirmed = "no limit set for this crawler is published (UNCONFIRMED)"
	noteVariesByProduct    = "for image and video crawlers Google says only that the limit " +
		"\"varies by product\"; no number is published, so Cutoff assumes the default"
)

// googleProfile assembles a Google profile from its parts.
func googleProfile(id, name, desc, ua string, tokens []string, limits map[Kind]Limit, sources ...[]Source) Profile {
	var all []Source
	for _, s := range sources {
		all = append(all, s...)
	}
	return Profile{
		ID: id, Name: name, Description: desc, Operator: OperatorGoogle,
		UserAgentTemplate: ua,
		RobotsTokens:      tokens,
		ObeysRobots:       true,
		Limits:            limits,
		CountsHeaders:     true,
		AcceptEncoding:    googleAcceptEncoding,
		MaxRedirects:      DefaultMaxRedirects,
		Sources:           all,
	}
}

// commonRobots returns the robots Sources of a Google common crawler.
func commonRobots(tokenNote, tokenDate string) []Source {
	return []Source{
		src(fieldRobotsTokens, tokenNote, tokenDate),
		src(fieldIgnoresStar, noteUsesStar+" (Google robots.txt spec)", dateRobotsSpec),
		src(fieldObeysRobots, noteCommonObeys, dateCommonCapture),
	}
}

func googlebotSmartphone() Profile {
	return googleProfile(DefaultProfileID, "Googlebot Smartphone",
		"Google Search's main crawler, which crawls most sites as a mobile device.",
		uaGooglebotSmartphone, []string{"googlebot"}, googlebotLimits(),
		[]Source{src(fieldUserAgent, "Google, common crawlers page: Googlebot Smartphone "+
			"User-Agent; W.X.Y.Z is the current Chrome version", dateCommonCapture)},
		commonRobots("Google, common crawlers page: token Googlebot", dateCommonCapture),
		googlebotLimitSources(""), googleCommonTail(true))
}

func googlebotDesktop() Profile {
	return googleProfile("googlebot-desktop", "Googlebot Desktop",
		"Google Search's desktop crawler; robots.txt cannot tell it apart from Googlebot Smartphone.",
		uaGooglebotDesktop, []string{"googlebot"}, googlebotLimits(),
		[]Source{src(fieldUserAgent, "Google, common crawlers page: Googlebot Desktop "+
			"User-Agent; W.X.Y.Z is the current Chrome version", dateCommonCapture)},
		commonRobots("Google, common crawlers page: token Googlebot, shared with Googlebot "+
			"Smartphone", dateCommonCapture),
		googlebotLimitSources(""), googleCommonTail(true))
}

// noteGooglebotFallback explains the fallback to the googlebot group.
const noteGooglebotFallback = "; Google's old crawler appendix lists Googlebot as its " +
	"less-specific alternative, so a missing group falls back to googlebot (UNCONFIRMED " +
	"in the current page)"

func googlebotImage() Profile {
	return googleProfile("googlebot-image", "Googlebot-Image",
		"Crawls images for Google Images and the Search features that show images.",
		"Googlebot-Image/1.0", []string{"googlebot-image", "googlebot"}, googleDefaultLimits(false),
		[]Source{src(fieldUserAgent, "Google, common crawlers page: Googlebot-Image/1.0",
			dateCommonCapture)},
		commonRobots("Google, common crawlers page: token Googlebot-Image"+noteGooglebotFallback,
			dateOldAppendix),
		googleDefaultLimitSources(noteVariesByProduct), googleCommonTail(true))
}

func googlebotVideo() Profile {
	return googleProfile("googlebot-video", "Googlebot-Video",
		"Crawls videos for the video features of Google Search.",
		"Googlebot-Video/1.0", []string{"googlebot-video", "googlebot"}, googleDefaultLimits(false),
		[]Source{src(fieldUserAgent, "Google, common crawlers page: Googlebot-Video/1.0",
			dateCommonCapture)},
		commonRobots("Google, common crawlers page: token Googlebot-Video"+noteGooglebotFallback,
			dateOldAppendix),
		googleDefaultLimitSources(noteVariesByProduct), googleCommonTail(true))
}

func googlebotNews() Profile {
	return googleProfile("googlebot-news", "Googlebot-News",
		"Crawls for Google News; it sends the Googlebot User-Agent and obeys the Googlebot-News group.",
		uaGooglebotSmartphone, []string{"googlebot-news", "googlebot"}, googlebotLimits(),
		[]Source{src(fieldUserAgent, "Google, common crawlers page: Googlebot-News has no "+
			"User-Agent of its own and crawls with the Googlebot strings", dateCommonCapture)},
		commonRobots("Google, common crawlers page: token Googlebot-News"+noteGooglebotFallback,
			dateOldAppendix),
		googlebotLimitSources("Treated as Googlebot (UNCONFIRMED for News). "), googleCommonTail(true))
}

func storebotGoogle() Profile {
	return googleProfile("storebot-google", "Storebot-Google",
		"Google Shopping's crawler; without a group of its own it uses *, not googlebot.",
		"Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 "+
			"(KHTML, like Gecko) Chrome/W.X.Y.Z Safari/537.36",
		[]string{"storebot-google"}, googleDefaultLimits(true),
		[]Source{src(fieldUserAgent, "Google, common crawlers page: Storebot-Google desktop "+
			"User-Agent", dateCommonCapture)},
		commonRobots("Google robots.txt spec, worked example: Storebot-Google uses the * group "+
			"when no group names it; it does not fall back to googlebot", dateRobotsSpec),
		googleDefaultLimitSources(noteDefaultUnconfirmed), googleCommonTail(false))
}

func inspectionToolMobile() Profile {
	return googleProfile("google-inspectiontool-mobile", "Google-InspectionTool (mobile)",
		"The fetcher behind Search Console's URL Inspection and the Rich Results Test, as a phone.",
		"Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 "+
			"(KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 "+
			"(compatible; Google-InspectionTool/1.0)",
		[]string{"google-inspectiontool"}, googleDefaultLimits(true),
		[]Source{src(fieldUserAgent, "Google, common crawlers page: Google-InspectionTool mobile "+
			"User-Agent, trailing \";\" removed by the changelog of 2026-07-14", dateInspectionFix)},
		commonRobots("Google, common crawlers page: token Google-InspectionTool", dateCommonCapture),
		googleDefaultLimitSources(noteDefaultUnconfirmed), googleCommonTail(false))
}

func inspectionToolDesktop() Profile {
	return googleProfile("google-inspectiontool-desktop", "Google-InspectionTool (desktop)",
		"The fetcher behind Search Console's URL Inspection and the Rich Results Test, as a desktop.",
		"Mozilla/5.0 (compatible; Google-InspectionTool/1.0)",
		[]string{"google-inspectiontool"}, googleDefaultLimits(true),
		[]Source{src(fieldUserAgent, "Google, common crawlers page: Google-InspectionTool desktop "+
			"User-Agent", dateCommonCapture)},
		commonRobots("Google, common crawlers page: token Google-InspectionTool", dateCommonCapture),
		googleDefaultLimitSources(noteDefaultUnconfirmed), googleCommonTail(false))
}

func googleOther() Profile {
	return googleProfile("googleother", "GoogleOther",
		"Google's generic crawler for one-off and research crawls; it uses * when no group names it.",
		"Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 "+
			"(KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; GoogleOther)",
		[]string{"googleother"}, googleDefaultLimits(true),
		[]Source{src(fieldUserAgent, "Google, common crawlers page: GoogleOther mobile User-Agent",
			dateCommonCapture)},
		commonRobots("Google, common crawlers page: token GoogleOther; no fallback to googlebot",
			dateCommonCapture),
		googleDefaultLimitSources(noteDefaultUnconfirmed), googleCommonTail(false))
}

// specialProfile is a Google special-case crawler that ignores "*".
func specialProfile(id, name, desc, ua, token, uaNote string) Profile {
	p := googleProfile(id, name, desc, ua, []string{token}, googleDefaultLimits(true),
		[]Source{src(fieldUserAgent, uaNote, dateSpecialCase)},
		[]Source{
			src(fieldRobotsTokens, "Google, special-case crawlers page: token "+name, dateSpecialCase),
			src(fieldIgnoresStar, noteSpecialStar, dateSpecialCase),
			src(fieldObeysRobots, noteSpecialObeys, dateSpecialCase),
		},
		googleDefaultLimitSources(noteDefaultUnconfirmed), googleCommonTail(false))
	p.IgnoresStar = true
	return p
}

func adsBotGoogle() Profile {
	return specialProfile("adsbot-google", "AdsBot-Google",
		"Checks the quality of Google Ads landing pages; ignores the * group.",
		"AdsBot-Google (+http://www.google.com/adsbot.html)", "adsbot-google",
		"Google, special-case crawlers page: AdsBot User-Agent")
}

func adsBotGoogleMobile() Profile {
	return specialProfile("adsbot-google-mobile", "AdsBot-Google-Mobile",
		"Checks the quality of Google Ads landing pages as a phone; ignores the * group.",
		"Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 "+
			"(KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 "+
			"(compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)",
		"adsbot-google-mobile", "Google, special-case crawlers page: AdsBot Mobile Web User-Agent")
}

func mediapartnersGoogle() Profile {
	return specialProfile("mediapartners-google", "Mediapartners-Google",
		"Crawls pages that show AdSense and other Google ad products; ignores the * group.",
		"Mediapartners-Google", "mediapartners-google",
		"Google, special-case crawlers page: Mediapartners-Google desktop User-Agent")
}

// CustomCopiedNote begins the source note of every value the built-in
// Custom profile copies from Googlebot Smartphone, before that value's own
// note. Notes are kept in English, as the saved profiles hold them; the
// window says this one in the language in use.
const CustomCopiedNote = "Copied from Googlebot Smartphone: "

func customProfile() Profile {
	p := googlebotSmartphone()
	p.ID, p.Name, p.Custom, p.Operator = "custom", "Custom", true, ""
	p.Description = "A profile to edit freely; it starts with Googlebot Smartphone's values."
	for i := range p.Sources {
		p.Sources[i].Note = CustomCopiedNote + p.Sources[i].Note
	}
	return p
}

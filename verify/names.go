package verify

import (
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// familyDomains are the reverse DNS domains each operator documents
// (CRAWLERS.md 4.1 and 6). Google's googleusercontent.com is narrowed to
// gae.googleusercontent.com, the only part Google names for a crawler class:
// the rest of googleusercontent.com names Google Cloud customers' machines,
// which anyone can rent and make send any user agent.
var familyDomains = map[string][]string{
	FamilyGoogle: {"googlebot.com", "google.com", "gae.googleusercontent.com"},
	FamilyBing:   {"search.msn.com"},
	FamilyApple:  {"applebot.apple.com"},
	FamilyYandex: {"yandex.ru", "yandex.net", "yandex.com"},
}

// familyOrder fixes the order families are tried when no claim is given.
var familyOrder = []string{FamilyGoogle, FamilyBing, FamilyApple, FamilyYandex}

// nameCheck is what a reverse DNS name says about its owner.
type nameCheck struct {
	accepted bool
	family   string // the family whose domain holds the name
	class    string // Google crawler class from the name's mask, or ""
}

// normalizeName lower-cases a DNS name and drops the root dot.
func normalizeName(name string) string {
	return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(name)), ".")
}

// inDomain reports whether name is domain or a name under it.
func inDomain(name, domain string) bool {
	return name == domain || strings.HasSuffix(name, "."+domain)
}

// checkName tests a normalised reverse DNS name against one family's
// domains, or against every family's when family is "".
func checkName(family, name string) nameCheck {
	fams := familyOrder
	if family != "" {
		fams = []string{family}
	}
	for _, f := range fams {
		for _, d := range familyDomains[f] {
			if inDomain(name, d) {
				return nameCheck{accepted: true, family: f, class: googleNameClass(f, name)}
			}
		}
	}
	return nameCheck{}
}

// googleNameClass reads the crawler class from Google's reverse DNS masks
// (CRAWLERS.md 1.1): crawl-…googlebot.com and geo-crawl-….geo.googlebot.com
// for common crawlers, rate-limited-proxy-….google.com for special-case
// crawlers, google-proxy-….google.com and ….gae.googleusercontent.com for
// user-triggered fetchers. A Google name outside these masks is still
// Google's, of a class the name does not tell.
func googleNameClass(family, name string) string {
	if family != FamilyGoogle {
		return ""
	}
	first, rest, _ := strings.Cut(name, ".")
	switch {
	case rest == "googlebot.com" && strings.HasPrefix(first, "crawl-"):
		return ClassCommon
	case rest == "geo.googlebot.com" && strings.HasPrefix(first, "geo-crawl-"):
		return ClassCommon
	case rest == "google.com" && strings.HasPrefix(first, "rate-limited-proxy-"):
		return ClassSpecial
	case rest == "google.com" && strings.HasPrefix(first, "google-proxy-"):
		return ClassUserTriggered
	case inDomain(name, "gae.googleusercontent.com"):
		return ClassUserTriggered
	}
	return ""
}

// domainList renders a family's domains for a sentence: "a, b or c".
func domainList(family string) string {
	var ds []string
	if family == "" {
		for _, f := range familyOrder {
			ds = append(ds, familyDomains[f]...)
		}
	} else {
		ds = familyDomains[family]
	}
	return orList(ds)
}

func orList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return i18n.T("verify.or-list", "Names", strings.Join(items[:len(items)-1], ", "), "Last", items[len(items)-1])
}

// classLabel names a crawler class in a sentence.
func classLabel(class string) string {
	switch class {
	case ClassCommon, ClassSpecial, ClassUserTriggered:
		return i18n.T("verify.class-" + class)
	case ClassBing:
		return "Bingbot"
	case ClassGPTBot:
		return "GPTBot"
	case ClassOAISearchBot:
		return "OAI-SearchBot"
	case ClassPerplexityBot:
		return "PerplexityBot"
	}
	return i18n.T("verify.class-other")
}

// nameOfClass says, after a reverse DNS name, that it is the name of one
// of Google's crawlers of class: " (the name of a Google common crawler)".
func nameOfClass(class string) string {
	switch class {
	case ClassCommon, ClassSpecial, ClassUserTriggered:
		return i18n.T("verify.name-of-" + class)
	}
	return "" // only Google's classes have names of their own
}

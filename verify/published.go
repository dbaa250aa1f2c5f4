package verify

import (
	"fmt"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// ClassBing is the class of Bing's bingbot.json, which lists Bingbot only.
const ClassBing = "bingbot"

// PublishedFile is one IP range file an operator publishes: where, for which
// crawlers, and the reverse DNS names of its addresses (CRAWLERS.md 1.1,
// 4.2 and 6.1).
type PublishedFile struct {
	Name   string `json:"name"`   // canonical file name, e.g. "googlebot.json"
	Class  string `json:"class"`  // ClassCommon, ClassSpecial, ClassUserTriggered or ClassBing
	Family string `json:"family"` // FamilyGoogle or FamilyBing
	// Crawlers says in a few words which crawlers the file lists.
	Crawlers string `json:"crawlers"`
	URL      string `json:"url"`
	// OldURL is the address used before the February 2026 move, "" when
	// there was none. Since April 2026 Google serves a notice there.
	OldURL string `json:"old_url,omitempty"`
	// ReverseDNS is the documented mask of the addresses' names, or a
	// sentence saying none is published.
	ReverseDNS string `json:"reverse_dns"`
}

const (
	googleRangesNew = "https://developers.google.com/static/crawling/ipranges/"
	googleRangesOld = "https://developers.google.com/static/search/apis/ipranges/"
)

// publishedFiles lists the files in the order Match tries them: the more
// specific names first, so "user-triggered-fetchers-google.json" is not
// taken for "user-triggered-fetchers.json". contains is what a file name
// must contain to fill the slot.
var publishedFiles = []struct {
	contains []string
	file     PublishedFile
}{
	{[]string{"user-triggered-fetchers-google"}, PublishedFile{Name: "user-triggered-fetchers-google.json",
		Class: ClassUserTriggered, Family: FamilyGoogle, Crawlers: "Google-controlled user-triggered fetchers",
		URL: googleRangesNew + "user-triggered-fetchers-google.json", OldURL: googleRangesOld + "user-triggered-fetchers-google.json",
		ReverseDNS: "google-proxy-***-***-***-***.google.com"}},
	{[]string{"user-triggered-agents"}, PublishedFile{Name: "user-triggered-agents.json",
		Class: ClassUserTriggered, Family: FamilyGoogle, Crawlers: "Google-Agent, agents acting for a user",
		URL:        googleRangesNew + "user-triggered-agents.json",
		ReverseDNS: "no mask published for Google-Agent (Google names google.com, googlebot.com and googleusercontent.com in general)"}},
	{[]string{"user-triggered-fetchers"}, PublishedFile{Name: "user-triggered-fetchers.json",
		Class: ClassUserTriggered, Family: FamilyGoogle, Crawlers: "user-owned user-triggered fetchers on Google Cloud",
		URL: googleRangesNew + "user-triggered-fetchers.json", OldURL: googleRangesOld + "user-triggered-fetchers.json",
		ReverseDNS: "***-***-***-***.gae.googleusercontent.com"}},
	{[]string{"special-crawlers"}, PublishedFile{Name: "special-crawlers.json",
		Class: ClassSpecial, Family: FamilyGoogle, Crawlers: "special-case crawlers such as AdsBot",
		URL: googleRangesNew + "special-crawlers.json", OldURL: googleRangesOld + "special-crawlers.json",
		ReverseDNS: "rate-limited-proxy-***-***-***-***.google.com"}},
	{[]string{"common-crawlers", "googlebot"}, PublishedFile{Name: "googlebot.json",
		Class: ClassCommon, Family: FamilyGoogle, Crawlers: "common crawlers such as Googlebot",
		URL: googleRangesNew + "common-crawlers.json", OldURL: googleRangesOld + "googlebot.json",
		ReverseDNS: "crawl-***-***-***-***.googlebot.com or geo-crawl-***-***-***-***.geo.googlebot.com"}},
	{[]string{"bingbot"}, PublishedFile{Name: "bingbot.json",
		Class: ClassBing, Family: FamilyBing, Crawlers: "Bingbot",
		URL:        "https://www.bing.com/toolbox/bingbot.json",
		ReverseDNS: "*.search.msn.com"}},
	{[]string{"gptbot"}, PublishedFile{Name: "gptbot.json",
		Class: ClassGPTBot, Family: FamilyOpenAI, Crawlers: "OpenAI's GPTBot",
		URL: "https://openai.com/gptbot.json", ReverseDNS: noNames("OpenAI")}},
	{[]string{"searchbot"}, PublishedFile{Name: "searchbot.json",
		Class: ClassOAISearchBot, Family: FamilyOpenAI, Crawlers: "OpenAI's OAI-SearchBot",
		URL: "https://openai.com/searchbot.json", ReverseDNS: noNames("OpenAI")}},
	{[]string{"perplexitybot"}, PublishedFile{Name: "perplexitybot.json",
		Class: ClassPerplexityBot, Family: FamilyPerplexity, Crawlers: "PerplexityBot",
		URL: "https://www.perplexity.ai/perplexitybot.json", ReverseDNS: noNames("Perplexity")}},
}

// noNames is the ReverseDNS text of an operator that verifies by its ranges
// alone.
func noNames(operator string) string {
	return "none published: " + operator + " verifies its crawler by this file alone"
}

// crawlersText says in the language in use which crawlers p lists
// (PublishedFile.Crawlers is the English, kept in JSON).
func crawlersText(p PublishedFile) string {
	switch p.Name {
	case "user-triggered-fetchers-google.json", "user-triggered-agents.json", "user-triggered-fetchers.json",
		"special-crawlers.json", "googlebot.json", "gptbot.json", "searchbot.json":
		return i18n.T("verify.crawlers-" + strings.TrimSuffix(p.Name, ".json"))
	}
	return p.Crawlers
}

// reverseDNSText is p's ReverseDNS in the language in use: a mask stays as
// it is, the sentences saying none is published are translated.
func reverseDNSText(p PublishedFile) string {
	switch {
	case p.Name == "user-triggered-agents.json":
		return i18n.T("verify.reverse-dns-agent")
	case p.ReverseDNS == noNames(familyLabel(p.Family)):
		return i18n.T("verify.reverse-dns-none", "Operator", familyLabel(p.Family))
	}
	if first, second, ok := strings.Cut(p.ReverseDNS, " or "); ok {
		return orList([]string{first, second})
	}
	return p.ReverseDNS
}

// displayOrder is the order files are listed for people: Google's by
// class, then Bing's, OpenAI's and Perplexity's (publishedFiles is in
// matching order).
var displayOrder = []int{4, 3, 2, 0, 1, 5, 6, 7, 8}

// PublishedFiles returns every range file Cutoff knows, Google's five then
// Bing's. The common crawlers' file keeps its old name googlebot.json here;
// common-crawlers.json fills the same slot.
func PublishedFiles() []PublishedFile {
	out := make([]PublishedFile, len(displayOrder))
	for i, j := range displayOrder {
		out[i] = publishedFiles[j].file
	}
	return out
}

// rangeSlot finds the file a name belongs to. It tolerates a directory, any
// case and what browsers add to a downloaded copy ("googlebot (1).json").
func rangeSlot(name string) (PublishedFile, error) {
	base := strings.ToLower(baseName(name))
	for _, p := range publishedFiles {
		for _, c := range p.contains {
			if strings.Contains(base, c) {
				return p.file, nil
			}
		}
	}
	return PublishedFile{}, fmt.Errorf("%w %q: %s", errRangeName, baseName(name), i18n.T("verify.err-range-name-hint"))
}

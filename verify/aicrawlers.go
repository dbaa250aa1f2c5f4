package verify

import (
	"time"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// AI crawler operators. OpenAI and Perplexity publish IP range files and no
// reverse DNS names, so their crawlers are verified by those files alone;
// Anthropic publishes neither (CRAWLERS.md 6).
const (
	FamilyOpenAI     = "openai"
	FamilyPerplexity = "perplexity"
	FamilyAnthropic  = "anthropic"
)

// Classes of the AI operators' range files: each file lists one crawler.
const (
	ClassGPTBot        = "gptbot"
	ClassOAISearchBot  = "oai-searchbot"
	ClassPerplexityBot = "perplexitybot"
)

// aiClaims lists the AI crawlers Cutoff recognises. Those without a class
// have no range file Cutoff reads: their claims cannot be verified.
var aiClaims = []claimDef{
	{"gptbot", FamilyOpenAI, ClassGPTBot, toks("gptbot")},
	{"oai-searchbot", FamilyOpenAI, ClassOAISearchBot, toks("oai-searchbot")},
	{"chatgpt-user", FamilyOpenAI, "", toks("chatgpt-user")},
	{"perplexitybot", FamilyPerplexity, ClassPerplexityBot, toks("perplexitybot")},
	{"perplexity-user", FamilyPerplexity, "", toks("perplexity-user")},
	{"claude-searchbot", FamilyAnthropic, "", toks("claude-searchbot")},
	{"claude-user", FamilyAnthropic, "", toks("claude-user")},
	{"claudebot", FamilyAnthropic, "", toks("claudebot")},
}

// proof is what can show that an address belongs to a claimed crawler.
type proof int

const (
	proofDNS    proof = iota // reverse and forward DNS, and range files where published
	proofRanges              // the operator's range file only: no DNS names are documented
	proofNone                // nothing is published: the claim cannot be verified
)

// proofOf says how a claim is verified: Google, Bing, Apple and Yandex by
// DNS (and ranges), OpenAI's and Perplexity's crawlers with a range file by
// that file alone, the rest of the AI crawlers not at all.
func proofOf(def claimDef) proof {
	switch def.family {
	case FamilyOpenAI, FamilyPerplexity:
		if def.class != "" {
			return proofRanges
		}
		return proofNone
	case FamilyAnthropic:
		return proofNone
	}
	return proofDNS
}

// decideRangesOnly decides a claim verified by range files alone when no
// loaded range holds the address: fake when the operator's file for that
// crawler is loaded, unknown when it is not.
func decideRangesOnly(res *Result, def claimDef, ranges *Ranges) {
	file := rangeFileOf(def.class)
	if ranges.hasClass(def.class) {
		res.Verdict = Fake
		id, date := "verify.ranges-only-fake", ""
		if t, ok := ranges.CreationTime(file.Name); ok {
			id, date = "verify.ranges-only-fake-created", t.Format(time.DateOnly)
		}
		res.Evidence = i18n.T(id, "IP", res.IP, "Operator", familyLabel(def.family), "Crawler", def.name, "File", file.Name, "Date", date)
		return
	}
	res.Verdict = Unknown
	res.Evidence = i18n.T("verify.ranges-only-unknown", "Operator", familyLabel(def.family), "Crawler", def.name, "File", file.Name, "URL", file.URL)
}

// decideUnverifiable says that nothing published can verify the claim.
func decideUnverifiable(res *Result, def claimDef) {
	res.Verdict = Unverifiable
	res.Family = def.family
	id := "verify.unverifiable-no-file"
	if def.family == FamilyAnthropic {
		id = "verify.unverifiable"
	}
	res.Evidence = i18n.T(id, "Operator", familyLabel(def.family), "Crawler", def.name)
}

// rangeFileOf returns the published file of a class.
func rangeFileOf(class string) PublishedFile {
	for _, p := range publishedFiles {
		if p.file.Class == class {
			return p.file
		}
	}
	return PublishedFile{}
}

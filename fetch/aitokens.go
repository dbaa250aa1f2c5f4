package fetch

// AIToken is a robots.txt product token that decides what an AI product may
// take from a site: a crawler that fetches under that token, or a control
// token that no crawler sends and that only tells a vendor what it may do
// with pages its other crawlers fetch. An AIToken is plain data with the
// Source of what it says.
type AIToken struct {
	// Token is the product token as the vendor writes it, e.g. "GPTBot".
	Token  string `json:"token"`
	Vendor string `json:"vendor"`
	// Purpose says what the token controls, short.
	Purpose string `json:"purpose"`
	// Fetches is false for a control token (Google-Extended,
	// Applebot-Extended): no request ever carries it.
	Fetches bool `json:"fetches"`
	// UserTriggered is true for fetchers acting on a user's request, which
	// their vendors say may not follow robots.txt.
	UserTriggered bool `json:"user_triggered,omitempty"`
	// ProfileID names the built-in profile that fetches as this crawler,
	// "" when there is none.
	ProfileID string `json:"profile_id,omitempty"`
	// ReplacedBy is set on a retired token: the tokens that took its place.
	// Old robots.txt files still name retired tokens.
	ReplacedBy string `json:"replaced_by,omitempty"`
	Source     Source `json:"source"`
}

// Dates of the copies the AI token facts come from.
const (
	dateOpenAIBots     = "2026"       // OpenAI bots page, copies read in 2026
	dateGoogleExtended = "2026-09-22" // capture of Google's common-crawlers page
	dateAppleExtended  = "2026"       // Apple's Applebot page, secondary copies of 2026
	dateMetaCrawlers   = "2026"       // Meta crawler list, third-party snapshots of 2026
	dateAmazonbot      = "2026-04-19" // Amazon's Amazonbot page, snapshot of that date
	dateBytespider     = "2026"       // third-party crawler directories only
)

// AITokens returns the tokens people ask about for AI crawlers, current ones
// first, then the retired ones kept for reading old files. Each call returns
// a fresh slice.
func AITokens() []AIToken {
	return append(currentAITokens(), retiredAITokens()...)
}

func currentAITokens() []AIToken {
	return append(append(openAITokens(), anthropicTokens()...), otherAITokens()...)
}

func aiSource(note, date string) Source { return src(fieldRobotsTokens, note, date) }

func openAITokens() []AIToken {
	page := "OpenAI bots page (developers.openai.com/api/docs/bots, copies): "
	return []AIToken{
		{Token: "GPTBot", Vendor: "OpenAI", Purpose: "training data for OpenAI's models", Fetches: true,
			ProfileID: "gptbot", Source: aiSource(page+"a disallow means do not use for training; each OpenAI token is set on its own", dateOpenAIBots)},
		{Token: "OAI-SearchBot", Vendor: "OpenAI", Purpose: "ChatGPT search results", Fetches: true,
			ProfileID: "oai-searchbot", Source: aiSource(page+"opted-out sites are left out of ChatGPT search answers; about 24 h to take effect", dateOpenAIBots)},
		{Token: "ChatGPT-User", Vendor: "OpenAI", Purpose: "pages a ChatGPT user asks for", Fetches: true, UserTriggered: true,
			Source: aiSource(page+"user-initiated, so robots.txt \"may not apply\" (as quoted by llms.fyi)", dateOpenAIBots)},
	}
}

func anthropicTokens() []AIToken {
	docs := "Anthropic crawler docs (support.claude.com/en/articles/8896518, as reported by seroundtable.com " +
		"and techbonafide.com): "
	return []AIToken{
		{Token: "ClaudeBot", Vendor: "Anthropic", Purpose: "training data for Anthropic's models", Fetches: true,
			ProfileID: "claudebot", Source: aiSource(docs+"the training crawler; honours robots.txt and Crawl-delay", dateAnthropicDocs)},
		{Token: "Claude-User", Vendor: "Anthropic", Purpose: "pages a Claude user asks for", Fetches: true, UserTriggered: true,
			Source: aiSource(docs+"the user-fetch agent; honours robots.txt", dateAnthropicDocs)},
		{Token: "Claude-SearchBot", Vendor: "Anthropic", Purpose: "search indexing for Claude's answers", Fetches: true,
			Source: aiSource(docs+"the search-indexing crawler; honours robots.txt", dateAnthropicDocs)},
	}
}

func otherAITokens() []AIToken {
	return []AIToken{
		{Token: "PerplexityBot", Vendor: "Perplexity", Purpose: "Perplexity search answers (not training)", Fetches: true,
			ProfileID: "perplexitybot", Source: aiSource("Perplexity crawlers page (docs.perplexity.ai): honours robots.txt; changes take up to 24 h", dateVendorUndated)},
		{Token: "Perplexity-User", Vendor: "Perplexity", Purpose: "pages a Perplexity user asks for", Fetches: true, UserTriggered: true,
			Source: aiSource("Perplexity crawlers page: user fetches generally ignore robots.txt", dateVendorUndated)},
		{Token: "Google-Extended", Vendor: "Google", Purpose: "Gemini training and grounding; no effect on Search", Fetches: false,
			Source: aiSource("Google, common crawlers page (capture): a control token only; fetching uses the existing Google user agents", dateGoogleExtended)},
		{Token: "Applebot-Extended", Vendor: "Apple", Purpose: "use of Applebot's pages for Apple's AI training", Fetches: false,
			Source: aiSource("Apple, Applebot page (secondary copies): a control token for training use; it does not crawl", dateAppleExtended)},
		{Token: "CCBot", Vendor: "Common Crawl", Purpose: "the open archive many AI training sets use", Fetches: true,
			ProfileID: "ccbot", Source: aiSource("Common Crawl FAQ: checks robots.txt first, supports Crawl-delay", dateCommonCrawlFAQ)},
		{Token: "Meta-ExternalAgent", Vendor: "Meta", Purpose: "training Meta's AI models and indexing for its products", Fetches: true,
			Source: aiSource("Meta crawler page (developers.facebook.com/docs/sharing/webmasters/web-crawlers), via third-party snapshots (crawlerpolicy.com): token meta-externalagent", dateMetaCrawlers)},
		{Token: "Bytespider", Vendor: "ByteDance", Purpose: "ByteDance's AI and search products", Fetches: true,
			Source: aiSource("Third-party crawler directories only; no ByteDance text seen (UNCONFIRMED)", dateBytespider)},
		{Token: "Amazonbot", Vendor: "Amazon", Purpose: "Amazon's products and AI models", Fetches: true,
			Source: aiSource("Amazon, Amazonbot page (developer.amazon.com/amazonbot): respects user-agent, allow and disallow; not crawl-delay; changes within 24 h", dateAmazonbot)},
	}
}

// retiredAITokens are tokens whose vendor renamed them; files written for
// them still exist and still decide nothing for the current crawlers.
func retiredAITokens() []AIToken {
	note := "Anthropic's earlier crawler names, replaced by ClaudeBot, Claude-User and Claude-SearchBot " +
		"(Anthropic crawler docs, as reported)"
	return []AIToken{
		{Token: "anthropic-ai", Vendor: "Anthropic", Purpose: "retired Anthropic token", Fetches: false,
			ReplacedBy: "ClaudeBot, Claude-User, Claude-SearchBot", Source: aiSource(note, dateAnthropicDocs)},
		{Token: "claude-web", Vendor: "Anthropic", Purpose: "retired Anthropic token", Fetches: false,
			ReplacedBy: "ClaudeBot, Claude-User, Claude-SearchBot", Source: aiSource(note, dateAnthropicDocs)},
	}
}

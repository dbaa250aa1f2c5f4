// Package robots reads robots.txt files the way Google does and explains
// every verdict.
//
// It implements RFC 9309 with the behaviour of Google's open-source parser
// (github.com/google/robotstxt), checked against Google's own test cases,
// the robotstxt-spec-test corpus and extra probes in
// testdata/robots-google.json. The implementation is Cutoff's own; it is
// written so that each answer can say which group was chosen, which line
// decided and which rules lost.
//
// # Parsing
//
// Parse reads the first MaxBytes (512,000) bytes and ignores the rest,
// recording where it stopped (File.TruncatedAt) and how much was lost. Lines
// end at CR, LF or CRLF; a leading UTF-8 byte-order mark is skipped, even a
// partial one; each line keeps at most MaxLineBytes (16,663) bytes; a NUL byte
// ends a line; '#' starts a comment. A line is "key: value"; when the colon
// is missing, whitespace may stand in for it if the line has exactly two
// words. Keys are case-insensitive and match by prefix ("Disallowed" is
// disallow), and Google accepts some misspellings: "useragent" and
// "user agent", "disalow", "dissallow", "dissalow", "diasllow", "disallaw",
// and "site-map". Unknown keys, crawl-delay, noindex and other lines Google
// does not use are kept and classed but change nothing. Only ASCII
// whitespace is trimmed. Every line is kept with its 1-based number, byte
// offset and class (File.Lines), so a user interface can show line numbers
// and highlight the deciding line.
//
// A group is a run of user-agent lines and the rules after them; it ends
// only at a user-agent line that follows a rule. Blank lines, comments,
// sitemap and unknown lines do not end a group. Rules before the first
// user-agent line belong to no group and are ignored.
//
// # Choosing the group
//
// A user-agent value is read up to the first character that is not a
// letter, '-' or '_' ("Googlebot/2.1" and "Googlebot Image" both name
// Googlebot); "*", alone or followed by whitespace, is the global group.
// Tokens compare without regard to ASCII case. A crawler obeys only the
// groups naming its token, merged when there are several, and never merged
// with "*"; "*" applies only when no group names it. File.Check does exactly
// this for one token, as Google's OneAgentAllowedByRobots; File.CheckAny
// takes several tokens at once, as AllowedByRobots.
//
// Which token a crawler uses is crawler policy, outside the parser:
// File.CheckChain tries a chain of tokens in order (for example
// googlebot-image, then googlebot), takes the first that a group names,
// then "*" unless the crawler ignores it (AdsBot-Google and kin), and allows
// everything when no group applies. It also applies RFC 9309's rule that
// /robots.txt itself is always allowed.
//
// # Matching rules
//
// Rules match the URL's path, params and query (PathParamsQuery), taken as
// given: the URL is not decoded or normalised, so it must already be
// percent-encoded. Rule values are normalised: bytes outside ASCII are
// percent-encoded and %xx escapes are upper-cased. A pattern is anchored at
// the start of the path; '*' matches any run of characters; '$' anchors the
// end only as the pattern's last character. The longest matching pattern,
// in bytes as written, wins; an allow wins a tie; a rule with an empty value
// never decides. An allow rule ending in a segment that starts with
// "index.htm" also allows its directory ("/a/index.html" allows "/a/"). When
// no rule matches, the URL is allowed.
//
// # Fetching
//
// Fetch gets scheme://host[:port]/robots.txt with the crawler's profile and
// applies Google's status policy: 2xx is parsed; redirects are followed up
// to MaxRedirects (5), after which the file counts as 404; any 4xx but 429
// means no robots.txt (allow all); 429, 5xx and network errors mean
// disallow all. At most ReadCap bytes are read. Cache shares one fetch per
// scheme, host and port between a page and its subresources. Outcome.Check
// gives verdicts that state the policy when there are no rules to apply.
//
// # Lint and second opinion
//
// File.Lint points out mistakes and surprises: accepted typos, rules Google
// ignores, whole-site and CSS/JavaScript blocks, merged groups, sitemap lines
// inside groups, prefixes that catch more than they seem, content past the
// limit and HTML served as robots.txt. Second runs
// github.com/temoto/robotstxt on the same bytes to show where other
// crawlers may read the file differently; it never decides the Google
// verdict.
//
// Input is untrusted: nothing in this package panics on any input, and
// every read is bounded.
package robots

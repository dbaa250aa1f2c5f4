// Package verify tells whether an IP address really belongs to the crawler
// its user agent claims to be.
//
// A user agent string is trivially faked, so crawler operators document two
// checks, both implemented here:
//
//   - reverse DNS: the address's PTR name must lie in the operator's domain
//     (googlebot.com, google.com or gae.googleusercontent.com for Google,
//     search.msn.com for Bing, applebot.apple.com for Applebot, yandex.ru,
//     yandex.net or yandex.com for Yandex), and a forward lookup of that name
//     must return the same address;
//   - published ranges: Google publishes the IP ranges of its crawlers as JSON
//     files, one per crawler class (common crawlers, special-case crawlers,
//     user-triggered fetchers). Cutoff bundles a snapshot of them (see
//     assets/ipranges/SOURCE.md) and lets the user load a newer file.
//
// Sources: Google's "Verifying Googlebot and other Google crawlers" page
// (https://developers.google.com/crawling/docs/crawlers-fetchers/verify-google-requests),
// Bing's "How to verify Bingbot" help page, Apple's Applebot page and
// Yandex's "Check that a robot belongs to Yandex" page, as summarised in the
// project's CRAWLERS.md sections 1.1, 4 and 6.
//
// A [Verifier] combines both checks into a [Result] whose [Verdict] is
// verified, fake or unknown, together with a sentence naming the evidence
// that decided it. DNS goes through an injectable [Resolver] with a short
// timeout per lookup, bounded concurrency and a cache per run; when DNS stops
// answering altogether the run stops asking, so a machine without network
// still gets an answer in bounded time.
//
// [ScanLog] reads a web server access log (common or combined log format) as
// a stream with bounded memory, picks the requests whose user agent claims a
// known crawler, verifies each distinct address once and summarises the
// outcome per claimed crawler.
//
// All input (addresses, log lines, range files, DNS answers) is untrusted:
// nothing here panics on it, and every read is bounded. The package never
// touches the network except through the Resolver it is given.
package verify

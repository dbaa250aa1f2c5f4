// Package inspect is Cutoff's analysis engine: given a page's decoded body,
// its response header and the crawler's cutoff, it computes what the
// crawler really gets.
//
// Analyze returns an Analysis with:
//
//   - the byte map: contiguous spans covering every body byte, each of one
//     kind (inline-script, json-ld, inline-style, data-uri, inline-svg,
//     comment, markup, text, whitespace), and their sums per kind;
//   - the critical elements (title, meta description, robots meta tags,
//     canonical, hreflang, JSON-LD, first h1, main, end of head, last
//     internal link), each placed against the cutoff, with the ones the
//     HTML parser leaves outside the head flagged;
//   - the truncation impact: the kept prefix parsed as a complete document
//     (as the indexer and renderer receive it) compared with the full one;
//   - the robots rules from X-Robots-Tag headers and robots meta tags that
//     apply to the crawler, and which of them it sees;
//   - the inline content that pushes critical elements past the cutoff;
//   - findings: sentences with a severity and a stable code.
//
// All offsets are byte offsets into the decoded body. They come from
// golang.org/x/net/html's tokenizer, whose tokens' raw bytes partition the
// input: a token's offset is the sum of the lengths of the tokens before
// it. The body is read in one pass (the kept prefix's pass forks from it a
// few bytes before the cutoff), following the tree builder's rules where
// they decide what an element is (raw text, foreign content, templates,
// where the head ends) without building a DOM: that pass is inspect/scan. It reads start tags,
// end tags and text itself, by the tokenizer's rules (scan/steptag.go), and
// raw-text contents of 512 bytes or more (a huge inline script), which are
// then never buffered whole; the tokenizer reads the rest. A page costs
// less than a bare tokenizer pass over it.
//
// Page runs that pass while the body downloads: the fetcher tells it of
// every read (fetch.BodyObserver), and the pass reads as far as the body
// has arrived, waiting only where the bytes to come decide a token (see
// scan/stream.go). The result is the same as over the whole body, which the
// fuzzers check; the download's time then overlaps the analysis.
//
// Input is untrusted: nothing here panics on any body, header or offsets,
// and memory stays proportional to the body. NewInput builds the input
// from a fetch result.
package inspect

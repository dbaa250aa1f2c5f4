// Package fetch requests a URL exactly as a named crawler would and counts
// the bytes the way that crawler counts them.
//
// A Profile is plain data describing one crawler: the User-Agent it sends,
// the robots.txt tokens it obeys, the Accept-Encoding it advertises, how many
// redirects it follows and how many bytes of each kind of document it keeps.
// Builtins returns the built-in profiles; every value in them carries a Source
// naming the document it comes from and the date of the copy read.
//
// A Fetcher performs one crawler fetch: a plain HTTP/1.1 GET with no cookies
// and no conditional headers, sending only Host, User-Agent, Accept,
// Accept-Encoding and Connection: close. It reads the response head itself, so
// the header block is known byte for byte (Result.RawHeader), and it decodes
// gzip, deflate and br itself, so both the wire size and the decoded size of
// the body are known. The crawler's count is the header block (when the
// profile counts headers) plus the decoded body; the limit applies to that
// count, and Result.CutoffOffset is where in the decoded body the crawler
// stops. Informational (1xx) responses before the final one are skipped, but
// their header blocks are counted with it, as curl's size_header counts them;
// for an HTTP/1.1 response HeaderBytes equals curl's size_header.
//
// Reading goes on past the cutoff up to a cap (DefaultCap: four times the
// limit, at most MaxCap) so that a report can show what is lost. Every read
// is bounded: the response head by 1 MiB, the decoded body by the cap, which
// also bounds decompression, so a gzip bomb or an endless body costs at most
// the cap in memory and the fetch timeout in time.
//
// Truncation, HTTP error statuses and a body that stopped early are data in
// the Result, not errors. Errors are returned for what prevents a response:
// bad input (see IsUsageError), DNS, TCP and TLS failures, timeouts before the
// response head arrived, redirect loops and oversized headers. Every error is
// an *Error whose message is one plain sentence, and errors.Is works with the
// package's sentinel errors and with context.Canceled.
//
// Input from servers and files is untrusted: nothing in this package panics
// on any input.
package fetch

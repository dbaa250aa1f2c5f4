// Package whatif predicts what a page would give the crawler after a fix,
// by making the fix and inspecting the result: advice by simulation, not
// arithmetic.
//
// Find reads the page's body with golang.org/x/net/html's tokenizer (byte
// offsets are the sums of its tokens' raw lengths) and lists what a site
// can take out of its HTML, named as the page's author sees it:
//
//   - inline <script> elements (no src, a JavaScript type): each becomes
//     <script src="/assets/inline-N.js"></script>, its other attributes
//     kept. JSON-LD is critical, never moved; other data blocks
//     (application/json, templates) are read by the page's scripts from
//     the DOM, so they stay too;
//   - <style> elements: each becomes <link rel="stylesheet"
//     href="/assets/inline-N.css">, keeping a media attribute;
//   - style attributes: each becomes class="s-N" (merged into the tag's
//     class attribute when it has one);
//   - data: URIs in attributes (img src, srcset, link href, poster, ...)
//     and in CSS url() inside <style> elements and style attributes: each
//     becomes a URL of ordinary length (/assets/img-N.png). A data: URI
//     inside a <style> element or style attribute goes with it when that
//     is moved;
//   - HTML comments, removed; conditional comments (<!--[if IE]>) stay,
//     as minifiers keep them;
//   - white space an HTML minifier removes: every run of two or more
//     white-space characters in text becomes one (a newline when the run
//     held one, else a space). The one space between two words is not a
//     run, and nothing changes inside <pre>, <textarea>, <script>,
//     <style> or <title>.
//
// Every edit is a Move: a byte range of the original body (end exclusive)
// and the bytes put in its place. Only edits that make the body smaller
// are listed.
//
// The engine does not import package inspect: inspect calls it. A Page
// carries what it needs of an inspected page (the body, the window the
// crawler reads, the critical elements the analysis found) and Pass, the
// page's own pass as a function, which every simulation runs on the edited
// body. A Plan holds the page and its elements; Simulate applies a chosen
// set of them, and Result summarises what the crawler then gets: body
// bytes, cutoff, critical element kinds kept and lost. A simulation reads
// the edited body only up to its cutoff and 64 KiB past it: the critical
// elements further on are the page's own, moved by the bytes the moves
// take off before them, and lost (body_bytes is known by arithmetic).
//
// Advise proposes, for each critical element kind the crawler loses, the
// fewest moves that bring it back: the largest moves of one kind first,
// several kinds together when no single kind is enough. The byte shifts
// (a move before an element brings it closer by the bytes it saves) pick
// the number of moves; a simulation confirms every proposal before it is
// stated (and, where an edit changed how the page parses, a binary search
// over simulations finds the number). A page costs one simulation per
// distinct proposal, at most a dozen, run side by side. Every message
// says what its own simulation predicts, and the numbers in it are the
// numbers of moves. Advise looks for moves in the body's first Scope
// bytes (twice the window and 64 KiB), and returns nothing at once when
// every lost kind has an element that ends further than that past the
// cutoff: no moves within the scope save as much.
//
// # Using it
//
// inspect.Analyze fills Analysis.Advice (JSON advice[], CLI.md) with
// Advise; each Advice marshals as {kind, message, moves[{start, end,
// replacement}], result{body_bytes, cutoff_offset, kept, lost}}.
//
// The window's what-if panel builds a plan of the whole body with
// inspect.WhatIf(in, analysis), off the UI thread, lists plan.Elements
// (Kind, Move.Start, Move.End, Move.Saved(), Parent) and, when the
// consultant ticks kinds (plan.Select) or single elements, calls
// plan.Simulate(indexes) on a goroutine: Result says what is kept, Body is
// the patched page to export and Moves the list of moved byte ranges;
// inspect.Analyze(inspect.SimulatedInput(in, sim.Body)) draws the
// simulated ruler. An Advice's Elements are the indexes to tick for it
// (in a plan of the whole body they name the same moves when the body
// fits in Advise's scope).
//
// The --what-if flag reads its list with ParseKinds and prints the report
// Report.Simulate makes: the edited body analysed as the page was.
//
// A body read only in part (Page.Incomplete) is simulated as read: what
// lies past the cap is unknown to the simulation as to the analysis.
//
// Input is untrusted: nothing here panics on any body, and memory stays
// proportional to the body. Everything may be called from any goroutine; a
// Plan is read-only once built.
package whatif

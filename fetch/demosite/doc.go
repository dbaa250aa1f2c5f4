// Package demosite serves Cutoff's demo site: a small web site, embedded in
// the binary, that shows every feature of Cutoff offline on the loopback
// interface.
//
// Routes (all GET, HEAD answers the same headers without a body):
//
//	/                 index: every demo page with a one-line explanation
//	/clean            a small clean page (title, description, canonical,
//	                  hreflang pair, JSON-LD, h1, main, links, small CSS and JS)
//	/big              2.6 MB page, head bloated by inline data: images and
//	                  scripts; a JSON-LD block straddles byte 2,000,000, the
//	                  meta robots sits at byte 2,050,000 (between 2,000,000 and
//	                  2,097,152), canonical, hreflang and JSON-LD at 2,150,000
//	/big-gzip         the same bytes with Content-Encoding: gzip
//	/big-br           the same bytes with Content-Encoding: br
//	/resources        a page with subresources: a 3 MB script, CSS @import
//	                  chains and a loop, fonts, images, favicon, preloads, an
//	                  iframe, a script blocked by robots.txt, a script on a
//	                  second host (localhost:PORT), a 404, and a script
//	                  referenced only after byte 2,000,000
//	/rendered         a 2.6 MB page for the rendered view: the 3 MB bundle
//	                  (cut, so it fails to parse) builds a product grid and a
//	                  JSON-LD block, an early script adds links and JSON-LD
//	                  that exist only after rendering, a robots-blocked
//	                  script, a script cut before </script>, and one past the
//	                  cutoff that adds links and the canonical
//	/static/...       the files /resources and the other pages load
//	/private/...      a script robots.txt disallows for googlebot
//	/cdn/...          the second host's script
//	/robots.txt       by Host: for localhost:PORT a file that blocks /cdn/ for
//	                  googlebot; for any other host the teaching file with
//	                  groups for googlebot, googlebot-image, adsbot-google, *
//	/sitemap.xml      the sitemap robots.txt names
//	/redirect         301 → /redirect/2, 302 → /redirect/3, 307 → /clean
//	/loop             302 → /loop/2, 302 → /loop (a redirect loop)
//	/report.pdf       a 70,000,000-byte PDF streamed as it is generated
//	/slow             a 200 kB page sent in 100 pieces over about 10 s
//	/noindex          X-Robots-Tag: googlebot: noindex plus a meta robots
//	/site/sitemap.xml a sitemap index for the Site mode: /site/p/0 … 299
//	                  generated on request (12 kB to 3 MB, a tenth near and a
//	                  tenth over the limit, those with canonical, JSON-LD and a
//	                  link to /site/deep/N past the cutoff), a gzipped sitemap,
//	                  /private/site/N (disallowed for googlebot) and /site/busy
//	                  (429 with Retry-After: 1 the first time)
//
// Every response has a fixed Content-Length and the same bytes on every run:
// bulky parts are generated from fixed seeds, once per page and origin, and
// kept. Pages carry absolute URLs built from the request's Host; the second
// host is always localhost on the same port.
//
// Page skeletons live in assets/demo. In them, {{origin}} and {{second}}
// become the two hosts' URLs, and {{kind OFFSET}} becomes generated filler
// (bloat, images, text, js or words) that ends exactly at byte OFFSET, which
// is how elements land at the offsets above.
package demosite

// Package assets holds the files Cutoff ships inside its binary: the
// application icon, Google's published crawler IP ranges and the demo site's
// pages. It has no dependencies so that every other package may use it.
package assets

import "embed"

// Icon is the application icon, a 512×512 PNG.
//
//go:embed Icon.png
var Icon []byte

// IPRanges holds Google's crawler IP range files (ipranges/*.json), a
// snapshot of the files Google publishes; see ipranges/SOURCE.md.
//
//go:embed ipranges
var IPRanges embed.FS

// Demo holds the demo site's static pages and templates (demo/...).
//
//go:embed demo
var Demo embed.FS

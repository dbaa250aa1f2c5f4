package resources

import (
	"path"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Why a reference is listed but not fetched, said when called, in the
// language in use then. Google's renderer fetches scripts, stylesheets and
// XHR through the crawler, and skips media, fonts and a few exotic types
// (CRAWLERS.md §2.4).
var (
	exclImage     = i18n.Later("resources.excluded-image")
	exclMedia     = i18n.Later("resources.excluded-media")
	exclFont      = i18n.Later("resources.excluded-font")
	exclIcon      = i18n.Later("resources.excluded-icon")
	exclManifest  = i18n.Later("resources.excluded-manifest")
	exclPlugin    = i18n.Later("resources.excluded-plugin")
	exclData      = i18n.Later("resources.excluded-data")
	exclNoModule  = i18n.Later("resources.excluded-nomodule")
	exclCSSOther  = i18n.Later("resources.excluded-css-other")
	exclNoPreload = i18n.Later("resources.excluded-no-preload")
	exclCycle     = i18n.Later("resources.excluded-cycle")
)

func exclScheme(scheme string) func() string {
	return i18n.Later("resources.excluded-scheme", "Scheme", scheme)
}

func exclBadURL(raw string) func() string {
	return i18n.Later("resources.excluded-bad-url", "URL", strconv.Quote(resShorten(raw, 80)))
}

func exclScriptType(typ string) func() string {
	return i18n.Later("resources.excluded-script-type", "Type", strconv.Quote(resShorten(typ, 60)))
}

func exclPreloadAs(as string) func() string {
	return i18n.Later("resources.excluded-preload-as", "As", strconv.Quote(resShorten(as, 40)))
}

// excludedReasonFor returns the reason for an excluded kind, nil for a
// kind that is fetched.
func excludedReasonFor(k Kind) func() string {
	switch k {
	case Image:
		return exclImage
	case Media:
		return exclMedia
	case Font:
		return exclFont
	case Icon:
		return exclIcon
	}
	return nil
}

// resJSTypes are the script type values browsers run as classic scripts (the
// JavaScript MIME type essences of the HTML standard), plus "module".
var resJSTypes = map[string]bool{
	"": true, "module": true,
	"application/ecmascript": true, "application/javascript": true, "application/x-ecmascript": true,
	"application/x-javascript": true, "text/ecmascript": true, "text/javascript": true,
	"text/javascript1.0": true, "text/javascript1.1": true, "text/javascript1.2": true,
	"text/javascript1.3": true, "text/javascript1.4": true, "text/javascript1.5": true,
	"text/jscript": true, "text/livescript": true, "text/x-ecmascript": true, "text/x-javascript": true,
}

// preloadKind maps a preload's as attribute to the kind listed and the
// reason it is not fetched (nil when it is).
func preloadKind(as string) (Kind, func() string) {
	switch as {
	case "script", "style", "fetch":
		return Preload, nil
	case "font":
		return Font, exclFont
	case "image":
		return Image, exclImage
	case "audio", "video", "track":
		return Media, exclMedia
	case "":
		return Other, exclNoPreload
	}
	return Other, exclPreloadAs(as)
}

// File extensions that say what a CSS url() points to.
var (
	resFontExts  = resExtSet("woff", "woff2", "ttf", "otf", "eot")
	resImageExts = resExtSet("png", "jpg", "jpeg", "jpe", "gif", "webp", "avif", "svg", "svgz", "ico", "cur", "bmp",
		"apng", "jxl", "tif", "tiff", "heic", "heif")
	resMediaExts = resExtSet("mp4", "m4v", "webm", "ogv", "ogg", "oga", "mp3", "m4a", "wav", "aac", "flac", "opus", "mov",
		"vtt")
)

func resExtSet(exts ...string) map[string]bool {
	m := make(map[string]bool, len(exts))
	for _, e := range exts {
		m[e] = true
	}
	return m
}

// cssImageProperties are the CSS properties whose url() values are images.
var cssImageProperties = []string{"background", "list-style", "border-image", "mask", "-webkit-mask", "cursor",
	"content", "shape-outside", "-webkit-box-reflect"}

// classifyCSSURL decides the kind of a url() reference in a stylesheet:
// by @font-face context, by file extension, then by property.
func classifyCSSURL(rawURL string, fontFace bool, property string) Kind {
	ext := resURLExt(rawURL)
	switch {
	case fontFace || resFontExts[ext]:
		return Font
	case resImageExts[ext]:
		return Image
	case resMediaExts[ext]:
		return Media
	}
	for _, p := range cssImageProperties {
		if strings.HasPrefix(property, p) {
			return Image
		}
	}
	return Other
}

// resURLExt returns the lower-case extension of a URL's path, without the
// dot, ignoring query and fragment.
func resURLExt(u string) string {
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	ext := path.Ext(u)
	if len(ext) < 2 || len(ext) > 6 {
		return ""
	}
	return strings.ToLower(ext[1:])
}

// resShorten cuts s to at most n bytes on a UTF-8 boundary and marks the cut
// with an ellipsis.
func resShorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

package fetch

import (
	"bytes"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strings"
)

// sniffLen is how many leading body bytes DetectKind looks at, as in the
// WHATWG sniffing algorithm that http.DetectContentType implements.
const sniffLen = 512

// DetectKind decides which limit applies to a document, the way Google
// decides its file type: from the Content-Type header first; when that is
// missing or says only "binary data", from the body (a %PDF- signature, HTML
// markup); then from the extension of ref (a URL or a file path); and last
// from whether the body looks like text. body may be just its first bytes.
func DetectKind(contentType string, body []byte, ref string) Kind {
	if k, ok := kindFromMediaType(mediaType(contentType)); ok {
		return k
	}
	head := body[:min(len(body), sniffLen)]
	if isPDF(head) {
		return KindPDF
	}
	sniffed := mediaType(http.DetectContentType(head))
	if sniffed == "text/html" || sniffed == "text/xml" {
		return KindHTML
	}
	if k, ok := kindFromExtension(ref); ok {
		return k
	}
	if len(head) > 0 && sniffed == "text/plain" {
		return KindHTML
	}
	return KindOther
}

// mediaType returns the lower-case media type of a Content-Type value, or
// "" when there is none.
func mediaType(contentType string) string {
	if mt, _, err := mime.ParseMediaType(contentType); err == nil {
		return mt
	}
	mt, _, _ := strings.Cut(contentType, ";")
	return strings.ToLower(strings.TrimSpace(mt))
}

// genericTypes say nothing about the document and leave the decision to
// the body and the extension.
var genericTypes = map[string]bool{
	"": true, "application/octet-stream": true, "binary/octet-stream": true,
	"application/unknown": true, "unknown/unknown": true, "application/x-unknown": true,
	"application/force-download": true, "application/x-download": true,
}

// scriptTypes are text types that Google fetches as resources rather than
// indexes as documents; they fall under the "other" limit.
var scriptTypes = map[string]bool{
	"text/css": true, "text/javascript": true, "text/ecmascript": true,
	"application/javascript": true, "application/x-javascript": true,
	"application/ecmascript": true, "text/x-javascript": true, "application/json": true,
	"application/ld+json": true, "application/manifest+json": true,
}

// kindFromMediaType maps a media type to a kind; ok is false for generic
// types that decide nothing.
func kindFromMediaType(mt string) (Kind, bool) {
	switch {
	case genericTypes[mt] || !strings.Contains(mt, "/"):
		return "", false
	case mt == "application/pdf" || mt == "application/x-pdf":
		return KindPDF, true
	case scriptTypes[mt]:
		return KindOther, true
	case strings.HasPrefix(mt, "text/"), mt == "application/xhtml+xml", mt == "application/xml",
		strings.HasSuffix(mt, "+xml"):
		return KindHTML, true
	}
	return KindOther, true
}

// isPDF reports whether the body starts with the PDF signature. PDF readers
// accept junk before it, so the signature may come anywhere in the sniffed
// prefix, as long as no markup precedes it.
func isPDF(head []byte) bool {
	i := bytes.Index(head, []byte("%PDF-"))
	return i >= 0 && bytes.IndexByte(head[:i], '<') < 0
}

// textExtensions are the extensions of the text types Google indexes.
var textExtensions = map[string]bool{
	".html": true, ".htm": true, ".xhtml": true, ".shtml": true, ".php": true, ".asp": true,
	".aspx": true, ".jsp": true, ".txt": true, ".text": true, ".csv": true, ".xml": true,
	".kml": true, ".gpx": true, ".svg": true, ".tex": true, ".wml": true, ".bas": true,
	".c": true, ".cc": true, ".cpp": true, ".cxx": true, ".h": true, ".hpp": true,
	".cs": true, ".java": true, ".pl": true, ".py": true, ".rss": true, ".atom": true,
}

// kindFromExtension maps the extension of a URL's path, or of a file path,
// to a kind.
func kindFromExtension(ref string) (Kind, bool) {
	p := ref
	if u, err := url.Parse(ref); err == nil && u.Scheme != "" && len(u.Scheme) > 1 {
		p = u.Path
	}
	ext := strings.ToLower(path.Ext(strings.ReplaceAll(p, `\`, "/")))
	switch {
	case ext == ".pdf":
		return KindPDF, true
	case textExtensions[ext]:
		return KindHTML, true
	}
	return "", false
}

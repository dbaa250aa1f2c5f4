package robots

import "bytes"

// htmlSniffBytes is how much of the start of a body looksLikeHTML reads.
const htmlSniffBytes = 4096

// htmlMarkers are lower-case tag starts that do not belong in a robots.txt.
var htmlMarkers = [][]byte{
	[]byte("<!doctype html"), []byte("<html"), []byte("<head"), []byte("<body"),
	[]byte("<meta "), []byte("<title"), []byte("<script"), []byte("<div"),
}

// looksLikeHTML reports whether body looks like an HTML page (an error page
// or a site's home page served as robots.txt): its first non-blank byte is
// '<' and an HTML tag appears near the start.
func looksLikeHTML(body []byte) bool {
	head := body[bomPrefix(body):]
	if len(head) > htmlSniffBytes {
		head = head[:htmlSniffBytes]
	}
	head = bytes.TrimLeft(head, " \t\r\n\f\v")
	if len(head) == 0 || head[0] != '<' {
		return false
	}
	lower := bytes.ToLower(head)
	for _, m := range htmlMarkers {
		if bytes.Contains(lower, m) {
			return true
		}
	}
	return false
}

package robots

import "strings"

// matchPattern reports whether a robots.txt pattern matches path. The pattern
// is anchored at the start of the path; '*' matches any run of bytes
// (including none); a '$' that ends the pattern anchors it at the end of the
// path, and a '$' anywhere else is an ordinary byte. Comparison is byte-wise
// and case-sensitive.
//
// The pattern is cut at each '*' into literal pieces. The first piece must be
// a prefix; every later piece is looked for at its leftmost position after the
// previous one, which is always the best choice because '*' can absorb any
// gap. Worst-case time is O(len(path) × len(pattern)), with no backtracking.
func matchPattern(path, pattern string) bool {
	anchored := strings.HasSuffix(pattern, "$")
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	star := strings.IndexByte(pattern, '*')
	if star < 0 {
		if anchored {
			return path == pattern
		}
		return strings.HasPrefix(path, pattern)
	}
	if !strings.HasPrefix(path, pattern[:star]) {
		return false
	}
	return matchAfterStar(path[star:], pattern[star+1:], anchored)
}

// matchAfterStar matches the rest of a pattern that followed a '*' against
// rest, the part of the path not yet consumed.
func matchAfterStar(rest, pattern string, anchored bool) bool {
	for {
		star := strings.IndexByte(pattern, '*')
		if star < 0 {
			if anchored {
				return len(rest) >= len(pattern) && strings.HasSuffix(rest, pattern)
			}
			return strings.Contains(rest, pattern)
		}
		piece := pattern[:star]
		i := strings.Index(rest, piece)
		if i < 0 {
			return false
		}
		rest = rest[i+len(piece):]
		pattern = pattern[star+1:]
	}
}

// indexDirectory returns the pattern Google also tries for an allow rule
// whose last path segment starts with "index.htm": the directory, anchored
// ("/a/index.html" gives "/a/$"). ok is false for other patterns.
func indexDirectory(pattern string) (dir string, ok bool) {
	slash := strings.LastIndexByte(pattern, '/')
	if slash < 0 || !strings.HasPrefix(pattern[slash:], "/index.htm") {
		return "", false
	}
	return pattern[:slash+1] + "$", true
}

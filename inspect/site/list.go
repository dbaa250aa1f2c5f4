package site

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// maxListURLs bounds a URL list.
const maxListURLs = 1_000_000

// ParseList reads a URL list, one URL a line: blank lines and lines starting
// with # are skipped, surrounding spaces trimmed. Lines that are not URLs
// are kept: the run gives each a row saying so.
func ParseList(r io.Reader) ([]string, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var urls []string
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if len(urls) == maxListURLs {
			return urls, fmt.Errorf("the list has more than %d URLs; only the first %d are read", maxListURLs, maxListURLs)
		}
		urls = append(urls, line)
	}
	if err := sc.Err(); err != nil {
		return urls, fmt.Errorf("the URL list cannot be read: %v", err)
	}
	return urls, nil
}

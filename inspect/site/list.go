package site

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
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
			return urls, errors.New(i18n.T("site.list-too-long", "Max", strconv.Itoa(maxListURLs)))
		}
		urls = append(urls, line)
	}
	if err := sc.Err(); err != nil {
		return urls, errors.New(i18n.T("site.list-unreadable", "Cause", err.Error()))
	}
	return urls, nil
}

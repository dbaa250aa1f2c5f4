package site

import (
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// The sitemaps protocol's bounds (sitemaps.org): a file lists at most
// 50,000 URLs and is at most 50 MiB (52,428,800 bytes) uncompressed.
const (
	MaxSitemapURLs  = 50000
	MaxSitemapBytes = 50 << 20
)

// sitemapFile is what one sitemap file lists.
type sitemapFile struct {
	index bool     // a sitemap index: locs are sitemaps
	locs  []string // <loc> values, in order, at most MaxSitemapURLs
	// note says, in a sentence, what was wrong with the file but did not
	// stop it from being read (more than 50,000 URLs, an XML error after
	// some URLs); empty when nothing was.
	note string
}

// errNotSitemap wraps every reason a file is not read as a sitemap.
var errNotSitemap error = catalogError("site.err-not-sitemap")

// parseSitemap reads a sitemap or sitemap index from data (gzip-compressed
// or not, at most MaxSitemapBytes once decompressed). name is used in
// sentences. It never reads more than MaxSitemapBytes + 1 decompressed
// bytes, so a gzip bomb costs no more than a big plain file.
func parseSitemap(name string, data []byte) (*sitemapFile, error) {
	data, err := gunzipBounded(name, data)
	if err != nil {
		return nil, err
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	root, err := rootElement(d)
	if err != nil {
		return nil, fmt.Errorf("%w: %s", errNotSitemap, i18n.T("site.sitemap-not-xml", "Name", name, "Cause", xmlErrorText(err)))
	}
	f := &sitemapFile{}
	switch root {
	case "urlset":
	case "sitemapindex":
		f.index = true
	default:
		return nil, fmt.Errorf("%w: %s", errNotSitemap, i18n.T("site.sitemap-wrong-root", "Name", name, "Root", root))
	}
	readLocs(d, name, f)
	return f, nil
}

// gunzipBounded decompresses data when it starts with the gzip magic
// number, reading at most MaxSitemapBytes + 1 bytes.
func gunzipBounded(name string, data []byte) ([]byte, error) {
	if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		return data, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %s", errNotSitemap, i18n.T("site.sitemap-not-gzip", "Name", name, "Cause", err.Error()))
	}
	out, err := io.ReadAll(io.LimitReader(zr, MaxSitemapBytes+1))
	switch {
	case len(out) > MaxSitemapBytes:
		return nil, fmt.Errorf("%w: %s", errNotSitemap, i18n.T("site.sitemap-gzip-too-large", "Name", name))
	case err != nil:
		return nil, fmt.Errorf("%w: %s", errNotSitemap, i18n.T("site.sitemap-gzip-damaged", "Name", name, "Cause", err.Error()))
	}
	return out, nil
}

// rootElement returns the local name of the first element.
func rootElement(d *xml.Decoder) (string, error) {
	for {
		tok, err := d.Token()
		if err != nil {
			if err == io.EOF {
				return "", errors.New(i18n.T("site.xml-no-element"))
			}
			return "", err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			return strings.ToLower(t.Name.Local), nil
		case xml.CharData:
			if len(bytes.TrimSpace(t)) > 0 {
				return "", errors.New(i18n.T("site.xml-text-first"))
			}
		}
	}
}

// readLocs collects the <loc> of each <url> or <sitemap> entry.
func readLocs(d *xml.Decoder, name string, f *sitemapFile) {
	inLoc := false
	var loc strings.Builder
	for {
		tok, err := d.Token()
		if err != nil {
			if err != io.EOF {
				f.note = i18n.T("site.sitemap-xml-error", "Name", name, "N", strconv.Itoa(len(f.locs)), "Cause", xmlErrorText(err))
			}
			return
		}
		switch t := tok.(type) {
		case xml.StartElement:
			inLoc = strings.EqualFold(t.Name.Local, "loc")
			loc.Reset()
		case xml.CharData:
			if inLoc && loc.Len() < 4096 {
				loc.Write(t)
			}
		case xml.EndElement:
			if inLoc && strings.EqualFold(t.Name.Local, "loc") {
				if v := strings.TrimSpace(loc.String()); v != "" {
					if len(f.locs) == MaxSitemapURLs {
						f.note = i18n.T("site.sitemap-too-many-urls", "Name", name, "Max", MaxSitemapURLs)
						return
					}
					f.locs = append(f.locs, v)
				}
			}
			inLoc = false
		}
	}
}

// xmlErrorText is an XML error without the package's prefix.
func xmlErrorText(err error) string {
	return strings.TrimPrefix(err.Error(), "XML syntax error on ")
}

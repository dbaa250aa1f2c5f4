package verify

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Crawler classes, as Google groups its crawlers and its IP range files.
const (
	ClassCommon        = "common"         // Googlebot and the other common crawlers
	ClassSpecial       = "special"        // AdsBot and the other special-case crawlers
	ClassUserTriggered = "user-triggered" // fetchers acting on a user's request
)

// MaxRangeFileBytes is the largest range file LoadRanges accepts, in bytes.
// Google's largest file is about 80 KB; the margin allows for growth.
const MaxRangeFileBytes = 8 << 20

// creationLayout is the timestamp format of Google's creationTime field,
// e.g. "2025-08-19T14:46:20.000000" (no zone; Google publishes UTC).
const creationLayout = "2006-01-02T15:04:05.999999"

var (
	errRangeTooBig     error = message("verify.err-range-too-big")
	errRangeNoPrefixes error = message("verify.err-range-no-prefixes")
	errRangeName       error = message("verify.err-range-name")
)

// RangeFile is one of Google's published IP range files, parsed.
type RangeFile struct {
	// Name is the canonical file name, e.g. "googlebot.json".
	Name string
	// Class is the crawler class the file lists (ClassCommon, ...).
	Class string
	// Family is the operator whose crawlers the file lists (FamilyGoogle,
	// FamilyBing).
	Family string
	// Created is the file's creationTime, in UTC.
	Created time.Time
	// Prefixes are the file's CIDR prefixes, masked, in file order.
	Prefixes []netip.Prefix
}

// rangeFileJSON is the published schema: each prefix object holds exactly
// one of ipv4Prefix or ipv6Prefix.
type rangeFileJSON struct {
	CreationTime string `json:"creationTime"`
	Prefixes     []struct {
		IPv4 string `json:"ipv4Prefix"`
		IPv6 string `json:"ipv6Prefix"`
	} `json:"prefixes"`
}

// baseName is the last element of a slash or backslash path.
func baseName(name string) string {
	return path.Base(strings.ReplaceAll(name, `\`, "/"))
}

// LoadRanges parses one of the IP range files of PublishedFiles (Google's
// five, Bing's bingbot.json). name is the file's name (it decides the crawler
// class, see the table in assets/ipranges/SOURCE.md); data is its JSON
// content, at most MaxRangeFileBytes. Google's "Action needed" notice, served
// at the old addresses instead of a list, is refused with a sentence naming
// the new address.
func LoadRanges(name string, data []byte) (*RangeFile, error) {
	slot, err := rangeSlot(name)
	if err != nil {
		return nil, err
	}
	if len(data) > MaxRangeFileBytes {
		return nil, fmt.Errorf("%w: %s", errRangeTooBig, i18n.T("verify.err-range-size", "File", name,
			"Bytes", strconv.Itoa(len(data)), "Limit", strconv.Itoa(MaxRangeFileBytes)))
	}
	if url, ok := movedNotice(data, slot); ok {
		return nil, &MovedError{File: baseName(name), URL: url}
	}
	var raw rangeFileJSON
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, &wrapped{i18n.T("verify.err-not-range-file", "File", name, "Error", err.Error()), err}
	}
	created, err := parseCreationTime(raw.CreationTime)
	if err != nil {
		return nil, fmt.Errorf("verify: %s: %w", name, err)
	}
	f := &RangeFile{Name: slot.Name, Class: slot.Class, Family: slot.Family, Created: created}
	for i, p := range raw.Prefixes {
		pfx, err := parseRangePrefix(p.IPv4, p.IPv6)
		if err != nil {
			return nil, fmt.Errorf("verify: %s: %s: %w", name, i18n.T("verify.err-prefix-number", "Number", strconv.Itoa(i+1)), err)
		}
		f.Prefixes = append(f.Prefixes, pfx)
	}
	if len(f.Prefixes) == 0 {
		return nil, fmt.Errorf("%w: %s", errRangeNoPrefixes, name)
	}
	return f, nil
}

// parseCreationTime reads Google's timestamp, also accepting RFC 3339 in
// case the format gains a zone.
func parseCreationTime(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, errors.New(i18n.T("verify.err-no-creation-time"))
	}
	if t, err := time.Parse(creationLayout, s); err == nil {
		return t.UTC(), nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, errors.New(i18n.T("verify.err-creation-time", "Value", strconv.Quote(s)))
	}
	return t.UTC(), nil
}

// parseRangePrefix parses one prefix object, which must hold exactly one
// key, of the family its name says.
func parseRangePrefix(v4, v6 string) (netip.Prefix, error) {
	if (v4 == "") == (v6 == "") {
		return netip.Prefix{}, errors.New(i18n.T("verify.err-prefix-family-field"))
	}
	s := strings.Map(dropInvisible, v4+v6)
	p, err := netip.ParsePrefix(s)
	if err != nil {
		return netip.Prefix{}, errors.New(i18n.T("verify.err-not-cidr", "Value", strconv.Quote(s)))
	}
	if p.Addr().Is4() != (v4 != "") {
		return netip.Prefix{}, errors.New(i18n.T("verify.err-wrong-family", "Value", strconv.Quote(s)))
	}
	return p.Masked(), nil
}

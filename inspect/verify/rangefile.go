package verify

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"path"
	"strings"
	"time"
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
	errRangeTooBig     = errors.New("verify: range file too large")
	errRangeNoPrefixes = errors.New("verify: range file lists no prefixes")
	errRangeName       = errors.New("verify: unknown range file name")
)

// RangeFile is one of Google's published IP range files, parsed.
type RangeFile struct {
	// Name is the canonical file name, e.g. "googlebot.json".
	Name string
	// Class is the crawler class the file lists (ClassCommon, ...).
	Class string
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

// knownRangeFile maps a file's canonical name to its class. The common
// crawlers' file was renamed from googlebot.json to common-crawlers.json in
// February 2026; both names fill the same slot.
type knownRangeFile struct {
	name  string
	class string
}

// rangeFileNames lists the slots in the order Match tries them. More
// specific names come first so that "user-triggered-fetchers-google.json"
// is not taken for "user-triggered-fetchers.json".
var rangeFileNames = []struct {
	contains string
	file     knownRangeFile
}{
	{"user-triggered-fetchers-google", knownRangeFile{"user-triggered-fetchers-google.json", ClassUserTriggered}},
	{"user-triggered-agents", knownRangeFile{"user-triggered-agents.json", ClassUserTriggered}},
	{"user-triggered-fetchers", knownRangeFile{"user-triggered-fetchers.json", ClassUserTriggered}},
	{"special-crawlers", knownRangeFile{"special-crawlers.json", ClassSpecial}},
	{"common-crawlers", knownRangeFile{"googlebot.json", ClassCommon}},
	{"googlebot", knownRangeFile{"googlebot.json", ClassCommon}},
}

// rangeSlot finds the slot a file name belongs to. It tolerates a directory,
// any case and what browsers add to a downloaded copy ("googlebot (1).json").
func rangeSlot(name string) (knownRangeFile, error) {
	base := strings.ToLower(path.Base(strings.ReplaceAll(name, `\`, "/")))
	for _, n := range rangeFileNames {
		if strings.Contains(base, n.contains) {
			return n.file, nil
		}
	}
	return knownRangeFile{}, fmt.Errorf("%w %q: the name must contain common-crawlers, googlebot, "+
		"special-crawlers, user-triggered-fetchers, user-triggered-fetchers-google or user-triggered-agents",
		errRangeName, path.Base(name))
}

// LoadRanges parses one of Google's IP range files. name is the file's name
// (it decides the crawler class, see the table in assets/ipranges/SOURCE.md);
// data is its JSON content, at most MaxRangeFileBytes.
func LoadRanges(name string, data []byte) (*RangeFile, error) {
	slot, err := rangeSlot(name)
	if err != nil {
		return nil, err
	}
	if len(data) > MaxRangeFileBytes {
		return nil, fmt.Errorf("%w: %s is %d bytes, the limit is %d", errRangeTooBig, name, len(data), MaxRangeFileBytes)
	}
	var raw rangeFileJSON
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("verify: %s is not a Google IP range file (invalid JSON: %w)", name, err)
	}
	created, err := parseCreationTime(raw.CreationTime)
	if err != nil {
		return nil, fmt.Errorf("verify: %s: %w", name, err)
	}
	f := &RangeFile{Name: slot.name, Class: slot.class, Created: created}
	for i, p := range raw.Prefixes {
		pfx, err := parseRangePrefix(p.IPv4, p.IPv6)
		if err != nil {
			return nil, fmt.Errorf("verify: %s: prefix %d: %w", name, i+1, err)
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
		return time.Time{}, errors.New("the creationTime field is missing")
	}
	if t, err := time.Parse(creationLayout, s); err == nil {
		return t.UTC(), nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("creationTime %q is not a timestamp", s)
	}
	return t.UTC(), nil
}

// parseRangePrefix parses one prefix object, which must hold exactly one
// key, of the family its name says.
func parseRangePrefix(v4, v6 string) (netip.Prefix, error) {
	if (v4 == "") == (v6 == "") {
		return netip.Prefix{}, errors.New("each prefix needs exactly one of ipv4Prefix or ipv6Prefix")
	}
	s := v4 + v6
	p, err := netip.ParsePrefix(s)
	if err != nil {
		return netip.Prefix{}, fmt.Errorf("%q is not a CIDR prefix", s)
	}
	if p.Addr().Is4() != (v4 != "") {
		return netip.Prefix{}, fmt.Errorf("%q is filed under the wrong address family", s)
	}
	return p.Masked(), nil
}

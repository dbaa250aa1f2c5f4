package whatif

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Kind is a kind of movable element. Its text form (used by the
// --what-if flag and in JSON) is one of the names listed with the
// constants.
type Kind uint8

// Kinds of movable elements, in the order advice names them.
const (
	Styles          Kind = iota // "styles": <style> elements
	Scripts                     // "scripts": inline <script> elements
	StyleAttributes             // "style-attributes": style="" attributes
	DataURIs                    // "data-uris": data: URIs in attributes and CSS
	Comments                    // "comments": HTML comments
	Whitespace                  // "whitespace": runs of white space a minifier collapses
	numKinds
)

var kindNames = [numKinds]string{
	Styles:          "styles",
	Scripts:         "scripts",
	StyleAttributes: "style-attributes",
	DataURIs:        "data-uris",
	Comments:        "comments",
	Whitespace:      "whitespace",
}

// String returns the kind's name, e.g. "scripts".
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// MarshalText encodes the kind as its name.
func (k Kind) MarshalText() ([]byte, error) {
	if k >= numKinds {
		return nil, errors.New(i18n.T("whatif.unknown-kind", "Kind", k.String()))
	}
	return []byte(kindNames[k]), nil
}

// UnmarshalText decodes a kind name.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if n == string(b) {
			*k = Kind(i)
			return nil
		}
	}
	return errors.New(i18n.T("whatif.unknown-kind-name", "Kind", strconv.Quote(string(b)), "Known", strings.Join(kindNames[:], ", ")))
}

// Kinds is a set of kinds.
type Kinds uint8

// AllKinds holds every kind.
const AllKinds Kinds = 1<<numKinds - 1

// KindsOf returns the set holding ks.
func KindsOf(ks ...Kind) Kinds {
	var s Kinds
	for _, k := range ks {
		if k < numKinds {
			s |= 1 << k
		}
	}
	return s
}

// Has reports whether k is in the set.
func (s Kinds) Has(k Kind) bool { return k < numKinds && s&(1<<k) != 0 }

// List returns the set's kinds in their fixed order.
func (s Kinds) List() []Kind {
	var out []Kind
	for k := range numKinds {
		if s.Has(k) {
			out = append(out, k)
		}
	}
	return out
}

// String returns the set as ParseKinds reads it: "scripts,styles".
func (s Kinds) String() string {
	names := make([]string, 0, numKinds)
	for _, k := range s.List() {
		names = append(names, k.String())
	}
	return strings.Join(names, ",")
}

// ParseKinds reads a comma-separated list of kind names, such as
// "scripts,styles,data-uris,comments,whitespace"; "all" stands for every
// kind. Spaces around names and empty items are ignored; an unknown name
// is an error that lists the known ones.
func ParseKinds(list string) (Kinds, error) {
	var s Kinds
	for _, item := range strings.Split(list, ",") {
		item = strings.ToLower(strings.TrimSpace(item))
		if item == "" {
			continue
		}
		if item == "all" {
			s = AllKinds
			continue
		}
		var k Kind
		if err := k.UnmarshalText([]byte(item)); err != nil {
			return 0, err
		}
		s |= KindsOf(k)
	}
	if s == 0 {
		return 0, errors.New(i18n.T("whatif.no-kinds", "List", strconv.Quote(list)))
	}
	return s, nil
}

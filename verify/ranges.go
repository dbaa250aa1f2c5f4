package verify

import (
	"errors"
	"fmt"
	"io/fs"
	"net/netip"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cutoffapp/cutoff/assets"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// RangeMatch says which published range holds an address.
type RangeMatch struct {
	Matched bool   `json:"matched"`
	File    string `json:"file"`   // canonical file name, e.g. "googlebot.json"
	Prefix  string `json:"prefix"` // the matching CIDR prefix, e.g. "66.249.64.0/27"
	Class   string `json:"class"`  // ClassCommon, ClassSpecial, ClassUserTriggered or ClassBing
	// Family is the operator of the file, FamilyGoogle or FamilyBing.
	Family string `json:"family,omitempty"`
}

// RangeFileInfo describes one loaded range file.
type RangeFileInfo struct {
	Name     string    // canonical file name
	Class    string    // crawler class
	Created  time.Time // creationTime, UTC
	Prefixes int       // number of prefixes
	Bundled  bool      // true for the snapshot shipped inside Cutoff
}

// Ranges is a set of Google IP range files, at most one per file name, with
// an index for fast lookups. All methods are safe for concurrent use: a
// Replace never disturbs a Match running beside it.
type Ranges struct {
	mu  sync.Mutex // serialises writers; readers use idx
	idx atomic.Pointer[rangeIndex]
}

// rangeIndex is an immutable snapshot: the files, and for each prefix
// length in use a map from masked prefix to what it matched. Google's files
// use only a handful of lengths, so a lookup is a few map probes, longest
// first, which also makes nested prefixes resolve to the most specific one.
type rangeIndex struct {
	files     []*RangeFile
	bundled   map[string]bool
	byPrefix  map[netip.Prefix]RangeMatch
	lengths4  []int // distinct IPv4 prefix lengths, longest first
	lengths6  []int // distinct IPv6 prefix lengths, longest first
	createdAt map[string]time.Time
}

// NewRanges builds a set from already parsed files. A later file with the
// same Name replaces an earlier one.
func NewRanges(files ...*RangeFile) *Ranges {
	r := &Ranges{}
	r.idx.Store(buildIndex(dedupeFiles(files), nil))
	return r
}

// Bundled returns the range files shipped inside Cutoff (assets/ipranges).
func Bundled() (*Ranges, error) {
	entries, err := fs.ReadDir(assets.IPRanges, "ipranges")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", i18n.T("verify.err-bundled"), err)
	}
	var files []*RangeFile
	for _, e := range entries {
		if e.IsDir() || !isJSONName(e.Name()) {
			continue
		}
		data, err := fs.ReadFile(assets.IPRanges, "ipranges/"+e.Name())
		if err != nil {
			return nil, fmt.Errorf("%s: %w", i18n.T("verify.err-bundled"), err)
		}
		f, err := LoadRanges(e.Name(), data)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	files = dedupeFiles(files)
	bundled := make(map[string]bool, len(files))
	for _, f := range files {
		bundled[f.Name] = true
	}
	r := &Ranges{}
	r.idx.Store(buildIndex(files, bundled))
	return r, nil
}

func isJSONName(name string) bool {
	return len(name) > 5 && name[len(name)-5:] == ".json"
}

// dedupeFiles keeps the last file for each name, in first-seen order.
func dedupeFiles(files []*RangeFile) []*RangeFile {
	var out []*RangeFile
	for _, f := range files {
		if f == nil {
			continue
		}
		i := slices.IndexFunc(out, func(g *RangeFile) bool { return g.Name == f.Name })
		if i >= 0 {
			out[i] = f
		} else {
			out = append(out, f)
		}
	}
	return out
}

func buildIndex(files []*RangeFile, bundled map[string]bool) *rangeIndex {
	ix := &rangeIndex{
		files:     files,
		bundled:   bundled,
		byPrefix:  make(map[netip.Prefix]RangeMatch),
		createdAt: make(map[string]time.Time, len(files)),
	}
	seen4, seen6 := map[int]bool{}, map[int]bool{}
	for _, f := range files {
		ix.createdAt[f.Name] = f.Created
		for _, p := range f.Prefixes {
			if _, dup := ix.byPrefix[p]; dup {
				continue // the first file listing a prefix names it
			}
			ix.byPrefix[p] = RangeMatch{Matched: true, File: f.Name, Prefix: p.String(), Class: f.Class, Family: f.Family}
			if p.Addr().Is4() {
				seen4[p.Bits()] = true
			} else {
				seen6[p.Bits()] = true
			}
		}
	}
	ix.lengths4 = sortedLengths(seen4)
	ix.lengths6 = sortedLengths(seen6)
	return ix
}

func sortedLengths(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for n := range m {
		out = append(out, n)
	}
	slices.Sort(out)
	slices.Reverse(out)
	return out
}

// Match reports the most specific published prefix holding ip, IPv4 or IPv6
// (an IPv4-mapped IPv6 address is looked up as IPv4).
func (r *Ranges) Match(ip netip.Addr) (RangeMatch, bool) {
	if r == nil || !ip.IsValid() {
		return RangeMatch{}, false
	}
	ix := r.idx.Load()
	if ix == nil {
		return RangeMatch{}, false
	}
	ip = ip.Unmap().WithZone("")
	lengths := ix.lengths6
	if ip.Is4() {
		lengths = ix.lengths4
	}
	for _, bits := range lengths {
		p, err := ip.Prefix(bits)
		if err != nil {
			continue
		}
		if m, ok := ix.byPrefix[p]; ok {
			return m, true
		}
	}
	return RangeMatch{}, false
}

// Replace loads data as the file called name and puts it in place of the file
// with the same canonical name (a new slot is added when there is none).
// A file older than the one it would replace is refused, so that an old
// download cannot silently undo a newer list.
func (r *Ranges) Replace(name string, data []byte) error {
	f, err := LoadRanges(name, data)
	if err != nil {
		return err
	}
	return r.ReplaceFile(f)
}

// ReplaceFile is Replace for a file already parsed with LoadRanges.
func (r *Ranges) ReplaceFile(f *RangeFile) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	old := r.idx.Load()
	if old == nil {
		old = buildIndex(nil, nil)
	}
	if prev, ok := old.createdAt[f.Name]; ok && f.Created.Before(prev) {
		return errors.New(i18n.T("verify.err-older-file", "File", f.Name, "Date", f.Created.Format(time.DateOnly), "InUse", prev.Format(time.DateOnly)))
	}
	files := dedupeFiles(append(slices.Clone(old.files), f))
	bundled := make(map[string]bool, len(old.bundled))
	for name, b := range old.bundled {
		bundled[name] = b && name != f.Name
	}
	r.idx.Store(buildIndex(files, bundled))
	return nil
}

// CreationTime returns the creationTime of the loaded file with that name
// (any name accepted by LoadRanges, e.g. "common-crawlers.json").
func (r *Ranges) CreationTime(file string) (time.Time, bool) {
	if r == nil {
		return time.Time{}, false
	}
	slot, err := rangeSlot(file)
	if err != nil {
		return time.Time{}, false
	}
	ix := r.idx.Load()
	if ix == nil {
		return time.Time{}, false
	}
	t, ok := ix.createdAt[slot.Name]
	return t, ok
}

// Files describes the loaded files, in lookup order.
func (r *Ranges) Files() []RangeFileInfo {
	if r == nil {
		return nil
	}
	ix := r.idx.Load()
	if ix == nil {
		return nil
	}
	out := make([]RangeFileInfo, 0, len(ix.files))
	for _, f := range ix.files {
		out = append(out, RangeFileInfo{
			Name: f.Name, Class: f.Class, Created: f.Created,
			Prefixes: len(f.Prefixes), Bundled: ix.bundled[f.Name],
		})
	}
	return out
}

// loaded reports whether any range file is loaded.
func (r *Ranges) loaded() bool {
	if r == nil {
		return false
	}
	ix := r.idx.Load()
	return ix != nil && len(ix.files) > 0
}

// hasClass reports whether a file of that class is loaded.
func (r *Ranges) hasClass(class string) bool {
	return r.hasFile(func(f *RangeFile) bool { return f.Class == class })
}

// hasFamily reports whether a file of that operator is loaded.
func (r *Ranges) hasFamily(family string) bool {
	return r.hasFile(func(f *RangeFile) bool { return f.Family == family })
}

// hasFile reports whether a loaded file satisfies match.
func (r *Ranges) hasFile(match func(*RangeFile) bool) bool {
	if r == nil {
		return false
	}
	ix := r.idx.Load()
	if ix == nil {
		return false
	}
	for _, f := range ix.files {
		if match(f) {
			return true
		}
	}
	return false
}

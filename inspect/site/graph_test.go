package site

import (
	"fmt"
	"net/url"
	"reflect"
	"strings"
	"testing"
)

func TestLinkGraphOrphans(t *testing.T) {
	g := newLinkGraph()
	g.add("/a", []string{"/b", "/a"}, []string{"/c", "/d", "/a"})
	g.add("/b", []string{"/d"}, []string{"/c", "/e"})
	got, unnamed := g.orphans(func(string) bool { return true })
	want := []Orphan{{URL: "/c", Pages: 2, From: "/a"}, {URL: "/e", Pages: 1, From: "/b"}}
	if !reflect.DeepEqual(got, want) || unnamed != 0 {
		t.Errorf("orphans %+v (%d unnamed), want %+v", got, unnamed, want)
	}
	if got, _ := g.orphans(func(u string) bool { return u != "/c" }); len(got) != 1 || got[0].URL != "/e" {
		t.Errorf("orphans kept by keep: %+v, want /e alone", got)
	}
	if notes := g.notes(0); len(notes) != 0 {
		t.Errorf("notes %q, want none", notes)
	}
}

// TestLinkGraphBounds fills the graph past its bounds: orphans it cannot
// name are counted, links to targets it has no room for are skipped, and
// notes say both.
func TestLinkGraphBounds(t *testing.T) {
	g := newLinkGraph()
	g.maxNames, g.maxIn = 64, 4
	long := "/" + strings.Repeat("x", 40)
	g.add("/p", []string{"/k"}, []string{long + "1", long + "2", "/s"})
	g.add("/q", nil, []string{"/t", "/u"}) // the graph holds 4 targets: /t and /u are skipped
	got, unnamed := g.orphans(func(string) bool { return true })
	named := []Orphan{{URL: "/s", Pages: 1, From: "/p"}, {URL: long + "1", Pages: 1, From: "/p"}}
	if !reflect.DeepEqual(got, named) || unnamed != 1 {
		t.Errorf("orphans %+v, %d unnamed; want %+v and %s2 unnamed (64 bytes of names are full)", got, unnamed, named, long)
	}
	want := []string{
		"1 further URL linked only past the cutoff could not be named: a run keeps at most 64 bytes of such URLs.",
		"The link graph holds at most 4 URLs; 2 links to further URLs were not counted, so URLs linked only past the cutoff may be missing.",
	}
	if notes := g.notes(unnamed); !reflect.DeepEqual(notes, want) {
		t.Errorf("notes %q, want %q", notes, want)
	}
}

// TestLongLinksStayCompact reads a page of 9,500 links from 400 bytes to
// 1 KB long, 6.9 MB of which the crawler keeps the first 2,000,000 bytes:
// each side of its links is capped in bytes; then the links of 60 such
// pages, each to URLs of its own, go into the link graph, which holds a
// fraction of their bytes.
func TestLongLinksStayCompact(t *testing.T) {
	var b strings.Builder
	b.WriteString("<!doctype html><html><body>\n")
	tail := strings.Repeat("abcdefghij", 100)
	for j := range 9500 {
		n := 400 + (j*7919)%600
		prefix := fmt.Sprintf("/p/0/%d/", j)
		fmt.Fprintf(&b, "<a href=\"%s%s\">link %d</a>\n", prefix, tail[:n-len(prefix)], j)
	}
	body := b.String()
	page, _ := url.Parse("http://site.test/p/0")
	links := extractLinks([]byte(body), anchorsOf(body), page, 2_000_000, func(string) bool { return true })
	for side, l := range map[string][]string{"kept": links.kept, "lost only": links.lostOnly} {
		if n := totalLen(l); n > maxPageLinkBytes || n < maxPageLinkBytes-1024 || len(l) > maxPageLinks {
			t.Errorf("%s: %d links of %d bytes; want up to %d bytes", side, len(l), n, maxPageLinkBytes)
		}
	}
	g := newLinkGraph()
	added := 0
	for i := range 60 {
		rename := func(l []string) []string {
			out := make([]string, len(l))
			for k, u := range l {
				out[k] = strings.Replace(u, "/p/0/", fmt.Sprintf("/p/%d/", i), 1)
			}
			return out
		}
		kept, lost := rename(links.kept), rename(links.lostOnly)
		g.add(fmt.Sprintf("http://site.test/p/%d", i), kept, lost)
		added += totalLen(kept) + totalLen(lost)
	}
	// The lost-only URLs are named (each side capped at 256 KiB a page),
	// the kept ones held by their hash alone.
	t.Logf("graph %d bytes for %d bytes of links", g.size(), added)
	if size, limit := g.size(), added*7/10; size > limit {
		t.Errorf("the graph holds %d bytes for %d bytes of links; want at most %d", size, added, limit)
	}
}

func totalLen(l []string) int {
	n := 0
	for _, s := range l {
		n += len(s)
	}
	return n
}

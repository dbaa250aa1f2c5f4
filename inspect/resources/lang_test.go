package resources

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// TestResourcesSpeakEachLanguage fetches the test site's resources (a
// script robots.txt blocks, images and fonts the renderer skips, more
// references than are listed) in each language: the findings' codes are
// the same, their sentences, the resources' reasons and the display words
// are the language's, with its digit grouping, and the CSV's stable words
// stay English.
func TestResourcesSpeakEachLanguage(t *testing.T) {
	s := newTestSite(t, 0)
	var extra strings.Builder
	for i := range maxListed + 10 {
		fmt.Fprintf(&extra, `<img src="/i/%d.png">`, i)
	}
	html := append(append([]byte{}, s.html...), extra.String()...)
	p := testProfile(t)
	run := func(code string) []Resource {
		prev := i18n.Use(i18n.Get(code))
		defer i18n.Use(prev)
		opt := testOptions()
		opt.FetchBlocked = false
		return Fetch(context.Background(), &fetch.Fetcher{}, nil, p, s.page, html, nil, opt)
	}
	en := run("en")
	enFindings := Findings(en, p, nil)
	blockedURL := s.cdn.URL + "/blocked/lib.js"
	for _, tc := range []struct {
		code, blocked, image, robots, seen string
		script, picture, font              string // the kinds in words
	}{
		{"it", "Bloccata da robots.txt", "Il renderer non recupera le immagini.", "non consentito (riga 2)", "prima della soglia",
			"script", "immagine", "la risorsa di tipo font"},
		{"id", "Diblokir oleh robots.txt", "Perender tidak mengambil gambar.", "dilarang (baris 2)", "sebelum cutoff",
			"skrip", "gambar", "resource font"},
		{"ja", "robots.txt によりブロック", "レンダラーは画像を取得しません。", "不許可（2 行目）", "カットオフより前",
			"スクリプト", "画像", "フォントのリソース"},
		{"tr", "robots.txt tarafından engellendi", "Oluşturucu resimleri getirmez.", "izin verilmedi (2. satır)", "kesme noktasından önce",
			"komut dosyası", "resim", "yazı tipi kaynağı"},
		{"fr", "Bloquée par le robots.txt", "Le moteur de rendu ne récupère pas les images.", "interdit (ligne 2)", "avant le seuil",
			"script", "image", "la ressource de type police"},
	} {
		t.Run(tc.code, func(t *testing.T) {
			rs := run(tc.code)
			got := byURL(rs)
			b := got[blockedURL]
			if !strings.HasPrefix(b.ExcludedReason, tc.blocked) {
				t.Errorf("blocked script's reason %q, want it to start %q", b.ExcludedReason, tc.blocked)
			}
			prev := i18n.Use(i18n.Get(tc.code))
			robots, seen, word := b.RobotsText(), b.SeenText(), b.RobotsWord()
			script, picture, font := b.Kind.Text(), Image.Text(), resNoun(&Resource{Kind: Font})
			i18n.Use(prev)
			if script != tc.script || picture != tc.picture || font != tc.font || b.Kind != Script {
				t.Errorf("kinds in words %q, %q, %q (the script's code %q), want %q, %q, %q (script)",
					script, picture, font, b.Kind, tc.script, tc.picture, tc.font)
			}
			if robots != tc.robots || seen != tc.seen {
				t.Errorf("blocked script shows %q, %q, want %q, %q", robots, seen, tc.robots, tc.seen)
			}
			if word != "disallowed (line 2)" {
				t.Errorf("the CSV's word is %q, want the stable English one", word)
			}
			images, more := 0, false
			grouped := i18n.Get(tc.code).Int(maxListed)
			for _, r := range rs {
				if r.Kind == Image && r.ExcludedReason == tc.image {
					images++
				}
				more = more || r.Summary && strings.Contains(r.ExcludedReason, grouped)
			}
			if images == 0 {
				t.Errorf("no image is excluded with %q", tc.image)
			}
			if !more {
				t.Errorf("no summary row says the list stops at %s references", grouped)
			}
			prev = i18n.Use(i18n.Get(tc.code))
			fs := Findings(rs, p, nil)
			i18n.Use(prev)
			if len(fs) != len(enFindings) || len(fs) == 0 {
				t.Fatalf("%d findings, English %d", len(fs), len(enFindings))
			}
			for i, f := range fs {
				if f.Code != enFindings[i].Code || f.Message == enFindings[i].Message {
					t.Errorf("finding %d: %s %q, English %s %q", i, f.Code, f.Message, enFindings[i].Code, enFindings[i].Message)
				}
			}
		})
	}
}

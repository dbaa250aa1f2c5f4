package fetch

import (
	"bytes"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// TestErrorsSpeakTheLanguage fails real fetches (a refused connection, a
// redirect loop, a missing file) in several languages: the sentence is the
// language's, the sentinel error and the step stay as they are.
func TestErrorsSpeakTheLanguage(t *testing.T) {
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := "http://" + closed.Addr().String() + "/"
	closed.Close()
	loop := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, r.URL.Path, http.StatusFound)
	}))
	defer loop.Close()
	missing := filepath.Join(t.TempDir(), "absent.html")
	p, _ := Lookup(DefaultProfileID)
	fetchErr := func(target string) error {
		_, err := (&Fetcher{}).Fetch(t.Context(), target, p, Options{})
		return err
	}
	tests := []struct {
		lang, name string
		run        func() error
		sentinel   error
		want       string
	}{
		{"en", "refused", func() error { return fetchErr(refused) }, ErrConnect, "the connection to 127.0.0.1:"},
		{"fr", "refused", func() error { return fetchErr(refused) }, ErrConnect, "la connexion à 127.0.0.1:"},
		{"ja", "refused", func() error { return fetchErr(refused) }, ErrConnect, "への接続が拒否されました"},
		{"en", "loop", func() error { return fetchErr(loop.URL + "/a") }, ErrTooManyRedirects, "gave up after 10 redirects (the chain loops back to"},
		{"it", "loop", func() error { return fetchErr(loop.URL + "/a") }, ErrTooManyRedirects, "interrotto dopo 10 reindirizzamenti (la catena torna a"},
		{"tr", "loop", func() error { return fetchErr(loop.URL + "/a") }, ErrTooManyRedirects, "10 yönlendirmeden sonra vazgeçildi"},
		{"id", "missing file", func() error { _, err := ReadFile(missing, p, Options{}); return err }, ErrFile, "file " + missing + " tidak ada"},
		{"fr", "missing file", func() error { _, err := ReadFile(missing, p, Options{}); return err }, ErrFile, "le fichier " + missing + " n’existe pas"},
	}
	for _, tt := range tests {
		t.Run(tt.lang+" "+tt.name, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			err := tt.run()
			if !errors.Is(err, tt.sentinel) {
				t.Fatalf("err = %v, want one wrapping %v", err, tt.sentinel)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %q, want it to say %q", err, tt.want)
			}
		})
	}
}

// TestSentinelsAndSavedProfilesSpeakTheLanguage reads the sentinel of a
// real failed lookup, a saved-profiles file over 1 MiB and an invalid
// profile in several languages: the words are the language's, the
// "fetch: " prefix, the path, the ID and errors.Is stay as they are.
func TestSentinelsAndSavedProfilesSpeakTheLanguage(t *testing.T) {
	big := filepath.Join(t.TempDir(), "profiles.json")
	if err := os.WriteFile(big, bytes.Repeat([]byte(" "), maxSavedBytes+1), 0o644); err != nil {
		t.Fatal(err)
	}
	p, _ := Lookup(DefaultProfileID)
	bad := Profile{ID: "no spaces", Name: "Mine"}
	tests := []struct {
		lang, sentinel, saved, invalid string
	}{
		{"en", "fetch: empty URL", "fetch: the saved profiles file " + big + " is over 1 MiB",
			`fetch: invalid profile: the ID "no spaces" must be 1 to 64 letters, digits or dashes`},
		{"fr", "fetch: URL vide", "fetch: le fichier des profils enregistrés " + big + " dépasse 1\u00a0Mio",
			"fetch: profil non valide: l’identifiant \"no spaces\" doit compter de 1 à 64 lettres, chiffres ou tirets"},
		{"tr", "fetch: boş URL", "fetch: kayıtlı profiller dosyası " + big + " 1 MiB'tan büyük",
			"fetch: geçersiz profil: \"no spaces\" kimliği harf, rakam veya kısa çizgilerden oluşmalı ve 1 ile 64 karakter arasında olmalıdır"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			_, err := (&Fetcher{}).Fetch(t.Context(), "", p, Options{})
			var fe *Error
			if !errors.Is(err, ErrEmptyURL) || !errors.As(err, &fe) {
				t.Fatalf("empty URL: %v, want an *Error wrapping ErrEmptyURL", err)
			}
			if got := fe.Err.Error(); got != tt.sentinel {
				t.Errorf("the sentinel says %q, want %q", got, tt.sentinel)
			}
			if _, err := (SavedProfiles{Path: big}).Load(); err == nil || err.Error() != tt.saved {
				t.Errorf("over 1 MiB: %v, want %q", err, tt.saved)
			}
			err = ValidateCustom(bad)
			if !errors.Is(err, ErrInvalidProfile) || err.Error() != tt.invalid {
				t.Errorf("invalid ID: %v, want %q wrapping ErrInvalidProfile", err, tt.invalid)
			}
		})
	}
}

// TestKindTextSpeaksTheLanguage fetches a page, a PDF and an image in
// every language: each kind is named in the language's words, while the
// result keeps its code (JSON's "kind").
func TestKindTextSpeaksTheLanguage(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/a.pdf":
			w.Header().Set("Content-Type", "application/pdf")
			w.Write([]byte("%PDF-1.7\n"))
		case "/a.png":
			w.Header().Set("Content-Type", "image/png")
			w.Write([]byte("\x89PNG\r\n\x1a\n"))
		default:
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("<!doctype html><title>a</title>"))
		}
	}))
	defer srv.Close()
	p, _ := Lookup(DefaultProfileID)
	tests := []struct{ lang, html, pdf, other string }{
		{"en", "HTML", "PDFs", "other files"},
		{"it", "i file HTML", "i file PDF", "gli altri file"},
		{"id", "file HTML", "file PDF", "file lainnya"},
		{"ja", "HTML", "PDF", "その他のファイル"},
		{"tr", "HTML dosyaları", "PDF dosyaları", "diğer dosyalar"},
		{"fr", "les fichiers HTML", "les fichiers PDF", "les autres fichiers"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tt.lang))
			defer i18n.Use(prev)
			for path, want := range map[string]struct {
				code Kind
				text string
			}{"/": {KindHTML, tt.html}, "/a.pdf": {KindPDF, tt.pdf}, "/a.png": {KindOther, tt.other}} {
				res, err := (&Fetcher{}).Fetch(t.Context(), srv.URL+path, p, Options{})
				if err != nil {
					t.Fatal(err)
				}
				if res.Kind != want.code || res.Kind.Text() != want.text {
					t.Errorf("%s: kind %q in words %q, want %q, %q", path, res.Kind, res.Kind.Text(), want.code, want.text)
				}
				if b, err := json.Marshal(res); err != nil || !bytes.Contains(b, []byte(`"kind":"`+string(want.code)+`"`)) {
					t.Errorf("%s: the JSON lacks the code %q (%v)", path, want.code, err)
				}
			}
		})
	}
}

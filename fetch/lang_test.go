package fetch

import (
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
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

package kit

import (
	"net/url"
	"path/filepath"
	"strings"
	"time"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
)

// ExportName is the file name an export of a page proposes: "cutoff-",
// the page's host (a local file's name), the date (now when zero), then
// suffix: cutoff-example.com-2026-12-03.html for suffix ".html".
func ExportName(page string, date time.Time, suffix string) string {
	name := strings.TrimSuffix(filepath.Base(page), filepath.Ext(page))
	if p, err := url.Parse(page); err == nil && p.Host != "" {
		name = p.Host
	}
	if date.IsZero() {
		date = time.Now()
	}
	return "cutoff-" + fileNamePart(name) + "-" + date.Local().Format("2006-01-02") + suffix
}

// fileNamePart keeps letters, digits, dots and dashes of s, each run of
// anything else (a port's colon, a space) becoming one dash.
func fileNamePart(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == '-' || r == '_' {
			b.WriteRune(r)
			dash = false
		} else if !dash {
			b.WriteByte('-')
			dash = true
		}
	}
	if out := strings.Trim(b.String(), "-."); out != "" {
		return out
	}
	return "page"
}

// NewSaveDialog is the window's save dialog for an export: it proposes
// name in folder (Fyne's default when folder is "" or can no longer be
// listed), hands the file chosen, open for writing, to save, and an error
// of the dialog itself to fail. Show it with ShowFileDialog; both
// callbacks run on the UI thread.
func NewSaveDialog(win fyne.Window, folder, name string, save func(fyne.URIWriteCloser), fail func(error)) *dialog.FileDialog {
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		switch {
		case err != nil:
			fail(err)
		case wc != nil:
			save(wc)
		}
	}, win)
	d.SetFileName(name)
	if folder != "" {
		if l, err := storage.ListerForURI(storage.NewFileURI(folder)); err == nil {
			d.SetLocation(l)
		}
	}
	return d
}

// FolderOf is the folder holding a file the save dialog chose, "" when
// it is not a local file.
func FolderOf(u fyne.URI) string {
	if u.Scheme() != "file" {
		return ""
	}
	return filepath.Dir(u.Path())
}

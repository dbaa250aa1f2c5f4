package whatiftab

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect/whatif"
)

// TestExportsReinspect saves the patched page and the moves through the
// save dialog, in the folder of the last export: the page, served and
// inspected again, gives the body bytes and cutoff the panel shows, and
// the moves, applied to the real page, give the patched page.
func TestExportsReinspect(t *testing.T) {
	tests := []struct {
		name  string
		kinds whatif.Kinds
	}{
		{"still cut", whatif.KindsOf(whatif.Comments, whatif.Whitespace)},
		{"nothing cut", whatif.KindsOf(whatif.Scripts, whatif.Styles)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := inspectURL(t, demoBigURL(t))
			tp := newTestPanel(t, d)
			dir := t.TempDir()
			tp.prefs.SetExportFolder(dir)
			tp.tickKinds(t, tt.kinds)
			shown := tp.panelFigures(t)

			page := tp.saveThrough(t, tp.savePage, "-patched.html", dir)
			again := inspectURL(t, servePage(t, page)).Report.Fetch
			// The test server's header is not the demo's: the cutoff falls
			// that many bytes further.
			want := shown.cutoff
			if c := tp.shown.cutoff; c != nil {
				moved := *c + d.Report.Fetch.CountedHeaderBytes() - again.CountedHeaderBytes()
				want = cutoffText(&moved)
			}
			if again.BodyBytes != shown.bodyBytes || cutoffText(again.CutoffOffset) != want {
				t.Errorf("the saved page inspects as body %d, cutoff %s; the panel showed %d, %s (%s with this header)",
					again.BodyBytes, cutoffText(again.CutoffOffset), shown.bodyBytes, shown.cutoff, want)
			}

			moves := readMoves(t, tp.saveThrough(t, tp.saveList, "-moves.csv", dir))
			if len(moves) != shown.moves {
				t.Errorf("the moves file lists %d moves, the panel applied %d", len(moves), shown.moves)
			}
			applied, err := whatif.Apply(d.Report.Fetch.Body, moves)
			if err != nil {
				t.Fatal(err)
			}
			if string(applied) != string(page) {
				t.Errorf("the listed moves applied to the page give %d bytes, the patched page has %d", len(applied), len(page))
			}
		})
	}
}

// saveThrough taps an export button, then the dialog's Save, and returns
// the file written in dir under the proposed name, which ends in suffix.
func (tp *testPanel) saveThrough(t *testing.T, button *widget.Button, suffix, dir string) []byte {
	t.Helper()
	name := kit.ExportName(pageName(tp.data), tp.data.Report.Generated, suffix)
	var save *widget.Button
	tp.act(func() {
		test.Tap(button)
		for _, o := range test.LaidOutObjects(tp.win.Canvas().Overlays().Top()) {
			if b, ok := o.(*widget.Button); ok && b.Text == "Save" {
				save = b
			}
		}
		if save != nil {
			test.Tap(save)
		}
	})
	if save == nil {
		t.Fatal("the save dialog has no Save button")
	}
	tp.wait(t)
	tp.act(func() {
		if want := name + "."; len(tp.status.Text) < len(want) || tp.status.Text[len(tp.status.Text)-len(want):] != want {
			t.Errorf("status %q does not name %s", tp.status.Text, name)
		}
	})
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// readMoves reads a moves file back as moves, checking its header.
func readMoves(t *testing.T, b []byte) []whatif.Move {
	t.Helper()
	r := csv.NewReader(bytesReader(b))
	lines, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) == 0 || len(lines[0]) != len(movesHeader) || lines[0][0] != movesHeader[0] {
		t.Fatalf("moves file header %v, want %v", lines[:min(1, len(lines))], movesHeader)
	}
	var moves []whatif.Move
	for _, l := range lines[1:] {
		start, err1 := strconv.ParseInt(l[0], 10, 64)
		end, err2 := strconv.ParseInt(l[1], 10, 64)
		saved, err3 := strconv.ParseInt(l[3], 10, 64)
		var k whatif.Kind
		if err := k.UnmarshalText([]byte(l[2])); err != nil || err1 != nil || err2 != nil || err3 != nil {
			t.Fatalf("bad line %q", l)
		}
		m := whatif.Move{Start: start, End: end, Replacement: l[4]}
		if m.Saved() != saved {
			t.Errorf("line %q: the move saves %d bytes, the line says %d", l, m.Saved(), saved)
		}
		moves = append(moves, m)
	}
	return moves
}

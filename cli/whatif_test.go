package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// whatIfReport is the part of the JSON report the what-if tests read.
type whatIfReport struct {
	Fetch struct {
		BodyBytes    int64  `json:"body_bytes"`
		CutoffOffset *int64 `json:"cutoff_offset"`
	} `json:"fetch"`
	Composition map[string]int64 `json:"composition"`
	Advice      []struct {
		Kind    string `json:"kind"`
		Message string `json:"message"`
		Moves   []struct {
			Start       *int64  `json:"start"`
			End         *int64  `json:"end"`
			Replacement *string `json:"replacement"`
		} `json:"moves"`
		Result *struct {
			BodyBytes    int64    `json:"body_bytes"`
			CutoffOffset *int64   `json:"cutoff_offset"`
			Kept         []string `json:"kept"`
			Lost         []string `json:"lost"`
		} `json:"result"`
	} `json:"advice"`
}

func decodeWhatIf(t *testing.T, stdout string) whatIfReport {
	t.Helper()
	var r whatIfReport
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatalf("stdout is not JSON: %v", err)
	}
	return r
}

// TestInspectAdviceJSON checks advice[]'s fields on the demo's cut page.
func TestInspectAdviceJSON(t *testing.T) {
	t.Parallel()
	base := demo(t)
	code, stdout, stderr := run(t, "inspect", "--json", "--no-resources", base+"/big")
	if code != exitOK {
		t.Fatalf("exit code = %d, stderr %q", code, stderr)
	}
	r := decodeWhatIf(t, stdout)
	if len(r.Advice) == 0 {
		t.Fatal("no advice[] for the demo's cut page")
	}
	for _, a := range r.Advice {
		if a.Kind == "" || a.Message == "" || len(a.Moves) == 0 || a.Result == nil || a.Result.Kept == nil || a.Result.Lost == nil {
			t.Fatalf("advice %+v lacks kind, message, moves or result", a)
		}
		for _, m := range a.Moves {
			if m.Start == nil || m.End == nil || m.Replacement == nil || *m.End <= *m.Start {
				t.Errorf("move %+v: want start < end and a replacement", m)
			}
		}
	}
}

// TestInspectWhatIf: --what-if all prints the report of the edited page,
// which --what-if-out writes; the edited page inspected on its own gives
// the same body and cutoff.
func TestInspectWhatIf(t *testing.T) {
	t.Parallel()
	base := demo(t)
	_, before, _ := run(t, "inspect", "--json", "--no-resources", base+"/big")
	out := filepath.Join(t.TempDir(), "edited.html")
	code, stdout, stderr := run(t, "inspect", "--json", "--no-resources", "--what-if", "all", "--what-if-out", out, base+"/big")
	if code != exitOK {
		t.Fatalf("exit code = %d, stderr %q", code, stderr)
	}
	if !strings.Contains(stderr, "what if (styles,scripts,style-attributes,data-uris,comments,whitespace)") {
		t.Errorf("stderr %q does not say the report is of the edited page", stderr)
	}
	edited, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	was, sim := decodeWhatIf(t, before), decodeWhatIf(t, stdout)
	if sim.Fetch.BodyBytes != int64(len(edited)) || sim.Fetch.BodyBytes >= was.Fetch.BodyBytes {
		t.Errorf("simulated body %d bytes, edited file %d, page %d: want the file's size, smaller than the page",
			sim.Fetch.BodyBytes, len(edited), was.Fetch.BodyBytes)
	}
	if sim.Composition["data-uri"] >= was.Composition["data-uri"] && was.Composition["data-uri"] > 0 {
		t.Errorf("data: URIs %d bytes after the move, %d before", sim.Composition["data-uri"], was.Composition["data-uri"])
	}
	if (was.Fetch.CutoffOffset == nil) || (sim.Fetch.CutoffOffset != nil && *sim.Fetch.CutoffOffset != *was.Fetch.CutoffOffset) {
		t.Errorf("cutoff %v before, %v after: the window is the same", was.Fetch.CutoffOffset, sim.Fetch.CutoffOffset)
	}
	code, text, _ := run(t, "inspect", "--no-resources", "--what-if", "scripts", base+"/big")
	if code != exitOK || !strings.Contains(text, "What the body is made of") {
		t.Errorf("text report of --what-if scripts: exit %d, %q", code, text)
	}
}

func TestInspectWhatIfUsage(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--what-if", "fonts", "x.html"}, "--what-if takes scripts, styles"},
		{[]string{"--what-if-out", "x.html", "y.html"}, "--what-if-out needs --what-if"},
	} {
		code, _, stderr := run(t, append([]string{"inspect"}, tt.args...)...)
		if code != exitUsage || !strings.Contains(stderr, tt.want) {
			t.Errorf("inspect %v: exit %d, stderr %q; want %d and %q", tt.args, code, stderr, exitUsage, tt.want)
		}
	}
}

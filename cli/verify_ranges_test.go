package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestVerifyRangeFiles loads Bing's file beside the bundled ones and reads
// the range files back from the JSON; the Action-needed notice is refused
// with one sentence naming the new address.
func TestVerifyRangeFiles(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("..", "verify", "testdata", "ranges")
	code, stdout, stderr := run(t, "verify", "--json", "--trust-ranges", "--ranges", filepath.Join(dir, "bingbot.json"),
		"--ranges", filepath.Join(dir, "user-triggered-agents.json"), "--claimed", "bingbot", "157.55.39.10")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var got struct {
		Results []struct {
			Verdict string
			Ranges  struct{ File, Class string }
		}
		RangeFiles []struct {
			Name          string
			Loaded, Stale bool
		} `json:"range_files"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Results) != 1 || got.Results[0].Verdict != "verified" || got.Results[0].Ranges.File != "bingbot.json" {
		t.Errorf("results = %+v", got.Results)
	}
	loaded := map[string]bool{}
	for _, f := range got.RangeFiles {
		loaded[f.Name] = f.Loaded
	}
	if len(loaded) != 9 || !loaded["bingbot.json"] || !loaded["user-triggered-agents.json"] || loaded["user-triggered-fetchers-google.json"] {
		t.Errorf("range_files = %+v", got.RangeFiles)
	}
	code, _, stderr = run(t, "verify", "--ranges", filepath.Join(dir, "googlebot-action-needed.json"), "66.249.66.1")
	if code != exitUsage || !strings.Contains(stderr, "common-crawlers.json") || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("notice: exit %d, stderr %q", code, stderr)
	}
}

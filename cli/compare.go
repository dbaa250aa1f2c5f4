package cli

import (
	"context"
	"errors"
	"io"
	"strings"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/compare"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

const compareUsage = "cli.usage-compare"

// runCompare fetches one URL as several profiles and ad-hoc user agents at
// once and says where what they got differs.
func runCompare(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var profiles, agents repeated
	fs := newFlagSet("compare")
	asJSON := fs.Bool("json", false, i18n.T("cli.flag-json"))
	timeout := fs.Duration("timeout", 30*time.Second, i18n.T("cli.flag-timeout"))
	resources := fs.Bool("resources", false, i18n.T("cli.flag-compare-resources"))
	fs.Var(&profiles, "profile", i18n.T("cli.flag-compare-profile"))
	fs.Var(&agents, "user-agent", i18n.T("cli.flag-user-agent"))
	rest, err := parseArgs(fs, args)
	if errors.Is(err, errHelp) {
		return commandHelp(stdout, fs, compareUsage)
	}
	if err != nil {
		return usageError(stderr, err.Error())
	}
	if len(rest) != 1 {
		return usageError(stderr, i18n.T("cli.compare-one-url", "Count", len(rest)))
	}
	subjects, ok := compareSubjects(profiles, agents, stderr)
	if !ok {
		return exitUsage
	}
	opt := inspect.Options{Fetch: fetch.Options{Timeout: *timeout}, NoResources: !*resources, FetchBlocked: *resources}
	result, err := compare.Run(ctx, &fetch.Fetcher{}, rest[0], subjects, opt)
	if ctx.Err() != nil {
		return interrupted(stderr)
	}
	if err != nil {
		say(stderr, err.Error())
		return exitFetch
	}
	if code, bad := compareFailures(result, stderr); bad {
		return code
	}
	if *asJSON {
		err = result.WriteJSON(stdout)
	} else {
		err = result.WriteText(stdout)
	}
	return writeDone(err, stderr)
}

// compareSubjects turns the flags into columns: the profiles in order, then
// the ad-hoc user agents; at least two in all.
func compareSubjects(profiles, agents []string, stderr io.Writer) ([]compare.Subject, bool) {
	var subjects []compare.Subject
	for _, id := range profiles {
		p, ok := lookupProfile(id, stderr)
		if !ok {
			return nil, false
		}
		subjects = append(subjects, compare.ProfileSubject(p))
	}
	for i, ua := range agents {
		if strings.TrimSpace(ua) == "" {
			usageError(stderr, i18n.T("cli.user-agent-empty"))
			return nil, false
		}
		subjects = append(subjects, compare.AdHoc(ua, i+1))
	}
	if len(subjects) < 2 {
		usageError(stderr, i18n.T("cli.compare-two-columns"))
		return nil, false
	}
	return subjects, true
}

// compareFailures ends the run when no fetch got a response at all: a bad
// URL is a usage error, anything else a fetch failure.
func compareFailures(r *compare.Result, stderr io.Writer) (int, bool) {
	err := r.AllFailed()
	if err == nil {
		return exitOK, false
	}
	say(stderr, err.Error())
	if fetch.IsUsageError(err) {
		return exitUsage, true
	}
	return exitFetch, true
}

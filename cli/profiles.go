package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// profileView is a profile as `cutoff profiles --json` prints it: the data
// plus the User-Agent with the Chrome version filled in.
type profileView struct {
	fetch.Profile
	UserAgent string `json:"user_agent"`
}

// runProfiles lists the crawler profiles with their sourced values.
func runProfiles(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("profiles")
	asJSON := fs.Bool("json", false, i18n.T("cli.flag-json"))
	rest, err := parseArgs(fs, args)
	if err != nil {
		if err == errHelp {
			return commandHelp(stdout, fs, "cli.usage-profiles")
		}
		return usageError(stderr, err.Error())
	}
	if len(rest) > 0 {
		return usageError(stderr, i18n.T("cli.no-arguments", "Command", "profiles", "Arg", strconv.Quote(rest[0])))
	}
	var views []profileView
	for _, p := range fetch.All(savedProfiles(stderr)) {
		views = append(views, profileView{Profile: p, UserAgent: p.UserAgent("")})
	}
	if *asJSON {
		return writeJSON(stdout, stderr, map[string]any{"profiles": views})
	}
	writeProfilesText(stdout, views)
	return exitOK
}

func writeProfilesText(w io.Writer, views []profileView) {
	tw := prose.NewTable(w, 2, prose.AlignLeft)
	fmt.Fprintln(tw, i18n.T("cli.profiles-columns"))
	for _, v := range views {
		html := v.LimitFor(fetch.KindHTML)
		limit := inspect.Bytes(html.Bytes)
		if !html.Published {
			limit += i18n.T("cli.profile-unpublished")
		}
		name := v.Name
		if v.Custom {
			name += i18n.T("cli.profile-yours")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", v.ID, name, tokenChain(v.Profile), limit, prose.YesNo(v.CountsHeaders))
	}
	tw.Flush()
	fmt.Fprintln(w, "\n"+i18n.T("cli.profiles-more"))
}

// tokenChain renders a profile's robots.txt token chain, e.g.
// "googlebot-image → googlebot → *".
func tokenChain(p fetch.Profile) string {
	if !p.ObeysRobots {
		return i18n.T("cli.profile-ignores-robots")
	}
	s := ""
	for i, t := range p.RobotsTokens {
		if i > 0 {
			s += " → "
		}
		s += t
	}
	if !p.IgnoresStar {
		if s != "" {
			s += " → "
		}
		s += "*"
	}
	return s
}

// writeJSON prints v as indented JSON on stdout.
func writeJSON(stdout, stderr io.Writer, v any) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		sayLine(stderr, i18n.T("cli.write-failed-json", "Error", err.Error()))
		return exitFetch
	}
	return exitOK
}

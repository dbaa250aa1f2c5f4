package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/robots"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// repeated is a flag that may be given several times.
type repeated []string

func (r *repeated) String() string     { return strings.Join(*r, ",") }
func (r *repeated) Set(v string) error { *r = append(*r, v); return nil }

const robotsUsage = "cli.usage-robots"

// runRobots evaluates URLs against robots.txt, Google's way, per token.
func runRobots(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var common commonFlags
	var agents repeated
	fs := newFlagSet("robots")
	common.register(fs)
	file := fs.String("file", "", i18n.T("cli.flag-robots-file"))
	urlsFile := fs.String("urls-file", "", i18n.T("cli.flag-urls-file"))
	fs.Var(&agents, "agent", i18n.T("cli.flag-agent"))
	ai := fs.Bool("ai", false, i18n.T("cli.flag-ai"))
	rest, err := parseArgs(fs, args)
	if errors.Is(err, errHelp) {
		return commandHelp(stdout, fs, robotsUsage)
	}
	if err != nil {
		return usageError(stderr, err.Error())
	}
	profile, ok := lookupProfile(common.profile, stderr)
	if !ok {
		return exitUsage
	}
	urls, err := untilInterrupted(ctx, func() ([]string, error) { return robotsURLs(rest, *urlsFile) })
	if err != nil {
		return inputError(stderr, err)
	}
	if len(urls) == 0 {
		return usageError(stderr, i18n.T("cli.robots-needs-url"))
	}
	specs := agentSpecs(agents, profile, *ai)
	var report *robots.CommandReport
	if *file != "" {
		body, err := untilInterrupted(ctx, func() ([]byte, error) { return readRobotsFile(*file) })
		if err != nil {
			return inputError(stderr, err)
		}
		report = robots.ReportFile(*file, body, specs, urls)
	} else {
		for _, u := range urls {
			if !strings.Contains(u, "://") {
				return usageError(stderr, i18n.T("cli.robots-path-not-url", "Arg", strconv.Quote(u)))
			}
			if _, err := robots.RobotsURL(u); err != nil {
				return usageError(stderr, i18n.T("cli.robots-not-http", "Arg", strconv.Quote(u)))
			}
		}
		cache := robots.NewCache(&fetch.Fetcher{}, profile, fetch.Options{Timeout: common.timeout})
		report = robots.ReportFetched(ctx, cache, specs, urls)
	}
	if common.json {
		err = report.WriteJSON(stdout)
	} else {
		err = report.WriteText(stdout)
	}
	if err != nil {
		sayLine(stderr, i18n.T("cli.write-failed-report", "Error", err.Error()))
		return exitFetch
	}
	return exitOK
}

// agentSpecs are the report's columns: each --agent token on its own, or by
// default each token of the profile's chain on its own; with ai, the AI
// crawlers' and control tokens' columns follow (alone when no --agent was
// given, so the matrix is not crowded by the profile's chain).
func agentSpecs(agents []string, p fetch.Profile, ai bool) []robots.AgentSpec {
	var specs []robots.AgentSpec
	switch {
	case len(agents) > 0:
		specs = robots.TokenSpecs(agents)
	case ai:
	case len(p.RobotsTokens) == 0:
		specs = robots.TokenSpecs([]string{"*"})
	default:
		specs = robots.TokenSpecs(p.RobotsTokens)
	}
	if ai {
		specs = append(specs, robots.AISpecs()...)
	}
	return specs
}

// robotsURLs joins the URLs given as arguments and those of urlsFile.
func robotsURLs(args []string, urlsFile string) ([]string, error) {
	urls := append([]string(nil), args...)
	if urlsFile == "" {
		return urls, nil
	}
	f, err := os.Open(urlsFile)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", i18n.T("cli.urls-file-cannot-open"), errors.Unwrap(err))
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			urls = append(urls, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, errors.New(i18n.T("cli.urls-file-cannot-read", "File", urlsFile, "Error", err.Error()))
	}
	return urls, nil
}

// readRobotsFile reads a robots.txt from a file or pipe, never more than
// robots.ReadCap bytes, so /dev/zero ends.
func readRobotsFile(path string) ([]byte, error) {
	body, err := robots.ReadFile(path)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return nil, errors.New(i18n.T("cli.robots-file-cannot-open", "File", path, "Error", pe.Err.Error()))
	}
	return body, err
}

var _ flag.Value = (*repeated)(nil)

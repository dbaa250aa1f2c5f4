package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/render"
	"github.com/cutoffapp/cutoff/inspect/report"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// renderFlags are the rendered view's flags of inspect and render.
type renderFlags struct {
	on         bool
	screenshot string
	browser    string
	timeout    time.Duration
}

func (f *renderFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&f.on, "render", false, i18n.T("cli.flag-render"))
	fs.StringVar(&f.screenshot, "screenshot", "", i18n.T("cli.flag-screenshot"))
	fs.StringVar(&f.browser, "browser", "", i18n.T("cli.flag-browser"))
	fs.DurationVar(&f.timeout, "render-timeout", render.DefaultTimeout, i18n.T("cli.flag-render-timeout"))
}

// browserPath finds the browser when rendering is asked for; without one
// it says which package to install and gives the usage exit code.
func (f *renderFlags) browserPath(stderr io.Writer) (string, int, bool) {
	if !f.on {
		return "", exitOK, true
	}
	path, err := render.FindBrowser(f.browser)
	if err != nil {
		return "", usageError(stderr, prose.Capitalize(err.Error())), false
	}
	return path, exitOK, true
}

// run renders the inspected page, writes the screenshots and adds the
// rendered view and its findings to the report.
func (f *renderFlags) run(ctx context.Context, fe *fetch.Fetcher, r *inspect.Report, p fetch.Profile, browser string,
	fo fetch.Options) error {
	rd := render.Run(ctx, fe, r, p, render.Options{Browser: browser, Timeout: f.timeout, Fetch: fo})
	if f.screenshot != "" {
		for _, pg := range []*inspect.RenderedPage{rd.Google, rd.Full} {
			if err := writeShot(f.screenshot, pg); err != nil {
				return err
			}
		}
	}
	r.AddRendered(rd)
	return nil
}

// writeShot writes one render's screenshot to PREFIX-MODE.png.
func writeShot(prefix string, pg *inspect.RenderedPage) error {
	if pg == nil || len(pg.Screenshot) == 0 {
		return nil
	}
	name := prefix + "-" + pg.Mode + ".png"
	if err := os.WriteFile(name, pg.Screenshot, 0o644); err != nil {
		return fmt.Errorf("%s: %w", i18n.T("cli.could-not-write", "File", name), err)
	}
	pg.ScreenshotFile = name
	return nil
}

const renderUsage = "cli.usage-inspect"

// runRender inspects the page and prints the rendered comparison alone.
func runRender(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl, target, code, ok := parseInspect("render", renderUsage, args, stdout, stderr)
	if !ok {
		return code
	}
	fl.noResources = true // the renders fetch what they need themselves
	rep, code, ok := fl.inspect(ctx, target, stderr)
	if !ok {
		return code
	}
	fl.history.saveInspection(ctx, rep, stderr)
	if fl.json {
		v := struct {
			Render   *inspect.Rendered `json:"render"`
			Findings []finding.Finding `json:"findings"`
		}{rep.Render, inspect.RenderedFindings(rep.Render, rep.Critical)}
		if code := writeJSON(stdout, stderr, v); code != exitOK {
			return code
		}
	} else {
		fmt.Fprintln(stdout, i18n.T("cli.render-heading", "URL", prose.Printable(rep.URL), "Profile", rep.Profile.Name))
		if err := report.WriteRenderedText(stdout, rep.Render); err != nil {
			sayLine(stderr, i18n.T("cli.write-failed-report", "Error", err.Error()))
			return exitFetch
		}
	}
	if fl.failOn != "" && rep.HasFindingAtLeast(fl.failOn) {
		return exitFindings
	}
	return exitOK
}

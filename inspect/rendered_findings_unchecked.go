package inspect

import (
	"github.com/cutoffapp/cutoff/inspect/finding"

	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// CodeRenderScriptUnchecked is the finding about scripts the render could
// not fetch because their host's robots.txt got no answer from this
// machine: this machine's failure (offline, DNS), not the crawler's rule.
const CodeRenderScriptUnchecked = "render-script-unchecked"

// uncheckedScripts says which scripts were not fetched because their
// host could not be reached from here: one finding a script, or one
// summary when offlineHosts or more hosts could not be reached.
func uncheckedScripts(fs *findings, scripts []RenderedScript, crawler string) {
	var hosts []string
	seen := map[string]bool{}
	for _, s := range scripts {
		if h := resources.RobotsHost(s.URL); !seen[h] {
			seen[h] = true
			hosts = append(hosts, h)
		}
	}
	if len(hosts) >= resources.OfflineHosts {
		fs.addf(finding.Warning, CodeRenderScriptUnchecked, nil,
			"%s hosts could not be reached: are you offline? Their robots.txt could not be checked from here, so the render went without their %s; nothing is known of whether %s may fetch them: %s.",
			thousands(len(hosts)), pluralize(len(scripts), "script", "scripts"), crawler, prose.List(hosts, 6))
		return
	}
	for _, s := range scripts {
		fs.addf(finding.Warning, CodeRenderScriptUnchecked, scriptOffset(s),
			"%s was not fetched for the render: its host could not be reached from this machine, so its robots.txt could not be checked from here and nothing is known of whether %s may fetch it.",
			s.URL, crawler)
	}
}

package inspect

import (
	"github.com/cutoffapp/cutoff/inspect/finding"

	"github.com/cutoffapp/cutoff/inspect/resources"
)

// CodeRenderScriptUnchecked is the finding about scripts the render could
// not fetch because their host's robots.txt got no answer from this
// machine: this machine's failure (offline, DNS), not the crawler's rule.
const CodeRenderScriptUnchecked = "render-script-unchecked"

// uncheckedScripts says which scripts were not fetched because their
// host could not be reached from here: one finding a script, or one
// summary when offlineHosts or more hosts could not be reached.
func uncheckedScripts(fs *findings, scripts []RenderedScript) {
	var hosts []string
	seen := map[string]bool{}
	for _, s := range scripts {
		if h := resources.RobotsHost(s.URL); !seen[h] {
			seen[h] = true
			hosts = append(hosts, h)
		}
	}
	if len(hosts) >= resources.OfflineHosts {
		fs.add(finding.Warning, CodeRenderScriptUnchecked, nil, "render-scripts-unchecked",
			"Hosts", len(hosts), "Count", len(scripts), "List", resources.ListAtMost(hosts, 6))
		return
	}
	for _, s := range scripts {
		fs.add(finding.Warning, CodeRenderScriptUnchecked, scriptOffset(s), "render-script-unchecked", "URL", s.URL)
	}
}

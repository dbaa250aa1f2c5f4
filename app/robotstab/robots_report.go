package robotstab

import (
	"net/url"
	"strings"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/robots"
)

// maxRobotsURLs bounds the URLs the robots grid is prefilled with.
const maxRobotsURLs = 40

// reportRobots is the robots.txt outcome of the host the page finally came
// from (after redirects), nil when none was consulted.
func reportRobots(rep *inspect.Report) *robots.Outcome {
	for _, s := range []*inspect.RobotsSummary{rep.FinalRobots, rep.Robots} {
		if s != nil && !s.Skipped && s.Outcome != nil {
			return s.Outcome
		}
	}
	return nil
}

// DataOf prepares the Robots tab: the page host's robots.txt outcome,
// the profile's tokens, and the page with its same-host resources as URLs.
// It reads the report only and may run on any goroutine.
func DataOf(rep *inspect.Report, p fetch.Profile) Data {
	d := Data{
		profileName: p.Name, chain: p.RobotsTokens, ignoreStar: p.IgnoresStar,
		host: originOf(rep.FinalURL), outcome: reportRobots(rep),
	}
	lr := liveRobotsOf(d.outcome)
	d.live, d.liveSize, d.liveNote = lr.text, lr.size, lr.note
	d.URLs = robotsURLs(rep)
	d.grid = evalRobots([]byte(d.live), d.outcome, true, d.URLs, robotsAgents(d.profileName, d.chain, d.ignoreStar, nil))
	return d
}

func robotsURLs(rep *inspect.Report) []string {
	page := rep.FinalURL
	if page == "" {
		page = rep.URL
	}
	urls := []string{page}
	origin := originOf(page)
	seen := map[string]bool{page: true}
	for _, r := range rep.Resources {
		if len(urls) >= maxRobotsURLs {
			break
		}
		if !seen[r.URL] && originOf(r.URL) == origin && origin != "" {
			seen[r.URL] = true
			urls = append(urls, r.URL)
		}
	}
	return urls
}

// originOf is scheme://host[:port] of a URL, lower case, "" when it has
// none: the key a robots.txt belongs to.
func originOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return ""
	}
	return strings.ToLower(u.Scheme + "://" + u.Host)
}

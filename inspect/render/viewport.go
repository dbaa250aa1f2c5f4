package render

import (
	"strings"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
)

// ViewportFor returns the screen a render of profile p emulates. Google
// publishes no viewport for its renderer, so both sizes are assumptions,
// and the report says so: a profile whose User-Agent says "Mobile" gets
// the CSS size of the Nexus 5X its Googlebot Smartphone User-Agent names
// (412 × 732), the others a 1024 × 768 desktop screen.
func ViewportFor(p fetch.Profile) inspect.Viewport {
	if strings.Contains(p.UserAgentTemplate, "Mobile") {
		return inspect.Viewport{Width: 412, Height: 732, Mobile: true, Assumed: true,
			Source: "Assumption: Google publishes no renderer viewport; 412 × 732 is the CSS size of the Nexus 5X named in the smartphone User-Agent."}
	}
	return inspect.Viewport{Width: 1024, Height: 768, Assumed: true,
		Source: "Assumption: Google publishes no renderer viewport; 1024 × 768 is a common desktop screen."}
}

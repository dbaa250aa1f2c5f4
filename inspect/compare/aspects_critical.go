package compare

import (
	"fmt"
	"slices"
	"strings"
)

// criticalSummary compares every critical element at once and says the
// differences grouped: the elements one crawler loses past its cutoff and
// the other keeps, those only one page has, and values that differ.
func criticalSummary(kinds []string) aspect {
	return aspect{field: "critical", label: "Critical elements", content: true, summaryOnly: true,
		show: func(Fetch) string { return "" },
		raw: func(f Fetch) any {
			m := map[string]string{}
			for _, k := range kinds {
				m[k] = criticalAspect(k).show(f)
			}
			return m
		},
		key: func(f Fetch) string {
			parts := make([]string, len(kinds))
			for i, k := range kinds {
				parts[i] = criticalAspect(k).key(f)
			}
			return strings.Join(parts, "\x00")
		},
		say:  func(f, ref Fetch) string { return criticalSentence(kinds, f, ref) },
		skip: failed,
	}
}

// criticalSentence groups the element differences of f against ref.
func criticalSentence(kinds []string, f, ref Fetch) string {
	var lost, kept, missing, extra, values []string
	for _, k := range kinds {
		c, ok := firstOf(f, k)
		rc, rok := firstOf(ref, k)
		switch {
		case !ok && rok:
			missing = append(missing, k)
		case ok && !rok:
			extra = append(extra, k)
		case !ok:
		case c.BeyondCutoff && !rc.BeyondCutoff:
			lost = append(lost, k)
		case !c.BeyondCutoff && rc.BeyondCutoff:
			kept = append(kept, k)
		case slices.Contains(valueKinds, k) && c.Value != rc.Value:
			values = append(values, fmt.Sprintf("its %s is %q where %s's is %q", k, c.Value, ref.Name, rc.Value))
		}
	}
	var parts []string
	add := func(items []string, format string) {
		if len(items) > 0 {
			parts = append(parts, fmt.Sprintf(format, strings.Join(items, ", ")))
		}
	}
	add(lost, "loses past its cutoff %s, which "+ref.Name+" keeps")
	add(kept, "keeps %s, which "+ref.Name+" loses past its cutoff")
	add(missing, "has no %s, which "+ref.Name+"'s page has")
	add(extra, "has %s, which "+ref.Name+"'s page lacks")
	parts = append(parts, values...)
	return f.Name + " " + strings.Join(parts, "; ") + "."
}

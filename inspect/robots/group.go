package robots

import "slices"

// Group is a run of user-agent lines and the rules that follow them. A group
// ends only at a user-agent line that comes after one of its rules: blank
// lines, comments, sitemap and unknown lines do not end it.
type Group struct {
	Agents []Agent `json:"agents"`
	// Rules holds the indices in File.Lines of the group's allow and
	// disallow lines, empty ones included, in file order.
	Rules []int `json:"rules"`

	index *ruleIndex // set for large groups by buildIndex
}

// Agent is one user-agent line of a group.
type Agent struct {
	Line  int    `json:"line"`  // 1-based line number
	Value string `json:"value"` // the value as written, e.g. "Googlebot/2.1"
	// Token is the product token Google reads from Value ("Googlebot"),
	// empty for "*".
	Token string `json:"token"`
	// Star is true for the global "*" agent ("*" alone or followed by
	// whitespace).
	Star bool `json:"star"`
}

// FirstLine returns the line number of the group's first user-agent line.
func (g *Group) FirstLine() int {
	if len(g.Agents) == 0 {
		return 0
	}
	return g.Agents[0].Line
}

// HasStar reports whether the group has a "*" user-agent line.
func (g *Group) HasStar() bool {
	for _, a := range g.Agents {
		if a.Star {
			return true
		}
	}
	return false
}

// buildGroups forms the groups from the classified lines and indexes them by
// lower-case product token.
func (f *File) buildGroups() {
	f.byToken = make(map[string][]int)
	cur, sawRule := -1, false
	for i := range f.Lines {
		ln := &f.Lines[i]
		switch {
		case ln.Kind == KindUserAgent:
			if cur < 0 || sawRule {
				f.Groups = append(f.Groups, Group{})
				cur, sawRule = len(f.Groups)-1, false
			}
			f.addAgent(cur, ln)
		case ln.Kind.IsRule() && cur >= 0:
			f.Groups[cur].Rules = append(f.Groups[cur].Rules, i)
			sawRule = true
		}
		ln.Group = cur
	}
	for i := range f.Groups {
		f.buildIndex(&f.Groups[i])
	}
}

// addAgent records a user-agent line in group g.
func (f *File) addAgent(g int, ln *Line) {
	a := Agent{Line: ln.Num, Value: ln.Value}
	v := ln.Value
	// Google reads "*" followed by whitespace and more text as "*" too.
	if len(v) > 0 && v[0] == '*' && (len(v) == 1 || isSpace(v[1])) {
		a.Star = true
		if len(f.star) == 0 || f.star[len(f.star)-1] != g {
			f.star = append(f.star, g)
		}
	} else {
		a.Token = ExtractUserAgent(v)
		key := asciiLower(a.Token)
		if list := f.byToken[key]; len(list) == 0 || list[len(list)-1] != g {
			f.byToken[key] = append(list, g)
		}
	}
	f.Groups[g].Agents = append(f.Groups[g].Agents, a)
}

// groupsFor returns the indices, in file order, of the groups naming any of
// the tokens (compared without regard to ASCII case, never extracted: a
// token "Googlebot/2.1" names no group).
func (f *File) groupsFor(tokens ...string) []int {
	if len(tokens) == 1 {
		return f.byToken[asciiLower(tokens[0])]
	}
	seen := make(map[int]bool)
	var out []int
	for _, t := range tokens {
		for _, g := range f.byToken[asciiLower(t)] {
			if !seen[g] {
				seen[g] = true
				out = append(out, g)
			}
		}
	}
	slices.Sort(out)
	return out
}

package demosite

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/assets"
)

var (
	errUnclosed  = errors.New("demosite: template has an unclosed {{")
	errDirective = errors.New("demosite: template has an unknown placeholder")
	errOverflow  = errors.New("demosite: template text already passes a filler's target offset")
	errTooBig    = errors.New("demosite: a filler's target offset is past the 16 MiB the demo pages may reach")
)

// maxFill bounds the offsets a template may ask fillers to reach; the
// biggest page is about 3 MB.
const maxFill = 16 << 20

// demoFS is the demo site's files with the "demo/" prefix removed.
var demoFS = mustSub(assets.Demo, "demo")

func mustSub(fsys fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(err) // dir is a constant that names an embedded directory
	}
	return sub
}

// renderFile renders the template stored as name in the demo files. The
// generator is seeded from name, so the same name, vars always give the
// same bytes, whichever page was rendered before.
func renderFile(name string, vars map[string]string) ([]byte, error) {
	tmpl, err := fs.ReadFile(demoFS, name)
	if err != nil {
		return nil, fmt.Errorf("demosite: read template: %w", err)
	}
	return render(string(tmpl), vars, newGen(name))
}

// render expands a page skeleton. "{{name}}" is replaced by vars[name];
// "{{kind OFFSET}}" appends generated filler of that kind (see gen.fill)
// until the output is exactly OFFSET bytes long, so the text after it starts
// at byte OFFSET whatever came before. OFFSET may contain underscores
// (2_000_000).
func render(tmpl string, vars map[string]string, g *gen) ([]byte, error) {
	var b bytes.Buffer
	for {
		i := strings.Index(tmpl, "{{")
		if i < 0 {
			b.WriteString(tmpl)
			return b.Bytes(), nil
		}
		b.WriteString(tmpl[:i])
		j := strings.Index(tmpl[i:], "}}")
		if j < 0 {
			return nil, errUnclosed
		}
		if err := expand(&b, tmpl[i+2:i+j], vars, g); err != nil {
			return nil, err
		}
		tmpl = tmpl[i+j+2:]
	}
}

// expand writes the value of one placeholder.
func expand(b *bytes.Buffer, directive string, vars map[string]string, g *gen) error {
	f := strings.Fields(directive)
	switch len(f) {
	case 1:
		v, ok := vars[f[0]]
		if !ok {
			return fmt.Errorf("%w: {{%s}}", errDirective, directive)
		}
		b.WriteString(v)
		return nil
	case 2:
		until, err := strconv.ParseInt(f[1], 0, 32)
		if err != nil {
			return fmt.Errorf("%w: {{%s}}", errDirective, directive)
		}
		if until > maxFill {
			return fmt.Errorf("%w: {{%s}}", errTooBig, directive)
		}
		return g.fill(b, f[0], int(until))
	}
	return fmt.Errorf("%w: {{%s}}", errDirective, directive)
}

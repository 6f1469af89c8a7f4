package i18n

import (
	"regexp"

	"github.com/tinnersbot/tinnersbot/engine"
)

var templateFieldRE = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// UnshownArgs lists the arguments of m, nested messages' too, as
// "id.Arg", that its template in templates (Templates' map of one
// language) does not show. A plural's Count counts as shown: it picks the
// form. For tests: an engine message must carry nothing its English line
// hides, so that a hidden tile or card cannot ride along in a stored log
// line.
func UnshownArgs(templates map[string][]string, m engine.Message) []string {
	var out []string
	var walk func(id string, args map[string]any)
	walk = func(id string, args map[string]any) {
		used := map[string]bool{"Count": true}
		for _, f := range templates[id] {
			for _, mm := range templateFieldRE.FindAllStringSubmatch(f, -1) {
				used[mm[1]] = true
			}
		}
		for k, v := range args {
			if !used[k] {
				out = append(out, id+"."+k)
			}
			if sub, ok := v.(engine.Message); ok {
				walk(sub.ID, sub.Args)
			}
		}
	}
	walk(m.ID, m.Args)
	return out
}

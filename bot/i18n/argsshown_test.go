package i18n

import (
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

var (
	enOnce      sync.Once
	enTemplates map[string][]string
	enErr       error
)

var templateFieldRE = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// argsShown reports the arguments of m (nested ones too) that its English
// template does not show. An engine message must carry nothing its English
// line hides: Polish templates use the same placeholders (TestCatalogue),
// so then no language can show more than the public English does, and a
// hidden tile or card cannot ride along in a stored log line.
func argsShown(t *testing.T, m engine.Message) []string {
	t.Helper()
	enOnce.Do(func() { enTemplates, enErr = Templates(English) })
	if enErr != nil {
		t.Fatal(enErr)
	}
	en := enTemplates
	var unshown []string
	var walk func(id string, args map[string]any)
	walk = func(id string, args map[string]any) {
		used := map[string]bool{"Count": true} // a plural count picks the form even where unshown
		for _, f := range en[id] {
			for _, mm := range templateFieldRE.FindAllStringSubmatch(f, -1) {
				used[mm[1]] = true
			}
		}
		for k, v := range args {
			if !used[k] {
				unshown = append(unshown, id+"."+k)
			}
			if sub, ok := v.(engine.Message); ok {
				walk(sub.ID, sub.Args)
			}
		}
	}
	walk(m.ID, m.Args)
	return unshown
}

func checkArgsShown(t *testing.T, where string, m engine.Message) {
	t.Helper()
	if bad := argsShown(t, m); len(bad) > 0 {
		t.Errorf("%s: message %s carries arguments its English does not show: %s", where, m.ID, strings.Join(bad, ", "))
	}
}

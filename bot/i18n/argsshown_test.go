package i18n

import (
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
	return UnshownArgs(enTemplates, m)
}

func checkArgsShown(t *testing.T, where string, m engine.Message) {
	t.Helper()
	if bad := argsShown(t, m); len(bad) > 0 {
		t.Errorf("%s: message %s carries arguments its English does not show: %s", where, m.ID, strings.Join(bad, ", "))
	}
}

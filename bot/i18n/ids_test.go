package i18n

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// idUseRE finds message ids in calls like l.T("id", …), l.N("id", …) and
// kit.Say(l, "id", …) in the bot's code: the core, the kit and the UIs.
var idUseRE = regexp.MustCompile(`(?:\b(?:T|N)|\bkit\.(?:Say|SayN))\((?:[a-zA-Z_.()]+, )?"([a-z0-9_]+)"`)

// TestIDsInCode: every message id the bot's code names literally is in
// the catalogue (ids built at run time, like colour_*, are checked by
// the tests of their callers).
func TestIDsInCode(t *testing.T) {
	en := catalogue(t, English)
	var srcs []string
	for _, dir := range []string{"..", "../kit", "../genericui", "../ttui"} {
		fs, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, fs...)
	}
	n := 0
	for _, p := range srcs {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range idUseRE.FindAllStringSubmatch(string(b), -1) {
			if strings.HasSuffix(m[1], "_") {
				continue // the prefix of ids built at run time ("colour_"+name)
			}
			n++
			if _, ok := en[m[1]]; !ok {
				t.Errorf("%s names message %q, which the catalogue does not have", filepath.Base(p), m[1])
			}
		}
	}
	if n == 0 {
		t.Error("no message ids found in the bot's code: has the calling convention changed?")
	}
}

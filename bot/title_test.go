package bot

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCoreKnowsNoTitle: the bot's core files import no title's package.
// A title's own UI lives in files named after it (tt_*.go: Tinners'
// Trail), registered through registerTitleUI; everything else reaches a
// game through engine.Match and the titleUI interface.
func TestCoreKnowsNoTitle(t *testing.T) {
	own := map[string]string{ // title package → the file prefix its UI lives in
		"github.com/tinnersbot/tinnersbot/engine/tinners":    "tt_",
		"github.com/tinnersbot/tinnersbot/imaging/tinners":   "tt_",
		"github.com/tinnersbot/tinnersbot/engine/coalbaron":  "",
		"github.com/tinnersbot/tinnersbot/imaging/coalbaron": "",
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	core, titled := 0, 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		isCore := true
		for _, imp := range af.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			prefix, isTitle := own[path]
			if !isTitle && strings.HasPrefix(path, "github.com/tinnersbot/tinnersbot/engine/") && path != "github.com/tinnersbot/tinnersbot/engine/enginetest" {
				t.Errorf("%s imports %s, a title package this test does not know: add it", f, path)
			}
			if !isTitle {
				continue
			}
			isCore = false
			if prefix == "" || !strings.HasPrefix(f, prefix) {
				t.Errorf("%s imports the title package %s; only files named %s* may", f, path, prefix)
			}
		}
		if isCore {
			core++
		} else {
			titled++
		}
	}
	if core < 20 || titled < 5 {
		t.Errorf("%d core files and %d title files: the file list looks wrong", core, titled)
	}
}

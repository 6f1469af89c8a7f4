package bot

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
)

// titleWords are words of Tinners' Trail (its modules, its automated
// opponent, its pieces) in English and Polish.
var titleWords = regexp.MustCompile(`(?i)arsenic|arszenik|emigration|emigracj|kickstarter|wallace|tinners|survey|geologiczn|peek|podejrz|pump|pomp|calciner|adit|sztoln`)

// TestCoreSpeaksNoTitle: the core's slash command (with no Tinners' Trail
// installed) and the core's catalogue (bot/i18n core and admin files)
// carry no word of Tinners' Trail: a title's words come from the title.
func TestCoreSpeaksNoTitle(t *testing.T) {
	b, err := json.Marshal(commands(engine.NewRegistry(coalbaron.Title)))
	if err != nil {
		t.Fatal(err)
	}
	if w := titleWords.FindAllString(string(b), -1); len(w) > 0 {
		t.Errorf("the core's command schema speaks of %q", w)
	}
	for _, area := range []string{"core", "admin"} {
		for _, lang := range i18n.Languages {
			var msgs map[string]any
			if _, err := toml.DecodeFile(filepath.Join("i18n", area+"."+lang+".toml"), &msgs); err != nil {
				t.Fatal(err)
			}
			for id, v := range msgs {
				if w := titleWords.FindAllString(fmt.Sprint(v), -1); len(w) > 0 {
					t.Errorf("%s.%s.toml: %s speaks of %q", area, lang, id, w)
				}
			}
		}
	}
}

// TestNoInitRegistration: what a bot hosts is wired by its program
// (Config.Titles, Renderers and UIs): no file of the core, the kit or a
// title's UI sets anything up from an init function.
func TestNoInitRegistration(t *testing.T) {
	var files []string
	for _, glob := range []string{"*.go", "kit/*.go", "ttui/*.go"} {
		fs, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, fs...)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.Name == "init" {
				t.Errorf("%s has an init function", f)
			}
		}
	}
}

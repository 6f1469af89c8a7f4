package bot

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
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
			// engine/autoplay is no title: the bot player, over the contract alone (bots.go).
			if !isTitle && strings.HasPrefix(path, "github.com/tinnersbot/tinnersbot/engine/") && path != "github.com/tinnersbot/tinnersbot/engine/enginetest" &&
				path != "github.com/tinnersbot/tinnersbot/engine/autoplay" {
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
	coreSpeaksNoTitle(t)
}

// titleWords are words of Tinners' Trail (its modules, its automated
// opponent, its pieces) in English and Polish.
var titleWords = regexp.MustCompile(`(?i)arsenic|arszenik|emigration|emigracj|kickstarter|wallace|tinners|survey|geologiczn|peek|podejrz|pump|pomp|calciner|adit|sztoln`)

// coreSpeaksNoTitle: the core's slash command (with no Tinners' Trail
// installed) and the core's catalogue (bot/i18n core and admin files)
// carry no word of Tinners' Trail: a title's words come from the title.
func coreSpeaksNoTitle(t *testing.T) {
	t.Helper()
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

// TestCoreCallsNoTitleCode: no core file uses anything a title's own files
// declare (functions, types, variables, constants, methods), except the
// titleUI interface's methods, which the title's UI type implements. The
// package is type-checked, so every use is resolved to its declaration.
func TestCoreCallsNoTitleCode(t *testing.T) {
	t.Parallel() // CPU-bound: shares the two cores with the other heavy property tests
	if testing.Short() {
		t.Skip("type-checks the package from source")
	}
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var afs []*ast.File
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		afs = append(afs, af)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("github.com/tinnersbot/tinnersbot/bot", fset, afs, info); err != nil {
		t.Fatal(err)
	}
	titleFile := func(pos token.Pos) bool { return strings.HasPrefix(filepath.Base(fset.Position(pos).Filename), "tt_") }
	uses := 0
	for id, obj := range info.Uses {
		if obj.Pkg() == nil || obj.Pkg().Path() != "github.com/tinnersbot/tinnersbot/bot" || titleFile(id.Pos()) || !titleFile(obj.Pos()) {
			continue
		}
		if fn, ok := obj.(*types.Func); ok {
			if sig := fn.Type().(*types.Signature); sig.Recv() != nil {
				if named, ok := types.Unalias(sig.Recv().Type()).(*types.Named); ok && named.Obj().Name() == "ttUI" {
					continue // called through titleUI
				}
			}
		}
		if v, ok := obj.(*types.Var); ok && v.IsField() {
			continue
		}
		uses++
		t.Errorf("%s uses %s, declared in %s", fset.Position(id.Pos()), obj.Name(), filepath.Base(fset.Position(obj.Pos()).Filename))
	}
}

// TestNoInitRegistration: what a bot hosts is wired by its program
// (Config.Titles, Renderers and UIs): no file of the package sets anything
// up from an init function.
func TestNoInitRegistration(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
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

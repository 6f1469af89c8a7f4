package bot

import (
	"go/build"
	"path"
	"slices"
	"strings"
	"testing"
)

// TestHouseRules: the bot is a house of packages, and what each may import
// is the one rule the compiler cannot state. The core (this package)
// imports no title and no title's UI: it reaches a game through
// engine.Match and the UIs the program gives it (Config.UIs). The kit
// (bot/kit) is what every UI speaks and imports no part of the bot but
// its catalogue. The generic UI (bot/genericui) imports the kit and no
// title, another UI or the core. A title's UI (bot/ttui) imports the kit
// and its own title, never the core or another UI.
func TestHouseRules(t *testing.T) {
	const mod = "github.com/tinnersbot/tinnersbot/"
	titled := func(imp string) bool { // a title's own package
		for _, root := range []string{"engine/", "imaging/"} {
			if rest, ok := strings.CutPrefix(imp, mod+root); ok && !strings.Contains(rest, "/") &&
				!slices.Contains([]string{"enginetest", "autoplay", "imagingtest"}, rest) {
				return true
			}
		}
		return false
	}
	ui := func(imp string) bool { return imp == mod+"bot/ttui" || imp == mod+"bot/genericui" }
	for _, c := range []struct {
		dir    string
		refuse func(imp string) bool
	}{
		{".", func(imp string) bool { return titled(imp) || ui(imp) }},
		{"kit", func(imp string) bool {
			return titled(imp) || strings.HasPrefix(imp, mod+"bot") && imp != mod+"bot/i18n"
		}},
		{"genericui", func(imp string) bool { return imp == mod+"bot" || titled(imp) || ui(imp) }},
		{"ttui", func(imp string) bool {
			return imp == mod+"bot" || imp == mod+"bot/genericui" || titled(imp) && path.Base(imp) != "tinners"
		}},
	} {
		p, err := build.ImportDir(c.dir, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.GoFiles) < 3 {
			t.Fatalf("%s: %d files: the wrong folder", c.dir, len(p.GoFiles))
		}
		for _, imp := range p.Imports {
			if c.refuse(imp) {
				t.Errorf("package %s imports %s", p.Name, imp)
			}
		}
	}
}

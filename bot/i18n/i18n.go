// Package i18n is the bot's message catalogue: every sentence a player
// reads, in English and Polish, looked up by message id and filled from
// named arguments, with CLDR plural rules (English one/other, Polish
// one/few/many/other) chosen by github.com/nicksnyder/go-i18n.
//
// The catalogue is the embedded files <area>.<lang>.toml (core, and one
// pair per part of the bot or title; an id lives in exactly one area,
// which TestCatalogue checks). A message is a
// text/template string ("Table {{.Table}} is full"), or, when it depends on
// a count, a table of plural forms. Code never builds a sentence from
// pieces of another language: it asks for a whole message by id.
package i18n

import (
	"embed"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"golang.org/x/text/language"
)

// Supported languages, as the catalogue's file names spell them.
const (
	English = "en"
	Polish  = "pl"
)

// Languages lists the supported languages, the default first.
var Languages = []string{English, Polish}

//go:embed *.toml
var files embed.FS

// langFiles lists the catalogue files of lang, sorted.
func langFiles(lang string) ([]string, error) {
	return fs.Glob(files, "*."+lang+".toml")
}

var (
	bundleOnce sync.Once
	bundle     *goi18n.Bundle
	ids        map[string]bool // the English catalogue's ids, for Has
	bundleErr  error
	locs       sync.Map // lang → *Loc
)

func load() (*goi18n.Bundle, error) {
	bundleOnce.Do(func() {
		b := goi18n.NewBundle(language.English)
		b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
		seen := map[string]bool{}
		for _, l := range Languages {
			names, err := langFiles(l)
			if err == nil && len(names) == 0 {
				err = fmt.Errorf("no files")
			}
			if err != nil {
				bundleErr = fmt.Errorf("i18n: %s catalogue: %w", l, err)
				return
			}
			for _, name := range names {
				mf, err := b.LoadMessageFileFS(files, name)
				if err != nil {
					bundleErr = fmt.Errorf("i18n: load %s: %w", name, err)
					return
				}
				if l == English {
					for _, msg := range mf.Messages {
						seen[msg.ID] = true
					}
				}
			}
		}
		bundle, ids = b, seen
	})
	return bundle, bundleErr
}

// Loc renders messages in one language. It is safe for concurrent use.
type Loc struct {
	lang string
	l    *goi18n.Localizer
}

// Localizer returns the renderer of lang ("en", "pl"); any other value
// is English. It panics if the embedded catalogue does not load, which
// TestCatalogue rules out before any build ships.
func Localizer(lang string) *Loc {
	lang = Supported(lang)
	if l, ok := locs.Load(lang); ok {
		return l.(*Loc)
	}
	b, err := load()
	if err != nil {
		panic(err)
	}
	l, _ := locs.LoadOrStore(lang, &Loc{lang: lang, l: goi18n.NewLocalizer(b, lang)})
	return l.(*Loc)
}

// Lang returns the language l renders ("en" or "pl").
func (l *Loc) Lang() string { return l.lang }

// T returns message id filled with data (nil: no arguments). A message
// missing from l's language falls back to English; one missing from the
// catalogue altogether comes back as its id in brackets, so a slip shows
// in tests rather than as an empty reply (TestIDsInCode keeps ids honest).
func (l *Loc) T(id string, data map[string]any) string {
	return l.render(id, nil, data)
}

// N returns the plural message id in the form count asks for in l's
// language, filled with data; count is also available to the template as
// {{.Count}}.
func (l *Loc) N(id string, count int, data map[string]any) string {
	d := make(map[string]any, len(data)+1)
	for k, v := range data {
		d[k] = v
	}
	d["Count"] = count
	return l.render(id, count, d)
}

func (l *Loc) render(id string, count any, data map[string]any) string {
	s, err := l.l.Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: count})
	if err != nil && s == "" {
		return "[" + id + "]"
	}
	return s
}

// Supported maps a language tag to a supported language: "pl" and its
// regional forms are Polish; everything else, and "", is English.
func Supported(lang string) string {
	base, _, _ := strings.Cut(strings.ToLower(lang), "-")
	if base == Polish {
		return Polish
	}
	return English
}

// FromDiscord maps a Discord locale ("pl", "en-US", "en-GB", "de", …) to
// a supported language; unknown and empty locales are English.
func FromDiscord(locale string) string { return Supported(locale) }

// IsSupported reports whether lang is exactly one of Languages.
func IsSupported(lang string) bool {
	for _, l := range Languages {
		if l == lang {
			return true
		}
	}
	return false
}

// Has reports whether the catalogue has message id (in English, which
// every language's ids mirror: TestCatalogue).
func Has(id string) bool {
	if _, err := load(); err != nil {
		return false
	}
	return ids[id]
}

// Message renders an engine message (engine.Message) in l's language:
// arguments that are messages themselves are rendered first, and an
// argument named Count picks the plural form. An unset message gives
// fallback: the English that a title which has not moved to messages yet
// (Tinners' Trail) writes beside them, or that older stored lines hold.
// A message the catalogue lacks gives fallback when there is one, else its
// id in brackets (which the catalogue tests catch), never an empty text.
func (l *Loc) Message(m engine.Message, fallback string) string {
	if m.ID == "" || !Has(m.ID) && fallback != "" {
		return fallback
	}
	return l.message(m.ID, m.Args)
}

func (l *Loc) message(id string, a map[string]any) string {
	data := make(map[string]any, len(a))
	var count any
	for k, v := range a {
		switch v := v.(type) {
		case engine.Message:
			data[k] = l.message(v.ID, v.Args)
		case map[string]any: // a nested Message read back from JSON
			sub, _ := v["id"].(string)
			subArgs, _ := v["args"].(map[string]any)
			data[k] = l.message(sub, subArgs)
		case float64: // a number read back from JSON
			if v == float64(int(v)) {
				data[k] = int(v)
			} else {
				data[k] = v
			}
		default:
			data[k] = v
		}
		if k == "Count" {
			count = data[k]
		}
	}
	return l.render(id, count, data)
}

// Templates returns every message of lang's catalogue as its raw
// templates (one per plural form, sorted by form name), by id: for tools
// and tests that look at the words themselves (the transcript scan of
// `playtest --locale`, the refusal patterns of the playtest driver).
func Templates(lang string) (map[string][]string, error) {
	names, err := langFiles(Supported(lang))
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, name := range names {
		var raw map[string]any
		if _, err := toml.DecodeFS(files, name, &raw); err != nil {
			return nil, fmt.Errorf("i18n: %s: %w", name, err)
		}
		for id, v := range raw {
			switch v := v.(type) {
			case string:
				out[id] = []string{v}
			case map[string]any:
				forms := make([]string, 0, len(v))
				for _, f := range slices.Sorted(maps.Keys(v)) {
					if s, ok := v[f].(string); ok {
						forms = append(forms, s)
					}
				}
				out[id] = forms
			}
		}
	}
	return out, nil
}

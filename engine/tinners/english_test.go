package tinners

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"text/template"

	"github.com/tinnersbot/tinnersbot/engine"
)

// The engine speaks in catalogue messages only. Its tests that read what
// it says in English render the messages through the bot's English
// catalogue (../../bot/i18n/*.en.toml), read here with the standard library
// alone: simple strings `id = "…"` and plural tables `[id]` with `one` and
// `other` (English's two forms), which is all the engine's messages use.

var (
	catOnce sync.Once
	catalog map[string]map[string]string // id → form ("" for a plain message) → template
	catErr  error
)

var (
	catLineRE  = regexp.MustCompile(`^([a-z0-9_]+) = ("(?:[^"\\]|\\.)*")\s*$`)
	catTableRE = regexp.MustCompile(`^\[([a-z0-9_]+)\]\s*$`)
)

func loadCatalog() (map[string]map[string]string, error) {
	catOnce.Do(func() {
		catalog = map[string]map[string]string{}
		files, err := filepath.Glob(filepath.Join("..", "..", "bot", "i18n", "*.en.toml"))
		if err != nil || len(files) == 0 {
			catErr = fmt.Errorf("no English catalogue (%v)", err)
			return
		}
		for _, f := range files {
			fh, err := os.Open(f)
			if err != nil {
				catErr = err
				return
			}
			table := ""
			sc := bufio.NewScanner(fh)
			for sc.Scan() {
				l := strings.TrimSpace(sc.Text())
				if m := catTableRE.FindStringSubmatch(l); m != nil {
					table = m[1]
					continue
				}
				m := catLineRE.FindStringSubmatch(l)
				if m == nil {
					continue
				}
				text, err := strconv.Unquote(m[2])
				if err != nil {
					continue
				}
				if table == "" {
					catalog[m[1]] = map[string]string{"": text}
				} else {
					if catalog[table] == nil {
						catalog[table] = map[string]string{}
					}
					catalog[table][m[1]] = text
				}
			}
			fh.Close()
		}
	})
	return catalog, catErr
}

// english renders m as the bot's English catalogue does ("[id]" for a
// message it lacks).
func english(t testing.TB, m engine.Message) string {
	t.Helper()
	s, err := renderEnglish(m)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// renderEnglish is english without a test to fail.
func renderEnglish(m engine.Message) (string, error) {
	cat, err := loadCatalog()
	if err != nil {
		return "", err
	}
	var render func(id string, args map[string]any) (string, error)
	render = func(id string, args map[string]any) (string, error) {
		forms, ok := cat[id]
		if !ok {
			return "[" + id + "]", nil
		}
		data := map[string]any{}
		for k, v := range args {
			switch sub := v.(type) {
			case engine.Message:
				r, err := render(sub.ID, sub.Args)
				if err != nil {
					return "", err
				}
				v = r
			case map[string]any: // a nested message read back from JSON
				id, _ := sub["id"].(string)
				a, _ := sub["args"].(map[string]any)
				r, err := render(id, a)
				if err != nil {
					return "", err
				}
				v = r
			case float64: // a number read back from JSON
				if sub == float64(int(sub)) {
					v = int(sub)
				}
			}
			data[k] = v
		}
		text, ok := forms[""]
		if !ok {
			text = forms["other"]
			if data["Count"] == 1 {
				text = forms["one"]
			}
		}
		tm, err := template.New(id).Parse(text)
		if err != nil {
			return "", fmt.Errorf("%s: %w", id, err)
		}
		var b strings.Builder
		if err := tm.Execute(&b, data); err != nil {
			return "", fmt.Errorf("%s: %w", id, err)
		}
		return b.String(), nil
	}
	return render(m.ID, m.Args)
}

// englishLog is s's log in English: a line's message rendered, or the
// English a line from before messages holds.
func englishLog(t testing.TB, s *State) []string {
	t.Helper()
	out := make([]string, len(s.Log))
	for i := range s.Log {
		if m := s.LogMessage(i); !m.IsZero() {
			out[i] = english(t, m)
		} else {
			out[i] = s.Log[i]
		}
	}
	return out
}

// eventText is event e in English.
func eventText(t testing.TB, e Event) string {
	t.Helper()
	return english(t, e.Message)
}

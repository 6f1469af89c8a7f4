package i18n

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// needForms are the CLDR plural forms each language's integer and
// fractional counts use: a plural message must give every one of them.
var needForms = map[string][]string{
	English: {"one", "other"},
	Polish:  {"few", "many", "one", "other"},
}

// catalogue reads every <area>.<lang>.toml as id → plural form → text; a
// plain string is the single form "other". An id in two files of one
// language is an error: go-i18n would silently keep one of them.
func catalogue(t *testing.T, lang string) map[string]map[string]string {
	t.Helper()
	names, err := langFiles(lang)
	if err != nil || len(names) == 0 {
		t.Fatalf("%s: no catalogue files (%v)", lang, err)
	}
	out := map[string]map[string]string{}
	where := map[string]string{}
	for _, name := range names {
		var raw map[string]any
		if _, err := toml.DecodeFS(files, name, &raw); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for id := range raw {
			if w, ok := where[id]; ok {
				t.Errorf("%s is in both %s and %s", id, w, name)
			}
			where[id] = name
		}
		decodeInto(t, lang, raw, out)
	}
	return out
}

func decodeInto(t *testing.T, lang string, raw map[string]any, out map[string]map[string]string) {
	t.Helper()
	for id, v := range raw {
		switch v := v.(type) {
		case string:
			out[id] = map[string]string{"other": v}
		case map[string]any:
			forms := map[string]string{}
			for f, s := range v {
				str, ok := s.(string)
				if !ok {
					t.Fatalf("%s: %s.%s is not a string", lang, id, f)
				}
				forms[f] = str
			}
			out[id] = forms
		default:
			t.Fatalf("%s: %s is a %T", lang, id, v)
		}
	}
}

var placeholderRE = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}|%[sdvq]`)

// placeholders lists the template fields and printf verbs in the forms
// of one message.
func placeholders(forms map[string]string) []string {
	set := map[string]bool{}
	for _, s := range forms {
		for _, m := range placeholderRE.FindAllStringSubmatch(s, -1) {
			if m[1] != "" {
				set[m[1]] = true
			} else {
				set[m[0]] = true
			}
		}
	}
	var out []string
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestCatalogue: every id is in every language; a plural message has the
// forms each language needs (and a plain one stays plain everywhere);
// every form uses the same placeholders in every language.
func TestCatalogue(t *testing.T) {
	cats := map[string]map[string]map[string]string{}
	for _, l := range Languages {
		cats[l] = catalogue(t, l)
	}
	en := cats[English]
	for _, l := range Languages {
		for id := range cats[l] {
			for _, o := range Languages {
				if _, ok := cats[o][id]; !ok {
					t.Errorf("%s is in %s but not in %s", id, l, o)
				}
			}
		}
	}
	for id := range en {
		isPlural := false
		for _, l := range Languages {
			if f, ok := cats[l][id]; ok && (len(f) > 1 || f["other"] == "") {
				isPlural = true
			}
		}
		want := placeholders(en[id])
		for _, l := range Languages {
			forms, ok := cats[l][id]
			if !ok {
				continue
			}
			if isPlural {
				var have []string
				for f := range forms {
					have = append(have, f)
				}
				sort.Strings(have)
				if !slices.Equal(have, needForms[l]) {
					t.Errorf("%s (%s): plural forms %v, want %v", id, l, have, needForms[l])
				}
				if !strings.Contains(strings.Join(mapValues(forms), ""), "{{.Count}}") {
					t.Errorf("%s (%s): a plural message shows no {{.Count}}", id, l)
				}
			}
			if got := placeholders(forms); !slices.Equal(got, want) {
				t.Errorf("%s (%s): placeholders %v, English has %v", id, l, got, want)
			}
			for f, s := range forms {
				if strings.TrimSpace(s) == "" {
					t.Errorf("%s.%s (%s) is empty", id, f, l)
				}
			}
		}
	}
}

func mapValues(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// TestPolishPlurals checks the CLDR forms go-i18n picks for Polish
// ("1 kostka, 2 kostki, 5 kostek") on a message of the catalogue.
func TestPolishPlurals(t *testing.T) {
	pl, en := Localizer(Polish), Localizer(English)
	for _, c := range []struct {
		n      int
		pl, en string
	}{
		{1, "1 godzina", "1 hour"}, {2, "2 godziny", "2 hours"}, {4, "4 godziny", "4 hours"},
		{5, "5 godzin", "5 hours"}, {12, "12 godzin", "12 hours"}, {22, "22 godziny", "22 hours"},
		{25, "25 godzin", "25 hours"}, {0, "0 godzin", "0 hours"}, {111, "111 godzin", "111 hours"},
	} {
		if got := pl.N("hours", c.n, nil); got != c.pl {
			t.Errorf("pl %d: %q, want %q", c.n, got, c.pl)
		}
		if got := en.N("hours", c.n, nil); got != c.en {
			t.Errorf("en %d: %q, want %q", c.n, got, c.en)
		}
	}
	if got := pl.T("not_your_turn", map[string]any{"Who": "X"}); got != "To nie twoja kolej; teraz kolej: X." {
		t.Errorf("pl T: %q", got)
	}
	if got := en.T("no_such_message", nil); got != "[no_such_message]" {
		t.Errorf("missing id: %q", got)
	}
}

func TestSupported(t *testing.T) {
	for in, want := range map[string]string{"pl": Polish, "PL": Polish, "pl-PL": Polish, "en-US": English,
		"en-GB": English, "de": English, "": English, "plx": English} {
		if got := FromDiscord(in); got != want {
			t.Errorf("FromDiscord(%q) = %q, want %q", in, got, want)
		}
	}
}

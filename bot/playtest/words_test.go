package playtest

import (
	"strings"
	"testing"
)

func TestWordFindingsCatchesTheWarts(t *testing.T) {
	bad := []string{
		"• **green (G)** (P3) takes 1 steam pump(s).",
		"(engine D, 1 lorries)",
		"places 2 worker on the order stack",
		"P3 extracts 0 tin and 1 copper from C4 for £5",
		"P3 invests £0 for 0 points.",
		"2–2 players.",
		"places 1 worker (1 (innovation 1–3)) on the mining 1/2",
		"1 robotników",
		"5 punkty",
		"after 2 shift",
		strings.Repeat("word ", 19) + "abcd…", // 100 runes, cut mid-word
	}
	for _, s := range bad {
		if f := WordFindings(&Result{Shown: []string{s}}); len(f) == 0 {
			t.Errorf("no finding in %q", s)
		}
	}
	good := []string{
		"• **green (G)** (P3) takes 1 steam pump.",
		"(engine D, 1 lorry)",
		"P3 extracts 1 copper from C4 for £5",
		"2–4 players.",
		"karta 2 wózków z wieżą",
		"do 4 kroków",
		"nie wykorzystuje 1 pompy parowej",
		"3 VP per 2 shift tokens",
		"Lord Wallace plays 2 action cards (Build, Build)",
		"Build a mine…",
	}
	for _, s := range good {
		if f := WordFindings(&Result{Shown: []string{s}}); len(f) > 0 {
			t.Errorf("findings in %q: %v", s, f)
		}
	}
}

package bot

import (
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

// isFinalPost reports whether a public post is a game's final post: its
// first line is the result (issue 25), in every language.
func isFinalPost(content string) bool { return strings.HasPrefix(content, "🏆") }

// finalBody is a final post without its first line (the result).
func finalBody(content string) string {
	_, rest, _ := strings.Cut(content, "\n")
	return rest
}

// TestResultLine: the final post's first line names the winner with their
// points, then every other seat in ranking order; a shared win
// (engine.Result.Shared) says so; in English and Polish, plurals from the
// catalogue.
func TestResultLine(t *testing.T) {
	names := []string{"<@1>", "<@2>", "<@3>"}
	name := func(k int) string { return names[k] }
	scores := []int{132, 150, 120}
	points := func(k int) int { return scores[k] }
	en, pl := i18n.Localizer(i18n.English), i18n.Localizer("pl")
	for _, c := range []struct {
		l       *i18n.Loc
		ranking []int
		shared  int
		want    string
	}{
		{en, []int{1, 0, 2}, 0, "🏆 <@2> wins with 150 points — <@1> 132, <@3> 120"},
		{en, []int{1, 0, 2}, 1, "🏆 <@2> wins with 150 points — <@1> 132, <@3> 120"},
		{en, []int{1}, 0, "🏆 <@2> wins with 150 points"},
		{pl, []int{1, 0, 2}, 0, "🏆 Wygrywa <@2> z 150 punktami — <@1> 132, <@3> 120"},
	} {
		if got := kit.ResultLine(c.l, c.ranking, c.shared, name, points); got != c.want {
			t.Errorf("resultLine(%v, shared %d) = %q, want %q", c.ranking, c.shared, got, c.want)
		}
	}
	scores = []int{150, 150, 120}
	if got, want := kit.ResultLine(en, []int{0, 1, 2}, 2, name, points), "🏆 <@1> and <@2> share the win with 150 points — <@3> 120"; got != want {
		t.Errorf("shared win: %q, want %q", got, want)
	}
	if got, want := kit.ResultLine(pl, []int{0, 1, 2}, 2, name, points), "🏆 Wspólna wygrana: <@1> i <@2>, po 150 punktów — <@3> 120"; got != want {
		t.Errorf("shared win in Polish: %q, want %q", got, want)
	}
	scores = []int{1, 0, 0}
	if got, want := kit.ResultLine(en, []int{0, 1}, 0, name, points), "🏆 <@1> wins with 1 point — <@2> 0"; got != want {
		t.Errorf("one point: %q, want %q", got, want)
	}
}

package bot

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/genericui"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/ttui"
)

// TestTokenReader: the token of a kind that carries one, nothing from a
// kind whose third field is a page or a version of the past.
func TestTokenReader(t *testing.T) {
	read := TokenReader(genericui.UI(), ttui.TinnersTrailUI())
	for id, want := range map[string]kit.Token{"tt:g1:12e3:2/pass": {Ver: 12, Epoch: 3}, "gu:g1:4e1": {Ver: 4, Epoch: 1}, "tsel:g1:4:0": {Ver: 4, Epoch: 0}} {
		if g, tk, ok := read(id); !ok || g != "g1" || tk != want {
			t.Errorf("%s: %q %v %v, want g1 %v", id, g, tk, ok, want)
		}
	}
	for _, id := range []string{"tlog:g1:2", "tpast:g1:17", "th:g1", "tl:g1:join", "nonsense", "tt:g1:x:2/pass"} {
		if g, tk, ok := read(id); ok {
			t.Errorf("%s: read as %q %v", id, g, tk)
		}
	}
}

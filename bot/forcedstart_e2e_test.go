package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
)

// A game whose first move is forced (the mine-shaft game's first draw)
// starts with it played: the first board already says what was drawn and
// puts the real choice (where to lay it) to the first seat, no click
// spent on the only option.
func TestForcedFirstMovePlayedAtStart(t *testing.T) {
	h, rr := msHarness(t)
	d := openMS(t, h, rr, 2, 1)
	mt, err := h.m.store.Match(context.Background(), d.id)
	if err != nil {
		t.Fatal(err)
	}
	v := mt.Public().(mineshaft.PublicView)
	if v.Step.Kind == mineshaft.StepDraw || v.Drawn == mineshaft.NoTile || mt.Version() == 0 {
		t.Fatalf("after the start: step %v, drawn %d, version %d; want the first draw played", v.Step.Kind, v.Drawn, mt.Version())
	}
	if !strings.Contains(d.board.Content, " draws: ") {
		t.Errorf("the first board does not say what was drawn:\n%s", d.board.Content)
	}
	// The lobby named the game in English; a Polish reader gets its Polish name.
	if got := kit.TitleNameIn(i18n.Localizer(i18n.Polish), mineshaft.Title.Meta()); got != "Szyb kopalni" {
		t.Errorf("Polish name %q", got)
	}
}

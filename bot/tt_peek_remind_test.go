package bot

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// TestBidPromptRemindsPeekedTile: the private bid prompt of an auction for
// a face-down tile says, in one line, what the bidder saw when they peeked
// at it (English and Polish); a bidder who did not peek reads nothing of it.
func TestBidPromptRemindsPeekedTile(t *testing.T) {
	m, tb := diskGame(t, 3, filepath.Join(t.TempDir(), "t.db"))
	defer m.Close()
	s := advance(t, m, tb.ID, func(s *tinners.State) bool {
		return s.Phase == tinners.PhaseAuction && s.Auction != nil && s.Areas[s.Auction.Area].HasTile && !s.Areas[s.Auction.Area].FaceUp
	})
	turn := s.PublicView().Auction.Turn
	tile := s.Areas[s.Auction.Area].Tile
	for _, lang := range []string{i18n.English, i18n.Polish} {
		l := i18n.Localizer(lang)
		seen := l.T("ui_bid_peeked", kit.Args{"Tile": tt.TileWordsIn(l, tile)})
		s.Players[turn].Peeked = nil
		if msg := tt.NextStepIn(l, tb, s, turn); msg == nil || strings.Contains(msg.Content, seen) {
			t.Fatalf("%s: a bidder who did not peek: %+v", lang, msg)
		}
		s.Players[turn].Peeked = []tinners.PeekedTile{{Area: s.Auction.Area, Tile: tile}}
		msg := tt.NextStepIn(l, tb, s, turn)
		if msg == nil || !strings.HasSuffix(msg.Content, "\n"+seen) || strings.Count(msg.Content, "\n") != 1 {
			t.Errorf("%s: bid prompt %+v, want one more line %q", lang, msg, seen)
		}
	}
}

package bot

import (
	"fmt"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// TestEnglishUnchangedAdmin: the admin messages render in English byte
// for byte as the literals they replaced.
func TestEnglishUnchangedAdmin(t *testing.T) {
	en := kit.English()
	tb := kit.Table{ID: "T1", GuildID: "G", ChannelID: "C", BoardMsg: "M", Host: "7",
		Seats: []kit.Seat{{UserID: "7", Name: "Ann"}, {UserID: "8", Name: "Bob"}}}
	link := "https://discord.com/channels/G/C/M"
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	w := kit.Wait{Since: now.Add(-30 * time.Hour), Nudges: 3}
	noLink := tb
	noLink.BoardMsg = ""
	v := tinners.PublicView{Phase: tinners.PhasePumps, PumpsLeft: 2}
	for _, c := range []struct{ got, want string }{
		{reminderPost(tb, "your action", []int{0, 1}, 2, 3).Message.Content,
			"⏰ Table T1 is waiting for **orange (O)** (<@7>), **blue (B)** (<@8>) — your action (reminder 2 of 3). The board: " + link},
		{reminderPost(noLink, "your turn", []int{1}, 1, 3).Message.Content, "⏰ Table T1 is waiting for **blue (B)** (<@8>) — your turn (reminder 1 of 3)."},
		{stalledPost(tb, []int{1}, w, now, true).Message.Content, "⚠️ <@7>, table T1 is stalled: **blue (B)** (Bob) has not answered 3 reminders (waiting 30 hours). " +
			"As host you can `/tt substitute` another member into the seat, `/tt default` to play their default move, or `/tt abort` the table.\n" + link},
		{stalledPost(noLink, []int{0, 1}, w, now, false).Message.Content, "⚠️ <@7>, table T1 is stalled: **orange (O)** (Ann), **blue (B)** (Bob) has not answered 3 reminders (waiting 30 hours). " +
			"As host you can `/tt substitute` another member into the seat or `/tt abort` the table."},
		{tt.WhatIn(en, v), "place 2 steam pumps"},
		{dmText(tb, kit.Dm{UserID: "8", Ask: "your action", Game: "Tinners' Trail"}), "🔔 Your turn at Tinners' Trail table T1 in <#C>: your action.\nThe board: " + link},
		{dmText(noLink, kit.Dm{UserID: "8", Ask: "x", Game: "Coal Baron"}), "🔔 Your turn at Coal Baron table T1 in <#C>: x."},
		{tallyText(en, tally{games: 4, wins: 2, score: 165, ranks: 7}), "4 games, 2 won (50%), average score 41.2, average rank 1.8"},
		{tallyText(en, tally{games: 1, wins: 0, score: 30, ranks: 2}), "1 game, 0 won (0%), average score 30.0, average rank 2.0"},
		{waitingIn(en, 30*time.Second), " · waiting just now"},
		{waitingIn(en, time.Minute), " · waiting 1 minute"},
		{waitingIn(en, 5*time.Hour), " · waiting 5 hours"},
		{waitingIn(en, 72*time.Hour), " · waiting 3 days"},
		{tt.DefaultWordsIn(en, []tinners.Action{{Kind: tinners.ActBid, Amount: 4}}), "the opening bid of £4 (the opener may not drop out)"},
		{tt.DefaultWordsIn(en, []tinners.Action{{Kind: tinners.ActSkipPeek}}), "no peek"},
		{tt.DefaultWordsIn(en, nil), "nothing"},
		{words(en, []string{"adm_perm_view_channel", "adm_perm_embed_links", "adm_perm_attach_files"}), "**View Channel**, **Embed Links** and **Attach Files**"},
		{troubleArchived.why(), "this thread is archived and I may not reopen it (unarchive it, or give me Manage Threads)"},
		{pausedIn(en, "something older"), "something older"},
		{tt.PhaseIn(en, tinners.PhaseInvest), tinners.PhaseInvest.String()},
		{en.N("adm_log_title_round", 1, kit.Args{"Table": "T1", "Round": 2}), fmt.Sprintf("**Table %s — round %d** (%d line)", "T1", 2, 1)},
	} {
		if c.got != c.want {
			t.Errorf("got  %q\nwant %q", c.got, c.want)
		}
	}
	for p := tinners.Phase(0); p.String() != "?"; p++ {
		if got := tt.PhaseIn(en, p); got != p.String() {
			t.Errorf("phase %d: %q, want %q", p, got, p.String())
		}
	}
}

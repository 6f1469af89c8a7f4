package bot

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/brass"
)

// The end of a stage (Brass's Canal era) is owed with the move that ends
// it, ahead of the board, in the same outbox entry: a crash or a Discord
// that keeps failing loses neither, posts them in order, and never twice.

// canalLastTurn plays a 2-player Brass table through the bot up to the
// last turn of the Canal era (with the seed used, its End turn ends the
// era: no seat falls short of its income).
func canalLastTurn(t *testing.T, r *rand.Rand) *bbGame {
	t.Helper()
	g := startBrass(t, 2)
	// The turn that ends the era stops there, even when the same seat
	// opens the Rail era: the owed posts' sender works meanwhile.
	g.stopAfter = func(m engine.Match) bool { return m.Public().(brass.PublicView).Era != brass.Canal }
	for turns := 0; ; turns++ {
		v := g.h.match(g.id).Public().(brass.PublicView)
		if v.Era == brass.Canal && v.Round == v.Rounds && v.Turn == v.Order[len(v.Order)-1] && v.Step == "action" {
			return g
		}
		if v.Era != brass.Canal || turns > 500 {
			t.Fatalf("the Canal era's last turn was not reached (era %v round %d)", v.Era, v.Round)
		}
		g.turn(t, r)
	}
}

// channelTexts are the table channel's messages' texts, oldest first.
func channelTexts(t *testing.T, h *harness) []string {
	t.Helper()
	var out []string
	for _, raw := range h.fd.Messages(testChannel) {
		var u uiMsg
		if err := json.Unmarshal(raw, &u); err != nil {
			t.Fatal(err)
		}
		out = append(out, u.Content)
	}
	return out
}

// checkStageThenBoard checks that the channel has exactly one post telling
// the end of the Canal era, followed at once by the table's board telling
// the Rail era's beginning.
func checkStageThenBoard(t *testing.T, g *bbGame) {
	t.Helper()
	texts := channelTexts(t, g.h)
	at := -1
	for k, c := range texts {
		if strings.HasPrefix(c, "**Canal era: the end**") {
			if at >= 0 {
				t.Fatalf("the end of the Canal era is posted twice:\n%s\n---\n%s", texts[at], c)
			}
			at = k
		}
	}
	if at < 0 {
		t.Fatalf("the end of the Canal era was never posted; the channel ends:\n%s", strings.Join(texts[max(0, len(texts)-3):], "\n---\n"))
	}
	if !strings.Contains(texts[at], "Canal links: ") || !strings.Contains(texts[at], "Canal tiles: ") {
		t.Errorf("the era end post lacks its points by category:\n%s", texts[at])
	}
	if at+1 >= len(texts) || !strings.Contains(texts[at+1], "The Rail era begins") {
		t.Fatalf("the era end post is not followed by the board telling the Rail era's beginning")
	}
	live := liveBoards(t, g.h)
	if b := live[len(live)-1]; g.h.table(g.id).BoardMsg != b.ID || !strings.Contains(b.Content, "The Rail era begins") {
		t.Errorf("the table's board is not the newest live board, the one after the era's end")
	}
}

func TestOutboxStageRestart(t *testing.T) {
	t.Run("not posted", func(t *testing.T) {
		r := rand.New(rand.NewPCG(6, 11))
		g := canalLastTurn(t, r)
		h := g.h
		h.inject(fakediscord.ServerError("POST", tableMessages, 1000, 503))
		g.turn(t, r)
		if v := h.match(g.id).Public().(brass.PublicView); v.Era != brass.Rail {
			t.Fatal("the Canal era's last turn did not end it")
		}
		if !owedPost(h, g.id) {
			t.Fatal("nothing owed after the Canal era ended with every post refused")
		}
		h.stop()
		h.fd.ClearFaults()
		n := h.fd.NumCalls()
		h.start()
		waitPosted(t, h, g.id, 10*time.Second)
		checkStageThenBoard(t, g)
		if ok, _ := countPosts(h.fd.CallsSince(n)); ok != 2 {
			t.Errorf("%d posts after the restart, want 2 (the era's end, the board)", ok)
		}
	})
	t.Run("era end posted, board not", func(t *testing.T) {
		r := rand.New(rand.NewPCG(6, 11))
		g := canalLastTurn(t, r)
		h := g.h
		// The era's end is created but answered 500 (the retry finds it
		// in the channel); the board after it is refused until the
		// process stops. After the restart the era's end is found there
		// again, not posted a second time, and the board follows it.
		h.inject(fakediscord.ServerErrorAfter("POST", tableMessages, 1, 500))
		h.inject(fakediscord.ServerError("POST", tableMessages, 1000, 503))
		g.turn(t, r)
		if v := h.match(g.id).Public().(brass.PublicView); v.Era != brass.Rail {
			t.Fatal("the Canal era's last turn did not end it")
		}
		if !owedPost(h, g.id) {
			t.Fatal("nothing owed after the board was refused")
		}
		h.stop()
		h.fd.ClearFaults()
		n := h.fd.NumCalls()
		h.start()
		waitPosted(t, h, g.id, 10*time.Second)
		checkStageThenBoard(t, g)
		if ok, failed := countPosts(h.fd.CallsSince(n)); ok != 1 || failed != 0 {
			t.Errorf("%d posts (%d refused) after the restart, want 1 (the board; the era's end was there)", ok, failed)
		}
	})
}

package bot

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// pastView is the public view the private past board was drawn from (the
// harness's "PNG" is that view), and the reply.
func pastView(t *testing.T, calls []fakeCall) (tinners.PublicView, uiMsg) {
	t.Helper()
	r := mustPrivate(t, calls)
	if len(boardPosts(t, calls)) != 0 {
		t.Fatal("a past board was posted publicly")
	}
	for _, c := range calls {
		if !strings.HasPrefix(c.Path, "/webhooks/") {
			continue
		}
		for _, f := range c.Files {
			var v tinners.PublicView
			if err := json.Unmarshal(f.Data, &v); err != nil {
				t.Fatal(err)
			}
			return v, r
		}
	}
	t.Fatalf("no picture with the past board: %q", r.Content)
	return tinners.PublicView{}, r
}

// TestBoardAt: /tt board at:N shows, privately, the public view after N
// moves (face-down tiles hidden, the same view the game showed then);
// previous/next step through the game; it keeps working once it is over.
func TestBoardAt(t *testing.T) {
	h := newHarness(t)
	id, d := toActionTurn(t, h)
	now := h.state(id)
	if now.Version < 4 {
		t.Fatalf("too few moves: %d", now.Version)
	}
	check := func(v tinners.PublicView, want int) {
		t.Helper()
		if v.Version != want {
			t.Fatalf("past board at %d drew version %d", want, v.Version)
		}
		faceDown := 0
		for _, a := range v.Areas {
			if a.FaceDown {
				faceDown++
				if a.Tile != nil {
					t.Fatalf("past board at %d shows face-down tile %s", want, a.ID)
				}
			}
		}
		if faceDown == 0 {
			t.Fatalf("past board at %d has no face-down tiles at all", want)
		}
	}
	v, r := pastView(t, h.command(players[2], 0, "board", map[string]any{"at": 2}))
	check(v, 2)
	if !strings.Contains(r.Content, "after move 2 of") || !strings.Contains(r.Content, "only you see this") {
		t.Fatalf("past board text: %q", r.Content)
	}
	// next ▶ and ◀ previous, on the private reply itself.
	next, ok := r.button("next ▶")
	if !ok {
		t.Fatalf("no next button: %+v", r.all())
	}
	v, r = pastView(t, h.click(players[2], r.ID, true, next.CustomID))
	check(v, 3)
	prev, _ := r.button("◀ previous")
	v, r = pastView(t, h.click(players[2], r.ID, true, prev.CustomID))
	check(v, 2)
	// The last move is the game's public view now, exactly.
	v, r = pastView(t, h.command(players[0], 0, "board", map[string]any{"at": 9999}))
	if !reflect.DeepEqual(v, now.PublicView()) {
		t.Fatal("the board at the last move is not the current public view")
	}
	if b, _ := r.button("next ▶"); !b.Disabled {
		t.Fatal("next is enabled at the last move")
	}
	v, r = pastView(t, h.command(players[0], 0, "board", map[string]any{"at": 0}))
	check(v, 0)
	if b, _ := r.button("◀ previous"); !b.Disabled {
		t.Fatal("previous is enabled at the start")
	}
	// Nothing in the text names a hidden card or tile (the checker's rules).
	d.c.check(h.command(players[1], 0, "board", map[string]any{"at": 5}))
	// A button for a table of another channel is refused.
	if r := mustPrivate(t, h.clickForged(players[0], r.ID, true, "tpast:nosuch:1")); strings.Contains(r.Content, "after move") {
		t.Fatalf("past board of an unknown table: %q", r.Content)
	}
}

// TestBoardAtRound: /tt board round:n shows, privately, the public view as
// round n began (round:0 the setup), in a running and in a finished game;
// the round buttons on the reply do the same; a round not begun, or at:
// with round:, is refused; the replies never repeat a custom ID.
func TestBoardAtRound(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	h := newHarness(t)
	id, _ := toActionTurn(t, h)
	// The oracle: round r (≥ 1) begins at the first move whose state is
	// in round r and past the survey draft.
	starts := func() []int {
		rec, err := tt.Store(h.m).Record(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		s, err := tinners.NewGame(rec.SetupOf())
		if err != nil {
			t.Fatal(err)
		}
		out := []int{0}
		for m := 0; ; m++ {
			if s.Round == len(out) && s.Phase != tinners.PhaseDraft {
				out = append(out, m)
			}
			if m == len(rec.Actions) {
				return out
			}
			a, _ := tinners.ParseAction(rec.Actions[m])
			if s, _, err = tinners.Apply(s, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	noHidden := func(v tinners.PublicView) {
		t.Helper()
		for _, a := range v.Areas {
			if a.FaceDown && a.Tile != nil {
				t.Fatalf("past board at %d shows face-down tile %s", v.Version, a.ID)
			}
		}
	}
	st := starts()
	if len(st) != 2 || st[1] == 0 {
		t.Fatalf("round starts in round 1: %v", st)
	}
	v, r := pastView(t, h.command(players[1], 0, "board", map[string]any{"round": 1}))
	if v.Version != st[1] || v.Round != 1 || !strings.Contains(r.Content, "at the start of round 1") {
		t.Fatalf("round:1 drew version %d (want %d): %q", v.Version, st[1], r.Content)
	}
	noHidden(v)
	if b, ok := r.button("Round 1"); !ok || !b.Disabled {
		t.Fatalf("round 1's button on its own board: %+v", r.all())
	}
	if r.hasButton("Round 2") {
		t.Fatal("a button for a round not begun")
	}
	setup, _ := r.button("Setup")
	v, r = pastView(t, h.click(players[1], r.ID, true, setup.CustomID))
	if v.Version != 0 || !strings.Contains(r.Content, "at the setup") {
		t.Fatalf("the Setup button drew version %d: %q", v.Version, r.Content)
	}
	if r := mustPrivate(t, h.command(players[1], 0, "board", map[string]any{"round": 3})); !strings.Contains(r.Content, "has not begun yet") {
		t.Fatalf("round:3 in round 1: %q", r.Content)
	}
	if r := mustPrivate(t, h.command(players[1], 0, "board", map[string]any{"round": 1, "at": 3})); !strings.Contains(r.Content, "not both") {
		t.Fatalf("at: and round: together: %q", r.Content)
	}
	// A forged round tag is refused.
	if r := mustPrivate(t, h.clickForged(players[1], r.ID, true, "tpast:"+id+":0:r9")); strings.Contains(r.Content, "only you see this") {
		t.Fatalf("a forged round button: %q", r.Content)
	}

	// The finished game: every round, by the option and by its button.
	advance(t, h.m, id, func(s *tinners.State) bool { return s.Phase == tinners.PhaseOver })
	st = starts()
	if len(st) != tinners.NumRounds+1 {
		t.Fatalf("round starts of a finished game: %v", st)
	}
	for round := 0; round <= tinners.NumRounds; round++ {
		v, r = pastView(t, h.command(players[0], 0, "board", map[string]any{"round": round}))
		if v.Version != st[round] || (round > 0 && v.Round != round) {
			t.Fatalf("round:%d drew version %d round %d, want version %d", round, v.Version, v.Round, st[round])
		}
		noHidden(v)
		if last := kit.English().Message(v.LogMessages[len(v.LogMessages)-1], ""); round > 0 && !strings.HasPrefix(last, "Round ") {
			t.Errorf("round:%d: the last line is not the round's start: %q", round, last)
		}
	}
	b, _ := r.button("Round 2")
	if v, r = pastView(t, h.click(players[0], r.ID, true, b.CustomID)); v.Version != st[2] || !strings.Contains(r.Content, "at the start of round 2") {
		t.Fatalf("the Round 2 button drew version %d: %q", v.Version, r.Content)
	}
}

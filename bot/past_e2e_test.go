package bot

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// pastView is the public view the private past board was drawn from (the
// harness's "PNG" is that view), and the reply.
func pastView(t *testing.T, calls []fakeCall) (engine.PublicView, uiMsg) {
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
			var v engine.PublicView
			if err := json.Unmarshal(f.Data, &v); err != nil {
				t.Fatal(err)
			}
			return v, r
		}
	}
	t.Fatalf("no picture with the past board: %q", r.Content)
	return engine.PublicView{}, r
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
	check := func(v engine.PublicView, want int) {
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
	if r := mustPrivate(t, h.click(players[0], r.ID, true, "tpast:nosuch:1")); strings.Contains(r.Content, "after move") {
		t.Fatalf("past board of an unknown table: %q", r.Content)
	}
}

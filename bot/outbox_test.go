package bot

import (
	"slices"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/storage"
)

// stubMatch is a match that only says who acts, its version and whether
// it is over.
type stubMatch struct {
	engine.Match
	ver   int
	toAct []int
	over  bool
}

func (s stubMatch) Version() int { return s.ver }
func (s stubMatch) ToAct() []int { return s.toAct }
func (s stubMatch) Result() *engine.Result {
	if s.over {
		return &engine.Result{}
	}
	return nil
}

// stubUI is a title UI whose automated opponent never moves.
type stubUI struct{ kit.TurnUI }

func (stubUI) HandsOff(kit.Table, []engine.Event) bool { return false }

// TestOwe: which move owes a post and whom it pings; a post still owed is
// replaced by the next one, which keeps pinging those who must still act.
func TestOwe(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	board := kit.Table{ID: "g", ChannelID: "c", BoardMsg: "m1", Notes: kit.Notes{Epoch: 2}}
	for _, c := range []struct {
		name     string
		t        kit.Table
		pending  *storage.Outbox
		before   []int
		after    []int
		over     bool
		seat     int
		onBehalf bool
		want     []int // nil: nothing owed
	}{
		{name: "hand-off pings the new seat", t: board, before: []int{0}, after: []int{1}, seat: 0, want: []int{1}},
		{name: "a seat already waiting is not a hand-off", t: board, before: []int{0, 1}, after: []int{1}, seat: 0},
		{name: "no board known: posted, pinging nobody new", t: kit.Table{ID: "g", ChannelID: "c"}, before: []int{0, 1}, after: []int{1}, seat: 0, want: []int{1}},
		{name: "game over", t: board, before: []int{0}, over: true, seat: 0, want: []int{}},
		{name: "default move pings the seat itself", t: board, before: []int{0}, after: []int{0}, seat: 0, onBehalf: true, want: []int{0}},
		{name: "owed post folded into an edit", t: board, pending: &storage.Outbox{Version: 4, Ping: []int{1, 2}, Since: now.Add(-time.Minute)},
			before: []int{1, 2}, after: []int{1}, seat: 2, want: []int{1}},
		{name: "owed post folded into a hand-off", t: board, pending: &storage.Outbox{Version: 4, Ping: []int{2}},
			before: []int{0, 2}, after: []int{1, 2}, seat: 0, want: []int{1, 2}},
		{name: "the actor is not pinged for an owed post", t: board, pending: &storage.Outbox{Version: 4, Ping: []int{1}},
			before: []int{1}, after: []int{1}, seat: 1, want: []int{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			next := stubMatch{ver: 5, toAct: c.after, over: c.over}
			o := owe(stubUI{}, c.pending, c.t, next, nil, c.before, c.seat, c.onBehalf, now)
			if c.want == nil {
				if o != nil {
					t.Fatalf("owed %+v, want nothing", o)
				}
				return
			}
			if o == nil {
				t.Fatal("nothing owed")
			}
			if !slices.Equal(o.Ping, c.want) && !(len(o.Ping) == 0 && len(c.want) == 0) {
				t.Errorf("ping %v, want %v", o.Ping, c.want)
			}
			if o.Version != 5 || o.Epoch != c.t.Notes.Epoch || o.Channel != "c" {
				t.Errorf("owed %+v", o)
			}
			if c.pending != nil && !c.pending.Since.IsZero() && !o.Since.Equal(c.pending.Since) {
				t.Errorf("since %v, want the older post's %v", o.Since, c.pending.Since)
			}
		})
	}
}

// TestOweAhead: a move that ends a stage owes its post ahead of the board,
// even when the board would only be edited; a post still owed ahead is
// kept, first, when the next move's board replaces the owed one.
func TestOweAhead(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	board := kit.Table{ID: "g", ChannelID: "c", BoardMsg: "m1"}
	next := stubMatch{ver: 5, toAct: []int{1}}
	o := owe(stubUI{}, nil, board, next, nil, []int{0, 1}, 0, false, now, "era A")
	if o == nil || !slices.Equal(o.Ahead, []string{"era A"}) {
		t.Fatalf("owed %+v, want the board after era A", o)
	}
	o = owe(stubUI{}, &storage.Outbox{Version: 4, Ping: []int{1}, Ahead: []string{"era A"}}, board, next, nil, []int{1}, 1, false, now, "era B")
	if o == nil || !slices.Equal(o.Ahead, []string{"era A", "era B"}) {
		t.Fatalf("owed %+v, want the board after era A then era B", o)
	}
	if o := owe(stubUI{}, nil, board, next, nil, []int{0, 1}, 0, false, now); o != nil {
		t.Errorf("owed %+v with no stage ended and nobody new to act", o)
	}
}

// editUI is stubUI whose board, edited in place, reads edit, and alone
// without the turns since it was posted.
type editUI struct {
	stubUI
	alone, edit string
}

func (u editUI) BoardMessage(t kit.Table, _ engine.Match) kit.Message {
	if len(t.Notes.Pending) == 0 {
		return kit.Message{Content: u.alone}
	}
	return kit.Message{Content: u.edit}
}

// TestOweWhenTheEditWouldFold: a move that nobody new must answer edits
// the board in place, unless the edit would no longer tell a turn the
// board tells without the new ones (issue 37): then it owes a new post,
// pinging nobody. A turn the board folded already (when posted) does not
// make every move post anew.
func TestOweWhenTheEditWouldFold(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	shown := []kit.LogLine{{Text: "{P1} builds a mine in Leek.", Turn: 2}}
	board := kit.Table{ID: "g", ChannelID: "c", BoardMsg: "m1", Seats: []kit.Seat{{UserID: "1", Name: "Ann"}, {UserID: "2", Name: "Bo"}},
		Notes: kit.Notes{Shown: shown, Pending: []kit.LogLine{{Text: "{P0} passes.", Turn: 1}}}}
	next := stubMatch{ver: 5, toAct: []int{0, 1}}
	told := "ask\n> • " + kit.TurnLines(kit.TableLoc(board), shown, kit.SeatNamesIn(kit.TableLoc(board), board, next))[0]
	folded := "ask\n> • … 1 earlier turn: `/tt log`"
	for _, c := range []struct {
		name        string
		alone, edit string
		owes        bool
	}{
		{"the edit tells it", told, told + "\n> • more", false},
		{"the edit folds it", told, folded + "\n> • more", true},
		{"folded already", folded, folded + "\n> • more", false},
	} {
		o := owe(editUI{alone: c.alone, edit: c.edit}, nil, board, next, nil, []int{0, 1}, 0, false, now)
		if (o != nil) != c.owes || o != nil && len(o.Ping) != 0 {
			t.Errorf("%s: owed %+v, want a post %v pinging nobody", c.name, o, c.owes)
		}
	}
}

package bot

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/ttui"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// diskMain is a bot on a real bbolt database at path (no Discord session:
// handlers are called directly).
func diskMain(t *testing.T, path string) *Main {
	t.Helper()
	cfg := Config{Token: "x", DBPath: path, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now: func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }, Seed: func() uint64 { return 7 },
		Render: func(any, kit.RenderOptions) ([]byte, error) { return nil, nil }}
	withTinners(&cfg)
	m, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// diskGame starts an n-player game like memGame, on a real database.
func diskGame(t *testing.T, n int, path string) (*Main, kit.Table) {
	t.Helper()
	m := diskMain(t, path)
	ctx := context.Background()
	tb := kit.Table{GuildID: "G", ChannelID: "C", Host: "U1", Status: kit.StatusLobby, MaxPlayers: n, RemindEvery: time.Hour}
	for k := range n {
		tb.Seats = append(tb.Seats, kit.Seat{UserID: fmt.Sprintf("U%d", k+1), Name: fmt.Sprintf("Name%d", k+1)})
	}
	tb, err := m.store.CreateTable(ctx, tb)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tt.Store(m).Start(ctx, tb.ID, tinners.Setup{NumSeats: n, Seed: 7}); err != nil {
		t.Fatal(err)
	}
	tb, err = m.store.UpdateTable(ctx, tb.ID, func(t *kit.Table) error { t.BoardMsg, t.Status = "BOARD", kit.StatusRunning; return nil })
	if err != nil {
		t.Fatal(err)
	}
	return m, tb
}

func seatUser(seat int) string { return fmt.Sprintf("U%d", seat+1) }

// click sends a click on customID by seat on the board (or a private message).
func click(t *testing.T, m *Main, seat int, msg string, customID string) kit.Response {
	t.Helper()
	flags := 0
	if msg != "BOARD" {
		flags = 64
	}
	return m.handleSafe(context.Background(), clickOn(t, seatUser(seat), msg, flags, customID))
}

func buttonIDs(comps []discordgo.MessageComponent, prefix string) []string {
	var out []string
	for _, c := range comps {
		row, ok := c.(discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range row.Components {
			if b, ok := c.(discordgo.Button); ok && strings.HasPrefix(b.CustomID, prefix) {
				out = append(out, b.CustomID)
			}
		}
	}
	return out
}

func mustState(t *testing.T, m *Main, id string) (kit.Table, *tinners.State) {
	t.Helper()
	tb, err := m.store.Table(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	s, err := tt.Store(m).State(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return tb, s
}

func legalOf(s *tinners.State, seat int, k tinners.ActionKind) (tinners.Action, bool) {
	for _, a := range s.Legal(seat) {
		if a.Kind == k {
			return a.Action, true
		}
	}
	return tinners.Action{}, false
}

// TestUndo: a player takes back their move until another player acts or
// something hidden is revealed; the board is edited without a ping; a
// click on anything built on the undone state is refused as stale.
func TestUndo(t *testing.T) {
	m, tb := diskGame(t, 3, filepath.Join(t.TempDir(), "t.db"))
	defer m.Close()
	s := advance(t, m, tb.ID, func(s *tinners.State) bool {
		if s.Phase != tinners.PhaseActions || s.Round != 1 {
			return false
		}
		_, ok := legalOf(s, s.ToAct()[0], tinners.ActPasties)
		return ok
	})
	tb, _ = mustState(t, m, tb.ID)
	seat := s.ToAct()[0]
	a, _ := legalOf(s, seat, tinners.ActPasties)
	pasties := "tt:" + gid(tb, s) + ":" + a.String()
	r := click(t, m, seat, "BOARD", pasties)
	undo := buttonIDs(r.Reply.Components, "tu:")
	if len(undo) != 1 {
		t.Fatalf("no undo offered after selling pasties: %+v", r.Reply)
	}
	_, s1 := mustState(t, m, tb.ID)
	if s1.Version <= s.Version {
		t.Fatal("the move was not applied")
	}
	// The undo: back to the state before, the board edited, nobody pinged.
	r = click(t, m, seat, "EPH", undo[0])
	if r.Reply == nil || !strings.Contains(r.Reply.Content, "Taken back") {
		t.Fatalf("undo reply %+v", r.Reply)
	}
	if len(r.Posts) != 0 || len(r.Edits) != 1 || len(r.Edits[0].Message.Mentions) != 0 {
		t.Fatalf("undo must edit the board without a ping: %d posts, %+v", len(r.Posts), r.Edits)
	}
	tb2, s2 := mustState(t, m, tb.ID)
	if s2.Version != s.Version || !slices.Equal(ttLog(s2), ttLog(s)) || s2.PublicView().Seats[seat].Money != s.PublicView().Seats[seat].Money {
		t.Fatalf("undo did not restore the state: version %d, want %d", s2.Version, s.Version)
	}
	// Anything built on the undone state, or on the board from before the
	// undo (the version is the same, the epoch is not), is stale.
	for _, id := range []string{pasties, undo[0]} {
		r = click(t, m, seat, "EPH", id)
		if r.Reply == nil || !strings.Contains(r.Reply.Content, "moved on") {
			t.Fatalf("stale click %s: %+v", id, r.Reply)
		}
	}
	if _, s3 := mustState(t, m, tb.ID); s3.Version != s2.Version {
		t.Fatal("a stale click changed the game")
	}

	// Another player acts: the move can no longer be taken back.
	pasties = "tt:" + gid(tb2, s2) + ":" + a.String()
	r = click(t, m, seat, "BOARD", pasties)
	undo = buttonIDs(r.Reply.Components, "tu:")
	tb3, s3 := mustState(t, m, tb.ID)
	other := s3.ToAct()[0]
	if other == seat {
		t.Skip("the same seat is still leftmost")
	}
	b, _ := legalOf(s3, other, tinners.ActPass)
	if r := click(t, m, other, "BOARD", "tt:"+gid(tb3, s3)+":"+b.String()); !strings.Contains(r.Reply.Content, "Done") {
		t.Fatalf("the other player's pass: %+v", r.Reply)
	}
	r = m.handleSafe(context.Background(), slash(t, seatUser(seat), 0, "undo"))
	if r.Reply == nil || !strings.Contains(r.Reply.Content, "no move of yours") {
		t.Fatalf("undo after another player acted: %+v", r.Reply)
	}
	r = click(t, m, seat, "EPH", undo[0])
	if r.Reply == nil || !strings.Contains(r.Reply.Content, "moved on") {
		t.Fatalf("old undo button after another player acted: %+v", r.Reply)
	}
}

// TestUndoRefusedAfterReveal: a peek reveals a tile to its player, so it
// cannot be taken back (and no undo button is offered).
func TestUndoRefusedAfterReveal(t *testing.T) {
	m, tb := diskGame(t, 3, filepath.Join(t.TempDir(), "t.db"))
	defer m.Close()
	s := advance(t, m, tb.ID, func(s *tinners.State) bool {
		if s.Phase != tinners.PhasePeek {
			return false
		}
		_, ok := legalOf(s, s.ToAct()[0], tinners.ActPeek)
		return ok
	})
	tb, _ = mustState(t, m, tb.ID)
	seat := s.ToAct()[0]
	a, _ := legalOf(s, seat, tinners.ActPeek)
	r := click(t, m, seat, "BOARD", "tt:"+gid(tb, s)+":"+a.String())
	if !strings.Contains(r.Reply.Content, "Only you know this") {
		t.Fatalf("peek reply %q", r.Reply.Content)
	}
	if len(buttonIDs(r.Reply.Components, "tu:")) != 0 {
		t.Fatal("an undo button is offered after a peek")
	}
	_, before := mustState(t, m, tb.ID)
	if before.ToAct()[0] == seat || before.Phase == tinners.PhasePeek {
		// Only when nobody else acted in between is the reveal the reason.
		r = m.handleSafe(context.Background(), slash(t, seatUser(seat), 0, "undo"))
		if r.Reply == nil || !strings.Contains(r.Reply.Content, "revealed") && !strings.Contains(r.Reply.Content, "no move of yours") {
			t.Fatalf("undo after a peek: %+v", r.Reply)
		}
	} else {
		r = m.handleSafe(context.Background(), slash(t, seatUser(seat), 0, "undo"))
		if r.Reply == nil || !strings.Contains(r.Reply.Content, "revealed") {
			t.Fatalf("undo after a peek: %+v", r.Reply)
		}
	}
	if _, after := mustState(t, m, tb.ID); after.Version != before.Version {
		t.Fatal("a refused undo changed the game")
	}
}

// TestStandingOrderSurvivesRestart: a bidder's "drop out for me" order is
// kept with the table across a restart, plays itself the moment their turn
// comes, is never shown publicly, and ends with the auction.
func TestStandingOrderSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	m, tb := diskGame(t, 4, path)
	s := advance(t, m, tb.ID, func(s *tinners.State) bool {
		if s.Phase != tinners.PhaseAuction {
			return false
		}
		v := s.PublicView()
		return len(v.Auction.In) >= 3
	})
	tb, _ = mustState(t, m, tb.ID)
	v := s.PublicView()
	x := -1
	for _, k := range v.Auction.In {
		if k != v.Auction.Turn {
			x = k
		}
	}
	sub := interaction(t, `{"id":"3","application_id":"9","type":5,"token":"t","guild_id":"G","channel_id":"C",
		"member":{"user":{"id":%q,"username":"u"},"permissions":"0"},"message":{"id":"BOARD","channel_id":"C","flags":0},
		"data":{"custom_id":%q,"components":[{"type":1,"components":[{"type":4,"custom_id":"amount","value":"0"}]}]}}`,
		seatUser(x), "tob:"+gid(tb, s))
	r := m.handleSafe(context.Background(), sub)
	if r.Reply == nil || !strings.Contains(r.Reply.Content, "Standing order") || len(r.Posts)+len(r.Edits) != 0 {
		t.Fatalf("order reply %+v", r)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	m = diskMain(t, path)
	defer m.Close()
	tb, _ = mustState(t, m, tb.ID)
	if o, ok := ttui.NotesOf(tb.Notes).Orders[x]; !ok || o.Max != 0 {
		t.Fatalf("the order did not survive the restart: %+v", ttui.NotesOf(tb.Notes).Orders)
	}
	// The others bid until the order plays; it must, before x is asked.
	for range 20 {
		tb, s = mustState(t, m, tb.ID)
		if s.Phase != tinners.PhaseAuction {
			break
		}
		turn := s.PublicView().Auction.Turn
		if turn == x {
			t.Fatal("the auction waits for a seat with a standing order")
		}
		bid, ok := legalOf(s, turn, tinners.ActBid)
		if !ok {
			bid, _ = legalOf(s, turn, tinners.ActDrop)
		}
		r := click(t, m, turn, "BOARD", "tt:"+gid(tb, s)+":"+bid.String())
		for _, p := range r.Posts {
			if strings.Contains(strings.ToLower(p.Message.Content), "order") {
				t.Fatalf("a public post mentions the standing order:\n%s", p.Message.Content)
			}
		}
		for _, e := range r.Edits {
			if strings.Contains(strings.ToLower(e.Message.Content), "order") {
				t.Fatalf("a board edit mentions the standing order:\n%s", e.Message.Content)
			}
		}
		if _, s2 := mustState(t, m, tb.ID); s2.Phase != tinners.PhaseAuction || slices.Contains(s2.PublicView().Auction.Out, x) {
			break
		}
	}
	tb, s = mustState(t, m, tb.ID)
	dropped := false
	for _, l := range ttLog(s) {
		dropped = dropped || l == fmt.Sprintf("{P%d} drops out.", x)
	}
	if !dropped {
		t.Fatalf("seat %d's order never dropped them out:\n%s", x, strings.Join(ttLog(s)[len(s.Log)-8:], "\n"))
	}
	if s.Phase != tinners.PhaseAuction && len(ttui.NotesOf(tb.Notes).Orders) != 0 {
		t.Fatalf("orders outlive their auction: %+v", ttui.NotesOf(tb.Notes).Orders)
	}
}

// TestInvestChoiceAtomicUnderConcurrentClicks: fifty clicks of the same
// investing choice at once apply it exactly once, all of its actions.
func TestInvestChoiceAtomicUnderConcurrentClicks(t *testing.T) {
	m, tb := diskGame(t, 3, filepath.Join(t.TempDir(), "t.db"))
	defer m.Close()
	s := advance(t, m, tb.ID, func(s *tinners.State) bool {
		v := s.PublicView()
		return s.Phase == tinners.PhaseInvest && v.InvestTurn >= 0 && v.Seats[v.InvestTurn].Money >= 25 && s.InvestedNow == 0
	})
	tb, _ = mustState(t, m, tb.ID)
	seat := s.PublicView().InvestTurn
	row := s.PublicView().InvestRows[s.PublicView().Seats[seat].PassRow-1]
	tens, fives, pts := tt.BestSplit(25, row)
	id := fmt.Sprintf("tinv:%s:%d:%d:%d:fin", gid(tb, s), seat, tens, fives)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := m.handleSafe(context.Background(), clickOn(t, seatUser(seat), "BOARD", 0, id))
			if r.Reply != nil && strings.HasPrefix(r.Reply.Content, "**Done.**") {
				mu.Lock()
				done++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	_, after := mustState(t, m, tb.ID)
	if done != 1 {
		t.Fatalf("%d of 50 clicks were applied, want 1", done)
	}
	b, a := s.PublicView().Seats[seat], after.PublicView().Seats[seat]
	if b.Money-a.Money != 25 || a.Points-b.Points != pts || !a.InvestDone {
		t.Fatalf("invested £%d for %d points (done %v), want £25 for %d and done", b.Money-a.Money, a.Points-b.Points, a.InvestDone, pts)
	}
}

// TestFewClicks: from the board, every extraction, development and pump
// placement is at most two interactions away, and each investing turn and
// each peek one.
func TestFewClicks(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	limit := map[tinners.ActionKind]int{
		tinners.ActExtract: 2, tinners.ActMiner: 2, tinners.ActPort: 2, tinners.ActTrain: 2, tinners.ActAdit: 2,
		tinners.ActSteamPumps: 1, tinners.ActPump: 1, tinners.ActPumpDone: 1, tinners.ActPasties: 1, tinners.ActPass: 1,
		tinners.ActInvest: 1, tinners.ActEndInvestTurn: 1, tinners.ActPeek: 1, tinners.ActSkipPeek: 1, tinners.ActDrop: 1,
	}
	for n := tinners.MinSeats; n <= tinners.MaxSeats; n++ {
		tb := randomTable(n)
		randomStates(t, n, 77, func(s *tinners.State) {
			for _, seat := range s.ToAct() {
				depth := clickDepths(t, tb, s, seat)
				for _, a := range s.Legal(seat) {
					max, ok := limit[a.Kind]
					if !ok || a.Kind == tinners.ActInvest && s.InvestedNow > 0 {
						continue
					}
					d, offered := depth[a.String()]
					if a.Kind == tinners.ActInvest && !offered {
						// Investing is offered as whole turns of the best split.
						for k, v := range depth {
							if strings.Contains(k, "/inv:") {
								d, offered = v, true
							}
						}
					}
					if !offered || d > max {
						t.Fatalf("%dp v%d %s: %s takes %d interactions (offered %v), want at most %d", n, s.Version, s.Phase, a, d, offered, max)
					}
				}
			}
		})
	}
}

// clickDepths maps each action seat can take from the board to the fewest
// interactions that take it.
func clickDepths(t *testing.T, tb kit.Table, s *tinners.State, seat int) map[string]int {
	depth := map[string]int{}
	note := func(a string, d int) {
		if old, ok := depth[a]; !ok || d < old {
			depth[a] = d
		}
	}
	var walk func(comps []discordgo.MessageComponent, d int)
	follow := func(id string, d int) {
		switch {
		case strings.HasPrefix(id, "tt:"):
			note(strings.SplitN(id, ":", 4)[3], d)
		case strings.HasPrefix(id, "tinv:"):
			f := strings.Split(id, ":")
			var k, tens, fives int
			fmt.Sscan(f[3], &k)
			fmt.Sscan(f[4], &tens)
			fmt.Sscan(f[5], &fives)
			if acts, err := tt.InvestActions(s, k, tens, fives, f[6] == "fin"); err == nil {
				note(acts[0].String(), d)
			}
		case strings.HasPrefix(id, "tm:") && d < 3:
			if msg, _ := stepMessage(tb, s, seat, strings.SplitN(id, ":", 4)[3]); msg != nil {
				walk(msg.Components, d+1)
			}
		}
	}
	walk = func(comps []discordgo.MessageComponent, d int) {
		for _, c := range comps {
			for _, c := range c.(discordgo.ActionsRow).Components {
				switch c := c.(type) {
				case discordgo.Button:
					follow(c.CustomID, d)
				case discordgo.SelectMenu:
					for _, o := range c.Options {
						if strings.HasPrefix(c.CustomID, "tmul:") {
							a, _, _ := strings.Cut(o.Value, "#")
							note(a, d)
							continue
						}
						follow(o.Value, d)
					}
				}
			}
		}
	}
	walk(boardComponents(tb, s), 1)
	return depth
}

// TestOlderButtons: buttons and boxes from boards posted by the previous
// version of the bot get a clear answer and change nothing.
func TestOlderButtons(t *testing.T) {
	m, tb := memGame(t, 3)
	s := advance(t, m, tb.ID, func(s *tinners.State) bool { return s.Phase == tinners.PhaseActions })
	for _, step := range []string{"dev", "xs:C4", "pump", "peek"} {
		r := click(t, m, s.ToAct()[0], "BOARD", fmt.Sprintf("tm:%s:%d:%s", tb.ID, s.Version, step))
		if r.Reply == nil || !strings.Contains(r.Reply.Content, "older version") {
			t.Fatalf("old step %s: %+v", step, r.Reply)
		}
	}
	old := interaction(t, `{"id":"3","application_id":"9","type":5,"token":"t","guild_id":"G","channel_id":"C",
		"member":{"user":{"id":"U1","username":"u"},"permissions":"0"},"message":{"id":"BOARD","channel_id":"C","flags":0},
		"data":{"custom_id":%q,"components":[{"type":1,"components":[{"type":4,"custom_id":"amount","value":"5"}]}]}}`,
		fmt.Sprintf("tb:%s:%d:0", tb.ID, s.Version))
	if r := m.handleSafe(context.Background(), old); r.Reply == nil || !strings.Contains(r.Reply.Content, "older version") {
		t.Fatalf("old bid box: %+v", r.Reply)
	}
	if _, s2 := mustState(t, m, tb.ID); s2.Version != s.Version {
		t.Fatal("an old button changed the game")
	}
}

// TestUndoAfterHandoff: a move that handed the turn on (a post pinging the
// next player) can still be taken back until that player acts; the board
// is edited back without a ping, and the next post says it was taken back
// without repeating what was already shown.
func TestUndoAfterHandoff(t *testing.T) {
	m, tb := diskGame(t, 3, filepath.Join(t.TempDir(), "t.db"))
	defer m.Close()
	ctx := context.Background()
	s := advance(t, m, tb.ID, func(s *tinners.State) bool {
		if s.Phase != tinners.PhaseActions {
			return false
		}
		_, ok := legalOf(s, s.ToAct()[0], tinners.ActPass)
		return ok && len(s.ToAct()) == 1 && len(s.PassOrder) == 0
	})
	tb, _ = mustState(t, m, tb.ID)
	seat := s.ToAct()[0]
	a, _ := legalOf(s, seat, tinners.ActPass)
	r := click(t, m, seat, "BOARD", "tt:"+gid(tb, s)+":"+a.String())
	if len(r.Posts) != 1 || len(r.Posts[0].Message.Mentions) != 1 || r.Posts[0].Message.Mentions[0] == seatUser(seat) {
		t.Fatalf("a pass must hand off with one post pinging the next player: %+v", r.Posts)
	}
	// What the adapter does once the post is sent.
	if _, err := m.store.UpdateTable(ctx, tb.ID, func(t *kit.Table) error { posted(t, r.Posts[0], "BOARD2"); return nil }); err != nil {
		t.Fatal(err)
	}
	undo := buttonIDs(r.Reply.Components, "tu:")
	if len(undo) != 1 {
		t.Fatalf("no undo button: %+v", r.Reply)
	}
	r = click(t, m, seat, "EPH", undo[0])
	if len(r.Edits) != 1 || r.Edits[0].MessageID != "BOARD2" || len(r.Edits[0].Message.Mentions) != 0 || len(r.Posts) != 0 {
		t.Fatalf("undo must edit the posted board without a ping: %+v %+v", r.Edits, r.Posts)
	}
	tb, s2 := mustState(t, m, tb.ID)
	if s2.Version != s.Version || !slices.Contains(s2.ToAct(), seat) {
		t.Fatalf("not back to the passer's turn: version %d, want %d", s2.Version, s.Version)
	}
	want := []kit.LogLine{kit.TakesBack(seat)}
	if !reflect.DeepEqual(tb.Notes.Pending, want) || want[0].Text != fmt.Sprintf("{P%d} takes back their last move.", seat) {
		t.Fatalf("pending after the undo %v, want %v", tb.Notes.Pending, want)
	}
}

// TestTileWordsSayKickstarterMarks: a face-up bonus or light tile says
// what it does wherever a tile is described (build choices, peeks).
func TestTileWordsSayKickstarterMarks(t *testing.T) {
	if w := tileWords(tinners.Tile{Tin: 2, Copper: 1, Water: 2, Kind: tinners.TileBonus}); !strings.Contains(w, "£3") {
		t.Errorf("bonus tile: %q", w)
	}
	if w := tileWords(tinners.Tile{Tin: 3, Copper: 1, Water: 3, Kind: tinners.TileLight}); !strings.Contains(w, "1 WP") {
		t.Errorf("light tile: %q", w)
	}
	if w := tileWords(tinners.Tile{Tin: 1, Copper: 2, Water: 1}); strings.Contains(w, ";") {
		t.Errorf("plain tile: %q", w)
	}
}

// TestUndoKeepsStandingOrders: a move that ended an auction and is taken
// back brings the auction back with the other bidders' standing orders.
func TestUndoKeepsStandingOrders(t *testing.T) {
	m, tb := diskGame(t, 3, filepath.Join(t.TempDir(), "t.db"))
	defer m.Close()
	ctx := context.Background()
	s := advance(t, m, tb.ID, func(s *tinners.State) bool {
		if s.Phase != tinners.PhaseAuction || s.Auction.High == 0 || !s.Areas[s.Auction.Area].FaceUp {
			return false // (a face-down tile is revealed when the auction ends: no undo)
		}
		v := s.PublicView()
		_, drop := legalOf(s, v.Auction.Turn, tinners.ActDrop)
		return len(v.Auction.In) == 2 && drop
	})
	v := s.PublicView()
	turn := v.Auction.Turn
	other := v.Auction.In[0]
	if other == turn {
		other = v.Auction.In[1]
	}
	tb, err := m.store.UpdateTable(ctx, tb.ID, func(t *kit.Table) error {
		setOrders(&t.Notes, map[int]ttui.Order{other: {Max: 9}})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	drop, _ := legalOf(s, turn, tinners.ActDrop)
	r := click(t, m, turn, "BOARD", "tt:"+gid(tb, s)+":"+drop.String())
	tb2, s2 := mustState(t, m, tb.ID)
	if s2.Phase == tinners.PhaseAuction || len(ttui.NotesOf(tb2.Notes).Orders) != 0 {
		t.Fatalf("the drop should end the auction and its orders: %s, %+v", s2.Phase, ttui.NotesOf(tb2.Notes).Orders)
	}
	undo := buttonIDs(r.Reply.Components, "tu:")
	if len(undo) != 1 {
		t.Fatalf("no undo: %+v", r.Reply)
	}
	click(t, m, turn, "EPH", undo[0])
	tb3, s3 := mustState(t, m, tb.ID)
	if s3.Phase != tinners.PhaseAuction || ttui.NotesOf(tb3.Notes).Orders[other] != (ttui.Order{Max: 9}) {
		t.Fatalf("after the undo: %s, orders %+v", s3.Phase, ttui.NotesOf(tb3.Notes).Orders)
	}
}

// TestOrderButtonOfAnotherAuction: a standing-order form from an earlier
// auction (or from before this one opened) is stale.
func TestOrderButtonOfAnotherAuction(t *testing.T) {
	m, tb := diskGame(t, 3, filepath.Join(t.TempDir(), "t.db"))
	defer m.Close()
	s := advance(t, m, tb.ID, func(s *tinners.State) bool {
		if s.Phase != tinners.PhaseActions {
			return false
		}
		for _, a := range s.Legal(s.ToAct()[0]) {
			if a.Kind == tinners.ActBuild && a.Card == tinners.NoCard && !a.Draw {
				return true
			}
		}
		return false
	})
	tb, _ = mustState(t, m, tb.ID)
	seat := s.ToAct()[0]
	var build tinners.Action
	for _, a := range s.Legal(seat) {
		if a.Kind == tinners.ActBuild && a.Card == tinners.NoCard && !a.Draw {
			build = a.Action
			break
		}
	}
	old := gid(tb, s) // before the auction opened
	click(t, m, seat, "BOARD", "tt:"+old+":"+build.String())
	tb, s = mustState(t, m, tb.ID)
	if s.Phase != tinners.PhaseAuction {
		t.Skip("the build did not open an auction")
	}
	bidder := -1
	for _, k := range s.PublicView().Auction.In {
		if k != s.PublicView().Auction.Turn {
			bidder = k
		}
	}
	submit := func(id string) kit.Response {
		return m.handleSafe(context.Background(), interaction(t, `{"id":"3","application_id":"9","type":5,"token":"t","guild_id":"G","channel_id":"C",
			"member":{"user":{"id":%q,"username":"u"},"permissions":"0"},"message":{"id":"BOARD","channel_id":"C","flags":0},
			"data":{"custom_id":%q,"components":[{"type":1,"components":[{"type":4,"custom_id":"amount","value":"0"}]}]}}`,
			seatUser(bidder), "tob:"+id))
	}
	if r := submit(old); r.Reply == nil || !strings.Contains(r.Reply.Content, "moved on") {
		t.Fatalf("an order form from before the auction: %+v", r.Reply)
	}
	if tb2, _ := mustState(t, m, tb.ID); len(ttui.NotesOf(tb2.Notes).Orders) != 0 {
		t.Fatalf("a stale form stored an order: %+v", ttui.NotesOf(tb2.Notes).Orders)
	}
	if r := submit(gid(tb, s)); r.Reply == nil || !strings.Contains(r.Reply.Content, "Standing order") {
		t.Fatalf("the current auction's form: %+v", r.Reply)
	}
}

// TestStaleHandOverRefused: a hand-over confirmation asked before the seat
// changed hands again is refused and changes nothing.
func TestStaleHandOverRefused(t *testing.T) {
	m, tb := memGame(t, 3)
	ctx := context.Background()
	// A seat the game waits for, the wait not recorded (the moves were
	// applied directly): the host may hand it over.
	s := advance(t, m, tb.ID, func(s *tinners.State) bool { return s.Phase == tinners.PhaseActions && s.ToAct()[0] != 0 })
	k := s.ToAct()[0]
	host := clickOn(t, "U1", "EPH", 64, "tsub:x")
	if r := m.subConfirm(ctx, host, fmt.Sprintf("%s:%d:%s:U9:Nine", tb.ID, k, seatUser(k))); r.Reply == nil || !strings.Contains(r.Reply.Content, "now belongs to") {
		t.Fatalf("first hand-over: %+v", r.Reply)
	}
	r := m.subConfirm(ctx, host, fmt.Sprintf("%s:%d:%s:U8:Eight", tb.ID, k, seatUser(k)))
	if r.Reply == nil || !strings.Contains(r.Reply.Content, "changed hands") || len(r.Posts) != 0 {
		t.Fatalf("stale hand-over: %+v", r)
	}
	if tb2, _ := mustState(t, m, tb.ID); tb2.Seats[k].UserID != "U9" {
		t.Fatalf("seat %d is %s's, want U9's", k+1, tb2.Seats[k].UserID)
	}
}

// TestDefaultThatLeavesTheSeatToAct: when the host plays a seat's default
// move and that seat must act again, a new board pings the seat (it did
// not choose the move, so nobody had told it), and the host's reply shows
// nothing of the seat's private steps.
func TestDefaultThatLeavesTheSeatToAct(t *testing.T) {
	m, tb := memGame(t, 3)
	ctx := context.Background()
	stillToAct := func(s *tinners.State) bool {
		who := s.ToAct()
		if len(who) != 1 || s.Phase == tinners.PhaseDraft {
			return false
		}
		cur := s
		for _, a := range tt.DefaultMove(s, who[0]) {
			next, _, err := tinners.Apply(cur, a)
			if err != nil {
				return false
			}
			cur = next
		}
		return slices.Contains(cur.ToAct(), who[0]) && cur.Phase != tinners.PhaseOver
	}
	s := advance(t, m, tb.ID, stillToAct)
	tb, _ = mustState(t, m, tb.ID)
	seat := s.ToAct()[0]
	host := clickOn(t, "U1", "EPH", 64, "tdef:x")
	r := m.defaultConfirm(ctx, host, tb.ID, kit.Token{Ver: s.Version, Epoch: tb.Notes.Epoch}, fmt.Sprint(seat))
	var pinged bool
	for _, p := range r.Posts {
		if p.TableID != "" && slices.Contains(p.Message.Mentions, seatUser(seat)) {
			pinged = true
		}
	}
	if !pinged {
		t.Fatalf("%s: no board pinged seat %d after its default move: %+v", s.Phase, seat, r.Posts)
	}
	if r.Reply == nil || len(r.Reply.Components) != 0 || !strings.Contains(r.Reply.Content, "default move") {
		t.Fatalf("the host's reply: %+v", r.Reply)
	}
}

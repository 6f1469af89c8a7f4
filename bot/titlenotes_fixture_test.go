package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/ttui"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// testdata/before-title-notes.db was written once (commit f5b8901, by a
// writer since removed) by the build that still kept Tinners' Trail's own
// bookkeeping in the core's Notes fields ("orders", "auctionFrom",
// "difficulty"), before it moved into the title's own notes
// (kit.Notes.Title, ttui.Notes). It must not be rewritten: the build that
// could write it is gone, and the move must read these tables as they are.
//
// Its tables: in channel C a running 3-player game in an auction with two
// bidders left, the bidder not to act holding a standing order (Max 9,
// its auction starting at the game's version less one); in channel C2 a
// solo lobby with two difficulty options chosen.

// setOrders sets the standing orders in n, keeping the rest of Tinners'
// Trail's bookkeeping.
func setOrders(n *kit.Notes, orders map[int]ttui.Order) {
	v := ttui.NotesOf(*n)
	v.Orders = orders
	ttui.SetNotes(n, v)
}

// fixtureCopy copies testdata/name to a fresh temporary file and returns
// its path: a test writes to the copy, never to the fixture.
func fixtureCopy(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(db, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return db
}

// mustJSON is v in JSON.
func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// jsonKeys are the top-level keys of JSON object b.
func jsonKeys(t *testing.T, b []byte) []string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// TestBeforeTitleNotesFixture opens the stored fixture with this build:
// Tinners' Trail's UI takes over the old fields, the standing order plays
// itself when the auction comes round (and no public post tells of it),
// its auction start is kept, the old fields go with the UI's first write,
// and the solo lobby starts with its difficulty options.
func TestBeforeTitleNotesFixture(t *testing.T) {
	m := diskMain(t, fixtureCopy(t, "before-title-notes.db"))
	defer m.Close()
	ctx := context.Background()
	running, err := m.store.TableInChannel(ctx, "C")
	if err != nil {
		t.Fatal(err)
	}
	tb, s := mustState(t, m, running.ID)
	v := s.PublicView()
	if s.Phase != tinners.PhaseAuction || len(v.Auction.In) != 2 {
		t.Fatalf("stored game: %s, bidders %v", s.Phase, v.Auction.In)
	}
	if tb.Notes.Title != nil || tb.Notes.Old["orders"] == nil || tb.Notes.Old["auctionFrom"] == nil {
		t.Fatalf("the stored notes should carry the old fields only: title %s, old %v", tb.Notes.Title, tb.Notes.Old)
	}
	old := ttui.NotesOf(tb.Notes)
	if len(old.Orders) != 1 || old.AuctionFrom == 0 || old.AuctionFrom > s.Version {
		t.Fatalf("taken-over auction bookkeeping: orders %+v, from %d (version %d)", old.Orders, old.AuctionFrom, s.Version)
	}
	other := -1
	for seat, o := range old.Orders {
		if !slices.Contains(v.Auction.In, seat) || seat == v.Auction.Turn || o.Max != 9 {
			t.Fatalf("standing order %d: %+v (bidders %v, turn %d)", seat, o, v.Auction.In, v.Auction.Turn)
		}
		other = seat
	}
	// A write by the core (a reminder's bookkeeping) keeps the old fields.
	if _, err := m.store.UpdateTable(ctx, tb.ID, func(t *kit.Table) error { t.Notes.TextPosts++; return nil }); err != nil {
		t.Fatal(err)
	}
	if tb2, _ := mustState(t, m, tb.ID); !slices.Contains(jsonKeys(t, mustJSON(t, tb2.Notes)), "orders") ||
		ttui.NotesOf(tb2.Notes).AuctionFrom != old.AuctionFrom || len(ttui.NotesOf(tb2.Notes).Orders) != 1 {
		t.Fatalf("a core write lost the old fields: %s", mustJSON(t, tb2.Notes))
	}

	// The seat to act bids; the auction comes round to the order's seat,
	// whose order bids up to 9 or drops it out, before it is asked.
	tb, s = mustState(t, m, tb.ID)
	turn := s.PublicView().Auction.Turn
	bid, ok := legalOf(s, turn, tinners.ActBid)
	if !ok {
		t.Fatalf("seat %d cannot bid", turn)
	}
	logFrom := len(s.Log)
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
	tb, s = mustState(t, m, tb.ID)
	played := false
	for _, l := range ttLog(s)[logFrom:] {
		played = played || strings.HasPrefix(l, fmt.Sprintf("{P%d} ", other))
	}
	if !played || (s.Phase == tinners.PhaseAuction && s.PublicView().Auction.Turn == other) {
		t.Fatalf("seat %d's standing order did not play (phase %s):\n%s", other, s.Phase, strings.Join(ttLog(s)[logFrom:], "\n"))
	}
	// The UI's write took the old fields over: they are gone from the
	// notes, the auction start is kept while the auction runs.
	keys := jsonKeys(t, mustJSON(t, tb.Notes))
	if slices.Contains(keys, "orders") || slices.Contains(keys, "auctionFrom") || !slices.Contains(keys, "title") || len(tb.Notes.Old) != 0 {
		t.Fatalf("after the UI's write the notes are %s", mustJSON(t, tb.Notes))
	}
	if now := ttui.NotesOf(tb.Notes); s.Phase == tinners.PhaseAuction && now.AuctionFrom != old.AuctionFrom {
		t.Errorf("the auction start moved from %d to %d in the same auction", old.AuctionFrom, now.AuctionFrom)
	}

	// The solo lobby starts with its difficulty options.
	solo, err := m.store.TableInChannel(ctx, "C2")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"more-mines", "deep-pockets"}
	if solo.Status != kit.StatusLobby || solo.MaxPlayers != 1 || !slices.Equal(ttui.NotesOf(solo.Notes).Difficulty, want) {
		t.Fatalf("stored solo lobby: %v, %d seats, difficulty %v", solo.Status, solo.MaxPlayers, ttui.NotesOf(solo.Notes).Difficulty)
	}
	if got := tt.Setup(solo).DifficultyKeys(); !slices.Equal(got, want) {
		t.Errorf("the solo lobby's setup reads difficulty %v, want %v", got, want)
	}
	start := interaction(t, `{"id":"2","application_id":"9","type":3,"token":"t","guild_id":"G","channel_id":"C2",
		"member":{"user":{"id":"U1","username":"u"},"permissions":"0"},
		"message":{"id":"LOBBY","channel_id":"C2","flags":0},
		"data":{"custom_id":%q,"component_type":2}}`, "tl:"+solo.ID+":start")
	if r := m.handleSafe(ctx, start); len(r.Posts) != 1 {
		t.Fatalf("starting the solo lobby: %+v", r)
	}
	ss, err := tt.Store(m).State(ctx, solo.ID)
	if err != nil {
		t.Fatal(err)
	}
	if ss.Solo == nil || !slices.Equal(ss.Options.DifficultyKeys(), want) {
		t.Fatalf("the solo game started with difficulty %v (solo %v), want %v", ss.Options.DifficultyKeys(), ss.Solo != nil, want)
	}
}

// TestTitleNotesRoundTrip: notes this build writes, with Tinners' Trail's
// bookkeeping and its undo copy, read back the same through the store.
func TestTitleNotesRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	m, tb := diskGame(t, 3, path)
	ctx := context.Background()
	want := ttui.Notes{Orders: map[int]ttui.Order{1: {Max: 9}, 2: {Max: 0}}, AuctionFrom: 12, Difficulty: []string{"deep-pockets"}}
	if _, err := m.store.UpdateTable(ctx, tb.ID, func(t *kit.Table) error {
		ttui.SetNotes(&t.Notes, want)
		t.Notes.Undo = &kit.UndoPoint{Seat: 1, From: 3, To: 4}
		return kit.SetUndoTitle(t.Notes.Undo, want)
	}); err != nil {
		t.Fatal(err)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	m = diskMain(t, path)
	defer m.Close()
	got, _ := mustState(t, m, tb.ID)
	if n := ttui.NotesOf(got.Notes); fmt.Sprint(n) != fmt.Sprint(want) {
		t.Errorf("read back %+v, want %+v", n, want)
	}
	if u, err := kit.UndoTitle[ttui.Notes](*got.Notes.Undo); err != nil || fmt.Sprint(u) != fmt.Sprint(want) {
		t.Errorf("undo copy read back %+v (%v), want %+v", u, err, want)
	}
	if len(got.Notes.Old) != 0 || got.Notes.Undo.Old != nil {
		t.Errorf("new notes read with old fields: %v, %v", got.Notes.Old, got.Notes.Undo.Old)
	}
	b := mustJSON(t, got.Notes)
	if keys := jsonKeys(t, b); slices.Contains(keys, "orders") || slices.Contains(keys, "difficulty") {
		t.Errorf("notes written with old fields: %s", b)
	}
}

// TestHandOverDropsStandingOrder: handing a seat over drops its standing
// order through the title's UI (TitleUI.ForgetSeat), here on the fixture's
// table whose order is still in the old fields, and keeps the others'.
func TestHandOverDropsStandingOrder(t *testing.T) {
	m := diskMain(t, fixtureCopy(t, "before-title-notes.db"))
	defer m.Close()
	tb, err := m.store.TableInChannel(context.Background(), "C")
	if err != nil {
		t.Fatal(err)
	}
	orders := ttui.NotesOf(tb.Notes).Orders
	if len(orders) != 1 {
		t.Fatalf("stored orders %+v", orders)
	}
	for seat := range orders {
		n := tb.Notes.Clone()
		forgetHolder(m.ui(tb), &n, (seat+1)%3, seatUser((seat+1)%3))
		if got := ttui.NotesOf(n).Orders; len(got) != 1 {
			t.Errorf("handing seat %d over dropped seat %d's order: %+v", (seat+1)%3, seat, got)
		}
		forgetHolder(m.ui(tb), &n, seat, seatUser(seat))
		if got := ttui.NotesOf(n).Orders; len(got) != 0 {
			t.Errorf("handing seat %d over kept its order: %+v", seat, got)
		}
		if keys := jsonKeys(t, mustJSON(t, n)); slices.Contains(keys, "orders") {
			t.Errorf("the hand-over wrote the old field back: %s", mustJSON(t, n))
		}
	}
}

package bot

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// TestPastGameCommands: once the channel's game is over (and while only a
// new lobby is there), /tt board, /tt log and /tt export show it; the
// real store finds it by channel.
func TestPastGameCommands(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	for _, real := range []bool{false, true} {
		t.Run(map[bool]string{false: "one", true: "another"}[real], func(t *testing.T) {
			m, tb := memGame(t, 3)
			if real {
				st, closeDB, err := openStore(filepath.Join(t.TempDir(), "t.db"), time.Now, tinners.Titles())
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { closeDB() })
				m.store = st
				ctx := context.Background()
				tb, err = st.CreateTable(ctx, kit.Table{GuildID: "G", ChannelID: "C", Host: "U1", MaxPlayers: 3,
					Seats: []kit.Seat{{UserID: "U1", Name: "a"}, {UserID: "U2", Name: "b"}, {UserID: "U3", Name: "c"}}})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := tt.StoreOf(st).Start(ctx, tb.ID, tinners.Setup{NumSeats: 3, Seed: 7}); err != nil {
					t.Fatal(err)
				}
			}
			ctx := context.Background()
			if _, err := m.store.LastFinished(ctx, "C"); !errors.Is(err, kit.ErrNotFound) {
				t.Fatalf("a running game counted as finished: %v", err)
			}
			advance(t, m, tb.ID, func(s *tinners.State) bool { return s.Phase == tinners.PhaseOver })
			check := func() {
				t.Helper()
				r := m.handleSafe(ctx, slash(t, "U2", 0, "board"))
				if len(r.Posts) != 1 || !strings.Contains(r.Posts[0].Message.Content, "Game over") {
					t.Fatalf("board of the finished game: %+v", r)
				}
				r = m.handleSafe(ctx, slash(t, "U2", 0, "log"))
				if r.Reply == nil || !strings.Contains(fmt.Sprint(r.Reply.Components), "tlog:"+tb.ID) || !strings.Contains(r.Reply.Content, "Game over") {
					t.Fatalf("log of the finished game: %+v", r.Reply)
				}
				r = m.handleSafe(ctx, slash(t, "U2", 0, "export"))
				if r.Reply == nil || len(r.Reply.Files) != 1 {
					t.Fatalf("export of the finished game: %+v", r.Reply)
				}
			}
			check()
			// A new lobby does not hide it until it starts.
			if r := m.handleSafe(ctx, slash(t, "U4", 0, "new")); r.Reply == nil || !strings.Contains(r.Reply.Content, "host") {
				t.Fatalf("new lobby: %+v", r.Reply)
			}
			// (The adapter would have posted the lobby message.)
			lobby, err := m.store.TableInChannel(ctx, "C")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := m.store.UpdateTable(ctx, lobby.ID, func(t *kit.Table) error { t.BoardMsg = "LOBBY"; return nil }); err != nil {
				t.Fatal(err)
			}
			check()
		})
	}
}

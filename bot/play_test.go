package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// memGame starts an n-player game in channel C of guild G on a fresh
// store; seat k is user U<k+1>, named Name<k+1>.
func memGame(t *testing.T, n int) (*Main, kit.Table) {
	t.Helper()
	m := newTestMain(t)
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
	tb, err = m.store.UpdateTable(ctx, tb.ID, func(t *kit.Table) error { t.BoardMsg = "BOARD"; return nil })
	if err != nil {
		t.Fatal(err)
	}
	return m, tb
}

// advance applies random legal actions to the game until cond holds.
func advance(t *testing.T, m *Main, id string, cond func(*tinners.State) bool) *tinners.State {
	t.Helper()
	ctx := context.Background()
	r := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		s, err := tt.Store(m).State(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if cond(s) {
			return s
		}
		if s.Phase == tinners.PhaseOver {
			break
		}
		who := s.ToAct()
		legal := s.Legal(who[r.IntN(len(who))])
		a := legal[r.IntN(len(legal))].Action
		if _, _, _, err := m.store.ApplyMatch(ctx, id, s.Version, kit.MatchBatch{Actions: []engine.Action{a}}); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the condition never held")
	return nil
}

// interaction decodes an interaction as Discord sends it.
func interaction(t *testing.T, format string, args ...any) *discordgo.Interaction {
	t.Helper()
	var i discordgo.Interaction
	if err := json.Unmarshal([]byte(fmt.Sprintf(format, args...)), &i); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(format, "app_permissions") {
		// Discord sends the bot's permissions in the channel; by default
		// it has every one it needs.
		i.AppPermissions = allPerms
	}
	return &i
}

// slash is /tt <sub> by user with the given permissions in channel C.
func slash(t *testing.T, user string, perms int64, sub string) *discordgo.Interaction {
	t.Helper()
	return interaction(t, `{"id":"1","application_id":"9","type":2,"token":"t","guild_id":"G","channel_id":"C",
		"member":{"user":{"id":%q,"username":"u"},"permissions":"%d"},
		"data":{"id":"100","name":"tt","type":1,"options":[{"name":%q,"type":1}]}}`, user, perms, sub)
}

// clickOn is a click by user on a component of message msg (flags 64: ephemeral).
func clickOn(t *testing.T, user, msg string, flags int, customID string) *discordgo.Interaction {
	t.Helper()
	return interaction(t, `{"id":"2","application_id":"9","type":3,"token":"t","guild_id":"G","channel_id":"C",
		"member":{"user":{"id":%q,"username":"u"},"permissions":"0"},
		"message":{"id":%q,"channel_id":"C","flags":%d},
		"data":{"custom_id":%q,"component_type":2}}`, user, msg, flags, customID)
}

// TestLogNamesSeats: /tt log shows the players' names, never the engine's
// {P0} placeholders.
func TestLogNamesSeats(t *testing.T) {
	m, tb := memGame(t, 3)
	advance(t, m, tb.ID, func(s *tinners.State) bool {
		return s.Phase == tinners.PhaseActions && strings.Contains(strings.Join(ttLog(s), "\n"), "{P")
	})
	r := tt.CmdLog(m, context.Background(), slash(t, "U2", 0, "log"), tb.ID, 0)
	if r.Reply == nil {
		t.Fatal("no reply")
	}
	if strings.Contains(r.Reply.Content, "{P") || !strings.Contains(r.Reply.Content, "Name") {
		t.Fatalf("log reply:\n%s", r.Reply.Content)
	}
	if len(r.Reply.Mentions) != 0 {
		t.Errorf("log reply may ping %v", r.Reply.Mentions)
	}
}

// TestInvestOneChoicePerTurn: an investing turn is one choice of any
// amount, applied at once; "and finish" ends the seat's investing, "more
// later" ends only the turn, and "Done investing" invests nothing more.
func TestInvestOneChoicePerTurn(t *testing.T) {
	for _, finish := range []bool{true, false} {
		m, tb := memGame(t, 3)
		s := advance(t, m, tb.ID, func(s *tinners.State) bool {
			v := s.PublicView()
			return s.Phase == tinners.PhaseInvest && v.InvestTurn >= 0 && v.Seats[v.InvestTurn].Money >= 25 && s.InvestedNow == 0
		})
		tb, _ = m.store.Table(context.Background(), tb.ID)
		seat := s.PublicView().InvestTurn
		var labels []string
		var choice string
		for _, r := range boardComponents(tb, s) {
			for _, c := range r.(discordgo.ActionsRow).Components {
				switch c := c.(type) {
				case discordgo.Button:
					labels = append(labels, c.Label)
				case discordgo.SelectMenu:
					for _, o := range c.Options {
						labels = append(labels, o.Label)
						if strings.HasPrefix(o.Label, "£20 →") && strings.HasSuffix(o.Value, map[bool]string{true: ":fin", false: ":more"}[finish]) {
							choice = o.Value
						}
					}
				}
			}
		}
		if !slices.Contains(labels, "Done investing this round") || choice == "" {
			t.Fatalf("investing choices: %q", labels)
		}
		before := s.PublicView().Seats[seat]
		r := m.component(context.Background(), clickOn(t, fmt.Sprintf("U%d", seat+1), "BOARD", 0, choice), choice)
		if r.Reply == nil || !strings.Contains(r.Reply.Content, "Done") {
			t.Fatalf("reply %+v", r.Reply)
		}
		after, _ := tt.Store(m).State(context.Background(), tb.ID)
		v := after.PublicView()
		if got := before.Money - v.Seats[seat].Money; got != 20 {
			t.Fatalf("invested £%d, want £20", got)
		}
		if v.Seats[seat].InvestDone != finish {
			t.Fatalf("finish=%v: seat done = %v", finish, v.Seats[seat].InvestDone)
		}
		if after.Phase == tinners.PhaseInvest && v.InvestTurn == seat && len(v.PassOrder) > 1 {
			t.Fatalf("the turn did not move on")
		}
	}
}

// TestExportOfRunningGame: a running game's record holds the seed, so only
// an admin who is not playing at the table may have it before the end.
func TestExportOfRunningGame(t *testing.T) {
	m, _ := memGame(t, 3)
	for _, c := range []struct {
		name  string
		user  string
		perms int64
		file  bool
	}{
		{"player", "U2", 0, false},
		{"admin seated at the table", "U1", adminPerms, false},
		{"admin not playing", "U9", adminPerms, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := m.handleSafe(context.Background(), slash(t, c.user, c.perms, "export"))
			if r.Reply == nil || len(r.Posts) != 0 {
				t.Fatalf("reply %+v, posts %d", r.Reply, len(r.Posts))
			}
			if got := len(r.Reply.Files) == 1; got != c.file {
				t.Fatalf("record sent: %v, want %v (%q)", got, c.file, r.Reply.Content)
			}
		})
	}
}

// TestRemindIntervalByHostOrAdmin: the host or an admin changes a running
// table's reminder interval; anyone else is refused and changes nothing.
func TestRemindIntervalByHostOrAdmin(t *testing.T) {
	m, tb := memGame(t, 3)
	remind := func(user string, perms int64, hours int) string {
		t.Helper()
		i := interaction(t, `{"id":"1","application_id":"9","type":2,"token":"t","guild_id":"G","channel_id":"C",
			"member":{"user":{"id":%q,"username":"u"},"permissions":"%d"},
			"data":{"id":"100","name":"tt","type":1,"options":[{"name":"remind","type":1,"options":[{"name":"hours","type":4,"value":%d}]}]}}`,
			user, perms, hours)
		return m.handleSafe(context.Background(), i).Reply.Content
	}
	every := func() time.Duration {
		t.Helper()
		got, err := m.store.Table(context.Background(), tb.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got.RemindEvery
	}
	if r := remind("U2", 0, 3); !strings.Contains(r, "Only the host") || every() != time.Hour {
		t.Fatalf("a player: %q, interval %v", r, every())
	}
	if r := remind("U9", adminPerms, 5); !strings.Contains(r, "every 5 h") || every() != 5*time.Hour {
		t.Fatalf("an admin: %q, interval %v", r, every())
	}
	if r := remind("U1", 0, 2); !strings.Contains(r, "every 2 h") || every() != 2*time.Hour {
		t.Fatalf("the host: %q, interval %v", r, every())
	}
}

// TestCloseWaitsAndRefusesLateInteractions: Close waits for an interaction
// in progress, and one that starts after Close has begun is not counted
// (no Add racing Wait).
func TestCloseWaitsAndRefusesLateInteractions(t *testing.T) {
	m := newTestMain(t)
	if !m.begin() {
		t.Fatal("begin refused before Close")
	}
	closed := make(chan error)
	go func() { closed <- m.Close() }()
	select {
	case <-closed:
		t.Fatal("Close returned while an interaction was in progress")
	case <-time.After(50 * time.Millisecond):
	}
	for {
		m.mu.Lock()
		c := m.closing
		m.mu.Unlock()
		if c {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if m.begin() {
		t.Fatal("begin accepted an interaction after Close began")
	}
	m.wg.Done()
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
}

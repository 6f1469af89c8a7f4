package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/storage"
)

// newTestMain is a Main on a fresh bbolt file with no Discord session: its
// handlers are tested as functions from interaction to response.
func newTestMain(t *testing.T) *Main {
	t.Helper()
	n := 0
	st, err := storage.Open(filepath.Join(t.TempDir(), "t.db"), storage.Options{Titles: tinners.Titles(),
		NewID: func() string { n++; return fmt.Sprintf("g%d", n) }}) // the ids the recorded interactions name
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cfg := Config{Token: "x", Store: storeAdapter{s: st, titles: tinners.Titles()}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now: func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }, Seed: func() uint64 { return 7 },
		Render: func(any, kit.RenderOptions) ([]byte, error) { return nil, nil }}
	withTinners(&cfg)
	m, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestRecordedInteractions feeds recorded interaction JSON through the
// router, in order, and checks each response.
func TestRecordedInteractions(t *testing.T) {
	b, err := os.ReadFile("testdata/lobby.json")
	if err != nil {
		t.Fatal(err)
	}
	var steps []struct {
		Name        string          `json:"name"`
		Interaction json.RawMessage `json:"interaction"`
		Want        struct {
			Reply string `json:"reply"`
			Posts int    `json:"posts"`
			Post  string `json:"post"`
			Edits int    `json:"edits"`
			Edit  string `json:"edit"`
			Ack   string `json:"ack"`
		} `json:"want"`
	}
	if err := json.Unmarshal(b, &steps); err != nil {
		t.Fatal(err)
	}
	m := newTestMain(t)
	for _, st := range steps {
		t.Run(st.Name, func(t *testing.T) {
			var i discordgo.Interaction
			if err := json.Unmarshal(st.Interaction, &i); err != nil {
				t.Fatal(err)
			}
			if st.Want.Ack == "ephemeral" && ackFor(&i) != kit.AckEphemeral {
				t.Errorf("ack %v, want ephemeral", ackFor(&i))
			}
			r := m.handleSafe(context.Background(), &i)
			if st.Want.Reply != "" && (r.Reply == nil || !strings.Contains(r.Reply.Content, st.Want.Reply)) {
				t.Errorf("reply %+v, want %q", r.Reply, st.Want.Reply)
			}
			if r.Reply != nil && len(r.Reply.Mentions) != 0 {
				t.Errorf("a reply may ping %v", r.Reply.Mentions)
			}
			if len(r.Posts) != st.Want.Posts {
				t.Fatalf("%d posts, want %d", len(r.Posts), st.Want.Posts)
			}
			if st.Want.Post != "" && !strings.Contains(r.Posts[0].Message.Content, st.Want.Post) {
				t.Errorf("post %q, want %q", r.Posts[0].Message.Content, st.Want.Post)
			}
			if len(r.Edits) != st.Want.Edits {
				t.Fatalf("%d edits, want %d", len(r.Edits), st.Want.Edits)
			}
			if st.Want.Edit != "" && !strings.Contains(r.Edits[0].Message.Content, st.Want.Edit) {
				t.Errorf("edit %q, want %q", r.Edits[0].Message.Content, st.Want.Edit)
			}
			// Remember posted boards as the fake Discord would.
			for _, p := range r.Posts {
				if p.TableID != "" {
					m.store.UpdateTable(context.Background(), p.TableID, func(t *kit.Table) error { t.BoardMsg = "BOARD"; return nil })
				}
			}
		})
	}
}

func TestAckFor(t *testing.T) {
	comp := func(id string, flags discordgo.MessageFlags) *discordgo.Interaction {
		return &discordgo.Interaction{Type: discordgo.InteractionMessageComponent, Message: &discordgo.Message{Flags: flags},
			Data: discordgo.MessageComponentInteractionData{CustomID: id}}
	}
	for _, c := range []struct {
		name string
		i    *discordgo.Interaction
		want kit.Ack
	}{
		{"command", &discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, Data: discordgo.ApplicationCommandInteractionData{Name: "tt"}}, kit.AckEphemeral},
		{"apply on the board", comp("tt:g:1:0/pass", 0), kit.AckUpdate},
		{"menu on the board", comp("tm:g:1:build", 0), kit.AckEphemeral},
		{"step in a private message", comp("tm:g:1:bc:A4", discordgo.MessageFlagsEphemeral), kit.AckUpdate},
		{"bid amount", comp("tq:g:1:0:3:9", 0), kit.AckModal},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := ackFor(c.i); got != c.want {
				t.Errorf("ackFor = %v, want %v", got, c.want)
			}
		})
	}
}

// TestBoardPicture renders a real board through the default renderer.
func TestBoardPicture(t *testing.T) {
	s, err := tinners.NewGame(tinners.Setup{NumSeats: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	png, err := tt.DefaultRender(s.PublicView(), kit.RenderOptions{Names: []string{"Alice", "Bob", "Carol"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(png) < 8 || string(png[1:4]) != "PNG" {
		t.Fatalf("not a PNG (%d bytes)", len(png))
	}
	hand, err := tt.DefaultRenderHand(s.SeatView(0), kit.RenderOptions{})
	if err != nil || len(hand) < 8 || string(hand[1:4]) != "PNG" {
		t.Fatalf("hand picture: %v", err)
	}
}

// TestCommandsFitDiscord checks the limits Discord enforces on registration.
func TestCommandsFitDiscord(t *testing.T) {
	for _, c := range commands(tinners.Titles()) {
		if len(c.Options) > 25 {
			t.Errorf("%s: %d options", c.Name, len(c.Options))
		}
		for _, o := range c.Options {
			if len(o.Name) > 32 || len(o.Description) > 100 || o.Name != strings.ToLower(o.Name) {
				t.Errorf("option %q breaks Discord's limits", o.Name)
			}
			for _, oo := range o.Options {
				if len(oo.Description) > 100 {
					t.Errorf("option %s/%s description too long", o.Name, oo.Name)
				}
				if len(oo.Choices) > 25 {
					t.Errorf("option %s/%s has %d choices", o.Name, oo.Name, len(oo.Choices))
				}
				for _, ch := range oo.Choices {
					if len([]rune(ch.Name)) > 100 {
						t.Errorf("choice %s/%s/%v name too long", o.Name, oo.Name, ch.Value)
					}
				}
			}
			// Localised names and descriptions have the same limits.
			for _, x := range append([]*discordgo.ApplicationCommandOption{o}, o.Options...) {
				for l, n := range x.NameLocalizations {
					if len([]rune(n)) > 32 || n != strings.ToLower(n) || strings.ContainsAny(n, " ") {
						t.Errorf("%s: %s name %q breaks Discord's limits", x.Name, l, n)
					}
				}
				for l, d := range x.DescriptionLocalizations {
					if len([]rune(d)) > 100 {
						t.Errorf("%s: %s description too long (%d)", x.Name, l, len([]rune(d)))
					}
				}
			}
		}
	}
}

func TestLogIDHidesActionArguments(t *testing.T) {
	i := &discordgo.Interaction{Type: discordgo.InteractionMessageComponent,
		Data: discordgo.MessageComponentInteractionData{CustomID: "tt:g1:4:0/b:A4:c17"}}
	if got := logID(i); got != "tt:g1:4:0/b:…" {
		t.Errorf("logID = %q", got)
	}
}

// TestRulesFit: /tt rules fits one Discord message.
func TestRulesFit(t *testing.T) {
	if n := len([]rune(rulesText())); n > 2000 || !strings.Contains(rulesText(), "Emigration") {
		t.Fatalf("/tt rules is %d characters (Discord allows 2000) or misses the modules", n)
	}
}

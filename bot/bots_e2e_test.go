package bot_test

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"

	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/playtest"
	"github.com/tinnersbot/tinnersbot/bot/ttui"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/brass"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/storage"
)

// botGames are the whole games TestBotSeatsWholeGame plays: one person
// against bots, per title (Tinners' Trail's multi-player game against
// bots only, not the solo game against Lord Wallace).
var botGames = []struct {
	game       string
	bots, seed int
}{
	{tinners.ID, 1, 1}, // the sample under -race and -short
	{tinners.ID, 2, 2},
	{coalbaron.ID, 1, 1},
	{brass.ID, 1, 1},
	{mineshaft.ID, 2, 1},
}

// TestBotSeatsWholeGame: for each title, one person and bots play a whole
// game through the fake Discord and the real bot (bot/playtest: the
// person clicks what the bot offers; the host adds the bots with "Add a
// bot"; the bots move in the background). The bots are never pinged nor
// sent a DM, every bot move is an action stored in the game's log, and the
// log replays to the finished game without searching again. Under -race
// and -short one game plays (Tinners' Trail, one bot: the quickest); the
// search budget is a few play-outs (the search is engine/autoplay's,
// tested and measured there).
func TestBotSeatsWholeGame(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	for k, g := range botGames {
		if !testenv.Pick(t, k == 0) {
			continue
		}
		t.Run(fmt.Sprintf("%s/%dbots", g.game, g.bots), func(t *testing.T) {
			var rec bytes.Buffer
			dir := t.TempDir()
			reg := engine.NewRegistry(tinners.Title, coalbaron.Title, brass.Title, mineshaft.Title)
			opt := playtest.Options{Game: g.game, Titles: reg, UIs: []kit.UI{ttui.TinnersTrailUI()}, Players: 1, Bots: g.bots,
				BotPlayouts: 8, Seed: uint64(g.seed), Dir: dir, Record: &rec, MaxInteractions: 3000,
				Render:     func(any, kit.RenderOptions) ([]byte, error) { return []byte("\x89PNG placeholder"), nil },
				RenderHand: func(any, kit.RenderOptions) ([]byte, error) { return []byte("\x89PNG placeholder"), nil }}
			res, err := playtest.Play(context.Background(), opt)
			if err != nil {
				t.Fatal(err)
			}
			testenv.Played(t, 1)
			st := res.Stats
			if !st.Completed || st.Seats != 1+g.bots || st.BotSeats != g.bots {
				t.Fatalf("completed %v, %d seats, %d bot seats; want a finished game of 1 person and %d bots", st.Completed, st.Seats, st.BotSeats, g.bots)
			}
			if st.BotActions == 0 || st.BotActions >= st.EngineActions {
				t.Errorf("%d of %d stored actions are the bots'", st.BotActions, st.EngineActions)
			}
			human := playtest.UserID(0)
			checkBotsNeverPinged(t, rec.Bytes(), human)
			replayBotGame(t, filepath.Join(dir, "tinners.db"), reg, st.GameID, g.bots)
		})
	}
}

// checkBotsNeverPinged reads every request the bot made: a message may
// ping only the person, no text mentions an empty user ("<@>", a bot
// seat's), and a DM goes to the person only.
func checkBotsNeverPinged(t *testing.T, record []byte, human string) {
	t.Helper()
	sc := bufio.NewScanner(bytes.NewReader(record))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	posts := 0
	for sc.Scan() {
		var c struct {
			Method string          `json:"method"`
			Path   string          `json:"path"`
			Body   json.RawMessage `json:"body"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("record line: %v", err)
		}
		var body struct {
			Content         string `json:"content"`
			RecipientID     string `json:"recipient_id"`
			AllowedMentions *struct {
				Users []string `json:"users"`
			} `json:"allowed_mentions"`
		}
		json.Unmarshal(c.Body, &body)
		if strings.Contains(body.Content, "<@>") {
			t.Errorf("%s %s mentions an empty user: %q", c.Method, c.Path, body.Content)
		}
		if body.AllowedMentions != nil {
			for _, u := range body.AllowedMentions.Users {
				if u != human {
					t.Errorf("%s %s may ping %q, not the person", c.Method, c.Path, u)
				}
			}
		}
		if c.Method == "POST" && c.Path == "/users/@me/channels" && body.RecipientID != human {
			t.Errorf("a DM channel opened for %q", body.RecipientID)
		}
		if c.Method == "POST" && strings.HasSuffix(c.Path, "/messages") {
			posts++
		}
	}
	if posts == 0 {
		t.Error("no message posted in the record")
	}
}

// replayBotGame opens the game's database and replays its record: the
// bot seats are marked, and the stored actions alone give the finished
// game (a replay never runs the search).
func replayBotGame(t *testing.T, path string, reg *engine.Registry, id string, bots int) {
	t.Helper()
	st, err := storage.Open(path, storage.Options{ReadOnly: true, Timeout: 5 * time.Second, Titles: reg})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h, err := st.Header(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	marked := slices.IndexFunc(h.Seats, func(s storage.Seat) bool { return s.Bot })
	if n := len(h.Seats) - 1; marked != 1 || h.Seats[0].Bot || n != bots {
		t.Errorf("seats %+v: want the person first, then %d bot seats", h.Seats, bots)
	}
	rec, err := st.Record(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	title, err := reg.Get(rec.Title)
	if err != nil {
		t.Fatal(err)
	}
	m, err := engine.Replay(title, rec, -1)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	if m.Result() == nil || m.Version() != len(rec.Actions) {
		t.Errorf("the replay ends at version %d of %d, result %v", m.Version(), len(rec.Actions), m.Result())
	}
}

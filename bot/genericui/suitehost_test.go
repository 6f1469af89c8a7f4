package genericui

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/kit/kittest"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// The menus suite hosts this UI itself: suiteHost is the bot as far as
// the private steps, the boards and the past boards the suite walks reach
// it (kit.Host): the installed titles, their renderers (the marked step
// pictures, kit.StepPicture) and a log. Every other method of the host
// is the core's turn, lobby and store machinery, which drawing a menu or
// a board never calls: those panic.

type suiteHost struct {
	titles    *engine.Registry   // nil: no title (the suite's own matches)
	renderers *imaging.Renderers // nil: no pictures

	mu     sync.Mutex
	logged bytes.Buffer // what the UI logged (a picture that failed)
}

// newSuiteHost is the UI on a suiteHost.
func newSuiteHost(titles *engine.Registry, renderers *imaging.Renderers) (*host, *suiteHost) {
	h := &suiteHost{titles: titles, renderers: renderers}
	return &host{h}, h
}

func (h *suiteHost) Titles() *engine.Registry      { return h.titles }
func (h *suiteHost) Renderers() *imaging.Renderers { return h.renderers }

// Log keeps what the UI logs, for the suite to fail on (loggedText).
func (h *suiteHost) Log() *slog.Logger { return slog.New(slog.NewTextHandler(lockedWriter{h}, nil)) }

type lockedWriter struct{ h *suiteHost }

func (w lockedWriter) Write(p []byte) (int, error) {
	w.h.mu.Lock()
	defer w.h.mu.Unlock()
	return w.h.logged.Write(p)
}

// loggedText is what the UI logged so far.
func (h *suiteHost) loggedText() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.logged.String()
}

// Meta is t's installed title's facts, as the core answers them (a table
// of several seats needs two players).
func (h *suiteHost) Meta(t kit.Table) engine.Meta {
	title, err := h.titles.Get(t.Title)
	if err != nil {
		panic(fmt.Sprintf("the menus suite installs the title it plays: %v", err))
	}
	mt := title.Meta()
	if t.MaxPlayers > 1 {
		mt.MinSeats = max(mt.MinSeats, 2)
	}
	return mt
}

const notUsed = "not used by the menus suite"

func (*suiteHost) Store() kit.Store                      { panic(notUsed) }
func (*suiteHost) Now() time.Time                        { panic(notUsed) }
func (*suiteHost) Seed() uint64                          { panic(notUsed) }
func (*suiteHost) Renders() (board, hand kit.RenderFunc) { panic(notUsed) }
func (*suiteHost) OwnUI(kit.Table) bool                  { panic(notUsed) }
func (*suiteHost) TitleHasDefaults(string) bool          { panic(notUsed) }
func (*suiteHost) Routes() kit.RouteTable                { panic(notUsed) }
func (*suiteHost) Dispatch(context.Context, *discordgo.Interaction, string, bool) kit.Response {
	panic(notUsed)
}
func (*suiteHost) ErrReply(*discordgo.Interaction, string, error) kit.Response { panic(notUsed) }
func (*suiteHost) LoadMatch(context.Context, *discordgo.Interaction, string) (kit.Table, engine.Match, *kit.Response) {
	panic(notUsed)
}
func (*suiteHost) TableHere(context.Context, *discordgo.Interaction, string) (kit.Table, *kit.Response) {
	panic(notUsed)
}
func (*suiteHost) LobbyMessage(kit.Table) kit.Message { panic(notUsed) }
func (*suiteHost) StartedLobby(kit.Table) kit.Message { panic(notUsed) }
func (*suiteHost) NextDue(kit.Table) time.Time        { panic(notUsed) }
func (*suiteHost) CommitMoves(context.Context, *discordgo.Interaction, kit.Table, engine.Match, int, []engine.Action, bool) kit.Response {
	panic(notUsed)
}
func (*suiteHost) UndoMove(context.Context, *discordgo.Interaction, kit.Table, engine.Match, int, *kit.Token) kit.Response {
	panic(notUsed)
}
func (*suiteHost) MayRescue(*discordgo.Interaction, kit.Table, []int, int, string) *kit.Response {
	panic(notUsed)
}
func (*suiteHost) AnnounceDefaultIn(context.Context, *discordgo.Interaction, kit.Table, int, string, func(*i18n.Loc) string, kit.Response) kit.Response {
	panic(notUsed)
}
func (*suiteHost) PlayDeadline(context.Context, kit.Table, []int, time.Time, func(*discordgo.Interaction, kit.Table, int, string) (kit.Response, bool, error)) error {
	panic(notUsed)
}

// suiteRoutes are the custom-ID kinds this UI's messages may carry: its
// own, and the core's rematch button on a final board ("tre", shaped as
// bot/customid.go shapes it; the bot's own tests parse it with the core's
// table).
var suiteRoutes = func() kit.RouteTable {
	rt, err := kit.NewRoutes(genericRoutes(), map[string]kit.Route{"tre": {Shape: kit.Shape{Game: true, Max: 1, Tail: true}}})
	if err != nil {
		panic(err)
	}
	return rt
}()

// checkMessageLimits fails when msg breaks one of Discord's limits or
// carries a custom ID of no kind it may (kittest.MessageLimits).
func checkMessageLimits(t *testing.T, where string, msg kit.Message) {
	t.Helper()
	if err := kittest.MessageLimits(msg, suiteRoutes); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
}

// randomTable is a table with the longest ids and names the bot allows
// (as the bot's own tests build it, bot/limits_test.go).
func randomTable(n int) kit.Table {
	t := kit.Table{ID: "abcdefghijkl", GuildID: "700000000000000001", ChannelID: "700000000000000002", Host: "100000000000000000001",
		Status: kit.StatusRunning, MaxPlayers: n, BoardMsg: "900000000000000000001"}
	for k := range n {
		t.Seats = append(t.Seats, kit.Seat{UserID: fmt.Sprintf("10000000000000000000%d", k+1), Name: strings.Repeat("W", 32)})
	}
	return t
}

// lacks fails when got contains any of the English phrases.
func lacks(t *testing.T, what, got string, english ...string) {
	t.Helper()
	for _, w := range english {
		if strings.Contains(got, w) {
			t.Errorf("%s has English %q: %q", what, w, got)
		}
	}
}

// flowEnglish are the flow's English words that must not reach a Polish
// player (engine labels aside); the bot's Polish game test has the same
// list (bot/i18n_flow_generic_test.go).
var flowEnglish = []string{"**Done.**", "**Your move**", "— your turn: press", "Waiting for", "Now waiting for", " options.", " choices)",
	"Choose…", "More…", "Nothing was changed", "Final ranking", " points\n", "Tie-break", "Game over", "**Taken back.**", "Your hand", "Your board"}

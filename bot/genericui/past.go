package genericui

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Past boards of the generic UI: /tt board at:<move> (the channel's
// running table, or its last finished one), and the board /tt history
// opens. The record is
// replayed up to that move (engine.Replay) and the title's turn picture is
// drawn from the PUBLIC view at that moment, as a private reply to the
// asker only, like Tinners' Trail's past boards (bot/ttui/past.go). Anyone in the
// channel may look, the players too while the game runs: a past public
// view is what the channel was shown then, nothing more. Custom ID
//
//	gpast:<game>:<move>:<tag>   the same reply at another move
//
// The tag (b10 b1 f1 f10, s for the setup, l for the last move) keeps two
// buttons of one reply that lead to the same move apart. A title whose
// matches know their round (engine.Rounds) also answers round: with the
// board at the start of that round (rounds.go).

// gpastTags are the tags a gpast: button may carry.
var gpastTags = map[string]bool{"b10": true, "b1": true, "f1": true, "f10": true, "s": true, "l": true}

// gpastAt replays rec of title to move at (clamped to the record) and
// returns the match then and the events of that move (none at move 0).
func gpastAt(title engine.Title, rec *engine.Record, at int) (engine.Match, []engine.Event, int, error) {
	at = max(0, min(at, len(rec.Actions)))
	if at == 0 {
		mt, err := engine.Replay(title, rec, 0)
		return mt, nil, 0, err
	}
	mt, err := engine.Replay(title, rec, at-1)
	if err != nil {
		return nil, nil, 0, err
	}
	a, err := title.ParseAction(rec.Actions[at-1])
	if err != nil {
		return nil, nil, 0, fmt.Errorf("action %d: %w", at-1, err)
	}
	next, ev, err := mt.Apply(a)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("action %d (%s): %w", at-1, rec.Actions[at-1], err)
	}
	return next, ev, at, nil
}

// gpastMessage is the text and paging buttons of a past board of t at
// move at of total (no picture): mt is the match then, events what move
// at made happen. Everything in it is public: the events (public by the
// contract), who was to act, the result. It is in l's language, the
// asker's. lead, when not empty, is a line above the heading (the round
// whose start this is).
func gpastMessage(l *i18n.Loc, t kit.Table, name, lead string, mt engine.Match, events []engine.Event, at, total int) kit.Message {
	// The heading stays first; the move's oldest events give way when all
	// would not fit.
	var head string
	var b strings.Builder
	if at == 0 {
		head = l.T("g_past_setup_head", kit.Args{"Table": t.ID, "Total": total, "Game": name})
		b.WriteString("\n" + l.T("g_past_start", nil))
	} else {
		head = l.T("g_past_head", kit.Args{"Table": t.ID, "At": at, "Total": total, "Game": name})
		names := kit.SeatNamesIn(l, t, mt)
		for _, e := range events {
			b.WriteString("\n> " + engine.FormatLine(kit.EventLine(e).Say(l), names))
		}
		if len(events) == 0 {
			b.WriteString("\n" + l.T("g_past_nothing", nil))
		}
	}
	if lead != "" {
		head = lead + "\n" + head
	}
	if r := mt.Result(); r != nil {
		b.WriteString("\n" + finalScores(l, t, mt, r))
	} else {
		// At a past moment the ask is history: say whose move it was.
		b.WriteString("\n" + l.T("flow_waiting_for", kit.Args{"Who": kit.WhoIn(l, t, mt.ToAct())}))
	}
	btn := func(label, tag string, to int, off bool) discordgo.MessageComponent {
		return discordgo.Button{Label: label, Style: discordgo.SecondaryButton, Disabled: off,
			CustomID: kit.PlainID("gpast", t.ID, strconv.Itoa(max(0, min(to, total))), tag)}
	}
	return kit.Message{Content: clipAfter(head, b.String()), Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			btn(l.T("g_past_back10", nil), "b10", at-10, at == 0), btn(l.T("g_past_back", nil), "b1", at-1, at == 0),
			btn(l.T("g_past_next", nil), "f1", at+1, at >= total), btn(l.T("g_past_next10", nil), "f10", at+10, at >= total),
		}},
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			btn(l.T("g_past_setup", nil), "s", 0, at == 0), btn(l.T("g_past_last", nil), "l", total, at >= total),
		}},
	}}
}

// gpastBoard answers /tt board at: (and the gpast: buttons, and /tt
// history's board) at a generic table t, running or finished, of this
// channel.
func (m *host) gpastBoard(ctx context.Context, i *discordgo.Interaction, t kit.Table, at int) kit.Response {
	return m.gpastBoardLead(ctx, i, t, at, "")
}

// gpastRecord is what a past board of t is replayed from: t's title and
// its record, or the answer when the title is not installed or the record
// does not load.
func (m *host) gpastRecord(ctx context.Context, i *discordgo.Interaction, t kit.Table) (engine.Title, *engine.Record, *kit.Response) {
	title, err := m.Titles().Get(t.Title)
	if err != nil {
		r := kit.Say(kit.UserLoc(i), "g_not_installed_past", nil)
		return nil, nil, &r
	}
	rec, err := m.Store().MatchRecord(ctx, t.ID)
	if err != nil {
		r := m.ErrReply(i, "load record", err)
		return nil, nil, &r
	}
	return title, rec, nil
}

// gpastBoardLead is gpastBoard with a line above the heading (gpastMessage).
func (m *host) gpastBoardLead(ctx context.Context, i *discordgo.Interaction, t kit.Table, at int, lead string) kit.Response {
	title, rec, r := m.gpastRecord(ctx, i, t)
	if r != nil {
		return *r
	}
	mt, events, at, err := gpastAt(title, rec, at)
	if err != nil {
		return m.ErrReply(i, "replay record", err)
	}
	msg := gpastMessage(kit.UserLoc(i), t, kit.TitleNameIn(kit.UserLoc(i), m.Meta(t)), lead, mt, events, at, len(rec.Actions))
	if r, err := m.Renderers().Get(t.TitleID()); err == nil {
		o := gpictureOptions(t, mt)
		o.Words = kit.UserLoc(i).Message  // a past board is the asker's alone
		o.Changed = engine.Places(events) // what that move changed, not today's
		img, err := r.Turn(mt.Public(), o)
		var png []byte
		if err == nil {
			png, err = imaging.EncodePNG(img)
		}
		if err != nil {
			m.Log().Error("render past board", "table", t.ID, "at", at, "err", err)
		} else {
			msg.Files = []kit.File{{Name: fmt.Sprintf("board-%s-at-%d.png", t.ID, at), Data: png}}
		}
	}
	return kit.Response{Reply: &msg}
}

// gpastClick answers a gpast: button of game: the move, and a tag.
func (m *host) gpastClick(ctx context.Context, i *discordgo.Interaction, game, move, tag string) kit.Response {
	if !gpastTags[tag] {
		return kit.Forged(i)
	}
	at, err := strconv.Atoi(move)
	if err != nil || at < 0 || len(move) > 6 {
		return kit.Forged(i)
	}
	t, r := m.TableHere(ctx, i, game)
	if r != nil {
		return *r
	}
	if m.OwnUI(t) || (t.Status != kit.StatusRunning && t.Status != kit.StatusFinished) {
		return kit.Forged(i)
	}
	return m.gpastBoard(ctx, i, t, at)
}

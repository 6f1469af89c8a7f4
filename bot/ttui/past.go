package ttui

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/engine"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// /tt board at:<move> or round:<n>: a past moment of this channel's running
// or last finished table, as a private reply, drawn from the public view of
// the state after that many moves (the record replayed up to there); round:n
// is the moment round n began (its prices rolled, nobody has acted in it
// yet), round:0 the setup (move 0). Custom ID
//
//	tpast:<game>:<move>[:<tag>]   the same reply at another move
//
// The tag only keeps two buttons of one reply that lead to the same move
// apart (Discord refuses a message with two equal custom IDs).
//
// Nothing hidden at that moment (or now) is shown: only PublicView is used.

// roundStarts replays the whole record: starts[r] is the number of moves
// after which round r had begun (the log's "Round r." line), starts[0] = 0
// the setup. Rounds not reached yet are missing.
func roundStarts(rec *tinners.Record) ([]int, error) {
	s, err := tinners.NewGame(rec.SetupOf())
	if err != nil {
		return nil, err
	}
	starts := []int{0}
	seen := 0
	count := func(m int) {
		for k := seen; k < len(s.Log); k++ {
			if roundLine(s, k) && len(starts) <= tinners.NumRounds {
				starts = append(starts, m)
			}
		}
		seen = len(s.Log)
	}
	count(0)
	for k, str := range rec.Actions {
		a, err := tinners.ParseAction(str)
		if err != nil {
			return nil, fmt.Errorf("action %d: %w", k, err)
		}
		if s, _, err = tinners.Apply(s, a); err != nil {
			return nil, fmt.Errorf("action %d: %w", k, err)
		}
		count(k + 1)
	}
	return starts, nil
}

// replayTo replays the first n actions of rec (all when n is larger). It
// also returns the public log's length before the last action replayed.
func replayTo(rec *tinners.Record, n int) (s *tinners.State, prevLog int, err error) {
	s, err = tinners.NewGame(rec.SetupOf())
	if err != nil {
		return nil, 0, err
	}
	n = min(n, len(rec.Actions))
	for k := range n {
		if k == n-1 {
			prevLog = len(s.PublicView().Log)
		}
		a, err := tinners.ParseAction(rec.Actions[k])
		if err != nil {
			return nil, 0, fmt.Errorf("action %d: %w", k, err)
		}
		if s, _, err = tinners.Apply(s, a); err != nil {
			return nil, 0, fmt.Errorf("action %d: %w", k, err)
		}
	}
	return s, prevLog, nil
}

// pastClick answers a tpast: button (Rest: the move, and a tag).
func (m *host) pastClick(ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
	at, err := strconv.Atoi(id.Rest[0])
	if err != nil || at < 0 || len(id.Rest[0]) > 6 {
		return kit.Forged(i)
	}
	round := -1
	if len(id.Rest) == 2 {
		// A round button (r0…r4) shows the start of that round;
		// the other tags only tell buttons apart.
		if r, ok := strings.CutPrefix(id.Rest[1], "r"); ok {
			if round, err = strconv.Atoi(r); err != nil || round < 0 || round > tinners.NumRounds || len(r) != 1 {
				return kit.Forged(i)
			}
		} else if len(id.Rest[1]) > 3 {
			return kit.Forged(i)
		}
	}
	return m.pastBoard(ctx, i, id.Game, at, round)
}

// pastBoard answers /tt board at: or round: at table id (round < 0: by
// move) and its buttons.
func (m *host) pastBoard(ctx context.Context, i *discordgo.Interaction, id string, at, round int) kit.Response {
	t, r := m.TableHere(ctx, i, id)
	if r != nil {
		return *r
	}
	if t.Status != kit.StatusRunning && t.Status != kit.StatusFinished {
		return kit.Forged(i)
	}
	rec, err := m.tts().Record(ctx, t.ID)
	if err != nil {
		return m.ErrReply(i, "load record", err)
	}
	l := kit.UserLoc(i)
	total := len(rec.Actions)
	starts, err := roundStarts(rec)
	if err != nil {
		return m.ErrReply(i, "replay record", err)
	}
	if round >= 0 {
		if round >= len(starts) {
			return kit.Say(l, "adm_past_round_not_begun", kit.Args{"Round": round, "Table": t.ID, "Now": len(starts) - 1})
		}
		at = starts[round]
	}
	at = max(0, min(at, total))
	s, prevLog, err := replayTo(rec, at)
	if err != nil {
		return m.ErrReply(i, "replay record", err)
	}
	v := s.PublicView()
	names := kit.SeatNamesIn(l, t, v)
	var b strings.Builder
	a := kit.Args{"Table": t.ID, "At": at, "Total": total, "Round": round}
	switch {
	case round == 0:
		b.WriteString(l.T("adm_past_title_setup", a) + "\n")
	case round > 0:
		b.WriteString(l.T("adm_past_title_round", a) + "\n")
	default:
		a["Round"], a["Phase"] = v.Round, phaseIn(l, v.Phase)
		b.WriteString(l.T("adm_past_title_move", a) + "\n")
	}
	if at > 0 {
		for k := prevLog; k < len(s.Log); k++ {
			b.WriteString("> " + engine.FormatLine(l.Message(s.LogMessage(k), s.Log[k]), names) + "\n")
		}
	} else {
		b.WriteString("> " + l.T("adm_past_start", nil) + "\n")
	}
	text := boardTextIn(kit.UserLoc(i), t, v, nil)
	if ask := askLineIn(kit.UserLoc(i), t, v); ask != "" {
		// At a past moment the ask is history: say whose move it was.
		text = strings.TrimPrefix(text, ask+"\n")
		if v.Phase != tinners.PhaseOver {
			b.WriteString(l.T("adm_past_waiting", kit.Args{"Who": kit.WhoIn(l, t, s.ToAct())}) + "\n")
		}
	}
	b.WriteString(text)
	msg := &kit.Message{Content: kit.Clip(b.String())}
	if png, err := m.ttRender(v, kit.RenderOptions{Names: kit.SeatPlainNames(kit.UserLoc(i), t, v), Loc: kit.UserLoc(i)}); err != nil {
		m.Log().Error("render past board", "table", t.ID, "at", at, "err", err)
	} else if png != nil {
		msg.Files = []kit.File{{Name: fmt.Sprintf("board-%s-at-%d.png", t.ID, at), Data: png}}
	}
	btn := func(label, tag string, to int, off bool) discordgo.MessageComponent {
		return discordgo.Button{Label: label, Style: discordgo.SecondaryButton, Disabled: off,
			CustomID: kit.PlainID("tpast", t.ID, strconv.Itoa(max(0, min(to, total))), tag)}
	}
	msg.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		btn("◀◀ 10", "b10", at-10, at == 0), btn(l.T("adm_past_previous", nil), "b1", at-1, at == 0),
		btn(l.T("adm_past_next", nil), "f1", at+1, at >= total), btn("10 ▶▶", "f10", at+10, at >= total),
	}}}
	// The start of each round reached (at most five: the setup and four).
	var rs []discordgo.MessageComponent
	for r, move := range starts {
		rs = append(rs, btn(roundLabel(l, r), "r"+strconv.Itoa(r), move, round == r || (round < 0 && move == at)))
	}
	msg.Components = append(msg.Components, discordgo.ActionsRow{Components: rs})
	return kit.Response{Reply: msg}
}

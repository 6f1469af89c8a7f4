package bot

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/autoplay"
	"github.com/tinnersbot/tinnersbot/storage"
)

// Bot seats (docs/bots.md, "At the table"). A bot seat is a seat the
// program plays with engine/autoplay, through the same contract and the
// same table flow as a person: it sees its seat's view, chooses among
// Legal(seat), and its choice is stored like any player's action, so a
// replay never searches again.
//
//   - The host adds bot seats in the lobby ("Add a bot", "Remove a bot");
//     a person may play a multi-player table against bots only. The solo
//     game against Lord Wallace stays as it is (its lobby seats one).
//   - A person's seat is handed to a bot by /tt substitute naming the bot
//     itself, under the rule of any hand-over (its player at any time, the
//     host or an admin after the reminder interval); a bot's seat is
//     handed to a member at once by the host, an admin or a seated player.
//     Each hand-over is announced in the channel; none posts a board.
//   - Bot moves are background work (botTurns): after the interaction
//     that handed the game to a bot has been answered, one decision at a
//     time, searched without the table's lock and applied with the
//     store's version check, so a person's click in between only makes the
//     bot search again. A bot is never pinged nor sent a DM; the account
//     of its moves is in the next post for a person.
//   - Bot seats are marked in the stored game (storage.Seat.Bot): stats,
//     the leaderboard and ratings skip them, and a game with bots says so.

// botName is the stored name of the n-th bot seat (1-based): a name, the
// same in every language.
func botName(n int) string { return "Bot " + strconv.Itoa(n) }

// seatsOf lists t's seats 0…n-1.
func seatsOf(t kit.Table) []int {
	out := make([]int, len(t.Seats))
	for k := range out {
		out[k] = k
	}
	return out
}

// nextBotName is the name of a bot seat added to t: the lowest number no
// bot there has.
func nextBotName(t kit.Table) string {
	for n := 1; ; n++ {
		if !slices.ContainsFunc(t.Seats, func(s kit.Seat) bool { return s.Bot && s.Name == botName(n) }) {
			return botName(n)
		}
	}
}

// lobbyBots adds (op "addbot") or removes ("dropbot": the last bot
// seated) a bot seat at lobby t; only the host or an admin may.
func (m *Main) lobbyBots(ctx context.Context, i *discordgo.Interaction, t kit.Table, op string) kit.Response {
	l := kit.UserLoc(i)
	if !kit.HostOrAdmin(i, t) {
		return kit.Say(l, "bots_host_only", kit.Args{"Host": t.Host})
	}
	var refusal string
	t, err := m.store.UpdateTable(ctx, t.ID, func(t *kit.Table) error {
		switch {
		case op == "dropbot" && !t.HasBots():
			refusal = l.T("bots_none_to_remove", nil)
		case op == "dropbot":
			last := -1
			for j, s := range t.Seats {
				if s.Bot {
					last = j
				}
			}
			t.Seats = append(t.Seats[:last], t.Seats[last+1:]...)
		case m.ui(*t).JoinRefusal(l, *t) != "":
			refusal = m.ui(*t).JoinRefusal(l, *t)
		case len(t.Seats) >= t.MaxPlayers:
			refusal = l.N("lobby_full", t.MaxPlayers, nil)
		default:
			t.Seats = append(t.Seats, kit.Seat{Name: nextBotName(*t), Bot: true})
		}
		if refusal != "" {
			return kit.ErrLobby
		}
		return nil
	})
	if refusal != "" {
		return kit.ReplyText("%s", refusal)
	}
	if err != nil {
		return m.ErrReply(i, "update lobby", err)
	}
	// The lobby message shows the seats: it is the answer (the buttons
	// are its own, so there is no command to reply to).
	return kit.Response{Edits: []kit.Edit{{ChannelID: t.ChannelID, MessageID: t.BoardMsg, TableID: t.ID, Message: m.LobbyMessage(t)}}}
}

// lobbyBotButtons are the lobby's "Add a bot" and "Remove a bot" buttons.
func lobbyBotButtons(l *i18n.Loc, t kit.Table) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("bots_button_add", nil), Style: discordgo.SecondaryButton, CustomID: kit.PlainID("tl", t.ID, "addbot"),
			Disabled: len(t.Seats) >= t.MaxPlayers},
		discordgo.Button{Label: l.T("bots_button_remove", nil), Style: discordgo.SecondaryButton, CustomID: kit.PlainID("tl", t.ID, "dropbot"),
			Disabled: !t.HasBots()},
	}
}

// --- the runner ---------------------------------------------------------

// botQueue is the bot runner's work: the channels whose table may owe a
// bot move, in the order they were told, each once.
type botQueue struct {
	mu   sync.Mutex
	due  []string
	busy bool
	wake chan struct{}
}

func newBotQueue() *botQueue { return &botQueue{wake: make(chan struct{}, 1)} }

// add queues channel (unless it is already) and wakes the runner.
func (q *botQueue) add(channel string) {
	q.mu.Lock()
	if !slices.Contains(q.due, channel) {
		q.due = append(q.due, channel)
	}
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// take pops the first channel and marks the runner busy.
func (q *botQueue) take() (string, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.due) == 0 {
		return "", false
	}
	ch := q.due[0]
	q.due = q.due[1:]
	q.busy = true
	return ch, true
}

// done ends the runner's work on a channel; again queues it at the end
// (its bots have more to do: other tables get their turn first).
func (q *botQueue) done(channel string, again bool) {
	q.mu.Lock()
	q.busy = false
	if again && !slices.Contains(q.due, channel) {
		q.due = append(q.due, channel)
	}
	q.mu.Unlock()
}

func (q *botQueue) idle() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.due) == 0 && !q.busy
}

// wakeBots tells the runner that the table in channel may owe a bot move.
// The adapter calls it after every interaction has been answered.
func (m *Main) wakeBots(channel string) {
	if channel != "" {
		m.botq.add(channel)
	}
}

// botIdle is how often the runner looks for bot moves nobody told it of
// (a bot move that failed; the reminder loop also wakes it).
const botIdle = 10 * time.Minute

// botTurns is the runner of bot seats' moves, started by Run like the
// reminder loop and the outbox sender (Run first queues every running
// table with a bot seat, resumeBots: a restart loses no bot move). It
// plays one decision at a time for the tables it is told of (wakeBots),
// and looks at every table with bots again every botIdle, until ctx is
// done. Everything a process must own to play a bot's move goes through
// here (botTurn); with several processes, a table's turn would be
// claimed here, before botTurn.
func (m *Main) botTurns(ctx context.Context, s *discordgo.Session) {
	timer := time.NewTimer(botIdle)
	defer timer.Stop()
	for {
		ch, ok := m.botq.take()
		if !ok {
			select {
			case <-ctx.Done():
				return
			case <-m.botq.wake:
			case <-timer.C:
				m.resumeBots(ctx)
				timer.Reset(botIdle)
			}
			continue
		}
		again := false
		if ctx.Err() == nil {
			// With several processes on one database, one of them plays a
			// table's bot decision (lease.go); another that finds the lease
			// taken leaves it to its holder, or to the next sweep if the
			// holder dies. The move itself is version-checked either way.
			if _, err := m.underLease(ctx, "bots", ch, func(ctx context.Context) error {
				again = m.botTurn(ctx, s, ch)
				return nil
			}); err != nil {
				m.log.Error("bot seats: lease", "channel", ch, "err", err)
			}
		}
		m.botq.done(ch, again)
	}
}

// resumeBots queues every running table with a bot seat.
func (m *Main) resumeBots(ctx context.Context) {
	ts, err := m.store.Tables(ctx, func(t *kit.Table) bool { return t.Status == kit.StatusRunning && t.HasBots() })
	if err != nil {
		m.log.Error("bot seats: list tables", "err", err)
		return
	}
	for _, t := range ts {
		m.botq.add(t.ChannelID)
	}
}

// botMaxRetries bounds how often one bot decision is searched again
// because the game moved on meanwhile.
const botMaxRetries = 5

// botTurn plays one decision of a bot seat at the table in channel, if
// its game waits for one, and reports whether to come back (a bot may
// have more to decide). The search runs without the table's lock; the
// move is applied under it, with the store's version check: when a
// person moved meanwhile, the bot searches again.
func (m *Main) botTurn(ctx context.Context, s *discordgo.Session, channel string) (again bool) {
	for range botMaxRetries {
		t, err := m.store.TableInChannel(ctx, channel)
		if err != nil || t.Status != kit.StatusRunning || !t.HasBots() {
			if err != nil && !errors.Is(err, kit.ErrNotFound) {
				m.log.Error("bot seats: load table", "channel", channel, "err", err)
			}
			return false
		}
		mt, err := m.store.Match(ctx, t.ID)
		if err != nil {
			m.log.Error("bot seats: load game", "table", t.ID, "err", err)
			return false
		}
		bots := t.Bots(mt.ToAct())
		if mt.Result() != nil || len(bots) == 0 {
			return false
		}
		seat := bots[0]
		a, err := m.botChoose(ctx, t, mt, seat)
		if err != nil {
			m.log.Error("bot seats: choose", "table", t.ID, "seat", seat, "version", mt.Version(), "err", err)
			return false
		}
		switch err := m.botApply(ctx, s, t.ID, channel, kit.Token{Ver: mt.Version(), Epoch: t.Notes.Epoch}, seat, a); {
		case errors.Is(err, kit.ErrStale):
			continue // a person moved meanwhile: decide again
		case err != nil:
			m.log.Error("bot seats: apply", "table", t.ID, "seat", seat, "version", mt.Version(), "err", err) // not the action: a bid or a kept card is the seat's secret
			return false
		}
		return true
	}
	return true
}

// botChoose is seat's decision in mt, searched with the table's budget
// (Config.BotPlayouts overrides it) from a generator seeded by a one-way
// hash of the game's seed, the seat and the version.
func (m *Main) botChoose(ctx context.Context, t kit.Table, mt engine.Match, seat int) (a engine.Action, err error) {
	// The search's CPU time (metrics.go): its goroutine is kept on one
	// thread meanwhile, and the thread's CPU clock read around it.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0 := threadCPU()
	defer func() {
		if err == nil {
			m.met.botCPU.WithLabelValues(t.TitleID()).Observe((threadCPU() - cpu0).Seconds())
		}
	}()
	rec, err := m.store.MatchRecord(ctx, t.ID)
	if err != nil {
		return nil, fmt.Errorf("read the game's seed: %w", err)
	}
	p := autoplay.DefaultParams(t.TitleID(), autoplay.Seed(rec.Seed, seat, mt.Version()))
	if m.cfg.BotPlayouts > 0 {
		p.Playouts = m.cfg.BotPlayouts
	}
	a, err = autoplay.Choose(mt, seat, p)
	if errors.Is(err, autoplay.ErrNoDeterminizer) {
		// A title that cannot re-deal what the seat cannot see: the bot
		// may not search it (it would read hidden things); it plays at
		// random among its legal moves rather than stall the table.
		m.log.Warn("bot seats: the title cannot re-deal hidden information; a random move", "table", t.ID, "title", t.TitleID())
		return autoplay.Random(mt, seat, p.Seed)
	}
	return a, err
}

// botApply applies the bot's action a for seat on the game it was chosen
// on (seen: its version and undo epoch; else ErrStale: an undo may bring
// the same version back with another state), under the channel's lock,
// as a player's move is applied (moveBatch): the
// title's follow-ups, the notes, and the post it owes, which the sender
// posts (outbox.go). Without a post, the board is edited in place when a
// person is waiting, so the buttons stay current.
func (m *Main) botApply(ctx context.Context, s *discordgo.Session, id, channel string, seen kit.Token, seat int, a engine.Action) error {
	unlock := m.lock(channel)
	defer unlock()
	t, err := m.store.Table(ctx, id)
	if err != nil {
		return err
	}
	mt, err := m.store.Match(ctx, id)
	if err != nil {
		return err
	}
	if mt.Version() != seen.Ver || t.Notes.Epoch != seen.Epoch || !t.IsBot(seat) {
		return kit.ErrStale
	}
	ui := m.ui(t)
	l := kit.TableLoc(t)
	mb, _, owed := m.moveBatch(ui, t, mt, seat, []engine.Action{a}, false, l, kit.SeatNamesIn(l, t, mt))
	next, _, t2, err := m.store.ApplyMatch(ctx, id, seen.Ver, mb)
	if err != nil {
		return err
	}
	if *owed != nil {
		m.wakeOutbox()
		return nil
	}
	if s != nil && t2.BoardMsg != "" && len(t2.Humans(next.ToAct())) > 0 {
		e := kit.Edit{ChannelID: t2.ChannelID, MessageID: t2.BoardMsg, TableID: t2.ID, Message: ui.BoardMessage(t2, next)}
		if err := m.retry(ctx, "edit", func() error { return m.editOrRepost(ctx, s, e) }); err != nil {
			m.log.Error("bot seats: edit board", "table", id, "trouble", classify(err), "err", err)
		}
	}
	return nil
}

// WaitIdle waits until no bot move is queued or being played and no post
// is owed, or ctx is done (tests and the playtest driver, after an
// interaction, before they read what the players were sent).
func (m *Main) WaitIdle(ctx context.Context) error {
	for {
		if m.botq.idle() {
			var owed []storage.Outbox
			var err error
			if o := m.outbox(); o != nil {
				owed, err = o.PendingPosts(ctx)
			}
			if err == nil && len(owed) == 0 && m.botq.idle() {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(5 * time.Millisecond):
		}
	}
}

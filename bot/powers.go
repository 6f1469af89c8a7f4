package bot

import (
	"context"
	"slices"
	"sync/atomic"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// What an interaction wrote. A refused interaction must write nothing, not
// even bookkeeping on the side such as the player's Discord language
// (withNotices): that is kept only alongside a write the interaction made
// anyway. The router notes the interaction's writes in its context
// (noteWrites); every write to the Store goes through writeNoting.

type writesKey struct{}

// noteWrites returns ctx with a fresh note of writes, for wroteIn.
func noteWrites(ctx context.Context) context.Context {
	return context.WithValue(ctx, writesKey{}, new(atomic.Bool))
}

// notingWrites is ctx if it notes writes already (onInteraction notes
// them for its metrics before the router runs), else noteWrites(ctx).
func notingWrites(ctx context.Context) context.Context {
	if _, ok := ctx.Value(writesKey{}).(*atomic.Bool); ok {
		return ctx
	}
	return noteWrites(ctx)
}

// markWrite notes in ctx that a write went through.
func markWrite(ctx context.Context) {
	if b, ok := ctx.Value(writesKey{}).(*atomic.Bool); ok {
		b.Store(true)
	}
}

// wroteIn reports whether a write went through under ctx since noteWrites.
func wroteIn(ctx context.Context) bool {
	b, ok := ctx.Value(writesKey{}).(*atomic.Bool)
	return ok && b.Load()
}

// writeNoting is a Store that notes each write that went through in its
// context (markWrite), and how long it took (met: the storage commit
// latency, metrics.go; nil: not observed). Reads pass through.
type writeNoting struct {
	kit.Store
	met *metrics
}

// unwrapStore is the Store under any writeNoting.
func unwrapStore(s kit.Store) kit.Store {
	if w, ok := s.(writeNoting); ok {
		return w.Store
	}
	return s
}

// noted marks a write in ctx when err is nil, and returns err.
func noted(ctx context.Context, err error) error {
	if err == nil {
		markWrite(ctx)
	}
	return err
}

func (w writeNoting) CreateTable(ctx context.Context, t kit.Table) (kit.Table, error) {
	defer w.met.committed("create_table", time.Now())
	t, err := w.Store.CreateTable(ctx, t)
	return t, noted(ctx, err)
}

func (w writeNoting) UpdateTable(ctx context.Context, id string, fn func(*kit.Table) error) (kit.Table, error) {
	defer w.met.committed("update_table", time.Now())
	t, err := w.Store.UpdateTable(ctx, id, fn)
	return t, noted(ctx, err)
}

func (w writeNoting) StartMatch(ctx context.Context, id string, setup engine.Setup) (engine.Match, error) {
	defer w.met.committed("start_match", time.Now())
	mt, err := w.Store.StartMatch(ctx, id, setup)
	return mt, noted(ctx, err)
}

func (w writeNoting) ApplyMatch(ctx context.Context, id string, seen int, b kit.MatchBatch) (engine.Match, []engine.Event, kit.Table, error) {
	defer w.met.committed("apply_match", time.Now())
	mt, evs, t, err := w.Store.ApplyMatch(ctx, id, seen, b)
	return mt, evs, t, noted(ctx, err)
}

func (w writeNoting) UndoMatch(ctx context.Context, id string, seen, seat, to int, update func(*kit.Table, engine.Match) error) (engine.Match, kit.Table, error) {
	defer w.met.committed("undo_match", time.Now())
	mt, t, err := w.Store.UndoMatch(ctx, id, seen, seat, to, update)
	return mt, t, noted(ctx, err)
}

// Rescue powers: playing a seat's default move (/tt default) and handing a
// seat to another member (/tt substitute). The seat's own player may always
// do either. Anyone else — the host or an admin, seated or not — only once
// the table has waited for that seat at least its reminder interval (or its
// deadline, when that is shorter): a host who is also a player must not be
// able to drop an opponent out of an auction the moment it is their turn,
// nor hand an opponent's seat (and its hand) to another account.

// rescueAfter is how long table t must have waited for a seat before
// someone other than its player may play its default or hand it over.
func (m *Main) rescueAfter(t kit.Table) time.Duration {
	need := t.RemindEvery
	if need <= 0 {
		need = m.cfg.DefaultRemind
	}
	if d := t.Notes.Settings.Deadline; d > 0 && d < need {
		need = d
	}
	return need
}

// waitedFor is how long t has waited for its current decision, which is
// toAct's. A wait not recorded for these seats (a table from before the
// notes kept it) counts as one reminder interval, as the reminders count
// it (remind).
func (m *Main) waitedFor(t kit.Table, toAct []int, now time.Time) time.Duration {
	w := t.Notes.Wait
	if w.Since.IsZero() || !slices.Equal(sortedInts(w.Seats), sortedInts(toAct)) {
		return m.rescueAfter(t)
	}
	return now.Sub(w.Since)
}

// MayRescue is nil when the interacting member may play seat's default
// move or hand the seat over at t, which waits for toAct; otherwise the
// refusal, in their language: hostOnly (a message with a Host argument)
// for a member who is neither the seat's player, the host nor an admin,
// or how long the table must still wait for the seat.
func (m *Main) MayRescue(i *discordgo.Interaction, t kit.Table, toAct []int, seat int, hostOnly string) *kit.Response {
	uid, _ := kit.User(i)
	l := kit.UserLoc(i)
	if seat >= 0 && seat < len(t.Seats) && t.Seats[seat].UserID == uid && uid != "" {
		return nil // their own seat
	}
	if !kit.HostOrAdmin(i, t) {
		r := kit.Say(l, hostOnly, kit.Args{"Host": t.Host})
		return &r
	}
	need := m.rescueAfter(t)
	if !slices.Contains(toAct, seat) {
		r := kit.Say(l, "adm_rescue_not_waiting", kit.Args{"Seat": kit.SeatRefGenIn(l, t, nil, seat), "Need": spanIn(l, need, false)})
		return &r
	}
	waited := m.waitedFor(t, toAct, m.cfg.Now())
	if waited >= need {
		return nil
	}
	r := kit.Say(l, "adm_rescue_wait", kit.Args{"Seat": kit.SeatRefGenIn(l, t, nil, seat), "Need": spanIn(l, need, false),
		"Waited": spanIn(l, waited, false), "Left": spanIn(l, need-waited, true)})
	return &r
}

// spanIn writes d in l's language in days (from 48 h), hours and minutes,
// or minutes; up rounds a part of a minute up (what is left), else down.
func spanIn(l *i18n.Loc, d time.Duration, up bool) string {
	if up {
		d = (d + time.Minute - 1).Truncate(time.Minute)
	}
	mins := max(int(d/time.Minute), 0)
	h, mn := mins/60, mins%60
	switch {
	case h >= 48 && up:
		return l.N("days", (mins+24*60-1)/(24*60), nil)
	case h >= 48:
		return l.N("days", h/24, nil)
	case h == 0:
		return l.N("adm_minutes", mn, nil)
	case mn == 0:
		return l.N("hours", h, nil)
	}
	return l.N("hours", h, nil) + " " + l.N("adm_minutes", mn, nil)
}

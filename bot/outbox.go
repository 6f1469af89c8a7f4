package bot

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/storage"
)

// No hand-off is ever lost (docs/discord-failures.md, "The outbox"). A
// move that hands off (someone new must act, the game ended, or no board
// is known) owes its channel a new board that pings them. What is owed is
// stored with the move, in the same transaction (storage's outbox: the
// table, the version and undo epoch the board shows, the seats to ping),
// and stays until the board is posted. The interaction posts it at once;
// when that fails for longer than the retry budget (a 5xx, a 429, a
// timeout) or the process dies first, the sender (runOutbox) posts it
// later, with back-off, from the table as stored, and at start-up resumes
// whatever is owed. A post whose outcome is unknown (a 5xx or a timeout
// after sending, a restart) is looked for in the channel's recent
// messages before it is sent again, so a board is never posted twice.

// outbox is storage's outbox under the Store (nil on another Store).
func (m *Main) outbox() *storage.Store { return storageOf(m.store) }

// owe decides, inside the move's transaction, what post the table t (as
// the move leaves it, at next) owes: the hand-off board pinging the seats
// that must now act and were not already waiting (never the actor, except
// a default move played for them), or nil when the board is only edited.
// ahead are posts the move owes before the board (the end of a stage,
// stagePost): with any, the board is posted anew after them. A post still
// owed from before is folded in: the new board replaces it, pings those it
// pinged who must still act, and its ahead posts come first.
func owe(ui kit.TurnUI, pending *storage.Outbox, t kit.Table, next engine.Match, events []engine.Event, before []int, seat int, onBehalf bool, now time.Time, ahead ...string) *storage.Outbox {
	after := next.ToAct()
	handoff := next.Result() != nil || ui.HandsOff(t, events) || len(ahead) > 0
	for _, k := range after {
		// A hand-off to a bot seat posts nothing: its move comes in the
		// background, and the next post for a person carries it (bots.go).
		if k != seat && !slices.Contains(before, k) && !t.IsBot(k) {
			handoff = true
		}
	}
	ping := t.Humans(kit.Without(after, seat))
	if onBehalf && slices.Contains(after, seat) && !t.IsBot(seat) {
		handoff, ping = true, t.Humans(after)
	}
	since := now
	if pending != nil {
		handoff, since = true, pending.Since
		ahead = append(slices.Clone(pending.Ahead), ahead...)
		for _, k := range pending.Ping {
			if slices.Contains(after, k) && (k != seat || onBehalf) && !slices.Contains(ping, k) {
				ping = append(ping, k)
			}
		}
		slices.Sort(ping)
	}
	if !handoff && t.BoardMsg != "" {
		if editTells(ui, t, next) {
			return nil
		}
		ping = nil // posted anew only to keep telling its turns: nobody new to ask
	}
	return &storage.Outbox{Channel: t.ChannelID, Version: next.Version(), Epoch: t.Notes.Epoch, Ping: ping, Since: since, Ahead: ahead}
}

// editTells reports whether the board edited in place to next would still
// tell the turns it was posted with (Notes.Shown). When it would not (its
// controls grew with a new phase, or a long turn came, and the turns fold
// into the pointer), the move posts a new board instead (issue 37: every
// turn told): it tells the turns since, and the old board keeps those it
// was posted with as last edited. Nobody is pinged for it.
func editTells(ui kit.TurnUI, t kit.Table, next engine.Match) bool {
	b, ok := ui.(interface {
		BoardMessage(kit.Table, engine.Match) kit.Message
	})
	if !ok || len(t.Notes.Shown) == 0 {
		return true
	}
	l := kit.TableLoc(t)
	content := b.BoardMessage(t, next).Content
	var missing []string
	for _, line := range kit.TurnLines(l, t.Notes.Shown, kit.SeatNamesIn(l, t, next)) {
		if !strings.Contains(content, line) {
			missing = append(missing, line)
		}
	}
	if len(missing) == 0 {
		return true
	}
	// The turns to keep telling are those the board tells without the new
	// ones: a turn it folded when posted (or must fold anyway) does not
	// make every later move post anew.
	alone := t
	alone.Notes.Pending = nil
	before := b.BoardMessage(alone, next).Content
	return !slices.ContainsFunc(missing, func(line string) bool { return strings.Contains(before, line) })
}

// deliverOwed posts p, an owed board, retried within the budget, and
// reports whether the table is done with it: posted (err nil; the entry
// removed), or refused for good (the channel is gone or the bot may not
// post: the entry is dropped and the board forgotten, as for any failed
// post). done false: it is still owed, for the sender. unsure says an
// earlier attempt may have posted it already.
func (m *Main) deliverOwed(ctx context.Context, s *discordgo.Session, p kit.Post, unsure bool, by ...any) (done bool, err error) {
	if m.leases() == nil {
		return m.deliverOwedHeld(ctx, s, p, unsure, by...)
	}
	// Several processes: under the table's outbox lease (lease.go), and
	// only while the entry is still the one p was made for (another
	// process's sender may have posted it, or a later move replaced it).
	o := p.Owed
	ran, err := m.underLease(ctx, leaseOutbox, o.GameID, func(ctx context.Context) error {
		cur, ok, err := m.outbox().PendingPost(ctx, o.GameID)
		switch {
		case err != nil:
			return err
		case !ok || cur.Version != o.Version || cur.Epoch != o.Epoch:
			done = true
			return nil
		}
		done, err = m.deliverOwedHeld(ctx, s, p, unsure, by...)
		return err
	})
	if !ran && err == nil {
		return false, nil // another process is posting it
	}
	return done, err
}

// deliverOwedHeld is deliverOwed once the table's outbox lease is held.
func (m *Main) deliverOwedHeld(ctx context.Context, s *discordgo.Session, p kit.Post, unsure bool, by ...any) (done bool, err error) {
	o := p.Owed
	// The posts owed ahead of the board first, in order. Whether one was
	// posted is not stored: each is looked for in the channel first (the
	// board is not posted yet, so it is among the messages after the
	// current board), so none is posted twice.
	for _, text := range o.Ahead {
		if err = m.postOnce(ctx, s, kit.Post{ChannelID: p.ChannelID, Retire: p.Retire, Message: kit.Message{Content: text}}, true, by...); err != nil {
			break
		}
	}
	if err == nil {
		err = m.postOnce(ctx, s, p, unsure, by...)
	}
	if err == nil {
		if _, err := m.outbox().PostDone(ctx, o.GameID, o.Version, o.Epoch); err != nil {
			m.log.Error("owed board posted; outbox not cleared", "table", o.GameID, "err", err)
		}
		return true, nil
	}
	k := classify(err)
	m.log.Error("post message", append(by, "channel", p.ChannelID, "table", p.TableID, "trouble", k, "err", err)...)
	if !k.lasting() {
		return false, err
	}
	if _, err := m.outbox().PostDone(ctx, o.GameID, o.Version, o.Epoch); err != nil {
		m.log.Error("drop owed board", "table", o.GameID, "err", err)
	}
	m.postFailed(ctx, p)
	return true, err
}

// postOnce posts p (postBoard), retried within the budget (retry). After
// an attempt that may have posted it after all (a 5xx, a timeout), and
// first of all when unsure, it looks for p among the channel's newest
// messages and, found, takes that message instead of posting a second.
func (m *Main) postOnce(ctx context.Context, s *discordgo.Session, p kit.Post, unsure bool, by ...any) error {
	return m.retry(ctx, "post", func() error {
		if unsure {
			id, err := m.findPosted(s, p)
			if err != nil {
				return err
			}
			if id != "" {
				m.log.Info("message found already posted; not posting it again", append(by, "channel", p.ChannelID, "table", p.TableID, "message", id)...)
				return m.becameBoard(ctx, s, p, id)
			}
		}
		err := m.postBoard(ctx, s, p)
		unsure = unsure || mayHavePosted(err)
		return err
	})
}

// mayHavePosted reports whether a failed POST may have created the
// message after all: a 5xx, a network error or timeout, or a post whose
// message could not be noted. A 4xx and a 429 were refused.
func mayHavePosted(err error) bool {
	if err == nil {
		return false
	}
	if _, ok := rateLimited(err); ok {
		return false
	}
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil {
		return re.Response.StatusCode >= 500
	}
	return true
}

// historyLimit is how many of the channel's newest messages are searched
// for a board that may already have been posted.
const historyLimit = 50

// findPosted looks among the channel's newest messages, back to the
// table's current board, for a message of the bot's with exactly p's
// text: p was posted already (its text names the table, the move and whom
// it pings, so another post does not match). It returns its ID, or "".
func (m *Main) findPosted(s *discordgo.Session, p kit.Post) (string, error) {
	if err := limitedFor(s, discordgo.EndpointChannelMessages(p.ChannelID)); err != nil {
		return "", err
	}
	msgs, err := s.ChannelMessages(p.ChannelID, historyLimit, "", "", "", bounded)
	if err != nil {
		return "", err
	}
	self := ""
	if s.State != nil && s.State.User != nil {
		self = s.State.User.ID
	}
	want := strings.TrimSpace(p.Message.Content)
	for _, msg := range msgs { // newest first
		if p.Retire != "" && !snowflakeAfter(msg.ID, p.Retire) {
			break
		}
		if msg.Author == nil || msg.Author.ID != self {
			continue
		}
		if strings.TrimSpace(msg.Content) == want {
			return msg.ID, nil
		}
	}
	return "", nil
}

// snowflakeAfter reports whether Discord ID a is newer than b.
func snowflakeAfter(a, b string) bool {
	if len(a) != len(b) {
		return len(a) > len(b)
	}
	return a > b
}

// wakeOutbox tells the sender that a post was left to it.
func (m *Main) wakeOutbox() {
	select {
	case m.outboxWake <- struct{}{}:
	default:
	}
}

// outboxIdle is how often the sender looks for owed posts when nothing
// woke it (an entry left by a process that died is found at start-up).
const outboxIdle = time.Minute

// runOutbox is the sender: it posts every owed board, at start-up and
// whenever woken, each retried with back-off (cfg.OutboxRetry, doubling up
// to outboxMaxWait, never sooner than a 429 asked) until it is posted or
// refused for good. It returns when ctx is done.
func (m *Main) runOutbox(ctx context.Context, s *discordgo.Session) {
	if m.outbox() == nil {
		return
	}
	type backoff struct {
		at    time.Time
		tries int
	}
	waits := map[string]backoff{}
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-m.outboxWake:
		case <-timer.C:
		}
		owed, err := m.outbox().PendingPosts(ctx)
		if err != nil {
			m.log.Error("list owed boards", "err", err)
		}
		next := m.cfg.OutboxIdle
		now := time.Now()
		seen := map[string]bool{}
		for _, o := range owed {
			seen[o.GameID] = true
			b := waits[o.GameID]
			if now.Before(b.at) {
				next = min(next, b.at.Sub(now))
				continue
			}
			if ctx.Err() != nil {
				return
			}
			done, ra := m.sendOwed(ctx, s, o)
			if done {
				delete(waits, o.GameID)
				continue
			}
			b.tries++
			wait := max(m.cfg.OutboxRetry<<min(b.tries-1, 16), ra)
			wait = min(wait, max(outboxMaxWait, ra))
			b.at = time.Now().Add(wait)
			waits[o.GameID] = b
			next = min(next, wait)
			m.log.Warn("owed board not posted yet; will retry", "table", o.GameID, "tries", b.tries, "wait", wait)
		}
		for id := range waits {
			if !seen[id] {
				delete(waits, id)
			}
		}
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		timer.Reset(next)
	}
}

// outboxMaxWait caps the sender's back-off.
const outboxMaxWait = 5 * time.Minute

// sendOwed posts one owed board under its channel's lock: the board of
// the table as stored now, pinging those of the entry's seats who must
// still act. It reports whether the entry is done with, and how long a
// 429 asked to wait.
func (m *Main) sendOwed(ctx context.Context, s *discordgo.Session, o storage.Outbox) (done bool, retryAfter time.Duration) {
	// Several processes: under the table's outbox lease (lease.go); held
	// by another process, it is that one's to post, and we look again
	// after a while (it may die).
	ran, _ := m.underLease(ctx, leaseOutbox, o.GameID, func(ctx context.Context) error {
		done, retryAfter = m.sendOwedHeld(ctx, s, o)
		return nil
	})
	if !ran {
		return false, 0
	}
	return done, retryAfter
}

// sendOwedHeld is sendOwed once the table's outbox lease is held.
func (m *Main) sendOwedHeld(ctx context.Context, s *discordgo.Session, o storage.Outbox) (done bool, retryAfter time.Duration) {
	unlock := m.lock(o.Channel)
	defer unlock()
	// Under the lock: the interaction may have posted or replaced it.
	cur, ok, err := m.outbox().PendingPost(ctx, o.GameID)
	if err != nil && !errors.Is(err, storage.ErrOutboxDamaged) {
		m.log.Error("read owed board", "table", o.GameID, "err", err)
		return false, 0
	}
	drop := func(why string) (bool, time.Duration) {
		m.log.Warn("owed board dropped", "table", o.GameID, "why", why)
		if _, err := m.outbox().PostDone(ctx, o.GameID, o.Version, o.Epoch); err != nil {
			m.log.Error("drop owed board", "table", o.GameID, "err", err)
		}
		return true, 0
	}
	if err != nil {
		o.Version, o.Epoch = 0, 0
		return drop(err.Error())
	}
	if !ok {
		return true, 0
	}
	o = cur
	t, err := m.store.Table(ctx, o.GameID)
	if errors.Is(err, kit.ErrNotFound) {
		return drop("no such table")
	}
	if err != nil {
		m.log.Error("owed board: load table", "table", o.GameID, "err", err)
		return false, 0
	}
	if t.Status != kit.StatusRunning && t.Status != kit.StatusFinished {
		return drop("the table is no longer played")
	}
	mt, err := m.store.Match(ctx, o.GameID)
	if err != nil {
		m.log.Error("owed board: load game", "table", o.GameID, "err", err)
		return false, 0
	}
	ping := o.Ping
	if mt.Version() != o.Version || t.Notes.Epoch != o.Epoch {
		// Taken back since (an undo keeps no post): ping only those who
		// must still act; with none, the board the undo edited is current.
		ping = nil
		for _, k := range o.Ping {
			if slices.Contains(mt.ToAct(), k) {
				ping = append(ping, k)
			}
		}
		if len(ping) == 0 && t.BoardMsg != "" {
			return drop("taken back")
		}
	}
	p, dms, err := m.ui(t).Post(ctx, t, mt, ping)
	if err != nil {
		m.log.Error("owed board: render", "table", o.GameID, "err", err)
		return false, 0
	}
	p.Owed = &o
	done, err = m.deliverOwedHeld(ctx, s, p, true, "owed_since", o.Since)
	switch {
	case !done:
		ra, _ := rateLimited(err)
		return false, max(ra, m.rateWait(s, o.Channel))
	case err != nil:
		m.pauseReminders(ctx, t.ID, classify(err))
		return true, 0
	}
	m.log.Info("owed board posted", "table", o.GameID, "channel", o.Channel, "owed_for", time.Since(o.Since).Round(time.Millisecond))
	m.met.postLatency.WithLabelValues("outbox").Observe(time.Since(o.Since).Seconds())
	m.sendDMs(ctx, s, dms)
	if t2, err := m.store.Table(ctx, o.GameID); err == nil {
		m.resumeAfterPost(ctx, t2)
	}
	return true, 0
}

// pauseReminders pauses a table's reminders after a lasting failure to
// post in its channel, as channelStatus does for an interaction.
func (m *Main) pauseReminders(ctx context.Context, id string, k trouble) {
	if _, err := m.store.UpdateTable(ctx, id, func(t *kit.Table) error {
		t.Notes.Paused = k.why()
		t.NextRemind = time.Time{}
		return nil
	}); err != nil {
		m.log.Error("pause reminders", "table", id, "err", err)
		return
	}
	m.log.Warn("reminders paused", "table", id, "trouble", k)
}

// rateWait is how long discordgo would hold the channel's next post.
func (m *Main) rateWait(s *discordgo.Session, channelID string) time.Duration {
	ra, _ := rateLimited(limitedFor(s, discordgo.EndpointChannelMessages(channelID)))
	return ra
}

// resumeAfterPost turns a table's paused reminders back on once a post
// got through, as a post by an interaction does (channelStatus).
func (m *Main) resumeAfterPost(ctx context.Context, t kit.Table) {
	if t.Notes.Paused != "" {
		m.resumeReminders(ctx, t)
	}
}

// resumeReminders clears t's pause after a post got through and schedules
// its next reminder; false when that could not be saved (logged).
func (m *Main) resumeReminders(ctx context.Context, t kit.Table) bool {
	if _, err := m.store.UpdateTable(ctx, t.ID, func(t *kit.Table) error {
		t.Notes.Paused = ""
		t.Notes.RemindFails = 0
		if t.Status == kit.StatusRunning && t.NextRemind.IsZero() && t.RemindEvery > 0 {
			t.NextRemind = m.cfg.Now().Add(t.RemindEvery)
		}
		return nil
	}); err != nil {
		m.log.Error("resume reminders", "table", t.ID, "err", err)
		return false
	}
	m.log.Info("reminders resumed", "table", t.ID, "channel", t.ChannelID)
	return true
}

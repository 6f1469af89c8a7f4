package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
)

// backoff is the gap after k reminders: every·2^k, at most remindCap.
func backoff(every time.Duration, k int) time.Duration {
	g := every
	for ; k > 0 && g < kit.RemindCap; k-- {
		g *= 2
	}
	return min(g, kit.RemindCap)
}

// nextDue is when the next reminder event (nudge, host ping or deadline)
// of t is due; zero when none is, and while t's reminders are paused
// (Notes.Paused): only a post that goes through in the channel resumes
// them (channelStatus), never a change of settings or a move that posted
// nothing.
func nextDue(t kit.Table) time.Time {
	w, st := t.Notes.Wait, t.Notes.Settings
	if w.Since.IsZero() || t.Notes.Paused != "" {
		return time.Time{}
	}
	var due time.Time
	if t.RemindEvery > 0 && !w.HostPinged {
		last := w.Last
		if last.IsZero() {
			last = w.Since
		}
		due = last.Add(backoff(t.RemindEvery, w.Nudges))
	}
	if st.Deadline > 0 {
		if d := w.Since.Add(st.Deadline); due.IsZero() || d.Before(due) {
			due = d
		}
	}
	return due
}

// newWait is the wait after a move by seat took the game from waiting for
// before to waiting for after: unchanged when the only change is that seat
// no longer waits (another player still being slow in the parallel draft
// keeps their count), otherwise a fresh wait from now.
func newWait(w kit.Wait, before, after []int, seat int, now time.Time) kit.Wait {
	rest := kit.Without(before, seat)
	if len(after) > 0 && !w.Since.IsZero() && slices.Equal(sortedInts(rest), sortedInts(after)) {
		w.Seats = append([]int(nil), after...)
		return w
	}
	return kit.Wait{Seats: append([]int(nil), after...), Since: now}
}

func sortedInts(xs []int) []int {
	c := append([]int(nil), xs...)
	slices.Sort(c)
	return c
}

// inQuiet reports whether now falls in q, in UTC (a table's own quiet
// hours for a player; player settings have a zone: inQuietAt).
func inQuiet(q kit.Quiet, now time.Time) bool { return inQuietAt(q, time.UTC, now) }

// quietEnd is the first full hour (UTC) at which q ends after now.
func quietEnd(q kit.Quiet, now time.Time) time.Time { return quietEndAt(q, time.UTC, now) }

// parseQuiet reads "22-07" (UTC hours) or "off".
func parseQuiet(x string) (kit.Quiet, bool, error) {
	x = strings.TrimSpace(strings.ToLower(x))
	if x == "off" || x == "none" || x == "" {
		return kit.Quiet{}, false, nil
	}
	var q kit.Quiet
	if n, err := fmt.Sscanf(x, "%d-%d", &q.From, &q.To); err != nil || n != 2 || q.From < 0 || q.From > 23 || q.To < 0 || q.To > 23 || q.From == q.To {
		return kit.Quiet{}, false, fmt.Errorf("bad quiet hours %q", x)
	}
	return q, true, nil
}

// remindDue handles every table with a due reminder event.
func (m *Main) remindDue(ctx context.Context) {
	now := m.cfg.Now()
	due, err := m.store.DueReminders(ctx, now)
	if err != nil {
		m.log.Error("list due reminders", "err", err)
		return
	}
	for _, t := range due {
		// Under the table's lease: with several processes on one
		// database, one of them sends it (lease.go).
		_, err := m.underLease(ctx, leaseRemind, t.ID, func(ctx context.Context) error {
			return m.remind(ctx, t.ID, t.ChannelID, now)
		})
		if err != nil {
			m.log.Error("send reminder", "table", t.ID, "channel", t.ChannelID, "err", err)
		}
	}
}

func (m *Main) sess() *discordgo.Session {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.session
}

// remind handles the due reminder event of table id: the deadline's
// default move, a nudge, or the host's ping.
func (m *Main) remind(ctx context.Context, id, channelID string, now time.Time) error {
	unlock := m.lock(channelID)
	defer unlock()
	t, err := m.store.Table(ctx, id)
	if err != nil {
		return err
	}
	if t.NextRemind.IsZero() || t.NextRemind.After(now) {
		return nil // someone acted meanwhile
	}
	if t.Status != kit.StatusRunning {
		_, err = m.store.UpdateTable(ctx, id, func(t *kit.Table) error { t.NextRemind = time.Time{}; return nil })
		return err
	}
	// What the reminder needs of the game: who must act, and what is
	// asked of them in public words.
	mt, err := m.store.Match(ctx, id)
	if err != nil {
		return err
	}
	ui := m.ui(t)
	toAct := mt.ToAct()
	if len(toAct) > 0 && len(t.Humans(toAct)) == 0 {
		// Only bot seats are to act: nobody to remind; their moves are the
		// runner's (bots.go), told again in case one was lost.
		m.wakeBots(t.ChannelID)
		_, err := m.store.UpdateTable(ctx, id, func(t *kit.Table) error { t.NextRemind = time.Time{}; return nil })
		return err
	}
	what := ui.What(kit.TableLoc(t), mt)
	w := t.Notes.Wait
	if w.Since.IsZero() || !slices.Equal(sortedInts(w.Seats), sortedInts(toAct)) {
		// A table from before these notes, or one whose wait was not
		// recorded: the wait began one interval ago.
		w = kit.Wait{Seats: toAct, Since: now.Add(-t.RemindEvery)}
	}
	st := t.Notes.Settings
	if st.Deadline > 0 && !now.Before(w.Since.Add(st.Deadline)) {
		if played, err := ui.Deadline(ctx, t, mt, now); played || err != nil {
			return err
		}
	}
	save := func(w kit.Wait, next time.Time) error { return m.saveWait(ctx, id, w, next) }
	p, key, later, over := m.reminderFor(ctx, t, w, toAct, what, ui.HasDefaults(), now)
	if over {
		return save(w, time.Time{})
	}
	if p.ChannelID == "" {
		// Everyone to ping is in their quiet hours or away: try again
		// when the first of them may be pinged.
		next := time.Time{}
		for _, e := range later {
			if next.IsZero() || e.Before(next) {
				next = e
			}
		}
		if d := st.Deadline; d > 0 && w.Since.Add(d).Before(next) {
			next = w.Since.Add(d)
		}
		return save(w, next)
	}
	if sess := m.sess(); sess != nil {
		if err := m.postReminder(ctx, sess, t, w, p, key); err != nil {
			// Backed off, or paused when it lasts (remindFailed).
			return m.remindFailed(ctx, t, now, err)
		}
	}
	w.Failures, w.Last, w.Posting = 0, now, ""
	if w.Nudges < st.NudgeLimit() {
		w.Nudges++
	} else {
		w.HostPinged = true
	}
	return save(w, time.Time{})
}

// saveWait stores the wait w of table id after a reminder was posted or
// held back, and when the next one is due: next, or when zero as nextDue
// says. Only a post that did not fail gets here, so the failures counted
// are cleared.
func (m *Main) saveWait(ctx context.Context, id string, w kit.Wait, next time.Time) error {
	_, err := m.store.UpdateTable(ctx, id, func(t *kit.Table) error {
		t.Notes.Wait = w
		t.Notes.RemindFails = 0
		if next.IsZero() {
			tt := *t
			tt.Notes.Wait = w
			next = nextDue(tt)
		}
		t.NextRemind = next
		return nil
	})
	return err
}

// reminderFor is the reminder due for the wait w at t: a nudge to the
// seats of toAct that may be pinged now, or once the nudges are spent
// the host's ping, with its key (Wait.Posting). With nobody to ping now
// p is empty and later holds when each player held back (quiet hours,
// away, their own longer interval) may be pinged; over is true when this
// wait's reminders are done. defaults: the title has default moves (the
// host's ping offers them).
func (m *Main) reminderFor(ctx context.Context, t kit.Table, w kit.Wait, toAct []int, what string, defaults bool, now time.Time) (p kit.Post, key string, later []time.Time, over bool) {
	st := t.Notes.Settings
	uids := []string{t.Host}
	for _, k := range toAct {
		if k < len(t.Seats) {
			uids = append(uids, t.Seats[k].UserID)
		}
	}
	ps := m.playerSettings(ctx, t.GuildID, uids...) // players.go: they follow the player to every table
	holdBack := func(uid string, nudge bool) bool {
		if q, loc, ok := quietFor(t, uid, ps[uid]); ok && inQuietAt(q, loc, now) {
			later = append(later, quietEndAt(q, loc, now))
			return true
		}
		if until, ok := st.Away[uid]; ok && now.Before(until) {
			later = append(later, until)
			return true
		}
		if every := personalEvery(t, ps[uid]); nudge && every > t.RemindEvery {
			// Their own, longer interval: not yet due for them.
			last := w.Last
			if last.IsZero() {
				last = w.Since
			}
			if due := last.Add(backoff(every, w.Nudges)); now.Before(due) {
				later = append(later, due)
				return true
			}
		}
		return false
	}
	switch {
	case t.RemindEvery > 0 && w.Nudges < st.NudgeLimit():
		var users []int
		for _, k := range toAct {
			if k >= len(t.Seats) || t.IsBot(k) || holdBack(t.Seats[k].UserID, true) {
				continue
			}
			users = append(users, k)
		}
		if len(users) > 0 {
			p, key = reminderPost(t, what, users, w.Nudges+1, st.NudgeLimit()), fmt.Sprintf("n%d", w.Nudges+1)
		}
	case t.RemindEvery > 0 && !w.HostPinged:
		if !holdBack(t.Host, false) {
			p, key = stalledPost(t, toAct, w, now, defaults), "host"
		}
	default:
		over = true
	}
	return p, key, later, over
}

// postReminder posts reminder p (key, Wait.Posting) at most once. The
// key is noted in the table before the post, so that a process that dies
// between the post and the save that follows it (or a request that fails
// after Discord took it) leaves a trace: whoever tries the reminder again
// first looks for it among the channel's newest messages, as the outbox
// does for a board, and takes it as posted when found.
func (m *Main) postReminder(ctx context.Context, s *discordgo.Session, t kit.Table, w kit.Wait, p kit.Post, key string) error {
	if w.Posting == key {
		q := p
		q.Message, q.Retire = tidyMessage(p.Message), t.BoardMsg
		id, err := m.findPosted(s, q)
		if err != nil {
			return err
		}
		if id != "" {
			m.log.Info("reminder found already posted; not posting it again", "channel", t.ChannelID, "table", t.ID, "message", id)
			return nil
		}
	} else {
		w.Posting = key
		if _, err := m.store.UpdateTable(ctx, t.ID, func(t *kit.Table) error { t.Notes.Wait = w; return nil }); err != nil {
			return err
		}
	}
	if err := m.postBoard(ctx, s, p); err != nil {
		return err
	}
	m.met.reminders.Inc()
	return nil
}

// maxRemindFails is how many reminder posts in a row may fail before the
// table's reminders pause until a post in its channel succeeds.
const maxRemindFails = 5

// remindRetry is when a reminder that has failed fails times in a row is
// tried again: after 5 min, doubling, never later than the table's own
// interval; ok is false when it is time to give up.
func remindRetry(now time.Time, fails int, every time.Duration) (at time.Time, ok bool) {
	if fails >= maxRemindFails {
		return time.Time{}, false
	}
	d := 5 * time.Minute << (fails - 1)
	if every > 0 && d > every {
		d = every
	}
	return now.Add(d), true
}

// remindFailed backs a failed reminder off, or pauses the table's
// reminders when the failure lasts (a permission, the channel) or has
// repeated maxRemindFails times. The error returned is logged by the caller.
func (m *Main) remindFailed(ctx context.Context, t kit.Table, now time.Time, err error) error {
	k := classify(err)
	fails := t.Notes.RemindFails + 1
	at, ok := remindRetry(now, fails, t.RemindEvery)
	if k.lasting() {
		ok = false
	}
	if _, uerr := m.store.UpdateTable(ctx, t.ID, func(t *kit.Table) error {
		t.Notes.RemindFails, t.NextRemind = fails, at
		if !ok {
			t.Notes.Paused = k.why()
		}
		return nil
	}); uerr != nil {
		m.log.Error("back off reminder", "table", t.ID, "err", uerr)
	}
	if !ok {
		m.log.Error("reminders paused: the reminder could not be posted", "table", t.ID, "channel", t.ChannelID, "fails", fails, "trouble", k)
	} else {
		m.log.Warn("reminder failed; retrying later", "table", t.ID, "fails", fails, "retry_at", at)
	}
	return fmt.Errorf("post reminder (failure %d): %w", fails, err)
}

// jumpLink is the link to t's board, or "".
func jumpLink(t kit.Table) string {
	if t.BoardMsg == "" || t.GuildID == "" {
		return ""
	}
	return fmt.Sprintf("https://discord.com/channels/%s/%s/%s", t.GuildID, t.ChannelID, t.BoardMsg)
}

// reminderPost is the public nudge to seats (n of max), in the table's
// language; what is what the game asks, in it too.
func reminderPost(t kit.Table, what string, seats []int, n, max int) kit.Post {
	var users []string
	for _, k := range seats {
		users = append(users, t.Seats[k].UserID)
	}
	l := kit.TableLoc(t)
	a := kit.Args{"Table": t.ID, "Who": kit.WhoIn(l, t, seats), "What": what, "N": n, "Max": max}
	content := l.T("adm_remind_nudge", a)
	if link := jumpLink(t); link != "" {
		a["Link"] = link
		content = l.T("adm_remind_nudge_link", a)
	}
	return kit.Post{ChannelID: t.ChannelID, Message: kit.Message{Content: content, Mentions: users}}
}

// stalledPost tells the host, once, that the decision is stalled and what
// they can do.
func stalledPost(t kit.Table, toAct []int, w kit.Wait, now time.Time, defaults bool) kit.Post {
	l := kit.TableLoc(t)
	var who []string
	for _, k := range toAct {
		who = append(who, fmt.Sprintf("**%s** (%s)", kit.SeatLabel(l, k), kit.Sanitize(t.Seats[k].Name)))
	}
	waited := now.Sub(w.Since).Round(time.Hour)
	link := ""
	if jl := jumpLink(t); jl != "" {
		link = "\n" + jl
	}
	id := "adm_stalled_defaults"
	if !defaults {
		id = "adm_stalled_no_defaults"
	}
	return kit.Post{ChannelID: t.ChannelID, Message: kit.Message{
		Content: l.N(id, w.Nudges, kit.Args{"Host": t.Host, "Table": t.ID, "Who": strings.Join(who, l.T("list_sep", nil)),
			"Waited": kit.HoursIn(l, waited), "Link": link}),
		Mentions: []string{t.Host},
	}}
}

package bot

import (
	"context"
	"fmt"
	"time"

	"github.com/tinnersbot/tinnersbot/engine"
)

// remindDue pings the players every table with a due reminder waits for,
// and moves each table's next reminder on by its interval. The time of the
// next reminder is stored, so reminders resume after a restart.
func (m *Main) remindDue(ctx context.Context) {
	now := m.cfg.Now()
	due, err := m.store.DueReminders(ctx, now)
	if err != nil {
		m.log.Error("list due reminders", "err", err)
		return
	}
	for _, t := range due {
		if err := m.remind(ctx, t.ID, t.ChannelID, now); err != nil {
			m.log.Error("send reminder", "table", t.ID, "channel", t.ChannelID, "err", err)
		}
	}
}

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
	next := time.Time{}
	if t.RemindEvery > 0 {
		next = now.Add(t.RemindEvery)
	}
	if t.Status == StatusRunning {
		s, err := m.store.State(ctx, id)
		if err != nil {
			return err
		}
		if p, ok := reminderPost(t, s); ok {
			m.mu.Lock()
			sess := m.session
			m.mu.Unlock()
			if sess != nil {
				if err := m.postBoard(ctx, sess, p); err != nil {
					return m.remindFailed(ctx, t, now, err)
				}
			}
		}
	}
	_, err = m.store.UpdateTable(ctx, id, func(t *Table) error { t.NextRemind, t.Notes.RemindFails = next, 0; return nil })
	return err
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
func (m *Main) remindFailed(ctx context.Context, t Table, now time.Time, err error) error {
	k := classify(err)
	fails := t.Notes.RemindFails + 1
	at, ok := remindRetry(now, fails, t.RemindEvery)
	if k.lasting() {
		ok = false
	}
	if _, uerr := m.store.UpdateTable(ctx, t.ID, func(t *Table) error {
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

// reminderPost is the public nudge to the seats the game waits for.
func reminderPost(t Table, s *engine.State) (post, bool) {
	v := s.PublicView()
	if len(v.ToAct) == 0 {
		return post{}, false
	}
	var users []string
	var who string
	for n, k := range v.ToAct {
		if k >= len(t.Seats) {
			continue
		}
		users = append(users, t.Seats[k].UserID)
		if n > 0 {
			who += ", "
		}
		who += seatRef(t, k)
	}
	link := ""
	if t.BoardMsg != "" && t.GuildID != "" {
		link = fmt.Sprintf(" The board: https://discord.com/channels/%s/%s/%s", t.GuildID, t.ChannelID, t.BoardMsg)
	}
	return post{ChannelID: t.ChannelID, Message: message{
		Content:  fmt.Sprintf("⏰ Table %s is waiting for %s — %s.%s", t.ID, who, whatNow(v), link),
		Mentions: users,
	}}, true
}

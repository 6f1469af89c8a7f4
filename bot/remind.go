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
					return err
				}
			}
		}
	}
	_, err = m.store.UpdateTable(ctx, id, func(t *Table) error { t.NextRemind = next; return nil })
	return err
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

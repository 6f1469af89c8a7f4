package bot

import (
	"context"

	"github.com/tinnersbot/tinnersbot/bot/kit"
)

// tablesOf returns the tables member uid is seated at that keep accepts:
// through storage's seat index when the store is package storage's (a
// member at 1,000 of 10,000 tables costs 1,000 header reads, not 10,000),
// else by asking the store for every table.
func (m *Main) tablesOf(ctx context.Context, uid string, keep func(*kit.Table) bool) ([]kit.Table, error) {
	if s := storageOf(m.store); s != nil {
		hs, err := s.GamesOf(ctx, uid)
		if err != nil {
			return nil, mapErr(err)
		}
		var out []kit.Table
		for _, h := range hs {
			if t := tableOf(h); t.SeatOf(uid) >= 0 && keep(&t) {
				out = append(out, t)
			}
		}
		return out, nil
	}
	return m.store.Tables(ctx, func(t *kit.Table) bool { return t.SeatOf(uid) >= 0 && keep(t) })
}

// tablesIn returns the tables ever opened in channel that keep accepts:
// through storage's channel index when the store is package storage's,
// else by asking the store for every table.
func (m *Main) tablesIn(ctx context.Context, channel string, keep func(*kit.Table) bool) ([]kit.Table, error) {
	if s := storageOf(m.store); s != nil {
		hs, err := s.GamesIn(ctx, channel)
		if err != nil {
			return nil, mapErr(err)
		}
		var out []kit.Table
		for _, h := range hs {
			if t := tableOf(h); t.ChannelID == channel && keep(&t) {
				out = append(out, t)
			}
		}
		return out, nil
	}
	return m.store.Tables(ctx, func(t *kit.Table) bool { return t.ChannelID == channel && keep(t) })
}

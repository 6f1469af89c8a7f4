package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/storage"
)

// storeAdapter is the Store on top of package storage: it maps the bot's
// Table to storage's Header (the notes are the bot's JSON, opaque to
// storage). Its errors are storage's, but for a damaged record (mapErr).
type storeAdapter struct {
	s      *storage.Store
	titles *engine.Registry
}

// openStore opens the bbolt database at path, hosting the titles of reg.
func openStore(path string, now func() time.Time, reg *engine.Registry) (kit.Store, func() error, error) {
	return openStoreLog(path, now, reg, nil)
}

// openStoreLog is openStore with the logger storage reports damaged
// games to (nil: slog's default).
func openStoreLog(path string, now func() time.Time, reg *engine.Registry, log *slog.Logger) (kit.Store, func() error, error) {
	s, err := storage.Open(path, storage.Options{Now: now, Titles: reg, Log: log})
	if err != nil {
		return nil, nil, err
	}
	return storeAdapter{s: s, titles: reg}, s.Close, nil
}

// mapErr makes storage's damaged and unknown-edition errors the bot's
// DamagedError (damaged.go). Every other error is storage's own, which the
// kit names (kit.ErrNotFound, kit.ErrStale, ...).
func mapErr(err error) error {
	if d := damagedErr(err); d != nil {
		return d
	}
	return err
}

// statusOf is a stored status as a table reads it: an archived game (an
// imported unfinished record) is finished.
func statusOf(s storage.Status) kit.Status {
	if s == storage.StatusArchived {
		return kit.StatusFinished
	}
	return s
}

// storageOf returns the package storage store under st, or nil when st is
// another Store.
func storageOf(st kit.Store) *storage.Store {
	if a, ok := unwrapStore(st).(storeAdapter); ok {
		return a.s
	}
	return nil
}

func tableOf(h storage.Header) kit.Table {
	t := kit.Table{ID: h.ID, GuildID: h.GuildID, ChannelID: h.ChannelID, Host: h.HostID, Status: statusOf(h.Status),
		MaxPlayers: h.MaxPlayers, BoardMsg: h.BoardMessageID, RemindEvery: h.ReminderEvery, NextRemind: h.NextReminder,
		Options: h.Options, Updated: h.Updated}
	if h.TitleID() != engine.DefaultTitle {
		t.Title = h.Title
	}
	for _, s := range h.Seats {
		t.Seats = append(t.Seats, kit.Seat{UserID: s.UserID, Name: s.Name, Bot: s.Bot})
	}
	if len(h.Notes) > 0 {
		t.Notes = notesOf(h.ID, h.Notes)
	}
	return t
}

// The notes of a table are read on every interaction and every sweep,
// and rewritten on every move: decoding their JSON was the largest cost
// of a move after the picture. notesSeen keeps, per table, the newest
// notes as bytes and decoded; a read of the same bytes gets a copy
// (Notes.Clone) instead of a decode. It holds at most notesSeenMax tables.
var notesSeen = struct {
	sync.Mutex
	m map[string]seenNotes
}{m: map[string]seenNotes{}}

type seenNotes struct {
	raw   []byte
	notes kit.Notes
}

const notesSeenMax = 4096

// notesOf decodes raw, table id's notes. Notes are the bot's own; a
// damaged blob costs only bookkeeping.
func notesOf(id string, raw []byte) kit.Notes {
	notesSeen.Lock()
	e, ok := notesSeen.m[id]
	notesSeen.Unlock()
	if ok && bytes.Equal(e.raw, raw) {
		return e.notes.Clone()
	}
	var n kit.Notes
	_ = json.Unmarshal(raw, &n)
	keepNotes(id, bytes.Clone(raw), n.Clone())
	return n
}

// keepNotes remembers notes as table id's newest, raw their JSON.
func keepNotes(id string, raw []byte, notes kit.Notes) {
	notesSeen.Lock()
	defer notesSeen.Unlock()
	if len(notesSeen.m) >= notesSeenMax {
		clear(notesSeen.m)
	}
	notesSeen.m[id] = seenNotes{raw: raw, notes: notes}
}

// onTable runs fn on h's table and copies what it changed back into h.
func onTable(h *storage.Header, fn func(*kit.Table) error) error {
	t := tableOf(*h)
	if err := fn(&t); err != nil {
		return err
	}
	putTable(h, t)
	return nil
}

// putTable copies the fields the bot may change into h.
func putTable(h *storage.Header, t kit.Table) {
	h.HostID, h.MaxPlayers, h.BoardMessageID = t.Host, t.MaxPlayers, t.BoardMsg
	h.ReminderEvery, h.NextReminder = t.RemindEvery, t.NextRemind
	h.Seats = h.Seats[:0:0]
	for k, s := range t.Seats {
		h.Seats = append(h.Seats, storage.Seat{UserID: s.UserID, Name: s.Name, Colour: k, Bot: s.Bot})
	}
	h.Notes = nil
	if b, err := json.Marshal(t.Notes); err == nil && string(b) != "{}" {
		h.Notes = b
		keepNotes(h.ID, bytes.Clone(b), t.Notes.Clone())
	}
}

func (a storeAdapter) CreateTable(ctx context.Context, t kit.Table) (kit.Table, error) {
	// The options are set once here; storage keeps them as part of the setup.
	title, err := a.titles.Get(t.Title)
	if err != nil {
		return kit.Table{}, err
	}
	h := storage.Header{GuildID: t.GuildID, ChannelID: t.ChannelID, Title: title.Meta().ID, Options: t.Options}
	putTable(&h, t)
	h, err = a.s.CreateLobby(ctx, h)
	return tableOf(h), mapErr(err)
}

func (a storeAdapter) TableInChannel(ctx context.Context, ch string) (kit.Table, error) {
	h, err := a.s.ByChannel(ctx, ch)
	return tableOf(h), mapErr(err)
}

func (a storeAdapter) Table(ctx context.Context, id string) (kit.Table, error) {
	h, err := a.s.Header(ctx, id)
	return tableOf(h), mapErr(err)
}

// UpdateTable stores the bookkeeping fields in one transaction; a change of
// status to finished or aborted goes through storage's SetStatus after it.
func (a storeAdapter) UpdateTable(ctx context.Context, id string, fn func(*kit.Table) error) (kit.Table, error) {
	var want kit.Status
	h, err := a.s.UpdateHeader(ctx, id, func(h *storage.Header) error {
		return onTable(h, func(t *kit.Table) error {
			if err := fn(t); err != nil {
				return err
			}
			want = t.Status
			if want != statusOf(h.Status) && want != kit.StatusAborted && want != kit.StatusFinished {
				// Only Start makes a table running; nothing else may change
				// its status, and a change must not vanish silently.
				return fmt.Errorf("bot: table %s: status %v cannot be set (it is %v)", id, want, statusOf(h.Status))
			}
			if want == kit.StatusAborted || want == kit.StatusFinished {
				t.NextRemind = time.Time{}
			}
			return nil
		})
	})
	if d := damagedErr(err); d != nil && want == kit.StatusAborted {
		// A table whose log is damaged (or edition unknown) keeps its
		// bookkeeping as it is; ending it only ends it.
		h, err = a.s.SetStatus(ctx, id, storage.StatusAborted)
		return tableOf(h), mapErr(err)
	}
	if err != nil {
		return kit.Table{}, mapErr(err)
	}
	if want != statusOf(h.Status) && (want == kit.StatusAborted || want == kit.StatusFinished) {
		if h, err = a.s.SetStatus(ctx, id, want); err != nil {
			return kit.Table{}, mapErr(err)
		}
	}
	return tableOf(h), nil
}

func (a storeAdapter) DueReminders(ctx context.Context, now time.Time) ([]kit.Table, error) {
	hs, err := a.s.DueReminders(ctx, now)
	var out []kit.Table
	for _, h := range hs {
		out = append(out, tableOf(h))
	}
	return out, mapErr(err)
}

func (a storeAdapter) LastFinished(ctx context.Context, ch string) (kit.Table, error) {
	hs, err := a.s.GamesIn(ctx, ch) // the channel index: no scan of every table
	if err != nil {
		return kit.Table{}, mapErr(err)
	}
	var best *storage.Header
	for k := range hs {
		if hs[k].Status != storage.StatusFinished {
			continue
		}
		if best == nil || hs[k].Created.After(best.Created) {
			best = &hs[k]
		}
	}
	if best == nil {
		return kit.Table{}, fmt.Errorf("%w: no finished table in channel %s", kit.ErrNotFound, ch)
	}
	return tableOf(*best), nil
}

func (a storeAdapter) Tables(ctx context.Context, keep func(*kit.Table) bool) ([]kit.Table, error) {
	var out []kit.Table
	_, err := a.s.Games(ctx, func(h *storage.Header) bool {
		t := tableOf(*h)
		if keep(&t) {
			out = append(out, t)
		}
		return false
	})
	return out, mapErr(err)
}

// The games, through engine.Match.

func (a storeAdapter) StartMatch(ctx context.Context, id string, setup engine.Setup) (engine.Match, error) {
	m, _, err := a.s.Start(ctx, id, setup)
	return m, mapErr(err)
}

func (a storeAdapter) Match(ctx context.Context, id string) (engine.Match, error) {
	_, m, err := a.s.Load(ctx, id)
	if err == nil && m == nil {
		return nil, fmt.Errorf("%w: game %s has not started", kit.ErrNotFound, id)
	}
	return m, mapErr(err)
}

func (a storeAdapter) ApplyMatch(ctx context.Context, id string, seen int, b kit.MatchBatch) (engine.Match, []engine.Event, kit.Table, error) {
	sb := storage.Batch{Actions: b.Actions, Then: b.Then}
	if b.Update != nil {
		sb.Header = func(h *storage.Header, m engine.Match, events []engine.Event) error {
			return onTable(h, func(t *kit.Table) error { return b.Update(t, m, events) })
		}
	}
	if b.Outbox != nil {
		sb.Outbox = func(p *storage.Outbox, h storage.Header, m engine.Match, events []engine.Event) (*storage.Outbox, error) {
			return b.Outbox(p, tableOf(h), m, events), nil
		}
	}
	m, ev, h, err := a.s.ApplyBatch(ctx, id, seen, sb)
	return m, ev, tableOf(h), mapErr(err)
}

func (a storeAdapter) UndoMatch(ctx context.Context, id string, seen, seat, to int, update func(*kit.Table, engine.Match) error) (engine.Match, kit.Table, error) {
	var header func(*storage.Header, engine.Match) error
	if update != nil {
		header = func(h *storage.Header, m engine.Match) error {
			return onTable(h, func(t *kit.Table) error { return update(t, m) })
		}
	}
	m, h, err := a.s.Undo(ctx, id, seen, seat, to, header)
	return m, tableOf(h), mapErr(err)
}

func (a storeAdapter) MatchRecord(ctx context.Context, id string) (*engine.Record, error) {
	r, err := a.s.Record(ctx, id)
	return r, mapErr(err)
}

func (a storeAdapter) AbandonTable(ctx context.Context, id string) error {
	return mapErr(a.s.Abandon(ctx, id))
}

func (a storeAdapter) SalvageRecord(ctx context.Context, id string) (*engine.Record, error) {
	r, err := a.s.Salvage(ctx, id)
	return r, mapErr(err)
}

package bot

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// memStore is an in-memory Store for handler tests.
type memStore struct {
	mu      sync.Mutex
	n       int
	tables  map[string]*Table
	states  map[string]*tinners.State
	setups  map[string]tinners.Setup
	actions map[string][]string
	now     func() time.Time
}

func newMemStore() *memStore {
	return &memStore{tables: map[string]*Table{}, states: map[string]*tinners.State{},
		setups: map[string]tinners.Setup{}, actions: map[string][]string{}, now: time.Now}
}

func (m *memStore) CreateTable(ctx context.Context, t Table) (Table, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, o := range m.tables {
		if o.ChannelID == t.ChannelID && (o.Status == StatusLobby || o.Status == StatusRunning) {
			return Table{}, ErrChannelBusy
		}
	}
	m.n++
	t.ID = fmt.Sprintf("g%d", m.n)
	t.Seats = append([]Seat(nil), t.Seats...)
	m.tables[t.ID] = &t
	return t, nil
}

func (m *memStore) TableInChannel(ctx context.Context, ch string) (Table, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, o := range m.tables {
		if o.ChannelID == ch && (o.Status == StatusLobby || o.Status == StatusRunning) {
			return copyTable(o), nil
		}
	}
	return Table{}, ErrNotFound
}

func copyTable(t *Table) Table {
	c := *t
	c.Seats = append([]Seat(nil), t.Seats...)
	c.Notes = t.Notes.clone()
	return c
}

func (m *memStore) Table(ctx context.Context, id string) (Table, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	t, ok := m.tables[id]
	if !ok {
		return Table{}, ErrNotFound
	}
	return copyTable(t), nil
}

func (m *memStore) UpdateTable(ctx context.Context, id string, fn func(*Table) error) (Table, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	t, ok := m.tables[id]
	if !ok {
		return Table{}, ErrNotFound
	}
	c := copyTable(t)
	if err := fn(&c); err != nil {
		return Table{}, err
	}
	m.tables[id] = &c
	return copyTable(&c), nil
}

func (m *memStore) Start(ctx context.Context, id string, setup tinners.Setup) (*tinners.State, error) {
	s, err := tinners.NewGame(setup)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.states[id] = s
	m.setups[id] = setup
	m.tables[id].Status = StatusRunning
	return s, nil
}

func (m *memStore) State(ctx context.Context, id string) (*tinners.State, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.states[id]
	if !ok {
		return nil, ErrNotFound
	}
	return s, nil
}

func (m *memStore) Apply(ctx context.Context, id string, seen int, a tinners.Action) (*tinners.State, []tinners.Event, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.states[id]
	if !ok {
		return nil, nil, ErrNotFound
	}
	if s.Version != seen {
		return nil, nil, ErrStale
	}
	next, ev, err := tinners.Apply(s, a)
	if err != nil {
		return nil, nil, err
	}
	m.states[id] = next
	m.actions[id] = append(m.actions[id], a.String())
	if next.Phase == tinners.PhaseOver {
		m.tables[id].Status = StatusFinished
		m.tables[id].NextRemind = time.Time{}
	} else if m.tables[id].RemindEvery > 0 {
		m.tables[id].NextRemind = m.now().Add(m.tables[id].RemindEvery)
	}
	return next, ev, nil
}

func (m *memStore) ApplyBatch(ctx context.Context, id string, seen int, b Batch) (*tinners.State, []tinners.Event, Table, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.states[id]
	if !ok {
		return nil, nil, Table{}, ErrNotFound
	}
	if s.Version != seen {
		return nil, nil, Table{}, ErrStale
	}
	var events []tinners.Event
	var logged []string
	cur := s
	step := func(a tinners.Action) error {
		next, ev, err := tinners.Apply(cur, a)
		if err != nil {
			return err
		}
		cur, events, logged = next, append(events, ev...), append(logged, a.String())
		return nil
	}
	for _, a := range b.Actions {
		if err := step(a); err != nil {
			return nil, nil, Table{}, err
		}
	}
	for n := 0; b.Then != nil && n < 500; n++ {
		a, ok := b.Then(cur)
		if !ok {
			break
		}
		if err := step(a); err != nil {
			return nil, nil, Table{}, err
		}
	}
	t := copyTable(m.tables[id])
	// As storage does: the reminder moves on, then the bot's update runs.
	if cur.Phase == tinners.PhaseOver {
		t.Status, t.NextRemind = StatusFinished, time.Time{}
	} else if t.RemindEvery > 0 {
		t.NextRemind = m.now().Add(t.RemindEvery)
	}
	if b.Update != nil {
		if err := b.Update(&t, cur); err != nil {
			return nil, nil, Table{}, err
		}
	}
	m.states[id] = cur
	m.actions[id] = append(m.actions[id], logged...)
	m.tables[id] = &t
	return cur, events, copyTable(&t), nil
}

func (m *memStore) Undo(ctx context.Context, id string, seen, seat, to int, update func(*Table, *tinners.State) error) (*tinners.State, Table, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.states[id]
	if !ok {
		return nil, Table{}, ErrNotFound
	}
	if s.Version != seen {
		return nil, Table{}, ErrStale
	}
	acts := m.actions[id]
	if to < 0 || to >= seen || seen != len(acts) {
		return nil, Table{}, fmt.Errorf("%w: %w", ErrCannotUndo, ErrUndoNothing)
	}
	cur, err := tinners.NewGame(m.setups[id])
	if err != nil {
		return nil, Table{}, err
	}
	var at *tinners.State
	for k, str := range acts {
		if k == to {
			at = cur
		}
		a, err := tinners.ParseAction(str)
		if err != nil {
			return nil, Table{}, err
		}
		next, ev, err := tinners.Apply(cur, a)
		if err != nil {
			return nil, Table{}, err
		}
		if k >= to && a.Seat != seat {
			return nil, Table{}, fmt.Errorf("%w: %w", ErrCannotUndo, ErrUndoOther)
		}
		if k >= to && tinners.Reveals(ev) {
			return nil, Table{}, fmt.Errorf("%w: %w", ErrCannotUndo, ErrUndoRevealed)
		}
		cur = next
	}
	t := copyTable(m.tables[id])
	if update != nil {
		if err := update(&t, at); err != nil {
			return nil, Table{}, err
		}
	}
	m.states[id] = at
	m.actions[id] = append([]string(nil), acts[:to]...)
	m.tables[id] = &t
	return at, copyTable(&t), nil
}

func (m *memStore) Record(ctx context.Context, id string) (*tinners.Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	t, ok := m.tables[id]
	if !ok {
		return nil, ErrNotFound
	}
	r := &tinners.Record{Edition: tinners.Standard.Version, Seed: m.setups[id].Seed,
		Setup: m.setups[id].Overrides, Actions: append([]string{}, m.actions[id]...)}
	for _, s := range t.Seats {
		r.Seats = append(r.Seats, s.Name)
	}
	return r, nil
}

func (m *memStore) DueReminders(ctx context.Context, now time.Time) ([]Table, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Table
	for _, t := range m.tables {
		if t.Status == StatusRunning && !t.NextRemind.IsZero() && !t.NextRemind.After(now) {
			out = append(out, copyTable(t))
		}
	}
	return out, nil
}

func (m *memStore) LastFinished(ctx context.Context, ch string) (Table, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var best *Table
	for _, t := range m.tables {
		// Later tables have larger IDs ("g<n>").
		if t.ChannelID == ch && t.Status == StatusFinished && (best == nil || len(t.ID) > len(best.ID) || (len(t.ID) == len(best.ID) && t.ID > best.ID)) {
			best = t
		}
	}
	if best == nil {
		return Table{}, ErrNotFound
	}
	return copyTable(best), nil
}

func (m *memStore) Tables(ctx context.Context, keep func(*Table) bool) ([]Table, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Table
	for _, t := range m.tables {
		c := copyTable(t)
		if keep(&c) {
			out = append(out, c)
		}
	}
	return out, nil
}

package engine

import (
	"encoding/json"
	"fmt"
)

// DefaultTitle is the title of a record or table that names none: every
// record written before there were several titles is a Tinners' Trail game.
const DefaultTitle = "tinners"

// Record is a whole game as data: the title, the setup and every action.
// Replaying it reproduces the game exactly. It is the format of exports,
// golden test games and bug reports.
type Record struct {
	// Damaged, when set, says why the record is only the readable part of
	// a damaged game: it does not replay, and importing it is refused.
	// It comes first so that a reader of the file sees it first.
	Damaged string          `json:"damaged,omitempty"`
	Title   string          `json:"title,omitempty"` // "" means DefaultTitle
	Edition string          `json:"edition"`
	Options json.RawMessage `json:"options,omitempty"`
	Seats   []string        `json:"seats"` // display names, in seat order
	Seed    uint64          `json:"seed"`
	Setup   json.RawMessage `json:"setup,omitempty"` // the title's setup overrides
	Actions []string        `json:"actions"`         // compact forms, see Action
}

// TitleID returns the record's title, DefaultTitle when it names none.
func (r *Record) TitleID() string {
	if r.Title == "" {
		return DefaultTitle
	}
	return r.Title
}

// SetupOf returns the setup a record describes.
func (r *Record) SetupOf() Setup {
	return Setup{Edition: r.Edition, Options: r.Options, NumSeats: len(r.Seats), Seed: r.Seed, Overrides: r.Setup}
}

// MarshalRecord and UnmarshalRecord are the JSON form of a record.
func MarshalRecord(r *Record) ([]byte, error) { return json.MarshalIndent(r, "", "  ") }

// UnmarshalRecord parses a JSON record.
func UnmarshalRecord(b []byte) (*Record, error) {
	var r Record
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	if len(r.Seats) < 1 {
		return nil, fmt.Errorf("record: no seats")
	}
	return &r, nil
}

// Replay plays a record of title t from its setup through its first stop
// actions (all of them when stop < 0) and returns the match. It fails on
// the first action that does not parse or apply, naming its index.
func Replay(t Title, r *Record, stop int) (Match, error) {
	if id := r.TitleID(); id != t.Meta().ID {
		return nil, fmt.Errorf("record is a %q game, not %q", id, t.Meta().ID)
	}
	m, err := t.New(r.SetupOf())
	if err != nil {
		return nil, err
	}
	actions := r.Actions
	if stop >= 0 && stop < len(actions) {
		actions = actions[:stop]
	}
	return ApplyAll(t, m, actions, 0)
}

// ApplyAll applies actions (compact forms) to m in order; first is the
// index of actions[0] in the whole log, for error messages.
func ApplyAll(t Title, m Match, actions []string, first int) (Match, error) {
	for i, str := range actions {
		a, err := t.ParseAction(str)
		if err != nil {
			return nil, fmt.Errorf("action %d: %w", first+i, err)
		}
		if m, _, err = m.Apply(a); err != nil {
			return nil, fmt.Errorf("action %d (%s): %w", first+i, str, err)
		}
	}
	return m, nil
}

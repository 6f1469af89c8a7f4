package tinners

import (
	"encoding/json"
	"fmt"
)

// Record is a whole game as data: the setup and every action. Replaying it
// reproduces the game exactly. It is the format of storage exports, golden
// test games and bug reports.
type Record struct {
	Edition string          `json:"edition"`
	Options Options         `json:"options"`
	Seats   []string        `json:"seats"` // display names, seat order = clockwise
	Seed    uint64          `json:"seed"`
	Setup   *SetupOverrides `json:"setup,omitempty"`
	Actions []string        `json:"actions"` // compact form, see Action.String
}

// SetupOverrides fix parts of the random setup, for tests and scenarios.
// Anything left empty is drawn from the seeded generator as usual.
type SetupOverrides struct {
	// Tiles places a tile "tin/copper/water" on an area id; FaceUp lists the
	// area ids revealed at setup. Given Tiles, every in-play area must be named.
	Tiles  map[string]string `json:"tiles,omitempty"`
	FaceUp []string          `json:"faceUp,omitempty"`
	// Hands are the survey hands after the draft (card IDs); given, the draft is skipped.
	Hands [][]int `json:"hands,omitempty"`
	// Decks are the 2-player draw piles A, B, C, D, top first (card IDs).
	Decks [][]int `json:"decks,omitempty"`
	// Order is the starting column-0 order of seats, uppermost first.
	Order []int `json:"order,omitempty"`
	// Dice are die faces consumed, in order, before the generator is used.
	Dice []int `json:"dice,omitempty"`
	// Money overrides every seat's starting money.
	Money []int `json:"money,omitempty"`
	// Solo: Lord Wallace's survey deck (card IDs, top first; given, it
	// replaces the cards he would be dealt) and his action deck (card
	// numbers 0..9, top first; given, it is not shuffled at setup).
	WallaceSurvey []int `json:"wallaceSurvey,omitempty"`
	WallaceDeck   []int `json:"wallaceDeck,omitempty"`
}

// Setup is what NewGame needs.
type Setup struct {
	// Edition is the edition version to play ("" means Standard.Version).
	// Older versions keep their rules: a record replays as it was played.
	Edition   string
	Options   Options
	NumSeats  int
	Seed      uint64
	Overrides *SetupOverrides
}

// SetupOf returns the setup a record describes.
func (r *Record) SetupOf() Setup {
	return Setup{Edition: r.Edition, Options: r.Options, NumSeats: len(r.Seats), Seed: r.Seed, Overrides: r.Setup}
}

// Replay plays a record from its setup through every action and returns the
// final state. It fails on the first action that does not parse or apply,
// naming its index.
func Replay(r *Record) (*State, error) {
	if !KnownEdition(r.Edition) {
		return nil, fmt.Errorf("record is for edition %q; this engine plays %q and %q", r.Edition, EditionV1, Standard.Version)
	}
	s, err := NewGame(r.SetupOf())
	if err != nil {
		return nil, err
	}
	for i, str := range r.Actions {
		a, err := ParseAction(str)
		if err != nil {
			return nil, fmt.Errorf("action %d: %w", i, err)
		}
		if s, _, err = Apply(s, a); err != nil {
			return nil, fmt.Errorf("action %d (%s): %w", i, str, err)
		}
	}
	return s, nil
}

// MarshalRecord and UnmarshalRecord are the JSON form of a record.
func MarshalRecord(r *Record) ([]byte, error) { return json.MarshalIndent(r, "", "  ") }

// UnmarshalRecord parses a JSON record.
func UnmarshalRecord(b []byte) (*Record, error) {
	var r Record
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	if len(r.Seats) < 1 || len(r.Seats) > MaxSeats {
		return nil, fmt.Errorf("record: %d seats", len(r.Seats))
	}
	return &r, nil
}

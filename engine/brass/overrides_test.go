package brass

import (
	"slices"
	"strconv"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestOverrides: hands, the deck's top, the turn order and the merchant
// tiles can be fixed; everything else is dealt; a fixed setup keeps every
// card of the player count exactly once; impossible overrides are refused.
func TestOverrides(t *testing.T) {
	bham, cov := loc(t, "birmingham"), loc(t, "coventry")
	hand := []int{bham, bham, bham, cov, CardIron, CardIron, CardBrewery, CardBrewery}
	ov := `{"order": [1, 0], "hands": [[], [` + ints(hand) + `]], "deck": [` + ints([]int{cov, CardCoal}) + `],
		"merchants": [4, 0, 1, 2, 4, -1, -1, -1, -1]}`
	m, err := Title.New(engine.Setup{NumSeats: 2, Seed: 3, Overrides: []byte(ov)})
	if err != nil {
		t.Fatal(err)
	}
	s := m.(*match).s
	if !slices.Equal(s.Players[1].Hand, hand) || !slices.Equal(s.Order, []int{1, 0}) || !slices.Equal(s.Deck[:2], []int{cov, CardCoal}) {
		t.Errorf("hand %v, order %v, deck top %v", s.Players[1].Hand, s.Order, s.Deck[:2])
	}
	if s.Merch[0].Tile != 4 || s.Merch[0].Barrel || s.Merch[1].Tile != 0 || !s.Merch[1].Barrel {
		t.Errorf("merchants %+v", s.Merch)
	}
	if err := CheckInvariants(m); err != nil {
		t.Error(err)
	}
	for name, bad := range map[string]string{
		"a card not in the 2p deck": `{"deck": [` + ints([]int{loc(t, "stoke")}) + `]}`,
		"a short hand":              `{"hands": [[1, 2]]}`,
		"too many copies":           `{"hands": [[` + ints([]int{bham, bham, bham, bham, 0, 0, 0, 0}) + `]]}`,
		"a bad order":               `{"order": [0, 0]}`,
		"merchants off the pool":    `{"merchants": [0, 0, 1, 2, 4, -1, -1, -1, -1]}`,
		"a merchant where unused":   `{"merchants": [4, 0, 1, 2, 4, 3, -1, -1, -1]}`,
		"an unknown field":          `{"seed": 1}`,
	} {
		if _, err := Title.New(engine.Setup{NumSeats: 2, Seed: 3, Overrides: []byte(bad)}); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
}

func ints(a []int) string {
	out := ""
	for i, v := range a {
		if i > 0 {
			out += ", "
		}
		out += strconv.Itoa(v)
	}
	return out
}

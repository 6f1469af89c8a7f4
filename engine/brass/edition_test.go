package brass

import (
	"strings"
	"testing"
)

// TestStandardIsValid checks the shipped table passes its own validation.
func TestStandardIsValid(t *testing.T) {
	if err := Standard.Validate(); err != nil {
		t.Fatal(err)
	}
}

// TestCorruptedEditionRefused corrupts one number or link of the table at a
// time and checks that Validate refuses each.
func TestCorruptedEditionRefused(t *testing.T) {
	cases := map[string]func(e *Edition){
		"space of no location":      func(e *Edition) { e.Spaces[3].Loc = 99 },
		"space moved to other town": func(e *Edition) { e.Spaces[0].Loc = 1 },
		"two equal icons":           func(e *Edition) { e.Spaces[0].Icons[1] = e.Spaces[0].Icons[0] },
		"repeated location id":      func(e *Edition) { e.Locations[1].ID = e.Locations[0].ID },
		"farm with two icons":       func(e *Edition) { e.Spaces[e.Locations[e.LocID("farm-n")].Spaces[0]].Icons[1] = Coal },
		"merchant without bonus":    func(e *Edition) { e.Locations[e.LocID("oxford")].Bonus = BonusNone },
		"line with one end":         func(e *Edition) { e.Lines[0].Ends = e.Lines[0].Ends[:1] },
		"line neither canal nor rail": func(e *Edition) {
			e.Lines[0].Canal, e.Lines[0].Rail = false, false
		},
		"repeated line":            func(e *Edition) { e.Lines[1].Ends = append([]int(nil), e.Lines[0].Ends...) },
		"tile level out of order":  func(e *Edition) { e.Tiles[Cotton][1].Level = 3 },
		"negative cost":            func(e *Edition) { e.Tiles[Manuf][3].Cost = -14 },
		"coal mine makes none":     func(e *Edition) { e.Tiles[Coal][0].Makes = 0 },
		"canal- and rail-only":     func(e *Edition) { e.Tiles[Brewery][0].RailOnly = true },
		"deck one card short":      func(e *Edition) { e.Cards[CardIron].Copies[3]-- },
		"wild card in the deck":    func(e *Edition) { e.Cards[CardWildIndustry].Copies[4] = 1 },
		"merchant pool short":      func(e *Edition) { e.MerchantTiles[4].Copies[2]-- },
		"rounds do not fit deck":   func(e *Edition) { e.Seats[3].Rounds = 8 },
		"market prices falling":    func(e *Edition) { e.CoalMarket.Prices[0] = 9 },
		"empty price too low":      func(e *Edition) { e.IronMarket.EmptyPrice = 5 },
		"track skips a level":      func(e *Edition) { e.TrackLevels[40] += 2 },
		"start income not level 0": func(e *Edition) { e.StartIncome = 11 },
		"zero loan":                func(e *Edition) { e.LoanMoney = 0 },
	}
	for name, corrupt := range cases {
		t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
			e := buildStandard()
			if err := e.Validate(); err != nil {
				t.Fatalf("fresh table refused: %v", err)
			}
			corrupt(e)
			if err := e.Validate(); err == nil {
				t.Errorf("corrupted table (%s) accepted", name)
			}
		})
	}
}

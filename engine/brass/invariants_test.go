package brass

import "testing"

// TestInvariantsCatch corrupts a fresh game one way at a time and checks
// CheckInvariants names each fault.
func TestInvariantsCatch(t *testing.T) {
	cases := map[string]func(s *state){
		"a card twice":            func(s *state) { s.Players[0].Hand[0] = s.Players[1].Hand[0] },
		"a card lost":             func(s *state) { s.Deck = s.Deck[1:] },
		"a wild card too many":    func(s *state) { s.WildLoc++ },
		"a wild card discarded":   func(s *state) { s.Players[0].Discard = append(s.Players[0].Discard, CardWildIndustry); s.WildInd-- },
		"a tile not off the mat":  func(s *state) { s.Spaces[0] = slot{Owner: 0, Ind: Cotton} },
		"cubes on an empty space": func(s *state) { s.Spaces[3].Cubes = 1 },
		"an empty unflipped mine": func(s *state) { s.put(0, Coal, 0, 1, false, 0) },
		"too many cubes":          func(s *state) { s.put(0, Coal, 0, 1, false, 9) },
		"two tiles in a town in the Canal era": func(s *state) {
			s.put(0, Coal, 1, 1, false, 2)
			s.put(0, Pottery, 1, 2, false, 0)
		},
		"a rail link in the Canal era": func(s *state) { s.Links[1] = 0 },
		"a full market overfilled":     func(s *state) { s.Coal = 15 },
		"a barrel beside no wares":     func(s *state) { s.Merch[len(s.Merch)-1].Barrel = true },
		"negative money":               func(s *state) { s.Players[0].Money = -1 },
		"VP beside the categories":     func(s *state) { s.Players[1].VP = 3 },
		"income off the track":         func(s *state) { s.Players[0].Income = 100 },
		"income down without a loan":   func(s *state) { s.Players[0].Income = 9 },
		"a hand of nine":               func(s *state) { s.Players[0].Hand = append(s.Players[0].Hand, s.Deck[0]); s.Deck = s.Deck[1:] },
		"round past the era":           func(s *state) { s.Round = 11 },
	}
	for name, corrupt := range cases {
		t.Run(name, func(t *testing.T) {
			s := game(t, 2)
			if err := s.invariants(); err != nil {
				t.Fatalf("fresh game: %v", err)
			}
			corrupt(s)
			if err := CheckInvariants(&match{s: s}); err == nil {
				t.Errorf("%s not caught", name)
			}
		})
	}
}

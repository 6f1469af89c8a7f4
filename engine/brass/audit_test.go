package brass

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Scenario tests of an audit of the rules against the rulebook, beside
// those of checklist_test.go.

// TestRule_NoTilesExceptionNeedsUndevelopedSpace: the "no tiles on the
// board" exception lets an industry card build "in any location with an
// undeveloped space displaying that industry's icon": it lifts the
// network, not the rest. A town whose only such space holds another
// player's exhausted mine is refused to an industry card (its location card
// may still overbuild it); a town with a free coal space is allowed.
func TestRule_NoTilesExceptionNeedsUndevelopedSpace(t *testing.T) {
	s := game(t, 2)
	s.Era, s.Round = Rail, 2
	s.Coal = 0
	mine := sp(t, "dudley", 0) // Dudley: coal · iron, its only coal space
	s.put(1, Coal, 1, mine, true, 0)
	s.Players[0].Mat[Coal] = 3 // next: coal III
	s.turnOf(0, CardCoal, loc(t, "dudley"))
	refusedWith(t, s, buildA(0, CardCoal, Coal, mine), ErrNetwork)
	if isLegal(s, buildA(0, CardCoal, Coal, mine)) {
		t.Error("Legal offers the overbuild by an industry card")
	}
	mustApply(t, s.clone(), buildA(0, loc(t, "dudley"), Coal, mine))
	if !isLegal(s, buildA(0, CardCoal, Coal, sp(t, "cannock", 1))) {
		t.Error("a free coal space refused to the exception")
	}
}

// TestRule_SecondRailBeerFromBreweryOnly: the second rail link's beer
// never comes from a merchant's barrel.
func TestRule_SecondRailBeerFromBreweryOnly(t *testing.T) {
	s := game(t, 2)
	s.Era, s.Round = Rail, 2
	s.put(0, Coal, 1, sp(t, "dudley", 0), false, 3)
	s.turnOf(0, 0, 1)
	mustApply(t, s, networkA(0, 0, line(t, "dudley", "birmingham")))
	if s.Step.Kind == StepRail {
		t.Fatal("a second rail offered without any brewery")
	}
}

// TestRule_RailEraStartsWithoutLevelOneTiles: a seat whose tiles were all
// level I has nothing on the board after the Canal era and builds with an
// industry card anywhere (D15); a seat that kept a level-II tile needs its
// network.
func TestRule_RailEraStartsWithoutLevelOneTiles(t *testing.T) {
	s := game(t, 2)
	s.put(0, Cotton, 0, sp(t, "worcester", 0), true, 0)
	s.put(1, Brewery, 1, sp(t, "stafford", 0), true, 0)
	s.Links[line(t, "worcester", "gloucester")] = 0
	s.Deck = nil
	for i := range s.Players {
		s.Players[i].Hand, s.Players[i].Discard = nil, []int{loc(t, "worcester")}
	}
	s.endEra()
	if s.Era != Rail || s.onBoard(0) || !s.onBoard(1) {
		t.Fatalf("era %v, seat 0 on board %v, seat 1 %v", s.Era, s.onBoard(0), s.onBoard(1))
	}
	s.Players[0].Mat[Brewery], s.Players[1].Mat[Brewery] = 2, 3
	s.turnOf(0, CardBrewery)
	if !isLegal(s, buildA(0, CardBrewery, Brewery, sp(t, "burton", 1))) {
		t.Error("seat 0 (nothing on the board) may not build anywhere")
	}
	s.turnOf(1, CardBrewery)
	refusedWith(t, s, buildA(1, CardBrewery, Brewery, sp(t, "burton", 1)), ErrNetwork)
}

// TestLabelsNameNoSeat (D31): no label of any legal action in random games
// (2–4 players, every step reached) carries a seat placeholder ({P0}):
// the generic menus do not fill names in labels.
func TestLabelsNameNoSeat(t *testing.T) {
	var walk func(v any) bool
	walk = func(v any) bool {
		switch v := v.(type) {
		case string:
			return strings.Contains(v, "{P")
		case engine.Message:
			for _, a := range v.Args {
				if walk(a) {
					return true
				}
			}
		}
		return false
	}
	if !walk(engine.Say("bb_over", "Whose", engine.Say("bb_join", "A", seatArg(1)))) {
		t.Fatal("the walk misses a nested seat placeholder")
	}
	steps := map[StepKind]bool{}
	for n := 2; n <= 4; n++ {
		m, err := Title.New(engine.Setup{NumSeats: n, Seed: uint64(10 + n)})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(n), 7))
		for m.Result() == nil {
			steps[m.(*match).s.Step.Kind] = true
			seat := m.ToAct()[0]
			legal := m.Legal(seat)
			for _, a := range legal {
				l := m.Label(a)
				msgs := append([]engine.Message{l.LineMessage, l.Pick.Group}, l.PathMessages...)
				for _, msg := range msgs {
					if walk(msg) {
						t.Fatalf("%dp: the label of %s names a seat: %+v", n, a, msg)
					}
				}
			}
			if m, _, err = m.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range []StepKind{StepAction, StepEndTurn, StepScout, StepDevelop} {
		if !steps[k] {
			t.Errorf("no random game reached the %s step", k)
		}
	}
}

// TestLabelsShowMarketCost: a Build's and a rail link's label shows the
// money in all, the coal and iron bought from the markets included.
func TestLabelsShowMarketCost(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	s.Links[line(t, "birmingham", "oxford")] = 0
	s.Players[0].Mat[Cotton] = 3 // next: cotton II, £14 + 1 coal
	b := loc(t, "birmingham")
	s.turnOf(0, b)
	a := buildA(0, b, Cotton, sp(t, "birmingham", 0))
	if err := s.check(a); err != nil {
		t.Fatal(err)
	}
	if got := s.label(a).LineMessage.Args["Money"]; got != 14+1 {
		t.Errorf("build label: £%v, want £15 (£14 and a coal cube at £1)", got)
	}
	s.put(1, Coal, 1, sp(t, "coventry", 1), false, 3) // a connected mine
	s.Links[line(t, "birmingham", "coventry")] = 1
	if got := s.label(a).LineMessage.Args["Money"]; got != 14 {
		t.Errorf("build label with a connected mine: £%v, want £14", got)
	}

	s = game(t, 2)
	s.Era, s.Round = Rail, 2
	s.Links[line(t, "birmingham", "oxford")] = 0
	s.turnOf(0, 0)
	n := networkA(0, 0, line(t, "birmingham", "coventry"))
	if err := s.check(n); err != nil {
		t.Fatal(err)
	}
	if got := s.label(n).LineMessage.Args["Money"]; got != 5+1 {
		t.Errorf("rail label: £%v, want £6 (£5 and a coal cube at £1)", got)
	}
}

// TestRule_PlayerCountKeepsTheMap: at 2 players the teal and blue towns'
// cards are out of the deck but the towns stay on the board: they are
// built in through the network or with a wild location card, and linked
// to. Warrington and Nottingham get no merchant tile at 2 players: nothing
// is sold there, though they carry coal from the market (TestRule_CoalMarketNeedsMerchant).
func TestRule_PlayerCountKeepsTheMap(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	for _, c := range s.Deck {
		if Standard.Cards[c].Kind != LocationCard {
			continue
		}
		if b := Standard.Locations[Standard.Cards[c].Loc].Banner; b == Teal || b == Blue {
			t.Fatalf("a %s card in the 2-player deck", Standard.Locations[Standard.Cards[c].Loc].ID)
		}
	}
	s.Links[line(t, "belper", "derby")] = 0
	s.turnOf(0, CardCoal, CardWildLocation)
	mustApply(t, s.clone(), buildA(0, CardCoal, Coal, sp(t, "belper", 1)))
	mustApply(t, s.clone(), buildA(0, CardWildLocation, Brewery, sp(t, "derby", 0)))
	if !isLegal(s, networkA(0, CardCoal, line(t, "derby", "nottingham"))) {
		t.Error("a canal to Nottingham refused at 2 players")
	}
	for _, k := range Standard.Locations[loc(t, "warrington")].Merchants {
		if s.Merch[k].Tile >= 0 || s.Merch[k].Barrel {
			t.Errorf("Warrington's merchant space %d holds %+v at 2 players", k, s.Merch[k])
		}
		s.put(0, Cotton, 0, sp(t, "stoke", 0), false, 0)
		s.Links[line(t, "stoke", "warrington")] = 0
		sell := act(0, ActSell)
		sell.Card, sell.Space, sell.Merch = CardCoal, sp(t, "stoke", 0), k
		sell.Beer = []int{}
		refusedWith(t, s, sell, ErrMerchant)
	}
}

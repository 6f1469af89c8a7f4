package tinners

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// ---- the action deck ----

// TestWallaceDeckShape pins the design rules of his deck (components.md
// §10, docs/lord-wallace.md): for every round, column and copper price some
// card says Build, some Mine and some Develop (so whenever any of them is
// possible a card works); Build dominates columns 0–3 of rounds 1–2; Mine
// dominates columns 4–9 and round 4; Pass only from column 7.
func TestWallaceDeckShape(t *testing.T) {
	deck := Standard.Wallace
	if len(deck) != 10 {
		t.Fatalf("%d cards", len(deck))
	}
	for r := 0; r < NumRounds; r++ {
		for p := 0; p < WallacePositions; p++ {
			for _, high := range []bool{false, true} {
				count := map[WallaceAct]int{}
				for _, c := range deck {
					count[c.Cells[r][p].Pick(high)]++
				}
				for _, a := range []WallaceAct{WBuild, WMine, WDevelop} {
					if count[a] == 0 {
						t.Errorf("round %d column %d copper high %v: no card says %s", r+1, p, high, a)
					}
				}
				if count[WPass] > 0 && p < 7 {
					t.Errorf("round %d column %d: Pass", r+1, p)
				}
				top := WNone
				for a, n := range count {
					if top == WNone || n > count[top] {
						top = a
					}
				}
				switch {
				case r <= 1 && p <= 3 && !high:
					if count[WBuild] <= len(deck)/2 {
						t.Errorf("round %d column %d: Build on %d cards, want most", r+1, p, count[WBuild])
					}
				case (p >= 4 || r == 3) && top != WMine:
					t.Errorf("round %d column %d copper high %v: %s dominates, want Mine", r+1, p, high, top)
				}
			}
		}
	}
}

// ---- build ----

func TestWallaceBuildChoice(t *testing.T) {
	cases := []struct {
		name  string
		tiles map[string]string // id → tile; "?" prefix: face down
		mines []string          // his mines (empty, no water)
		drain map[string]int
		card  string
		want  string
	}{
		{"highest net worth", map[string]string{"A4": "3/3/2", "A6": "4/3/2"}, nil, nil, "A -1 water £1", "A6"},
		{"then next to his mines", map[string]string{"A2": "3/3/2", "A6": "3/3/2"}, []string{"A5"}, nil, "A -1 water £1", "A2"},
		{"then coastal", map[string]string{"A4": "3/3/2", "A2": "3/3/2"}, nil, nil, "A -1 water £1", "A2"},
		{"then furthest east", map[string]string{"A5": "3/3/2", "A7": "3/3/2"}, nil, nil, "A -1 water £1", "A7"},
		{"the card's port counts +2 on the coast only", map[string]string{"A4": "3/3/2", "A5": "2/3/2"}, nil, nil, "A port £4", "A5"},
		{"net worth below 2: a face-down area instead", map[string]string{"A4": "1/1/2", "A6": "?1/1/1"}, nil, nil, "A +1 tin £2", "A6"},
		{"face-up net 2 beats face-down", map[string]string{"A4": "1/1/1", "A6": "?9/9/0"}, nil, nil, "A +1 tin £2", "A4"},
		{"face down: next to his mines first", map[string]string{"A6": "?1/1/1", "A2": "?1/1/1"}, []string{"A5"}, nil, "A +1 tin £2", "A2"},
		{"face down: then most drainage", map[string]string{"A2": "?1/1/1", "A7": "?1/1/1"}, nil, map[string]int{"A2": 1}, "A +1 tin £2", "A2"},
		{"face down: then coastal", map[string]string{"A4": "?1/1/1", "A2": "?1/1/1"}, nil, nil, "A +1 tin £2", "A2"},
		{"face down: then furthest east", map[string]string{"A5": "?1/1/1", "A7": "?1/1/1"}, nil, nil, "A +1 tin £2", "A7"},
		{"his card's region only", map[string]string{"A4": "3/3/2", "B1": "5/5/0"}, nil, nil, "A -1 water £1", "A4"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := soloBoard(t, Options{}, false)
			for id, tl := range c.tiles {
				put(t, s, id, strings.TrimPrefix(tl, "?"), !strings.HasPrefix(tl, "?"))
			}
			for _, id := range c.mines {
				mineAt(t, s, id, WallaceSeat, 0, 0, 0)
			}
			for id, n := range c.drain {
				s.Areas[area(t, id)].Drain = n
			}
			s.Solo.Survey = []int{card(t, c.card)}
			wantArea(t, freeBuild(t, s), c.want)
		})
	}
	t.Run("empty deck: most preferred area of all regions, card from its deck", func(t *testing.T) {
		s := soloBoard(t, Options{}, false)
		put(t, s, "A4", "3/3/2", true)
		put(t, s, "C4", "3/4/2", true)
		n := len(s.Decks[RegionC])
		wantArea(t, freeBuild(t, s), "C4")
		if len(s.Decks[RegionC]) != n-1 {
			t.Fatal("no card from the C deck")
		}
	})
	t.Run("a region with nothing for him: the card is discarded", func(t *testing.T) {
		s := soloBoard(t, Options{}, false)
		put(t, s, "C4", "3/4/2", true)
		s.Solo.Survey = []int{card(t, "A +1 tin £2")}
		wantArea(t, freeBuild(t, s), "C4")
		if len(s.Solo.Survey) != 0 || !logHas(s, "so the card is discarded") {
			t.Fatal("card not discarded")
		}
	})
	t.Run("no area anywhere: impossible, nothing drawn", func(t *testing.T) {
		s := soloBoard(t, Options{}, false)
		s.Solo.Survey = []int{card(t, "A +1 tin £2")}
		if s.wallaceBuild(false) || len(s.Solo.Survey) != 1 {
			t.Fatal("built or drew")
		}
	})
}

// TestWallaceBidExample is the rulebook's example (Check 4): A tile 3/3/2,
// his card +1 copper £2: net worth 5, orange 2 and blue 4, he bids £6.
func TestWallaceBidExample(t *testing.T) {
	s := soloBoard(t, Options{}, false)
	put(t, s, "A4", "3/3/2", true)
	s.Solo.Survey = []int{card(t, "A +1 copper £2")}
	s.Players[0].Col, s.Players[0].Arrive = 1, 5 // he is active
	s.FixedDice = []int{2, 4}
	if got := s.wallaceNet(area(t, "A4"), s.Solo.Survey[0]); got != 5 {
		t.Fatalf("net worth %d, want 5", got)
	}
	s.settle()
	if s.Phase != PhaseAuction || s.Auction.High != 6 || s.Auction.HighSeat != WallaceSeat || s.Auction.Min != 2 {
		t.Fatalf("phase %s auction %+v", s.Phase, s.Auction)
	}
	if !logHas(s, "orange 2 and blue 4") {
		t.Fatal("dice not logged")
	}
	t.Run("you must bid more than £6", func(t *testing.T) {
		refuse(t, s, "0/bid:6", ErrBadBid)
		n := play(t, s, "0/bid:7")
		if n.Areas[area(t, "A4")].Mine != 0 || n.Players[0].Money != 13 {
			t.Fatalf("mine %d money %d", n.Areas[area(t, "A4")].Mine, n.Players[0].Money)
		}
	})
	t.Run("you drop: he builds without paying, 2 work points", func(t *testing.T) {
		n := play(t, s, "0/drop")
		a := n.Areas[area(t, "A4")]
		if a.Mine != WallaceSeat || a.Copper != 4 || lord(n).Col != 2 || n.Ledger.Bids != 0 {
			t.Fatalf("area %+v col %d", a, lord(n).Col)
		}
	})
}

// TestWallaceAnswersYourAuction: one bid each; he outbids by the least he
// must, ties go to you, he passes on a net worth of −2 or less, when
// winning would put him more than 4 columns ahead, and once he has spent 9.
func TestWallaceAnswersYourAuction(t *testing.T) {
	base := func(t *testing.T, o Options) *State {
		s := soloBoard(t, o, false)
		put(t, s, "A4", "3/3/2", true) // net 4 (+1 copper: 5)
		giveHand(t, s, "A +1 copper £2")
		return s
	}
	c := card(t, "A +1 copper £2")
	open := "0/b:A4:c" + itoa(c)
	t.Run("he outbids by £1 and you get insurance", func(t *testing.T) {
		s := base(t, Options{})
		s.FixedDice = []int{3, 4} // orange 3, blue 4: up to £6
		s = play(t, s, open, "0/bid:4")
		a := s.Areas[area(t, "A4")]
		if a.Mine != WallaceSeat || s.Players[0].Money != 20+3 || !logHas(s, "Lord Wallace bids £5") {
			t.Fatalf("mine %d money %d\n%s", a.Mine, s.Players[0].Money, strings.Join(englishLog(t, s), "\n"))
		}
	})
	t.Run("a tie is yours", func(t *testing.T) {
		s := base(t, Options{})
		s.FixedDice = []int{3, 4} // up to £6
		s = play(t, s, open, "0/bid:6")
		if s.Areas[area(t, "A4")].Mine != 0 || !logHas(s, "Lord Wallace passes") {
			t.Fatal("he won a tie")
		}
	})
	t.Run("deep pockets: +£2", func(t *testing.T) {
		s := base(t, Options{DeepPockets: true})
		s.FixedDice = []int{3, 4} // up to £8
		s = play(t, s, open, "0/bid:7")
		if s.Areas[area(t, "A4")].Mine != WallaceSeat {
			t.Fatal("deep pockets ignored")
		}
	})
	t.Run("net worth -2: he does not bid", func(t *testing.T) {
		s := soloBoard(t, Options{}, false)
		put(t, s, "A4", "0/0/3", true)
		giveHand(t, s, "A -1 water £1")
		s = play(t, s, "0/b:A4:c"+itoa(card(t, "A -1 water £1")), "0/bid:1")
		if s.Areas[area(t, "A4")].Mine != 0 || logHas(s, "rolls") {
			t.Fatal("he bid or rolled")
		}
	})
	t.Run("more than 4 columns ahead: he passes", func(t *testing.T) {
		s := base(t, Options{})
		lord(s).Col = 3 // winning: column 5, you in 0
		s = play(t, s, open, "0/bid:2")
		if s.Areas[area(t, "A4")].Mine != 0 || !logHas(s, "Lord Wallace can't bid") {
			t.Fatal("he bid")
		}
		s2 := base(t, Options{})
		lord(s2).Col = 2 // winning: column 4
		s2.FixedDice = []int{4, 4}
		s2 = play(t, s2, open, "0/bid:2")
		if s2.Areas[area(t, "A4")].Mine != WallaceSeat {
			t.Fatal("4 ahead is allowed")
		}
	})
	t.Run("once he has spent 9 he cannot bid", func(t *testing.T) {
		s := base(t, Options{})
		lord(s).Col = 9
		s.Players[0].Col = 8
		s = play(t, s, open, "0/bid:2")
		if s.Areas[area(t, "A4")].Mine != 0 {
			t.Fatal("he bid")
		}
	})
	t.Run("your face-down tile is turned face up", func(t *testing.T) {
		s := base(t, Options{})
		put(t, s, "A6", "2/2/2", false)
		s.FixedDice = []int{0}
		s = play(t, s, "0/b:A6:c"+itoa(c))
		if !s.Areas[area(t, "A6")].FaceUp || !logHas(s, "The tile is turned face up: 2/2/2") {
			t.Fatal("still face down")
		}
	})
	t.Run("his passing raises your minimum by £1", func(t *testing.T) {
		s := base(t, Options{})
		lord(s).Passed = true
		s.PassOrder = []int{WallaceSeat}
		s = play(t, s, open)
		if s.Auction != nil && s.Auction.Min != 3 {
			t.Fatalf("min %d", s.Auction.Min)
		}
	})
}

// TestWallaceBuildsWithLastPoint: having spent 9 he still builds, for 1 WP.
func TestWallaceBuildsWithLastPoint(t *testing.T) {
	s := soloBoard(t, Options{}, false)
	put(t, s, "A4", "3/3/2", true)
	s.Solo.Survey = []int{card(t, "A +1 copper £2")}
	lord(s).Col = 9
	s.Players[0].Col = 10
	s.Players[0].Passed, s.PassOrder = true, []int{0}
	s.FixedDice = []int{1, 1}
	if !s.wallaceBuild(false) {
		t.Fatal("no build")
	}
	if s.Areas[area(t, "A4")].Mine != WallaceSeat || lord(s).Col != 10 {
		t.Fatalf("col %d", lord(s).Col)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestWallaceDeckDocumented: the card tables in docs/lord-wallace.md are
// the deck in the edition, cell for cell.
func TestWallaceDeckDocumented(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "lord-wallace.md"))
	if err != nil {
		t.Fatal(err)
	}
	var got [][][]string
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(line, "**Card "):
			got = append(got, nil)
		case len(got) > 0 && strings.HasPrefix(line, "| ") && !strings.HasPrefix(line, "| round") && len(got[len(got)-1]) < NumRounds:
			f := strings.Split(strings.Trim(line, "| "), "|")
			var cells []string
			for _, c := range f[1:] {
				cells = append(cells, strings.TrimSpace(c))
			}
			got[len(got)-1] = append(got[len(got)-1], cells)
		}
	}
	if len(got) != len(Standard.Wallace) {
		t.Fatalf("docs show %d cards, the edition has %d", len(got), len(Standard.Wallace))
	}
	for k, c := range Standard.Wallace {
		for r := range c.Cells {
			for p, cell := range c.Cells[r] {
				if r >= len(got[k]) || p >= len(got[k][r]) || got[k][r][p] != cell.String() {
					t.Fatalf("card %d round %d column %d: the edition says %s, the docs differ", k+1, r+1, p, cell)
				}
			}
		}
	}
}

// freeBuild has Lord Wallace build for free (as with shady land purchases)
// and returns the area of his new mine.
func freeBuild(t *testing.T, s *State) int {
	t.Helper()
	before := map[int]bool{}
	for _, i := range s.wallaceMines() {
		before[i] = true
	}
	if !s.wallaceBuild(true) {
		t.Fatal("no build")
	}
	for _, i := range s.wallaceMines() {
		if !before[i] {
			return i
		}
	}
	t.Fatal("no new mine")
	return -1
}

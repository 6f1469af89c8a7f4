package tinners

import "fmt"

// CheckInvariants returns the first broken invariant of s, or nil: money
// and cubes agree with the ledger, money is never negative, work markers and
// mines stay in bounds, the per-area, per-border and per-round limits hold,
// and no survey card is in two places.
func CheckInvariants(s *State) error {
	held, err := checkSeats(s)
	if err != nil {
		return err
	}
	if err := checkMoneyAndPoints(s, held); err != nil {
		return err
	}
	onMap, err := checkAreas(s)
	if err != nil {
		return err
	}
	if err := checkConservation(s, held, onMap); err != nil {
		return err
	}
	if err := checkDevelopment(s); err != nil {
		return err
	}
	if err := checkCards(s); err != nil {
		return err
	}
	if err := checkEmigration(s); err != nil {
		return err
	}
	if err := checkSolo(s); err != nil {
		return err
	}
	if s.Phase != PhaseOver && len(s.ToAct()) == 0 {
		return fmt.Errorf("nobody to act in phase %s", s.Phase)
	}
	return nil
}

// tally counts what the seats hold (checkSeats) or the map holds
// (checkAreas), for the conservation checks.
type tally struct {
	money, points, tin, copper, arsenic int
	mines                               []int // per seat; the map's tally only
}

// checkSeats checks each seat's money, work marker, arsenic pieces and
// mines built, and counts what the seats hold.
func checkSeats(s *State) (tally, error) {
	e := s.Edition()
	var t tally
	for i, p := range s.Players {
		if p.Money < 0 {
			return t, fmt.Errorf("seat %d has £%d", i, p.Money)
		}
		if p.Col < 0 || p.Col > s.finalCol(i) {
			return t, fmt.Errorf("seat %d work marker in column %d", i, p.Col)
		}
		if p.Limiter < 0 || p.Limiter > e.WorkTrackLen || p.Arsenic < 0 {
			return t, fmt.Errorf("seat %d limiter in column %d, %d arsenic", i, p.Limiter, p.Arsenic)
		}
		if !s.Options.Arsenic && (p.Limiter != 0 || p.Arsenic != 0) {
			return t, fmt.Errorf("seat %d has arsenic pieces without the module", i)
		}
		t.arsenic += p.Arsenic
		if p.MinesBuilt < 0 || p.MinesBuilt > s.mineLimit(i) {
			return t, fmt.Errorf("seat %d built %d mines", i, p.MinesBuilt)
		}
		t.money += p.Money
		t.points += p.Points
		t.tin += p.Tin
		t.copper += p.Copper
	}
	return t, nil
}

// checkMoneyAndPoints checks the seats' money and points against the ledger.
func checkMoneyAndPoints(s *State, held tally) error {
	l := s.Ledger
	if want := l.StartMoney + l.Sales + l.ArsenicSales + l.Kimberly + l.Adelaide + l.Pasties + l.Insurance + l.Bonus - l.Bids - l.Extraction - l.CardCosts - l.Invested - l.WrittenOff; held.money != want {
		return fmt.Errorf("money not conserved: players hold £%d, ledger says £%d", held.money, want)
	}
	if held.points != l.Points {
		return fmt.Errorf("points %d, ledger %d", held.points, l.Points)
	}
	return nil
}

// checkAreas checks each area's cubes and pieces (none out of play, ports
// on the coast, calciners at mines, one calciner a seat) and counts the
// cubes and mines on the map.
func checkAreas(s *State) (tally, error) {
	e := s.Edition()
	t := tally{mines: make([]int, len(s.Players))}
	calciners := make([]int, len(s.Players))
	for i, a := range s.Areas {
		if a.Tin < 0 || a.Copper < 0 || a.Water < 0 || a.Drain < 0 {
			return t, fmt.Errorf("%s has negative cubes", e.Areas[i].ID)
		}
		if a.Mine >= 0 {
			t.mines[a.Mine]++
			if a.Drain != 0 {
				return t, fmt.Errorf("%s has a mine and drainage tokens", e.Areas[i].ID)
			}
		}
		// Cubes count with a mine or without (adit cubes wait for one).
		t.tin += a.Tin
		t.copper += a.Copper
		if !a.InPlay && (a.Mine >= 0 || a.Miner || a.Port || a.Train || a.HasTile || a.Extra != 0) {
			return t, fmt.Errorf("%s is out of play but has pieces", e.Areas[i].ID)
		}
		if a.Arsenic < 0 {
			return t, fmt.Errorf("%s has negative arsenic", e.Areas[i].ID)
		}
		t.arsenic += a.Arsenic
		if a.Calciner {
			if a.Mine < 0 {
				return t, fmt.Errorf("calciner without a mine in %s", e.Areas[i].ID)
			}
			calciners[a.Mine]++
		}
		if a.Port && !e.Areas[i].Coastal {
			return t, fmt.Errorf("port inland in %s", e.Areas[i].ID)
		}
	}
	for i, n := range calciners {
		if n > 1 {
			return t, fmt.Errorf("seat %d has %d calciners", i, n)
		}
	}
	return t, nil
}

// checkConservation checks that arsenic, mines and tin and copper cubes
// on the map, held and sold add up to what the ledger says was placed.
func checkConservation(s *State, held, onMap tally) error {
	l := s.Ledger
	market := 0
	for _, n := range s.ArsenicMarket {
		market += n
	}
	if onMap.arsenic+held.arsenic+l.ArsenicSold != l.ArsenicPlaced || market != l.ArsenicSold {
		return fmt.Errorf("arsenic not conserved: map %d + held %d + sold %d vs placed %d; market holds %d",
			onMap.arsenic, held.arsenic, l.ArsenicSold, l.ArsenicPlaced, market)
	}
	if !s.Options.Arsenic && l.ArsenicPlaced != 0 {
		return fmt.Errorf("arsenic placed without the module")
	}
	for i, n := range onMap.mines {
		if n != s.Players[i].MinesBuilt {
			return fmt.Errorf("seat %d: %d mines on the map, %d built", i, n, s.Players[i].MinesBuilt)
		}
	}
	if onMap.tin+held.tin+l.TinSold != l.TinPlaced || onMap.copper+held.copper+l.CopperSold != l.CopperPlaced {
		return fmt.Errorf("cubes not conserved: tin %d+%d+%d vs %d, copper %d+%d+%d vs %d",
			onMap.tin, held.tin, l.TinSold, l.TinPlaced, onMap.copper, held.copper, l.CopperSold, l.CopperPlaced)
	}
	return nil
}

// checkDevelopment checks adits touch areas in play only and the
// development pieces left stay within the round's supply.
func checkDevelopment(s *State) error {
	e := s.Edition()
	for b, on := range s.Adits {
		if on && (!s.Areas[e.Borders[b][0]].InPlay || !s.Areas[e.Borders[b][1]].InPlay) {
			return fmt.Errorf("adit on border %d touches an area out of play", b)
		}
	}
	if s.Round >= 1 && s.Round <= NumRounds {
		db := e.DevBoards[s.NumSeats]
		r := s.Round - 1
		if s.Miners < 0 || s.Miners > db.Miners[r] || s.Ports < 0 || s.Ports > db.Ports[r] ||
			s.Trains < 0 || s.Trains > db.Trains[r] || s.AditsLeft < 0 || s.AditsLeft > db.Adits[r] {
			return fmt.Errorf("development pieces out of bounds for round %d", s.Round)
		}
	}
	return nil
}

// checkCards checks every survey card is in one place at most: a hand, a
// draft, a deck, Lord Wallace's survey deck or the live auction.
func checkCards(s *State) error {
	seen := make([]bool, len(s.Edition().Cards))
	place := func(c int, where string) error {
		if c < 0 || c >= len(seen) {
			return fmt.Errorf("%s holds card %d, which does not exist", where, c)
		}
		if seen[c] {
			return fmt.Errorf("card %d is in two places (again in %s)", c, where)
		}
		seen[c] = true
		return nil
	}
	for i, p := range s.Players {
		for _, c := range append(append([]int(nil), p.Hand...), p.Draft...) {
			if err := place(c, fmt.Sprintf("seat %d's hand", i)); err != nil {
				return err
			}
		}
	}
	for r, d := range s.Decks {
		for _, c := range d {
			if err := place(c, fmt.Sprintf("deck %s", Region(r))); err != nil {
				return err
			}
		}
	}
	if s.Solo != nil {
		for _, c := range s.Solo.Survey {
			if err := place(c, "Lord Wallace's survey deck"); err != nil {
				return err
			}
		}
	}
	if s.Auction != nil && s.Auction.Card != NoCard {
		if err := place(s.Auction.Card, "the auction"); err != nil {
			return err
		}
	}
	return nil
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// checkEmigration: every seat's own miners are in its supply, on the map (as
// the one miner of an area with its mine) or on the emigration board, 4 in
// all; a claimed space belongs to a round already reached; Michigan pieces
// and extra miners are never negative; none of it without the module.
func checkEmigration(s *State) error {
	e := s.Edition()
	onMap := make([]int, len(s.Players))
	for i, a := range s.Areas {
		if a.Extra < 0 {
			return fmt.Errorf("%s has %d extra miners", e.Areas[i].ID, a.Extra)
		}
		if a.OwnMiner == 0 {
			continue
		}
		seat := a.OwnMiner - 1
		if seat < 0 || seat >= len(s.Players) || !a.Miner || a.Mine != seat {
			return fmt.Errorf("%s: own miner of seat %d without its mine or miner", e.Areas[i].ID, seat)
		}
		onMap[seat]++
	}
	if !s.Options.Emigration {
		for i, p := range s.Players {
			if onMap[i] != 0 || p.OwnMiners != 0 || p.Emigrated != 0 || p.Pending.Total() != 0 {
				return fmt.Errorf("seat %d has emigration pieces without the module", i)
			}
		}
		for i, a := range s.Areas {
			if a.Extra != 0 {
				return fmt.Errorf("%s has Michigan miners without the module", e.Areas[i].ID)
			}
		}
		if s.Emigrants != nil || s.Ledger.Kimberly != 0 || s.Ledger.Adelaide != 0 {
			return fmt.Errorf("emigration board used without the module")
		}
		return nil
	}
	if len(s.Emigrants) != NumLocations {
		return fmt.Errorf("emigration board has %d locations", len(s.Emigrants))
	}
	claims := make([]int, len(s.Players))
	for l, row := range s.Emigrants {
		for r, seat := range row {
			if seat < 0 {
				continue
			}
			if seat >= len(s.Players) || r >= s.Round {
				return fmt.Errorf("%s round %d claimed by seat %d in round %d", e.Emigration[l].Name, r+1, seat, s.Round)
			}
			claims[seat]++
		}
	}
	for i, p := range s.Players {
		pd := p.Pending
		if p.OwnMiners < 0 || p.Emigrated != claims[i] || pd.Adits < 0 || pd.Trains < 0 || pd.Ports < 0 || pd.Miners < 0 {
			return fmt.Errorf("seat %d: %d own miners, %d emigrated, %d claims, pending %+v", i, p.OwnMiners, p.Emigrated, claims[i], pd)
		}
		if p.OwnMiners+onMap[i]+p.Emigrated != e.OwnMiners {
			return fmt.Errorf("seat %d's miners not conserved: %d + %d on the map + %d emigrated", i, p.OwnMiners, onMap[i], p.Emigrated)
		}
	}
	return nil
}

// checkSolo: a game without Lord Wallace has one player per seat (2–5); a
// solo game has exactly the player and him; his action deck and the cards
// drawn since its shuffle are the ten cards once each; he owes nothing
// negative and holds no survey hand; he never passed for want of a card
// while a build, mine or development was possible; and the game never
// waits for him (his turn always ran).
func checkSolo(s *State) error {
	o := s.Solo
	if o == nil {
		if len(s.Players) != s.NumSeats || s.NumSeats < MinSeats {
			return fmt.Errorf("%d players for %d seats without Lord Wallace", len(s.Players), s.NumSeats)
		}
		return nil
	}
	if s.NumSeats != 1 || len(s.Players) != 2 {
		return fmt.Errorf("solo game with %d seats and %d players", s.NumSeats, len(s.Players))
	}
	all := append(append([]int(nil), o.Actions...), o.Used...)
	if !isPerm(all, len(s.Edition().Wallace)) {
		return fmt.Errorf("Lord Wallace's action cards: deck %v and used %v are not the ten cards", o.Actions, o.Used)
	}
	if o.Card < -1 || o.Card >= len(s.Edition().Wallace) {
		return fmt.Errorf("Lord Wallace's last card %d", o.Card)
	}
	w := s.Players[WallaceSeat]
	if o.Owed < 0 || o.Kimberly < 0 || len(w.Hand) != 0 || len(w.Draft) != 0 {
		return fmt.Errorf("Lord Wallace owes £%d, is due £%d from Kimberly, holds %d cards", o.Owed, o.Kimberly, len(w.Hand)+len(w.Draft))
	}
	if o.DeckMisses != 0 {
		return fmt.Errorf("Lord Wallace passed for want of a card %d time(s) while an action was possible", o.DeckMisses)
	}
	for _, q := range s.ToAct() {
		if q == WallaceSeat {
			return fmt.Errorf("the game waits for Lord Wallace in phase %s", s.Phase)
		}
	}
	if s.Phase == PhaseActions && s.active() == WallaceSeat {
		return fmt.Errorf("Lord Wallace is the active player but his turn did not run")
	}
	return nil
}

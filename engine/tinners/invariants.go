package tinners

import "fmt"

// CheckInvariants returns the first broken invariant of s, or nil: money
// and cubes agree with the ledger, money is never negative, work markers and
// mines stay in bounds, the per-area, per-border and per-round limits hold,
// and no survey card is in two places.
func CheckInvariants(s *State) error {
	e := s.Edition()
	money, points := 0, 0
	tinHeld, copHeld, arsenicHeld := 0, 0, 0
	for i, p := range s.Players {
		if p.Money < 0 {
			return fmt.Errorf("seat %d has £%d", i, p.Money)
		}
		if p.Col < 0 || p.Col > s.finalCol(i) {
			return fmt.Errorf("seat %d work marker in column %d", i, p.Col)
		}
		if p.Limiter < 0 || p.Limiter > e.WorkTrackLen || p.Arsenic < 0 {
			return fmt.Errorf("seat %d limiter in column %d, %d arsenic", i, p.Limiter, p.Arsenic)
		}
		if !s.Options.Arsenic && (p.Limiter != 0 || p.Arsenic != 0) {
			return fmt.Errorf("seat %d has arsenic pieces without the module", i)
		}
		arsenicHeld += p.Arsenic
		if p.MinesBuilt < 0 || p.MinesBuilt > s.mineLimit(i) {
			return fmt.Errorf("seat %d built %d mines", i, p.MinesBuilt)
		}
		money += p.Money
		points += p.Points
		tinHeld += p.Tin
		copHeld += p.Copper
	}
	l := s.Ledger
	if want := l.StartMoney + l.Sales + l.ArsenicSales + l.Kimberly + l.Adelaide + l.Pasties + l.Insurance + l.Bonus - l.Bids - l.Extraction - l.CardCosts - l.Invested - l.WrittenOff; money != want {
		return fmt.Errorf("money not conserved: players hold £%d, ledger says £%d", money, want)
	}
	if points != l.Points {
		return fmt.Errorf("points %d, ledger %d", points, l.Points)
	}
	mines := make([]int, len(s.Players))
	calciners := make([]int, len(s.Players))
	arsenicMap := 0
	tinMap, copMap := 0, 0
	for i, a := range s.Areas {
		if a.Tin < 0 || a.Copper < 0 || a.Water < 0 || a.Drain < 0 {
			return fmt.Errorf("%s has negative cubes", e.Areas[i].ID)
		}
		if a.Mine >= 0 {
			mines[a.Mine]++
			if a.Drain != 0 {
				return fmt.Errorf("%s has a mine and drainage tokens", e.Areas[i].ID)
			}
			tinMap += a.Tin
			copMap += a.Copper
		} else {
			tinMap += a.Tin // adit cubes wait for a mine
			copMap += a.Copper
		}
		if !a.InPlay && (a.Mine >= 0 || a.Miner || a.Port || a.Train || a.HasTile || a.Extra != 0) {
			return fmt.Errorf("%s is out of play but has pieces", e.Areas[i].ID)
		}
		if a.Arsenic < 0 {
			return fmt.Errorf("%s has negative arsenic", e.Areas[i].ID)
		}
		arsenicMap += a.Arsenic
		if a.Calciner {
			if a.Mine < 0 {
				return fmt.Errorf("calciner without a mine in %s", e.Areas[i].ID)
			}
			calciners[a.Mine]++
		}
		if a.Port && !e.Areas[i].Coastal {
			return fmt.Errorf("port inland in %s", e.Areas[i].ID)
		}
	}
	for i, n := range calciners {
		if n > 1 {
			return fmt.Errorf("seat %d has %d calciners", i, n)
		}
	}
	market := 0
	for _, n := range s.ArsenicMarket {
		market += n
	}
	if arsenicMap+arsenicHeld+l.ArsenicSold != l.ArsenicPlaced || market != l.ArsenicSold {
		return fmt.Errorf("arsenic not conserved: map %d + held %d + sold %d vs placed %d; market holds %d",
			arsenicMap, arsenicHeld, l.ArsenicSold, l.ArsenicPlaced, market)
	}
	if !s.Options.Arsenic && l.ArsenicPlaced != 0 {
		return fmt.Errorf("arsenic placed without the module")
	}
	for i, n := range mines {
		if n != s.Players[i].MinesBuilt {
			return fmt.Errorf("seat %d: %d mines on the map, %d built", i, n, s.Players[i].MinesBuilt)
		}
	}
	if tinMap+tinHeld+l.TinSold != l.TinPlaced || copMap+copHeld+l.CopperSold != l.CopperPlaced {
		return fmt.Errorf("cubes not conserved: tin %d+%d+%d vs %d, copper %d+%d+%d vs %d",
			tinMap, tinHeld, l.TinSold, l.TinPlaced, copMap, copHeld, l.CopperSold, l.CopperPlaced)
	}
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
	// Every survey card is in one place at most: a hand, a draft, a deck or
	// the live auction.
	seen := make([]bool, len(e.Cards))
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

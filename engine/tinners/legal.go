package tinners

// ---- legality ----

func (s *State) validArea(i int) bool { return i >= 0 && i < len(s.Areas) }

// removedOutOfPlay reports whether a 2-player area whose face-down tile was
// removed is out of play altogether (no developments, nobody's neighbour).
// Edition 1 kept it open for developments; its games keep that rule.
func (s *State) removedOutOfPlay() bool { return s.EditionVersion != EditionV1 }

// live reports whether area i is in play for developments and as a
// neighbour: it had a tile at this player count and was not removed.
func (s *State) live(i int) bool {
	a := s.Areas[i]
	return a.InPlay && !(a.Removed && s.removedOutOfPlay())
}

// check returns nil if seat may make action a now, else a *RuleError. It is
// the one definition of legality: Apply and Legal both use it.
func (s *State) check(a Action) error {
	e := s.Edition()
	if s.Phase == PhaseOver {
		return forbid(ErrGameOver, say("tt_err_game_over"), "The game is over.")
	}
	if a.Seat < 0 || a.Seat >= s.NumSeats {
		return forbid(ErrNotSeated, say("tt_err_not_seated"), "That seat is not at this table.")
	}
	if a.Kind < 0 || a.Kind >= numActionKinds {
		return forbid(ErrMalformedAction, say("tt_err_no_such_action"), "That is not an action in this game.")
	}
	if phaseOf(a.Kind) != s.Phase {
		return forbid(ErrWrongPhase, say("tt_err_wrong_phase", "Phase", PhaseWords(s.Phase)), "You can't do that now: the game is in the %s phase.", s.Phase)
	}
	if !s.waitsFor(a.Seat) {
		return forbid(ErrNotYourTurn, say("tt_err_not_your_turn"), "It is not your turn.")
	}
	p := s.Players[a.Seat]
	switch s.Phase {
	case PhaseDraft:
		for _, c := range p.Draft {
			if c == a.Card {
				if p.Discarded&(1<<uint(e.Cards[c].Deck)) != 0 {
					return forbid(ErrBadCard, say("tt_err_already_discarded", "Deck", deckWords(e.Cards[c].Deck)), "You have already discarded a %s card.", e.Cards[c].Deck)
				}
				return nil
			}
		}
		return forbid(ErrBadCard, say("tt_err_not_drawn"), "That card is not among the cards you drew.")
	case PhaseActions:
		if p.Col >= s.finalCol(a.Seat) && a.Kind != ActPass && !a.Kind.IsFree() {
			return forbid(ErrMustPass, say("tt_err_must_pass"), "Your marker is in the final column of the work track: you must pass.")
		}
		if cost := e.Costs[a.Kind]; p.Col+cost > s.finalCol(a.Seat) {
			return forbid(ErrNoWorkPoints, say("tt_err_work_points", "Count", cost, "Left", s.finalCol(a.Seat)-p.Col), "That needs %d work points and you have %d left.", cost, s.finalCol(a.Seat)-p.Col)
		}
		return s.checkAction(a, p)
	case PhaseAuction:
		au := s.Auction
		switch a.Kind {
		case ActBid:
			min := au.High + 1
			if au.High == 0 {
				min = au.Min
			}
			if a.Amount < min {
				return forbid(ErrBadBid, say("tt_err_bid_min", "Min", min), "Your bid must be at least £%d.", min)
			}
			if a.Amount > p.Money {
				return forbid(ErrNoMoney, say("tt_err_bid_money", "Amount", a.Amount, "Money", p.Money), "You can't bid £%d: you have only £%d.", a.Amount, p.Money)
			}
		case ActDrop:
			if a.Seat == au.Opener && au.High == 0 && !(au.FromDeck && p.Money < au.Min) {
				return forbid(ErrBadBid, say("tt_err_opening_bid"), "You opened this auction, so you must make the opening bid.")
			}
		}
		return nil
	case PhaseAfterAuction:
		if a.Card == NoCard {
			return nil
		}
		if !s.hasCard(a.Seat, a.Card) || a.Card < 0 || a.Card >= len(e.Cards) {
			return forbid(ErrBadCard, say("tt_err_card_not_in_hand"), "That survey card is not in your hand.")
		}
		if !s.cardPlayable(a.Card, s.Auction.Area) {
			return forbid(ErrBadCard, say("tt_err_card_not_here", "Area", e.Areas[s.Auction.Area].Name), "That survey card can't be played on %s.", e.Areas[s.Auction.Area].Name)
		}
		if v := e.Cards[a.Card].Value; v > p.Money {
			return forbid(ErrNoMoney, say("tt_err_card_money", "Value", v, "Money", p.Money), "That card costs £%d and you have £%d.", v, p.Money)
		}
		return nil
	case PhasePumps:
		if a.Kind == ActPump {
			if !s.validArea(a.Area) || s.Areas[a.Area].Mine < 0 || s.Areas[a.Area].Water == 0 {
				return forbid(ErrBadArea, say("tt_err_pump_where"), "Steam pumps remove water from a mine that has water.")
			}
		}
		return nil
	case PhaseInvest:
		if a.Kind == ActInvest {
			if a.Amount != 10 && a.Amount != 5 {
				return forbid(ErrBadAmount, say("tt_err_invest_amount"), "You invest £10 or £5 at a time.")
			}
			if a.Amount > p.Money {
				return forbid(ErrNoMoney, say("tt_err_only_money", "Money", p.Money), "You have only £%d.", p.Money)
			}
		}
		if a.Kind == ActFinishInvest && s.InvestedNow == 0 {
			return forbid(ErrNotAvailable, say("tt_err_invested_nothing"), "You have invested nothing this turn: end your turn to be done investing.")
		}
		return nil
	case PhaseCalciner:
		return nil
	case PhasePeek:
		if a.Kind == ActPeek {
			if !s.validArea(a.Area) || !s.Areas[a.Area].HasTile || s.Areas[a.Area].FaceUp {
				return forbid(ErrNoTile, say("tt_err_peek_face_down"), "You can only look at a face-down tile.")
			}
			if s.Areas[a.Area].Peekers&(1<<uint(a.Seat)) != 0 {
				return forbid(ErrNoTile, say("tt_err_peek_seen"), "You have already seen that tile.")
			}
		}
		return nil
	}
	return forbid(ErrWrongPhase, say("tt_err_not_now"), "You can't do that now.")
}

func phaseOf(k ActionKind) Phase {
	switch k {
	case ActDraftDiscard:
		return PhaseDraft
	case ActBid, ActDrop:
		return PhaseAuction
	case ActAfterCard:
		return PhaseAfterAuction
	case ActPump, ActPumpDone:
		return PhasePumps
	case ActInvest, ActEndInvestTurn, ActFinishInvest:
		return PhaseInvest
	case ActPeek, ActSkipPeek:
		return PhasePeek
	case ActCalciner, ActNoCalciner:
		return PhaseCalciner
	}
	return PhaseActions
}

func (s *State) checkAction(a Action, p Player) error {
	e := s.Edition()
	needArea := func() error {
		if !s.validArea(a.Area) || !s.Areas[a.Area].InPlay {
			return forbid(ErrBadArea, say("tt_err_area_not_in_play"), "That area is not in play.")
		}
		return nil
	}
	switch a.Kind {
	case ActBuild:
		if err := needArea(); err != nil {
			return err
		}
		ar := s.Areas[a.Area]
		if ar.Mine >= 0 {
			return forbid(ErrNoTile, say("tt_err_has_mine", "Area", e.Areas[a.Area].Name), "%s already has a mine.", e.Areas[a.Area].Name)
		}
		if !ar.HasTile {
			return forbid(ErrNoTile, say("tt_err_no_tile", "Area", e.Areas[a.Area].Name), "%s has no area tile to build on.", e.Areas[a.Area].Name)
		}
		if s.minesLeft(a.Seat) == 0 {
			return forbid(ErrNoMines, say("tt_err_no_mines"), "You have built all your mines.")
		}
		region := e.Areas[a.Area].Region
		if s.twoPlayerRules() {
			switch {
			case a.Draw && a.Card != NoCard:
				return forbid(ErrBadCard, say("tt_err_card_and_draw"), "Play a card from your hand or draw one, not both.")
			case a.Draw:
				if len(s.Decks[region]) == 0 {
					return forbid(ErrBadCard, say("tt_err_deck_empty", "Region", region.String()), "The %s survey deck is empty.", region)
				}
				return nil
			case a.Card == NoCard:
				return forbid(ErrBadCard, say("tt_err_two_player_card"), "With two players a survey card starts every auction: play one from your hand or draw one.")
			}
			if err := s.checkHandCard(a, region); err != nil {
				return err
			}
			v := e.Cards[a.Card].Value
			if s.solo() {
				v += s.passedOthers(a.Seat)
			}
			if p.Money < v {
				return forbid(ErrNoMoney, say("tt_err_min_bid_would", "Min", v, "Money", p.Money), "The minimum bid would be £%d and you have £%d.", v, p.Money)
			}
			return nil
		}
		if a.Draw {
			return forbid(ErrBadCard, say("tt_err_draw_two_only"), "Drawing a survey card is only for two players.")
		}
		if min := 1 + len(s.PassOrder); p.Money < min {
			return forbid(ErrNoMoney, say("tt_err_min_bid", "Min", min, "Money", p.Money), "The minimum bid is £%d and you have £%d.", min, p.Money)
		}
		if a.Card == NoCard {
			return nil
		}
		if err := s.checkHandCard(a, region); err != nil {
			return err
		}
		if ar.FaceUp {
			return forbid(ErrBadCard, say("tt_err_card_face_down_only"), "A survey card is played before an auction only on a face-down tile.")
		}
		min := 1 + len(s.PassOrder)
		for q := range s.Players {
			if q != a.Seat && s.canBid(q) && s.Players[q].Money > min {
				return nil
			}
		}
		return forbid(ErrBadCard, say("tt_err_card_nobody_bids"), "Nobody else can bid, so no survey card may be played before this auction.")
	case ActExtract:
		if !s.validArea(a.Area) || s.Areas[a.Area].Mine != a.Seat {
			return forbid(ErrBadArea, say("tt_err_no_mine_there"), "You have no mine there.")
		}
		ar := s.Areas[a.Area]
		n := a.Tin + a.Copper
		if a.Tin < 0 || a.Copper < 0 || n == 0 {
			return forbid(ErrBadAmount, say("tt_err_extract_none"), "Extract at least one cube.")
		}
		if n > s.capacity(a.Area) {
			return forbid(ErrBadAmount, say("tt_err_extract_capacity", "Count", s.capacity(a.Area)), "That mine can extract at most %d cubes.", s.capacity(a.Area))
		}
		if a.Tin > ar.Tin || a.Copper > ar.Copper {
			return forbid(ErrBadAmount, say("tt_err_extract_ore", "Tin", ar.Tin, "Copper", ar.Copper), "That mine has only %d tin and %d copper.", ar.Tin, ar.Copper)
		}
		if cost := n * ar.Water; cost > p.Money {
			return forbid(ErrNoMoney, say("tt_err_extract_money", "Count", n, "Cost", cost, "Money", p.Money), "Extracting %d cubes costs £%d and you have £%d.", n, cost, p.Money)
		}
	case ActMiner, ActPort, ActTrain:
		left, name := s.Miners, "miner"
		switch a.Kind {
		case ActPort:
			left, name = s.Ports, "port"
		case ActTrain:
			left, name = s.Trains, "train"
		}
		if left == 0 {
			return forbid(ErrNotAvailable, say("tt_err_none_left_"+name), "No %s is left on the development board this round.", name)
		}
		if err := needArea(); err != nil {
			return err
		}
		if !s.live(a.Area) {
			return forbid(ErrBadArea, say("tt_err_removed", "Area", e.Areas[a.Area].Name), "%s was removed from play when nobody bought its tile.", e.Areas[a.Area].Name)
		}
		ar := s.Areas[a.Area]
		if a.Kind == ActPort && !e.Areas[a.Area].Coastal {
			return forbid(ErrBadArea, say("tt_err_port_coast"), "A port must go in an area on the coast.")
		}
		if (a.Kind == ActMiner && ar.Miner) || (a.Kind == ActPort && ar.Port) || (a.Kind == ActTrain && ar.Train) {
			return forbid(ErrBadArea, say("tt_err_has_"+name, "Area", e.Areas[a.Area].Name), "%s already has a %s.", e.Areas[a.Area].Name, name)
		}
	case ActAdit:
		if s.AditsLeft == 0 {
			return forbid(ErrNotAvailable, say("tt_err_none_left_adit"), "No adit is left on the development board this round.")
		}
		if a.Border < 0 || a.Border >= len(e.Borders) {
			return forbid(ErrBadArea, say("tt_err_not_border"), "That is not a border.")
		}
		b := e.Borders[a.Border]
		if !s.Areas[b[0]].InPlay || !s.Areas[b[1]].InPlay {
			return forbid(ErrBadArea, say("tt_err_adit_in_play"), "An adit joins two areas in play.")
		}
		if !s.live(b[0]) || !s.live(b[1]) {
			return forbid(ErrBadArea, say("tt_err_adit_removed"), "An adit can't touch an area removed from play.")
		}
		if s.Adits[a.Border] {
			return forbid(ErrBadArea, say("tt_err_has_adit"), "That border already has an adit.")
		}
	case ActSteamPumps:
		if c, _ := s.nextPumpGroup(); c < 0 {
			return forbid(ErrNotAvailable, say("tt_err_no_pumps"), "No steam pumps are left this round.")
		}
	case ActProcessArsenic, ActSellArsenic:
		if !s.Options.Arsenic {
			return forbid(ErrNotAvailable, say("tt_err_no_arsenic_module"), "Arsenic is not played at this table.")
		}
		if s.calciner(a.Seat) < 0 {
			return forbid(ErrNotAvailable, say("tt_err_calciner_first"), "Build your calciner first: you may when you win an auction.")
		}
		if a.Kind == ActSellArsenic {
			if p.Arsenic == 0 {
				return forbid(ErrNotAvailable, say("tt_err_no_arsenic"), "You have no arsenic to sell.")
			}
			return nil
		}
		if !s.validArea(a.Area) || s.Areas[a.Area].Mine != a.Seat {
			return forbid(ErrBadArea, say("tt_err_no_mine_there"), "You have no mine there.")
		}
		if s.Areas[a.Area].Arsenic == 0 {
			return forbid(ErrBadAmount, say("tt_err_mine_no_arsenic"), "That mine has no arsenic.")
		}
		if s.nextLimiter(a.Seat) <= p.Col {
			return forbid(ErrNoWorkPoints, say("tt_err_limiter"), "Processing arsenic would move your limiter onto your work marker's column.")
		}
	case ActOwnMiner:
		if !s.Options.Emigration {
			return forbid(ErrNotAvailable, say("tt_err_no_emigration_module"), "Emigration is not played at this table.")
		}
		if s.Miners == 0 {
			return forbid(ErrNotAvailable, say("tt_err_none_left_miner"), "No miner is left on the development board this round.")
		}
		if p.OwnMiners == 0 {
			return forbid(ErrNotAvailable, say("tt_err_no_own_miner"), "You have no miner of your own left to place.")
		}
		if !s.validArea(a.Area) || s.Areas[a.Area].Mine != a.Seat || !s.live(a.Area) {
			return forbid(ErrBadArea, say("tt_err_own_miner_where"), "Your own miner goes in an area with one of your mines.")
		}
		if s.Areas[a.Area].Miner {
			return forbid(ErrBadArea, say("tt_err_has_miner", "Area", e.Areas[a.Area].Name), "%s already has a miner.", e.Areas[a.Area].Name)
		}
	case ActEmigrate:
		if !s.Options.Emigration {
			return forbid(ErrNotAvailable, say("tt_err_no_emigration_module"), "Emigration is not played at this table.")
		}
		if !s.validArea(a.Area) || s.Areas[a.Area].OwnMiner != a.Seat+1 {
			return forbid(ErrBadArea, say("tt_err_no_own_miner_there"), "You have no miner of your own there.")
		}
		if a.Amount < 0 || a.Amount >= NumLocations {
			return forbid(ErrBadArea, say("tt_err_no_location"), "That is not a place on the emigration board.")
		}
		if q := s.Emigrants[a.Amount][s.Round-1]; q >= 0 {
			return forbid(ErrNotAvailable, say("tt_err_location_taken", "Place", e.Emigration[a.Amount].Name, "Round", s.Round), "%s's round %d space is already taken.", e.Emigration[a.Amount].Name, s.Round)
		}
	case ActFreeAdit, ActFreeTrain, ActFreePort, ActFreeMiner:
		return s.checkFree(a, p)
	case ActPasties, ActPass:
	default:
		return forbid(ErrWrongPhase, say("tt_err_not_now"), "You can't do that now.")
	}
	return nil
}

// checkFree checks the placement of a piece taken in Michigan: the seat
// holds one, and it goes where a piece of its kind may go (a Michigan miner
// in any area in play, even one with miners).
func (s *State) checkFree(a Action, p Player) error {
	e := s.Edition()
	if !s.Options.Emigration {
		return forbid(ErrNotAvailable, say("tt_err_no_emigration_module"), "Emigration is not played at this table.")
	}
	left, name := p.Pending.Miners, "miner"
	switch a.Kind {
	case ActFreeAdit:
		left, name = p.Pending.Adits, "adit"
	case ActFreeTrain:
		left, name = p.Pending.Trains, "train"
	case ActFreePort:
		left, name = p.Pending.Ports, "port"
	}
	if left == 0 {
		return forbid(ErrNotAvailable, say("tt_err_no_michigan_"+name), "You have no %s from Michigan to place.", name)
	}
	if a.Kind == ActFreeAdit {
		if a.Border < 0 || a.Border >= len(e.Borders) {
			return forbid(ErrBadArea, say("tt_err_not_border"), "That is not a border.")
		}
		b := e.Borders[a.Border]
		if !s.live(b[0]) || !s.live(b[1]) {
			return forbid(ErrBadArea, say("tt_err_adit_in_play"), "An adit joins two areas in play.")
		}
		if s.Adits[a.Border] {
			return forbid(ErrBadArea, say("tt_err_has_adit"), "That border already has an adit.")
		}
		return nil
	}
	if !s.validArea(a.Area) || !s.live(a.Area) {
		return forbid(ErrBadArea, say("tt_err_area_not_in_play"), "That area is not in play.")
	}
	ar := s.Areas[a.Area]
	switch {
	case a.Kind == ActFreePort && !e.Areas[a.Area].Coastal:
		return forbid(ErrBadArea, say("tt_err_port_coast"), "A port must go in an area on the coast.")
	case (a.Kind == ActFreePort && ar.Port) || (a.Kind == ActFreeTrain && ar.Train):
		return forbid(ErrBadArea, say("tt_err_has_"+name, "Area", e.Areas[a.Area].Name), "%s already has a %s.", e.Areas[a.Area].Name, name)
	}
	return nil
}

func (s *State) checkHandCard(a Action, region Region) error {
	if a.Card < 0 || a.Card >= len(s.Edition().Cards) || !s.hasCard(a.Seat, a.Card) {
		return forbid(ErrBadCard, say("tt_err_card_not_in_hand"), "That survey card is not in your hand.")
	}
	if !s.Edition().Cards[a.Card].Matches(region) {
		return forbid(ErrBadCard, say("tt_err_card_region", "Region", region.String()), "That survey card does not match region %s.", region)
	}
	if !s.cardPlayable(a.Card, a.Area) {
		return forbid(ErrBadCard, say("tt_err_card_piece", "Area", s.Edition().Areas[a.Area].Name), "That survey card's piece can't be placed in %s.", s.Edition().Areas[a.Area].Name)
	}
	return nil
}

// Allows reports whether a is legal now: the one answer to "may this
// move be played", the same rule Legal lists and Apply enforces.
func (s *State) Allows(a Action) bool {
	if a.Seat < 0 || a.Seat >= s.NumSeats || !s.waitsFor(a.Seat) {
		return false
	}
	return s.check(a) == nil
}

// Legal lists every move seat may make now; empty if the game does not wait
// for seat. A bid is listed once, with Amount the least and the choice's
// Max the most it may bid. The bot builds its buttons from this list.
func (s *State) Legal(seat int) []Choice {
	if seat < 0 || seat >= s.NumSeats || !s.waitsFor(seat) {
		return nil
	}
	var out []Choice
	try := func(a Action) {
		a.Seat = seat
		if s.check(a) == nil {
			out = append(out, Choice{Action: a})
		}
	}
	base := Action{Seat: seat, Card: NoCard, Area: -1, Border: -1}
	with := func(k ActionKind, f func(*Action)) Action {
		a := base
		a.Kind = k
		if f != nil {
			f(&a)
		}
		return a
	}
	p := s.Players[seat]
	switch s.Phase {
	case PhaseDraft:
		for _, c := range p.Draft {
			try(with(ActDraftDiscard, func(a *Action) { a.Card = c }))
		}
	case PhaseActions:
		if p.Pending.Total() > 0 {
			s.legalFree(seat, try, with)
		}
		if p.Col >= s.finalCol(seat) {
			return append(out, Choice{Action: with(ActPass, nil)})
		}
		for i, ar := range s.Areas {
			if !ar.InPlay {
				continue
			}
			if ar.HasTile && ar.Mine < 0 {
				if s.twoPlayerRules() {
					try(with(ActBuild, func(a *Action) { a.Area, a.Draw = i, true }))
				} else {
					try(with(ActBuild, func(a *Action) { a.Area = i }))
				}
				for _, c := range p.Hand {
					if s.Edition().Cards[c].Matches(s.Edition().Areas[i].Region) {
						try(with(ActBuild, func(a *Action) { a.Area, a.Card = i, c }))
					}
				}
			}
			if ar.Mine == seat && ar.Arsenic > 0 && s.Options.Arsenic {
				try(with(ActProcessArsenic, func(a *Action) { a.Area = i }))
			}
			if ar.Mine == seat {
				capa := s.capacity(i)
				for t := 0; t <= ar.Tin && t <= capa; t++ {
					for c := 0; c <= ar.Copper && t+c <= capa; c++ {
						if t+c > 0 {
							try(with(ActExtract, func(a *Action) { a.Area, a.Tin, a.Copper = i, t, c }))
						}
					}
				}
			}
			// Cheap filters first (the full test is still check's): most
			// candidates fail here, and a refusal costs a formatted message.
			if s.Miners > 0 && !ar.Miner {
				try(with(ActMiner, func(a *Action) { a.Area = i }))
				if ar.Mine == seat && p.OwnMiners > 0 {
					try(with(ActOwnMiner, func(a *Action) { a.Area = i }))
				}
			}
			if ar.OwnMiner == seat+1 {
				for l := 0; l < NumLocations; l++ {
					try(with(ActEmigrate, func(a *Action) { a.Area, a.Amount = i, l }))
				}
			}
			if s.Ports > 0 && !ar.Port && s.Edition().Areas[i].Coastal {
				try(with(ActPort, func(a *Action) { a.Area = i }))
			}
			if s.Trains > 0 && !ar.Train {
				try(with(ActTrain, func(a *Action) { a.Area = i }))
			}
		}
		if s.AditsLeft > 0 {
			for b, br := range s.Edition().Borders {
				if !s.Adits[b] && s.Areas[br[0]].InPlay && s.Areas[br[1]].InPlay {
					try(with(ActAdit, func(a *Action) { a.Border = b }))
				}
			}
		}
		try(with(ActSteamPumps, nil))
		if s.Options.Arsenic {
			try(with(ActSellArsenic, nil))
		}
		try(with(ActPasties, nil))
		try(with(ActPass, nil))
	case PhaseAuction:
		au := s.Auction
		min := au.High + 1
		if au.High == 0 {
			min = au.Min
		}
		if min <= p.Money {
			out = append(out, Choice{Action: with(ActBid, func(a *Action) { a.Amount = min }), Max: p.Money})
		}
		try(with(ActDrop, nil))
	case PhaseAfterAuction:
		try(with(ActAfterCard, nil))
		for _, c := range p.Hand {
			try(with(ActAfterCard, func(a *Action) { a.Card = c }))
		}
	case PhasePumps:
		for i := range s.Areas {
			try(with(ActPump, func(a *Action) { a.Area = i }))
		}
		try(with(ActPumpDone, nil))
	case PhaseInvest:
		try(with(ActInvest, func(a *Action) { a.Amount = 10 }))
		try(with(ActInvest, func(a *Action) { a.Amount = 5 }))
		try(with(ActEndInvestTurn, nil))
		try(with(ActFinishInvest, nil))
	case PhasePeek:
		for i := range s.Areas {
			try(with(ActPeek, func(a *Action) { a.Area = i }))
		}
		try(with(ActSkipPeek, nil))
	case PhaseCalciner:
		try(with(ActCalciner, nil))
		try(with(ActNoCalciner, nil))
	}
	return out
}

// legalFree lists the placements of seat's pending Michigan pieces.
func (s *State) legalFree(seat int, try func(Action), with func(ActionKind, func(*Action)) Action) {
	pend := s.Players[seat].Pending
	for i, ar := range s.Areas {
		if !s.live(i) {
			continue
		}
		if pend.Trains > 0 && !ar.Train {
			try(with(ActFreeTrain, func(a *Action) { a.Area = i }))
		}
		if pend.Ports > 0 && !ar.Port && s.Edition().Areas[i].Coastal {
			try(with(ActFreePort, func(a *Action) { a.Area = i }))
		}
		if pend.Miners > 0 {
			try(with(ActFreeMiner, func(a *Action) { a.Area = i }))
		}
	}
	if pend.Adits > 0 {
		for b := range s.Edition().Borders {
			if !s.Adits[b] {
				try(with(ActFreeAdit, func(a *Action) { a.Border = b }))
			}
		}
	}
}

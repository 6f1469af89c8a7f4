package tinners

import (
	"fmt"
)

// ---- auctions ----

func (s *State) startAuction(a Action) {
	e := s.Edition()
	who := s.who(a.Seat)
	region := e.Areas[a.Area].Region
	au := &Auction{Area: a.Area, Opener: a.Seat, Card: NoCard, HighSeat: -1, Winner: -1, Turn: a.Seat}
	p := &s.Players[a.Seat]
	faceDown := !s.Areas[a.Area].FaceUp
	switch {
	case a.Draw:
		au.Card = s.Decks[region][0]
		s.Decks[region] = s.Decks[region][1:]
		au.FromDeck = true
		s.reveal = true // a card drawn from a deck becomes known
	case a.Card != NoCard:
		au.Card = a.Card
		p.Hand = removeInt(p.Hand, a.Card)
		au.Insured = true
		au.Peek = faceDown
		s.reveal = s.reveal || faceDown // the opener looks at the tile
	}
	switch {
	case s.solo():
		// Lord Wallace's passing raises the minimum by £1, as normal.
		au.Min = e.Cards[au.Card].Value + s.passedOthers(a.Seat)
	case s.NumSeats == 2:
		au.Min = e.Cards[au.Card].Value
	default:
		au.Min = 1 + len(s.PassOrder)
	}
	turned := false // solo: a face-down tile turned face up instead of peeked at
	if s.solo() {
		au.In = []int{a.Seat}
		if s.wallaceMayBid(a.Area) {
			au.In = append(au.In, WallaceSeat)
		}
		if au.Peek {
			// Solo: the tile you would peek at is turned face up instead.
			au.Peek = false
			s.Areas[a.Area].FaceUp, s.Areas[a.Area].Peekers = true, 0
			faceDown, turned = false, true
		}
	} else {
		for k := 0; k < s.NumSeats; k++ {
			q := (a.Seat + k) % s.NumSeats
			if q == a.Seat || s.canBid(q) {
				au.In = append(au.In, q)
			}
		}
	}
	s.Auction = au
	s.Phase = PhaseAuction
	id := "tt_log_auction_face_up"
	if faceDown {
		id = "tt_log_auction_face_down"
	}
	var card, peek, turn any = "", "", ""
	if au.Card != NoCard {
		srcID := "tt_log_auction_card_hand"
		if au.FromDeck {
			srcID = "tt_log_auction_card_deck"
		}
		card = say(srcID, "Card", CardWords(e.Cards[au.Card]))
		if au.Peek {
			peek = say("tt_log_auction_peek")
		}
	}
	if turned {
		turn = say("tt_log_auction_turned", "Tile", TileWords(s.Areas[a.Area].Tile))
	}
	if s.loud() {
		s.logm(a.Seat, say(id, "P", who, "Area", s.areaName(a.Area), "Min", au.Min, "Card", card, "Peek", peek, "Turned", turn))
	}
	if len(au.In) == 1 {
		if s.solo() {
			if s.loud() {
				s.logm(-1, say("tt_log_wallace_cannot_bid"))
			}
		} else {
			if s.loud() {
				s.logm(-1, say("tt_log_nobody_else_bids"))
			}
		}
	}
}

func (s *State) advanceAuction() {
	au := s.Auction
	var remaining []int
	for _, q := range au.In {
		if au.Out&(1<<uint(q)) == 0 {
			remaining = append(remaining, q)
		}
	}
	switch {
	case len(remaining) == 0:
		s.noSale()
		return
	case au.HighSeat >= 0 && len(remaining) == 1 && remaining[0] == au.HighSeat:
		s.resolveAuction(au.HighSeat)
		return
	}
	// Next seat clockwise after the one who just acted, still in.
	idx := 0
	for i, q := range au.In {
		if q == au.Turn {
			idx = i
		}
	}
	for k := 1; k <= len(au.In); k++ {
		q := au.In[(idx+k)%len(au.In)]
		if au.Out&(1<<uint(q)) == 0 {
			if q == au.HighSeat {
				s.resolveAuction(q)
				return
			}
			au.Turn = q
			return
		}
	}
}

// noSale ends a 2-player auction in which both players passed.
func (s *State) noSale() {
	au := s.Auction
	ar := &s.Areas[au.Area]
	if ar.FaceUp {
		if s.loud() {
			s.logm(-1, say("tt_log_no_sale_stays", "Area", s.areaName(au.Area)))
		}
	} else {
		ar.HasTile, ar.Removed, ar.Peekers = false, true, 0
		if s.removedOutOfPlay() {
			if s.loud() {
				s.logm(-1, say("tt_log_no_sale_out_of_play", "Area", s.areaName(au.Area)))
			}
		} else {
			if s.loud() {
				s.logm(-1, say("tt_log_no_sale_removed", "Area", s.areaName(au.Area)))
			}
		}
	}
	s.Auction = nil
	s.Phase = PhaseActions
}

func (s *State) resolveAuction(winner int) {
	e := s.Edition()
	au := s.Auction
	au.Winner = winner
	ar := &s.Areas[au.Area]
	p := &s.Players[winner]
	if !s.isWallace(winner) {
		p.Money -= au.High
		s.Ledger.Bids += au.High
	}
	cost := e.Costs[ActBuild]
	if ar.Tile.Kind == TileLight {
		cost = 1
	}
	if s.isWallace(winner) && p.Col+cost > s.finalCol(winner) {
		cost = 1 // he builds with his last work point
	}
	s.move(winner, cost)
	if s.isWallace(winner) {
		if s.loud() {
			s.logm(winner, say("tt_log_wallace_wins_auction", "Area", s.areaName(au.Area), "Amount", au.High))
		}
	} else {
		if s.loud() {
			s.logm(winner, say("tt_log_wins_auction", "P", fmt.Sprintf("{P%d}", winner), "Area", s.areaName(au.Area), "Amount", au.High))
		}
	}
	if au.Insured && winner != au.Opener {
		ins := ceilHalf(au.High)
		s.Players[au.Opener].Money += ins
		s.Ledger.Insurance += ins
		if s.loud() {
			s.logm(au.Opener, say("tt_log_insurance", "P", fmt.Sprintf("{P%d}", au.Opener), "Amount", ins))
		}
	}
	if !ar.FaceUp {
		ar.FaceUp = true
		ar.Peekers = 0
		s.reveal = true
		if s.loud() {
			s.logm(-1, say("tt_log_tile_revealed", "Tin", ar.Tile.Tin, "Copper", ar.Tile.Copper, "Water", ar.Tile.Water))
		}
	}
	if ar.Tile.Kind == TileBonus {
		p.Money += 3
		s.Ledger.Bonus += 3
	}
	// The winner is asked whenever they hold any card, playable or not:
	// asking only when a card fits would tell everyone what is in their hand.
	// The hand's size is public, so an empty hand skips the question.
	if au.Card == NoCard && s.NumSeats > 2 && len(p.Hand) > 0 {
		s.Phase = PhaseAfterAuction
		return
	}
	s.buildMine(winner, au.Area, au.Card)
}

// buildMine places winner's mine: tile cubes, then drainage, then the card.
func (s *State) buildMine(winner, i, card int) {
	e := s.Edition()
	ar := &s.Areas[i]
	ar.Mine = winner
	s.Players[winner].MinesBuilt++
	ar.Tin += ar.Tile.Tin
	ar.Copper += ar.Tile.Copper
	ar.Water += ar.Tile.Water
	s.Ledger.TinPlaced += ar.Tile.Tin
	s.Ledger.CopperPlaced += ar.Tile.Copper
	ar.HasTile = false
	ar.Water = max(0, ar.Water-ar.Drain)
	ar.Drain = 0
	if card != NoCard && !s.cardPlayable(card, i) {
		// Only a card drawn blind from a 2-player deck can get here (a port
		// for an inland area, a second miner): it still set the minimum bid,
		// but its piece cannot be placed, so it does nothing.
		if s.loud() {
			s.logm(-1, say("tt_log_card_unusable", "Card", CardWords(e.Cards[card]), "Area", s.areaName(i)))
		}
		card = NoCard
	}
	if card != NoCard {
		c := e.Cards[card]
		switch c.Benefit {
		case BenefitWater:
			ar.Water = max(0, ar.Water-c.Amount)
		case BenefitTin:
			ar.Tin += c.Amount
			s.Ledger.TinPlaced += c.Amount
		case BenefitCopper:
			ar.Copper += c.Amount
			s.Ledger.CopperPlaced += c.Amount
		case BenefitMiner:
			ar.Miner = true
			if s.isWallace(winner) && s.Options.Emigration && s.Players[winner].OwnMiners > 0 {
				// He always exchanges a miner for one of his own.
				s.Players[winner].OwnMiners--
				ar.OwnMiner = winner + 1
			}
		case BenefitPort:
			ar.Port = true
			s.drain(i, 1)
		case BenefitSteamPump:
			ar.Pumps++
			s.drain(i, 1)
		}
	}
	if s.loud() {
		s.logm(winner, say("tt_log_mine_built", "P", s.who(winner), "Area", s.areaName(i), "Tin", ar.Tin, "Copper", ar.Copper, "Water", ar.Water))
	}
	s.Auction = nil
	s.Phase = PhaseActions
	if s.isWallace(winner) {
		if s.Options.Arsenic && s.calciner(winner) < 0 {
			s.wallaceCalciner(i)
		}
		return
	}
	if s.Options.Arsenic && s.calciner(winner) < 0 {
		s.Phase, s.CalcinerSeat, s.CalcinerArea = PhaseCalciner, winner, i
	}
}

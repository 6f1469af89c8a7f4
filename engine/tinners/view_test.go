package tinners

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// midGameStates returns states sampled along seeded random play-outs at
// every player count, including auctions with a peeking opener.
func midGameStates(t *testing.T, games, every int) []*State {
	t.Helper()
	var out []*State
	for g := 0; g < games; g++ {
		n := 2 + g%4
		// The modules in turn: none, Kickstarter, Arsenic, both.
		s, err := NewGame(Setup{NumSeats: n, Seed: uint64(500 + g), Options: mixedOptions(g)})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(g), 3))
		for i := 0; s.Phase != PhaseOver; i++ {
			if i%every == 0 || (s.Auction != nil && s.Auction.Peek) {
				out = append(out, s)
			}
			seats := s.ToAct()
			seat := seats[r.IntN(len(seats))]
			l := s.Legal(seat)
			c := l[r.IntN(len(l))]
			a := c.Action
			if a.Kind == ActBid {
				a.Amount += r.IntN(min(c.Max-a.Amount, 4) + 1)
			}
			if s, _, err = Apply(s, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// perturbHidden returns a copy of s in which everything hidden is different:
// every face-down tile, every hand and draft, the peeks, the 2-player decks
// and the generator.
func perturbHidden(s *State) *State {
	c := s.Clone()
	for i := range c.Areas {
		if a := &c.Areas[i]; a.HasTile && !a.FaceUp {
			a.Tile = Tile{Tin: a.Tile.Tin + 7, Copper: a.Tile.Copper + 11, Water: a.Tile.Water + 13}
		}
	}
	for i := range c.Players {
		p := &c.Players[i]
		for k := range p.Hand {
			p.Hand[k] = (p.Hand[k] + 17) % len(Standard.Cards)
		}
		for k := range p.Draft {
			p.Draft[k] = (p.Draft[k] + 19) % len(Standard.Cards)
		}
		for k := range p.Peeked {
			p.Peeked[k].Tile.Copper += 5
		}
	}
	for r := range c.Decks {
		for k := range c.Decks[r] {
			c.Decks[r][k] = (c.Decks[r][k] + 23) % len(Standard.Cards)
		}
	}
	c.RNG ^= 0xDEADBEEF
	return c
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPublicViewHidesSecrets: across many mid-game states, the JSON of
// PublicView is byte-identical after every hidden thing in the State is
// changed — while the State's own JSON does change, and changing a public
// thing (a face-up tile) does change the view, so the comparison can fail.
func TestPublicViewHidesSecrets(t *testing.T) {
	// Single-threaded rule code, slow under -race: the full pass plays it.
	testenv.FullOnly(t)
	states := midGameStates(t, 16, 12)
	faceDownSeen, handsSeen, peekAuctions := 0, 0, 0
	for k, s := range states {
		v := mustJSON(t, s.PublicView())
		p := perturbHidden(s)
		if !bytes.Equal(mustJSON(t, s), mustJSON(t, p)) {
			// The perturbation touched hidden state; the view must not notice.
			if pv := mustJSON(t, p.PublicView()); !bytes.Equal(v, pv) {
				t.Fatalf("state %d (%s, round %d): PublicView changed with hidden information:\n%s\n%s", k, s.Phase, s.Round, v, pv)
			}
		}
		var pv PublicView
		if err := json.Unmarshal(v, &pv); err != nil {
			t.Fatal(err)
		}
		for i, a := range s.Areas {
			if a.HasTile && !a.FaceUp {
				faceDownSeen++
				if pv.Areas[i].Tile != nil || !pv.Areas[i].FaceDown {
					t.Fatalf("face-down %s shown as %v", Standard.Areas[i].ID, pv.Areas[i].Tile)
				}
			}
		}
		for _, pl := range s.Players {
			handsSeen += len(pl.Hand)
		}
		if s.Auction != nil && s.Auction.Peek {
			peekAuctions++
		}
		for _, key := range []string{`"RNG"`, `"Seed"`, `"Hand"`, `"Draft"`, `"Decks"`, `"Peeked"`, `"FixedDice"`} {
			if bytes.Contains(v, []byte(key)) {
				t.Fatalf("PublicView JSON has key %s", key)
			}
		}
		// Positive control: a change to a face-up tile shows.
		for i, a := range s.Areas {
			if a.HasTile && a.FaceUp {
				c := s.Clone()
				c.Areas[i].Tile.Tin += 3
				if bytes.Equal(v, mustJSON(t, c.PublicView())) {
					t.Fatalf("the comparison is blind: a face-up tile change did not show")
				}
				break
			}
		}
		// Each seat's view: others' secrets are hidden, its own are shown.
		for seat := 0; seat < s.NumSeats; seat++ {
			sv := mustJSON(t, s.SeatView(seat))
			ph := p
			q := s.Clone()
			for o := range q.Players {
				if o == seat {
					continue
				}
				q.Players[o] = ph.Players[o]
			}
			if !bytes.Equal(sv, mustJSON(t, q.SeatView(seat))) {
				t.Fatalf("seat %d's view shows another seat's hand or peeks", seat)
			}
			if len(s.Players[seat].Hand) > 0 {
				q := s.Clone()
				q.Players[seat].Hand[0] = (q.Players[seat].Hand[0] + 1) % len(Standard.Cards)
				if bytes.Equal(sv, mustJSON(t, q.SeatView(seat))) {
					t.Fatalf("seat %d's view does not show its own hand", seat)
				}
			}
		}
	}
	if faceDownSeen < 100 || handsSeen < 100 || peekAuctions == 0 {
		t.Fatalf("too few secrets sampled: %d face-down tiles, %d hand cards, %d peeked auctions", faceDownSeen, handsSeen, peekAuctions)
	}
}

// TestLogRevealsNoFaceDownTile: a game is played, then replayed with
// different contents for every tile that is still face down at its end. The
// actions stay legal (nobody built there), so if no log line or view ever
// leaked those tiles, the two logs and public views are identical.
func TestLogRevealsNoFaceDownTile(t *testing.T) {
	for g := 0; g < 16; g++ {
		n := 2 + g%4
		rng := rand.New(rand.NewPCG(uint64(g), 77))
		rec := table(n, nil, "C6")
		for id := range rec.Setup.Tiles {
			rec.Setup.Tiles[id] = fmt.Sprintf("%d/%d/%d", rng.IntN(4), rng.IntN(5), rng.IntN(5))
		}
		for seat := range rec.Setup.Hands {
			rec.Setup.Hands[seat] = []int{seat, 10 + seat, 20 + seat, 40 + seat}
		}
		s, err := NewGame(rec.SetupOf())
		if err != nil {
			t.Fatal(err)
		}
		end, log, err := RandomPlayout(s, func(k int) int { return rng.IntN(k) }, false, 5000)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range log {
			rec.Actions = append(rec.Actions, a.String())
		}
		changed := 0
		alt := *rec
		o := *rec.Setup
		o.Tiles = map[string]string{}
		for id, tl := range rec.Setup.Tiles {
			o.Tiles[id] = tl
			if a := end.Areas[Standard.AreaIndex(id)]; a.HasTile && !a.FaceUp {
				o.Tiles[id] = "9/9/9"
				changed++
			}
		}
		alt.Setup = &o
		end2, err := Replay(&alt)
		if err != nil {
			t.Fatalf("game %d: replay with other hidden tiles: %v", g, err)
		}
		if changed == 0 {
			continue
		}
		if !bytes.Equal(mustJSON(t, end.PublicView()), mustJSON(t, end2.PublicView())) {
			l1, l2 := englishLog(t, end), englishLog(t, end2)
			for k := range l1 {
				if l1[k] != l2[k] {
					t.Fatalf("game %d: log line %d differs:\n%s\n%s", g, k, l1[k], l2[k])
				}
			}
			t.Fatalf("game %d: public view depends on never-revealed tiles", g)
		}
	}
}

// TestSeatViewPeekDuringAuction: the opener who played a card before the
// auction sees the face-down tile while bidding; nobody else does.
func TestSeatViewPeekDuringAuction(t *testing.T) {
	n := 0
	for _, s := range midGameStates(t, 24, 1000) {
		if s.Auction == nil || !s.Auction.Peek || s.Phase != PhaseAuction {
			continue
		}
		n++
		au := s.Auction
		for seat := 0; seat < s.NumSeats; seat++ {
			saw := false
			for _, pk := range s.SeatView(seat).Peeked {
				if pk.Area == au.Area {
					saw = true
					if pk.Tile != s.Areas[au.Area].Tile {
						t.Fatalf("peek shows %v, tile is %v", pk.Tile, s.Areas[au.Area].Tile)
					}
				}
			}
			knew := s.Areas[au.Area].Peekers&(1<<uint(seat)) != 0
			if saw != (seat == au.Opener || knew) {
				t.Fatalf("seat %d sees the auctioned tile: %v (opener %d)", seat, saw, au.Opener)
			}
		}
	}
	if n == 0 {
		t.Fatal("no peeked auction sampled")
	}
}

func TestViewFields(t *testing.T) {
	r := hands(t, table(3, map[string]string{"A2": "2/1/3"}, "A5"), []string{"A +1 tin £2"}, []string{"wild miner £4"}, nil)
	r.Setup.Order = []int{2, 0, 1}
	s := scenario(t, r, "2/pass", fmt.Sprintf("0/b:A2:c%d", card(t, "A +1 tin £2")), "0/bid:2")
	pv := s.PublicView()
	if !eqInts(pv.ToAct, []int{1}) || pv.Auction.Turn != 1 || pv.Auction.Winner != -1 || pv.Auction.Min != 2 ||
		!eqInts(pv.Auction.In, []int{0, 1}) || len(pv.Auction.Out) != 0 || pv.Auction.HighSeat != 0 {
		t.Fatalf("auction view %+v to act %v", pv.Auction, pv.ToAct)
	}
	if sp := pv.Seats[2]; !sp.Passed || sp.PassRow != 1 || sp.HandCount != 0 {
		t.Fatalf("seat 2 %+v", sp)
	}
	if sp := pv.Seats[0]; sp.HandCount != 0 || sp.MinesLeft != 6 || sp.Money != 20 {
		t.Fatalf("seat 0 %+v", sp)
	}
	if pv.Seats[1].HandCount != 1 || pv.InvestTurn != -1 || pv.Tin != 5 || pv.Copper != 8 || len(pv.InvestRows) != 3 || pv.InvestRows[0] != [2]int{22, 10} {
		t.Fatalf("view %+v", pv)
	}
	if pv.Dev.Miners != 2 || pv.Dev.NextPumps != 1 || pv.DeckSizes != [4]int{} {
		t.Fatalf("dev %+v decks %v", pv.Dev, pv.DeckSizes)
	}
	s = play(t, s, "1/drop")
	pv = s.PublicView()
	if pv.Auction != nil || pv.Seats[0].MinesLeft != 5 || pv.Areas[area(t, "A2")].Mine != 0 || pv.Areas[area(t, "A2")].Tile != nil || pv.Areas[area(t, "A2")].HasTile {
		t.Fatalf("after: %+v", pv.Areas[area(t, "A2")])
	}
	if got := engine.FormatLine("{P0} pays {P2}; {P4}", []string{"Ann", "", "Cy"}); got != "Ann pays Cy; Seat 5" {
		t.Errorf("FormatLine: %q", got)
	}
	v := s.SeatView(1)
	if len(v.Hand) != 1 || v.Hand[0].String() != "wild miner £4" || len(v.Legal) == 0 || v.Seat != 1 {
		t.Errorf("seat view %+v", v)
	}
	if v := s.SeatView(2); len(v.Legal) != 0 {
		t.Errorf("a passed seat has moves: %v", v.Legal)
	}
	if v := s.SeatView(7); v.Hand != nil || v.Legal != nil {
		t.Errorf("an unseated view shows secrets")
	}
}

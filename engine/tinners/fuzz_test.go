package tinners

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParseAction: parsing never panics, and whatever parses re-serialises
// to a string that parses to the same action (and to itself again).
func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"0/pass", "1/b:A4:c17", "2/b:c4:draw", "0/x:C4:1:2", "3/ad:A2-A1", "4/ac:-",
		"0/bid:+5", "1/inv:05", "0/dd:50", "0/pk:d7", "9/pass", "0/b:A4:c", "0/ad:A1-D7", "0//", "", "0/x:C4:1"} {
		f.Add(s)
	}
	paths, _ := filepath.Glob(filepath.Join("testdata", "golden-*.json"))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		var g golden
		if err := json.Unmarshal(b, &g); err != nil {
			f.Fatal(err)
		}
		for i, a := range g.Record.Actions {
			if i%7 == 0 {
				f.Add(a)
			}
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s)
		if err != nil {
			return
		}
		str := a.String()
		b, err := ParseAction(str)
		if err != nil {
			t.Fatalf("%q parsed to %+v, whose form %q does not parse: %v", s, a, str, err)
		}
		if a != b {
			t.Fatalf("%q → %+v → %q → %+v", s, a, str, b)
		}
		if b.String() != str {
			t.Fatalf("not a fixed point: %q → %q", str, b.String())
		}
	})
}

// FuzzApply: an arbitrary action struct (fields out of range included) never
// panics Apply, and a refused action leaves the state untouched.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), 3, int8(1), 4, 2, 17, false, 3, 1, 1, 40)
	f.Add(uint64(7), 2, int8(16), -1, 99, 60, true, 10, 0, 0, 5)
	f.Fuzz(func(t *testing.T, seed uint64, seats int, kind int8, areaIx, border, cardID int, draw bool, amount, tin, copper, steps int) {
		seats = 2 + (seats%4+4)%4
		s, err := NewGame(Setup{NumSeats: seats, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		// Walk a little into the game with the first legal move of each seat.
		for i := 0; i < (steps%200+200)%200 && s.Phase != PhaseOver; i++ {
			seat := s.ToAct()[0]
			l := s.Legal(seat)
			a := l[(i*7+int(seed%13))%len(l)].Action
			if s, _, err = Apply(s, a); err != nil {
				t.Fatalf("legal %s refused: %v", a, err)
			}
		}
		before, _ := json.Marshal(s)
		for seat := -1; seat <= seats; seat++ {
			a := Action{Seat: seat, Kind: ActionKind(kind), Area: areaIx, Border: border, Card: cardID, Draw: draw,
				Amount: amount, Tin: tin, Copper: copper}
			n, _, err := Apply(s, a)
			if err != nil && n != s {
				t.Fatalf("refused %+v but returned a new state", a)
			}
			if err == nil {
				if err := CheckInvariants(n); err != nil {
					t.Fatalf("after %+v: %v", a, err)
				}
			}
		}
		if after, _ := json.Marshal(s); string(after) != string(before) {
			t.Fatalf("Apply mutated its input")
		}
	})
}

package bot

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
)

// pickGame is a small title of the tests, for the generic controls no
// installed title uses yet: a choice of several with copies (discard one
// or two cards, a hand holding two Cotton), an End to the picks, a
// second level of 12 options (buttons below the root) and a deliberate
// "end turn" that draws a card. Nothing is secret: it has no
// engine.Secrets, so its board offers no "My hand".
//
// A turn: discard 1–2 cards (or keep them all), build in one of 12 towns
// or pass, end the turn (draws a card). Each seat takes two turns.
var pickGame engine.Title = pickTitle{}

const pickGameID = "picks"

var pickTowns = []string{"Birmingham", "Coventry", "Dudley", "Walsall", "Wolverhampton", "Stafford", "Stoke", "Leek", "Derby", "Burton", "Tamworth", "Nuneaton"}

type pickTitle struct{}

func (pickTitle) Meta() engine.Meta {
	return engine.Meta{ID: pickGameID, Name: "Picks", MinSeats: 2, MaxSeats: 3, Edition: "1"}
}

func (pickTitle) ParseOptions(list string) (json.RawMessage, error) {
	if list != "" {
		return nil, fmt.Errorf("no options")
	}
	return json.RawMessage(`{}`), nil
}

func (pickTitle) New(s engine.Setup) (engine.Match, error) {
	if s.NumSeats < 2 || s.NumSeats > 3 {
		return nil, fmt.Errorf("2 or 3 seats")
	}
	st := pickState{Seed: s.Seed, Left: 2}
	for range s.NumSeats {
		st.Hands = append(st.Hands, []string{"Cotton", "Cotton", "Coal", "Iron"})
		st.Built = append(st.Built, "")
	}
	return &pickMatch{st}, nil
}

// pickAction: "<seat>/d<card>" discard, "<seat>/k" keep the rest (End),
// "<seat>/b<town>" build, "<seat>/p" pass, "<seat>/e" end the turn.
type pickAction struct {
	Seat int
	Kind byte
	Arg  string
}

func (a pickAction) String() string { return fmt.Sprintf("%d/%c%s", a.Seat, a.Kind, a.Arg) }
func (a pickAction) Actor() int     { return a.Seat }

func (pickTitle) ParseAction(s string) (engine.Action, error) {
	var a pickAction
	seat, rest, ok := strings.Cut(s, "/")
	if !ok || len(seat) != 1 || seat[0] < '0' || seat[0] > '2' || rest == "" || !strings.Contains("dkbpe", rest[:1]) {
		return nil, &engine.RuleError{Code: engine.ErrMalformedAction, Message: pickWords("malformed")}
	}
	a.Seat, a.Kind, a.Arg = int(seat[0]-'0'), rest[0], rest[1:]
	return a, nil
}

func (pickTitle) Restore(b []byte) (engine.Match, error) {
	var st pickState
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, err
	}
	return &pickMatch{st}, nil
}

type pickState struct {
	Seed    uint64
	Ver     int
	Turn    int // turns taken in all
	Seat    int
	Step    byte // 0 discarding, 'b' building, 'e' ending
	Left    int  // discards left this turn
	Hands   [][]string
	Built   []string
	Drawn   int
	Discard int
}

type pickMatch struct{ s pickState }

func (m *pickMatch) Version() int { return m.s.Ver }
func (m *pickMatch) over() bool   { return m.s.Turn >= 2*len(m.s.Hands) }

func (m *pickMatch) ToAct() []int {
	if m.over() {
		return nil
	}
	return []int{m.s.Seat}
}

func (m *pickMatch) Simultaneous() bool { return false }

func (m *pickMatch) Legal(seat int) []engine.Action {
	if m.over() || seat != m.s.Seat {
		return nil
	}
	var out []engine.Action
	switch m.s.Step {
	case 0:
		var seen []string
		for _, c := range m.s.Hands[seat] {
			if !slices.Contains(seen, c) {
				seen = append(seen, c)
				out = append(out, pickAction{seat, 'd', c})
			}
		}
		out = append(out, pickAction{seat, 'k', ""})
	case 'b':
		for _, town := range pickTowns {
			out = append(out, pickAction{seat, 'b', town})
		}
		out = append(out, pickAction{seat, 'p', ""})
	case 'e':
		out = append(out, pickAction{seat, 'e', ""})
	}
	return out
}

func (m *pickMatch) Apply(x engine.Action) (engine.Match, []engine.Event, error) {
	a, ok := x.(pickAction)
	if !ok || !slices.ContainsFunc(m.Legal(a.Seat), func(l engine.Action) bool { return l.String() == a.String() }) {
		return nil, nil, &engine.RuleError{Code: engine.ErrNotAvailable, Message: pickWords("That is not possible now.")}
	}
	s := m.s
	s.Ver++
	s.Hands = slices.Clone(s.Hands)
	s.Built = slices.Clone(s.Built)
	var ev []engine.Event
	switch a.Kind {
	case 'd':
		h := slices.Clone(s.Hands[a.Seat])
		j := slices.Index(h, a.Arg)
		s.Hands[a.Seat] = slices.Delete(h, j, j+1)
		s.Discard++
		s.Left--
		ev = append(ev, engine.Event{Seat: a.Seat, Message: pickWords("{P" + fmt.Sprint(a.Seat) + "} discarded the " + a.Arg + ".")})
		if s.Left == 0 || len(s.Hands[a.Seat]) == 0 {
			s.Step = 'b'
		}
	case 'k':
		s.Step = 'b'
	case 'b', 'p':
		s.Built[a.Seat] = a.Arg
		s.Step = 'e'
	case 'e':
		card := []string{"Cotton", "Coal", "Iron", "Beer"}[(s.Seed+uint64(s.Drawn))%4]
		s.Drawn++
		s.Hands[a.Seat] = append(slices.Clone(s.Hands[a.Seat]), card)
		ev = append(ev, engine.Event{Seat: a.Seat, Message: pickWords("{P" + fmt.Sprint(a.Seat) + "} drew the " + card + "."), Reveal: true})
		s.Turn++
		s.Seat = (s.Seat + 1) % len(s.Hands)
		s.Step, s.Left = 0, 2
	}
	return &pickMatch{s}, ev, nil
}

func (m *pickMatch) Public() any               { return m.s }
func (m *pickMatch) Seat(seat int) any         { return m.s }
func (m *pickMatch) Snapshot() ([]byte, error) { return json.Marshal(m.s) }

func (m *pickMatch) Label(x engine.Action) engine.Label {
	a := x.(pickAction)
	discard := engine.Pick{Group: pickWords("Discard"), Min: 1, Max: m.s.Left}
	switch a.Kind {
	case 'd':
		n := 0
		for _, c := range m.s.Hands[a.Seat] {
			if c == a.Arg {
				n++
			}
		}
		discard.Times = min(m.s.Left, n)
		return label([]string{"Discard", a.Arg}, "Discard the "+a.Arg+".", discard, false)
	case 'k':
		discard.End = true
		return label([]string{"Keep the rest"}, "Discard no more.", discard, false)
	case 'b':
		return label([]string{"Build", a.Arg}, "Build in "+a.Arg+".", engine.Pick{}, false)
	case 'p':
		return label([]string{"Pass"}, "Build nothing.", engine.Pick{}, false)
	}
	return label([]string{"End turn"}, "End the turn and draw a card.", engine.Pick{}, true)
}

func (m *pickMatch) Result() *engine.Result {
	if !m.over() {
		return nil
	}
	r := &engine.Result{}
	for k := range m.s.Hands {
		r.Ranking = append(r.Ranking, k)
		r.Scores = append(r.Scores, len(m.s.Hands[k]))
	}
	return r
}

// pickWords is text as a message: the test title has no catalogue of its own,
// so it borrows a title's verbatim message (the same in both languages).
func pickWords(text string) engine.Message { return engine.Say("cb_label_move", "Move", text) }

// label is a test title's label from its words.
func label(path []string, line string, pick engine.Pick, deliberate bool) engine.Label {
	lab := engine.Label{LineMessage: pickWords(line), Pick: pick, Deliberate: deliberate}
	for _, p := range path {
		lab.PathMessages = append(lab.PathMessages, pickWords(p))
	}
	return lab
}

package coalbaron

import (
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// state is the whole game at one moment, hidden parts included. It is
// serialized as the snapshot, so its fields are exported (to encoding/json
// only: the type itself is not).
type state struct {
	Edition string
	N       int
	RNG     uint64 // splitmix64 state; every random choice comes from it
	Ver     int

	// Stacks are the display's card stacks by Zone, top card first.
	Stacks [NumStacks][]int
	// Zones are the placements on each zone this shift, oldest first.
	Zones [NumZones][]placement
	// InPlay marks the zones of this game (mining "1/2" is out with 2).
	InPlay [NumZones]bool
	// ActionCards are the action cards on the table; Box the cards out of
	// the game (unused colours and worker cards, used innovations).
	ActionCards []int
	Box         []int

	Players []player
	Shift   int   // 1-based
	Tokens  []int // shift tokens still on "0/1", top first
	Start   int   // starting seat of this shift
	Turn    int   // seat whose turn it is
	Step    step

	Scores []ScoreView
	Result *engine.Result

	ev     []engine.Event // events of the action being applied
	reveal bool           // the current action consumed hidden information
	// quiet skips the events (a Sim's play, a look-ahead's): nothing reads
	// them, and the state is the same without them.
	quiet bool
	// edition is editions[Edition] when the state was made with it (a
	// look-up per card otherwise).
	edition *Edition
	// arena is a sim's, set during its Legal only (comboArena).
	arena *comboArena
}

// placement is one player's workers on a zone.
type placement struct {
	Seat  int
	Count int
	Cards []int
}

type wagon struct{ Wagon, Lorry int }

type dock struct {
	Wagons []wagon
	Engine int
}

type train struct {
	Order, Engine int
	Wagons        []wagon
}

type player struct {
	Workers     []int // worker cards in hand
	Orders      []int // order cards in hand (secret)
	Innovations []int // innovation cards in hand (secret)
	Passed      bool
	Row         []int // mining row, left to right
	Storage     []int
	Docks       [3]dock
	Shares      []int
	Objectives  []int
	Tokens      []int
	Delivered   []train
}

// step is the decision under way; only the fields of its Kind matter.
type step struct {
	Kind       StepKind
	Placed     bool // the worker action was taken this turn
	PlayedInno bool // an action innovation was played this turn
	Inno       int  // the action innovation being carried out, NoCard
	Zone       Zone // this turn's worker zone, -1
	Card       int  // StepDock: the card awaiting a dock
	Left, Min  int  // StepMine: steps that may / must still be spent
	Spent      int
	Engine     EngineType // StepDeliver: -1 until a train departed
	Departed   int
	WildStack  Zone  // -1 unless in the wild action
	Looked     []int // the wild action's cards not kept (secret)
	Kept       int   // the wild action's kept card (secret), NoCard
}

func (s *state) ed() *Edition {
	if s.edition != nil {
		return s.edition
	}
	return editions[s.Edition]
}

func (s *state) card(id int) Card { return s.ed().Cards[id] }

// rand returns a number in [0, n) from the splitmix64 generator.
func (s *state) rand(n int) int {
	s.RNG += 0x9e3779b97f4a7c15
	z := s.RNG
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	return int(z % uint64(n))
}

func (s *state) shuffle(a []int) {
	for i := len(a) - 1; i > 0; i-- {
		j := s.rand(i + 1)
		a[i], a[j] = a[j], a[i]
	}
}

func cloneWagons(w []wagon) []wagon { return slices.Clone(w) }

// clone returns a deep copy of s (without pending events).
func (s *state) clone() *state {
	c := *s
	c.ev, c.reveal, c.quiet, c.arena = nil, false, false, nil
	for i := range s.Stacks {
		c.Stacks[i] = slices.Clone(s.Stacks[i])
	}
	for i := range s.Zones {
		c.Zones[i] = make([]placement, len(s.Zones[i]))
		for j, p := range s.Zones[i] {
			p.Cards = slices.Clone(p.Cards)
			c.Zones[i][j] = p
		}
		if s.Zones[i] == nil {
			c.Zones[i] = nil
		}
	}
	c.ActionCards = slices.Clone(s.ActionCards)
	c.Box = slices.Clone(s.Box)
	c.Tokens = slices.Clone(s.Tokens)
	c.Players = make([]player, len(s.Players))
	for i, p := range s.Players {
		q := p
		q.Workers = slices.Clone(p.Workers)
		q.Orders = slices.Clone(p.Orders)
		q.Innovations = slices.Clone(p.Innovations)
		q.Row = slices.Clone(p.Row)
		q.Storage = slices.Clone(p.Storage)
		for d := range p.Docks {
			q.Docks[d].Wagons = cloneWagons(p.Docks[d].Wagons)
		}
		q.Shares = slices.Clone(p.Shares)
		q.Objectives = slices.Clone(p.Objectives)
		q.Tokens = slices.Clone(p.Tokens)
		q.Delivered = make([]train, len(p.Delivered))
		for j, t := range p.Delivered {
			t.Wagons = cloneWagons(t.Wagons)
			q.Delivered[j] = t
		}
		if p.Delivered == nil {
			q.Delivered = nil
		}
		c.Players[i] = q
	}
	c.Step.Looked = slices.Clone(s.Step.Looked)
	c.Scores = slices.Clone(s.Scores)
	if s.Result != nil {
		r := *s.Result
		r.Ranking = slices.Clone(r.Ranking)
		r.Scores = slices.Clone(r.Scores)
		c.Result = &r
	}
	return &c
}

// loud reports whether the state records events (not quiet): the
// callers of log build a message only then.
func (s *state) loud() bool { return !s.quiet }

// log records a public event about seat, the catalogue message m.
func (s *state) log(seat int, m engine.Message) {
	if s.quiet {
		return
	}
	s.ev = append(s.ev, engine.Event{Seat: seat, Message: m, Kind: eventKinds[m.ID], TurnStart: turnStarts[m.ID]})
}

// logReveal records a public event that consumed hidden information.
func (s *state) logReveal(seat int, m engine.Message) {
	if s.quiet {
		return
	}
	s.ev = append(s.ev, engine.Event{Seat: seat, Reveal: true, Message: m, Kind: eventKinds[m.ID], TurnStart: turnStarts[m.ID]})
}

// eventKinds sort the log's messages for a turn's account
// (engine.EventKind); a message not listed is what the seat did.
var eventKinds = map[string]engine.EventKind{
	// The card a stack shows next is on the picture (and in /tt log).
	"cb_log_shows": engine.Kept, "cb_log_stack_empty": engine.Followed, "cb_log_cut": engine.Followed,
	"cb_log_shift_ends": engine.Followed,
	// A new shift's first seat is the next post's ask; the scores are the
	// final post's.
	"cb_log_shift_begins": engine.Kept, "cb_log_scores": engine.Kept, "cb_log_game_over": engine.Kept,
}

// turnStarts are the messages that begin a turn (engine.Event.TurnStart):
// placing workers, and passing.
var turnStarts = map[string]bool{"cb_log_place": true, "cb_log_pass": true}

// at names the places the last event changed (engine.Event.Where).
func (s *state) at(places ...int) {
	if n := len(s.ev); n > 0 && !s.quiet {
		s.ev[n-1].Where = append(s.ev[n-1].Where, places...)
	}
}

// remove deletes the first v from a, reporting whether it was there.
func remove(a *[]int, v int) bool {
	i := slices.Index(*a, v)
	if i < 0 {
		return false
	}
	*a = slices.Delete(*a, i, i+1)
	return true
}

// lorriesIn returns the lorries loaded in dock d.
func (s *state) lorriesIn(d *dock) int {
	n := 0
	for _, w := range d.Wagons {
		if w.Lorry != NoCard {
			n += s.card(w.Lorry).Lorries
		}
	}
	return n
}

// engines counts the engines in p's docks.
func (p *player) engines() int {
	n := 0
	for _, d := range p.Docks {
		if d.Engine != NoCard {
			n++
		}
	}
	return n
}

// handWorkers is the total of p's worker cards in hand.
func (s *state) handWorkers(p *player) int {
	n := 0
	for _, id := range p.Workers {
		n += s.card(id).Workers
	}
	return n
}

// required is the number of workers the next user of zone z must place.
func (s *state) required(z Zone) int {
	pl := s.Zones[z]
	if len(pl) > 0 {
		return pl[len(pl)-1].Count + 1
	}
	if z == ZoneWild {
		return s.ed().WildPrinted + 1
	}
	return 1
}

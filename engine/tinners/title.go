package tinners

import (
	"encoding/json"
	"fmt"

	"github.com/tinnersbot/tinnersbot/engine"
)

// ID is Tinners' Trail's title id in records, tables and --game.
const ID = engine.DefaultTitle

// Title is Tinners' Trail behind the engine contract.
var Title engine.Title = title{}

type title struct{}

func (title) Meta() engine.Meta {
	return engine.Meta{
		ID:        ID,
		Name:      "Tinners' Trail",
		Credits:   "Martin Wallace (design); Remastered edition",
		MinSeats:  SoloSeats, // one seat plays the solo game against Lord Wallace
		MaxSeats:  MaxSeats,
		Edition:   Standard.Version,
		MaxRounds: NumRounds,
		// Its options' words are the catalogue's (tinners_option_<key>).
		Options: []engine.Option{
			{Key: "arsenic"},
			{Key: "emigration"},
			{Key: "kickstarter"},
			{Key: "better-mines", Solo: true},
			{Key: "cheap-labour", Solo: true},
			{Key: "more-mines", Values: []string{"1", "2"}, Solo: true},
			{Key: "deep-pockets", Solo: true},
			{Key: "friends-in-high-places", Solo: true},
			{Key: "financial-sabotage", Solo: true},
			{Key: "bailing-out", Solo: true},
			{Key: "shady-land-purchases", Solo: true},
		},
	}
}

func (title) ParseOptions(list string) (json.RawMessage, error) {
	o, err := ParseOptions(list)
	if err != nil {
		return nil, err
	}
	return json.Marshal(o)
}

// SetupFrom turns the contract's setup into this title's.
func SetupFrom(st engine.Setup) (Setup, error) {
	out := Setup{Edition: st.Edition, NumSeats: st.NumSeats, Seed: st.Seed}
	if len(st.Options) > 0 && string(st.Options) != "null" {
		if err := json.Unmarshal(st.Options, &out.Options); err != nil {
			return out, fmt.Errorf("options: %w", err)
		}
	}
	if len(st.Overrides) > 0 && string(st.Overrides) != "null" {
		out.Overrides = new(SetupOverrides)
		if err := json.Unmarshal(st.Overrides, out.Overrides); err != nil {
			return out, fmt.Errorf("setup overrides: %w", err)
		}
	}
	return out, nil
}

func (title) New(st engine.Setup) (engine.Match, error) {
	setup, err := SetupFrom(st)
	if err != nil {
		return nil, err
	}
	if !KnownEdition(setup.Edition) {
		return nil, fmt.Errorf("edition %q is not one this engine plays (%q, %q)", setup.Edition, EditionV1, Standard.Version)
	}
	s, err := NewGame(setup)
	if err != nil {
		return nil, err
	}
	return Match{s}, nil
}

func (title) ParseAction(s string) (engine.Action, error) {
	a, err := ParseAction(s)
	if err != nil {
		return nil, &engine.RuleError{Code: ErrMalformedAction, Message: parseWords(err)}
	}
	return a, nil
}

func (title) Restore(b []byte) (engine.Match, error) {
	var s State
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("tinners snapshot: %w", err)
	}
	return Match{&s}, nil
}

// Actor is the seat that takes the action.
func (a Action) Actor() int { return a.Seat }

// Match is a Tinners' Trail state behind the engine contract. The state is
// never changed through it.
type Match struct{ S *State }

// StateOf returns the Tinners' Trail state of m, which must be a Match.
func StateOf(m engine.Match) *State { return m.(Match).S }

func (m Match) Version() int { return m.S.Version }

func (m Match) ToAct() []int {
	if m.S.Phase == PhaseOver {
		return nil
	}
	return m.S.ToAct()
}

// Simultaneous: the opening draft is the one step where seats act in any order.
func (m Match) Simultaneous() bool { return m.S.Phase == PhaseDraft }

// Legal lists every legal action, a bid once per amount.
func (m Match) Legal(seat int) []engine.Action { return m.S.legalEngine(seat) }

func (m Match) Apply(a engine.Action) (engine.Match, []engine.Event, error) {
	ta, ok := a.(Action)
	if !ok {
		return nil, nil, forbid(ErrMalformedAction, say("tt_err_not_tt_move"))
	}
	next, events, err := Apply(m.S, ta)
	if err != nil {
		return nil, nil, err
	}
	return Match{next}, withPlaces(events, m.S, next), nil
}

func (m Match) Public() any               { return m.S.PublicView() }
func (m Match) Seat(seat int) any         { return m.S.SeatView(seat) }
func (m Match) Snapshot() ([]byte, error) { return json.Marshal(m.S) }

func (m Match) Result() *engine.Result {
	if m.S.Result == nil {
		return nil
	}
	r := &engine.Result{Ranking: append([]int(nil), m.S.Result.Ranking...)}
	if id, ok := tieBreakWords[m.S.Result.TieBreakCode()]; ok {
		r.TieBreakMessage = say(id)
	}
	for _, p := range m.S.Players[:m.S.NumSeats] { // not Lord Wallace's: he is no seat
		r.Scores = append(r.Scores, p.Points)
	}
	return r
}

// Label describes an action briefly: a menu path by kind and area, and its
// work-point cost. The bot's own Tinners' Trail controls say more.
func (m Match) Label(a engine.Action) engine.Label {
	ta, ok := a.(Action)
	if !ok {
		mv := say("tt_label_move", "Move", a.String())
		return engine.Label{PathMessages: []engine.Message{mv}, LineMessage: mv}
	}
	words := []engine.Message{kindWords(ta.Kind)}
	e := m.S.Edition()
	var where string
	switch {
	case ta.Kind == ActAdit || ta.Kind == ActFreeAdit:
		if ta.Border >= 0 && ta.Border < len(e.Borders) {
			b := e.Borders[ta.Border]
			where = e.Areas[b[0]].ID + "–" + e.Areas[b[1]].ID
		}
	case ta.Area >= 0 && ta.Area < len(e.Areas) && ta.Kind != ActBid && ta.Kind != ActInvest && ta.Kind != ActDraftDiscard && ta.Kind != ActAfterCard:
		d := e.Areas[ta.Area]
		where = d.ID + " " + d.Name
	}
	if where != "" {
		words = append(words, say("tt_label_place", "Place", where))
	}
	switch ta.Kind {
	case ActBid, ActInvest:
		words = append(words, say("tt_label_money", "Amount", ta.Amount))
	case ActExtract:
		words = append(words, say("tt_label_ore", "Tin", ta.Tin, "Copper", ta.Copper))
	case ActDraftDiscard, ActAfterCard:
		if ta.Card >= 0 && ta.Card < len(e.Cards) {
			words = append(words, CardWords(e.Cards[ta.Card]))
		}
	}
	lineWords := engine.Message{ID: fmt.Sprintf("tt_label_line_%d", len(words)), Args: map[string]any{}}
	for k, w := range words {
		lineWords.Args[fmt.Sprintf("L%d", k+1)] = w
	}
	if c, ok := e.Costs[ta.Kind]; ok && c > 0 {
		lineWords.ID = fmt.Sprintf("tt_label_line_%d_cost", len(words))
		lineWords.Args["Count"] = c
	}
	return engine.Label{PathMessages: words, LineMessage: lineWords,
		Deliberate: m.S.Phase == PhaseDraft || !PlayedWhenOnly(ta.Kind), Where: m.S.where(ta)}
}

// PlayedWhenOnly reports whether the platform may take a move of kind k for
// a seat when it is the seat's only legal move (outside the draft, where
// every seat picks for itself): a pass, dropping out, "done pumping", the
// end of an investing turn, not peeking. Its being the only move shows
// nothing hidden. Every other move, a survey-card question above all
// (whether it has one answer depends on the hand), is put to the player:
// Label sets engine.Label.Deliberate for it.
func PlayedWhenOnly(k ActionKind) bool {
	switch k {
	case ActPass, ActDrop, ActPumpDone, ActEndInvestTurn, ActSkipPeek:
		return true
	}
	return false
}

// Generic returns the contract's form of a setup (options and overrides as
// JSON).
func (st Setup) Generic() engine.Setup {
	out := engine.Setup{Edition: st.Edition, NumSeats: st.NumSeats, Seed: st.Seed}
	if st.Options != (Options{}) {
		out.Options, _ = json.Marshal(st.Options) // a struct of bools always marshals
	}
	if st.Overrides != nil {
		out.Overrides, _ = json.Marshal(st.Overrides) // plain data always marshals
	}
	return out
}

// Titles returns a registry holding Tinners' Trail only, for tests and
// tools that need no other title.
func Titles() *engine.Registry { return engine.NewRegistry(Title) }

// Generic returns the contract's form of a Tinners' Trail record.
func (r *Record) Generic() *engine.Record {
	st := Setup{Edition: r.Edition, Options: r.Options, Overrides: r.Setup}.Generic()
	return &engine.Record{Title: ID, Edition: r.Edition, Options: st.Options, Seats: r.Seats, Seed: r.Seed, Setup: st.Overrides, Actions: r.Actions}
}

// RecordFrom reads a contract record of this title as a Tinners' Trail record.
func RecordFrom(r *engine.Record) (*Record, error) {
	if r.TitleID() != ID {
		return nil, fmt.Errorf("record is a %q game, not Tinners' Trail", r.TitleID())
	}
	st, err := SetupFrom(r.SetupOf())
	if err != nil {
		return nil, err
	}
	return &Record{Edition: r.Edition, Options: st.Options, Seats: r.Seats, Seed: r.Seed, Setup: st.Overrides, Actions: r.Actions}, nil
}

// Points are the seats' points now (engine.Standings), Lord Wallace's
// after the player's in a solo game.
func (m Match) Points() []int {
	var out []int
	for k := range m.S.NumSeats {
		out = append(out, m.S.Players[k].Points)
	}
	if m.S.Solo != nil {
		out = append(out, m.S.Players[WallaceSeat].Points)
	}
	return out
}

package playtest

// Every acknowledged move present exactly once (the load test's move
// count, docs/scale.md). A button, menu or form of the bot carries the
// game's version and undo epoch (bot.TokenReader); whatever the bot shows
// after a move carries the new ones. So the players can tell, from the
// fake Discord alone, which of their interactions moved a game and from
// which version to which: the acknowledged clicks (not refused) since the
// newest version shown before — one, or several in a simultaneous step or
// when a board was posted late by the outbox — moved the game from that
// version V to the newer one W shown next; together they claim the log's
// entries V+1..W (their own actions, then the title's follow-ups and
// forced moves). An undo (a new epoch shown after an undo click) takes the
// claims above its version back. Afterwards each game's
// stored log is compared with the claims:
//
//   - the first entry of a claim is a move of one of the clickers' seats
//     (and the very action the button named, when one click claims it and
//     its ID names one);
//   - every stored entry is claimed, except where an interaction lost with
//     the killed process came first (its move may have been applied and
//     never shown: allowed absent or present, but then claimed by nobody);
//   - no entry is missing: the log is as long as the newest version shown.
//
// A move applied twice would show as an entry nobody claims or as claims
// shifted off their seat; a lost acknowledged move as a log shorter than
// what was shown. (A move doubled inside the one batch that applied it
// would look like a follow-up: the count cannot tell those apart.)

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tinnersbot/tinnersbot/bot"
	"github.com/tinnersbot/tinnersbot/bot/genericui"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/ttui"
)

// moveSeen is what one interaction at a table showed of a game's version.
type moveSeen struct {
	N       int    // the interaction's number at its table
	Game    string // the table the versions are of
	User    string
	Action  string    // the compact action the clicked ID names ("": none)
	From    kit.Token // the token the interaction carried
	HasFrom bool
	Shown   kit.Token // the newest token the bot showed for it
	Shows   bool
	Undo    bool      // an undo click
	Refused bool      // the bot refused it
	Lost    bool      // taken by the killed process and not finished
	Over    bool      // the game was announced over with it
	At      time.Time // when it was sent
}

// storedGame is what the checker needs of a stored game.
type storedGame struct {
	Actions []string       // the log, in order
	Seats   map[string]int // user → seat
	Over    bool           // finished
}

// claim is one acknowledged move's entries of the log: From+1..To.
type claim struct {
	n        []int // the interactions that may have made them
	from, to int
	seats    []int  // their seats: the first entry is a move of one of them
	action   string // the action the one interaction named, if any
}

// tokenOf reads the token of a Tinners' Trail or core custom ID.
var tokenOf = bot.TokenReader(genericui.UI(), ttui.TinnersTrailUI())

// idRE finds the custom IDs and select values in a message body.
var idRE = regexp.MustCompile(`"(?:custom_id|value)":"([^"]+)"`)

// shownTokens adds the newest token per game found in body to into.
func shownTokens(body json.RawMessage, into map[string]kit.Token) {
	for _, m := range idRE.FindAllSubmatch(body, -1) {
		g, tk, ok := tokenOf(string(m[1]))
		if !ok {
			continue
		}
		if old, seen := into[g]; !seen || newer(tk, old) {
			into[g] = tk
		}
	}
}

// newer orders tokens: a later epoch, then a higher version.
func newer(a, b kit.Token) bool {
	return a.Epoch > b.Epoch || (a.Epoch == b.Epoch && a.Ver > b.Ver)
}

// noteMove records what interaction i of user u showed (the load test's
// drivers only).
func (d *driver) noteMove(u, token string, i map[string]any, calls []call, out outcome, lost, overBefore bool, sent time.Time) {
	if d.moves == nil {
		return
	}
	s := moveSeen{N: d.n, User: u, Refused: out.refused, Lost: lost, Over: d.over && !overBefore, At: sent}
	if data, ok := i["data"].(map[string]any); ok {
		id, _ := data["custom_id"].(string)
		if g, tk, ok := tokenOf(id); ok {
			s.Game, s.From, s.HasFrom = g, tk, true
			kind, _, _ := strings.Cut(id, ":")
			s.Undo = kind == "tu" || kind == "gu"
			s.Action = namedAction(id)
			if vals, ok := data["values"].([]string); ok && len(vals) == 1 && s.Action == "" {
				s.Action = namedAction(vals[0])
			}
		}
	}
	shown := map[string]kit.Token{}
	for _, c := range calls {
		if c.Status < 200 || c.Status > 299 {
			continue
		}
		if tok := tokenIn(c); tok != "" && tok != token {
			continue // an earlier interaction's late answer
		}
		shownTokens(c.Body, shown)
	}
	if s.Game == "" {
		for g, tk := range shown {
			if s.Game == "" || newer(tk, shown[s.Game]) {
				s.Game = g
			}
		}
	}
	if s.Game == "" {
		return
	}
	s.Shown, s.Shows = shown[s.Game]
	*d.moves = append(*d.moves, s)
}

// namedAction is the compact action a tt custom ID names, else "".
func namedAction(id string) string {
	if !strings.HasPrefix(id, "tt:") {
		return ""
	}
	f := strings.SplitN(id, ":", 4)
	if len(f) < 4 {
		return ""
	}
	return f[3]
}

// MoveCount is the move count of a load test.
type MoveCount struct {
	Moves    int // acknowledged moves counted
	Actions  int // stored entries they claim (with follow-ups)
	Unshown  int // stored entries after an interaction lost at the kill, claimed by none (allowed)
	Problems []string
}

// countMoves checks the interactions seen, per game in order, against
// the stored games (docs/scale.md, "every acknowledged move present
// exactly once").
func countMoves(seen []moveSeen, games map[string]storedGame) MoveCount {
	var mc MoveCount
	order, byGame := seenByGame(seen)
	for _, g := range order {
		st, ok := games[g]
		if !ok {
			continue // a lobby that never started, or not this run's
		}
		gm := &gameMoves{st: st, unshown: map[int]bool{}, bad: func(f string, a ...any) {
			mc.Problems = append(mc.Problems, "game "+g+": "+fmt.Sprintf(f, a...))
		}}
		for k := range byGame[g] {
			gm.see(&byGame[g][k])
		}
		gm.settle()
		gm.tally(&mc)
	}
	return mc
}

// seenByGame groups the interactions seen by game, the games in order of
// first appearance.
func seenByGame(seen []moveSeen) (order []string, byGame map[string][]moveSeen) {
	byGame = map[string][]moveSeen{}
	for _, s := range seen {
		if _, ok := byGame[s.Game]; !ok {
			order = append(order, s.Game)
		}
		byGame[s.Game] = append(byGame[s.Game], s)
	}
	return order, byGame
}

// gameMoves follows one game's interactions in order, matching the
// versions they show to the clicks that may have made them.
type gameMoves struct {
	st        storedGame
	claims    []claim
	epoch     int
	shown     int
	lostSince bool         // an interaction was lost since the last version shown
	unshown   map[int]bool // entries a lost interaction may have made
	pending   []*moveSeen  // the clicks since the last version shown that may have moved
	undone    bool         // an undo was clicked since the last version shown
	bad       func(f string, a ...any)
}

// claimBy records that the clicks by made versions from+1..to.
func (gm *gameMoves) claimBy(from, to int, by []*moveSeen) {
	c := claim{from: from, to: to}
	for _, m := range by {
		c.n = append(c.n, m.N)
		c.seats = append(c.seats, seatOf(gm.st, m.User))
	}
	if len(by) == 1 {
		c.action = by[0].Action
	}
	gm.claims = append(gm.claims, c)
}

// see takes the game's next interaction s.
func (gm *gameMoves) see(s *moveSeen) {
	if s.Lost {
		gm.lostSince = true
	}
	if s.Undo && !s.Refused && !s.Lost && s.HasFrom && s.From.Epoch == gm.epoch {
		gm.undone = true
	}
	if moved(s, gm.epoch) {
		// It may have moved, its board shown now or later (by the
		// outbox); in a simultaneous step another's move may be
		// shown with it.
		gm.pending = append(gm.pending, s)
	}
	if !s.Shows {
		return
	}
	switch {
	case s.Shown.Epoch > gm.epoch:
		gm.seeUndo(s)
	case s.Shown.Epoch == gm.epoch && s.Shown.Ver > gm.shown:
		switch {
		case gm.lostSince:
			// A lost interaction may have made any of them.
			for p := gm.shown + 1; p <= s.Shown.Ver; p++ {
				gm.unshown[p] = true
			}
		case len(gm.pending) > 0:
			gm.claimBy(gm.shown, s.Shown.Ver, gm.pending)
		default:
			gm.bad("versions %d..%d shown by interaction %d, and no acknowledged click could have made them (a move applied twice?)", gm.shown+1, s.Shown.Ver, s.N)
		}
		gm.shown, gm.lostSince, gm.pending, gm.undone = s.Shown.Ver, false, nil, false
	}
}

// seeUndo takes an interaction s showing a newer undo epoch: the claims
// above its version are taken back.
func (gm *gameMoves) seeUndo(s *moveSeen) {
	if !gm.undone && !gm.lostSince {
		gm.bad("interaction %d shows undo epoch %d without an undo clicked", s.N, s.Shown.Epoch)
	}
	to := s.Shown.Ver
	if !s.Undo && len(gm.claims) > 0 {
		// Shown after the undo (with moves since, maybe): it
		// took back the last claim at least; what came after
		// it is not checked.
		last := gm.claims[len(gm.claims)-1]
		for p := last.from + 1; p <= s.Shown.Ver; p++ {
			gm.unshown[p] = true
		}
		to = min(to, last.from)
	}
	gm.takeBack(to)
	for p := range gm.unshown {
		if p > s.Shown.Ver {
			delete(gm.unshown, p)
		}
	}
	gm.epoch, gm.shown, gm.lostSince, gm.pending, gm.undone = s.Shown.Epoch, s.Shown.Ver, false, nil, false
}

// takeBack drops the claims from version to on and cuts the others at to.
func (gm *gameMoves) takeBack(to int) {
	kept := gm.claims[:0]
	for _, c := range gm.claims {
		if c.from < to {
			c.to = min(c.to, to)
			kept = append(kept, c)
		}
	}
	gm.claims = kept
}

// settle compares the newest version shown with the actions stored.
func (gm *gameMoves) settle() {
	n, shown := len(gm.st.Actions), gm.shown
	switch {
	case n < shown && (gm.undone || gm.lostSince):
		// Taken back by an undo whose board the players did not see
		// (or by one lost at the kill).
		gm.takeBack(n)
	case n < shown:
		gm.bad("%d actions stored, version %d was shown: acknowledged moves missing", n, shown)
	case n > shown && gm.lostSince:
		for p := shown + 1; p <= n; p++ {
			gm.unshown[p] = true
		}
	case n > shown && len(gm.pending) > 0:
		// The move that ended the game shows no buttons; a board
		// owed at the end was posted after the players stopped.
		gm.claimBy(shown, n, gm.pending)
	case n > shown:
		gm.bad("%d actions stored, the newest version shown is %d: %d applied without an acknowledged move (doubled?)", n, shown, n-shown)
	}
}

// tally counts the game's claims into mc, checking each against the
// stored entry it claims.
func (gm *gameMoves) tally(mc *MoveCount) {
	n := len(gm.st.Actions)
	for _, c := range gm.claims {
		if c.to > n {
			continue // reported above
		}
		mc.Moves++
		mc.Actions += c.to - c.from
		first := gm.st.Actions[c.from]
		seat, _, _ := strings.Cut(first, "/")
		if k, err := strconv.Atoi(seat); err != nil || !slices.Contains(c.seats, k) {
			gm.bad("entry %d is %q, not a move of seat %v, whose interaction %v claims it", c.from+1, first, c.seats, c.n)
		}
		if c.action != "" && first != c.action {
			gm.bad("entry %d is %q, interaction %v applied %q", c.from+1, first, c.n, c.action)
		}
	}
	mc.Unshown += len(gm.unshown)
}

// moved reports whether s may have moved its game at epoch: an
// acknowledged click (not refused, not lost, not an undo) on a button of
// that epoch.
func moved(s *moveSeen, epoch int) bool {
	return !s.Lost && !s.Refused && s.HasFrom && !s.Undo && s.From.Epoch == epoch
}

// seatOf is user's seat in st, -1 when not seated.
func seatOf(st storedGame, user string) int {
	if k, ok := st.Seats[user]; ok {
		return k
	}
	return -1
}

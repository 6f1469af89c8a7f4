// Package enginetest is the conformance suite every title runs from its own
// tests: determinism, immutability, the action codec, refusals, who may act,
// random play to the end with the title's invariants, snapshots, replay and
// a generic leak test, which re-deals hidden information through the
// title's engine.Determinizer.
package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Config says how to exercise one title.
type Config struct {
	Title engine.Title
	// Options are option lists (as for Title.ParseOptions) to play under;
	// nil means only the defaults.
	Options []string
	// Seeds is how many random games to play per seat count and option
	// list (default 3; 1 under -short).
	Seeds int
	// MaxActions bounds a game's length; a game still running after it
	// fails the suite.
	MaxActions int
	// Invariants checks a match; nil checks nothing beyond the contract.
	Invariants func(engine.Match) error
	// Seat counts to play; nil means every count of Meta's range.
	SeatCounts []int
	// Pick biases the random player; nil picks uniformly.
	Pick func(r *rand.Rand) engine.Chooser
}

// Run runs the whole suite as subtests of t.
func Run(t *testing.T, c Config) {
	t.Helper()
	meta := c.Title.Meta()
	if c.Seeds == 0 {
		c.Seeds = 3
	}
	if testing.Short() {
		c.Seeds = 1
	}
	if c.MaxActions == 0 {
		c.MaxActions = 5000
	}
	if c.Options == nil {
		c.Options = []string{""}
	}
	counts := c.SeatCounts
	if counts == nil {
		for n := meta.MinSeats; n <= meta.MaxSeats; n++ {
			counts = append(counts, n)
		}
	}
	t.Run("Meta", func(t *testing.T) { checkMeta(t, c.Title) })
	t.Run("MalformedActions", func(t *testing.T) { checkMalformed(t, c.Title) })
	for _, n := range counts {
		for _, opts := range c.Options {
			for seed := uint64(1); seed <= uint64(c.Seeds); seed++ {
				name := fmt.Sprintf("%dp/%s/seed%d", n, opts, seed)
				t.Run(name, func(t *testing.T) {
					t.Parallel() // each game its own match: they share nothing
					playOne(t, c, n, opts, seed)
				})
			}
		}
	}
}

func checkMeta(t *testing.T, ti engine.Title) {
	m := ti.Meta()
	if m.ID == "" || m.Name == "" || m.Edition == "" {
		t.Errorf("meta lacks id, name or edition: %+v", m)
	}
	if m.MinSeats < 1 || m.MaxSeats < m.MinSeats {
		t.Errorf("seat range %d..%d", m.MinSeats, m.MaxSeats)
	}
	if _, err := ti.ParseOptions(""); err != nil {
		t.Errorf("default options: %v", err)
	}
	if _, err := ti.ParseOptions("no-such-option-xyz"); err == nil {
		t.Errorf("an unknown option was accepted")
	}
	keys := map[string]bool{}
	for _, o := range m.Options {
		if _, err := ti.ParseOptions(o.Key); err != nil {
			t.Errorf("option %q from Meta is refused: %v", o.Key, err)
		}
		for _, v := range o.Values {
			if _, err := ti.ParseOptions(o.Key + "=" + v); err != nil {
				t.Errorf("option %q=%q from Meta is refused: %v", o.Key, v, err)
			}
		}
		// The bot offers each option as a slash-command option named by
		// its key: Discord's names are at most 32 lower-case characters.
		if !optionKey(o.Key) || keys[o.Key] {
			t.Errorf("option key %q: not 1-32 of a-z, 0-9 and '-', or twice", o.Key)
		}
		keys[o.Key] = true
	}
	if m.MaxRounds < 0 {
		t.Errorf("MaxRounds %d", m.MaxRounds)
	}
	if _, err := ti.New(engine.Setup{NumSeats: m.MaxSeats + 1, Seed: 1}); err == nil {
		t.Errorf("a game with %d seats was set up", m.MaxSeats+1)
	}
}

// optionKey reports whether k is fit to name an option: 1 to 32 characters
// of a-z, 0-9 and '-'.
func optionKey(k string) bool {
	if k == "" || len(k) > 32 {
		return false
	}
	for _, r := range k {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' {
			return false
		}
	}
	return true
}

func checkMalformed(t *testing.T, ti engine.Title) {
	for _, s := range []string{"", "/", "x", "0/", "0/??", "99/x", "-1/x", "0/x:::::", "\x00", "0/" + string(bytes.Repeat([]byte("a"), 200))} {
		if a, err := ti.ParseAction(s); err == nil {
			t.Errorf("ParseAction(%q) = %v, want an error", s, a)
		}
	}
}

// snap returns m's snapshot or fails the test.
func snap(t *testing.T, m engine.Match) []byte {
	t.Helper()
	b, err := m.Snapshot()
	if err != nil {
		t.Fatalf("snapshot: %v", err)
	}
	return b
}

func public(t *testing.T, m engine.Match) []byte {
	t.Helper()
	b, err := json.Marshal(m.Public())
	if err != nil {
		t.Fatalf("public view: %v", err)
	}
	return b
}

// playOne plays one random game and checks every contract property along
// the way.
func playOne(t *testing.T, c Config, n int, opts string, seed uint64) {
	ti := c.Title
	options, err := ti.ParseOptions(opts)
	if err != nil {
		t.Fatalf("options %q: %v", opts, err)
	}
	m := newTwins(t, ti, engine.Setup{Options: options, NumSeats: n, Seed: seed})
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	pick := func(k int) int { return r.IntN(k) }
	if c.Pick != nil {
		pick = c.Pick(r)
	}
	var log []string
	var old []engine.Action // actions legal at earlier versions, to try as stale
	for step := 0; m.Result() == nil; step++ {
		if step >= c.MaxActions {
			t.Fatalf("game not over after %d actions", c.MaxActions)
		}
		if m.Version() != step {
			t.Fatalf("version %d after %d actions", m.Version(), step)
		}
		toAct := m.ToAct()
		if len(toAct) == 0 {
			t.Fatalf("version %d: no seat to act and no result", step)
		}
		before := snap(t, m)
		mine := checkSeats(t, ti, m, n, toAct, step, r, before)
		checkStale(t, m, old, step, r, before)
		old = rememberStale(old, mine, r)
		if step%25 == 0 {
			checkRestore(t, ti, m)
		}
		var a engine.Action
		m, a = playStep(t, c, m, n, toAct, step, pick, r)
		log = append(log, a.String())
	}
	checkEnd(t, ti, m, n)
	checkReplay(t, ti, m, n, options, seed, log)
}

// newTwins starts a game from setup twice, checks that both start alike and
// returns the first.
func newTwins(t *testing.T, ti engine.Title, setup engine.Setup) engine.Match {
	t.Helper()
	m, err := ti.New(setup)
	if err != nil {
		t.Fatalf("new game: %v", err)
	}
	twin, err := ti.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(snap(t, m), snap(t, twin)) {
		t.Fatalf("two games from one setup differ")
	}
	return m
}

// checkSeats checks who may act at step and applies a sample of each asked
// seat's legal actions to m (whose snapshot is before); it returns the
// actions of the seat first asked (of every asked seat when simultaneous).
func checkSeats(t *testing.T, ti engine.Title, m engine.Match, n int, toAct []int, step int, r *rand.Rand, before []byte) []engine.Action {
	t.Helper()
	var mine []engine.Action
	for seat := 0; seat < n; seat++ {
		legal := m.Legal(seat)
		if !slices.Contains(toAct, seat) {
			if len(legal) > 0 {
				t.Fatalf("version %d: seat %d is not asked to act but has legal %v", step, seat, legal)
			}
			continue
		}
		if len(legal) == 0 {
			t.Fatalf("version %d: seat %d must act but has no legal action", step, seat)
		}
		checkPicks(t, m, seat, legal)
		if seat == toAct[0] || m.Simultaneous() {
			mine = append(mine, legal...)
		}
		// Every legal action round-trips and applies; the receiver
		// never changes. Checking all of them each step is slow for
		// wide lists, so sample at most 12.
		for _, i := range sample(r, len(legal), 12) {
			a := legal[i]
			checkCodec(t, ti, a)
			if a.Actor() != seat {
				t.Fatalf("version %d: seat %d's legal action %s is for seat %d", step, seat, a, a.Actor())
			}
			next, _, err := m.Apply(a)
			if err != nil {
				t.Fatalf("version %d: legal %s refused: %v", step, a, err)
			}
			if next.Version() != step+1 {
				t.Fatalf("version after %s is %d, want %d", a, next.Version(), step+1)
			}
			if !bytes.Equal(before, snap(t, m)) {
				t.Fatalf("version %d: Apply(%s) changed its receiver", step, a)
			}
		}
	}
	return mine
}

// checkStale tries a sample of old actions: anything legal earlier that is
// not legal now is refused with a rule error and changes nothing.
func checkStale(t *testing.T, m engine.Match, old []engine.Action, step int, r *rand.Rand, before []byte) {
	t.Helper()
	for _, i := range sample(r, len(old), 6) {
		a := old[i]
		if isLegal(m, a) {
			continue
		}
		if _, _, err := m.Apply(a); !isRuleError(err) {
			t.Fatalf("version %d: stale %s: got %v, want a rule error", step, a, err)
		}
		if !bytes.Equal(before, snap(t, m)) {
			t.Fatalf("version %d: refused %s changed the match", step, a)
		}
	}
}

// rememberStale keeps this step's actions to try as stale later: all of
// them until 400 are kept, then one replacing a random old one.
func rememberStale(old, mine []engine.Action, r *rand.Rand) []engine.Action {
	if len(old) < 400 {
		return append(old, mine...)
	}
	if len(mine) > 0 {
		old[r.IntN(len(old))] = mine[r.IntN(len(mine))]
	}
	return old
}

// playStep picks the step's action, checks it leaks nothing, applies it and
// checks the title's invariants; it returns the next match and the action.
func playStep(t *testing.T, c Config, m engine.Match, n int, toAct []int, step int, pick engine.Chooser, r *rand.Rand) (engine.Match, engine.Action) {
	t.Helper()
	seat := toAct[pick(len(toAct))]
	legal := m.Legal(seat)
	a := legal[pick(len(legal))]
	if d, ok := m.(engine.Determinizer); ok {
		checkLeak(t, d, m, a, step%7 == 0, n, r)
		if step == 30 {
			checkDeterminized(t, c, d, m, r)
		}
	}
	next, _, err := m.Apply(a)
	if err != nil {
		t.Fatalf("version %d: %s refused: %v", step, a, err)
	}
	if c.Invariants != nil {
		if err := c.Invariants(next); err != nil {
			t.Fatalf("after action %d (%s): %v", step, a, err)
		}
	}
	return next, a
}

// checkEnd checks a finished game: a result for every seat, nobody asked to
// act, and a snapshot that restores.
func checkEnd(t *testing.T, ti engine.Title, m engine.Match, n int) {
	t.Helper()
	res := m.Result()
	if len(res.Ranking) != n || len(res.Scores) != n {
		t.Fatalf("result ranks %d and scores %d seats, want %d", len(res.Ranking), len(res.Scores), n)
	}
	for seat := 0; seat < n; seat++ {
		if len(m.Legal(seat)) != 0 {
			t.Fatalf("seat %d has legal actions after the end", seat)
		}
	}
	if len(m.ToAct()) != 0 {
		t.Fatalf("seats %v must act after the end", m.ToAct())
	}
	checkRestore(t, ti, m)
}

// checkReplay replays the finished game m from its record, through its
// JSON form, and checks that any action after the end is refused.
func checkReplay(t *testing.T, ti engine.Title, m engine.Match, n int, options json.RawMessage, seed uint64, log []string) {
	t.Helper()
	rec := &engine.Record{Title: ti.Meta().ID, Edition: ti.Meta().Edition, Options: options, Seed: seed, Actions: log}
	for i := 0; i < n; i++ {
		rec.Seats = append(rec.Seats, fmt.Sprintf("P%d", i+1))
	}
	raw, err := engine.MarshalRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	rec, err = engine.UnmarshalRecord(raw)
	if err != nil {
		t.Fatal(err)
	}
	again, err := engine.Replay(ti, rec, -1)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	if !bytes.Equal(snap(t, again), snap(t, m)) {
		t.Fatalf("replay of the record ends in a different match")
	}
	// After the end, any action is refused.
	if len(log) > 0 {
		a, _ := ti.ParseAction(log[len(log)-1])
		if _, _, err := m.Apply(a); !isRuleError(err) {
			t.Fatalf("an action after the end: got %v, want a rule error", err)
		}
	}
}

func checkCodec(t *testing.T, ti engine.Title, a engine.Action) {
	t.Helper()
	s := a.String()
	if len(s) > engine.MaxActionLen {
		t.Fatalf("action %q is %d bytes, over %d", s, len(s), engine.MaxActionLen)
	}
	b, err := ti.ParseAction(s)
	if err != nil {
		t.Fatalf("ParseAction(%q): %v", s, err)
	}
	if b.String() != s || b.Actor() != a.Actor() {
		t.Fatalf("action %q parses back as %q (seat %d, want %d)", s, b.String(), b.Actor(), a.Actor())
	}
}

func checkRestore(t *testing.T, ti engine.Title, m engine.Match) {
	t.Helper()
	b := snap(t, m)
	back, err := ti.Restore(b)
	if err != nil {
		t.Fatalf("restore: %v", err)
	}
	if !bytes.Equal(snap(t, back), b) {
		t.Fatalf("restore(snapshot) snapshots differently")
	}
	if !bytes.Equal(public(t, back), public(t, m)) || back.Version() != m.Version() {
		t.Fatalf("a restored match shows differently")
	}
}

// checkLeak re-deals m's hidden information (engine.Determinizer) and
// checks that nothing public changes: the public view and who is asked
// (Asked); then, when the move a about to be made is legal in the other
// deal too and reveals nothing in either, that the public view, the events
// and who is asked after it are the same. A title whose turn ends by itself
// unless the player holds a certain card fails here. Each deal is made for
// a seat drawn at random, or for no seat (-1: everything hidden from
// everyone is re-dealt, the acting seat's hand too); the seat's own view
// must stay byte-identical, and a second re-deal for the same seat from a
// generator in the same state must give the same match (the deal depends
// on what the seat sees only). Three deals when full, else one.
func checkLeak(t *testing.T, d engine.Determinizer, m engine.Match, a engine.Action, full bool, seats int, r *rand.Rand) {
	t.Helper()
	pub, ask := public(t, m), Asked(m)
	next, ev, err := m.Apply(a)
	if err != nil {
		t.Fatalf("version %d: %s refused: %v", m.Version(), a, err)
	}
	deals := 1
	if full {
		deals = 3
	}
	for i := 0; i < deals; i++ {
		seat := r.IntN(seats+1) - 1 // -1: no seat
		mine := seatView(t, m, seat)
		s1, s2 := r.Uint64(), r.Uint64()
		other := d.Determinize(seat, rand.New(rand.NewPCG(s1, s2)))
		if got := public(t, other); !bytes.Equal(got, pub) {
			t.Fatalf("version %d: re-dealing what seat %d cannot see changed the public view:\n%s\n%s", m.Version(), seat, pub, got)
		}
		if got := seatView(t, other, seat); !bytes.Equal(got, mine) {
			t.Fatalf("version %d: re-dealing what seat %d cannot see changed its own view:\n%s\n%s", m.Version(), seat, mine, got)
		}
		if got := Asked(other); got != ask {
			t.Fatalf("version %d: re-dealing what seat %d cannot see changed who is asked to act: %s, re-dealt %s", m.Version(), seat, ask, got)
		}
		if full {
			// The deal depends on what seat sees, not on how the hidden
			// things lay: re-dealing the re-dealt match with the same
			// generator gives the same match.
			again := other.(engine.Determinizer).Determinize(seat, rand.New(rand.NewPCG(s1, s2)))
			if !bytes.Equal(snap(t, again), snap(t, other)) {
				t.Fatalf("version %d: a re-deal for seat %d depends on the hidden deal it started from", m.Version(), seat)
			}
		}
		b := sameAction(other, a)
		if b == nil {
			continue // a depends on the hand it was dealt
		}
		onext, oev, err := other.Apply(b)
		if err != nil {
			t.Fatalf("version %d: re-dealt, legal %s refused: %v", m.Version(), b, err)
		}
		if engine.Reveals(ev) || engine.Reveals(oev) {
			continue // a showed something hidden: the two deals may differ now
		}
		if got, want := events(t, oev), events(t, ev); !bytes.Equal(got, want) {
			t.Fatalf("version %d: after %s, re-dealing hidden information changed the events:\n%s\n%s", m.Version(), a, want, got)
		}
		if got, want := public(t, onext), public(t, next); !bytes.Equal(got, want) {
			t.Fatalf("version %d: after %s, re-dealing hidden information changed the public view:\n%s\n%s", m.Version(), a, want, got)
		}
		if got, want := Asked(onext), Asked(next); got != want {
			t.Fatalf("version %d: after %s, re-dealing hidden information changed who is asked to act: %s, re-dealt %s", m.Version(), a, want, got)
		}
	}
}

// checkDeterminized re-deals m for the first seat to act and plays the
// re-dealt match to its end at random: it must keep the title's
// invariants and end like any game.
func checkDeterminized(t *testing.T, c Config, d engine.Determinizer, m engine.Match, r *rand.Rand) {
	t.Helper()
	seat := m.ToAct()[0]
	other := d.Determinize(seat, r)
	if c.Invariants != nil {
		if err := c.Invariants(other); err != nil {
			t.Fatalf("version %d: re-dealt for seat %d: %v", m.Version(), seat, err)
		}
	}
	if _, _, err := engine.RandomPlayout(other, func(k int) int { return r.IntN(k) }, c.MaxActions, c.Invariants); err != nil {
		t.Fatalf("version %d: re-dealt for seat %d and played on: %v", m.Version(), seat, err)
	}
}

func seatView(t *testing.T, m engine.Match, seat int) []byte {
	t.Helper()
	b, err := json.Marshal(m.Seat(seat))
	if err != nil {
		t.Fatalf("seat %d's view: %v", seat, err)
	}
	return b
}

// checkPicks checks the choices of several among seat's legal actions
// (engine.Pick): the picks of one group agree on its bounds, 1 <= Min <=
// Max, and taken one after the other in the order of Legal, each copy as
// often as Times allows, up to Max, every one stays legal.
func checkPicks(t *testing.T, m engine.Match, seat int, legal []engine.Action) {
	t.Helper()
	groups := map[string][]engine.Action{}
	var order []string
	bounds := map[string][2]int{}
	for _, a := range legal {
		p := m.Label(a).Pick
		if p.Group.IsZero() || p.End {
			continue
		}
		if p.Min < 1 || p.Max < p.Min || p.Times < 0 {
			t.Fatalf("version %d: pick %s has Min %d, Max %d, Times %d", m.Version(), a, p.Min, p.Max, p.Times)
		}
		if b, ok := bounds[p.Group.String()]; ok && b != [2]int{p.Min, p.Max} {
			t.Fatalf("version %d: the picks of %q disagree on their bounds: %v and %d–%d", m.Version(), p.Group.String(), b, p.Min, p.Max)
		}
		if _, ok := groups[p.Group.String()]; !ok {
			order = append(order, p.Group.String())
		}
		bounds[p.Group.String()] = [2]int{p.Min, p.Max}
		for range max(1, p.Times) {
			groups[p.Group.String()] = append(groups[p.Group.String()], a)
		}
	}
	for _, g := range order {
		cur := m
		for k, a := range groups[g][:min(len(groups[g]), bounds[g][1])] {
			next, _, err := cur.Apply(a)
			if err != nil {
				t.Fatalf("version %d: pick %d of %q, %s, is refused after the ones before it: %v", m.Version(), k+1, g, a, err)
			}
			if !slices.Contains(next.ToAct(), seat) && k+1 < min(len(groups[g]), bounds[g][1]) {
				t.Fatalf("version %d: after pick %d of %q, %s, seat %d no longer acts", m.Version(), k+1, g, a, seat)
			}
			cur = next
		}
	}
}

// Asked describes who acts in m as the platform runs the turn: the seats
// to act, whether they act in any order, and for each whether it is asked
// or the platform plays its only legal action for it (a single action whose
// label does not ask, engine.Label.Deliberate). Whether a seat is asked must be
// public: a hidden hand may not show in it.
func Asked(m engine.Match) string {
	out := fmt.Sprintf("to act %v", m.ToAct())
	if m.Simultaneous() {
		out += " in any order"
	}
	for _, seat := range m.ToAct() {
		legal := m.Legal(seat)
		if len(legal) == 1 && !m.Label(legal[0]).Deliberate {
			out += fmt.Sprintf("; seat %d's only move is played for it", seat)
		} else {
			out += fmt.Sprintf("; seat %d is asked", seat)
		}
	}
	return out
}

// sameAction returns the action of m's legal list that reads as a, or nil.
func sameAction(m engine.Match, a engine.Action) engine.Action {
	s := a.String()
	for _, b := range m.Legal(a.Actor()) {
		if b.String() == s {
			return b
		}
	}
	return nil
}

func events(t *testing.T, ev []engine.Event) []byte {
	t.Helper()
	b, err := json.Marshal(ev)
	if err != nil {
		t.Fatalf("events: %v", err)
	}
	return b
}

func isLegal(m engine.Match, a engine.Action) bool {
	s := a.String()
	for _, b := range m.Legal(a.Actor()) {
		if b.String() == s {
			return true
		}
	}
	return false
}

func isRuleError(err error) bool {
	var re *engine.RuleError
	return errors.As(err, &re) && re.Code != "" && !re.Message.IsZero()
}

// sample returns up to k distinct indexes below n.
func sample(r *rand.Rand, n, k int) []int {
	if n <= k {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	return r.Perm(n)[:k]
}

package storage

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// scripted starts a 3-seat game with the draft skipped, seat order 0, 1, 2,
// only C6 face up, and seat 0 holding the survey card "A +1 tin £2" (its id
// is returned), so tests can name actions as strings.
func scripted(t *testing.T, s *Store, channel string) (Header, *tinners.State, int) {
	t.Helper()
	card := -1
	for _, c := range tinners.Standard.Cards {
		if c.String() == "A +1 tin £2" {
			card = c.ID
			break
		}
	}
	if card < 0 {
		t.Fatal("no card A +1 tin £2")
	}
	h := lobby(t, s, channel, 3)
	o := &tinners.SetupOverrides{FaceUp: []string{"C6"}, Hands: [][]int{{card}, {}, {}}, Order: []int{0, 1, 2}}
	st, h, err := startT(s, context.Background(), h.ID, tinners.Setup{Seed: 7, Overrides: o})
	if err != nil {
		t.Fatal(err)
	}
	return h, st, card
}

// acts parses compact actions.
func acts(t *testing.T, strs ...string) []tinners.Action {
	t.Helper()
	var out []tinners.Action
	for _, str := range strs {
		a, err := tinners.ParseAction(str)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}

// logOf returns the stored log.
func logOf(t *testing.T, s *Store, id string) []string {
	t.Helper()
	r, err := s.Record(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return r.Actions
}

func TestApplyBatchIsAllOrNothing(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	h, st, _ := scripted(t, s, "c")
	before := stateJSON(t, st)

	// The second action is not seat 2's to make: nothing is written.
	_, _, _, err := applyBatchT(s, ctx, h.ID, 0, batchT{Actions: acts(t, "0/pass", "2/pass"),
		Header: func(h *Header, _ *tinners.State) error { h.BoardMessageID = "never"; return nil }})
	var re *tinners.RuleError
	if !errors.As(err, &re) || re.Code != tinners.ErrNotYourTurn {
		t.Fatalf("want the engine's rule error, got %v", err)
	}
	h2, st2, err := loadT(s, ctx, h.ID)
	if err != nil {
		t.Fatal(err)
	}
	if h2.Version != 0 || h2.BoardMessageID != "" || len(logOf(t, s, h.ID)) != 0 || stateJSON(t, st2) != before {
		t.Fatalf("a failed batch changed the game: version %d, board %q, log %v", h2.Version, h2.BoardMessageID, logOf(t, s, h.ID))
	}
	checkReplay(t, s, h.ID)

	// An error from the header function aborts too.
	boom := errors.New("boom")
	if _, _, _, err := applyBatchT(s, ctx, h.ID, 0, batchT{Actions: acts(t, "0/pass"),
		Header: func(*Header, *tinners.State) error { return boom }}); !errors.Is(err, boom) {
		t.Fatalf("want boom, got %v", err)
	}
	// And so does a header function changing what storage owns.
	if _, _, _, err := applyBatchT(s, ctx, h.ID, 0, batchT{Actions: acts(t, "0/pass"),
		Header: func(h *Header, _ *tinners.State) error { h.Version = 7; return nil }}); err == nil {
		t.Fatal("a batch's header function changed the version")
	}
	if got := logOf(t, s, h.ID); len(got) != 0 {
		t.Fatalf("log %v", got)
	}

	// The same batch with a legal second action goes through whole.
	st, ev, h, err := applyBatchT(s, ctx, h.ID, 0, batchT{Actions: acts(t, "0/pass", "1/pass")})
	if err != nil {
		t.Fatal(err)
	}
	if st.Version != 2 || h.Version != 2 || strings.Join(logOf(t, s, h.ID), " ") != "0/pass 1/pass" {
		t.Fatalf("version %d/%d, log %v", st.Version, h.Version, logOf(t, s, h.ID))
	}
	if len(ev) != 2 || ev[0].Message.String() != "tt_log_pass{P:{P0},Row:1}" || ev[1].Message.String() != "tt_log_pass{P:{P1},Row:2}" {
		t.Fatalf("events %v", ev)
	}
	checkReplay(t, s, h.ID)
}

func TestApplyBatchFollowUpsAndHeader(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	h, _, _ := scripted(t, s, "c")

	// Then passes for whoever is to act until the investing starts.
	asked := 0
	then := func(st *tinners.State) (tinners.Action, bool) {
		asked++
		if st.Phase != tinners.PhaseActions {
			return tinners.Action{}, false
		}
		seat := st.ToAct()[0]
		return tinners.Action{Seat: seat, Kind: tinners.ActPass}, true
	}
	var sawVersion int
	st, ev, h, err := applyBatchT(s, ctx, h.ID, 0, batchT{
		Actions: acts(t, "0/pass"),
		Then:    then,
		Header: func(h *Header, st *tinners.State) error {
			sawVersion = st.Version
			h.Notes = json.RawMessage(`{"undo":1}`)
			h.BoardMessageID = "m1"
			return nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.Phase != tinners.PhaseInvest || st.Version != 3 || asked != 3 || sawVersion != 3 {
		t.Fatalf("phase %s, version %d, Then asked %d times, header saw version %d", st.Phase, st.Version, asked, sawVersion)
	}
	var lines []string
	for _, e := range ev {
		lines = append(lines, e.Message.String())
	}
	if got := strings.Join(lines, "|"); !strings.HasPrefix(got, "tt_log_pass{P:{P0},Row:1}|tt_log_pass{P:{P1},Row:2}|tt_log_pass{P:{P2},Row:3}") {
		t.Fatalf("events not in order: %s", got)
	}
	stored, err := s.Header(ctx, h.ID)
	if err != nil {
		t.Fatal(err)
	}
	if stored.Version != 3 || string(stored.Notes) != `{"undo":1}` || stored.BoardMessageID != "m1" {
		t.Fatalf("stored header %+v", stored)
	}
	checkReplay(t, s, h.ID)

	// A follow-up the engine refuses aborts the batch, actions included.
	_, _, _, err = applyBatchT(s, ctx, h.ID, 3, batchT{Actions: acts(t, "0/inv:10"),
		Then: func(*tinners.State) (tinners.Action, bool) { return acts(t, "2/inv:10")[0], true }})
	var re *tinners.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("want a rule error, got %v", err)
	}
	if got := logOf(t, s, h.ID); len(got) != 3 {
		t.Fatalf("log %v", got)
	}

	// A Then that never stops is cut off after MaxFollowUps, and nothing is
	// written. (Rules that accept anything, so it could go on forever.)
	saved := s.rules
	s.rules.apply = func(m engine.Match, _ engine.Action) (engine.Match, []engine.Event, error) {
		n := ts(m).Clone()
		n.Version++
		return tinners.Match{S: n}, nil, nil
	}
	asked = 0
	_, _, _, err = applyBatchT(s, ctx, h.ID, 3, batchT{Then: func(*tinners.State) (tinners.Action, bool) {
		asked++
		return tinners.Action{Kind: tinners.ActPass}, true
	}})
	if err == nil || !strings.Contains(err.Error(), "follow-ups") || asked != MaxFollowUps+1 {
		t.Fatalf("runaway Then asked %d times: %v", asked, err)
	}
	s.rules = saved
	if got := logOf(t, s, h.ID); len(got) != 3 {
		t.Fatalf("log %v after a failed batch", got)
	}
	checkReplay(t, s, h.ID)
}

func TestConcurrentBatches(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	h, _, _ := scripted(t, s, "c")
	b := batchT{Actions: acts(t, "0/pass", "1/pass")}

	const n = 50
	var (
		wg             sync.WaitGroup
		start          = make(chan struct{})
		applied, stale int
		mu             sync.Mutex
		other          []error
	)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			_, _, _, err := applyBatchT(s, ctx, h.ID, 0, b)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				applied++
			case errors.Is(err, ErrStale):
				stale++
			default:
				other = append(other, err)
			}
		}()
	}
	close(start)
	wg.Wait()
	if applied != 1 || stale != n-1 || len(other) > 0 {
		t.Fatalf("applied %d, stale %d, other %v", applied, stale, other)
	}
	if got := logLen(t, s, h.ID); got != len(b.Actions) {
		t.Fatalf("log has %d actions, want %d", got, len(b.Actions))
	}
	checkReplay(t, s, h.ID)
}

func TestHeaderNotes(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	h := lobby(t, s, "c", 3)
	set := func(id, notes string) Header {
		t.Helper()
		out, err := s.UpdateHeader(ctx, id, func(h *Header) error { h.Notes = json.RawMessage(notes); return nil })
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Header(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if string(got.Notes) != notes || string(out.Notes) != notes {
			t.Fatalf("notes %s / %s, want %s", got.Notes, out.Notes, notes)
		}
		return got
	}
	set(h.ID, `{"orders":["0/inv:10"]}`)
	if _, _, err := startT(s, ctx, h.ID, tinners.Setup{Seed: 1}); err != nil {
		t.Fatal(err)
	}
	got := set(h.ID, `{"pending":[1,2,3]}`)
	c := got.Clone()
	c.Notes[2] = 'X'
	if string(got.Notes) != `{"pending":[1,2,3]}` {
		t.Fatal("Clone shares the notes")
	}
	if _, err := s.SetStatus(ctx, h.ID, StatusFinished); err != nil {
		t.Fatal(err)
	}
	set(h.ID, `[]`)
	got = set(h.ID, ``)
	if got.Notes != nil {
		t.Fatalf("cleared notes read back as %q", got.Notes)
	}
	if _, err := s.UpdateHeader(ctx, h.ID, func(h *Header) error { h.Notes = json.RawMessage(`{`); return nil }); err == nil {
		t.Fatal("invalid JSON notes were stored")
	}
}

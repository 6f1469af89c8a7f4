package enginetest

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Start sets up n seeded games of title ti for seats (options opts, as for
// Title.ParseOptions), seeds 1..n: the positions benchmarks play out from.
func Start(tb testing.TB, ti engine.Title, seats int, opts string, n int) []engine.Match {
	tb.Helper()
	options, err := ti.ParseOptions(opts)
	if err != nil {
		tb.Fatal(err)
	}
	var out []engine.Match
	for i := 1; i <= n; i++ {
		m, err := ti.New(engine.Setup{Options: options, NumSeats: seats, Seed: uint64(i)})
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

// BenchPlayouts plays uniformly random games from the positions in starts
// to the end, as a search's play-outs do, and reports actions applied per
// second (one core) and allocations per action. With fast it plays through
// the title's Sim (engine.SimOf); without, through Legal and the
// immutable Apply.
func BenchPlayouts(b *testing.B, starts []engine.Match, fast bool) {
	b.ReportAllocs()
	r := rand.New(rand.NewPCG(1, 2))
	pick := func(n int) int { return r.IntN(n) }
	actions := 0
	i := 0
	cpu := cpuSeconds()
	allocs := mallocs()
	for b.Loop() {
		m := starts[i%len(starts)]
		i++
		if fast {
			n, err := engine.SimPlayout(engine.SimOf(m), pick, 20000)
			if err != nil {
				b.Fatal(err)
			}
			actions += n
			continue
		}
		_, log, err := engine.RandomPlayout(m, pick, 20000, nil)
		if err != nil {
			b.Fatal(err)
		}
		actions += len(log)
	}
	cpu = cpuSeconds() - cpu
	allocs = mallocs() - allocs
	sec := b.Elapsed().Seconds()
	if actions > 0 && sec > 0 {
		b.ReportMetric(float64(actions)/sec, "actions/s")
		b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
		b.ReportMetric(float64(allocs)/float64(actions), "allocs/action")
	}
	// On a loaded machine wall time counts other processes' turns too;
	// the process's own processor time (the garbage collector's
	// included) gives the rate per core that a search can count on.
	if actions > 0 && cpu > 0 {
		b.ReportMetric(float64(actions)/cpu, "actions/cpu-s")
	}
}

// CheckSim plays random games of ti with seats from seeds 1..games both
// through the title's Sim and through Legal and Apply, and fails unless
// they agree all along: the same seats to act, the same legal actions, the
// same snapshot, public view and seat views after every action, the same
// result, and the same refusal of an action that is not legal. Clones
// taken on the way play on apart from their origin.
func CheckSim(t *testing.T, ti engine.Title, seats int, opts string, games, every int) {
	t.Helper()
	for g, m := range Start(t, ti, seats, opts, games) {
		if _, ok := m.(engine.Simulator); !ok {
			t.Fatalf("%s offers no Sim", ti.Meta().ID)
		}
		sim := engine.SimOf(m)
		r := rand.New(rand.NewPCG(uint64(g), 99))
		var stale []engine.Action
		for step := 0; m.Result() == nil; step++ {
			if step > 20000 {
				t.Fatalf("game %d did not end", g)
			}
			if step%every == 0 {
				same(t, step, m, sim, seats)
			} else if m.Version() != sim.Version() || !slices.Equal(m.ToAct(), sim.ToAct()) {
				t.Fatalf("step %d: Sim at version %d with %v to act, want %d with %v", step, sim.Version(), sim.ToAct(), m.Version(), m.ToAct())
			}
			toAct := m.ToAct()
			seat := toAct[r.IntN(len(toAct))]
			legal := m.Legal(seat)
			if got := sim.Legal(seat); !sameActions(legal, got) {
				t.Fatalf("step %d: Sim.Legal(%d) = %v, want %v", step, seat, got, legal)
			}
			// A stale action is refused by both, and the Sim stays put.
			if len(stale) > 0 {
				a := stale[r.IntN(len(stale))]
				if !isLegal(m, a) {
					_, _, want := m.Apply(a)
					err := sim.ApplyInPlace(a)
					if (want == nil) != (err == nil) || (err != nil && err.Error() != want.Error()) {
						t.Fatalf("step %d: stale %s: Sim says %v, Apply %v", step, a, err, want)
					}
					if sim.Version() != m.Version() {
						t.Fatalf("step %d: a refused %s moved the Sim on", step, a)
					}
				}
			}
			stale = append(stale, legal...)
			if len(stale) > 200 {
				stale = stale[len(stale)-200:]
			}
			a := legal[r.IntN(len(legal))]
			// Now and then a clone plays on a few actions and must leave
			// the Sim as it was.
			if step%17 == 0 {
				before := snapshot(t, sim)
				c := sim.Clone()
				for k := 0; k < 5 && c.Result() == nil; k++ {
					ca := c.ToAct()
					cl := c.Legal(ca[r.IntN(len(ca))])
					if err := c.ApplyInPlace(cl[r.IntN(len(cl))]); err != nil {
						t.Fatalf("step %d: a clone refused a legal action: %v", step, err)
					}
				}
				if !bytes.Equal(before, snapshot(t, sim)) {
					t.Fatalf("step %d: a clone's play changed the Sim", step)
				}
			}
			next, _, err := m.Apply(a)
			if err != nil {
				t.Fatalf("step %d: %s refused: %v", step, a, err)
			}
			if err := sim.ApplyInPlace(a); err != nil {
				t.Fatalf("step %d: Sim refused %s: %v", step, a, err)
			}
			m = next
		}
		same(t, -1, m, sim, seats)
		if sim.Result() == nil {
			t.Fatalf("game %d: the Sim has no result at the end", g)
		}
		if a, b := jsonOf(t, m.Result()), jsonOf(t, sim.Result()); !bytes.Equal(a, b) {
			t.Fatalf("game %d: results differ: %s vs %s", g, b, a)
		}
	}
}

// same fails unless the Sim reads as the match m.
func same(t *testing.T, step int, m engine.Match, sim engine.Sim, seats int) {
	t.Helper()
	if m.Version() != sim.Version() {
		t.Fatalf("step %d: Sim version %d, want %d", step, sim.Version(), m.Version())
	}
	if a, b := jsonOf(t, m.ToAct()), jsonOf(t, sim.ToAct()); !bytes.Equal(a, b) {
		t.Fatalf("step %d: Sim.ToAct %s, want %s", step, b, a)
	}
	if a, b := canonical(t, snapshot(t, m)), canonical(t, snapshot(t, sim)); !bytes.Equal(a, b) {
		t.Fatalf("step %d: snapshots differ:\nsim   %s\napply %s", step, b, a)
	}
	if a, b := canonical(t, jsonOf(t, m.Public())), canonical(t, jsonOf(t, sim.Public())); !bytes.Equal(a, b) {
		t.Fatalf("step %d: public views differ", step)
	}
	for s := 0; s < seats; s++ {
		if a, b := canonical(t, jsonOf(t, m.Seat(s))), canonical(t, jsonOf(t, sim.Seat(s))); !bytes.Equal(a, b) {
			t.Fatalf("step %d: seat %d's views differ", step, s)
		}
	}
}

// mallocs is the number of heap allocations made so far.
func mallocs() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.Mallocs
}

// canonical rewrites JSON with every empty list as null: a state that
// plays on in place may hold an empty list where a copied one holds nil,
// which reads back the same.
func canonical(t *testing.T, b []byte) []byte {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	var walk func(v any) any
	walk = func(v any) any {
		switch v := v.(type) {
		case []any:
			if len(v) == 0 {
				return nil
			}
			for i := range v {
				v[i] = walk(v[i])
			}
		case map[string]any:
			for k := range v {
				v[k] = walk(v[k])
			}
		}
		return v
	}
	return jsonOf(t, walk(v))
}

func snapshot(t *testing.T, m engine.Match) []byte {
	t.Helper()
	b, err := m.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func jsonOf(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func sameActions(a, b []engine.Action) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].String() != b[i].String() {
			return false
		}
	}
	return true
}

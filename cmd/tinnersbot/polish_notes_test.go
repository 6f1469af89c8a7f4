package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/playtest"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/brass"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// TestPolishNotesOfPlayedMoves plays random games of the titles on the
// generic flow and, wherever the platform would play a move for a seat
// (its only legal option that is not Deliberate, or its default move),
// checks the move's label: it has a NoteMessage (others are told the move
// in the third person, never the chooser's line), which renders without
// gaps in English and Polish and whose Polish has no verb or pronoun of
// the second person (playtest.SecondPerson, as TestPolishStyleEveryTitle
// reads public lines).
func TestPolishNotesOfPlayedMoves(t *testing.T) {
	en, pl := i18n.Localizer(i18n.English), i18n.Localizer(i18n.Polish)
	seeds := []uint64{1, 2, 3}
	if testing.Short() {
		seeds = seeds[:1]
	}
	for _, title := range []engine.Title{coalbaron.Title, brass.Title, mineshaft.Title} {
		mt := title.Meta()
		t.Run(mt.ID, func(t *testing.T) {
			seen := map[string]bool{}
			played := 0
			for n := mt.MinSeats; n <= mt.MaxSeats; n++ {
				for _, seed := range seeds {
					m, err := title.New(engine.Setup{NumSeats: n, Seed: seed})
					if err != nil {
						t.Fatal(err)
					}
					r := rand.New(rand.NewPCG(seed, uint64(n)))
					for step := 0; m.Result() == nil && step < 4000; step++ {
						toAct := m.ToAct()
						if len(toAct) == 0 {
							break
						}
						for _, seat := range toAct {
							legal := m.Legal(seat)
							var forSeat []engine.Action
							if len(legal) == 1 && !m.Label(legal[0]).Deliberate {
								forSeat = append(forSeat, legal[0])
							}
							if d, ok := m.(engine.Defaults); ok {
								if a := d.Default(seat); a != nil {
									forSeat = append(forSeat, a)
								}
							}
							for _, a := range forSeat {
								played++
								where := fmt.Sprintf("%dp seed %d step %d seat %d %s", n, seed, step, seat, a)
								note := m.Label(a).NoteMessage
								if note.IsZero() {
									t.Errorf("%s: no NoteMessage (line %q)", where, pl.Message(m.Label(a).LineMessage, ""))
									continue
								}
								seen[note.ID] = true
								e, p := en.Message(note, "\x00"), pl.Message(note, "\x00")
								for _, s := range []string{e, p} {
									if strings.TrimSpace(s) == "" || strings.Contains(s, "\x00") || strings.Contains(s, "<no value>") || strings.Contains(s, "[") {
										t.Errorf("%s: %s renders with a gap: %q", where, note.ID, s)
									}
								}
								if w := playtest.SecondPerson(p); w != "" {
									t.Errorf("%s: %s speaks in the second person (%s): %q", where, note.ID, w, p)
								}
							}
						}
						seat := toAct[0]
						legal := m.Legal(seat)
						next, _, err := m.Apply(legal[r.IntN(len(legal))])
						if err != nil {
							t.Fatalf("%dp seed %d step %d: %v", n, seed, step, err)
						}
						m = next
					}
					if m.Result() != nil {
						testenv.Played(t, 1)
					}
				}
			}
			if played == 0 {
				t.Fatal("no move was played for a seat")
			}
			t.Logf("%d moves played for a seat, %d note ids", played, len(seen))
		})
	}
}

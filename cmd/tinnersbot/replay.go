package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// replaySummary is the final state printed by `tinnersbot replay`.
type replaySummary struct {
	Round   int           `json:"round"`
	Phase   string        `json:"phase"`
	Version int           `json:"version"`
	Seats   []seatSummary `json:"seats"`
	Winner  *string       `json:"winner"`
	Tie     string        `json:"tieBreak,omitempty"`
	// Wallace is Lord Wallace's points in a solo game (absent otherwise).
	Wallace *int `json:"lordWallace,omitempty"`
}

type seatSummary struct {
	Name   string `json:"name"`
	Money  int    `json:"money"`
	Points int    `json:"points"`
	Mines  int    `json:"mines"`
}

// runReplay replays a record and prints the final state as JSON.
func runReplay(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: tinnersbot replay FILE")
		return 2
	}
	b, err := os.ReadFile(args[0])
	if err != nil {
		fmt.Fprintln(stderr, "replay:", err)
		return 1
	}
	if g, err := engine.UnmarshalRecord(b); err == nil && g.TitleID() != tinners.ID {
		return replayTitle(g, stdout, stderr)
	}
	rec, err := tinners.UnmarshalRecord(b)
	if err != nil {
		fmt.Fprintln(stderr, "replay:", err)
		return 1
	}
	s, err := tinners.Replay(rec)
	if err != nil {
		fmt.Fprintln(stderr, "replay:", err)
		return 1
	}
	v := s.PublicView()
	out := replaySummary{Round: v.Round, Phase: v.Phase.String(), Version: v.Version}
	for i, sp := range v.Seats {
		out.Seats = append(out.Seats, seatSummary{Name: rec.Seats[i], Money: sp.Money, Points: sp.Points,
			Mines: v.Edition().MinesPerPlayer - sp.MinesLeft})
	}
	if v.Result != nil {
		w := rec.Seats[v.Result.Ranking[0]]
		if v.Solo != nil {
			// Solo: the player wins only with more points than Lord Wallace.
			pts := v.Result.Wallace
			out.Wallace = &pts
			if !v.Result.Won {
				w = "Lord Wallace"
			}
		}
		out.Winner, out.Tie = &w, v.Result.TieBreak
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		fmt.Fprintln(stderr, "replay:", err)
		return 1
	}
	return 0
}

// titleSummary is what `replay` prints for a title other than Tinners'
// Trail: where the game stands and, at the end, the ranking.
type titleSummary struct {
	Title   string         `json:"title"`
	Version int            `json:"version"`
	Over    bool           `json:"over"`
	ToAct   []string       `json:"toAct,omitempty"`
	Scores  map[string]int `json:"scores,omitempty"`
	Ranking []string       `json:"ranking,omitempty"`
	Winner  *string        `json:"winner"`
	Tie     string         `json:"tieBreak,omitempty"`
}

func replayTitle(rec *engine.Record, stdout, stderr io.Writer) int {
	t, err := titles().Get(rec.TitleID())
	if err != nil {
		fmt.Fprintln(stderr, "replay:", err)
		return 1
	}
	m, err := engine.Replay(t, rec, -1)
	if err != nil {
		fmt.Fprintln(stderr, "replay:", err)
		return 1
	}
	name := func(seat int) string {
		if seat >= 0 && seat < len(rec.Seats) {
			return rec.Seats[seat]
		}
		return fmt.Sprintf("Seat %d", seat+1)
	}
	out := titleSummary{Title: t.Meta().ID, Version: m.Version()}
	for _, s := range m.ToAct() {
		out.ToAct = append(out.ToAct, name(s))
	}
	if res := m.Result(); res != nil {
		out.Over, out.Scores = true, map[string]int{}
		out.Tie = i18n.Localizer(i18n.English).Message(res.TieBreakMessage, res.TieBreak)
		if len(rec.Seats) > 0 {
			out.Tie = engine.FormatLine(out.Tie, rec.Seats) // a tie-break may name the seat that won it
		}
		for s, sc := range res.Scores {
			out.Scores[name(s)] = sc
		}
		for _, s := range res.Ranking {
			out.Ranking = append(out.Ranking, name(s))
		}
		if len(res.Ranking) > 0 {
			w := name(res.Ranking[0])
			out.Winner = &w
		}
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		fmt.Fprintln(stderr, "replay:", err)
		return 1
	}
	return 0
}

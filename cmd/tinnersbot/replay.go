package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

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
			Mines: tinners.Standard.MinesPerPlayer - sp.MinesLeft})
	}
	if v.Result != nil {
		w := rec.Seats[v.Result.Ranking[0]]
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

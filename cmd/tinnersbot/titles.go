package main

import (
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// titles is every game this program hosts, in the order lobbies list them.
// Adding a title means adding it here.
func titles() *engine.Registry {
	return engine.NewRegistry(tinners.Title)
}

// invariants are the titles' own consistency checks, run by sim after
// every action.
var invariants = map[string]func(engine.Match) error{
	tinners.ID: func(m engine.Match) error { return tinners.CheckInvariants(tinners.StateOf(m)) },
}

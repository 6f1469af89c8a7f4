package kit

import (
	"fmt"
	"strings"
	"time"
)

// PlayerSettings are one member's settings in one server. The zero value
// is "nothing chosen": no quiet hours, the tables' own reminder intervals,
// turn notices by the channel ping only.
type PlayerSettings struct {
	// Zone is an IANA time-zone name ("Europe/Warsaw"); "" is UTC.
	Zone string `json:"zone,omitempty"`
	// Quiet are quiet hours in Zone; nil: none.
	Quiet *Quiet `json:"quiet,omitempty"`
	// Remind is the hours between reminders to them, 0 for each table's
	// own; a table keeps it within its bounds (personalEvery).
	Remind int `json:"remind,omitempty"`
	// DM asks for a direct message when it becomes their turn.
	DM bool `json:"dm,omitempty"`
}

// Location is p's time zone (UTC when unset or, for a name this build no
// longer knows, as a fallback).
func (p PlayerSettings) Location() *time.Location {
	if p.Zone == "" {
		return time.UTC
	}
	loc, err := LoadZone(p.Zone)
	if err != nil {
		return time.UTC
	}
	return loc
}

// LoadZone reads an IANA zone name; "Local" (the machine's zone, which
// means nothing to a player) and "" are refused.
func LoadZone(name string) (*time.Location, error) {
	if name == "" || strings.EqualFold(name, "local") {
		return nil, fmt.Errorf("no time zone %q", name)
	}
	return time.LoadLocation(name)
}

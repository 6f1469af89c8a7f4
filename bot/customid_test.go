package bot

import "github.com/tinnersbot/tinnersbot/engine/tinners"

// tok is the token of s at table t, as written in its IDs.
func tok(t Table, s *tinners.State) string {
	return Token{Ver: s.Version, Epoch: t.Notes.Epoch}.String()
}

// gid is "<game>:<tok>", the start of a Tinners' Trail turn ID.
func gid(t Table, s *tinners.State) string { return t.ID + ":" + tok(t, s) }

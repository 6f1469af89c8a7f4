package tinners

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/enginetest"
)

// BenchmarkPlayouts4p plays uniformly random 4-player games from setup to
// the end through Legal and the immutable Apply, as a search without the
// fast path would (actions/s is per core).
func BenchmarkPlayouts4p(b *testing.B) {
	enginetest.BenchPlayouts(b, enginetest.Start(b, Title, 4, "", 16), false)
}

// BenchmarkSimPlayouts4p plays the same games through the title's Sim,
// the search path.
func BenchmarkSimPlayouts4p(b *testing.B) {
	enginetest.BenchPlayouts(b, enginetest.Start(b, Title, 4, "", 16), true)
}

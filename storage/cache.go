package storage

import (
	"sync"

	"github.com/tinnersbot/tinnersbot/engine"
)

// stateCache keeps the latest committed state of recently used games, so
// Apply and Load need not decode the snapshot (JSON decoding is most of the
// CPU cost of an action).
//
// It is safe because a committed (game, Undone, Version) triple names
// exactly one state: within one count of undos versions only grow, Undo
// raises the count, and an entry is added only after the transaction that
// wrote (or read) that state has committed (or ended). Readers use an entry
// only if its undo count and version equal the header's, read inside their
// own transaction. (Version alone is not enough: after an undo the same
// version is reached again by other actions, and a reader that loaded the
// old state before the undo may put it into the cache after.) Matches are immutable, so the
// cache shares them freely.
type stateCache struct {
	mu  sync.Mutex
	m   map[string]cached
	max int
}

// cached is a state and the header's undo count it belongs to.
type cached struct {
	undone int
	st     engine.Match
}

// newerThan reports whether c is a later state of the game than (undone, version).
func (c cached) newerThan(undone, version int) bool {
	if c.undone != undone {
		return c.undone > undone
	}
	return c.st.Version() > version
}

// cacheGames is how many games' states the cache keeps.
const cacheGames = 256

func newStateCache(max int) *stateCache {
	return &stateCache{m: make(map[string]cached), max: max}
}

// get returns the cached state of game id if it is the one the header
// (undone, version) names, else nil. Matches are immutable; the result may be shared.
func (c *stateCache) get(id string, undone, version int) engine.Match {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[id]; ok && e.undone == undone && e.st.Version() == version {
		return e.st
	}
	return nil
}

// put remembers st as game id's state at the header's undo count
// undone, unless the same or a later state is known.
func (c *stateCache) put(id string, undone int, st engine.Match) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.m[id]; ok && !(cached{undone, st}).newerThan(old.undone, old.st.Version()) {
		return
	}
	if _, ok := c.m[id]; !ok && len(c.m) >= c.max {
		for k := range c.m { // evict an arbitrary game
			delete(c.m, k)
			break
		}
	}
	c.m[id] = cached{undone, st}
}

// clear forgets everything.
func (c *stateCache) clear() {
	c.mu.Lock()
	clear(c.m)
	c.mu.Unlock()
}

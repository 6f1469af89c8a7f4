package storage

import (
	"sync"

	"github.com/tinnersbot/tinnersbot/engine"
)

// stateCache keeps the latest committed state of recently used games, so
// Apply and Load need not decode the snapshot (JSON decoding is most of the
// CPU cost of an action).
//
// It is safe because a committed (game, version) pair names exactly one
// state: versions only grow, and an entry is added only after the
// transaction that wrote (or read) that version has committed (or ended).
// Readers use an entry only if its version equals the header's version read
// inside their own transaction. The cache owns its states: it stores clones
// and hands out clones, so a caller that mutates a returned state (which it
// should not) cannot corrupt it.
type stateCache struct {
	mu  sync.Mutex
	m   map[string]*engine.State
	max int
}

// cacheGames is how many games' states the cache keeps.
const cacheGames = 256

func newStateCache(max int) *stateCache {
	return &stateCache{m: make(map[string]*engine.State), max: max}
}

// get returns the cached state of game id if it is at version, else nil.
// The result is shared: pass it to engine.Apply (which does not mutate it)
// or clone it before handing it out.
func (c *stateCache) get(id string, version int) *engine.State {
	c.mu.Lock()
	defer c.mu.Unlock()
	if st := c.m[id]; st != nil && st.Version == version {
		return st
	}
	return nil
}

// put remembers a copy of st as game id's state unless a newer one is known.
func (c *stateCache) put(id string, st *engine.State) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.m[id]; old != nil && old.Version >= st.Version {
		return
	}
	if _, ok := c.m[id]; !ok && len(c.m) >= c.max {
		for k := range c.m { // evict an arbitrary game
			delete(c.m, k)
			break
		}
	}
	c.m[id] = st.Clone()
}

// clear forgets everything.
func (c *stateCache) clear() {
	c.mu.Lock()
	clear(c.m)
	c.mu.Unlock()
}

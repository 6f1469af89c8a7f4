package rating

// Seat is one seat of a finished game as the ledger sees it: the person
// who held it at the end and the place the game gave it (1 = first; seats
// with the same place drew). A seat with Player "" or Unrated set (an
// automated opponent, a bot player) takes no part in the rating.
type Seat struct {
	Player  string
	Place   int
	Unrated bool
}

// Game is one finished game: the key its ratings are kept under (a
// title's id) and its seats.
type Game struct {
	Key   string
	Seats []Seat
}

// Entry is one player's rating under one key, and how many rated games
// made it.
type Entry struct {
	Rating
	Games int
}

// Ledger holds ratings by key and player. The zero value is not ready:
// use NewLedger.
type Ledger struct {
	tau  float64
	byID map[string]map[string]Entry
}

// NewLedger is an empty ledger with Glicko-2 constant tau.
func NewLedger(tau float64) *Ledger {
	return &Ledger{tau: tau, byID: map[string]map[string]Entry{}}
}

// Pairs are the pairwise results of g for each rated player, keyed by
// player: against every other rated seat held by another player, 1 for a
// better place, 0.5 for the same place (a shared win), 0 for a worse one,
// with the opponents' ratings before the game. A game with fewer than two
// rated players has none (a solo game, a game against bots only).
func (l *Ledger) pairs(g Game) map[string][]Result {
	var rated []Seat
	for _, s := range g.Seats {
		if s.Player != "" && !s.Unrated {
			rated = append(rated, s)
		}
	}
	out := map[string][]Result{}
	for i, a := range rated {
		for j, b := range rated {
			if i == j || a.Player == b.Player {
				continue
			}
			score := 0.5
			switch {
			case a.Place < b.Place:
				score = 1
			case a.Place > b.Place:
				score = 0
			}
			out[a.Player] = append(out[a.Player], Result{Opponent: l.Get(g.Key, b.Player).Rating, Score: score})
		}
	}
	return out
}

// Add rates g: each rated player's rating is updated once, with all their
// pairwise results as one Glicko-2 rating period, every opponent counted
// at their rating from before g. It reports whether g was rated.
func (l *Ledger) Add(g Game) bool {
	ps := l.pairs(g)
	if len(ps) == 0 {
		return false
	}
	next := map[string]Entry{}
	for p, rs := range ps {
		e := l.Get(g.Key, p)
		next[p] = Entry{Rating: Update(e.Rating, rs, l.tau), Games: e.Games + 1}
	}
	m := l.byID[g.Key]
	if m == nil {
		m = map[string]Entry{}
		l.byID[g.Key] = m
	}
	for p, e := range next {
		m[p] = e
	}
	return true
}

// Get is player's entry under key: a new rating and no games when they
// have none.
func (l *Ledger) Get(key, player string) Entry {
	if e, ok := l.byID[key][player]; ok {
		return e
	}
	return Entry{Rating: New()}
}

// Has reports whether player has a rated game under key.
func (l *Ledger) Has(key, player string) bool {
	_, ok := l.byID[key][player]
	return ok
}

// Players lists the rated players under key with their entries.
func (l *Ledger) Players(key string) map[string]Entry { return l.byID[key] }

// Keys lists the keys that have rated games.
func (l *Ledger) Keys() []string {
	var out []string
	for k := range l.byID {
		out = append(out, k)
	}
	return out
}

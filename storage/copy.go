package storage

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	bolt "go.etcd.io/bbolt"

	"github.com/tinnersbot/tinnersbot/engine"
)

// CopyResult is what CopyTo did.
type CopyResult struct {
	Games   int       // copied, each replayed to its header's version first
	Posts   int       // owed posts copied
	Players int       // player settings copied (one per guild and member)
	Skipped []Problem // games not copied: damaged, or of an edition this build does not play
}

// CopyTo copies every game of s into dst under the same id (the ids ride
// in the buttons of posted boards): header, log and a snapshot made by
// replaying the log, which is how each game is verified on the way; and
// every owed post. A game that does not replay is not copied but listed
// in Skipped (tinnersbot check and Salvage deal with it on the source).
// dst should be empty: a game whose id or channel is already taken there
// fails the copy. It is `tinnersbot migrate` (BoltDB → PostgreSQL).
func (s *Store) CopyTo(ctx context.Context, dst *Store) (CopyResult, error) {
	var res CopyResult
	hs, err := s.Games(ctx, nil)
	if err != nil {
		return res, err
	}
	// Games skips a damaged header; Verify lists it.
	if _, probs, err := s.Verify(ctx); err == nil {
		for _, p := range probs {
			var d *DamagedError
			if errors.As(p.Err, &d) && d.Part == "header" {
				res.Skipped = append(res.Skipped, p)
			}
		}
	}
	for _, h := range hs {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		var (
			actions []string
			st      engine.Match
		)
		if r, err := s.Record(ctx, h.ID); err == nil {
			actions = r.Actions
			if st, err = s.replayChecked(&h, actions); err != nil {
				res.Skipped = append(res.Skipped, Problem{GameID: h.ID, Err: err})
				continue
			}
		} else if !errors.Is(err, ErrWrongStatus) {
			res.Skipped = append(res.Skipped, Problem{GameID: h.ID, Err: err})
			continue
		}
		h := h.Clone()
		if err := dst.insertGame(ctx, &h, actions, st); err != nil {
			return res, fmt.Errorf("storage: copy game %s: %w", h.ID, err)
		}
		res.Games++
	}
	posts, err := s.PendingPosts(ctx)
	for _, o := range posts {
		if err := dst.putPost(ctx, o); err != nil {
			return res, fmt.Errorf("storage: copy the post owed by %s: %w", o.GameID, err)
		}
		res.Posts++
	}
	if err != nil {
		return res, err
	}
	guilds, err := s.playerGuilds(ctx)
	for _, g := range guilds {
		all, err := s.PlayerSettingsOf(ctx, g)
		if err != nil {
			return res, err
		}
		for u, blob := range all {
			if err := dst.PutPlayerSettings(ctx, g, u, blob); err != nil {
				return res, fmt.Errorf("storage: copy the settings of %s in %s: %w", u, g, err)
			}
			res.Players++
		}
	}
	return res, err
}

// insertGame stores a whole game under h.ID, which must be free.
func (s *Store) insertGame(ctx context.Context, h *Header, actions []string, st engine.Match) error {
	if h.ID == "" {
		return errors.New("storage: insertGame needs an id")
	}
	if s.pg != nil {
		return s.pgInsertGame(ctx, h, actions, st)
	}
	return s.db.Update(func(tx *bolt.Tx) error { return insertGameTx(tx, h, actions, st) })
}

// insertGameTx is insertGame inside a BoltDB write transaction.
func insertGameTx(tx *bolt.Tx, h *Header, actions []string, st engine.Match) error {
	games := tx.Bucket(bucketGames)
	if games.Bucket([]byte(h.ID)) != nil {
		return fmt.Errorf("storage: game %s exists already", h.ID)
	}
	if h.Status.holdsChannel() {
		if err := checkChannelFree(tx, h.ChannelID); err != nil {
			return err
		}
	}
	gb, err := games.CreateBucket([]byte(h.ID))
	if err != nil {
		return err
	}
	if st != nil {
		lb, err := gb.CreateBucket(keyLog)
		if err != nil {
			return err
		}
		for i, a := range actions {
			if err := putChecked(lb, u64(uint64(i+1)), []byte(a)); err != nil {
				return err
			}
		}
		if err := lb.SetSequence(uint64(len(actions))); err != nil {
			return err
		}
		if err := putSnapshot(gb, st); err != nil {
			return err
		}
	}
	if h.Status.holdsChannel() {
		if err := tx.Bucket(bucketChannels).Put([]byte(h.ChannelID), []byte(h.ID)); err != nil {
			return err
		}
	}
	return writeHeader(tx, gb, nil, h)
}

// putPost stores an owed post as it is.
func (s *Store) putPost(ctx context.Context, o Outbox) error {
	if s.pg != nil {
		return s.pgTx(ctx, func(tx pgx.Tx) error {
			return pgRunOutbox(ctx, tx, o.GameID, func(*Outbox) (*Outbox, error) { return &o, nil })
		})
	}
	return s.db.Update(func(tx *bolt.Tx) error {
		return runOutbox(tx, o.GameID, func(*Outbox) (*Outbox, error) { return &o, nil })
	})
}

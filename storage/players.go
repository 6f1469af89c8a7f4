package storage

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	bolt "go.etcd.io/bbolt"
)

// Player settings: what one member of one server (guild) chose for every
// table of theirs there (quiet hours, reminders, notices). Storage keeps
// them as an opaque blob the bot owns, like a header's Notes, one record
// per guild and user, sealed with its checksum like every other record.
//
// The whole contract, for any backend:
//
//	PlayerSettings(ctx, guildID, userID) (blob []byte, err error)  // nil, nil: none stored
//	PutPlayerSettings(ctx, guildID, userID, blob []byte) error     // nil or empty blob: delete
//	PlayerSettingsOf(ctx, guildID) (map[userID]blob, error)        // every member's in a guild
//
// Layout on BoltDB: bucket "players" → one bucket per guild id → user id →
// sealed blob; on PostgreSQL, the player_settings table (guild_id,
// user_id, sealed blob). The buckets are made by the first write, so a file written
// before them needs no migration (reads find nothing), and a read-only
// store reads it as it is.

var bucketPlayers = []byte("players")

// ErrNoGuild: a player record needs a guild id and a user id.
var ErrNoGuild = errors.New("storage: player settings need a guild id and a user id")

// ErrPlayerDamaged: a player record's checksum does not match its bytes
// (the caller goes on as if none were stored, and says so in its log).
var ErrPlayerDamaged = errors.New("storage: player settings damaged")

// PlayerSettings returns the settings blob stored for userID in guildID,
// a copy; nil (and no error) when there is none. Errors: ErrNoGuild, and
// ErrPlayerDamaged (wrapped) when the record's checksum does not match.
func (s *Store) PlayerSettings(ctx context.Context, guildID, userID string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if guildID == "" || userID == "" {
		return nil, ErrNoGuild
	}
	if s.pg != nil {
		var v []byte
		err := s.pg.pool.QueryRow(ctx, `SELECT blob FROM player_settings WHERE guild_id = $1 AND user_id = $2`, guildID, userID).Scan(&v)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		p, err := unseal(v)
		if err != nil {
			return nil, playerDamaged(guildID, userID, err)
		}
		return p, nil
	}
	var out []byte
	err := s.db.View(func(tx *bolt.Tx) error {
		gb := guildPlayers(tx, guildID)
		if gb == nil {
			return nil
		}
		p, err := getChecked(gb, []byte(userID))
		if err != nil {
			return playerDamaged(guildID, userID, err)
		}
		out = p
		return nil
	})
	return out, err
}

// PutPlayerSettings stores blob as userID's settings in guildID, replacing
// what was there; a nil or empty blob deletes them. Errors: ErrNoGuild,
// and the database's.
func (s *Store) PutPlayerSettings(ctx context.Context, guildID, userID string, blob []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if guildID == "" || userID == "" {
		return ErrNoGuild
	}
	if s.pg != nil {
		if len(blob) == 0 {
			_, err := s.pg.pool.Exec(ctx, `DELETE FROM player_settings WHERE guild_id = $1 AND user_id = $2`, guildID, userID)
			return err
		}
		_, err := s.pg.pool.Exec(ctx, `INSERT INTO player_settings (guild_id, user_id, blob) VALUES ($1, $2, $3)
			ON CONFLICT (guild_id, user_id) DO UPDATE SET blob = excluded.blob`, guildID, userID, seal(blob))
		return err
	}
	return s.db.Update(func(tx *bolt.Tx) error {
		if len(blob) == 0 {
			if gb := guildPlayers(tx, guildID); gb != nil {
				return gb.Delete([]byte(userID))
			}
			return nil
		}
		pb, err := tx.CreateBucketIfNotExists(bucketPlayers)
		if err != nil {
			return err
		}
		gb, err := pb.CreateBucketIfNotExists([]byte(guildID))
		if err != nil {
			return err
		}
		return putChecked(gb, []byte(userID), blob)
	})
}

// PlayerSettingsOf returns every settings blob stored in guildID, by user
// id (copies; an empty map when there are none). A damaged record is
// left out and logged, so one bad record does not hide the others.
func (s *Store) PlayerSettingsOf(ctx context.Context, guildID string) (map[string][]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	if s.pg != nil {
		rows, err := s.pg.pool.Query(ctx, `SELECT user_id, blob FROM player_settings WHERE guild_id = $1`, guildID)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				u string
				v []byte
			)
			if err := rows.Scan(&u, &v); err != nil {
				return nil, err
			}
			p, err := unseal(v)
			if err != nil {
				s.log.Error("storage: skipping damaged player settings", "err", playerDamaged(guildID, u, err))
				continue
			}
			out[u] = p
		}
		return out, rows.Err()
	}
	err := s.db.View(func(tx *bolt.Tx) error {
		gb := guildPlayers(tx, guildID)
		if gb == nil {
			return nil
		}
		return gb.ForEach(func(k, _ []byte) error {
			p, err := getChecked(gb, k)
			if err != nil {
				s.log.Error("storage: skipping damaged player settings", "err", playerDamaged(guildID, string(k), err))
				return nil
			}
			out[string(k)] = p
			return nil
		})
	})
	return out, err
}

func guildPlayers(tx *bolt.Tx, guildID string) *bolt.Bucket {
	pb := tx.Bucket(bucketPlayers)
	if pb == nil {
		return nil
	}
	return pb.Bucket([]byte(guildID))
}

func playerDamaged(guildID, userID string, err error) error {
	return fmt.Errorf("%w: guild %s, user %s: %v", ErrPlayerDamaged, guildID, userID, err)
}

// playerGuilds lists the guilds with stored player settings (for CopyTo).
func (s *Store) playerGuilds(ctx context.Context) ([]string, error) {
	var out []string
	if s.pg != nil {
		rows, err := s.pg.pool.Query(ctx, `SELECT DISTINCT guild_id FROM player_settings ORDER BY guild_id`)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		for rows.Next() {
			var g string
			if err := rows.Scan(&g); err != nil {
				return nil, err
			}
			out = append(out, g)
		}
		return out, rows.Err()
	}
	err := s.db.View(func(tx *bolt.Tx) error {
		pb := tx.Bucket(bucketPlayers)
		if pb == nil {
			return nil
		}
		return pb.ForEachBucket(func(k []byte) error {
			out = append(out, string(k))
			return nil
		})
	})
	return out, err
}

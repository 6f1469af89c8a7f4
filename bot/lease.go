package bot

// Background work across processes. Several bot processes may share one
// PostgreSQL database (HTTP mode behind a load balancer); each runs the
// same loops — the reminder tick (reminders, deadlines, default moves) and
// the outbox sender (hand-off posts) — over the same rows. Each piece of
// that work is done under a lease in the database (storage's
// Store.Claim/Release, table leases): kind says what (leaseRemind,
// leaseOutbox), key which table, owner which process (Config.Owner). A
// process that cannot take the lease skips the work: another is doing it.
// A process that dies mid-way keeps the lease until it expires
// (Config.LeaseTTL), then the next tick of any other process takes the
// work over: the due reminder is still due in the table's row, the owed
// post still in the outbox. underLease is the one way every loop takes
// its leases (docs/scale.md).
//
// On BoltDB (one process: bbolt locks its file) and on a Store that is not
// package storage's (tests), a lease is trivially held: no database write.

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"time"

	"github.com/tinnersbot/tinnersbot/storage"
)

// Lease kinds: the background work one process at a time may do, keyed
// by table ID.
const (
	leaseRemind = "remind" // a table's due reminder, deadline, default move
	leaseOutbox = "outbox" // a table's owed post
)

// defaultLeaseTTL is how long a lease lasts unless renewed.
const defaultLeaseTTL = time.Minute

// leaser is what leases need of the store.
type leaser interface {
	Claim(ctx context.Context, kind, key, owner string, until time.Time) (bool, error)
	Release(ctx context.Context, kind, key, owner string) (bool, error)
}

// leases returns the store's leases when several processes may share it
// (PostgreSQL), else nil: every lease is trivially held.
func (m *Main) leases() leaser {
	if s := storageOf(m.store); s != nil && storage.IsURL(s.Path()) {
		return s
	}
	return nil
}

// newOwner names this process: host, process id and a random suffix (two
// Mains in one process, as in tests, differ).
func newOwner() string {
	host, _ := os.Hostname()
	var b [4]byte
	rand.Read(b[:])
	return fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b[:]))
}

// underLease runs fn while this process holds the lease (kind, key), and
// reports whether it ran: false (and no error) when another process holds
// it. The lease is renewed every third of its TTL while fn runs, and
// released afterwards — unless ctx was cancelled meanwhile: a process cut
// off mid-way does not know how far it got, so the lease is left to expire
// and the work to whoever takes it then, as after a crash.
func (m *Main) underLease(ctx context.Context, kind, key string, fn func(ctx context.Context) error) (ran bool, err error) {
	l := m.leases()
	if l == nil {
		return true, fn(ctx)
	}
	ttl := m.cfg.LeaseTTL
	ok, err := l.Claim(ctx, kind, key, m.cfg.Owner, m.cfg.Now().Add(ttl))
	if err != nil || !ok {
		return false, err
	}
	stop := make(chan struct{})
	renewed := make(chan struct{})
	go func() {
		defer close(renewed)
		t := time.NewTicker(ttl / 3)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				if ok, err := l.Claim(ctx, kind, key, m.cfg.Owner, m.cfg.Now().Add(ttl)); err != nil || !ok {
					m.log.Warn("lease lost while working", "kind", kind, "key", key, "err", err)
				}
			}
		}
	}()
	err = fn(ctx)
	close(stop)
	<-renewed
	if ctx.Err() == nil {
		if _, rerr := l.Release(ctx, kind, key, m.cfg.Owner); rerr != nil {
			m.log.Warn("release lease", "kind", kind, "key", key, "err", rerr)
		}
	}
	return true, err
}

package storage

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"github.com/tinnersbot/tinnersbot/storage/pgtest"
)

// testURL, when set, makes openTest open a fresh PostgreSQL database
// instead of a BoltDB file: TestPostgres runs the storage suite that way.
var testURL func(testing.TB) string

// conformance is the storage suite both backends must pass: every test
// here reaches the database only through the Store (and the backend
// neutral helpers of rawhelpers_test.go). They run on BoltDB as ordinary
// tests, and on PostgreSQL under TestPostgres.
//
// small marks the tests TestPostgres runs outside the full pass too
// (under -race): those where goroutines and two Stores meet. The full pass
// runs them all.
var conformance = []struct {
	name  string
	fn    func(*testing.T)
	small bool
}{
	{"LobbyLifecycle", TestLobbyLifecycle, true},
	{"PlayWholeGame", TestPlayWholeGame, false},
	{"ApplyErrorsChangeNothing", TestApplyErrorsChangeNothing, false},
	{"ConcurrentSameAction", TestConcurrentSameAction, true},
	{"Reminders", TestReminders, false},
	{"ExportImport", TestExportImport, false},
	{"IDs", TestIDs, false},
	{"Undo", TestUndo, false},
	{"UndoCacheTimeline", TestUndoCacheTimeline, false},
	{"UndoRefusedAfterReveal", TestUndoRefusedAfterReveal, false},
	{"UndoNeedsARunningGame", TestUndoNeedsARunningGame, false},
	{"OutboxSameTransaction", TestOutboxSameTransaction, false},
	{"ApplyBatchIsAllOrNothing", TestApplyBatchIsAllOrNothing, false},
	{"ApplyBatchFollowUpsAndHeader", TestApplyBatchFollowUpsAndHeader, false},
	{"ConcurrentBatches", TestConcurrentBatches, true},
	{"HeaderNotes", TestHeaderNotes, false},
	{"SeatAndChannelIndexes", TestSeatAndChannelIndexes, true},
	{"Leases", TestLeases, true},
	{"TwoStoresOneDatabase", TestTwoStoresOneDatabase, true},
	{"ReadsDuringMoves", TestReadsDuringMoves, true},
	{"PostgresSchemaMigrations", TestPostgresSchemaMigrations, true},
	{"BackupOfPostgresSaysPgDump", TestBackupOfPostgresSaysPgDump, true},
	{"DamagedRecordsPostgres", TestDamagedRecordsPostgres, true},
	{"PlayerSettingsRoundTrip", TestPlayerSettingsRoundTrip, true},
}

// TestPostgres runs the conformance suite on PostgreSQL (a throwaway
// cluster, pgtest; skipped with a message where PostgreSQL is not
// installed, unless TINNERS_REQUIRE_POSTGRES=1).
func TestPostgres(t *testing.T) {
	pgtest.Shared(t)
	testURL = pgtest.URL
	defer func() { testURL = nil }()
	for _, c := range conformance {
		if !testenv.Pick(t, c.small) {
			continue
		}
		t.Run(c.name, c.fn)
	}
}

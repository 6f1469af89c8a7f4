package storage

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/storage/pgtest"
)

// testURL, when set, makes openTest open a fresh PostgreSQL database
// instead of a BoltDB file: TestPostgres runs the storage suite that way.
var testURL func(testing.TB) string

// conformance is the storage suite both backends must pass: every test
// here reaches the database only through the Store (and the backend
// neutral helpers of rawhelpers_test.go). They run on BoltDB as ordinary
// tests, and on PostgreSQL under TestPostgres.
var conformance = []struct {
	name string
	fn   func(*testing.T)
}{
	{"LobbyLifecycle", TestLobbyLifecycle},
	{"PlayWholeGame", TestPlayWholeGame},
	{"ApplyErrorsChangeNothing", TestApplyErrorsChangeNothing},
	{"ConcurrentSameAction", TestConcurrentSameAction},
	{"Reminders", TestReminders},
	{"ExportImport", TestExportImport},
	{"IDs", TestIDs},
	{"Undo", TestUndo},
	{"UndoCacheTimeline", TestUndoCacheTimeline},
	{"UndoRefusedAfterReveal", TestUndoRefusedAfterReveal},
	{"UndoNeedsARunningGame", TestUndoNeedsARunningGame},
	{"OutboxSameTransaction", TestOutboxSameTransaction},
	{"ApplyBatchIsAllOrNothing", TestApplyBatchIsAllOrNothing},
	{"ApplyBatchFollowUpsAndHeader", TestApplyBatchFollowUpsAndHeader},
	{"ConcurrentBatches", TestConcurrentBatches},
	{"HeaderNotes", TestHeaderNotes},
	{"SeatAndChannelIndexes", TestSeatAndChannelIndexes},
	{"Leases", TestLeases},
	{"TwoStoresOneDatabase", TestTwoStoresOneDatabase},
	{"PostgresSchemaMigrations", TestPostgresSchemaMigrations},
	{"BackupOfPostgresSaysPgDump", TestBackupOfPostgresSaysPgDump},
	{"DamagedRecordsPostgres", TestDamagedRecordsPostgres},
}

// TestPostgres runs the conformance suite on PostgreSQL (a throwaway
// cluster, pgtest; skipped with a message where PostgreSQL is not
// installed, unless TINNERS_REQUIRE_POSTGRES=1).
func TestPostgres(t *testing.T) {
	pgtest.Shared(t)
	testURL = pgtest.URL
	defer func() { testURL = nil }()
	for _, c := range conformance {
		t.Run(c.name, c.fn)
	}
}

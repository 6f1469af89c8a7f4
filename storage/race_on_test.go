//go:build race

package storage

// raceOn: under -race TestPostgres runs the concurrency part of the
// conformance suite on PostgreSQL; .ci/run's race-free pass runs all of it.
const raceOn = true

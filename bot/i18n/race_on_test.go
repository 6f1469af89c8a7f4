//go:build race

package i18n

// raceOn: the race detector slows whole random games about sixfold; the
// catalogue tests play one seed under -race, and .ci/run's race-free pass
// plays every seed (with the "every message met" checks that need them).
const raceOn = true

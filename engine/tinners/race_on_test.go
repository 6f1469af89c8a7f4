//go:build race

package tinners

// raceOn: the race detector slows whole games about sixfold; the
// conformance suite plays one seed under -race, and .ci/run's race-free
// pass plays every seed.
const raceOn = true

//go:build race

package bot

// raceOn: the race detector slows the engine and the UI builders about
// sixfold; the widest property tests sample fewer games under -race (.ci/run
// runs them in full without it).
const raceOn = true

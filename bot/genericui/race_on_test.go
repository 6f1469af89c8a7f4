//go:build race

package genericui

// raceOn: the race detector slows the engine and the menu builders about
// sixfold; the menus suite samples fewer games under -race (.ci/run runs
// it in full without it).
const raceOn = true

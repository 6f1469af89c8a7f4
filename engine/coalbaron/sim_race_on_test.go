//go:build race

package coalbaron

// simRace: under the race detector TestSimEqualsApply plays one game;
// the race-free pass plays them all.
const simRace = true

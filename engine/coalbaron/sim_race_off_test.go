//go:build !race

package coalbaron

const simRace = false

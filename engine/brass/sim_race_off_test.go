//go:build !race

package brass

const simRace = false

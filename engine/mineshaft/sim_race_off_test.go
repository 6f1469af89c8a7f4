//go:build !race

package mineshaft

const simRace = false

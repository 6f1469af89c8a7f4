//go:build race

package autoplay_test

const raceOn = true

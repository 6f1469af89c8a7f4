//go:build !race

package i18n

const raceOn = false

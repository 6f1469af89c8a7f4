// Package ttui is Tinners' Trail's own UI: its bid box and standing
// orders, pumps, the draft, investing, its board text and pictures, past
// boards and the log by round, and the solo game against Lord Wallace.
//
// It speaks the kit (bot/kit) and its own title (engine/tinners,
// imaging/tinners), never the core; the program gives it to the bot as
// TinnersTrailUI (cmd/tinnersbot/titles.go).
package ttui

// Package genericui is the UI every title without its own is played
// through: private menus built from the engine's labels (levels, pages,
// pick-several), marked step pictures, boards, past boards and the log by
// round, default moves and score details, all from the engine's contract
// and the title's imaging.Renderer.
//
// It speaks the kit (bot/kit) and the contract only; the program gives it
// to the bot as UI (Config.Generic).
package genericui

// Package kit is what every UI of the bot speaks, and what the core and
// the UIs share: the table and its notes, the Store interface, response
// values, custom IDs and their routes, locale and text helpers, the
// contract helpers both UIs use, the TitleUI and TurnUI interfaces a UI
// implements, and Host, what the bot offers a UI.
//
// It imports no part of the bot but its catalogue (bot/i18n), so a UI that
// imports it reaches nothing of the core's internals (TestHouseRules).
package kit

package kit

import (
	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

// Dm is one turn notice to send.
type Dm struct {
	UserID  string
	TableID string
	Ask     string // the public ask line for the seat, e.g. "your bid in A4 …"
	Game    string // the title's name
}

// RecipientLoc is the language of a private message to uid about table
// t: their Discord's language as last seen at the table (Settings.Langs),
// else the table's.
func RecipientLoc(t Table, uid string) *i18n.Loc {
	if lang, ok := t.Notes.Settings.Langs[uid]; ok {
		return i18n.Localizer(lang)
	}
	return TableLoc(t)
}

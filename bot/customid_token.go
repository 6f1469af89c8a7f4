package bot

import "github.com/tinnersbot/tinnersbot/bot/kit"

// TokenReader returns a function that tells the table and the token (the
// game's version and undo epoch) a custom ID carries, for a kind of the
// core or of uis (the generic UI among them) that has one; ok is false for any other ID. The load
// test (bot/playtest) reads the versions the bot showed with it.
func TokenReader(uis ...kit.UI) func(customID string) (game string, tok kit.Token, ok bool) {
	parts := []map[string]kit.Route{coreRoutes()}
	for _, u := range uis {
		parts = append(parts, u.Routes)
	}
	rt, err := kit.NewRoutes(parts...)
	return func(s string) (string, kit.Token, bool) {
		if err != nil {
			return "", kit.Token{}, false
		}
		id, perr := rt.Parse(s)
		if perr != nil || !rt[id.Kind].Tok {
			return "", kit.Token{}, false
		}
		return id.Game, id.Tok, true
	}
}

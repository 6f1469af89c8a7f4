package bot

// TokenReader returns a function that tells the table and the token (the
// game's version and undo epoch) a custom ID carries, for a kind of the
// core or of uis that has one; ok is false for any other ID. The load
// test (bot/playtest) reads the versions the bot showed with it.
func TokenReader(uis ...UI) func(customID string) (game string, tok Token, ok bool) {
	parts := []map[string]route{coreRoutes()}
	for _, u := range uis {
		parts = append(parts, u.routes)
	}
	rt, err := newRoutes(parts...)
	return func(s string) (string, Token, bool) {
		if err != nil {
			return "", Token{}, false
		}
		id, perr := rt.parse(s)
		if perr != nil || !rt[id.Kind].tok {
			return "", Token{}, false
		}
		return id.Game, id.Tok, true
	}
}

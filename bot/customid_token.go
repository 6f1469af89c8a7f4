package bot

// TokenOf returns the table and the token (the game's version and undo
// epoch) that custom ID s carries, for a kind of the core or of uis that
// has one; ok is false for any other ID. The load test (bot/playtest)
// reads the versions the bot showed with it.
func TokenOf(s string, uis ...UI) (game string, tok Token, ok bool) {
	parts := []map[string]route{coreRoutes()}
	for _, u := range uis {
		parts = append(parts, u.routes)
	}
	rt, err := newRoutes(parts...)
	if err != nil {
		return "", Token{}, false
	}
	id, err := rt.parse(s)
	if err != nil || !rt[id.Kind].tok {
		return "", Token{}, false
	}
	return id.Game, id.Tok, true
}

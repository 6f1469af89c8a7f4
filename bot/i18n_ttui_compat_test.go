package bot

import (
	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// The builders take the language they render in (boardTextIn, nextStepIn,
// …). The tests written before that call them without one; these give
// them the table's language, which is English at their tables, and lets
// a test at a Polish table reuse them (TestComponentsFitDiscordInPolish).

func boardText(t Table, v tinners.PublicView, account []string) string {
	return boardTextIn(tableLoc(t), t, v, account)
}

func boardComponents(t Table, s *tinners.State) []discordgo.MessageComponent {
	return boardComponentsIn(tableLoc(t), t, s)
}

func turnComponents(t Table, s *tinners.State, seat int) []discordgo.MessageComponent {
	return turnComponentsIn(tableLoc(t), t, s, seat)
}

func nextStep(t Table, s *tinners.State, seat int) *message {
	return nextStepIn(tableLoc(t), t, s, seat)
}

func stepMessage(t Table, s *tinners.State, seat int, step string) (*message, bool) {
	return stepMessageIn(tableLoc(t), t, s, seat, step)
}

func tileWords(t tinners.Tile) string { return tileWordsIn(english(), t) }

func rulesText() string { return rulesTextIn(english()) }

func difficultyLabel(key string) string { return difficultyLabelIn(english(), key) }

package bot

import (
	"encoding/json"

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

// seatRef names a seat by colour and mentions its player, e.g.
// "orange (<@1>)", in the table's language.
func seatRef(t Table, k int) string { return seatRefIn(tableLoc(t), t, nil, k) }

// seatNames are the names used in account lines: colour and display
// name, no pings, in the table's language.
func seatNames(t Table) []string { return seatNamesIn(tableLoc(t), t, nil) }

// seatRefShort is "**orange (O)** <@1>", in the table's language.
func seatRefShort(t Table, k int) string { return seatRefShortIn(tableLoc(t), t, nil, k) }

// ttOpts is a Tinners' Trail table's options as the table keeps them.
func ttOpts(o tinners.Options) json.RawMessage {
	b, err := json.Marshal(o)
	if err != nil {
		panic(err)
	}
	return b
}
